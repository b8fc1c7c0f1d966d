"""fair_use_counter: fair-use rate counters shared by the instances on PostgreSQL

One row per limited key (a hash of a browser's or an address's key): when its budget is
full again, and its rate's period (app.core.sharedrates). Only PostgreSQL instances
write it; on SQLite the counters are kept in memory and the table stays empty.

Revision ID: 0028
Revises: 0027
Create Date: 2026-12-08
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = '0028'
down_revision: str | None = '0027'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Create the table."""
    op.create_table(
        'fair_use_counter',
        sa.Column('key', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
        sa.Column('full_at', sa.Float(), nullable=False),
        sa.Column('period', sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint('key', name=op.f('pk_fair_use_counter')),
    )


def downgrade() -> None:
    """Drop the table."""
    op.drop_table('fair_use_counter')
