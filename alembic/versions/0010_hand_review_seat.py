"""hand_review per seat (issue 18): each player of a friend match has their own review

``hand_review`` gains ``seat`` (0 for every existing row: the person against the
computer, or the inviter of a friend match), and its primary key becomes
``(match_id, number, seat)`` so that the friend who joined (seat 1) has a row of their
own, rating only their decisions.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-30
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0010'
down_revision: str | None = '0009'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Apply this revision."""
    with op.batch_alter_table('hand_review', schema=None) as batch_op:
        batch_op.add_column(sa.Column('seat', sa.Integer(), server_default='0', nullable=False))
        batch_op.drop_constraint(batch_op.f('pk_hand_review'), type_='primary')
        batch_op.create_primary_key(batch_op.f('pk_hand_review'), ['match_id', 'number', 'seat'])


def downgrade() -> None:
    """Revert this revision (the friends' seat-1 reviews are dropped)."""
    op.execute("DELETE FROM hand_review WHERE seat <> 0")
    with op.batch_alter_table('hand_review', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('pk_hand_review'), type_='primary')
        batch_op.create_primary_key(batch_op.f('pk_hand_review'), ['match_id', 'number'])
        batch_op.drop_column('seat')
