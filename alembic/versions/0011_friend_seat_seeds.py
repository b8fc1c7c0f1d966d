"""each friend's own client seed per hand (issue 18)

``play_hand.seat_seeds`` and ``play_match.hand_seeds``: the two players' own client
seeds (seat 0's first) whose combination dealt the hand, so that the fairness box shows
each player's own seed beside the combined one. ``NULL`` against the computer and for
the hands dealt before this revision.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-30
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0011'
down_revision: str | None = '0010'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Apply this revision."""
    with op.batch_alter_table('play_hand', schema=None) as batch_op:
        batch_op.add_column(sa.Column('seat_seeds', sa.JSON(), nullable=True))
    with op.batch_alter_table('play_match', schema=None) as batch_op:
        batch_op.add_column(sa.Column('hand_seeds', sa.JSON(), nullable=True))


def downgrade() -> None:
    """Revert this revision."""
    with op.batch_alter_table('play_match', schema=None) as batch_op:
        batch_op.drop_column('hand_seeds')
    with op.batch_alter_table('play_hand', schema=None) as batch_op:
        batch_op.drop_column('seat_seeds')
