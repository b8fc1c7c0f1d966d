"""hand_share: read-only links to one finished hand's review (*Share this hand*)

One row per link: the SHA-256 of its random token (never the token), the browser that
shared it, the hand (match, number, the sharer's seat), the name shown with it (none by
default), when it was made and when it was stopped (``app.review.share``).

Revision ID: 0030
Revises: 0029
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = '0030'
down_revision: str | None = '0029'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Create the table."""
    op.create_table(
        'hand_share',
        sa.Column('token_hash', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column('session_id', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column('match_id', sa.Integer(), nullable=False),
        sa.Column('number', sa.Integer(), nullable=False),
        sa.Column('seat', sa.Integer(), nullable=False),
        sa.Column('name', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=True),
        sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column('revoked_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.ForeignKeyConstraint(['match_id'], ['play_match.id'],
                                name=op.f('fk_hand_share_match_id_play_match'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['session_id'], ['browser_session.id'],
                                name=op.f('fk_hand_share_session_id_browser_session'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('token_hash', name=op.f('pk_hand_share')),
    )
    with op.batch_alter_table('hand_share', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_hand_share_match_id'), ['match_id'],
                              unique=False)
        batch_op.create_index(batch_op.f('ix_hand_share_session_id'), ['session_id'],
                              unique=False)


def downgrade() -> None:
    """Drop the table."""
    with op.batch_alter_table('hand_share', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_hand_share_session_id'))
        batch_op.drop_index(batch_op.f('ix_hand_share_match_id'))
    op.drop_table('hand_share')
