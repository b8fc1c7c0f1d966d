"""duplicate boards revealed: when an event's table may show its boards; hands per table

``play_match.boards_revealed_at``: ``NULL`` while a duplicate event's table
(``board_seeds``) may not show its boards' seeds nor its hands' deals (another table
of its round may still be playing the same cards: the honour rule); set by the event
once every table of the round has finished (``app.events.hosting``).
``event.hands``: 0, a table plays a match to the target; N, a table's result is its
points after N hands.

Revision ID: 0037
Revises: 0036
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = '0037'
down_revision: str | None = '0036'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add the column (a table of a round already over is revealed now)."""
    with op.batch_alter_table('play_match') as batch:
        batch.add_column(sa.Column('boards_revealed_at', sqlmodel.sql.sqltypes.UTCDateTime(),
                                   nullable=True))
    with op.batch_alter_table('event') as batch:
        batch.add_column(sa.Column('hands', sa.Integer(), server_default='0', nullable=False))
    op.execute("UPDATE play_match SET boards_revealed_at = updated_at "
               "WHERE board_seeds IS NOT NULL AND over")


def downgrade() -> None:
    """Drop them."""
    with op.batch_alter_table('event') as batch:
        batch.drop_column('hands')
    with op.batch_alter_table('play_match') as batch:
        batch.drop_column('boards_revealed_at')
