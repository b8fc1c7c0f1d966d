"""Alembic environment: migrates the app's database against ``SQLModel.metadata``.

The URL comes from ``config.attributes["database_url"]`` when set programmatically
(``app.core.db.alembic_config``), otherwise from the app settings (``DATABASE_URL``).
"""

from logging.config import fileConfig

from sqlalchemy import text
from sqlmodel import SQLModel

import app.core.models  # noqa: F401  (registers every table on SQLModel.metadata)
from alembic import context
from app.core.config import get_settings
from app.core.db import create_db_engine

config = context.config
if config.config_file_name is not None and not config.attributes.get("database_url"):
    fileConfig(config.config_file_name, disable_existing_loggers=False)

target_metadata = SQLModel.metadata


def database_url() -> str:
    """The URL to migrate: set by the caller, else the app's DATABASE_URL."""
    url = config.attributes.get("database_url")
    return str(url) if url else get_settings().database_url


def run_migrations_offline() -> None:
    """Emit SQL to stdout instead of running it (``alembic upgrade head --sql``)."""
    url = database_url()
    context.configure(
        url=url,
        target_metadata=target_metadata,
        literal_binds=True,
        dialect_opts={"paramstyle": "named"},
        render_as_batch=url.startswith("sqlite"),
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


MIGRATION_LOCK_KEY = 0x6715_2026
"""PostgreSQL advisory lock key held while migrating (any constant unique to this app)."""


def run_migrations_online() -> None:
    """Run the migrations on a live connection (SQLite pragmas from app.core.db apply).

    On SQLite the whole upgrade is one BEGIN IMMEDIATE transaction (a failed migration
    leaves nothing behind), with foreign keys off so batch table rebuilds cannot cascade.
    """
    engine = create_db_engine(database_url(), sqlite_foreign_keys=False)
    try:
        with engine.connect() as connection:
            context.configure(
                connection=connection,
                target_metadata=target_metadata,
                render_as_batch=connection.dialect.name == "sqlite",
                transactional_ddl=True,
                compare_type=True,
            )
            with context.begin_transaction():
                if connection.dialect.name == "postgresql":
                    # Containers starting together take turns: the lock lasts until commit.
                    connection.execute(text("SELECT pg_advisory_xact_lock(:key)"),
                                       {"key": MIGRATION_LOCK_KEY})
                context.run_migrations()
    finally:
        engine.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
