"""play_match: the match a browser plays against the computer

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Apply this revision."""
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


def downgrade() -> None:
    """Revert this revision."""
    op.drop_table("play_match")
