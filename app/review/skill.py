"""A player's skill rating: Glicko-2 over the matches a browser finished against the
computer, with the computer's levels placed on the same scale (docs/rating.md).

Pure: no database, no web. :func:`glicko2` is the published algorithm (Mark E.
Glickman, *Example of the Glicko-2 system*, 2013), steps 1–8, one rating period at a
time; :func:`skill_history` folds a browser's finished matches into it, one match per
rating period, oldest first.

The levels are fixed opponents: each level's rating comes from its measured match win
rate ``p`` against the Simple player in ``docs/strength.md`` (Simple is placed at
1500), by the logistic expectation that Glicko shares with Elo::

    rating(level) = 1500 + 400 · log10(p / (1 − p))

so that a level that wins 68.2 % of its matches against Simple stands 133 points above
it. A level's deviation is the width of that estimate, converted the same way (never
below :data:`LEVEL_FLOOR_RD`).

Not to be confused with :mod:`app.engine.rating`, which marks single decisions.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

SCALE = 173.7178
"""Glicko-2's factor between the Glicko scale and its own (step 2 of the paper)."""

START_RATING = 1500.0
START_RD = 350.0
START_VOLATILITY = 0.06
TAU = 0.5
"""The system constant: how fast the volatility may change (the paper suggests 0.3–1.2;
small for a game with much luck, where single results say little)."""

PROVISIONAL_RD = 110.0
"""A rating whose deviation is above this is *provisional* (about ten matches from the
start against levels near the player)."""

LEVEL_FLOOR_RD = 30.0

LEVEL_WIN_RATES: dict[str, tuple[float, float]] = {
    "easy": (0.322, 0.012),
    "standard": (0.500, 0.001),
    "hard": (0.682, 0.013),
    "expert": (0.760, 0.012),
}
"""Each level's match win rate against Simple and the half-width of its 95 % interval,
from ``docs/strength.md``'s table "Match wins" (tests/unit/review/test_skill.py checks
they are the figures printed there)."""


@dataclass(frozen=True, slots=True)
class Skill:
    """A Glicko-2 rating on the Glicko scale: ``rating`` (1500 at the start), its
    deviation ``rd`` (the 95 % interval is about ± 2 ``rd``) and ``volatility``."""

    rating: float = START_RATING
    rd: float = START_RD
    volatility: float = START_VOLATILITY

    @property
    def provisional(self) -> bool:
        """True while the deviation is above :data:`PROVISIONAL_RD`."""
        return self.rd > PROVISIONAL_RD

    @property
    def low(self) -> float:
        """The bottom of the 95 % interval (rating − 1.96 rd)."""
        return self.rating - 1.96 * self.rd

    @property
    def high(self) -> float:
        """The top of the 95 % interval (rating + 1.96 rd)."""
        return self.rating + 1.96 * self.rd


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def glicko2(player: Skill, results: Sequence[tuple[Skill, float]],
            tau: float = TAU) -> Skill:
    """The player's rating after one rating period: ``results`` pairs each opponent
    (as rated at the start of the period) with the player's score against them (1 win,
    0.5 tie, 0 loss). With no results only the deviation grows (step 6).

    Raises ``ValueError`` for a score outside [0, 1] or a non-positive deviation.
    """
    if player.rd <= 0 or any(o.rd <= 0 for o, _ in results):
        raise ValueError("a rating deviation must be positive")
    if any(not 0.0 <= s <= 1.0 for _, s in results):
        raise ValueError("a score is 0 (loss), 0.5 (tie) or 1 (win)")
    mu = (player.rating - START_RATING) / SCALE
    phi = player.rd / SCALE
    sigma = player.volatility
    if not results:
        phi_star = math.sqrt(phi * phi + sigma * sigma)
        return Skill(player.rating, phi_star * SCALE, sigma)
    opponents = [((o.rating - START_RATING) / SCALE, o.rd / SCALE, s) for o, s in results]
    v_inv = 0.0
    delta_sum = 0.0
    for mu_j, phi_j, score in opponents:
        e = _expected(mu, mu_j, phi_j)
        g = _g(phi_j)
        v_inv += g * g * e * (1.0 - e)
        delta_sum += g * (score - e)
    v = 1.0 / v_inv
    delta = v * delta_sum
    sigma_new = _volatility(delta, phi, v, sigma, tau)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * delta_sum
    return Skill(START_RATING + SCALE * mu_new, SCALE * phi_new, sigma_new)


def _volatility(delta: float, phi: float, v: float, sigma: float, tau: float,
                epsilon: float = 1e-6) -> float:
    """Step 5 of the paper: the new volatility, by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        top = ex * (delta * delta - phi * phi - v - ex)
        bottom = 2.0 * (phi * phi + v + ex) ** 2
        return top / bottom - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > epsilon:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def _logit_rating(p: float) -> float:
    return START_RATING + 400.0 * math.log10(p / (1.0 - p))


def level_skill(level: str) -> Skill:
    """The fixed rating of a computer level (see the module's formula); its deviation
    is half the spread of the ratings at the two ends of the measured 95 % interval,
    divided by 1.96, and at least :data:`LEVEL_FLOOR_RD`.

    Raises ``KeyError`` for a level that has no measured win rate.
    """
    p, half = LEVEL_WIN_RATES[level]
    low, high = max(p - half, 0.01), min(p + half, 0.99)
    rd = (_logit_rating(high) - _logit_rating(low)) / 2.0 / 1.96
    return Skill(_logit_rating(p), max(rd, LEVEL_FLOOR_RD), START_VOLATILITY)


@dataclass(frozen=True, slots=True)
class FinishedMatch:
    """One finished match for the rating: when it ended, the opponent's rating, and the
    player's score (1 won, 0.5 tied, 0 lost)."""

    finished_at: datetime
    opponent: Skill
    score: float


@dataclass(frozen=True, slots=True)
class SkillPoint:
    """The player's rating after the match that finished at ``after``."""

    after: datetime
    skill: Skill


def skill_history(matches: Iterable[FinishedMatch]) -> list[SkillPoint]:
    """The player's rating after each finished match, oldest first: one rating period
    per match, starting from :class:`Skill`'s defaults (``[]`` without matches)."""
    skill = Skill()
    points = []
    for match in sorted(matches, key=lambda m: m.finished_at):
        skill = glicko2(skill, [(match.opponent, match.score)])
        points.append(SkillPoint(match.finished_at, skill))
    return points
