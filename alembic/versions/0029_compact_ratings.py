"""compact_ratings: a hand review's ratings stored as short lists instead of dicts

Each rating of ``hand_review.ratings`` becomes ``[index, chosen, chance]`` (the decision
taken was the best) or ``[index, chosen, chance, best, best chance, loss, mark]``, with
the chances in tenths of a percentage point, the loss in hundredths of a point and the
mark as a number (0 none, 1 inaccuracy, 2 mistake, 3 blunder): about 30 bytes a
decision instead of 160 (``Rating.to_stored`` in ``app.engine.rating``, which reads both
forms). No column changes; the downgrade writes the dicts back (the chances then rounded
to what the review showed).

Revision ID: 0029
Revises: 0028
Create Date: 2026-12-06
"""

from collections.abc import Callable, Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

revision: str = '0029'
down_revision: str | None = '0028'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MARKS = ("", "inaccuracy", "mistake", "blunder")
BATCH = 500

hand_review = sa.table(
    'hand_review',
    sa.column('match_id', sa.Integer),
    sa.column('number', sa.Integer),
    sa.column('seat', sa.Integer),
    sa.column('ratings', sa.JSON),
)


def _compact(rating: Any) -> Any:
    """One rating as ``Rating.to_stored`` writes it (anything but a dict unchanged)."""
    if not isinstance(rating, dict):
        return rating
    chance = round(float(rating["chosen_chance"]) * 1000)
    loss, mark = float(rating["loss"]), str(rating["mark"])
    if rating["best"] == rating["chosen"] and not loss and not mark:
        return [int(rating["index"]), str(rating["chosen"]), chance]
    return [int(rating["index"]), str(rating["chosen"]), chance, str(rating["best"]),
            round(float(rating["best_chance"]) * 1000), round(loss * 100), MARKS.index(mark)]


def _expand(rating: Any) -> Any:
    """One compact rating as ``Rating.to_dict`` wrote it (a dict unchanged)."""
    if not isinstance(rating, list):
        return rating
    index, chosen, chance = int(rating[0]), str(rating[1]), int(rating[2]) / 1000
    if len(rating) == 3:
        return {"index": index, "chosen": chosen, "best": chosen, "chosen_chance": chance,
                "best_chance": chance, "loss": 0.0, "mark": ""}
    return {"index": index, "chosen": chosen, "best": str(rating[3]),
            "chosen_chance": chance, "best_chance": int(rating[4]) / 1000,
            "loss": int(rating[5]) / 100, "mark": MARKS[int(rating[6])]}


def _rewrite(convert: Callable[[Any], Any]) -> None:
    """Rewrite every row's ratings with ``convert``, :data:`BATCH` rows at a time (in key
    order, so memory stays bounded however many hands were analysed)."""
    bind = op.get_bind()
    key = (hand_review.c.match_id, hand_review.c.number, hand_review.c.seat)
    after: tuple[int, int, int] | None = None
    while True:
        query = sa.select(*key, hand_review.c.ratings).order_by(*key).limit(BATCH)
        if after is not None:
            query = query.where(sa.tuple_(*key) > sa.tuple_(*after))
        rows = bind.execute(query).all()
        if not rows:
            return
        for match_id, number, seat, ratings in rows:
            if isinstance(ratings, list):
                new = [convert(rating) for rating in ratings]
                if new != ratings:
                    bind.execute(sa.update(hand_review).where(
                        hand_review.c.match_id == match_id, hand_review.c.number == number,
                        hand_review.c.seat == seat).values(ratings=new))
        last = rows[-1]
        after = (last[0], last[1], last[2])


def upgrade() -> None:
    """Store every rating compactly."""
    _rewrite(_compact)


def downgrade() -> None:
    """Store every rating as a dict again."""
    _rewrite(_expand)
