"""hints_used: hints asked for in a match against the computer (issue 13)

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-30
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Apply this revision."""
    with op.batch_alter_table("play_match") as batch:
        batch.add_column(sa.Column("hints_used", sa.Integer(), nullable=False,
                                   server_default="0"))


def downgrade() -> None:
    """Revert this revision."""
    with op.batch_alter_table("play_match") as batch:
        batch.drop_column("hints_used")
