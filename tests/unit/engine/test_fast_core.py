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
from app.engine.rules import HOUSE, Rules
from app.engine.scoring import KnockLimit

POSITIONS = int(os.environ.get("FAST_SETTLE_POSITIONS", "3000"))
DISCARD_POSITIONS = int(os.environ.get("FAST_DISCARD_POSITIONS", "100000"))

RULES = [
    (HOUSE, KnockLimit(10)),
    (Rules(round_the_corner=True), KnockLimit(10)),
    (Rules(big_gin=True), KnockLimit(10)),
    (HOUSE, KnockLimit(7, doubled=True)),
    (Rules(round_the_corner=True, big_gin=True, undercut_bonus=10), KnockLimit(4)),
]


def _meld(rng: random.Random, wrap: bool) -> int:
    if rng.random() < 0.4:
        rank = rng.randrange(13)
        suits = rng.sample(range(4), rng.choice((3, 3, 4)))
        return sum(1 << (13 * s + rank) for s in suits)
    length = rng.choice((3, 3, 3, 4, 4, 5, 6))
    suit = rng.randrange(4)
    start = rng.randrange(13 if wrap else 14 - length)
    return sum(1 << (13 * suit + (start + i) % 13) for i in range(length))


def _neighbours(mask: int) -> int:
    near = 0
    for i in range(52):
        if mask >> i & 1:
            suit, rank = divmod(i, 13)
            for r in (rank - 1, rank + 1, rank - 2, rank + 2):
                near |= 1 << (13 * suit + r % 13)
            for s in range(4):
                near |= 1 << (13 * s + rank)
    return near & ~mask


def _position(rng: random.Random, rules: Rules, limit: KnockLimit) -> tuple[int, int]:
    size = 11 if rules.big_gin and rng.random() < 0.2 else 10
    while True:
        hand = 0
        for _ in range(rng.choice((1, 2, 2, 3, 3))):
            meld = _meld(rng, rules.round_the_corner)
            if not meld & hand and (hand | meld).bit_count() <= size:
                hand |= meld
        while hand.bit_count() < size:
            hand |= 1 << rng.randrange(52)
        dead = least_deadwood_mask(hand, rules)
        if (size == 11 and dead == 0) or (
                size == 10 and dead <= limit.limit and (dead or rng.random() < 0.2)):
            break
    near = [i for i in range(52) if _neighbours(hand) >> i & 1]
    rest = [i for i in range(52) if not hand >> i & 1]
    defender = 0
    for _ in range(rng.choice((0, 1, 2, 3))):
        meld = _meld(rng, rules.round_the_corner)
        if not meld & (hand | defender) and (defender | meld).bit_count() <= 10:
            defender |= meld
    while defender.bit_count() < 10:
        pool = near if rng.random() < 0.6 else rest
        card = 1 << rng.choice(pool)
        if not card & hand:  # (a card already drawn is simply drawn again)
            defender |= card
    return hand, defender


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


def _set_heavy_hand(rng: random.Random, size: int) -> int:
    """``size`` random cards, most of them from a few ranks and a few runs (so that
    sets, 4-sets and runs overlap: the hard case of the least deadwood)."""
    hand = 0
    ranks = rng.sample(range(13), rng.choice((1, 2, 3)))
    while hand.bit_count() < size:
        roll = rng.random()
        if roll < 0.45:
            card = 13 * rng.randrange(4) + rng.choice(ranks)
        elif roll < 0.7:
            card = 13 * rng.randrange(4) + (rng.choice(ranks) + rng.choice((-2, -1, 1, 2))) % 13
        else:
            card = rng.randrange(52)
        hand |= 1 << card
    return hand


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
