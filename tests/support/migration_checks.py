"""Migration checks shared by the SQLite and the PostgreSQL tests (not a test module)."""

from __future__ import annotations

from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, inspect
from sqlmodel import SQLModel

import app.core.models  # noqa: F401  (registers the tables on SQLModel.metadata)
from alembic import command
from app.core.db import alembic_config


def tables(engine: Engine) -> set[str]:
    """The app's tables in the database (Alembic's own bookkeeping left out)."""
    return set(inspect(engine).get_table_names()) - {"alembic_version"}


def assert_stairway(url: str, engine: Engine) -> None:
    """Each revision goes up, down to its parent and up again, from base to head; head has
    exactly the models' tables and ``downgrade base`` leaves none."""
    config = alembic_config(url)
    revisions = list(reversed(list(ScriptDirectory.from_config(config).walk_revisions())))
    assert revisions, "no migrations found"
    for revision in revisions:
        command.upgrade(config, revision.revision)
        after_upgrade = tables(engine)
        command.downgrade(config, "-1")
        command.upgrade(config, revision.revision)
        assert tables(engine) == after_upgrade, f"{revision.revision} is not repeatable"
    assert tables(engine) == set(SQLModel.metadata.tables)
    command.downgrade(config, "base")
    assert tables(engine) == set()


def differences_at_head(url: str, engine: Engine, **opts: Any) -> list[Any]:
    """What autogenerate would change after ``upgrade head`` (empty when models and
    migrations agree)."""
    command.upgrade(alembic_config(url), "head")
    with engine.connect() as conn:
        context = MigrationContext.configure(conn, opts={"compare_type": True, **opts})
        return list(compare_metadata(context, SQLModel.metadata))
