"""Duplicate scoring, pure (no I/O): each table's result on a board compared with the
other tables that held the same cards.

In a duplicate event every table of a round deals its hand ``n`` from the same board
(the same server and client seed, ``docs/fairness.md``), so the same cards reach the
same **position**: the dealer's and the non-dealer's. (Who deals a later hand depends on
the earlier ones, so at one table Ann may deal board 3 and at another her opponent: the
comparison is by position, the cards, not by seat.)

* A hand's **net score** for its dealer: the hand points when the dealer won it, minus
  them when the non-dealer won, 0 for a void hand; the non-dealer's is its negative.
* A board's **duplicate points** for a table's dealer: its net score minus the average of
  the dealers' net scores at the *other* tables that played the board; the non-dealer
  gets the negative (so a table's two players' points add up to 0). A board that only one
  table played (the others' matches ended first) scores nobody.
* A player's duplicate points: the sum over the boards it played.

Example: board 1 at three tables, the dealers' net scores +20, −10 and +5. The first
dealer gets 20 − (−10 + 5)/2 = 22.5 (its opponent −22.5), the second −10 − (20 + 5)/2 =
−22.5, the third 5 − (20 − 10)/2 = 0. ``tests/unit/events/test_duplicate.py`` holds more.
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


def net_score(dealer: int, winner: int | None, points: int) -> int:
    """The dealer's net score of a hand: ``points`` when ``winner`` is the ``dealer``
    (seats 0/1), ``-points`` when it is the other, 0 for a void hand (``None``)."""
    if winner is None:
        return 0
    return points if winner == dealer else -points


def duplicate_points(hands: Iterable[BoardResult[P]]) -> dict[P, float]:
    """Each player's duplicate points over ``hands`` (the module docstring's rule); a
    player of a board no other table played has 0 for it (and is in the answer)."""
    boards: dict[Hashable, list[BoardResult[P]]] = defaultdict(list)
    found: dict[P, float] = {}
    for hand in hands:
        boards[hand.board].append(hand)
        found.setdefault(hand.dealer, 0.0)
        found.setdefault(hand.other, 0.0)
    for played in boards.values():
        if len(played) < 2:
            continue
        total = sum(h.net for h in played)
        for hand in played:
            others = (total - hand.net) / (len(played) - 1)
            found[hand.dealer] += hand.net - others
            found[hand.other] -= hand.net - others
    return found
