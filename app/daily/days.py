"""The days of the daily deal, the same for the whole instance (docs/daily.md): each UTC
day's secret server seed and its par.

* **The seed.** A day's server seed is drawn the day before: the server keeps a row for
  today and for tomorrow (:func:`prepare_now`, at start-up and every
  :data:`PREPARE_SECONDS`; a page only reads), so its commitment (SHA-256) is shown a day
  ahead; it is revealed only once the day is over (:func:`revealed`), when nobody can
  play it for the count any more. A server started on a day it never prepared draws
  that day's seed at start-up, before anyone can play.
* **The par** — what Expert scores from the player's seat
  (:func:`app.daily.deal.par_hand`) — is computed once per instance: a row is claimed
  (``pending`` → ``computing``, one ``UPDATE`` that only one process wins), then one
  dispatcher thread plays the hand out, each of Expert's decisions a *background* job
  of the process pool of :mod:`app.core.workers`, so never on a request's path; the page says
  "par being computed" until it is stored. A claim older than :data:`PAR_STALE` (a
  restart) is taken again.
* **Today** is :func:`today`, a request dependency: tests put in another day.

Rows are written with ``INSERT … ON CONFLICT DO NOTHING``, so two requests (or processes)
preparing the same day keep the first seed drawn.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import random
import threading
from collections.abc import Iterable
from concurrent.futures import CancelledError, Future, ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any
from urllib.parse import urlencode

from sqlalchemy import Engine, or_, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import Session, SQLModel, col, select

from app.core import workers
from app.core.models import DailyDeal, utcnow
from app.daily import deal
from app.engine import Action, PlayerView
from app.engine.bots import expert
from app.engine.fairness import HandSeed, commitment
from app.table.storage import new_server_seed

log = logging.getLogger("app.daily.days")

PAR_STALE = timedelta(minutes=30)
"""A par claimed longer ago than this was lost (a restart): it is claimed again."""
PREPARE_SECONDS = 600
"""How often the server prepares today's and tomorrow's rows (a read when they exist)."""

_lock = threading.Lock()
_budget: expert.Budget = deal.PAR_BUDGET
_enabled = True
_dispatcher: ThreadPoolExecutor | None = None
_generation = 0
"""Bumped by :func:`shutdown`: a par job of an earlier generation stops."""


def today() -> date:
    """Today's date in UTC (the daily deal's day): a request dependency, so that a test
    can put in another day."""
    return datetime.now(UTC).date()


def configure(*, budget: expert.Budget | None = None, enabled: bool | None = None) -> None:
    """Set Expert's budget for the par (tests: a small one; default
    :data:`app.daily.deal.PAR_BUDGET`) and whether pars are computed at all."""
    global _budget, _enabled
    with _lock:
        if budget is not None:
            _budget = budget
        if enabled is not None:
            _enabled = enabled


def shutdown() -> None:
    """Stop the dispatcher: a par being computed stops after the decision under way, and
    its claim goes stale, to be taken again after :data:`PAR_STALE`."""
    global _dispatcher, _generation
    with _lock:
        dispatcher, _dispatcher = _dispatcher, None
        _generation += 1
    if dispatcher is not None:
        dispatcher.shutdown(wait=False, cancel_futures=True)


@dataclass(frozen=True, slots=True)
class Day:
    """A day's deal as a page may show it while the day lasts: ``seed`` is for the
    server's own use (it deals the hand) and never shown; ``commitment`` is its SHA-256.
    ``par`` (points from the player's seat) and ``par_kind`` once ``par_status`` is
    ``done``."""

    day: date
    seed: HandSeed
    par: int | None
    par_kind: str | None
    par_status: str

    @property
    def commitment(self) -> str:
        """SHA-256 of the day's server seed (shown from the day before)."""
        return self.seed.commitment


@dataclass(frozen=True, slots=True)
class Revealed:
    """A past day's seeds, revealed: ``verify_url`` opens ``/fair`` filled in (hand 1)."""

    day: date
    server_seed: str
    client_seed: str
    commitment: str
    par: int | None

    @property
    def verify_url(self) -> str:
        """The app path of ``/fair`` with this day's values filled in."""
        return "/fair?" + urlencode({"server_seed": self.server_seed,
                                     "client_seed": self.client_seed, "hand_number": 1,
                                     "commitment": self.commitment})


def insert_or_skip(db: Session, model: type[SQLModel], rows: list[dict[str, Any]],
                   keys: list[str]) -> int:
    """``INSERT … ON CONFLICT (keys) DO NOTHING`` of ``rows`` into ``model``'s table
    (SQLite and PostgreSQL): how many were added; a row another request added first is
    kept, with no error to roll back."""
    if not rows:
        return 0
    dialect = db.get_bind().dialect.name
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    statement = insert(model).values(rows).on_conflict_do_nothing(index_elements=keys)
    return int(db.exec(statement).rowcount)


def _insert_missing(db: Session, days: Iterable[date]) -> None:
    """Add a row with a fresh server seed for each of ``days`` that has none."""
    insert_or_skip(db, DailyDeal, [{"day": day, "server_seed": new_server_seed(),
                                    "par_status": "pending", "created_at": utcnow()}
                                   for day in days], ["day"])


def prepare(db: Session, day: date) -> list[date]:
    """Add ``day``'s row and tomorrow's when missing (in ``db``'s unit of work): the
    days of those whose par is still to compute (pending, or claimed too long ago)."""
    wanted = (day, day + timedelta(days=1))
    rows = {row.day: row for row in db.exec(
        select(DailyDeal).where(col(DailyDeal.day).in_(wanted))).all()}
    if len(rows) < len(wanted):
        _insert_missing(db, [d for d in wanted if d not in rows])
        db.flush()
        rows = {row.day: row for row in db.exec(
            select(DailyDeal).where(col(DailyDeal.day).in_(wanted))).all()}
    return sorted(d for d, row in rows.items() if _needs_par(row))


def _day(row: DailyDeal) -> Day:
    return Day(row.day, HandSeed(row.server_seed, deal.client_seed(row.day)), row.par,
               row.par_kind, row.par_status)


def _needs_par(row: DailyDeal) -> bool:
    if row.par_status == "pending":
        return True
    started = row.par_started_at
    return row.par_status == "computing" and (started is None
                                              or utcnow() - started > PAR_STALE)


def load(db: Session, day: date) -> Day | None:
    """``day``'s deal as stored (``None`` when it was never prepared)."""
    row = db.get(DailyDeal, day)
    return None if row is None else _day(row)


def next_commitment(db: Session, day: date) -> str | None:
    """The commitment of the day after ``day`` (drawn by :func:`prepare`)."""
    row = db.get(DailyDeal, day + timedelta(days=1))
    return None if row is None else commitment(row.server_seed)


def revealed(db: Session, today_: date, limit: int = 7) -> list[Revealed]:
    """The seeds of the last ``limit`` days before ``today_`` that had a deal, newest
    first: over, so revealed (a day's seed is never shown while it can be played)."""
    rows = db.exec(select(DailyDeal).where(col(DailyDeal.day) < today_)
                   .order_by(col(DailyDeal.day).desc()).limit(limit)).all()
    return [Revealed(row.day, row.server_seed, deal.client_seed(row.day),
                     commitment(row.server_seed), row.par) for row in rows]


# --- the par, off the request path ------------------------------------------------------


def _in_pool(view: PlayerView, rng: random.Random, budget: expert.Budget) -> Action:
    """One of the par's decisions, made as background work in the pool (so a server
    shutting down waits for one decision at most, never for a whole hand)."""
    return workers.background(expert.choose, view, rng, budget).result()


def par_points(server_seed: str, day: date, budget: expert.Budget,
               choose: deal.Chooser = _in_pool) -> tuple[int, str]:
    """The par of ``day``'s deal and how the hand ended (``"gin"``, ``"knock"`` …),
    each of Expert's decisions made by ``choose`` (in the pool by default:
    :func:`app.daily.deal.par_hand`).

    Raises:
        CancelledError: the pool (or the dispatcher) was shut down meanwhile.
    """
    record = deal.par_hand(HandSeed(server_seed, deal.client_seed(day)), day, budget,
                           choose=choose)
    return deal.points_for(record), record.kind.value


def _claim(engine: Engine, day: date) -> str | None:
    """Take ``day``'s par to compute (its server seed), or ``None`` when it is done,
    or being computed by another (not stale) claim."""
    now = utcnow()
    with Session(engine) as db:
        result = db.exec(update(DailyDeal).where(
            col(DailyDeal.day) == day,
            or_(col(DailyDeal.par_status) == "pending",
                (col(DailyDeal.par_status) == "computing")
                & (col(DailyDeal.par_started_at) < now - PAR_STALE)))
            .values(par_status="computing", par_started_at=now)
            .execution_options(synchronize_session=False))
        if result.rowcount != 1:
            db.rollback()
            return None
        row = db.get(DailyDeal, day)
        seed = row.server_seed if row is not None else None
        db.commit()
    return seed


def _par_job(engine: Engine, day: date, server_seed: str, budget: expert.Budget,
             generation: int) -> None:
    def choose(view: PlayerView, rng: random.Random, budget: expert.Budget) -> Action:
        if generation != _generation:  # shut down: stop after the decision under way
            raise CancelledError
        return _in_pool(view, rng, budget)

    try:
        points, kind = par_points(server_seed, day, budget, choose)
        values: dict[str, object] = {"par": points, "par_kind": kind, "par_status": "done"}
    except CancelledError:  # shut down: the claim goes stale and is taken again
        return
    except Exception:  # never loops: the page says there is no par
        log.exception("the par of the daily deal of %s failed", day)
        values = {"par_status": "failed"}
    try:
        _store(engine, day, values)
    except Exception:  # a busy or failing database: the claim goes stale, taken again
        log.exception("storing the par of the daily deal of %s failed", day)


def _store(engine: Engine, day: date, values: dict[str, object]) -> None:
    with Session(engine) as db:
        db.exec(update(DailyDeal).where(col(DailyDeal.day) == day)
                .values(**values).execution_options(synchronize_session=False))
        db.commit()


def schedule_pars(engine: Engine, days: Iterable[date]) -> list[Future[None]]:
    """Queue the par of each of ``days`` that is not computed or being computed yet;
    the futures of those queued (none while pars are turned off by :func:`configure`)."""
    global _dispatcher
    futures: list[Future[None]] = []
    if not _enabled:
        return futures
    for day in days:
        seed = _claim(engine, day)
        if seed is None:
            continue
        with _lock:
            if _dispatcher is None:
                _dispatcher = ThreadPoolExecutor(max_workers=1, thread_name_prefix="daily-par")
            dispatcher, budget, generation = _dispatcher, _budget, _generation
        futures.append(dispatcher.submit(contextvars.copy_context().run, _par_job, engine,
                                         day, seed, budget, generation))
    return futures


def prepare_now(engine: Engine, day: date) -> list[Future[None]]:
    """Draw ``day``'s and tomorrow's seeds where missing (a transaction of its own), then
    queue the pars left to compute: what the server does at start-up and every
    :data:`PREPARE_SECONDS`, never a request (a page only reads). The futures of the pars
    queued."""
    with Session(engine) as db:
        todo = prepare(db, day)
        db.commit()
    return schedule_pars(engine, todo)


async def prepare_periodically(engine: Engine) -> None:
    """:func:`prepare_now` for today every :data:`PREPARE_SECONDS` (the app's lifespan
    runs it after its own first call at start-up), so tomorrow's seed is drawn and its
    par computed before the day begins, and a par lost in a restart is taken again."""
    while True:
        await asyncio.sleep(PREPARE_SECONDS)
        try:
            await asyncio.to_thread(prepare_now, engine, today())
        except Exception:  # a missing table or a busy database must not stop the app
            log.exception("preparing the daily deal failed")


__all__ = ["Day", "PAR_STALE", "Revealed", "configure", "insert_or_skip", "load",
           "next_commitment",
           "par_points", "prepare", "prepare_now", "prepare_periodically", "revealed",
           "schedule_pars", "shutdown", "today"]
