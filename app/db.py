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

PostgreSQL works unchanged through ``DATABASE_URL=postgresql+psycopg://user:pw@host/db``.
"""

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from alembic.config import Config
from fastapi import Request
from sqlalchemy import Engine, event
from sqlalchemy.engine import Connection, make_url
from sqlmodel import Session, create_engine

from alembic import command

ROOT = Path(__file__).resolve().parent.parent
SQLITE_BUSY_TIMEOUT_MS = 5000
_HOLDS_WRITER = "gin_holds_writer_lock"
"""Key in ``Connection.info`` set while the connection holds this process's writer lock."""


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

    def _release(conn: Connection) -> None:
        if conn.info.pop(_HOLDS_WRITER, False):
            writer.release()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Connection) -> None:
        mode = conn.get_execution_options().get("sqlite_begin", "IMMEDIATE")
        if mode not in ("IMMEDIATE", "DEFERRED", "EXCLUSIVE"):
            raise ValueError(f"unknown sqlite_begin mode {mode!r}")
        if mode != "DEFERRED":
            if not writer.acquire(timeout=SQLITE_BUSY_TIMEOUT_MS / 1000):
                raise TimeoutError("the database is busy: try again")
            conn.info[_HOLDS_WRITER] = True
        try:
            conn.exec_driver_sql(f"BEGIN {mode}")
        except BaseException:
            _release(conn)
            raise

    event.listen(engine, "commit", _release)
    event.listen(engine, "rollback", _release)
    return engine


def get_session(request: Request) -> Iterator[Session]:
    """FastAPI dependency: one database session per request, closed afterwards.

    Objects stay loaded after ``commit()`` (``expire_on_commit=False``); call
    ``session.refresh(obj)`` when you need the stored values again. Uncommitted work is
    rolled back when the request ends.
    """
    with Session(request.app.state.engine, expire_on_commit=False) as session:
        yield session


def run_migrations(database_url: str, revision: str = "head") -> None:
    """Upgrade the database at ``database_url`` to ``revision`` with Alembic."""
    command.upgrade(alembic_config(database_url), revision)


def alembic_config(database_url: str) -> Config:
    """An Alembic ``Config`` for this project pointed at ``database_url``."""
    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("script_location", str(ROOT / "alembic"))
    config.attributes["database_url"] = database_url
    return config
