"""events: club nights and leagues (app/events)

``event`` (its public slug, the SHA-256 of the host's code, name, format, rounds, cards,
table options, state, current round, version), ``event_host`` (the browsers that may
run it), ``event_player`` (a name, the browser that joined or none for a walk-in, the
order of joining, dropped, the first round paired) and ``event_pairing`` (a round's
table or bye: the players, the friend match or score sheet it is played on, the
outcome and each side's points).

Revision ID: 0034
Revises: 0033
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = '0034'
down_revision: str | None = '0033'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Create the tables."""
    op.create_table('event',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('slug', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
    sa.Column('host_code_hash', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('name', sqlmodel.sql.sqltypes.AutoString(length=60), nullable=False),
    sa.Column('format', sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
    sa.Column('rounds', sa.Integer(), nullable=False),
    sa.Column('cards', sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
    sa.Column('rules', sa.JSON(), nullable=False),
    sa.Column('status', sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
    sa.Column('round', sa.Integer(), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('updated_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_event')),
    sa.UniqueConstraint('host_code_hash', name=op.f('uq_event_host_code_hash')),
    sa.UniqueConstraint('slug', name=op.f('uq_event_slug'))
    )
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_event_updated_at'), ['updated_at'], unique=False)

    op.create_table('event_host',
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('session_id', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['event_id'], ['event.id'], name=op.f('fk_event_host_event_id_event'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['session_id'], ['browser_session.id'], name=op.f('fk_event_host_session_id_browser_session'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('event_id', 'session_id', name=op.f('pk_event_host'))
    )
    with op.batch_alter_table('event_host', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_event_host_session_id'), ['session_id'], unique=False)

    op.create_table('event_player',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('session_id', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True),
    sa.Column('name', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('dropped', sa.Boolean(), nullable=False),
    sa.Column('joined_round', sa.Integer(), nullable=False),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['event_id'], ['event.id'], name=op.f('fk_event_player_event_id_event'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['session_id'], ['browser_session.id'], name=op.f('fk_event_player_session_id_browser_session'), ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_event_player')),
    sa.UniqueConstraint('event_id', 'session_id', name=op.f('uq_event_player_event_id'))
    )
    with op.batch_alter_table('event_player', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_event_player_event_id'), ['event_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_event_player_session_id'), ['session_id'], unique=False)

    op.create_table('event_pairing',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('round', sa.Integer(), nullable=False),
    sa.Column('table', sa.Integer(), nullable=False),
    sa.Column('player_a', sa.Integer(), nullable=False),
    sa.Column('player_b', sa.Integer(), nullable=True),
    sa.Column('match_id', sa.Integer(), nullable=True),
    sa.Column('sheet_id', sa.Integer(), nullable=True),
    sa.Column('outcome', sqlmodel.sql.sqltypes.AutoString(length=8), nullable=True),
    sa.Column('points_a', sa.Integer(), nullable=False),
    sa.Column('points_b', sa.Integer(), nullable=False),
    sa.Column('corrected', sa.Boolean(), nullable=False),
    sa.Column('finished_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.ForeignKeyConstraint(['event_id'], ['event.id'], name=op.f('fk_event_pairing_event_id_event'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['match_id'], ['play_match.id'], name=op.f('fk_event_pairing_match_id_play_match'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['player_a'], ['event_player.id'], name=op.f('fk_event_pairing_player_a_event_player'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['player_b'], ['event_player.id'], name=op.f('fk_event_pairing_player_b_event_player'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['sheet_id'], ['score_sheet.id'], name=op.f('fk_event_pairing_sheet_id_score_sheet'), ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_event_pairing'))
    )
    with op.batch_alter_table('event_pairing', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_event_pairing_event_id'), ['event_id'], unique=False)


def downgrade() -> None:
    """Drop the tables."""
    with op.batch_alter_table('event_pairing', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_event_pairing_event_id'))

    op.drop_table('event_pairing')
    with op.batch_alter_table('event_player', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_event_player_session_id'))
        batch_op.drop_index(batch_op.f('ix_event_player_event_id'))

    op.drop_table('event_player')
    with op.batch_alter_table('event_host', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_event_host_session_id'))

    op.drop_table('event_host')
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_event_updated_at'))

    op.drop_table('event')
