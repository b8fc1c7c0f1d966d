"""*Review together*: both players of a friend match step through a finished hand's
review at once, live.

Either player's review offers *Review together*
(``/play/history/<match>/<hand>/together``). Each player's page is their own seat's
view (:func:`app.review.share.seat_review`: their own ratings, their own hand, the
other hand only as it was shown at the hand's end). Where the two stand is one row per
match (``review_together``: the hand and its position, with a ``version``); a step by
either (:func:`step`) writes it, and the route announces it on the friend match's live
signal (``app.friend.live``), so the other player's open page, listening on
``…/together/events``, shows the same position. A step names the version it was taken
at; a stale one (both stepped at once) is refused (409) without a change, and the page
follows the position that won. Only the match's two players may read or step (404 for
anyone else).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import update
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col

from app.core.i18n import N_
from app.core.models import PlayMatch, ReviewTogether, utcnow
from app.review import history as hist
from app.table.common import PlayError

STALE = N_("The other player moved the review first: it now shows their position.")
NOT_FRIEND = N_("Only a hand of a match against a friend can be reviewed together.")


class StaleStepError(PlayError):
    """A step taken at an old version (409)."""

    status_code = 409


@dataclass(frozen=True, slots=True)
class Where:
    """Where both players stand: hand ``number``, position ``step``, ``version``."""

    number: int
    step: int
    version: int

    @property
    def text(self) -> str:
        """The live signal's data: ``"<hand> <position> <version>"``."""
        return f"{self.number} {self.step} {self.version}"


def hand(db: Session, session_id: str, match_id: int | None,
         number: int | None) -> tuple[PlayMatch, hist.HandFacts]:
    """The friend match and this browser's finished hand to review together.

    Raises:
        NotInHistoryError: not this browser's finished hand, or not a friend match (404).
    """
    facts = hist.hand_facts(db, session_id, match_id, number)
    game = db.get(PlayMatch, facts.match_id)
    if game is None or not game.friend:
        raise hist.NotInHistoryError(NOT_FRIEND)
    return game, facts


def where(db: Session, match_id: int, number: int) -> Where:
    """Where the two stand in hand ``number`` (the deal, version 0, when the match's row
    is for another hand or there is none yet)."""
    row = db.get(ReviewTogether, match_id)
    if row is None:
        return Where(number, 0, 0)
    db.refresh(row)
    return Where(row.number, row.step, row.version)


def step(db: Session, facts: hist.HandFacts, position: int, version: int) -> Where:
    """Move both players to ``position`` of hand ``facts`` (clamped to the hand's
    positions), taken at ``version``.

    Raises:
        StaleStepError: ``version`` is not the current one (nothing written).
    """
    assert facts.match_id is not None
    position = max(0, min(position, len(facts.log)))
    now = utcnow()
    if db.get(ReviewTogether, facts.match_id) is None:
        if version != 0:
            raise StaleStepError(STALE)
        db.add(ReviewTogether(match_id=facts.match_id, number=facts.number, step=position,
                              version=1, updated_at=now))
        try:
            db.flush()
        except IntegrityError as error:
            db.rollback()
            raise StaleStepError(STALE) from error
        return Where(facts.number, position, 1)
    result = db.exec(update(ReviewTogether).where(
        col(ReviewTogether.match_id) == facts.match_id,
        col(ReviewTogether.version) == version)
        .values(number=facts.number, step=position, version=version + 1, updated_at=now)
        .execution_options(synchronize_session=False))
    if not result.rowcount:
        raise StaleStepError(STALE)
    return Where(facts.number, position, version + 1)


__all__ = ["StaleStepError", "Where", "hand", "step", "where"]
