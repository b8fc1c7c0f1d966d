"""Live tables: tell the browsers watching a friend match that it changed.

A change of a friend match (a tap, a client seed, the invite accepted or cancelled)
calls :func:`announce` inside its transaction:

* **PostgreSQL**: ``pg_notify('gin_play', '<match id>:<version>')`` — sent by the database when
  the transaction commits, to every app instance listening (:func:`listen_postgres`, one
  ``LISTEN`` connection per instance), each of which wakes its own watchers. No extra
  server: the database already has the mechanism.
* **SQLite**: the watchers of this process are woken right after the commit; the
  other processes on the same file (``WORKERS=2``) notice it within
  :data:`POLL_SECONDS`: each process that has open tables asks SQLite every
  :data:`POLL_SECONDS` whether any other connection committed (``PRAGMA data_version``,
  a read of a counter in shared memory, no disk), and only then reads the versions of
  the matches it watches (:func:`watch_sqlite`), waking the watchers of those that moved.

Watchers are the Server-Sent Events streams of ``app.friend.stream``: each holds an
:class:`asyncio.Event` per connection, registered under its match id with
:func:`watch`. :func:`wake` may be called from any thread (the routes that write run in
the thread pool); it hands the wake-up to each watcher's own event loop.

Nothing here knows about cards: a notification carries the match id and its version
number at most, and a browser re-reads its table through the normal, per-seat screen,
so no hidden card can travel through a notification.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Engine, text
from sqlmodel import Session

from app.core import metrics
from app.core.db import after_commit
from app.core.models import PlayMatch

log = logging.getLogger("app.live")
POLL_SECONDS = 0.2
"""How often a SQLite process with open tables checks for other processes' commits."""
CHANNEL = "gin_play"
"""The PostgreSQL notification channel; the payload is the match id, and after a colon
its new version when the change made one (``"12:57"``)."""


@dataclass(eq=False)
class Watcher:
    """One open table (an SSE connection): woken when its match changes.

    A change announced with the match's new version (a move) is remembered, so the
    stream can tell its browser that version without reading the database
    (:meth:`announced`).
    """

    match_id: int
    loop: asyncio.AbstractEventLoop
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    _version: int | None = None
    _unversioned: bool = False

    def wake(self, version: int | None = None) -> None:
        """Note the change (its new ``version`` when known) and set ``changed``, on the
        watcher's own loop (safe from any thread)."""
        with contextlib.suppress(RuntimeError):  # the loop has closed: nobody to wake
            self.loop.call_soon_threadsafe(self._note, version)

    def _note(self, version: int | None) -> None:
        if version is None:
            self._unversioned = True
        else:
            self._version = max(version, self._version or 0)
        self.changed.set()

    def needs_read(self) -> bool:
        """True when a change came without its version since the last
        :meth:`announced` (then the match must be read). Call from the watcher's loop."""
        return self._unversioned

    def announced(self) -> int | None:
        """The newest version announced since the last call, ``None`` when nothing was
        or when a change came without its version (then read the match); forgets both.
        Call from the watcher's loop."""
        version = None if self._unversioned else self._version
        self._version, self._unversioned = None, False
        return version


_watchers: dict[int, set[Watcher]] = {}
_lock = threading.Lock()


@contextlib.contextmanager
def watch(match_id: int, changed: asyncio.Event | None = None,
          stream: bool = True) -> Iterator[Watcher]:
    """Register a watcher of ``match_id`` for the duration of the ``with`` block (call
    from the event loop that will wait on ``watcher.changed``). ``changed``: an event
    to share with other watchers (one stream listening to several matches waits on one
    event); ``stream``: counts as an open stream in ``gin_live_streams`` (the watchers
    of a stream's other matches do not)."""
    watcher = Watcher(match_id, asyncio.get_running_loop())
    if changed is not None:
        watcher.changed = changed
    with _lock:
        _watchers.setdefault(match_id, set()).add(watcher)
    if stream:
        metrics.LIVE_STREAMS.inc()
    try:
        yield watcher
    finally:
        if stream:
            metrics.LIVE_STREAMS.dec()
        with _lock:
            group = _watchers.get(match_id)
            if group is not None:
                group.discard(watcher)
                if not group:
                    del _watchers[match_id]


def watched() -> list[int]:
    """The ids of the matches this process has watchers of."""
    with _lock:
        return list(_watchers)


def watching() -> int:
    """How many watchers this process holds (open SSE connections)."""
    with _lock:
        return sum(len(group) for group in _watchers.values())


def wake(match_id: int, version: int | None = None) -> None:
    """Wake every watcher of ``match_id`` in this process (with the match's new
    ``version`` when the change made one)."""
    with _lock:
        group = list(_watchers.get(match_id, ()))
    for watcher in group:
        watcher.wake(version)


def _is_postgres(db: Session) -> bool:
    return db.get_bind().dialect.name == "postgresql"


def announce(db: Session, game: PlayMatch, version: int | None = None) -> None:
    """Make the coming commit of ``db`` wake the watchers of ``game`` (friend matches
    only; a match against the computer has no one else watching), telling them the
    match's new ``version`` when the change writes one. Call before commit (inside the
    change's transaction: on PostgreSQL the notification goes out with the commit; on
    SQLite the wake-up is an ``app.core.db.after_commit`` effect)."""
    if not game.friend or game.id is None:
        return
    match_id = game.id
    if _is_postgres(db):
        payload = str(match_id) if version is None else f"{match_id}:{version}"
        db.exec(text("SELECT pg_notify(:channel, :payload)"),  # type: ignore[call-overload]
                params={"channel": CHANNEL, "payload": payload})
        return
    after_commit(db, lambda: wake(match_id, version))


def psycopg_url(database_url: str) -> str:
    """The libpq form of a SQLAlchemy PostgreSQL URL (``postgresql+psycopg://`` →
    ``postgresql://``)."""
    scheme, _, rest = database_url.partition("://")
    return f"{scheme.split('+', 1)[0]}://{rest}"


def parse_payload(payload: str) -> tuple[int, int | None] | None:
    """``(match id, version or None)`` from a notification's payload (``"12"`` or
    ``"12:57"``, see :data:`CHANNEL`); ``None`` when malformed."""
    match_id, colon, version = payload.partition(":")
    if not match_id.isdigit() or (colon and not version.isdigit()):
        return None
    return int(match_id), int(version) if colon else None


async def notifications(database_url: str, ready: asyncio.Event | None = None
                        ) -> AsyncIterator[tuple[int, int | None]]:
    """The changes notified on :data:`CHANNEL` as ``(match id, new version or None)``,
    from one ``LISTEN`` connection (psycopg, autocommit); ``ready`` is set once
    listening. Ends when the connection fails. A malformed payload is ignored."""
    import psycopg  # the postgres extra; only imported when PostgreSQL is used

    async with await psycopg.AsyncConnection.connect(
            psycopg_url(database_url), autocommit=True) as conn:
        await conn.execute(f"LISTEN {CHANNEL}")
        if ready is not None:
            ready.set()
        async for note in conn.notifies():
            parsed = parse_payload(note.payload)
            if parsed is not None:
                yield parsed


async def listen_postgres(database_url: str, ready: asyncio.Event | None = None) -> None:
    """Run for the app's lifetime on PostgreSQL: wake this instance's watchers for every
    notification, reconnecting (after 1 s) when the connection drops."""
    while True:
        try:
            async for match_id, version in notifications(database_url, ready):
                wake(match_id, version)
        except asyncio.CancelledError:
            raise
        except Exception:  # the database restarted or is unreachable: try again
            log.warning("LISTEN %s failed; retrying in 1 s", CHANNEL, exc_info=True)
        await asyncio.sleep(1)



@dataclass
class _Versions:
    """What :func:`watch_sqlite` last saw: SQLite's ``data_version`` and each watched
    match's version."""

    data_version: int | None = None
    matches: dict[int, int] = field(default_factory=dict)


def _moved(dbapi: Any, seen: _Versions, match_ids: list[int]) -> list[tuple[int, int]]:
    """The watched matches whose version changed since ``seen`` (updated), or that are
    new to ``seen``; read only when SQLite says another connection committed or a match
    is new to ``seen``."""
    (data_version,) = dbapi.execute("PRAGMA data_version").fetchone()
    for gone in set(seen.matches) - set(match_ids):
        del seen.matches[gone]
    if data_version == seen.data_version and all(m in seen.matches for m in match_ids):
        return []
    seen.data_version = data_version
    marks = ", ".join("?" * len(match_ids))
    rows = dbapi.execute(f"SELECT id, version FROM play_match WHERE id IN ({marks})",
                         match_ids).fetchall()
    moved = []
    for match_id, version in rows:
        before = seen.matches.get(match_id)
        seen.matches[match_id] = version
        # A match seen for the first time is reported too: a move made between its
        # stream's first read and this look would otherwise never be told (the stream
        # sends nothing for a version it has sent already).
        if version != before:
            moved.append((match_id, version))
    return moved


async def watch_sqlite(engine: Engine, interval: float = POLL_SECONDS) -> None:
    """Run for the app's lifetime on a SQLite file: every ``interval`` seconds while
    this process has watchers, wake those whose match another process (or connection)
    changed (module docstring). Costs nothing while no table is open; one pooled
    connection while some are. A failure (a busy or read-only file) is retried."""
    seen = _Versions()
    dbapi: Any = None
    try:
        while True:
            await asyncio.sleep(interval)
            match_ids = watched()
            if not match_ids:
                seen.matches.clear()
                continue
            try:
                if dbapi is None:
                    dbapi = await asyncio.to_thread(engine.raw_connection)
                for match_id, version in await asyncio.to_thread(
                        _moved, dbapi, seen, match_ids):
                    wake(match_id, version)
            except Exception:
                log.warning("checking for other processes' moves failed; retrying",
                            exc_info=True)
                if dbapi is not None:
                    with contextlib.suppress(Exception):
                        dbapi.invalidate()
                    dbapi = None
    finally:
        if dbapi is not None:
            with contextlib.suppress(Exception):
                dbapi.close()
