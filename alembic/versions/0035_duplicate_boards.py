"""duplicate boards: an event's shared deals (app/events)

``event.duplicate_seed`` (a duplicate event's public client seed, ``NULL`` otherwise),
``event_board`` (one server seed per board of a duplicate round, committed on the event
page before the round) and ``play_match.board_seeds`` (the server seeds an event's
table deals its hands from).

Revision ID: 0035
Revises: 0034
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = '0035'
down_revision: str | None = '0034'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add the columns and the table."""
    with op.batch_alter_table('event') as batch:
        batch.add_column(sa.Column('duplicate_seed', sqlmodel.sql.sqltypes.AutoString(length=64),
                                   nullable=True))
    with op.batch_alter_table('play_match') as batch:
        batch.add_column(sa.Column('board_seeds', sa.JSON(), nullable=True))
    op.create_table('event_board',
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('round', sa.Integer(), nullable=False),
    sa.Column('board', sa.Integer(), nullable=False),
    sa.Column('server_seed', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.ForeignKeyConstraint(['event_id'], ['event.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('event_id', 'round', 'board')
    )


def downgrade() -> None:
    """Drop them."""
    op.drop_table('event_board')
    with op.batch_alter_table('play_match') as batch:
        batch.drop_column('board_seeds')
    with op.batch_alter_table('event') as batch:
        batch.drop_column('duplicate_seed')
