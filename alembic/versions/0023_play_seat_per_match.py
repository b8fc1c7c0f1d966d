"""play_seat per match (issue 29): several matches at once

A browser may now have a match against the computer and friend matches in progress
together. ``play_seat``'s primary key becomes ``(session_id, match_id)`` (one seat per
match a browser plays) and it gains ``opened_at``: the seat opened last is the match
``/play`` shows. Every existing seat carries over as its browser's open seat
(``opened_at`` from its ``updated_at``). The downgrade keeps each browser's open seat
only (the key is ``session_id`` again).

Revision ID: 0023
Revises: 0022
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = '0023'
down_revision: str | None = '0022'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Apply this revision."""
    with op.batch_alter_table('play_seat', schema=None) as batch_op:
        batch_op.add_column(sa.Column('opened_at', sqlmodel.sql.sqltypes.UTCDateTime(),
                                      nullable=True))
    op.execute("UPDATE play_seat SET opened_at = updated_at")
    with op.batch_alter_table('play_seat', schema=None) as batch_op:
        batch_op.alter_column('opened_at', existing_type=sqlmodel.sql.sqltypes.UTCDateTime(),
                              nullable=False)
        batch_op.drop_constraint(batch_op.f('pk_play_seat'), type_='primary')
        batch_op.create_primary_key(batch_op.f('pk_play_seat'), ['session_id', 'match_id'])


def downgrade() -> None:
    """Revert this revision (each browser keeps its open seat only)."""
    op.execute(
        "DELETE FROM play_seat WHERE EXISTS (SELECT 1 FROM play_seat AS later "
        "WHERE later.session_id = play_seat.session_id AND (later.opened_at > "
        "play_seat.opened_at OR (later.opened_at = play_seat.opened_at "
        "AND later.match_id > play_seat.match_id)))")
    with op.batch_alter_table('play_seat', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('pk_play_seat'), type_='primary')
        batch_op.create_primary_key(batch_op.f('pk_play_seat'), ['session_id'])
        batch_op.drop_column('opened_at')
