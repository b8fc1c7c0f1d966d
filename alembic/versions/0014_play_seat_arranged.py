"""play_seat: the hand's own order, as the player arranged it (issue 26)

Two nullable columns of the seat: ``arranged`` (the card codes in the player's order)
and ``arranged_for`` (the match and hand that order belongs to). Rows stored before this
revision have none: their hands show in the sort's order.

Revision ID: 0014
Revises: 0012
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = '0014'
down_revision: str | None = '0012'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Apply this revision."""
    with op.batch_alter_table('play_seat', schema=None) as batch_op:
        batch_op.add_column(sa.Column('arranged', sqlmodel.sql.sqltypes.AutoString(length=40),
                                      nullable=True))
        batch_op.add_column(sa.Column('arranged_for',
                                      sqlmodel.sql.sqltypes.AutoString(length=32),
                                      nullable=True))


def downgrade() -> None:
    """Revert this revision."""
    with op.batch_alter_table('play_seat', schema=None) as batch_op:
        batch_op.drop_column('arranged_for')
        batch_op.drop_column('arranged')
