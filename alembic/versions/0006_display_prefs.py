"""display_prefs: display settings per browser (issue 16)

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-30
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Apply this revision."""
    op.create_table(
        "display_prefs",
        sa.Column("session_id", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("card_size", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column("deck", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column("theme", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column("motion", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column(
            "computer_speed", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False
        ),
        sa.Column("updated_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["browser_session.id"],
            name=op.f("fk_display_prefs_session_id_browser_session"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("session_id", name=op.f("pk_display_prefs")),
    )


def downgrade() -> None:
    """Revert this revision."""
    op.drop_table("display_prefs")
