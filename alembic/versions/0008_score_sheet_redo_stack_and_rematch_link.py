"""score_sheet: redo stack and rematch link (Score at a real table, issue 17)

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-30
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Apply this revision."""
    with op.batch_alter_table("score_sheet", schema=None) as batch_op:
        batch_op.add_column(sa.Column("redo", sa.Text(), nullable=True))
        batch_op.add_column(sa.Column("previous_id", sa.Integer(), nullable=True))
        batch_op.create_unique_constraint(
            batch_op.f("uq_score_sheet_previous_id"), ["previous_id"]
        )
        batch_op.create_foreign_key(
            batch_op.f("fk_score_sheet_previous_id_score_sheet"), "score_sheet",
            ["previous_id"], ["id"], ondelete="SET NULL",
        )


def downgrade() -> None:
    """Revert this revision."""
    with op.batch_alter_table("score_sheet", schema=None) as batch_op:
        batch_op.drop_constraint(
            batch_op.f("fk_score_sheet_previous_id_score_sheet"), type_="foreignkey"
        )
        batch_op.drop_constraint(batch_op.f("uq_score_sheet_previous_id"), type_="unique")
        batch_op.drop_column("previous_id")
        batch_op.drop_column("redo")
