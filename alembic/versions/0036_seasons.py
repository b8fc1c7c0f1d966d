"""seasons: a club's events grouped under a name, with a running table (app/events/seasons)

``season`` (its name, public slug and the hash of its host code), ``season_host`` (the
browsers that may attach events to it) and ``season_event`` (an event's season: one at
most).

Revision ID: 0036
Revises: 0035
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = '0036'
down_revision: str | None = '0035'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add the tables."""
    op.create_table('season',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('slug', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
    sa.Column('host_code_hash', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('name', sqlmodel.sql.sqltypes.AutoString(length=60), nullable=False),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_season')),
    sa.UniqueConstraint('host_code_hash', name=op.f('uq_season_host_code_hash')),
    sa.UniqueConstraint('slug', name=op.f('uq_season_slug'))
    )
    op.create_table('season_host',
    sa.Column('season_id', sa.Integer(), nullable=False),
    sa.Column('session_id', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['season_id'], ['season.id'], name=op.f('fk_season_host_season_id_season'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['session_id'], ['browser_session.id'], name=op.f('fk_season_host_session_id_browser_session'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('season_id', 'session_id', name=op.f('pk_season_host'))
    )
    with op.batch_alter_table('season_host', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_season_host_session_id'), ['session_id'], unique=False)

    op.create_table('season_event',
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('season_id', sa.Integer(), nullable=False),
    sa.Column('attached_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['event_id'], ['event.id'], name=op.f('fk_season_event_event_id_event'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['season_id'], ['season.id'], name=op.f('fk_season_event_season_id_season'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('event_id', name=op.f('pk_season_event'))
    )
    with op.batch_alter_table('season_event', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_season_event_season_id'), ['season_id'], unique=False)


def downgrade() -> None:
    """Drop them."""
    with op.batch_alter_table('season_event', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_season_event_season_id'))
    op.drop_table('season_event')
    with op.batch_alter_table('season_host', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_season_host_session_id'))
    op.drop_table('season_host')
    op.drop_table('season')
