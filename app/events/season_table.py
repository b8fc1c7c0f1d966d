"""A season's running table and its head to head, pure (no I/O).

A season (:mod:`app.events.seasons`) is a club's events grouped under a name. Its
**running table** adds up every result of its events as one table
(:func:`app.events.standings.standings`, the same rules as an event's):

* **match points**: a win 1, a draw ½, a loss 0, a bye 1 — summed over the season's
  events (a duplicate event's duplicate percentage ranks only that event; the season counts
  its match points);
* **events played**: the events where the player has at least one result (a match or
  a bye);
* **tie-breaks**, among players level on match points: the head to head between them
  over the whole season (a mini-table), then game points for minus against (the
  matches' final totals); level on both, they share a rank and are listed in the order
  they first appeared in the season.

Players are whatever hashable key the caller gives (:mod:`app.events.seasons` says
how a player is known across events). The **head to head** (:func:`pairs`) is each pair's
record over all their matches in the season, with each side's luck and play summed over
the matches where that side's hands were analysed (``(luck, play)`` per match, in
points of that side's chance to win the match, as ``/play/h2h`` sums them).

``tests/unit/events/test_season_table.py`` holds the examples.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from app.events.standings import Outcome, Result, Standing, match_points, standings

P = TypeVar("P", bound=Hashable)

Split = tuple[float, float]
"""One match's ``(luck, play)`` from one side's seat, in points of its chance to win."""


@dataclass(frozen=True, slots=True)
class SeasonResult(Generic[P]):
    """One finished pairing of one of the season's events (``event``: any key of it),
    with each side's luck and play when that side's hands were analysed (else ``None``)."""

    event: Hashable
    result: Result[P]
    split_a: Split | None = None
    split_b: Split | None = None


@dataclass(frozen=True, slots=True)
class SeasonLine(Generic[P]):
    """One player's line of the running table: the standing over the season (match
    points, won/drawn/lost, byes, points for/against, head to head, rank) and the number
    of events played."""

    standing: Standing[P]
    events: int


def running_table(players: Sequence[P],
                  results: Sequence[SeasonResult[P]]) -> list[SeasonLine[P]]:
    """The season's running table of ``players`` (the order they first appeared: it
    lists players level on everything) after ``results``, best first (the module's
    rules). A result naming an unknown player is ignored."""
    known = set(players)
    played: dict[P, set[Hashable]] = {p: set() for p in players}
    for found in results:
        for player in (found.result.a, found.result.b):
            if player is not None and player in known:
                played[player].add(found.event)
    lines = standings(players, [r.result for r in results], swiss=False)
    return [SeasonLine(line, len(played[line.player])) for line in lines]


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a pair's record: luck and play summed over ``analysed`` matches."""

    luck: float = 0.0
    play: float = 0.0
    analysed: int = 0

    def plus(self, split: Split | None) -> Side:
        """This side with one more match's split (``None``: not analysed, unchanged)."""
        if split is None:
            return self
        return Side(self.luck + split[0], self.play + split[1], self.analysed + 1)


@dataclass(slots=True)
class Pair(Generic[P]):
    """Two players' record over all their matches in the season, from ``first``'s side:
    ``first`` is the one ahead (more matches won; level: the one higher in the running
    table). Byes are not matches."""

    first: P
    second: P
    won: int = 0
    lost: int = 0
    drawn: int = 0
    points_for: int = 0
    points_against: int = 0
    first_side: Side = field(default_factory=Side)
    second_side: Side = field(default_factory=Side)

    @property
    def matches(self) -> int:
        """The matches the two played (finished)."""
        return self.won + self.lost + self.drawn


def pairs(order: Sequence[P], results: Sequence[SeasonResult[P]]) -> list[Pair[P]]:
    """Every pair of players who met in ``results`` (:class:`Pair`), the most matches
    first, then in the order of ``order`` (the running table's). Players not in
    ``order`` are ignored."""
    rank = {p: i for i, p in enumerate(order)}
    found: dict[tuple[P, P], Pair[P]] = {}
    for item in results:
        result = item.result
        b = result.b
        if result.outcome is Outcome.BYE or b is None:
            continue
        if result.a not in rank or b not in rank or result.a == b:
            continue
        flipped = rank[b] < rank[result.a]
        first, second = (b, result.a) if flipped else (result.a, b)
        pair = found.setdefault((first, second), Pair(first, second))
        got = match_points(result.outcome, "b" if flipped else "a")
        pair.won += got == 1.0
        pair.drawn += got == 0.5
        pair.lost += got == 0.0
        mine, theirs = ((result.points_b, result.points_a) if flipped
                        else (result.points_a, result.points_b))
        pair.points_for += mine
        pair.points_against += theirs
        split_first, split_second = ((item.split_b, item.split_a) if flipped
                                     else (item.split_a, item.split_b))
        pair.first_side = pair.first_side.plus(split_first)
        pair.second_side = pair.second_side.plus(split_second)
    for key, pair in list(found.items()):
        if pair.lost > pair.won:
            found[key] = Pair(pair.second, pair.first, pair.lost, pair.won, pair.drawn,
                              pair.points_against, pair.points_for, pair.second_side,
                              pair.first_side)
    return sorted(found.values(), key=lambda p: (-p.matches, rank[p.first], rank[p.second]))
