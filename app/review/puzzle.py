"""The daily puzzle (``/train/puzzle``): one "best move?" position a day, the same for
every browser of the instance.

**Choosing the day's puzzle** (:func:`prepare`, off the request path: at start-up and
every :data:`PREPARE_SECONDS` from ``app.main``'s lifespan, the search as background work
of the process pool). The eligible positions are the decisions of the instance's
analysed, finished hands that the analysis marked a mistake or a blunder (the move
played lost at least 10 points of the chance to win the match, so a better one is
known), never one already drawn on another day. They are ordered by the SHA-256 of the
day and the position (deterministic by date) and tried in that order: each is searched
again by Expert with every candidate played out on the same samples
(:func:`app.engine.rating.ranked`, :data:`BUDGET`), and the first whose best move's
chance stands at least :data:`MARGIN` points above the second best's becomes the day's
puzzle. It is stored once (``daily_puzzle``, keyed by the day: a second process's
insert fails and changes nothing), anonymised: only the position as the player saw it
(:class:`~app.review.spot.Spot`: no names, no ids, no hidden card) and the SHA-256 of
where it came from. When no analysed hand qualifies (a fresh instance), the day's
position is generated from the day's seed instead (:func:`generate`: a deal played out by
two computer players to a decision with a clear best move, searched the same way, in the
same background job), so every instance has a puzzle the same day; with
``GENERATE_PUZZLES=false``, or when none of the generated positions is clear, the page
says plainly that there is none yet.

**Answering** (:func:`answer`): the first answer of a browser counts (one a day); it is
right when it is the best move. The page then shows the solution with every candidate's
chance, and the share of the answers that found it. Each answer is a Glicko-2 game
(:func:`app.review.skill.glicko2`, the play rating's machinery) between the browser's
puzzle rating (``puzzle_rating``, apart from the play rating) and the puzzle's own
rating, which moves too. An answer for another day, a second answer or a move not legal
there is refused without a change (409, 409, 400).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import Engine, func, update
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from app.core import workers
from app.core.i18n import N_
from app.core.models import (
    DailyPuzzle,
    HandReview,
    PlayHand,
    PlayMatch,
    PuzzleAnswer,
    PuzzleRating,
    utcnow,
)
from app.engine import HOUSE, HandSeed, Phase, apply_match, match_view, new_match
from app.engine.bots import choose_action, expert
from app.engine.match import Seed
from app.engine.rating import Rating, decision_seed, ranked
from app.review import analysis
from app.review import history as hist
from app.review.skill import Skill, glicko2
from app.review.spot import Spot, spot_of
from app.table.common import PlayError

log = logging.getLogger("app.review.puzzle")

MARGIN = 8.0
"""Percentage points of the chance to win the match by which the best move must beat
the second best for a position to be a puzzle."""
BUDGET = expert.Budget(samples=24, discards=5, deadline=None, batch=24)
"""The puzzle's search: every candidate on the same 24 samples, five discards (no
clock: reproducible)."""
TRIED_A_DAY = 12
"""At most this many eligible positions are searched for one day's puzzle."""
POSITIONS_READ = 2000
"""The most recent analysed hands read for eligible positions."""
PREPARE_SECONDS = 600
"""How often the app looks for today's puzzle while there is none."""
PUZZLE_MARKS = ("mistake", "blunder")
GENERATED_DEALS = 16
GENERATED_TRIES = 120
"""Positions searched at most for a generated puzzle (a fraction of a second each)."""
"""Deals played out by the computer for a generated puzzle (:func:`generate`)."""
OPENING = 4
"""A generated puzzle's position comes after at least this many actions of its hand
(the upcard's offer is rarely a question)."""

NO_PUZZLE = N_("There is no puzzle today yet. Nothing was changed.")
OTHER_DAY = N_("This answer was for another day's puzzle: here is today's. Nothing was "
               "changed.")
ANSWERED = N_("You already answered today's puzzle. Nothing was changed.")
ILLEGAL = N_("That move was not possible in this position. Nothing was changed.")


def today() -> date:
    """Today in UTC (the puzzle's day): a request dependency, so that a test can put
    in another day."""
    return datetime.now(UTC).date()


class PuzzleError(PlayError):
    """An answer refused (the status says why)."""

    status_code = 409


def _source(match_id: int, number: int, seat: int, index: int) -> str:
    return hashlib.sha256(f"{match_id}:{number}:{seat}:{index}".encode()).hexdigest()


def _order(day: date, source: str) -> str:
    return hashlib.sha256(f"gin-puzzle-v1:{day.isoformat()}:{source}".encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class Candidate:
    """An eligible position: a marked decision of a finished, analysed hand."""

    match_id: int
    number: int
    seat: int
    index: int

    @property
    def source(self) -> str:
        """The SHA-256 stored instead of the ids."""
        return _source(self.match_id, self.number, self.seat, self.index)


def eligible(db: Session, day: date) -> list[Candidate]:
    """The eligible positions (module docstring) in the day's order."""
    rows = db.exec(
        select(HandReview)
        .join(PlayHand, (col(PlayHand.match_id) == col(HandReview.match_id))
              & (col(PlayHand.number) == col(HandReview.number)))
        .where(col(HandReview.status) == "done", col(PlayHand.finished))
        .order_by(col(HandReview.finished_at).desc()).limit(POSITIONS_READ)).all()
    used = set(db.exec(select(DailyPuzzle.source)).all())
    found = []
    for row in rows:
        for data in row.ratings:
            rating = Rating.from_stored(data)
            if rating.mark in PUZZLE_MARKS:
                candidate = Candidate(row.match_id, row.number, row.seat, rating.index)
                if candidate.source not in used:
                    found.append(candidate)
    found.sort(key=lambda c: _order(day, c.source))
    return found


def rank_decision(rules: dict[str, Any], seed: Seed, number: int, dealer: int,
                  scores: tuple[int, int], log_: list[tuple[int, str]], seat: int,
                  index: int) -> tuple[dict[str, Any], list[list[Any]]] | None:
    """A job of the pool: the spot of ``seat``'s decision at position ``index`` of a
    hand (stored form) and Expert's candidates there, ``[action, chance in permille]``
    best first; ``None`` when the hand holds no such decision. Pure computation."""
    for decision in analysis.hand_decisions(rules, seed, number, dealer, scores, log_, seat):
        if decision.index == index:
            ranking = ranked(decision.view, BUDGET, decision_seed(index))
            return (spot_of(decision.view).to_dict(),
                    [[str(action), round(chance * 1000)] for action, chance in ranking])
    return None


def generate(day: str) -> tuple[str, dict[str, Any], list[list[Any]]] | None:
    """A job of the pool: ``day``'s generated puzzle (ISO day), for a day when no
    analysed hand of the instance qualifies: ``(source, spot in stored form, choices)``,
    or ``None`` when none of the positions tried is clear. Pure computation, the same
    for the same day on every instance.

    Each of :data:`GENERATED_DEALS` deals, seeded by the day and its number
    (:func:`_generated_seed`), is played out by two Standard computer players (House
    rules, a new match); from the :data:`OPENING`-th action on, every decision with
    more than one legal move is searched as the analysed hands' positions are
    (:func:`app.engine.rating.ranked`, :data:`BUDGET`), at most :data:`TRIED_A_DAY` in
    all; the first clear one (:func:`clear`) is the day's puzzle."""
    tried = 0
    for deal in range(GENERATED_DEALS):
        seed = _generated_seed(day, deal)
        rng = random.Random(seed)
        match = new_match(HOUSE, HandSeed(seed, "daily-puzzle"), first_dealer=deal % 2)
        while match.hand.phase is not Phase.OVER and tried < GENERATED_TRIES:
            player = match.hand.to_play
            view = match_view(match, player)
            index = len(match.hand_log)
            if len(view.legal) > 1 and index >= OPENING:
                tried += 1
                ranking = ranked(view, BUDGET, decision_seed(index))
                choices = [[str(action), round(chance * 1000)] for action, chance in ranking]
                if clear(choices):
                    source = hashlib.sha256(f"{seed}:{index}".encode()).hexdigest()
                    return source, spot_of(view).to_dict(), choices
            match, _ = apply_match(match, player, choose_action("standard", view, rng))
    return None


def _generated_seed(day: str, deal: int) -> str:
    """The server seed (64 hex) of ``day``'s ``deal``-th generated deal."""
    return hashlib.sha256(f"gin-puzzle-generated-v1:{day}:{deal}".encode()).hexdigest()


def clear(choices: list[list[Any]]) -> bool:
    """True when the best choice beats the second by at least :data:`MARGIN` points
    (a single candidate is no puzzle)."""
    return len(choices) >= 2 and (choices[0][1] - choices[1][1]) / 10 >= MARGIN


_generating = True


def configure(*, generate: bool) -> None:
    """Whether :func:`prepare` generates the day's puzzle (:func:`generate`) when no
    analysed hand qualifies (the app's ``GENERATE_PUZZLES``; the tests' apps and servers
    do not, unless a test asks)."""
    global _generating
    _generating = generate


def prepare(engine: Engine, day: date, generate_one: bool | None = None) -> DailyPuzzle | None:
    """Choose and store ``day``'s puzzle if it has none (module docstring): from the
    analysed hands, else, when ``generate_one`` (default: as :func:`configure` says),
    generated from the day's seed (:func:`generate`). The day's puzzle, or ``None`` when
    there is none. Searches in the pool's background work: never call it from a
    request."""
    with Session(engine) as db:
        found = db.get(DailyPuzzle, day)
        if found is not None:
            return found
        candidates = eligible(db, day)[:TRIED_A_DAY]
    for candidate in candidates:
        with Session(engine) as db:
            game = db.get(PlayMatch, candidate.match_id)
            owner = None if game is None else (
                game.session_id if candidate.seat == 0 else game.guest_session_id)
            if owner is None:
                continue
            try:
                facts = hist.hand_facts(db, owner, candidate.match_id, candidate.number)
            except hist.NotInHistoryError:
                continue
        try:
            result = workers.background(
                rank_decision, facts.rules.to_dict(), facts.seed, facts.number,
                facts.dealer, facts.scores, list(facts.log), candidate.seat,
                candidate.index).result()
        except Exception:  # a hand that does not replay: try the next
            log.exception("puzzle candidate %s failed", candidate.source[:12])
            continue
        if result is not None and clear(result[1]):
            return _store(engine, day, candidate.source, *result)
    if not (_generating if generate_one is None else generate_one):
        return None
    made = workers.background(generate, day.isoformat()).result()
    return None if made is None else _store(engine, day, *made)


def _store(engine: Engine, day: date, source: str, spot: dict[str, Any],
           choices: list[list[Any]]) -> DailyPuzzle | None:
    """Store ``day``'s puzzle; the one stored (another process's, when it chose first)."""
    with Session(engine) as db:
        db.add(DailyPuzzle(day=day, source=source, spot=spot, choices=choices,
                           best=str(choices[0][0])))
        try:
            db.commit()
        except IntegrityError:  # another process chose first: theirs stands
            db.rollback()
        return db.get(DailyPuzzle, day)


async def prepare_periodically(engine: Engine) -> None:
    """:func:`prepare` for today at once, then every :data:`PREPARE_SECONDS` (the
    app's lifespan runs it)."""
    while True:
        try:
            await asyncio.to_thread(prepare, engine, today())
        except Exception:  # a missing table or a busy database must not stop the app
            log.exception("preparing the daily puzzle failed")
        await asyncio.sleep(PREPARE_SECONDS)


@dataclass(frozen=True, slots=True)
class Result:
    """What the page shows after the answer: the browser's answer, whether it found
    the best, how many answered and found it, and the browser's puzzle rating."""

    answer: str
    solved: bool
    answers: int
    found: int
    rating: Skill
    puzzles: int

    @property
    def share(self) -> int:
        """The percentage of answers that found the best move (0..100)."""
        return round(100 * self.found / self.answers) if self.answers else 0


@dataclass(frozen=True, slots=True)
class Today:
    """Today's puzzle for one browser: the puzzle (``None``: none yet), its spot, and
    the browser's result once answered."""

    day: date
    puzzle: DailyPuzzle | None
    spot: Spot | None
    result: Result | None


def _result(db: Session, session_id: str, day: date) -> Result | None:
    mine = db.get(PuzzleAnswer, (session_id, day))
    if mine is None:
        return None
    answers = db.exec(select(func.count()).where(col(PuzzleAnswer.day) == day)).one()
    found = db.exec(select(func.count()).where(col(PuzzleAnswer.day) == day,
                                               col(PuzzleAnswer.solved))).one()
    rated = db.get(PuzzleRating, session_id)
    skill = Skill(rated.rating, rated.rd, rated.volatility) if rated else Skill()
    return Result(mine.answer, mine.solved, int(answers), int(found), skill,
                  rated.puzzles if rated else 0)


def load(db: Session, session_id: str, day: date) -> Today:
    """Today's puzzle as this browser stands in it (reads only)."""
    row = db.get(DailyPuzzle, day)
    if row is None:
        return Today(day, None, None, None)
    return Today(day, row, Spot.from_dict(row.spot), _result(db, session_id, day))


RATING_TRIES = 20
"""How often an answer's rating update is tried again when another answer moved the
same rating meanwhile (each try re-reads it)."""


def _skill(row: PuzzleRating | DailyPuzzle) -> Skill:
    return Skill(row.rating, row.rd, row.volatility)


def _rate(db: Session, table: type[PuzzleRating] | type[DailyPuzzle], which: Any,
          new: Callable[[], PuzzleRating] | None, step: Callable[[Skill, Skill], Skill],
          other: Skill) -> Skill:
    """Move the rating of ``table``'s row ``which`` by one game against ``other``
    (``step(own skill, other) -> own skill after``), atomically: the row is read, then
    written only where it still holds what was read (``UPDATE … WHERE rating = … AND rd
    = … AND volatility = …``, the rating's own values as its version), else read again
    and retried, so two answers at once never lose one update. ``new()`` makes the row
    when there is none (``None``: it must exist). Returns the skill *before* the game
    (the other side's game is rated against it).

    Raises:
        PuzzleError: still moved by others after :data:`RATING_TRIES` tries (409).
    """
    for _ in range(RATING_TRIES):
        found = db.exec(select(table.rating, table.rd, table.volatility)
                        .where(which)).first()
        if found is None:
            if new is None:
                raise PuzzleError(NO_PUZZLE)
            with contextlib.suppress(IntegrityError), db.begin_nested():
                db.add(new())  # made meanwhile by another answer: read it
            continue
        before = Skill(*found)
        after = step(before, other)
        values: dict[str, Any] = {"rating": after.rating, "rd": after.rd,
                                  "volatility": after.volatility}
        if table is PuzzleRating:
            values.update(puzzles=col(PuzzleRating.puzzles) + 1, updated_at=utcnow())
        result = db.exec(update(table).where(
            which, col(table.rating) == before.rating, col(table.rd) == before.rd,
            col(table.volatility) == before.volatility)
            .values(**values).execution_options(synchronize_session=False))
        if result.rowcount:
            return before
    raise PuzzleError(ANSWERED)


def answer(db: Session, session_id: str, day: date, posted_day: str, move: str) -> Today:
    """Answer ``day``'s puzzle with ``move``; ``posted_day`` is the day the form was
    for (ISO).

    Raises:
        PuzzleError: no puzzle today (404), another day's form or a second answer
            (409), a move not legal there (400). Nothing is written then.
    """
    row = db.get(DailyPuzzle, day)
    if row is None:
        missing = PuzzleError(NO_PUZZLE)
        missing.status_code = 404
        raise missing
    if posted_day.strip() != day.isoformat():
        raise PuzzleError(OTHER_DAY)
    if db.get(PuzzleAnswer, (session_id, day)) is not None:
        raise PuzzleError(ANSWERED)
    if move not in Spot.from_dict(row.spot).legal:
        error = PuzzleError(ILLEGAL)
        error.status_code = 400
        raise error
    solved = move == row.best
    db.add(PuzzleAnswer(session_id=session_id, day=day, answer=move, solved=solved))
    try:
        db.flush()
    except IntegrityError as refused:
        db.rollback()
        raise PuzzleError(ANSWERED) from refused
    score = 1.0 if solved else 0.0
    mine = db.get(PuzzleRating, session_id)
    puzzle = _rate(db, DailyPuzzle, col(DailyPuzzle.day) == day, None,
                   lambda it, me: glicko2(it, [(me, 1.0 - score)]),
                   _skill(mine) if mine is not None else Skill())
    _rate(db, PuzzleRating, col(PuzzleRating.session_id) == session_id,
          lambda: PuzzleRating(session_id=session_id),
          lambda me, it: glicko2(me, [(it, score)]), puzzle)
    db.expire_all()  # the rows read above are stale now
    return load(db, session_id, day)


__all__ = ["BUDGET", "GENERATED_DEALS", "GENERATED_TRIES", "MARGIN", "OPENING",
           "PREPARE_SECONDS", "Candidate", "PuzzleError", "Result", "Today", "answer",
           "clear", "configure", "eligible", "generate", "load", "prepare",
           "prepare_periodically", "rank_decision", "today"]
