"""daily_deal, daily_play: the daily deal (issue 29)

``daily_deal``: one row per UTC day, the same for the whole instance: the day's server
seed (drawn the day before, revealed the day after) and its par, computed once in the
background. ``daily_play``: each browser's plays of a day's deal; attempt 1 counts, later
ones are practice (one counted play per browser and day: the unique constraint). Removed
with the browser's session.

Revision ID: 0022
Revises: 0021
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = '0022'
down_revision: str | None = '0021'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Apply this revision."""
    op.create_table('daily_deal',
    sa.Column('day', sa.Date(), nullable=False),
    sa.Column('server_seed', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('par', sa.Integer(), nullable=True),
    sa.Column('par_kind', sqlmodel.sql.sqltypes.AutoString(length=16), nullable=True),
    sa.Column('par_status', sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
    sa.Column('par_started_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.PrimaryKeyConstraint('day', name=op.f('pk_daily_deal'))
    )
    op.create_table('daily_play',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('session_id', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('day', sa.Date(), nullable=False),
    sa.Column('attempt', sa.Integer(), nullable=False),
    sa.Column('log', sa.JSON(), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('sort', sqlmodel.sql.sqltypes.AutoString(length=8), nullable=False),
    sa.Column('points', sa.Integer(), nullable=True),
    sa.Column('started_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('finished_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.ForeignKeyConstraint(['session_id'], ['browser_session.id'], name=op.f('fk_daily_play_session_id_browser_session'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_daily_play')),
    sa.UniqueConstraint('session_id', 'day', 'attempt', name='uq_daily_play_session_day_attempt')
    )
    with op.batch_alter_table('daily_play', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_daily_play_day'), ['day'], unique=False)
        batch_op.create_index(batch_op.f('ix_daily_play_session_id'), ['session_id'], unique=False)



def downgrade() -> None:
    """Revert this revision."""
    with op.batch_alter_table('daily_play', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_daily_play_session_id'))
        batch_op.drop_index(batch_op.f('ix_daily_play_day'))

    op.drop_table('daily_play')
    op.drop_table('daily_deal')
