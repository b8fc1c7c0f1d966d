"""learn_lesson: a browser's place in *Learn by playing* (issue 26)

One row per browser: the taught moves made, the version that guards its taps, the hand's
sort, where Leave goes back to and whether the home page's offer was closed. Removed with
the browser's session.

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = '0015'
down_revision: str | None = '0014'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Apply this revision."""
    op.create_table(
        'learn_lesson',
        sa.Column('session_id', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column('done', sa.Integer(), nullable=False),
        sa.Column('version', sa.Integer(), nullable=False),
        sa.Column('sort', sqlmodel.sql.sqltypes.AutoString(length=8), nullable=False),
        sa.Column('back', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column('offer_closed', sa.Boolean(), nullable=False),
        sa.Column('updated_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(['session_id'], ['browser_session.id'],
                                name=op.f('fk_learn_lesson_session_id_browser_session'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('session_id', name=op.f('pk_learn_lesson')),
    )


def downgrade() -> None:
    """Revert this revision."""
    op.drop_table('learn_lesson')
