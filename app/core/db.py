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

Requests use a third mode, ``sqlite_begin="LAZY"`` (see :func:`get_session`): the
transaction starts as a deferred read, taking no lock, and its first write statement
(INSERT, UPDATE, DELETE …) ends that read snapshot and starts ``BEGIN IMMEDIATE`` on the
spot. So a request holds the write lock only from its first write to its commit, never
while it reads, computes or renders; a request that never writes never takes it. The
writes must therefore not depend on an unchecked earlier read: stored games and sheets
carry a ``version`` that every update names (see ``app/core/models.py``). A write after a
SAVEPOINT upgrades in place instead (the savepoint would not survive the swap).

Before a page is rendered, :func:`release` closes the request's session (``app.web.render.render``
calls it), so no transaction or pooled connection is held while templates run, on SQLite
or PostgreSQL. A writer that waits longer than :data:`SQLITE_BUSY_TIMEOUT_MS` gets
:class:`DatabaseBusyError`, answered 503 with ``Retry-After`` (``app/web/errors.py``).

PostgreSQL works unchanged through ``DATABASE_URL=postgresql+psycopg://user:pw@host/db``.
"""

import re
import threading
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import anyio
import anyio.to_thread
from alembic.config import Config
from fastapi import Request
from sqlalchemy import Engine, event
from sqlalchemy.engine import Connection, make_url
from sqlmodel import Session, create_engine

from alembic import command

ROOT = Path(__file__).resolve().parents[2]
SQLITE_BUSY_TIMEOUT_MS = 5000
_HOLDS_WRITER = "gin_holds_writer_lock"
"""Key in ``Connection.info`` set while the connection holds this process's writer lock."""
_LAZY_READ = "gin_lazy_read"
"""Key in ``Connection.info`` set while a ``LAZY`` transaction has only read."""
_READ_STATEMENT = re.compile(
    r"\s*(SELECT|PRAGMA|EXPLAIN|BEGIN|COMMIT|END|ROLLBACK|SAVEPOINT|RELEASE|VALUES)\b",
    re.IGNORECASE,
)
_SESSION_KEY = "gin_db_session"
"""Key in ``request.state`` holding the request's database session (for :func:`release`)."""


class DatabaseBusyError(TimeoutError):
    """The database stayed locked by other writers for longer than the busy timeout."""


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


def create_db_engine(database_url: str, *, sqlite_foreign_keys: bool = True) -> Engine:
    """An engine for ``database_url``; for a SQLite file, create its directory if needed.

    ``sqlite_foreign_keys=False`` is for migrations only: batch mode rebuilds a table by
    dropping it, which with foreign keys on would cascade-delete the rows referring to it.
    """
    url = make_url(database_url)
    if url.get_backend_name() != "sqlite":
        return create_engine(url, pool_pre_ping=True)

    path = _sqlite_file(database_url)
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(
        url,
        connect_args={"check_same_thread": False, "timeout": SQLITE_BUSY_TIMEOUT_MS / 1000},
    )

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Take transaction control away from pysqlite: it would emit a deferred BEGIN
        # itself; the "begin" listener below emits BEGIN IMMEDIATE instead.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        try:
            if path is not None:
                cursor.execute("PRAGMA journal_mode=WAL")
                cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
            cursor.execute(f"PRAGMA foreign_keys={'ON' if sqlite_foreign_keys else 'OFF'}")
        finally:
            cursor.close()

    # Writers of this process queue on a lock instead of polling SQLite's busy handler,
    # which sleeps up to 100 ms between tries and so made tail latency under load.
    writer = threading.Lock()

    def _take_writer(conn: Connection) -> None:
        if not writer.acquire(timeout=SQLITE_BUSY_TIMEOUT_MS / 1000):
            raise DatabaseBusyError("the database is busy: try again in a moment")
        conn.info[_HOLDS_WRITER] = True

    def _release(conn: Connection) -> None:
        conn.info.pop(_LAZY_READ, None)
        if conn.info.pop(_HOLDS_WRITER, False):
            writer.release()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Connection) -> None:
        mode = conn.get_execution_options().get("sqlite_begin", "IMMEDIATE")
        if mode not in ("IMMEDIATE", "DEFERRED", "EXCLUSIVE", "LAZY"):
            raise ValueError(f"unknown sqlite_begin mode {mode!r}")
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

    event.listen(engine, "commit", _release)
    event.listen(engine, "rollback", _release)
    return engine


async def get_session(request: Request) -> AsyncIterator[Session]:
    """FastAPI dependency: one database session per request, closed afterwards.

    Its transactions are ``LAZY`` on SQLite (module docstring): reads take no lock, the
    first write takes the write lock until the commit. Objects stay loaded after
    ``commit()`` (``expire_on_commit=False``) and after :func:`release`; call
    ``session.refresh(obj)`` when you need the stored values again. Uncommitted work is
    rolled back at :func:`release` or when the request ends.

    Async, so that it costs no trip to the threadpool: making a session does no I/O,
    and a request normally ends with its session released (:func:`release`); one that
    still holds a transaction is closed in the threadpool (a rollback is I/O).
    """
    engine: Engine = request.app.state.engine
    session = Session(engine.execution_options(sqlite_begin="LAZY"), expire_on_commit=False)
    setattr(request.state, _SESSION_KEY, session)
    try:
        yield session
    finally:
        if session.in_transaction():
            with anyio.CancelScope(shield=True):  # a client that went away still gets it closed
                await anyio.to_thread.run_sync(session.close)
        else:
            session.close()


def release(request: Request) -> None:
    """Close the request's database session, if it has one: roll back what it did not
    commit and return its connection to the pool. Loaded rows keep their values.

    Called before rendering a page, so that no transaction (on SQLite, no read snapshot
    or write lock) is held while templates run. Using the session again afterwards opens
    a new transaction.
    """
    session = getattr(request.state, _SESSION_KEY, None)
    if isinstance(session, Session):
        session.close()


def run_migrations(database_url: str, revision: str = "head") -> None:
    """Upgrade the database at ``database_url`` to ``revision`` with Alembic."""
    command.upgrade(alembic_config(database_url), revision)


def alembic_config(database_url: str) -> Config:
    """An Alembic ``Config`` for this project pointed at ``database_url``."""
    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("script_location", str(ROOT / "alembic"))
    config.attributes["database_url"] = database_url
    return config
