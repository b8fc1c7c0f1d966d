"""An event's pairings, pure (no I/O, no web, no database: an import contract checks it).

Players are named by ids (any hashable, in practice ``event_player.id``); a pairing is
``(a, b)``, and a bye ``(a, None)``.

* :func:`round_robin` — the circle method (Berger): player 0 stays, the others turn one
  place a round; with an odd count a ghost is added and whoever meets it has the bye.
  ``n`` players meet each other once in ``n - 1`` rounds (``n`` when odd).
* :func:`swiss` — a round of a Swiss event, by the Monrad rule within score groups: the
  players in standing order (the caller's ranking: match points, then the tie-breaks),
  the highest unpaired plays the next one it has not met; a player left alone in its
  score group floats down to the next. Nobody meets the same opponent twice (a
  backtracking search finds a repeat-free round whenever one exists; only when none
  does are repeats allowed, the fewest first). With an odd count the bye goes to the
  lowest-ranked player who has not had one (of those the search can leave out).

No well-kept library fitted (the PyPI candidates are chess engines a few months old with
colours and FIDE rules gin has no use for), so this is small and tested
(``tests/unit/events/test_pairing.py``).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TypeVar

P = TypeVar("P", bound=Hashable)

ROUND_ROBIN_MOST = 10
"""The most players a round robin pairs (45 matches); more play Swiss."""
SEARCH_STEPS = 20_000
"""The most steps one Swiss search takes before it allows one more repeat (a round
with no repeat-free pairing left would otherwise search every order)."""


def round_robin(players: Sequence[P]) -> list[list[tuple[P, P | None]]]:
    """Every round of a round robin among ``players`` (in seeding order), by the circle
    method: ``rounds[r]`` is round ``r + 1``'s pairings, the bye (odd count) last.

    Raises:
        ValueError: fewer than 2 players, or a player named twice.
    """
    if len(players) < 2:
        raise ValueError("a round robin needs at least 2 players")
    if len(set(players)) != len(players):
        raise ValueError("a player is named twice")
    seats: list[P | None] = list(players)
    if len(seats) % 2:
        seats.append(None)
    n = len(seats)
    rounds: list[list[tuple[P, P | None]]] = []
    for r in range(n - 1):
        pairs: list[tuple[P, P | None]] = []
        byes: list[tuple[P, P | None]] = []
        for i in range(n // 2):
            a, b = seats[i], seats[n - 1 - i]
            if r % 2 and i == 0:  # the fixed seat alternates sides, as Berger tables do
                a, b = b, a
            if a is None:
                a, b = b, None
            if b is None:
                assert a is not None
                byes.append((a, None))
            else:
                assert a is not None
                pairs.append((a, b))
        rounds.append(pairs + byes)
        seats = [seats[0], seats[-1], *seats[1:-1]]  # turn every seat but the first
    return rounds


def swiss(ranked: Sequence[P], scores: dict[P, float], met: set[frozenset[P]],
          had_bye: set[P]) -> list[tuple[P, P | None]]:
    """One Swiss round: the pairings of ``ranked`` (best first), the bye last.

    ``scores``: each player's match points (the score groups); ``met``: the pairs that
    have already played; ``had_bye``: who has had a bye.

    Raises:
        ValueError: fewer than 2 players, or a player named twice.
    """
    if len(ranked) < 2:
        raise ValueError("a round needs at least 2 players")
    if len(set(ranked)) != len(ranked):
        raise ValueError("a player is named twice")
    order = list(ranked)
    if len(order) % 2 == 0:
        candidates: list[P | None] = [None]
    else:  # the bye: the lowest-ranked without one first, then the others from the bottom
        bottom_up = order[::-1]
        candidates = [*(p for p in bottom_up if p not in had_bye),
                      *(p for p in bottom_up if p in had_bye)]
    for allowed in range(len(order)):  # repeats allowed: none, then as few as possible
        for bye in candidates:
            rest = [p for p in order if p != bye]
            pairs = _pair(rest, scores, met, allowed, [SEARCH_STEPS])
            if pairs is not None:
                result: list[tuple[P, P | None]] = list(pairs)
                if bye is not None:
                    result.append((bye, None))
                return result
    raise AssertionError("unreachable: every round can be paired with repeats")


def _pair(rest: list[P], scores: dict[P, float], met: set[frozenset[P]],
          allowed: int, budget: list[int]) -> list[tuple[P, P]] | None:
    """Pair ``rest`` (standing order) with at most ``allowed`` repeats, or ``None`` (none
    found within the search's ``budget`` of steps, shared by the whole search)."""
    if not rest:
        return []
    budget[0] -= 1
    if budget[0] < 0:
        return None
    top, others = rest[0], rest[1:]
    # The opponents in preference: same score group first (the next in standing order),
    # then the nearest score below or above (a float).
    options = sorted(others, key=lambda p: (abs(scores.get(top, 0) - scores.get(p, 0)),
                                            others.index(p)))
    for opponent in options:
        repeat = frozenset((top, opponent)) in met
        if repeat and allowed == 0:
            continue
        remaining = [p for p in others if p != opponent]
        found = _pair(remaining, scores, met, allowed - (1 if repeat else 0), budget)
        if found is not None:
            return [(top, opponent), *found]
    return None
