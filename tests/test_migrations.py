"""Alembic: one head, upgrade and downgrade on SQLite, models and migrations agree."""

from __future__ import annotations

from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, inspect
from sqlmodel import SQLModel

import app.models  # noqa: F401  (registers the tables)
from alembic import command
from app.db import alembic_config


def _tables(url: str) -> set[str]:
    engine = create_engine(url)
    try:
        return set(inspect(engine).get_table_names()) - {"alembic_version"}
    finally:
        engine.dispose()


def test_one_head() -> None:
    script = ScriptDirectory.from_config(alembic_config("sqlite://"))
    assert len(script.get_heads()) == 1, f"several heads: {script.get_heads()}; merge them"


def test_every_revision_upgrades_and_downgrades(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'stairs.db'}"
    config = alembic_config(url)
    revisions = list(reversed(list(ScriptDirectory.from_config(config).walk_revisions())))
    assert revisions
    for revision in revisions:
        command.upgrade(config, revision.revision)
        after = _tables(url)
        command.downgrade(config, "-1")
        command.upgrade(config, revision.revision)
        assert _tables(url) == after, f"{revision.revision} is not repeatable"
    assert _tables(url) == set(SQLModel.metadata.tables)
    command.downgrade(config, "base")
    assert _tables(url) == set()


def test_models_and_migrations_agree(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'head.db'}"
    command.upgrade(alembic_config(url), "head")
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            context = MigrationContext.configure(
                conn, opts={"compare_type": True, "render_as_batch": True}
            )
            differences = compare_metadata(context, SQLModel.metadata)
    finally:
        engine.dispose()
    assert differences == [], (
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
