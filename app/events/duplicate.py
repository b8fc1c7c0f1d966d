"""Duplicate scoring, pure (no I/O): each table's result on a board compared with the
other tables that held the same cards (SPEC §11, matchpoints).

In a duplicate event every table of a round deals its hand ``n`` from the same board
(the same server and client seed, ``docs/fairness.md``), so the same cards reach the
same **position**: the dealer's and the non-dealer's. (Who deals a later hand depends on
the earlier ones, so at one table Ann may deal board 3 and at another her opponent: the
comparison is by position, the cards, not by seat.)

* A hand's **net score** for its dealer: the hand points when the dealer won it, minus
  them when the non-dealer won, 0 for a void hand; the non-dealer's is its negative.
* On a board played at ``k`` tables, each position is compared with the same position
  at every other table: **2 matchpoints** for each it beat (a higher net score), 1 for
  each tie, 0 for each loss, out of ``2 (k − 1)`` possible. A board that only one table
  played (the others' matches ended first) compares nobody.
* A player's **duplicate percentage**: its matchpoints over all the boards it played, as
  a percentage of the most possible there; none (``None``) before any comparison.

Example: board 1 at three tables, the dealers' net scores +20, −10 and +5. The first
dealer beats both others: 4 of 4 (100 %); the second beats nobody: 0 of 4; the third
beats one: 2 of 4 (50 %); each non-dealer gets the rest (0, 4 and 2 of 4).
``tests/unit/events/test_duplicate.py`` holds more.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

P = TypeVar("P", bound=Hashable)


@dataclass(frozen=True, slots=True)
class BoardResult(Generic[P]):
    """One table's finished hand of a board: ``board`` any key naming the same cards
    (the board's server seed, or ``(round, number)``), the ``dealer`` and ``other``
    (non-dealer) players, and the dealer's ``net`` score (see the module docstring)."""

    board: Hashable
    dealer: P
    other: P
    net: int


@dataclass(frozen=True, slots=True)
class DuplicateScore:
    """A player's duplicate result: ``matchpoints`` won of ``most`` possible (2 per
    comparison with another table's same position on a board)."""

    matchpoints: int = 0
    most: int = 0

    @property
    def percent(self) -> float | None:
        """``matchpoints`` as a percentage of ``most`` (0–100); ``None`` before any
        comparison (``most`` 0)."""
        return 100 * self.matchpoints / self.most if self.most else None

    def __add__(self, other: DuplicateScore) -> DuplicateScore:
        return DuplicateScore(self.matchpoints + other.matchpoints, self.most + other.most)


def net_score(dealer: int, winner: int | None, points: int) -> int:
    """The dealer's net score of a hand: ``points`` when ``winner`` is the ``dealer``
    (seats 0/1), ``-points`` when it is the other, 0 for a void hand (``None``)."""
    if winner is None:
        return 0
    return points if winner == dealer else -points


def matchpoints(net: int, others: Iterable[int]) -> int:
    """The matchpoints of a net score against the same position's at other tables: 2
    for each beaten, 1 for each tie, 0 for each loss."""
    return sum(2 if net > other else 1 if net == other else 0 for other in others)


def duplicate_scores(hands: Iterable[BoardResult[P]]) -> dict[P, DuplicateScore]:
    """Each player's matchpoints over ``hands`` (the module docstring's rule); a player
    of a board no other table played has nothing for it (and is in the answer)."""
    boards: dict[Hashable, list[BoardResult[P]]] = defaultdict(list)
    found: dict[P, DuplicateScore] = {}
    for hand in hands:
        boards[hand.board].append(hand)
        found.setdefault(hand.dealer, DuplicateScore())
        found.setdefault(hand.other, DuplicateScore())
    for played in boards.values():
        most = 2 * (len(played) - 1)
        if not most:
            continue
        for index, hand in enumerate(played):
            dealer = matchpoints(hand.net, (h.net for i, h in enumerate(played) if i != index))
            found[hand.dealer] += DuplicateScore(dealer, most)
            found[hand.other] += DuplicateScore(most - dealer, most)
    return found
