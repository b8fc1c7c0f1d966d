"""set_aside_row: stored rows that could not be read, kept for the operator (issue 27)

A corrupted row (a match, a score sheet, display settings …) is copied here and removed
from its table, so its owner gets a fresh table instead of an error on every page.

Revision ID: 0018
Revises: 0015
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = '0018'
down_revision: str | None = '0015'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Apply this revision."""
    op.create_table(
        'set_aside_row',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('table_name', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column('row_key', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column('session_id', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True),
        sa.Column('reason', sqlmodel.sql.sqltypes.AutoString(length=500), nullable=False),
        sa.Column('data', sa.Text(), nullable=False),
        sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_set_aside_row')),
    )
    with op.batch_alter_table('set_aside_row', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_set_aside_row_session_id'), ['session_id'],
                              unique=False)


def downgrade() -> None:
    """Revert this revision."""
    with op.batch_alter_table('set_aside_row', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_set_aside_row_session_id'))
    op.drop_table('set_aside_row')
