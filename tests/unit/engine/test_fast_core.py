"""The fast paths of the play-outs agree with the engine's definitions (issue 28).

The least deadwood after each discard (:func:`~app.engine.melds.deadwood_by_discard_mask`,
one pass per choice of sets) is the least deadwood of each hand left, over 100,000
random hands heavy in sets and runs.

:func:`~app.engine.bots.rollout.settle_masks` scores a knock without building melds; it
must give exactly the engine's result (winner, points, kind) on every position. The
positions are random knocks built to be close calls for layoffs: the knocker's hand is
a few random melds plus random cards (kept when its least deadwood is within the knock
limit), the defender's ten cards are drawn mostly from the cards next to the knocker's
melds. ``FAST_SETTLE_POSITIONS`` sets how many (default 3,000 in the quick suite; the
figure of 100,000 was run with ``FAST_SETTLE_POSITIONS=100000``, see
``docs/strength.md``).
"""

from __future__ import annotations

import os
import random

import pytest

from app.engine.bots.rollout import settle_masks
from app.engine.cards import CARDS, Card
from app.engine.layoff import lay_down
from app.engine.melds import deadwood_by_discard_mask, least_deadwood_mask
from app.engine.rules import Rules
from tests.support.core_positions import knock_position as _position
from tests.support.core_positions import rule_sets
from tests.support.core_positions import set_heavy_hand as _set_heavy_hand

POSITIONS = int(os.environ.get("FAST_SETTLE_POSITIONS", "3000"))
DISCARD_POSITIONS = int(os.environ.get("FAST_DISCARD_POSITIONS", "100000"))

RULES = rule_sets()


def _cards(mask: int) -> list[Card]:
    return [CARDS[i] for i in range(52) if mask >> i & 1]


@pytest.mark.parametrize("which", range(len(RULES)))
def test_settlement_on_masks_is_the_engines_lay_down(which: int) -> None:
    rules, limit = RULES[which]
    rng = random.Random(28_000 + which)
    for _ in range(POSITIONS // len(RULES)):
        hand, defender = _position(rng, rules, limit)
        expected = lay_down(_cards(hand), _cards(defender), rules, limit=limit)
        assert settle_masks(hand, defender, rules, limit) == (
            expected.winner, expected.points, expected.kind), (_cards(hand), _cards(defender))


@pytest.mark.parametrize("wrap", [False, True])
def test_deadwood_by_discard_is_the_least_deadwood_of_each_hand_left(wrap: bool) -> None:
    # One pass per choice of sets (deadwood_by_discard_mask) against the definition:
    # the least deadwood of the hand without each card in turn.
    rules = Rules(round_the_corner=wrap)
    rng = random.Random(2800 + wrap)
    for _ in range(DISCARD_POSITIONS // 2):
        hand = _set_heavy_hand(rng, rng.choice((11, 11, 11, 10, 12, 5)))
        expected = {bit: least_deadwood_mask(hand ^ bit, rules)
                    for bit in (1 << i for i in range(52)) if hand & bit}
        got = deadwood_by_discard_mask(hand, rules)
        assert got == expected and list(got) == list(expected), hand
