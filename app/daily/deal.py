"""The daily deal's rules, in the engine's terms (docs/daily.md). Pure: no I/O.

* **One hand** under House rules (docs/rules.md §4), the computer dealing, so every
  player is offered the upcard first. One hand rather than a short match: later deals of
  a match depend on who won the earlier ones, so only the first deal is the same for
  everybody and for the par.
* The deal is ``gin-shuffle-v1`` with the day's server seed and the client seed
  :func:`client_seed` (``gin-daily-v1:2026-12-01``): everybody's client seed is the
  same, so everybody gets the same cards. The day's server seed is committed the day
  before (its SHA-256 is shown) and revealed the day after.
* The **par** is what Expert scores from the player's seat on that deal against the same
  opponent (:func:`par_hand`): Expert against Expert, the whole search with no clock, so
  the par is the same on every machine.
* Scores are from the player's seat: the hand's points when they won it, minus them when
  they lost it, 0 for a void hand.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from datetime import date, timedelta

from app.engine import HOUSE, Action, HandRecord, Phase, PlayerView, Rules
from app.engine.bots import expert
from app.engine.fairness import HandSeed
from app.engine.match import MatchState, apply_match, match_view, new_match

RULES: Rules = HOUSE
PLAYER, COMPUTER = 0, 1
DEALER = COMPUTER
LEVEL = "expert"
PAR_BUDGET = expert.Budget(deadline=None)
"""Expert's whole search with no clock: the par depends on the deal alone."""

MAX_TURNS = 400


def client_seed(day: date) -> str:
    """The client seed of ``day``'s deal (the same for every player)."""
    return f"gin-daily-v1:{day.isoformat()}"


def start(seed: HandSeed) -> MatchState:
    """The daily hand, dealt (hand 1, the computer dealing)."""
    return new_match(RULES, seed, DEALER)


def decision_seed(day: date, index: int, seat: int) -> str:
    """The random source of a computer decision in ``day``'s hand (the ``index``-th
    action of the hand, by ``seat``): nothing hidden in it."""
    return f"gin-daily-v1:{day.isoformat()}:{index}:{seat}"


def points_for(record: HandRecord, seat: int = PLAYER) -> int:
    """The hand's score from ``seat``'s side: + its points when won, − when lost, 0 void."""
    if record.winner is None:
        return 0
    return record.points if record.winner == seat else -record.points


Chooser = Callable[[PlayerView, random.Random, expert.Budget], Action]
"""Expert's decision (:func:`app.engine.bots.expert.choose`), or something that has it
made elsewhere (a process pool) and returns it."""


def par_hand(seed: HandSeed, day: date, budget: expert.Budget = PAR_BUDGET,
             choose: Chooser = expert.choose) -> HandRecord:
    """Expert plays the player's seat against Expert on ``day``'s deal to the end of the
    hand; its record (the par is :func:`points_for` of it). Reproducible: each decision's
    random source is :func:`decision_seed`; ``choose`` makes each decision (Expert's
    own, wherever it runs).

    Raises ``RuntimeError`` if the hand does not end within :data:`MAX_TURNS` actions
    (it always does: the stock runs out).
    """
    match = start(seed)
    for index in range(MAX_TURNS):
        if match.hand.phase is Phase.OVER:
            return match.records[-1]
        seat = match.hand.to_play
        view = match_view(match, seat)
        action = choose(view, random.Random(decision_seed(day, index, seat)), budget)
        match, _ = apply_match(match, seat, action)
    raise RuntimeError("the daily hand did not end")


def streak(days: Iterable[date], today: date) -> int:
    """The player's streak on ``today``: one up for each day played (counting from the
    first), one down (never below 0) for each day missed since — a missed day shrinks
    the streak rather than ending it. Today, not played yet, is not missed."""
    played = sorted(set(days))
    if not played:
        return 0
    count = 0
    day = played[0]
    kept = set(played)
    while day <= today:
        if day in kept:
            count += 1
        elif day < today:
            count = max(0, count - 1)
        day += timedelta(days=1)
    return count


def distribution(results: Iterable[int], width: int = 10) -> list[tuple[int, int]]:
    """The day's results in buckets of ``width`` points: ``(lowest score of the bucket,
    how many)``, lowest first, empty buckets between kept (a histogram's bars)."""
    counts: dict[int, int] = {}
    for points in results:
        bucket = (points // width) * width
        counts[bucket] = counts.get(bucket, 0) + 1
    if not counts:
        return []
    return [(b, counts.get(b, 0)) for b in range(min(counts), max(counts) + width, width)]
