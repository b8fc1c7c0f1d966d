"""The browsers this process knows: each one's session row and display settings, kept
between requests so that a tap of a known browser reads neither (issue 27).

Every page of a known browser needs its ``browser_session`` row (``SessionDep``) and its
display settings (``DisplayDep``, ``app.web.deps``). Read from the database they cost a
statement, two ORM objects and a trip to the thread pool on every request, about a tenth
of a tap. They change seldom: a new browser, the hourly touch of ``last_seen``, a change on
the Settings page, a device link, the purge, a row set aside. So :class:`KnownBrowsers`
keeps what was read, and forgets it as soon as anything else could have changed it:

* every statement of this process that writes ``browser_session``, ``browser_token``
  (a token revoked) or ``display_prefs`` (judged by the table it writes,
  :func:`writes_browsers`: a hand's end, which marks its players' statistics out of date
  with ``INSERT INTO browser_stats … SELECT … FROM browser_session``, writes none)
  starts a new *generation* when it runs, when its transaction ends (commit or rollback)
  and once more when its connection goes back to the pool (after the database's own
  commit, which SQLAlchemy's commit event precedes); an entry is only good in the
  generation it was read in, and a read that began before a generation changed is not kept
  (it may have seen the old rows). Adding a browser (``INSERT INTO browser_session``)
  changes no one else's rows and starts none, nor does a new token (``INSERT INTO
  browser_token``); the hourly touch of one browser (an ``UPDATE`` of its
  ``last_seen`` alone, marked with :func:`touching`) drops that browser's entry only
  (:meth:`KnownBrowsers.drop`);
* so the cache is right only when this process is the database's only writer: the app
  keeps one (:func:`for_settings`) for a SQLite file served by one worker
  (``WORKERS=1``), and none with several workers, with PostgreSQL (where other
  instances may share the database) or with ``BROWSER_CACHE=false`` (another program
  writes the database).

Entries are shared by the requests of one browser: the rows are never added to a database
session again (``app.web.deps`` reads a row afresh before it writes it). At most
:data:`MAX_BROWSERS` are kept, the least recently used dropped first.
"""

import re
import threading
from collections import OrderedDict
from typing import Any, NamedTuple

from sqlalchemy import Engine, event
from sqlalchemy.engine import Connection

from app.core.config import Settings
from app.core.db import is_write
from app.core.models import BrowserSession
from app.web.display import Display

MAX_BROWSERS = 20_000
"""Browsers kept at most per process (a few hundred bytes each)."""

_TABLES = ("browser_session", "browser_token", "display_prefs")
_TARGET = re.compile(
    r'\s*(?:insert(?:\s+or\s+\w+)?\s+into|replace\s+into|update(?:\s+or\s+\w+)?|'
    r'delete\s+from)\s+"?(\w+)"?[\s(]', re.IGNORECASE)
"""The table a plain ``INSERT INTO``, ``UPDATE`` or ``DELETE FROM`` writes (its first name)."""
_TOUCHES_KEY = "gin_writes_browsers"
"""Key in ``Connection.info``: the transaction wrote one of :data:`_TABLES`."""
_TOUCHING_KEY = "gin_touching_browser"
"""Key in ``Connection.info``: the transaction is the hourly touch (:func:`touching`)."""


class Known(NamedTuple):
    """One browser as read: its session row (detached, read-only) and its settings."""

    row: BrowserSession
    display: Display


class KnownBrowsers:
    """The browsers this process knows (module docstring), by the hash of their
    cookie's token (``app.web.sessions.token_hash``; each device of a history has its
    own).

    Thread-safe: requests run in the thread pool.
    """

    def __init__(self, size: int = MAX_BROWSERS) -> None:
        self._size = size
        self._entries: OrderedDict[str, tuple[int, Known]] = OrderedDict()
        self._generation = 0
        self._lock = threading.Lock()

    @property
    def generation(self) -> int:
        """Take it before reading the rows; :meth:`keep` them with it."""
        return self._generation

    def get(self, key: str) -> Known | None:
        """The browser as last read, if nothing could have changed it since."""
        with self._lock:
            entry = self._entries.get(key)
            if entry is None or entry[0] != self._generation:
                return None
            self._entries.move_to_end(key)
            return entry[1]

    def keep(self, key: str, generation: int, known: Known) -> None:
        """Keep ``known``, read from a transaction that began in ``generation``, unless
        a write started another generation since."""
        with self._lock:
            if generation != self._generation:
                return
            self._entries[key] = (generation, known)
            self._entries.move_to_end(key)
            while len(self._entries) > self._size:
                self._entries.popitem(last=False)

    def drop(self, key: str) -> None:
        """Forget one browser (its own row was written)."""
        with self._lock:
            self._entries.pop(key, None)

    def forget_all(self) -> None:
        """Start a new generation: every entry, and every read in progress, is stale."""
        with self._lock:
            self._generation += 1
            self._entries.clear()

    def watch(self, engine: Engine) -> None:
        """Forget what ``engine``'s writes could change (module docstring)."""

        def written(conn: Connection, _cursor: Any, statement: str, *_args: Any) -> None:
            if not writes_browsers(statement):
                return
            text = " ".join(statement.split()).lower()
            if text.startswith(("insert into browser_session ", "insert into browser_token ")):
                return  # a new browser or token: no one else's rows changed
            if conn.info.get(_TOUCHING_KEY) and text.startswith(
                    "update browser_session set last_seen=? "):
                return  # the hourly touch: app.web.deps drops that browser itself
            conn.info[_TOUCHES_KEY] = True
            self.forget_all()

        def ended(conn: Connection) -> None:
            # An invalidated connection (a storage fault) has no info left: forget all.
            if conn.invalidated:
                self.forget_all()
                return
            conn.info.pop(_TOUCHING_KEY, None)
            if conn.info.get(_TOUCHES_KEY, False):
                self.forget_all()

        def returned(_dbapi_connection: Any, record: Any) -> None:
            # The "commit" event comes before the database's own commit: a read that
            # began between the two saw the old rows and may have been kept. Forget once
            # more when the connection goes back to the pool, after the commit.
            if record.info.pop(_TOUCHES_KEY, False):
                self.forget_all()

        event.listen(engine, "before_cursor_execute", written)
        event.listen(engine, "commit", ended)
        event.listen(engine, "rollback", ended)
        event.listen(engine.pool, "checkin", returned)


def writes_browsers(statement: str) -> bool:
    """True when SQL ``statement`` may write one of the browsers' tables
    (``browser_session``, ``browser_token``, ``display_prefs``): a plain ``INSERT
    INTO``, ``UPDATE`` or ``DELETE FROM`` by the table it writes (an ``INSERT INTO
    browser_stats … SELECT … FROM browser_session``, a hand's end marking the statistics
    out of date, only reads them), any other write (a ``WITH``, DDL) when it names one
    at all; a read never."""
    if not is_write(statement):
        return False
    target = _TARGET.match(statement)
    if target is not None:
        return target.group(1).lower() in _TABLES
    return any(table in statement for table in _TABLES)


def touching(conn: Connection) -> None:
    """Mark the transaction on ``conn`` as one browser's hourly touch (its ``last_seen``
    alone): it starts no new generation; the caller drops that browser's entry
    (:meth:`KnownBrowsers.drop`) once it is stored."""
    conn.info[_TOUCHING_KEY] = True


def for_settings(settings: Settings, engine: Engine) -> KnownBrowsers | None:
    """The app's cache of known browsers, watching ``engine``; ``None`` where this process
    may not be the database's only writer (module docstring)."""
    if not settings.browser_cache or settings.workers != 1:
        return None
    if engine.dialect.name != "sqlite":
        return None
    known = KnownBrowsers()
    known.watch(engine)
    return known
