"""play: matches with their own id, one row per hand (issues 12 and 14)

``play_match`` (one row per browser: rules, one int seed, the whole action log) becomes
three tables: ``play_seat`` (a browser's current match, version and screen choices),
``play_match`` (one row per match, with its own id) and ``play_hand`` (one row per hand:
its ``gin-shuffle-v1`` seeds, its own log and its result).

Each stored match is carried over as it was: its int seed and whole log go into
``play_match.legacy_seed`` / ``legacy_log``, and the app splits the log into hand rows
the first time it loads the match (hands dealt before keep the old shuffle; later hands
use ``gin-shuffle-v1``). Downgrading keeps only matches not yet split; later matches are
dropped (the old layout cannot hold per-hand seeds).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-30
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_OLD_COLUMNS = ("session_id, rules, seed, first_dealer, level, log, sort, selected, "
                "computer_said, version, created_at, updated_at")


def _old_play_match() -> None:
    op.create_table(
        "play_match",
        sa.Column("session_id", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("rules", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("first_dealer", sa.Integer(), nullable=False),
        sa.Column("level", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column("log", sa.JSON(), nullable=False),
        sa.Column("sort", sqlmodel.sql.sqltypes.AutoString(length=8), nullable=False),
        sa.Column("selected", sqlmodel.sql.sqltypes.AutoString(length=2), nullable=True),
        sa.Column(
            "computer_said", sqlmodel.sql.sqltypes.AutoString(length=2000), nullable=False
        ),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("updated_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["browser_session.id"],
            name=op.f("fk_play_match_session_id_browser_session"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("session_id", name=op.f("pk_play_match")),
    )


def upgrade() -> None:
    """Apply this revision."""
    op.execute(f"CREATE TABLE play_match_v1 AS SELECT {_OLD_COLUMNS} FROM play_match")
    op.drop_table("play_match")
    op.create_table(
        "play_match",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("rules", sa.JSON(), nullable=False),
        sa.Column("first_dealer", sa.Integer(), nullable=False),
        sa.Column("level", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column("client_seed", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column(
            "next_server_seed", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True
        ),
        sa.Column("hands", sa.Integer(), nullable=False),
        sa.Column("over", sa.Boolean(), nullable=False),
        sa.Column("legacy_seed", sa.BigInteger(), nullable=True),
        sa.Column("legacy_log", sa.JSON(), nullable=True),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("updated_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["browser_session.id"],
            name=op.f("fk_play_match_session_id_browser_session"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_play_match")),
    )
    op.create_index(op.f("ix_play_match_session_id"), "play_match", ["session_id"],
                    unique=False)
    op.create_table(
        "play_hand",
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("dealer", sa.Integer(), nullable=False),
        sa.Column("server_seed", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True),
        sa.Column("client_seed", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True),
        sa.Column("commitment", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True),
        sa.Column("log", sa.JSON(), nullable=False),
        sa.Column("finished", sa.Boolean(), nullable=False),
        sa.Column("winner", sa.Integer(), nullable=True),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.Column("kind", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=True),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("finished_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ["match_id"],
            ["play_match.id"],
            name=op.f("fk_play_hand_match_id_play_match"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("match_id", "number", name=op.f("pk_play_hand")),
    )
    op.create_table(
        "play_seat",
        sa.Column("session_id", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("sort", sqlmodel.sql.sqltypes.AutoString(length=8), nullable=False),
        sa.Column("selected", sqlmodel.sql.sqltypes.AutoString(length=2), nullable=True),
        sa.Column(
            "computer_said", sqlmodel.sql.sqltypes.AutoString(length=2000), nullable=False
        ),
        sa.Column("updated_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id"],
            ["play_match.id"],
            name=op.f("fk_play_seat_match_id_play_match"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["browser_session.id"],
            name=op.f("fk_play_seat_session_id_browser_session"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("session_id", name=op.f("pk_play_seat")),
    )
    op.create_index(op.f("ix_play_seat_match_id"), "play_seat", ["match_id"], unique=False)
    op.execute(
        "INSERT INTO play_match (session_id, rules, first_dealer, level, client_seed, hands, "
        "over, legacy_seed, legacy_log, created_at, updated_at) "
        "SELECT session_id, rules, first_dealer, level, '', 0, FALSE, seed, log, created_at, "
        "updated_at FROM play_match_v1"
    )
    op.execute(
        "INSERT INTO play_seat (session_id, match_id, version, sort, selected, computer_said, "
        "updated_at) SELECT o.session_id, m.id, o.version, o.sort, o.selected, "
        "o.computer_said, o.updated_at FROM play_match_v1 o "
        "JOIN play_match m ON m.session_id = o.session_id"
    )
    op.drop_table("play_match_v1")


def downgrade() -> None:
    """Revert this revision (keeps only the matches not yet split into hands)."""
    op.execute(
        "CREATE TABLE play_match_v1 AS SELECT s.session_id, m.rules, m.legacy_seed AS seed, "
        "m.first_dealer, m.level, m.legacy_log AS log, s.sort, s.selected, s.computer_said, "
        "s.version, m.created_at, m.updated_at FROM play_seat s "
        "JOIN play_match m ON m.id = s.match_id WHERE m.legacy_log IS NOT NULL"
    )
    op.drop_index(op.f("ix_play_seat_match_id"), table_name="play_seat")
    op.drop_table("play_seat")
    op.drop_table("play_hand")
    op.drop_index(op.f("ix_play_match_session_id"), table_name="play_match")
    op.drop_table("play_match")
    _old_play_match()
    op.execute(f"INSERT INTO play_match ({_OLD_COLUMNS}) SELECT {_OLD_COLUMNS} FROM play_match_v1")
    op.drop_table("play_match_v1")
