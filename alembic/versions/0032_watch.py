"""watch_link, watch_consent: watching a friend match by a secret link

``watch_link``: one row per link, the SHA-256 of its random token (never the token),
the match, the seat whose player made it (none for an event table), when it was made
and stopped. ``watch_consent``: one row per seat whose player lets others watch
(``app.friend.watch``).

Revision ID: 0032
Revises: 0031
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = '0032'
down_revision: str | None = '0031'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Create the two tables."""
    op.create_table(
        'watch_link',
        sa.Column('token_hash', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column('match_id', sa.Integer(), nullable=False),
        sa.Column('seat', sa.Integer(), nullable=True),
        sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column('revoked_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.ForeignKeyConstraint(['match_id'], ['play_match.id'],
                                name=op.f('fk_watch_link_match_id_play_match'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('token_hash', name=op.f('pk_watch_link')),
    )
    with op.batch_alter_table('watch_link', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_watch_link_match_id'), ['match_id'],
                              unique=False)
    op.create_table(
        'watch_consent',
        sa.Column('match_id', sa.Integer(), nullable=False),
        sa.Column('seat', sa.Integer(), nullable=False),
        sa.Column('allowed_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(['match_id'], ['play_match.id'],
                                name=op.f('fk_watch_consent_match_id_play_match'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('match_id', 'seat', name=op.f('pk_watch_consent')),
    )


def downgrade() -> None:
    """Drop the two tables."""
    op.drop_table('watch_consent')
    with op.batch_alter_table('watch_link', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_watch_link_match_id'))
    op.drop_table('watch_link')
