"""repair databases made by 0.3.0: what 0014, 0015 and 0018 would have made

0.3.0 shipped with 0019 following 0012. After the release 0019 was re-parented to
follow 0018, so 0014 (``play_seat.arranged``, ``arranged_for``), 0015 (``learn_lesson``)
and 0018 (``set_aside_row``) now stand before it: a 0.3.0 database (at 0021) was upgraded
to head without them, and every page that reads a seat, the lesson or a set-aside row
answered 500. This revision creates whatever of them is missing and touches nothing that
is there, so it is a no-op on a database that went through the chain in order
(docs/operating.md, "Upgrading"; docs/development.md, "Migrations": a released migration
is never edited or re-parented).

The downgrade removes nothing: it cannot tell what it created from what 0014, 0015 and
0018 made, and those revisions' own downgrades remove it.

Revision ID: 0024
Revises: 0023
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = '0024'
down_revision: str | None = '0023'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Create the columns and tables of 0014, 0015 and 0018 where they are missing."""
    inspector = sa.inspect(op.get_bind())
    tables = set(inspector.get_table_names())
    seat_columns = {column['name'] for column in inspector.get_columns('play_seat')}
    missing = [name for name in ('arranged', 'arranged_for') if name not in seat_columns]
    if missing:
        with op.batch_alter_table('play_seat', schema=None) as batch_op:
            if 'arranged' in missing:
                batch_op.add_column(sa.Column(
                    'arranged', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=True))
            if 'arranged_for' in missing:
                batch_op.add_column(sa.Column(
                    'arranged_for', sqlmodel.sql.sqltypes.AutoString(length=32),
                    nullable=True))
    if 'learn_lesson' not in tables:
        op.create_table(
            'learn_lesson',
            sa.Column('session_id', sqlmodel.sql.sqltypes.AutoString(length=64),
                      nullable=False),
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
    if 'set_aside_row' not in tables:
        op.create_table(
            'set_aside_row',
            sa.Column('id', sa.Integer(), nullable=False),
            sa.Column('table_name', sqlmodel.sql.sqltypes.AutoString(length=64),
                      nullable=False),
            sa.Column('row_key', sqlmodel.sql.sqltypes.AutoString(length=200),
                      nullable=False),
            sa.Column('session_id', sqlmodel.sql.sqltypes.AutoString(length=64),
                      nullable=True),
            sa.Column('reason', sqlmodel.sql.sqltypes.AutoString(length=500),
                      nullable=False),
            sa.Column('data', sa.Text(), nullable=False),
            sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
            sa.PrimaryKeyConstraint('id', name=op.f('pk_set_aside_row')),
        )
        with op.batch_alter_table('set_aside_row', schema=None) as batch_op:
            batch_op.create_index(batch_op.f('ix_set_aside_row_session_id'), ['session_id'],
                                  unique=False)


def downgrade() -> None:
    """Nothing to revert (see the module docstring)."""
