"""An event's standings, pure (no I/O): match points, then the tie-breaks.

* **Match points**: a win 1, a draw ½ (a match that ends level: possible in Hollywood,
  or a result the host enters as a draw), a loss 0. A **bye** counts as a win (1) with no
  game points for or against; a player who is dropped keeps what it has.
* **Duplicate percentage** (a duplicate event only, :mod:`app.events.duplicate`,
  SPEC §11): the first criterion, before the match points, which then break its ties;
  a player not yet compared on any board counts as 50 % (the average).
* **Tie-breaks**, in this order, among players level on match points:

  1. **head to head**: the match points each scored in the matches between the players
     level with it (all of them), a mini-table;
  2. **points for minus against**: the game points of every match played (the match's
     final totals, bonuses included);
  3. **Buchholz** (Swiss only): the sum of the match points of the opponents met (a
     bye adds nothing).

  Players level on all of these share a rank (shown "3=" in the table); they are listed
  in seeding order (the order they joined).

``tests/unit/events/test_standings.py`` holds the examples.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Generic, TypeVar

from app.events.duplicate import DuplicateScore

P = TypeVar("P", bound=Hashable)

WIN = 1.0
DRAW = 0.5
BYE = 1.0


class Outcome(StrEnum):
    """How a pairing ended: ``a`` or ``b`` won, a ``draw``, or a ``bye`` (``b`` is None)."""

    A = "a"
    B = "b"
    DRAW = "draw"
    BYE = "bye"


@dataclass(frozen=True, slots=True)
class Result(Generic[P]):
    """One finished pairing: the players, the game points each made (the match's final
    totals), and the outcome."""

    a: P
    b: P | None
    outcome: Outcome
    points_a: int = 0
    points_b: int = 0


@dataclass(slots=True)
class Standing(Generic[P]):
    """One player's line in the standings. ``rank`` is 1-based; ``shared`` is true when
    another player has the same rank."""

    player: P
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    byes: int = 0
    match_points: float = 0.0
    head_to_head: float = 0.0
    points_for: int = 0
    points_against: int = 0
    buchholz: float = 0.0
    duplicate: DuplicateScore = DuplicateScore()
    rank: int = 0
    shared: bool = False
    opponents: list[P] = field(default_factory=list)

    @property
    def difference(self) -> int:
        """Game points for minus against."""
        return self.points_for - self.points_against


def match_points(outcome: Outcome, side: str) -> float:
    """The match points ``side`` (``"a"`` or ``"b"``) gets for ``outcome``."""
    if outcome is Outcome.BYE:
        return BYE if side == "a" else 0.0
    if outcome is Outcome.DRAW:
        return DRAW
    return WIN if outcome.value == side else 0.0


def standings(players: Sequence[P], results: Sequence[Result[P]],
              swiss: bool,
              duplicate: Mapping[P, DuplicateScore] | None = None) -> list[Standing[P]]:
    """The standings of ``players`` (seeding order) after ``results``, best first, with
    ranks (the module docstring's order). A result naming an unknown player is ignored.
    ``duplicate``: a duplicate event's matchpoints per player (missing: none yet), their
    percentage ranked first.
    """
    lines = {p: Standing(p) for p in players}
    for player, points in (duplicate or {}).items():
        if player in lines:
            lines[player].duplicate = points
    for result in results:
        a = lines.get(result.a)
        if a is None:
            continue
        if result.outcome is Outcome.BYE or result.b is None:
            a.byes += 1
            a.match_points += BYE
            continue
        b = lines.get(result.b)
        if b is None:
            continue
        for line, side, mine, theirs, other in ((a, "a", result.points_a, result.points_b, b),
                                                (b, "b", result.points_b, result.points_a, a)):
            line.played += 1
            got = match_points(result.outcome, side)
            line.match_points += got
            line.won += got == WIN
            line.drawn += got == DRAW
            line.lost += got == 0.0
            line.points_for += mine
            line.points_against += theirs
            line.opponents.append(other.player)
    if swiss:
        for line in lines.values():
            line.buchholz = sum(lines[o].match_points for o in line.opponents)
    for result in results:
        if result.b is None or result.outcome is Outcome.BYE:
            continue
        if result.a not in lines or result.b not in lines:
            continue
        a, b = lines[result.a], lines[result.b]
        if a.match_points == b.match_points:
            a.head_to_head += match_points(result.outcome, "a")
            b.head_to_head += match_points(result.outcome, "b")
    seed = {p: i for i, p in enumerate(players)}

    def key(line: Standing[P]) -> tuple[float, float, float, int, float]:
        percent = line.duplicate.percent
        return (-round(50.0 if percent is None else percent, 6), -line.match_points,
                -line.head_to_head, -line.difference, -line.buchholz if swiss else 0.0)

    ordered = sorted(lines.values(), key=lambda line: (key(line), seed[line.player]))
    for i, line in enumerate(ordered):
        if i and key(ordered[i - 1]) == key(line):
            line.rank = ordered[i - 1].rank
            line.shared = ordered[i - 1].shared = True
        else:
            line.rank = i + 1
    return ordered
