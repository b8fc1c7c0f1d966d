"""display_prefs: the page language (issue 31)

The language of the pages, ``auto`` (the browser's Accept-Language) for the rows stored
before this revision.

Revision ID: 0020
Revises: 0019
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = '0020'
down_revision: str | None = '0019'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Apply this revision."""
    with op.batch_alter_table('display_prefs', schema=None) as batch_op:
        batch_op.add_column(sa.Column('language', sqlmodel.sql.sqltypes.AutoString(length=16),
                                      server_default='auto', nullable=False))


def downgrade() -> None:
    """Revert this revision."""
    with op.batch_alter_table('display_prefs', schema=None) as batch_op:
        batch_op.drop_column('language')
