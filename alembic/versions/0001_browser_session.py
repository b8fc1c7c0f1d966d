"""browser_session: one row per browser (the gin_session cookie)

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Apply this revision."""
    op.create_table(
        "browser_session",
        sa.Column("id", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("last_seen", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_browser_session")),
    )
    with op.batch_alter_table("browser_session", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_browser_session_last_seen"), ["last_seen"], unique=False
        )


def downgrade() -> None:
    """Revert this revision."""
    with op.batch_alter_table("browser_session", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_browser_session_last_seen"))
    op.drop_table("browser_session")
