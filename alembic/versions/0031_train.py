"""train: the drill's cards and days, the daily puzzle, its answers and ratings, reviews
together (issue 50, *Train your game*)

``drill_card``: a browser's FSRS state of one rated decision of its history;
``drill_day``: the answers of a day (progress, streak); ``daily_puzzle``: a day's
anonymised puzzle, the same for the instance; ``puzzle_answer``, ``puzzle_rating``: each
browser's answer and its puzzle rating (Glicko-2, apart from the play rating);
``review_together``: where a friend match's shared review stands (``app.review``).

Revision ID: 0031
Revises: 0030
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = '0031'
down_revision: str | None = '0030'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Create the tables."""
    op.create_table('daily_puzzle',
    sa.Column('day', sa.Date(), nullable=False),
    sa.Column('source', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('spot', sa.JSON(), nullable=False),
    sa.Column('choices', sa.JSON(), nullable=False),
    sa.Column('best', sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
    sa.Column('rating', sa.Float(), nullable=False),
    sa.Column('rd', sa.Float(), nullable=False),
    sa.Column('volatility', sa.Float(), nullable=False),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.PrimaryKeyConstraint('day', name=op.f('pk_daily_puzzle')),
    sa.UniqueConstraint('source', name=op.f('uq_daily_puzzle_source'))
    )
    op.create_table('drill_day',
    sa.Column('session_id', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('day', sa.Date(), nullable=False),
    sa.Column('answered', sa.Integer(), nullable=False),
    sa.Column('solved', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['session_id'], ['browser_session.id'], name=op.f('fk_drill_day_session_id_browser_session'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('session_id', 'day', name=op.f('pk_drill_day'))
    )
    op.create_table('puzzle_answer',
    sa.Column('session_id', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('day', sa.Date(), nullable=False),
    sa.Column('answer', sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
    sa.Column('solved', sa.Boolean(), nullable=False),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['session_id'], ['browser_session.id'], name=op.f('fk_puzzle_answer_session_id_browser_session'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('session_id', 'day', name=op.f('pk_puzzle_answer'))
    )
    with op.batch_alter_table('puzzle_answer', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_puzzle_answer_day'), ['day'], unique=False)

    op.create_table('puzzle_rating',
    sa.Column('session_id', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('rating', sa.Float(), nullable=False),
    sa.Column('rd', sa.Float(), nullable=False),
    sa.Column('volatility', sa.Float(), nullable=False),
    sa.Column('puzzles', sa.Integer(), nullable=False),
    sa.Column('updated_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['session_id'], ['browser_session.id'], name=op.f('fk_puzzle_rating_session_id_browser_session'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('session_id', name=op.f('pk_puzzle_rating'))
    )
    op.create_table('drill_card',
    sa.Column('session_id', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('match_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('index', sa.Integer(), nullable=False),
    sa.Column('card', sa.JSON(), nullable=False),
    sa.Column('due', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('answered', sa.Integer(), nullable=False),
    sa.Column('solved', sa.Integer(), nullable=False),
    sa.Column('learnt', sa.Boolean(), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('updated_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['match_id'], ['play_match.id'], name=op.f('fk_drill_card_match_id_play_match'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['session_id'], ['browser_session.id'], name=op.f('fk_drill_card_session_id_browser_session'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('session_id', 'match_id', 'number', 'index', name=op.f('pk_drill_card'))
    )
    with op.batch_alter_table('drill_card', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_drill_card_match_id'), ['match_id'], unique=False)

    op.create_table('review_together',
    sa.Column('match_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('step', sa.Integer(), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('updated_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['match_id'], ['play_match.id'], name=op.f('fk_review_together_match_id_play_match'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('match_id', name=op.f('pk_review_together'))
    )


def downgrade() -> None:
    """Drop the tables."""
    op.drop_table('review_together')
    with op.batch_alter_table('drill_card', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_drill_card_match_id'))

    op.drop_table('drill_card')
    op.drop_table('puzzle_rating')
    with op.batch_alter_table('puzzle_answer', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_puzzle_answer_day'))

    op.drop_table('puzzle_answer')
    op.drop_table('drill_day')
    op.drop_table('daily_puzzle')
