"""display_prefs: card back, felt, sound and vibration (issue 26)

Four more display settings of a browser; the rows stored before this revision get the
defaults (the red lattice back, the green felt, sound and vibration off).

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = '0012'
down_revision: str | None = '0011'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Apply this revision."""
    with op.batch_alter_table('display_prefs', schema=None) as batch_op:
        batch_op.add_column(sa.Column('card_back', sqlmodel.sql.sqltypes.AutoString(length=16),
                                      server_default='red', nullable=False))
        batch_op.add_column(sa.Column('felt', sqlmodel.sql.sqltypes.AutoString(length=16),
                                      server_default='green', nullable=False))
        batch_op.add_column(sa.Column('sound', sqlmodel.sql.sqltypes.AutoString(length=16),
                                      server_default='off', nullable=False))
        batch_op.add_column(sa.Column('vibration', sqlmodel.sql.sqltypes.AutoString(length=16),
                                      server_default='off', nullable=False))


def downgrade() -> None:
    """Revert this revision."""
    with op.batch_alter_table('display_prefs', schema=None) as batch_op:
        batch_op.drop_column('vibration')
        batch_op.drop_column('sound')
        batch_op.drop_column('felt')
        batch_op.drop_column('card_back')
