"""Alembic: one head, upgrade and downgrade on SQLite, models and migrations agree."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, create_engine

import app.core.models  # noqa: F401  (registers the tables)
from alembic import command
from app.core.db import alembic_config
from tests.support.migration_checks import assert_stairway, differences_at_head


@pytest.fixture
def sqlite_db(tmp_path: Path) -> Iterator[tuple[str, Engine]]:
    """A fresh SQLite file: its URL and an engine on it."""
    url = f"sqlite:///{tmp_path / 'migrations.db'}"
    engine = create_engine(url)
    yield url, engine
    engine.dispose()


def test_one_head() -> None:
    script = ScriptDirectory.from_config(alembic_config("sqlite://"))
    assert len(script.get_heads()) == 1, f"several heads: {script.get_heads()}; merge them"


def test_every_revision_upgrades_and_downgrades(sqlite_db: tuple[str, Engine]) -> None:
    assert_stairway(*sqlite_db)


def test_models_and_migrations_agree(sqlite_db: tuple[str, Engine]) -> None:
    assert differences_at_head(*sqlite_db, render_as_batch=True) == [], (
        "models and migrations differ; run "
        "`.venv/bin/alembic revision --autogenerate --rev-id NNNN -m '...'`"
    )


def test_upgrade_leaves_wal_mode(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'wal.db'}"
    command.upgrade(alembic_config(url), "head")
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    finally:
        engine.dispose()
