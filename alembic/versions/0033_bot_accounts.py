"""bot_accounts: programs that play through the bot protocol, and the bot mark of a seat

``bot_account``: one row per program the operator admitted (``python -m app bot add
NAME``): the SHA-256 of its bearer token (never the token), its unique name, its own
history (a browser session made with it), when it was made and when it was stopped.
``play_match.bot_seats``: which seats of a friend match a program plays (``docs/bots.md``).

Revision ID: 0033
Revises: 0032
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = '0033'
down_revision: str | None = '0032'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Create the table and add the column."""
    op.create_table(
        'bot_account',
        sa.Column('token_hash', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column('name', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
        sa.Column('session_id', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column('revoked_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.ForeignKeyConstraint(['session_id'], ['browser_session.id'],
                                name=op.f('fk_bot_account_session_id_browser_session'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('token_hash', name=op.f('pk_bot_account')),
        sa.UniqueConstraint('name', name=op.f('uq_bot_account_name')),
    )
    with op.batch_alter_table('bot_account', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_bot_account_session_id'), ['session_id'],
                              unique=False)
    with op.batch_alter_table('play_match', schema=None) as batch_op:
        batch_op.add_column(sa.Column('bot_seats', sa.JSON(), nullable=True))


def downgrade() -> None:
    """Drop the column and the table."""
    with op.batch_alter_table('play_match', schema=None) as batch_op:
        batch_op.drop_column('bot_seats')
    with op.batch_alter_table('bot_account', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_bot_account_session_id'))
    op.drop_table('bot_account')
