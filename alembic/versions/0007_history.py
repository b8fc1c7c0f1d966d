"""history: hand_review and practice_hand (issue 15)

``hand_review``: one row per analysed hand of ``play_hand`` — its status (analysing,
done, failed), the ratings of the person's decisions as JSON and the analysis time.
``practice_hand``: a browser's practice hand (*Try again from here*), started from a
position of a finished hand and never counted. Both are removed with their match (and
so with the browser's session).

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-30
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Apply this revision."""
    op.create_table("hand_review",
    sa.Column("match_id", sa.Integer(), nullable=False),
    sa.Column("number", sa.Integer(), nullable=False),
    sa.Column("status", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
    sa.Column("ratings", sa.JSON(), nullable=False),
    sa.Column("seconds", sa.Float(), nullable=True),
    sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column("finished_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.ForeignKeyConstraint(["match_id"], ["play_match.id"], name=op.f("fk_hand_review_match_id_play_match"), ondelete="CASCADE"),
    sa.PrimaryKeyConstraint("match_id", "number", name=op.f("pk_hand_review"))
    )
    op.create_table("practice_hand",
    sa.Column("session_id", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column("match_id", sa.Integer(), nullable=False),
    sa.Column("number", sa.Integer(), nullable=False),
    sa.Column("start", sa.Integer(), nullable=False),
    sa.Column("log", sa.JSON(), nullable=False),
    sa.Column("version", sa.Integer(), nullable=False),
    sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.ForeignKeyConstraint(["match_id"], ["play_match.id"], name=op.f("fk_practice_hand_match_id_play_match"), ondelete="CASCADE"),
    sa.ForeignKeyConstraint(["session_id"], ["browser_session.id"], name=op.f("fk_practice_hand_session_id_browser_session"), ondelete="CASCADE"),
    sa.PrimaryKeyConstraint("session_id", name=op.f("pk_practice_hand"))
    )
    with op.batch_alter_table("practice_hand", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_practice_hand_match_id"), ["match_id"], unique=False)


def downgrade() -> None:
    """Revert this revision."""
    with op.batch_alter_table("practice_hand", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_practice_hand_match_id"))

    op.drop_table("practice_hand")
    op.drop_table("hand_review")
