"""Match equity: the chance to win the match from a score, for the rules in force.

The Expert values the end of a hand by the chance to win the *match* from the score it
leaves, not by the hand's points: a lead is banked, a deficit pressed, an undercut
feared. :func:`match_equity` answers "with these scores, what is my chance to be first
to the target?" from a table computed by dynamic programming over the points both
players still need, assuming from here on two equal players: each hand is won by either
with chance ½ and its points follow the distribution of :func:`hand_points`.

The hand distribution comes from 20,000 hands of the Expert's play-out policy
(``app.engine.bots.rollout``, knock limit 10), counted by how they ended: a knock by a
margin ``d − k``, gin against ``d`` deadwood, an undercut by ``k − d``. The rules in
force turn those into points (docs/rules.md §4): a knock scores the margin, gin the gin bonus
plus ``d``, an undercut the undercut bonus plus ``k − d``. A hand scoring 0 and a void
hand change nothing and are left out. Bonuses that do not decide who reaches the target
first (box, game, shutout) do not change who wins, so they are not in the table.

A match of a number of hands (``rules.hands``, docs/rules.md §5) is won by the higher
hand points after its last hand, so the chance depends on the lead and the hands left:
:func:`equity_of_hands` takes the hands left as scored hands each won by either player
with chance ½ for points drawn from :func:`hand_points`, so each hand moves the point
difference by ±points, mean 0, standard deviation :func:`hand_spread`; over ``n`` hands
the difference is close to normal (a sum of independent hands) with deviation
``spread × √n``, and the chance to finish ahead is Φ(lead / (spread × √n)). A void hand
counts as one of the hands and moves nothing; the model leaves that (rare) case out.
"""

from __future__ import annotations

import math
from functools import lru_cache

from ..rules import Rules

KNOCK_MARGINS: tuple[int, tuple[int, ...]] = (1, (
    489, 657, 813, 882, 1013, 952, 918, 949, 890, 892, 851, 724, 692, 566, 608, 527, 487,
    481, 428, 365, 391, 348, 286, 275, 238, 233, 241, 182, 165, 184, 143, 151, 135, 122,
    116, 89, 93, 82, 72, 90, 67, 72, 71, 53, 70, 46, 53, 37, 41, 42, 37, 27, 27, 26, 20, 21,
    14, 22, 18, 9, 11, 13, 5, 6, 9, 3, 3, 3, 2, 3, 1, 0, 2, 1
))
GIN_DEADWOOD: tuple[int, tuple[int, ...]] = (11, (
    33, 28, 29, 25, 31, 24, 13, 21, 22, 11, 18, 6, 12, 8, 9, 9, 13, 4, 10, 5, 3, 6, 6, 6, 3,
    7, 3, 6, 1, 5, 3, 2, 2, 1, 1, 5, 2, 1, 0, 2, 4, 0, 3, 1, 2, 1, 0, 0, 1, 0, 0, 0, 1, 0,
    0, 1, 2, 0, 1
))
UNDERCUT_MARGINS: tuple[int, tuple[int, ...]] = (0, (
    290, 228, 155, 95, 64, 34, 19, 10, 4, 2
))
"""Measured counts: ``(smallest value, counts from it upward)`` for knock margins
``d − k``, the gin defender's deadwood ``d`` and undercut margins ``k − d``."""

MAX_STEPS = 200
"""Points needed are counted in units of ``ceil(target / MAX_STEPS)``, so the table of
a very high target stays small (for targets up to 200 the unit is one point)."""


def hand_points(rules: Rules) -> tuple[tuple[int, float], ...]:
    """The distribution of a hand's points under ``rules``: ``(points, probability)``
    pairs, points > 0, probabilities summing to 1 (void and 0-point hands left out)."""
    counts: dict[int, int] = {}
    for (low, table), bonus in ((KNOCK_MARGINS, 0), (GIN_DEADWOOD, rules.gin_bonus),
                                (UNDERCUT_MARGINS, rules.undercut_bonus)):
        for offset, count in enumerate(table):
            points = bonus + low + offset
            if points > 0 and count:
                counts[points] = counts.get(points, 0) + count
    total = sum(counts.values())
    return tuple((points, count / total) for points, count in sorted(counts.items()))


@lru_cache(maxsize=16)
def _table(target: int, gin_bonus: int, undercut_bonus: int) -> tuple[tuple[float, ...], ...]:
    """``table[a][b]``: chance to win needing ``a`` units while the opponent needs ``b``
    (``1 ≤ a, b ≤ steps``; row and column 0 unused)."""
    unit = -(-target // MAX_STEPS)
    steps = -(-target // unit)
    rules = Rules(target=target, gin_bonus=gin_bonus, undercut_bonus=undercut_bonus)
    merged: dict[int, float] = {}
    for points, p in hand_points(rules):
        units = max(1, round(points / unit))
        merged[units] = merged.get(units, 0.0) + p / 2
    dist = sorted(merged.items())
    table = [[0.0] * (steps + 1) for _ in range(steps + 1)]
    for a in range(1, steps + 1):
        row = table[a]
        for b in range(1, steps + 1):
            value = 0.0
            for units, p in dist:
                # We win the hand: done when it reaches our target.
                value += p if units >= a else p * table[a - units][b]
                # They win it: lost when it reaches theirs.
                if units < b:
                    value += p * row[b - units]
            row[b] = value
    return tuple(tuple(row) for row in table)


@lru_cache(maxsize=16)
def _spread(gin_bonus: int, undercut_bonus: int) -> float:
    rules = Rules(gin_bonus=gin_bonus, undercut_bonus=undercut_bonus)
    return math.sqrt(sum(p * points * points for points, p in hand_points(rules)))


def hand_spread(rules: Rules) -> float:
    """The standard deviation (points) of one hand's change to the point difference
    between two equal players under ``rules``: √(Σ p·points²) over :func:`hand_points`
    (the mean is 0: either player wins the hand with chance ½)."""
    return _spread(rules.gin_bonus, rules.undercut_bonus)


def equity_of_hands(rules: Rules, lead: int, left: int) -> float:
    """Chance (0..1) to win a match of a number of hands with a ``lead`` in hand points
    (negative: behind) and ``left`` hands to play, against an equal player (the module
    docstring's normal model): Φ(lead / (:func:`hand_spread` × √left)); with no hand
    left, 1.0 ahead, 0.5 level (a draw), 0.0 behind."""
    if left <= 0 or lead == 0:
        return 1.0 if lead > 0 else 0.5 if lead == 0 else 0.0
    z = lead / (hand_spread(rules) * math.sqrt(left))
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


def match_equity(rules: Rules, mine: int, theirs: int, played: int = 0) -> float:
    """Chance (0..1) that the player with ``mine`` points wins the match against an
    equal opponent with ``theirs`` points, under ``rules`` (docs/rules.md §5: first to
    ``rules.target``).

    1.0 once ``mine`` reaches the target (and ``theirs`` does not), 0.0 once ``theirs``
    does; 0.5 at equal scores; larger the larger the lead. A match of a number of hands
    (``rules.hands``) after ``played`` of them: :func:`equity_of_hands` with the hands
    left.
    """
    if rules.hands:
        return equity_of_hands(rules, mine - theirs, rules.hands - played)
    target = rules.target
    if mine >= target and theirs < target:
        return 1.0
    if theirs >= target:
        return 0.0 if mine < target else 0.5
    unit = -(-target // MAX_STEPS)
    table = _table(target, rules.gin_bonus, rules.undercut_bonus)
    return table[-(-(target - mine) // unit)][-(-(target - theirs) // unit)]


__all__ = ["MAX_STEPS", "equity_of_hands", "hand_points", "hand_spread", "match_equity"]
