"""score_sheet: score sheets kept per browser (Score, issue 5)

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-30
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Apply this revision."""
    op.create_table(
        "score_sheet",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("share_token", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("title", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("document", sa.Text(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("updated_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["session_id"], ["browser_session.id"],
            name=op.f("fk_score_sheet_session_id_browser_session"), ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_score_sheet")),
        sa.UniqueConstraint("share_token", name=op.f("uq_score_sheet_share_token")),
    )
    with op.batch_alter_table("score_sheet", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_score_sheet_session_id"), ["session_id"], unique=False
        )
        batch_op.create_index(
            batch_op.f("ix_score_sheet_updated_at"), ["updated_at"], unique=False
        )


def downgrade() -> None:
    """Revert this revision."""
    with op.batch_alter_table("score_sheet", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_score_sheet_updated_at"))
        batch_op.drop_index(batch_op.f("ix_score_sheet_session_id"))
    op.drop_table("score_sheet")
