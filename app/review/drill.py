"""The drill (``/train``): this browser's own costly decisions, asked again until learnt.

The queue is built from the analysis already stored (``hand_review``, see
:mod:`app.review.analysis`): every decision of this browser's analysed hands (its own
seat: seat 0 against the computer, its own seat in a friend match) that Expert's
evaluation marked a blunder, a mistake or an inaccuracy (:data:`app.engine.rating.MARKS`),
blunders first, then mistakes, then inaccuracies, the costliest first within each. Each
item is asked as the position it was (:mod:`app.review.spot`: only what the player could
see then); the answer is right when it is Expert's best move, and the answer page shows
Expert's best and the move played then, each with its chance to win the match, as the
analysis stored them.

Spaced repetition is FSRS (the Free Spaced Repetition Scheduler, FSRS-6 with its
published default parameters, through the ``fsrs`` package, fuzzing off so that a
schedule is reproducible): a right answer counts as *Good*, a wrong one as *Again*. A new
item that is missed comes back after a minute, a right one after ten; then the
intervals grow (two days, nine, ...). An item whose next interval reaches
:data:`LEARNT_DAYS` is learnt and leaves the queue. An item has no row until it is first
answered (``drill_card``), so reading the queue writes nothing.

An answer names its item (``<match>-<hand>-<position>``) and the version it was asked
at: an item that is not this browser's, not due, or answered meanwhile (a stale version)
is refused (404, 409, 409), and a move that was not legal there (400), each without a
change. Progress: the items learnt of all, those due, today's answers; the streak is
the run of UTC days, up to today (or yesterday, before today's first answer), with an
answer (``drill_day``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any

import fsrs
from sqlalchemy import update
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, or_, select

from app.core.i18n import N_
from app.core.models import DrillCard, DrillDay, HandReview, PlayMatch, utcnow
from app.engine.rating import Rating
from app.review import analysis
from app.review import history as hist
from app.review.spot import Spot, spot_of
from app.table.common import PlayError

LEARNT_DAYS = 21
"""An item whose next interval is at least this many days is learnt: it leaves the
queue."""
DRILLED = ("blunder", "mistake", "inaccuracy")
"""The marks the drill asks, in the queue's order."""
HANDS_READ = 500
"""The most recent analysed hands of a browser the queue is built from."""
SCHEDULER = fsrs.Scheduler(enable_fuzzing=False)
"""FSRS with its published default parameters (desired retention 0.9, learning steps of
1 and 10 minutes, relearning 10 minutes)."""

NOT_AN_ITEM = N_("There is no such question in your drill: it may have been learnt or "
                 "forgotten with its match. Nothing was changed.")
NOT_DUE = N_("This question is not due yet: it was answered already. Nothing was changed.")
STALE = N_("This question was answered meanwhile (in another tab?). Nothing was changed.")
ILLEGAL = N_("That move was not possible in this position. Nothing was changed.")


class NotDueError(PlayError):
    """An answer to an item that is not due, or at a stale version (409)."""

    status_code = 409


class NoItemError(PlayError):
    """An answer that names no item of this browser's drill (404)."""

    status_code = 404


@dataclass(frozen=True, slots=True)
class Item:
    """One rated decision in the drill: hand ``number`` of match ``match_id``, the
    decision that led to position ``index``, with its stored ``rating`` and its
    spaced-repetition row (``None``: new)."""

    match_id: int
    number: int
    index: int
    rating: Rating
    card: DrillCard | None

    @property
    def key(self) -> str:
        """The item's id in forms and addresses: ``<match>-<hand>-<position>``."""
        return f"{self.match_id}-{self.number}-{self.index}"

    @property
    def version(self) -> int:
        """The version an answer must name (0 for a new item)."""
        return self.card.version if self.card is not None else 0

    def due(self, now: datetime) -> bool:
        """True when the item is asked now: new, or due and not learnt."""
        card = self.card
        return card is None or (not card.learnt and _aware(card.due) <= now)


def _aware(moment: datetime) -> datetime:
    """``moment`` as an aware UTC time (SQLite returns naive times)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def items(db: Session, session_id: str) -> list[Item]:
    """Every drilled decision of this browser's analysed hands (module docstring), in
    the queue's order: by mark, then by the loss, the costliest first, then the most
    recent hand first."""
    rows = db.exec(
        select(HandReview, PlayMatch.session_id)
        .join(PlayMatch, col(PlayMatch.id) == col(HandReview.match_id))
        .where(col(HandReview.status) == "done",
               or_((col(PlayMatch.session_id) == session_id) & (col(HandReview.seat) == 0),
                   (col(PlayMatch.guest_session_id) == session_id)
                   & (col(HandReview.seat) == 1)))
        .order_by(col(HandReview.finished_at).desc()).limit(HANDS_READ)).all()
    cards = {(c.match_id, c.number, c.index): c for c in db.exec(
        select(DrillCard).where(col(DrillCard.session_id) == session_id)).all()}
    found: list[tuple[tuple[int, float, int], Item]] = []
    for order, (row, _owner) in enumerate(rows):
        for data in row.ratings:
            rating = Rating.from_stored(data)
            if rating.mark not in DRILLED or rating.best == rating.chosen:
                continue
            key = (row.match_id, row.number, rating.index)
            found.append(((DRILLED.index(rating.mark), -rating.loss, order),
                          Item(*key, rating, cards.get(key))))
    found.sort(key=lambda pair: pair[0])
    return [item for _, item in found]


@dataclass(frozen=True, slots=True)
class Progress:
    """The drill's figures: items in all, learnt, due now; today's answers and right
    ones; the streak in days; when the next item not yet due comes (``None``: none)."""

    total: int
    learnt: int
    due: int
    today: int
    today_solved: int
    streak: int
    next_due: datetime | None


def streak(days: set[date], today: date) -> int:
    """The run of consecutive days in ``days`` ending today, or yesterday when today
    has no answer yet (0 when neither has)."""
    day = today if today in days else today - timedelta(days=1)
    count = 0
    while day in days:
        count += 1
        day -= timedelta(days=1)
    return count


def progress(db: Session, session_id: str, queue: list[Item], now: datetime) -> Progress:
    """This browser's progress in the drill (:class:`Progress`)."""
    rows = db.exec(select(DrillDay).where(col(DrillDay.session_id) == session_id)).all()
    # Counts are read as numbers (a stored value that is none fails here, and the row is
    # set aside: app.core.setaside), never shown as they are stored.
    counts = {r.day: (int(r.answered), int(r.solved)) for r in rows}
    today = now.date()
    answered, solved = counts.get(today, (0, 0))
    waiting = [_aware(i.card.due) for i in queue
               if i.card is not None and not i.card.learnt and not i.due(now)]
    return Progress(len(queue), sum(1 for i in queue if i.card is not None and i.card.learnt),
                    sum(1 for i in queue if i.due(now)),
                    answered, solved,
                    streak({day for day, (done, _) in counts.items() if done}, today),
                    min(waiting) if waiting else None)


def parse_key(text: str) -> tuple[int, int, int]:
    """An item's id as posted (``<match>-<hand>-<position>``).

    Raises:
        NoItemError: anything else.
    """
    parts = text.split("-")
    if len(parts) != 3 or not all(p.isdigit() and 0 < len(p) < 10 for p in parts):
        raise NoItemError(NOT_AN_ITEM)
    return int(parts[0]), int(parts[1]), int(parts[2])


def find(queue: list[Item], key: str) -> Item:
    """The item ``key`` names in ``queue``.

    Raises:
        NoItemError: no such item of this browser.
    """
    wanted = parse_key(key)
    for item in queue:
        if (item.match_id, item.number, item.index) == wanted:
            return item
    raise NoItemError(NOT_AN_ITEM)


def spot(db: Session, session_id: str, item: Item) -> Spot:
    """The position of ``item`` as the player saw it then (the hand replayed from its
    seed and log: a pure replay, no search).

    Raises:
        NoItemError: the hand is no longer in this browser's history, or does not hold
            the decision.
    """
    try:
        facts = hist.hand_facts(db, session_id, item.match_id, item.number)
    except hist.NotInHistoryError as error:
        raise NoItemError(NOT_AN_ITEM) from error
    decisions = analysis.hand_decisions(facts.rules.to_dict(), facts.seed, facts.number,
                                        facts.dealer, facts.scores, list(facts.log),
                                        facts.seats.me)
    for decision in decisions:
        if decision.index == item.index:
            return spot_of(decision.view)
    raise NoItemError(NOT_AN_ITEM)


@dataclass(frozen=True, slots=True)
class Answered:
    """An answer as its page shows it: the move given, whether it was Expert's best,
    the item (its rating: Expert's best and the move played then, with their chances)
    and when it comes back (``None``: learnt)."""

    item: Item
    answer: str
    solved: bool
    comes_back: datetime | None


def _new_card() -> fsrs.Card:
    return fsrs.Card(card_id=1)


def review(card: dict[str, Any] | None, solved: bool,
           now: datetime) -> tuple[dict[str, Any], datetime, bool]:
    """The FSRS step of one answer: the card's stored form after it, its next due time,
    and whether it is now learnt (its interval is at least :data:`LEARNT_DAYS`)."""
    current = fsrs.Card.from_dict(card) if card is not None else _new_card()  # type: ignore[arg-type]
    grade = fsrs.Rating.Good if solved else fsrs.Rating.Again
    after, _log = SCHEDULER.review_card(current, grade, now)
    stored: dict[str, Any] = dict(after.to_dict())
    return stored, after.due, after.due - now >= timedelta(days=LEARNT_DAYS)


def answer(db: Session, session_id: str, key: str, move: str, version: str,
           now: datetime | None = None) -> Answered:
    """Answer the item ``key`` with ``move`` (an action text), asked at ``version``.

    Raises:
        NoItemError: no such item of this browser (404).
        NotDueError: the item is not due, or ``version`` is stale (409).
        PlayError: ``move`` was not legal there (400).
    Nothing is written when it raises.
    """
    now = now or utcnow()
    item = find(items(db, session_id), key)
    if not item.due(now):
        raise NotDueError(NOT_DUE)
    if version.strip() != str(item.version):
        raise NotDueError(STALE)
    if move not in spot(db, session_id, item).legal:
        raise PlayError(ILLEGAL)
    solved = move == item.rating.best
    stored, due, learnt = review(item.card.card if item.card is not None else None,
                                 solved, now)
    values: dict[str, Any] = {"card": stored, "due": due, "learnt": learnt, "updated_at": now,
              "answered": (item.card.answered if item.card else 0) + 1,
              "solved": (item.card.solved if item.card else 0) + int(solved),
              "version": item.version + 1}
    if item.card is None:
        db.add(DrillCard(session_id=session_id, match_id=item.match_id,
                         number=item.number, index=item.index, **values))
        try:
            db.flush()
        except IntegrityError as error:
            db.rollback()
            raise NotDueError(STALE) from error
    else:
        result = db.exec(update(DrillCard).where(
            col(DrillCard.session_id) == session_id,
            col(DrillCard.match_id) == item.match_id,
            col(DrillCard.number) == item.number, col(DrillCard.index) == item.index,
            col(DrillCard.version) == item.version).values(**values)
            .execution_options(synchronize_session=False))
        if not result.rowcount:
            raise NotDueError(STALE)
        db.expire_all()  # the card read above is stale now
    _count_day(db, session_id, now.date(), solved)
    return Answered(item, move, solved, None if learnt else due)


def _count_day(db: Session, session_id: str, day: date, solved: bool) -> None:
    """Count one answer in the browser's day (progress and streak)."""
    row = db.get(DrillDay, (session_id, day))
    if row is None:
        db.add(DrillDay(session_id=session_id, day=day, answered=1, solved=int(solved)))
    else:
        row.answered += 1
        row.solved += int(solved)
        db.add(row)
    db.flush()


__all__ = ["DRILLED", "HANDS_READ", "LEARNT_DAYS", "SCHEDULER", "Answered", "Item",
           "NoItemError", "NotDueError", "Progress", "answer", "find", "items",
           "parse_key", "progress", "review", "spot", "streak"]
