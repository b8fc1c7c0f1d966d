"""Backups and restores (``make backup`` / ``make restore``, ``app/backup.py``) on SQLite
and PostgreSQL: a backup of a 0.3.0 database (the upgrade fixture), the database then
upgraded to head, the old backup restored onto the new install and upgraded again: every
page answers and the data is the release's (the checks of ``test_release_upgrades``).
On PostgreSQL this was the known failure: ``pg_restore --clean --if-exists`` over the
upgraded tables exited 1 and the next upgrade failed with DuplicateTable. A SQLite backup
is taken while another connection writes; a file that is not a backup is refused."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from app.backup import BackupError, backup, restore
from app.core.db import run_migrations
from tests.ops.test_postgres import postgres_server, postgres_url  # noqa: F401  (fixtures)
from tests.ops.test_release_upgrades import RELEASES, check_upgraded, load_postgres

ROOT = Path(__file__).resolve().parents[2]
OLD = "0.3.0"


def cli(*args: str, database_url: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "app.backup", *args], cwd=ROOT,
                          env={**os.environ, "DATABASE_URL": database_url},
                          capture_output=True, text=True, timeout=300, check=False)


def revision(url: str) -> str:
    engine = create_engine(url)
    with engine.connect() as conn:
        found = str(conn.execute(text("SELECT version_num FROM alembic_version")).scalar_one())
    engine.dispose()
    return found


def test_a_sqlite_backup_restored_onto_an_upgraded_install_upgrades_whole(
        tmp_path: Path) -> None:
    database = tmp_path / "gin.db"
    database.write_bytes((RELEASES / OLD / "gin.db").read_bytes())
    url = f"sqlite:///{database}"
    saved = tmp_path / "before-upgrade.db"
    made = cli("backup", str(saved), database_url=url)
    assert made.returncode == 0, made.stderr
    run_migrations(url)
    assert revision(url) != "0021"
    restored = cli("restore", str(saved), "--no-upgrade", database_url=url)
    assert restored.returncode == 0, restored.stderr
    assert revision(url) == "0021"  # the release's database again
    check_upgraded(url, OLD)


@pytest.mark.postgres
def test_a_postgresql_backup_restored_onto_an_upgraded_install_upgrades_whole(
        postgres_url: str, tmp_path: Path) -> None:  # noqa: F811
    load_postgres(postgres_url, OLD)
    saved = tmp_path / "before-upgrade.dump"
    made = cli("backup", str(saved), database_url=postgres_url)
    assert made.returncode == 0, made.stderr
    run_migrations(postgres_url)
    restored = cli("restore", str(saved), "--no-upgrade", database_url=postgres_url)
    assert restored.returncode == 0, restored.stderr
    assert revision(postgres_url) == "0021"
    check_upgraded(postgres_url, OLD)
    again = cli("restore", str(saved), database_url=postgres_url)  # and with its upgrade
    assert again.returncode == 0, again.stderr
    check_upgraded(postgres_url, OLD)


def test_a_sqlite_backup_is_taken_while_another_connection_writes(tmp_path: Path) -> None:
    database = tmp_path / "live.db"
    writer = sqlite3.connect(database, isolation_level=None)
    writer.execute("PRAGMA journal_mode=WAL")
    writer.execute("PRAGMA wal_autocheckpoint=0")  # committed rows stay in the WAL
    writer.execute("CREATE TABLE alembic_version (version_num TEXT)")
    writer.execute("CREATE TABLE t (n INTEGER)")
    writer.executemany("INSERT INTO t VALUES (?)", [(n,) for n in range(500)])
    writer.execute("BEGIN IMMEDIATE")  # a write in progress, not committed
    writer.execute("INSERT INTO t VALUES (-1)")
    saved = tmp_path / "saved.db"
    backup(f"sqlite:///{database}", saved)
    writer.execute("COMMIT")
    writer.close()
    copy = sqlite3.connect(saved)
    assert copy.execute("SELECT COUNT(*), MIN(n) FROM t").fetchone() == (500, 0)
    copy.close()
    with pytest.raises(BackupError, match="exists"):
        backup(f"sqlite:///{database}", saved)  # a backup is never overwritten


def test_a_file_that_is_no_backup_is_refused_and_nothing_touched(tmp_path: Path) -> None:
    database = tmp_path / "gin.db"
    database.write_bytes((RELEASES / OLD / "gin.db").read_bytes())
    before = database.read_bytes()
    other = tmp_path / "notes.txt"
    other.write_text("not a backup")
    result = cli("restore", str(other), database_url=f"sqlite:///{database}")
    assert result.returncode == 1 and "is not a SQLite backup" in result.stderr
    foreign = tmp_path / "foreign.db"
    sqlite3.connect(foreign).execute("CREATE TABLE x (y)").connection.close()
    with pytest.raises(BackupError, match="not a backup of this app"):
        restore(f"sqlite:///{database}", foreign)
    assert database.read_bytes() == before
