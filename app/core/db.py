"""Database engine and sessions.

SQLite (the default) is tuned for a web server with concurrent requests:

* WAL journal, so readers never block the writer and vice versa;
* ``busy_timeout`` of 5 s, so a connection waits for the lock instead of failing;
* foreign keys enforced (``ON DELETE CASCADE`` works);
* every transaction starts with ``BEGIN IMMEDIATE``: it takes the write lock up front,
  so two requests that read-then-write the same row are serialised instead of one of
  them failing with "database is locked" when it tries to upgrade its read lock;
* within one process those transactions queue on a lock first (released at commit or
  rollback), so they wait their turn instead of sleeping in SQLite's busy handler.

A connection that only reads and must not queue behind writers can ask for a deferred
transaction: ``connection.execution_options(sqlite_begin="DEFERRED")``.

Requests use a third mode, ``sqlite_begin="LAZY"`` (see
``app.web.unitofwork.get_session``): the transaction starts as a deferred read, taking
no lock, and its first write statement (INSERT, UPDATE, DELETE …) ends that read
snapshot and starts ``BEGIN IMMEDIATE`` on the spot. So a request holds the write lock
only from its first write to its commit, never while it reads, computes or renders; a
request that never writes never takes it. The writes must therefore not depend on an
unchecked earlier read: stored games and sheets carry a ``version`` that every update
names (see ``app/core/models.py``). A write after a SAVEPOINT upgrades in place instead
(the savepoint would not survive the swap).

A request is one unit of work (``app.web.unitofwork``): features write but do not commit;
the request's session commits once, before a page is rendered (``finish``, which
``app.web.render.render`` calls) or when a route that renders nothing returns, and rolls
back when the route raises. So no transaction or pooled connection is held while
templates run, on SQLite or PostgreSQL. What must happen only once the change is stored
is queued with :func:`after_commit`. At most ``THREADS`` requests hold a unit of work at
once (``admission``); the others wait for a turn on the event loop, in order.
A writer that waits longer than
:data:`SQLITE_BUSY_TIMEOUT_MS` gets :class:`DatabaseBusyError`, answered 503 with
``Retry-After`` (``app/web/errors.py``).

A database that cannot store anything — a full disk, a read-only file or directory, an
I/O error, a server gone (:func:`storage_fault` names the cause) — is answered 503 with
``Retry-After`` too, never 500. Such an error replaces every pooled connection (a
connection opened while the file was read-only stays read-only), so the app recovers by
itself once the disk is writable again; :func:`storage_health` reports it for ``/readyz``.

A SQLite file deleted or replaced under the server is a storage fault too
(:class:`_FileWatch`): each connection notes the file it opened (device and inode); a
connection whose file is no longer the one at the path is never handed out (the idle ones
are closed, the one asked for is opened again) and never commits (the write would be
acknowledged into a file nobody will read again: 503 instead). The app's engine opens the
file ``mode=rw`` (``existing_only``), so a missing file is "unreachable", never recreated
empty; once the file is back (restored from a copy), the next request opens it.

PostgreSQL works unchanged through ``DATABASE_URL=postgresql+psycopg://user:pw@host/db``.
"""

import logging
import os
import re
import sqlite3
import threading
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

from alembic.config import Config
from sqlalchemy import Engine, event, text
from sqlalchemy.engine import Connection, ExceptionContext, make_url
from sqlalchemy.exc import DisconnectionError, OperationalError
from sqlmodel import Session, create_engine

from alembic import command
from app.core import metrics

ROOT = Path(__file__).resolve().parents[2]
SQLITE_BUSY_TIMEOUT_MS = 5000
_LAZY_READ = "gin_lazy_read"
"""Key in ``Connection.info`` set while a ``LAZY`` transaction has only read."""
_READ_STATEMENT = re.compile(
    r"\s*(SELECT|PRAGMA|EXPLAIN|BEGIN|COMMIT|END|ROLLBACK|SAVEPOINT|RELEASE|VALUES)\b",
    re.IGNORECASE,
)
_EFFECTS_KEY = "gin_after_commit"
"""Key in ``Session.info``: the effects to run after its transaction commits."""
log = logging.getLogger("app.db")


class DatabaseBusyError(TimeoutError):
    """The database stayed locked by other writers for longer than the busy timeout."""


class DatabaseFileChangedError(sqlite3.OperationalError):
    """The SQLite file a connection opened is no longer the file at the database's path
    (deleted, or replaced by another file), or it is missing: SQLite's CANTOPEN, so
    :func:`storage_fault` calls it ``"unreachable"``."""

    sqlite_errorcode = 14


SPARE_CONNECTIONS = 8
"""Connections beyond ``THREADS`` in the pool (:func:`create_db_engine`): for background
work outside the request threads (presence, purge, analysis, ``/readyz``)."""


STORAGE_RETRY_SECONDS = 30
"""``Retry-After`` of an answer refused because the database cannot store anything."""
FAULT_MEMORY_SECONDS = 120.0
"""How long a failed write keeps ``/readyz`` unready unless a write succeeds since."""
_SQLITE_FAULTS = {3: "read-only", 8: "read-only", 10: "failing", 13: "full", 14: "unreachable"}
"""SQLite's primary result codes (``sqlite_errorcode & 0xFF``) that mean the database
cannot store anything now: PERM and READONLY, IOERR, FULL, CANTOPEN."""


def storage_fault(error: BaseException) -> str | None:
    """Why ``error`` (a DBAPI error, or SQLAlchemy's wrapper of one) means the database
    cannot store anything right now: ``"read-only"``, ``"full"``, ``"failing"`` (an I/O
    error) or ``"unreachable"`` (the file cannot be opened, the server is gone); ``None``
    for any other error (a bug, a constraint, a lock: see :class:`DatabaseBusyError`)."""
    orig = getattr(error, "orig", None) or error
    code = getattr(orig, "sqlite_errorcode", None)
    if isinstance(code, int):
        return _SQLITE_FAULTS.get(code & 0xFF)
    state = getattr(orig, "sqlstate", None)  # psycopg
    if not isinstance(state, str):
        # psycopg's OperationalError without a SQLSTATE: no connection to the server
        connection_failed = type(orig).__module__.startswith("psycopg") and any(
            kind.__name__ == "OperationalError" for kind in type(orig).__mro__)
        return "unreachable" if connection_failed else None
    if state == "25006":
        return "read-only"
    if state.startswith("53"):
        return "full"
    if state.startswith(("08", "57P")):
        return "unreachable"
    return "failing" if state.startswith("58") else None


@dataclass
class StorageHealth:
    """Whether an engine's database took its writes lately (``/readyz`` reads it).

    ``fault`` is the cause of the last failed write (:func:`storage_fault`), cleared by
    the next write that commits; ``since`` when it was seen (``time.monotonic()``).
    """

    fault: str | None = None
    since: float = 0.0

    def failed(self, reason: str) -> None:
        """Note a write (or a connection) that failed for ``reason``."""
        if self.fault is None:
            log.error("the database cannot store anything (%s): answering 503 until it can",
                      reason)
        self.fault, self.since = reason, time.monotonic()

    def stored(self) -> None:
        """Note a write that committed: the database takes writes again."""
        if self.fault is not None:
            log.warning("the database stores again (after %s)", self.fault)
        self.fault = None

    def recent_fault(self) -> str | None:
        """The last failure's cause while it is recent and no write has committed since."""
        if self.fault is not None and time.monotonic() - self.since < FAULT_MEMORY_SECONDS:
            return self.fault
        return None


_health: weakref.WeakKeyDictionary[Engine, StorageHealth] = weakref.WeakKeyDictionary()


def _is_locked(error: BaseException) -> bool:
    """True for SQLite's BUSY or LOCKED (another connection holds the lock)."""
    code = getattr(getattr(error, "orig", None) or error, "sqlite_errorcode", None)
    return isinstance(code, int) and code & 0xFF in (5, 6)


def storage_health(engine: Engine) -> StorageHealth:
    """The :class:`StorageHealth` of ``engine`` (one per engine, made on first use)."""
    health = _health.get(engine)
    if health is None:
        health = _health[engine] = StorageHealth()
    return health


def check_storage(engine: Engine) -> str | None:
    """``None`` when the database answers a read and would take a write, else why not
    (:func:`storage_fault`'s words, or ``"unreachable"``). For ``/readyz``: writes
    nothing. The write check opens a write transaction, updates no row and rolls it back
    (a read-only file, directory or PostgreSQL server refuses it), unless another
    request is writing right now; a full disk shows only when a write fails
    (:meth:`StorageHealth.recent_fault`).
    A check that passes clears what it can see itself (read-only, unreachable). Blocks:
    call it from a thread."""
    health = storage_health(engine)
    try:
        with engine.connect() as conn:
            conn.execution_options(sqlite_begin="DEFERRED").execute(text("SELECT 1"))
            conn.rollback()
            writer = conn.execution_options(sqlite_begin="IMMEDIATE", gin_writer_wait=0)
            with writer.begin() as probe:
                writer.execute(text("UPDATE browser_session SET id = id WHERE 1 = 0"))
                probe.rollback()
    except DatabaseBusyError:
        pass  # another request holds the writer lock: its outcome is what counts
    except Exception as error:
        if _is_locked(error):
            return health.recent_fault()  # another process is writing: likewise
        reason = storage_fault(error) or "unreachable"
        log.warning("health check: the database is %s", reason, exc_info=True)
        return reason
    else:
        if health.fault in ("unreachable", "read-only"):
            health.stored()
    return health.recent_fault()


def is_write(statement: str) -> bool:
    """True unless ``statement`` is plainly a read (SELECT, PRAGMA …) or transaction
    control; anything else (INSERT, UPDATE, DELETE, DDL, a ``WITH`` …) counts as a write."""
    return _READ_STATEMENT.match(statement) is None


def _sqlite_file(url_text: str) -> Path | None:
    """The database file of a SQLite URL, or None for memory databases and other backends."""
    url = make_url(url_text)
    if url.get_backend_name() != "sqlite":
        return None
    database = url.database or ""
    if database in ("", ":memory:") or database.startswith("file:"):
        return None
    return Path(database)


@event.listens_for(Engine, "handle_error")
def _count_error(context: Any) -> None:
    """Every error the database driver raises, on any engine, is counted by kind
    (``gin_database_errors_total``); the error itself goes on as before."""
    wrapped = context.sqlalchemy_exception
    metrics.database_error(type(wrapped).__name__ if wrapped is not None else "other")


def create_db_engine(database_url: str, *, sqlite_foreign_keys: bool = True,
                     threads: int | None = None, existing_only: bool = False) -> Engine:
    """An engine for ``database_url``; for a SQLite file, create its directory if needed.

    ``existing_only`` (the app's engine): a SQLite file is opened ``mode=rw``, never
    created, so a file deleted under the server is a fault (503), not a new empty
    database; migrations create it. Either way a SQLite file engine watches that its
    connections use the file at the path (:class:`_FileWatch`).

    ``threads``: how many request threads use it (``THREADS``, the thread pool's size);
    the pool then holds that many connections plus :data:`SPARE_CONNECTIONS`, none
    beyond (a request holds one at most), so a request never waits for a connection
    while its thread runs. PostgreSQL's ``max_connections`` must allow ``WORKERS`` times
    that. Without it, SQLAlchemy's default pool (5 + 10 overflow).

    ``sqlite_foreign_keys=False`` is for migrations only: batch mode rebuilds a table by
    dropping it, which with foreign keys on would cascade-delete the rows referring to it.
    """
    url = make_url(database_url)
    pool: dict[str, Any] = {} if threads is None else {
        "pool_size": threads + SPARE_CONNECTIONS, "max_overflow": 0}
    if url.get_backend_name() != "sqlite":
        engine = create_engine(url, pool_pre_ping=True, **pool)
        health = _watch_faults(engine)
        event.listen(engine, "commit", lambda _conn: health.stored())
        return engine

    path = _sqlite_file(database_url)
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(
        url,
        connect_args={"check_same_thread": False, "timeout": SQLITE_BUSY_TIMEOUT_MS / 1000},
        **(pool if path is not None else {}),  # a memory database has one connection
    )

    if path is not None:
        _FileWatch(engine, path, existing_only=existing_only)
    _set_pragmas(engine, wal=path is not None, foreign_keys=sqlite_foreign_keys)
    _queue_writers(engine, _watch_faults(engine))
    return engine


def _set_pragmas(engine: Engine, *, wal: bool, foreign_keys: bool) -> None:
    """Each new SQLite connection of ``engine``: transactions left to our "begin"
    listener (:func:`_queue_writers`), WAL and ``synchronous=NORMAL`` for a file
    (``wal``), the busy timeout, foreign keys on or off."""

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Take transaction control away from pysqlite: it would emit a deferred BEGIN
        # itself; the "begin" listener (_queue_writers) emits BEGIN IMMEDIATE instead.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        try:
            if wal:
                cursor.execute("PRAGMA journal_mode=WAL")
                cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
            cursor.execute(f"PRAGMA foreign_keys={'ON' if foreign_keys else 'OFF'}")
        finally:
            cursor.close()


def _queue_writers(engine: Engine, health: StorageHealth) -> None:
    """SQLite ``engine``'s transactions: ``BEGIN IMMEDIATE`` by default (the execution
    option ``sqlite_begin``: ``IMMEDIATE``, ``DEFERRED``, ``EXCLUSIVE`` or ``LAZY``, a
    read that becomes a write at its first writing statement), writers of this process
    queued on one lock (:class:`DatabaseBusyError` after the busy timeout, or the
    option ``gin_writer_wait`` in seconds), ``health`` told of each write committed."""
    # Writers of this process queue on a lock instead of polling SQLite's busy handler,
    # which sleeps up to 100 ms between tries and so made tail latency under load.
    writer = threading.Lock()
    # The connections holding it (one at most). Not in ``Connection.info``: a connection
    # that a storage fault invalidated has no info left, yet must give the lock back.
    holders: set[Connection] = set()

    def _take_writer(conn: Connection) -> None:
        wait = conn.get_execution_options().get("gin_writer_wait", SQLITE_BUSY_TIMEOUT_MS / 1000)
        if not writer.acquire(timeout=wait):
            raise DatabaseBusyError("the database is busy: try again in a moment")
        holders.add(conn)

    def _release(conn: Connection) -> None:
        if not conn.invalidated:
            conn.info.pop(_LAZY_READ, None)
        if conn in holders:
            holders.discard(conn)
            writer.release()

    def _committed(conn: Connection) -> None:
        if conn in holders:
            health.stored()
        _release(conn)

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Connection) -> None:
        mode = conn.get_execution_options().get("sqlite_begin", "IMMEDIATE")
        if mode not in ("IMMEDIATE", "DEFERRED", "EXCLUSIVE", "LAZY"):
            raise ValueError(f"unknown sqlite_begin mode {mode!r}")
        conn.info.pop(_LAZY_READ, None)  # never left over from a transaction that failed
        if mode in ("IMMEDIATE", "EXCLUSIVE"):
            _take_writer(conn)
        try:
            conn.exec_driver_sql(f"BEGIN {'DEFERRED' if mode == 'LAZY' else mode}")
        except BaseException:
            _release(conn)
            raise
        if mode == "LAZY":
            conn.info[_LAZY_READ] = True

    @event.listens_for(engine, "before_cursor_execute")
    def _on_execute(conn: Connection, _cursor: Any, statement: str, *_args: Any) -> None:
        if not conn.info.get(_LAZY_READ) or not is_write(statement):
            return
        # The first write of a LAZY transaction: end the read, start the write.
        conn.info.pop(_LAZY_READ)
        _take_writer(conn)
        if conn.in_nested_transaction():
            return  # a savepoint would not survive the swap: upgrade in place
        dbapi = conn.connection.dbapi_connection
        assert dbapi is not None
        try:
            dbapi.execute("COMMIT")
            dbapi.execute("BEGIN IMMEDIATE")
        except BaseException:
            _release(conn)
            raise

    event.listen(engine, "commit", _committed)
    event.listen(engine, "rollback", _release)


FileId = tuple[int, int]
"""A file's device and inode number: which file a path names right now."""
OLD_FILE_WAIT_SECONDS = 2.0
"""How long opening the file at the path waits for the connections to the file it
replaced to close (the requests using them end), before answering 503."""
OLD_FILE_GIVE_UP_SECONDS = 30.0
"""After this long, connections to an old file still open no longer hold new ones back
(one leaked somewhere must not lock the app out)."""


_file_changed: weakref.WeakKeyDictionary[Engine, list[Callable[[], None]]] = (
    weakref.WeakKeyDictionary())


_watches: "weakref.WeakKeyDictionary[Engine, _FileWatch]" = weakref.WeakKeyDictionary()


def file_changed(engine: Engine) -> bool:
    """True when ``engine``'s SQLite file is no longer the one its connections opened
    (deleted or replaced): one ``stat``, call it before a request reads anything kept
    of the rows (then :func:`forget_old_file`). False for other backends."""
    watch = _watches.get(engine)
    return watch is not None and watch.known is not None and watch.at_path() != watch.known


def forget_old_file(engine: Engine) -> None:
    """Close ``engine``'s idle connections to a file deleted or replaced and call what
    :func:`when_file_changes` registered. Blocks (closing connections)."""
    watch = _watches.get(engine)
    if watch is not None:
        watch.changed()


def when_file_changes(engine: Engine, forget: Callable[[], None]) -> None:
    """Call ``forget`` (it must not use the database) when ``engine``'s SQLite file is
    found deleted or replaced (:class:`_FileWatch`): what a process keeps of the old
    file's rows (known browsers, replayed matches, the operator's switches) does not hold
    for the new one. Never called for another backend."""
    _file_changed.setdefault(engine, []).append(forget)


class _FileWatch:
    """Keeps a SQLite engine's connections on the file at its path.

    Each new connection notes the file it opened (:data:`FileId`). A connection whose file
    is no longer the one at the path — deleted, or replaced by a restored copy — is
    closed when it comes back to the pool, never handed out again (a checkout closes the
    idle ones and opens the asked one afresh) and never commits: the commit raises
    :class:`DatabaseFileChangedError` (503), as the write would be acknowledged into a
    file nobody reads again. A new connection is opened only once the connections to an
    old file are closed (up to :data:`OLD_FILE_WAIT_SECONDS`, else 503): the old ones
    would otherwise checkpoint and delete the write-ahead log the new file's connections
    share. Nor does it open the new file with the old file's write-ahead log: SQLite
    leaves ``-wal`` and ``-shm`` behind when their file was deleted or replaced, and would
    read the old file's last writes into the new one; the log this process saw in use
    with another file is moved aside (``<name>-wal.replaced-<time>``, kept for the
    operator) first. Costs a ``stat`` or two per checkout, checkin and commit.

    ``existing_only``: connections open the file ``mode=rw`` (a missing file is not made).
    """

    def __init__(self, engine: Engine, path: Path, *, existing_only: bool) -> None:
        self.engine, self.path, self.existing_only = engine, path, existing_only
        self.health = storage_health(engine)
        self.opened: dict[int, FileId | None] = {}  # id(DBAPI connection) -> its file
        self.closed = threading.Condition()
        self.changed_at: float | None = None
        self.logs: dict[FileId, FileId] = {}  # write-ahead log -> the file it was used with
        self.known: FileId | None = None  # the file the last connection opened
        _watches[engine] = self
        event.listen(engine, "do_connect", self._connecting)
        event.listen(engine, "connect", self._connected)
        event.listen(engine, "close", self._closed)
        event.listen(engine, "checkout", self._checkout)
        event.listen(engine, "checkin", self._checkin)
        event.listen(engine, "commit", self._commit)

    def at_path(self) -> FileId | None:
        """The file at the path now, ``None`` when there is none."""
        try:
            status = os.stat(self.path)
        except OSError:
            return None
        return status.st_dev, status.st_ino

    def _gone(self, what: str) -> DatabaseFileChangedError:
        self.health.failed("unreachable")
        return DatabaseFileChangedError(f"the database file {what}")

    def _connecting(self, _dialect: Any, _record: Any, cargs: list[Any],
                    cparams: dict[str, Any]) -> None:
        current = self.at_path()
        if current is None and self.existing_only:
            raise self._gone("is missing")
        deadline = time.monotonic() + OLD_FILE_WAIT_SECONDS
        with self.closed:
            while any(file not in (current, None) for file in self.opened.values()):
                if (self.changed_at is not None
                        and time.monotonic() - self.changed_at > OLD_FILE_GIVE_UP_SECONDS):
                    log.warning("connections to the replaced database file stay open: "
                                "opening the new file anyway")
                    break
                if not self.closed.wait(deadline - time.monotonic()):
                    raise self._gone("was replaced; its last connections are still closing")
            self._set_aside_old_log(current)
        if self.existing_only:
            cargs[0] = f"file:{quote(str(self.path.resolve()))}?mode=rw"
            cparams["uri"] = True

    def _log_at_path(self) -> FileId | None:
        try:
            status = os.stat(f"{self.path}-wal")
        except OSError:
            return None
        return status.st_dev, status.st_ino

    def _set_aside_old_log(self, current: FileId | None) -> None:
        """Move the write-ahead log and its index aside when this process used that log
        with another file than ``current``. Called with no connection open to another file."""
        log_file = self._log_at_path()
        if log_file is None or self.logs.get(log_file) in (None, current):
            return
        stamp = time.strftime("%Y%m%dT%H%M%S")
        for suffix in ("-wal", "-shm"):
            old = Path(f"{self.path}{suffix}")
            try:
                old.rename(f"{old}.replaced-{stamp}")
            except FileNotFoundError:
                pass
            except OSError as error:  # a read-only directory: wait until it is writable
                reason = f"was replaced and its old log cannot be moved ({error})"
                raise self._gone(reason) from error
        self.logs.pop(log_file, None)
        log.warning("the write-ahead log of the replaced database file was moved aside "
                    "(%s-wal.replaced-%s)", self.path, stamp)

    def _connected(self, dbapi_connection: Any, _record: Any) -> None:
        with self.closed:
            self.opened[id(dbapi_connection)] = self.known = self.at_path()

    def _closed(self, dbapi_connection: Any, _record: Any) -> None:
        with self.closed:
            self.opened.pop(id(dbapi_connection), None)
            self.closed.notify_all()

    def _stale(self, dbapi_connection: Any) -> bool:
        return self.opened.get(id(dbapi_connection), None) != self.at_path()

    def _checkout(self, dbapi_connection: Any, _record: Any, _proxy: Any) -> None:
        if not self._stale(dbapi_connection):
            return
        self.changed()
        raise DisconnectionError("the database file changed")  # the pool opens this one again

    def changed(self) -> None:
        """The file at the path is not the one the connections opened: close the idle
        ones (those in use close when they come back), forget what was kept of its rows."""
        if self.changed_at is None or self.known is not None:
            log.error("the database file %s was deleted or replaced: closing its "
                      "connections", self.path)
        self.changed_at, self.known = time.monotonic(), None
        self.engine.pool.dispose()
        for forget in _file_changed.get(self.engine, ()):
            try:
                forget()
            except Exception:
                log.exception("forgetting what was read of the old database file failed")

    def _checkin(self, dbapi_connection: Any, record: Any) -> None:
        if dbapi_connection is None:
            return
        if self._stale(dbapi_connection):
            record.invalidate()  # closed now, not kept in the pool
            return
        file, log_file = self.opened.get(id(dbapi_connection)), self._log_at_path()
        if file is not None and log_file is not None and self.logs.get(log_file) != file:
            with self.closed:
                self.logs[log_file] = file

    def _commit(self, conn: Connection) -> None:
        if self._stale(conn.connection.dbapi_connection):
            error = self._gone("was deleted or replaced while this transaction ran")
            raise OperationalError("COMMIT", None, error)


def _watch_faults(engine: Engine) -> StorageHealth:
    """Make a storage fault (:func:`storage_fault`) on ``engine`` replace every pooled
    connection and note it in its :class:`StorageHealth`."""
    health = storage_health(engine)

    @event.listens_for(engine, "checkin")
    def _on_checkin(_dbapi_connection: Any, record: Any) -> None:
        # While the database fails, no connection is kept: each request opens its own, so
        # the first one after the disk is writable again is served (a pooled connection
        # opened during the fault would stay read-only and fail once more; while any one
        # stays open, SQLite shares its read-only view of the log index with new ones).
        if health.fault is not None:
            record.invalidate()

    @event.listens_for(engine, "handle_error")
    def _on_error(context: ExceptionContext) -> None:
        reason = storage_fault(context.original_exception)
        if reason is None:
            return
        health.failed(reason)
        # A connection opened while the file was read-only stays read-only: treat the
        # fault as a disconnect, so the pool opens fresh connections from now on, and
        # close the idle ones now (a fresh one would share their view of the log index).
        context.is_disconnect = True
        context.invalidate_pool_on_disconnect = True
        engine.pool.dispose()

    return health


def after_commit(db: Session, effect: Callable[[], None]) -> None:
    """Run ``effect`` once the current transaction of ``db`` commits; forget it if the
    transaction rolls back instead.

    How a feature hands back what must happen only once its change is stored (wake the
    other browser of a friend match, queue a hand's analysis): the request's unit of work
    (``app.web.unitofwork.get_session``) commits once, then runs them in the order they
    came. An effect must not use ``db`` (its transaction is over); one that fails is
    logged, never undoes the commit.
    """
    db.info.setdefault(_EFFECTS_KEY, []).append(effect)


@event.listens_for(Session, "after_commit")
def _run_effects(db: Session) -> None:
    for effect in db.info.pop(_EFFECTS_KEY, ()):
        try:
            effect()
        except Exception:  # the change is stored: an effect cannot take it back
            log.exception("an after-commit effect failed")


@event.listens_for(Session, "after_rollback")
def _drop_effects(db: Session) -> None:
    db.info.pop(_EFFECTS_KEY, None)


def has_work(db: Session) -> bool:
    """True when ``db`` has a transaction open or changes not yet flushed (a commit or
    rollback is left to do)."""
    return db.in_transaction() or bool(db.new or db.dirty or db.deleted)


def forget_effects(db: Session) -> None:
    """Drop the effects queued on ``db`` with :func:`after_commit` (its work is not
    stored: they must not run)."""
    db.info.pop(_EFFECTS_KEY, None)


def lazy_engine(engine: Engine) -> Engine:
    """``engine`` whose transactions begin ``LAZY`` (module docstring). Made once, when
    the app is (``app.state.lazy_engine``): making it copies the engine's options and
    events, which cost every request as much as a small query."""
    return engine.execution_options(sqlite_begin="LAZY")


def run_migrations(database_url: str, revision: str = "head") -> None:
    """Upgrade the database at ``database_url`` to ``revision`` with Alembic."""
    command.upgrade(alembic_config(database_url), revision)


def alembic_config(database_url: str) -> Config:
    """An Alembic ``Config`` for this project pointed at ``database_url``."""
    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("script_location", str(ROOT / "alembic"))
    config.attributes["database_url"] = database_url
    return config
