"""Hand analysis off the request path (issue 15): the person's decisions in a finished
hand rated by Expert's evaluation (:mod:`app.engine.rating`), stored in ``hand_review``.

:func:`schedule` is called when a hand ends (and by the review page for a hand that has
no analysis yet, or whose analysis was lost in a restart). It inserts the hand's
``hand_review`` row as ``analysing`` and hands the job to one dispatcher thread, which
runs the search in a separate process (``spawn``; the search holds the GIL, so in a
request thread it would slow every other player's tap) and stores the ratings. The
review page shows "analysing…" until the row is ``done``.

:func:`configure` sets the number of analysis processes (0: the dispatcher thread
computes itself — tests, tiny hosts); :func:`shutdown` stops them.
"""

from __future__ import annotations

import logging
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from datetime import timedelta
from typing import Any

from sqlalchemy import Engine, update
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col

from app import workers
from app.engine import Rules
from app.engine.match import Seed
from app.engine.rating import rate_all
from app.engine.review import decisions, hand_positions
from app.models import HandReview, utcnow

log = logging.getLogger("app.analysis")

PERSON = 0
STALE_AFTER = timedelta(minutes=5)
"""An ``analysing`` row older than this was lost (a restart): it is scheduled again."""

_lock = threading.Lock()
_size = 1
_enabled = True
_pool: ProcessPoolExecutor | None = None
_dispatcher: ThreadPoolExecutor | None = None


def configure(size: int, *, enabled: bool = True) -> None:
    """Use ``size`` analysis processes from now on (0: compute in the dispatcher thread);
    ``enabled=False`` analyses nothing (:func:`schedule` does nothing)."""
    global _size, _enabled
    with _lock:
        _size, _enabled = max(0, size), enabled


def enabled() -> bool:
    """True when finished hands are analysed (see :func:`configure`)."""
    return _enabled


def shutdown() -> None:
    """Stop the dispatcher and the analysis processes (pending jobs are dropped; their
    rows stay ``analysing`` and are scheduled again when next viewed)."""
    global _pool, _dispatcher
    with _lock:
        pool, _pool = _pool, None
        dispatcher, _dispatcher = _dispatcher, None
    if dispatcher is not None:
        dispatcher.shutdown(wait=False, cancel_futures=True)
    if pool is not None:
        pool.shutdown(wait=False, cancel_futures=True)


def analyse(rules: dict[str, Any], seed: Seed, number: int, dealer: int,
            scores: tuple[int, int], log_: list[tuple[int, str]]) -> tuple[list[dict[str, Any]],
                                                                          float]:
    """Rate the person's decisions in one finished hand: ``(ratings as dicts, seconds)``.

    Pure computation (runs in an analysis process).

    Raises:
        GameError: the hand does not replay.
    """
    start = time.perf_counter()
    positions = hand_positions(Rules.from_dict(rules), seed, number, dealer, log_)
    ratings = rate_all(decisions(positions, PERSON, scores))
    return [r.to_dict() for r in ratings], time.perf_counter() - start


def _compute(*args: Any) -> tuple[list[dict[str, Any]], float]:
    for _attempt in range(2):
        with _lock:
            size = _size
            global _pool
            if size and _pool is None:
                _pool = workers.new_pool(size)
            pool = _pool if size else None
        if pool is None:
            break
        try:
            return pool.submit(analyse, *args).result()
        except BrokenProcessPool:
            log.warning("an analysis process died: starting a new one")
            with _lock:
                if _pool is pool:
                    _pool = None
    return analyse(*args)


def _job(engine: Engine, match_id: int, number: int, args: tuple[Any, ...]) -> None:
    try:
        ratings, seconds = _compute(*args)
        values: dict[str, Any] = {"status": "done", "ratings": ratings,
                                  "seconds": round(seconds, 3)}
    except Exception:  # a hand that does not replay: say so, never loop
        log.exception("analysis of hand %s of match %s failed", number, match_id)
        values = {"status": "failed", "ratings": []}
    values["finished_at"] = utcnow()
    with Session(engine) as db:
        db.exec(update(HandReview).where(col(HandReview.match_id) == match_id,
                                         col(HandReview.number) == number)
                .values(**values).execution_options(synchronize_session=False))
        db.commit()


def schedule(engine: Engine, match_id: int, number: int, rules: dict[str, Any], seed: Seed,
             dealer: int, scores: tuple[int, int], log_: list[tuple[int, str]],
             *, again: bool = False) -> Future[None] | None:
    """Queue the analysis of a finished hand; ``None`` when it is already analysed or
    queued (its ``hand_review`` row exists), unless ``again`` (a lost job).

    Writes the ``analysing`` row in its own transaction, then returns at once: the
    search runs in the dispatcher thread and an analysis process.
    """
    global _dispatcher
    if not _enabled:
        return None
    with Session(engine) as db:
        if again:
            db.exec(update(HandReview).where(col(HandReview.match_id) == match_id,
                                             col(HandReview.number) == number)
                    .values(status="analysing", created_at=utcnow())
                    .execution_options(synchronize_session=False))
        else:
            db.add(HandReview(match_id=match_id, number=number))
        try:
            db.commit()
        except IntegrityError:
            db.rollback()
            return None
    with _lock:
        if _dispatcher is None:
            _dispatcher = ThreadPoolExecutor(max_workers=1, thread_name_prefix="analysis")
        dispatcher = _dispatcher
    args = (rules, seed, number, dealer, scores, log_)
    return dispatcher.submit(_job, engine, match_id, number, args)


def is_lost(row: HandReview) -> bool:
    """True for an ``analysing`` row whose job was lost (older than :data:`STALE_AFTER`)."""
    created = row.created_at
    return row.status == "analysing" and utcnow() - created > STALE_AFTER


__all__ = ["analyse", "configure", "enabled", "is_lost", "schedule", "shutdown"]
