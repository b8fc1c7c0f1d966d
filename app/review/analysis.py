"""Hand analysis off the request path: one seat's decisions in a finished
hand rated by Expert's evaluation (:mod:`app.engine.rating`), stored in ``hand_review``
(one row per hand and seat: against the computer only seat 0 is rated; in a friend
match each player's own decisions, from their own view).

:func:`schedule` is called when a hand ends (:func:`queue_hand`, run after the commit
that ended it) and by the review page for a hand that has
no analysis yet, or whose analysis was lost in a restart). It inserts the hand's
``hand_review`` row (of that seat) as ``analysing`` and hands the hand to one dispatcher
thread, which queues it as one job in the shared process pool of
:mod:`app.core.workers` as *background* work (so a player's computer move or hint never
waits behind an analysis; the job replays the hand and rates its decisions) and stores
the ratings when they are in. The review page shows "analysing…"
until the row is ``done``.

:func:`configure` turns the analysis on or off; the pool's size is ``COMPUTE_WORKERS``
(0: the dispatcher thread computes itself — tests, tiny hosts).
"""

from __future__ import annotations

import contextvars
import logging
import threading
import time
from concurrent.futures import CancelledError, Future, ThreadPoolExecutor
from datetime import timedelta
from typing import Any

from sqlalchemy import Engine, update
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col

from app.core import metrics, statcache, switches, workers
from app.core.models import HandReview, PlayMatch, utcnow
from app.engine import MatchState, Rules, standing
from app.engine.match import Seed
from app.engine.rating import rate, rate_all
from app.engine.review import Decision, decisions, hand_positions

log = logging.getLogger("app.review.analysis")

PERSON = 0
STALE_AFTER = timedelta(minutes=5)
"""An ``analysing`` row older than this was lost (a restart): it is scheduled again."""

_lock = threading.Lock()
_enabled = True
_dispatcher: ThreadPoolExecutor | None = None


def configure(*, enabled: bool = True) -> None:
    """``enabled=False`` analyses nothing (:func:`schedule` does nothing)."""
    global _enabled
    with _lock:
        _enabled = enabled


def enabled() -> bool:
    """True when finished hands are analysed (see :func:`configure`)."""
    return _enabled


def shutdown() -> None:
    """Stop the dispatcher (pending hands are dropped; their rows stay ``analysing`` and
    are scheduled again when next viewed). Call :func:`app.core.workers.shutdown` too."""
    global _dispatcher
    with _lock:
        dispatcher, _dispatcher = _dispatcher, None
    if dispatcher is not None:
        dispatcher.shutdown(wait=False, cancel_futures=True)


def hand_decisions(rules: dict[str, Any], seed: Seed, number: int, dealer: int,
                   scores: tuple[int, int], log_: list[tuple[int, str]],
                   seat: int = PERSON) -> list[Decision]:
    """``seat``'s decisions in one finished hand (0 or 1; ``scores`` are both seats'
    hand points before it, seat 0 first), each with that player's view then — never
    the other's hidden cards (forced moves left out: see
    :func:`app.engine.review.decisions`).

    Raises:
        GameError: the hand does not replay.
    """
    positions = hand_positions(Rules.from_dict(rules), seed, number, dealer, log_)
    return decisions(positions, seat, scores, number - 1)


def rate_decision(decision: Decision) -> list[Any]:
    """One decision's rating in its stored form (:meth:`~app.engine.rating.Rating.to_stored`;
    pure computation)."""
    return rate(decision).to_stored()


def rate_hand(rules: dict[str, Any], seed: Seed, number: int, dealer: int,
              scores: tuple[int, int], log_: list[tuple[int, str]],
              seat: int = PERSON) -> list[list[Any]]:
    """``seat``'s decisions in one finished hand rated, in their stored form
    (:meth:`~app.engine.rating.Rating.to_stored`) in the order of the hand, by
    :func:`~app.engine.rating.rate_all` (a decision's search may start on the samples of
    the one before; a job of the pool: the hand is replayed there, so only its log
    travels).

    Raises:
        GameError: the hand does not replay.
    """
    chosen = hand_decisions(rules, seed, number, dealer, scores, log_, seat)
    return [rating.to_stored() for rating in rate_all(chosen)]


def analyse(rules: dict[str, Any], seed: Seed, number: int, dealer: int,
            scores: tuple[int, int], log_: list[tuple[int, str]],
            seat: int = PERSON) -> tuple[list[list[Any]], float]:
    """Rate ``seat``'s decisions in one finished hand: ``(ratings in their stored form,
    seconds)``,
    the seconds from queueing the hand to its last rating (waiting for the pool
    included).

    The hand is one background job of :mod:`app.core.workers` (:func:`rate_hand`;
    computed here when the pool has size 0): a job per decision cost more in pickling
    and scheduling than a decision's rating (``bench/review.py``). Each decision's
    search is seeded by its place in the hand alone, the discard after a draw starting
    on the draw's samples that still hold (:func:`~app.engine.rating.rate_all`).

    Raises:
        GameError: the hand does not replay. CancelledError: the pool was shut down.
    """
    start = time.perf_counter()
    ratings = workers.background(rate_hand, rules, seed, number, dealer, scores, log_,
                                 seat).result()
    return ratings, time.perf_counter() - start


def _row(match_id: int, number: int, seat: int) -> Any:
    """The ``WHERE`` of one hand's review row for one seat."""
    return (col(HandReview.match_id) == match_id, col(HandReview.number) == number,
            col(HandReview.seat) == seat)


def _job(engine: Engine, match_id: int, number: int, seat: int,
         args: tuple[Any, ...]) -> None:
    try:
        ratings, seconds = analyse(*args)
        values: dict[str, Any] = {"status": "done", "ratings": ratings,
                                  "seconds": round(seconds, 3)}
    except CancelledError:  # shut down: the row stays ``analysing`` (scheduled again)
        return
    except Exception:  # a hand that does not replay: say so, never loop
        log.exception("analysis of hand %s of match %s (seat %s) failed", number, match_id,
                      seat)
        values = {"status": "failed", "ratings": []}
    values["finished_at"] = utcnow()
    with Session(engine) as db:
        db.exec(update(HandReview).where(*_row(match_id, number, seat))
                .values(**values).execution_options(synchronize_session=False))
        statcache.bump_players(db, match_id)  # the accuracy, luck and play moved
        db.commit()


def schedule(engine: Engine, match_id: int, number: int, rules: dict[str, Any], seed: Seed,
             dealer: int, scores: tuple[int, int], log_: list[tuple[int, str]],
             *, seat: int = PERSON, again: bool = False) -> Future[None] | None:
    """Queue the analysis of ``seat``'s decisions in a finished hand; ``None`` when it
    is already analysed or queued (its ``hand_review`` row for that seat exists),
    unless ``again`` (a lost job).

    Writes the ``analysing`` row in its own transaction, then returns at once: the
    search runs in the pool (see the module docstring).
    """
    global _dispatcher
    if not _enabled or not switches.is_on(engine, "analysis"):
        return None
    with Session(engine) as db:
        if again:
            db.exec(update(HandReview).where(*_row(match_id, number, seat))
                    .values(status="analysing", created_at=utcnow())
                    .execution_options(synchronize_session=False))
        else:
            db.add(HandReview(match_id=match_id, number=number, seat=seat))
        try:
            db.commit()
        except IntegrityError:
            db.rollback()
            return None
    with _lock:
        if _dispatcher is None:
            _dispatcher = ThreadPoolExecutor(max_workers=1, thread_name_prefix="analysis")
        dispatcher = _dispatcher
    args = (rules, seed, number, dealer, scores, log_, seat)
    # The request's owner goes along, so the pool serves each browser's analysis in turn.
    future = dispatcher.submit(contextvars.copy_context().run, _job, engine, match_id,
                               number, seat, args)
    metrics.ANALYSIS_BACKLOG.inc()  # until rated, failed or dropped at shutdown
    future.add_done_callback(lambda _done: metrics.ANALYSIS_BACKLOG.dec())
    return future


def queue_hand(engine: Engine, game: PlayMatch, match: MatchState) -> None:
    """Queue the rating of the person's decisions in the hand of ``match`` that just
    ended (off the request path): seat 0's against the computer, each friend's own in a
    friend match (issue 18). ``app.table.storage`` calls it once the change that ended the
    hand is committed (``app.main`` passes it in: Play imports nothing of the review).
    The hand is rated at the points it was played at
    (:func:`~app.engine.scoring.standing`: in Hollywood, the first open game's)."""
    assert game.id is not None
    points = standing(match.records[:-1], match.rules)
    for seat in (0, 1) if game.friend else (0,):
        schedule(engine, game.id, match.hand_number, match.rules.to_dict(), match.seed,
                 match.dealer, points, list(match.hand_log), seat=seat)


def is_lost(row: HandReview) -> bool:
    """True for an ``analysing`` row whose job was lost (older than :data:`STALE_AFTER`)."""
    created = row.created_at
    return row.status == "analysing" and utcnow() - created > STALE_AFTER


__all__ = ["analyse", "configure", "enabled", "hand_decisions", "is_lost", "queue_hand",
           "rate_decision", "rate_hand", "schedule", "shutdown"]
