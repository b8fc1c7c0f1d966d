"""SQLite tuning: WAL, busy timeout, foreign keys, BEGIN IMMEDIATE under concurrent writes."""

from __future__ import annotations

import threading
from pathlib import Path

import anyio.to_thread
from fastapi.testclient import TestClient
from sqlalchemy import text
from sqlalchemy.pool import QueuePool

from app.core.config import Settings
from app.core.db import SPARE_CONNECTIONS, create_db_engine
from app.main import create_app


def test_pragmas(db_url: str) -> None:
    engine = create_db_engine(db_url)
    with engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() == 5000
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    engine.dispose()


def test_database_directory_is_created(tmp_path: Path) -> None:
    engine = create_db_engine(f"sqlite:///{tmp_path / 'a' / 'b' / 'gin.db'}")
    with engine.connect() as conn:
        conn.execute(text("SELECT 1"))
    engine.dispose()
    assert (tmp_path / "a" / "b" / "gin.db").exists()


def test_concurrent_read_modify_write_never_locks_or_loses(tmp_path: Path) -> None:
    """16 threads × 25 read-then-write transactions: no "database is locked", no lost update."""
    engine = create_db_engine(f"sqlite:///{tmp_path / 'counter.db'}")
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE counter (n INTEGER NOT NULL)"))
        conn.execute(text("INSERT INTO counter VALUES (0)"))
    errors: list[BaseException] = []
    start = threading.Barrier(16)

    def work() -> None:
        try:
            start.wait()
            for _ in range(25):
                with engine.begin() as conn:
                    n = conn.execute(text("SELECT n FROM counter")).scalar_one()
                    conn.execute(text("UPDATE counter SET n = :n"), {"n": n + 1})
        except BaseException as error:  # collected and reported below
            errors.append(error)

    threads = [threading.Thread(target=work) for _ in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    with engine.connect() as conn:
        assert conn.execute(text("SELECT n FROM counter")).scalar_one() == 16 * 25
    engine.dispose()


def test_deferred_begin_is_available(db_url: str) -> None:
    engine = create_db_engine(db_url)
    with engine.connect() as conn:
        conn.execution_options(sqlite_begin="DEFERRED")
        assert conn.execute(text("SELECT 1")).scalar() == 1
    engine.dispose()


def test_the_pool_is_sized_to_the_request_threads(db_url: str) -> None:
    # THREADS is one setting for both: the routes' thread pool and the connections.
    engine = create_db_engine(db_url, threads=7)
    assert isinstance(engine.pool, QueuePool)
    assert engine.pool.size() == 7 + SPARE_CONNECTIONS and engine.pool._max_overflow == 0
    engine.dispose()
    app = create_app(Settings(database_url=db_url, threads=7, analyse_hands=False))
    assert app.state.engine.pool.size() == 7 + SPARE_CONNECTIONS

    async def limiter_tokens() -> float:
        return anyio.to_thread.current_default_thread_limiter().total_tokens

    with TestClient(app) as client:
        assert client.portal.call(limiter_tokens) == 7
