"""instance_setting: the operator's switches and announcement (issue 30)

Read by every server process (``app.core.switches``); no rows means every switch on and
no announcement.

Revision ID: 0021
Revises: 0020
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = '0021'
down_revision: str | None = '0020'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Apply this revision."""
    op.create_table('instance_setting',
    sa.Column('key', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
    sa.Column('value', sa.Text(), nullable=False),
    sa.Column('updated_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.PrimaryKeyConstraint('key', name=op.f('pk_instance_setting'))
    )


def downgrade() -> None:
    """Revert this revision."""
    op.drop_table('instance_setting')
