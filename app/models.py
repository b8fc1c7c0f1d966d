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
from typing import Any

from sqlalchemy import JSON, BigInteger, Column, Text
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


# --- Play (issue 3): the match a browser plays against the computer -------------------


class PlayMatch(SQLModel, table=True):
    """The match one browser is playing against the computer (SPEC §1, §7).

    A match is stored as its rules, seed, first dealer and action log (``[[player,
    "discard TH"], ...]``): ``app.engine.match.replay`` rebuilds every state from them.
    ``seed`` fixes every deal, so it (like the log's hidden consequences) never leaves
    the server. ``version`` goes up by one on each change of the game (see the module
    docstring); ``sort`` and ``selected`` are the player's screen choices, not game state.
    ``computer_said`` is what the computer last did, in words a player may read.
    """

    __tablename__ = "play_match"

    session_id: str = Field(
        primary_key=True, foreign_key="browser_session.id", ondelete="CASCADE", max_length=64
    )
    rules: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    seed: int = Field(sa_column=Column(BigInteger, nullable=False))
    first_dealer: int = 1
    level: str = Field(default="standard", max_length=16)
    log: list[list[Any]] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    sort: str = Field(default="rank", max_length=8)
    selected: str | None = Field(default=None, max_length=2)
    computer_said: str = Field(default="", max_length=2000)
    version: int = 0
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)


# --- Score (issue 5): score sheets kept for games played with real cards ---------------


class ScoreSheetRow(SQLModel, table=True):
    """One score sheet kept by a browser (SPEC §1.2, §5–6; issue 5).

    ``document`` is the sheet's own versioned JSON export
    (``app.engine.scoresheet.ScoreSheet.to_json``): names, options and entries; every
    total is recomputed from it. ``share_token`` (``secrets.token_urlsafe(16)``, 128 bits)
    opens the read-only view ``/score/shared/{token}``. ``version`` goes up by one on
    each change (optimistic concurrency, see the module docstring).
    """

    __tablename__ = "score_sheet"

    id: int | None = Field(default=None, primary_key=True)
    session_id: str = Field(
        foreign_key="browser_session.id", ondelete="CASCADE", index=True, max_length=64
    )
    share_token: str = Field(unique=True, max_length=64)
    title: str = Field(default="", max_length=200)
    document: str = Field(sa_column=Column(Text, nullable=False))
    version: int = 0
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow, index=True)
