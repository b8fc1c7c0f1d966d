"""operator_session: the operator's sign-in kept on the server

``/admin``'s cookie was an HMAC of ``ADMIN_TOKEN``, the same for every sign-in, with no
end and no way to revoke a copy. Each sign-in is now a row: the SHA-256 of the cookie's
random value, a tag of the token it was signed in with, and when it ends. Sign out
deletes the row. Nothing to carry over: operators sign in again.

Revision ID: 0026
Revises: 0025
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = '0026'
down_revision: str | None = '0025'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Apply this revision."""
    op.create_table('operator_session',
    sa.Column('token_hash', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('token_tag', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('expires_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.PrimaryKeyConstraint('token_hash', name=op.f('pk_operator_session'))
    )
    with op.batch_alter_table('operator_session', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_operator_session_expires_at'), ['expires_at'],
                              unique=False)


def downgrade() -> None:
    """Revert this revision."""
    with op.batch_alter_table('operator_session', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_operator_session_expires_at'))
    op.drop_table('operator_session')
