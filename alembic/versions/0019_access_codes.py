"""access_code: device and recovery codes (issue 29)

A browser's history can be opened on another browser with a short device code or the
long recovery code (docs/devices.md); only each code's SHA-256 is stored.

Revision ID: 0019
Revises: 0018
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = '0019'
down_revision: str | None = '0018'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Apply this revision."""
    op.create_table('access_code',
    sa.Column('code_hash', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('session_id', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('kind', sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('expires_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.Column('used_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.ForeignKeyConstraint(['session_id'], ['browser_session.id'],
                            name=op.f('fk_access_code_session_id_browser_session'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('code_hash', name=op.f('pk_access_code'))
    )
    with op.batch_alter_table('access_code', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_access_code_session_id'), ['session_id'], unique=False)



def downgrade() -> None:
    """Revert this revision."""
    with op.batch_alter_table('access_code', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_access_code_session_id'))

    op.drop_table('access_code')
