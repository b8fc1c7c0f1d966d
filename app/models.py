"""Database tables (SQLModel). Alembic autogenerates migrations from ``SQLModel.metadata``.

Conventions for every table in this module:

* Times are timezone-aware UTC ``datetime`` values (use ``utcnow()``); SQLModel stores
  them as ``UTCDateTime`` and refuses naive ones.
* A table that belongs to a browser references ``browser_session.id`` with
  ``ondelete="CASCADE"`` so that expiring a session removes its data::

      session_id: str = Field(foreign_key="browser_session.id", ondelete="CASCADE", index=True)

* A row that requests update concurrently (a game, a score sheet) carries
  ``version: int = 0`` for optimistic concurrency. An update names the version it read and
  bumps it, and zero rows updated means another request got there first::

      result = db.exec(
          update(Game)
          .where(Game.id == game.id, Game.version == expected_version)
          .values(state=new_state, version=Game.version + 1)
      )
      if result.rowcount == 0:
          ...  # stale: re-read and show the current state with a notice

  (On SQLite, BEGIN IMMEDIATE already serialises the writers; the version also catches a
  stale double tap whose form carried an old version, and it protects PostgreSQL.)

After adding or changing a table: ``.venv/bin/alembic revision --autogenerate
--rev-id NNNN -m "what changed"``, read the generated file, then
``.venv/bin/alembic upgrade head``. ``tests/test_migrations.py`` fails while models and
migrations differ.
"""

from datetime import UTC, datetime

from sqlmodel import Field, SQLModel

# Named constraints, so that Alembic's batch mode on SQLite can drop and alter them.
SQLModel.metadata.naming_convention = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


def utcnow() -> datetime:
    """The current time as an aware UTC datetime (how every table stores times)."""
    return datetime.now(UTC)


class BrowserSession(SQLModel, table=True):
    """One browser, identified by the random value of its ``gin_session`` cookie."""

    __tablename__ = "browser_session"

    id: str = Field(primary_key=True, max_length=64)
    created_at: datetime = Field(default_factory=utcnow)
    last_seen: datetime = Field(default_factory=utcnow, index=True)


# --- add tables here (and a migration, see the module docstring) ---
