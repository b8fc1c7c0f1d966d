"""match_stats, browser_stats: statistics kept up to date (every page O(1) in the history)

``match_stats``: per match and seat, what the statistics need of it (each finished
hand's facts, the analysed hands' accuracy, luck and play, the result), so no hand is
replayed twice. ``browser_stats``: per browser, its figures in no language, current
while ``built`` equals ``generation``. Both are derived and start empty: an existing
history's rows are built by its first view of ``/stats`` (or an export), with the
same figures it showed before. Removed with the match or the browser.

Revision ID: 0027
Revises: 0026
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = '0027'
down_revision: str | None = '0026'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Apply this revision."""
    op.create_table('browser_stats',
    sa.Column('session_id', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('generation', sa.Integer(), nullable=False),
    sa.Column('built', sa.Integer(), nullable=False),
    sa.Column('figures', sa.JSON(), nullable=True),
    sa.Column('built_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['session_id'], ['browser_session.id'], name=op.f('fk_browser_stats_session_id_browser_session'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('session_id', name=op.f('pk_browser_stats'))
    )
    op.create_table('match_stats',
    sa.Column('match_id', sa.Integer(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('stamp', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.Column('facts', sa.JSON(), nullable=False),
    sa.ForeignKeyConstraint(['match_id'], ['play_match.id'], name=op.f('fk_match_stats_match_id_play_match'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('match_id', 'seat', name=op.f('pk_match_stats'))
    )


def downgrade() -> None:
    """Revert this revision."""
    op.drop_table('match_stats')
    op.drop_table('browser_stats')
