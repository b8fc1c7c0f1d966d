"""The fast paths of the play-outs agree with the engine's definitions (issue 28).

The least deadwood after each discard (:func:`~app.engine.melds.deadwood_by_discard_mask`,
one pass per choice of sets) is the least deadwood of each hand left, and the best
discard (:func:`~app.engine.melds.least_discard_mask`) is the least of those, over
100,000 random hands heavy in sets and runs each. The sampler's shuffle is
``random.shuffle`` and its weighted draw the sort it stands for, draw for draw.

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

from app.engine.bots.hard import Model, _connects, _neighbours, sample_opponent
from app.engine.bots.inference import shuffle
from app.engine.bots.rollout import can_meld, melds_with, settle_masks, wants_card
from app.engine.cards import CARD_POINTS, CARDS, Card
from app.engine.layoff import lay_down
from app.engine.melds import (
    MeldKind,
    _all_best,
    candidate_melds,
    deadwood_by_discard_mask,
    least_arrangements_mask,
    least_deadwood_mask,
    least_discard_mask,
    meld_kind,
)
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
        # The same with the two hands' least deadwood given (a play-out knows them).
        assert settle_masks(hand, defender, rules, limit, least_deadwood_mask(hand, rules),
                            least_deadwood_mask(defender, rules)) == (
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


@pytest.mark.parametrize("wrap", [False, True])
def test_the_best_discard_leaves_the_least_deadwood_then_the_most_points(wrap: bool) -> None:
    # The definition: of every card that may be thrown (not the one just taken, nor the
    # others kept), the least deadwood left, then the card of more points, then the
    # higher card.
    rules = Rules(round_the_corner=wrap)
    rng = random.Random(2810 + wrap)
    for _ in range(DISCARD_POSITIONS // 2):
        hand = _set_heavy_hand(rng, rng.choice((11, 11, 11, 10, 12, 5)))
        bits = [1 << i for i in range(52) if hand >> i & 1]
        keep = sum(rng.sample(bits, rng.choice((0, 1, 1, 1, 2, 3))))
        left = {bit: least_deadwood_mask(hand ^ bit, rules) for bit in bits if not bit & keep}
        best = min(left, key=lambda bit: (left[bit], -CARD_POINTS[bit.bit_length() - 1], -bit))
        assert least_discard_mask(hand, keep, rules) == (best, left[best]), (hand, keep)
    assert least_discard_mask(1 << 7, 1 << 7, rules) == (0, 999)  # nothing may be thrown


def test_the_samplers_shuffle_is_randoms_shuffle_draw_for_draw() -> None:
    for seed in range(400):
        items = list(range(seed % 45))
        expected = list(items)
        random.Random(seed).shuffle(expected)
        ours = random.Random(seed)
        shuffle(items, ours)
        assert items == expected
        assert ours.random() == _after_shuffle(seed, len(items))  # the same state after

    class Halves(random.Random):  # draws by random() alone: shuffles its own way
        def random(self) -> float:
            return 0.5

    items, expected = list(range(20)), list(range(20))
    shuffle(items, Halves(1))
    Halves(1).shuffle(expected)
    assert items == expected


def _after_shuffle(seed: int, length: int) -> float:
    rng = random.Random(seed)
    rng.shuffle(list(range(length)))
    return rng.random()


def test_the_weighted_draw_takes_the_highest_keys_ties_to_the_higher_card() -> None:
    # Sampling without replacement by keys u ** (1 / weight), one uniform per unseen card
    # in card order; the cards of the n highest (key, index) pairs.
    rng = random.Random(2820)
    for number in range(3000):
        unseen = rng.sample(range(52), rng.randrange(1, 42))
        weight = {index: rng.choice((0.3, 1.0, 1.0, 2.2, 4.4)) for index in unseen}
        known = 0 if number % 3 else 1 << min(set(range(52)) - set(unseen))
        wanted = rng.randrange(0, len(unseen) + 2)
        model = Model(Rules(), 0, 0, known, wanted, 0, weight, [], [],
                      [(index, 1.0 / w) for index, w in sorted(weight.items())])
        seed = rng.getrandbits(32)
        draws = random.Random(seed)
        keys = sorted(((draws.random() ** (1.0 / w), index)
                       for index, w in sorted(weight.items())), reverse=True)
        expected = known
        for _, index in keys[:wanted]:
            expected |= 1 << index
        assert sample_opponent(model, random.Random(seed)) == expected
    # Equal keys (a uniform of 0.0 to any power): the higher cards are taken first.
    class Zeros(random.Random):
        def random(self) -> float:
            return 0.0
    model = Model(Rules(), 0, 0, 0, 2, 0, {3: 1.0, 9: 1.0, 20: 2.0}, [], [],
                  [(3, 1.0), (9, 1.0), (20, 0.5)])
    assert sample_opponent(model, Zeros()) == 1 << 20 | 1 << 9


@pytest.mark.parametrize("wrap", [False, True])
def test_a_card_connects_with_a_hand_holding_its_rank_or_a_card_two_away(wrap: bool) -> None:
    # Hard's outlook asks this of every unseen card of every hand it values; the table
    # it reads must say what the neighbours say.
    rng = random.Random(46)
    for index in range(52):
        same, near, gap = _neighbours(index, wrap)
        for other in range(52):
            assert _connects(1 << other, index, wrap) is (other in (*same, *near, *gap))
        for _ in range(50):
            hand = rng.getrandbits(52)
            assert _connects(hand, index, wrap) is any(
                hand >> other & 1 for other in (*same, *near, *gap))


def _hand_and_card(rng: random.Random) -> tuple[int, int]:
    """A set-heavy 10-card hand and a card (a bit) drawn from the same cards."""
    hand = _set_heavy_hand(rng, 11)
    card = 1 << rng.choice([i for i in range(52) if hand >> i & 1])
    return hand ^ card, card


@pytest.mark.parametrize("wrap", [False, True])
def test_a_card_can_meld_exactly_when_some_meld_of_the_hand_with_it_holds_it(wrap: bool) -> None:
    # The take rules' shortcut: when can_meld says no, the card is deadwood in every
    # arrangement, so the least deadwood with it is the hand's plus its points.
    rules = Rules(round_the_corner=wrap)
    rng = random.Random(4600 + wrap)
    for _ in range(DISCARD_POSITIONS // 20):
        hand, card = _hand_and_card(rng)
        index = card.bit_length() - 1
        expected = any(meld & card for meld in candidate_melds(hand | card, wrap))
        assert can_meld(hand, index, rules) is expected, (hand, index)
        if not expected:
            assert least_deadwood_mask(hand | card, rules) == (
                least_deadwood_mask(hand, rules) + CARD_POINTS[index])


@pytest.mark.parametrize("wrap", [False, True])
def test_the_take_rules_are_their_definitions(wrap: bool) -> None:
    # melds_with: the card lowers the least deadwood by its whole value; wants_card: that,
    # or the best discard after taking it (never the card) is within the knock limit.
    rules = Rules(round_the_corner=wrap)
    rng = random.Random(4610 + wrap)
    for _ in range(DISCARD_POSITIONS // 20):
        hand, card = _hand_and_card(rng)
        limit = rng.choice((0, 4, 7, 10, 10, 25))
        least = least_deadwood_mask(hand, rules)
        melds = least_deadwood_mask(hand | card, rules) < least + CARD_POINTS[
            card.bit_length() - 1]
        wants = melds or least_discard_mask(hand | card, card, rules)[1] <= limit
        assert melds_with(hand, card, rules) is melds, (hand, card)
        assert melds_with(hand, card, rules, least) is melds, (hand, card)
        assert wants_card(hand, card, rules, limit) is wants, (hand, card, limit)
        assert wants_card(hand, card, rules, limit, least) is wants, (hand, card, limit)


def _whole_stretches(melds: list[int], rules: Rules) -> tuple[int, ...]:
    """An arrangement with every two runs that make one run joined, until none do."""
    merged = sorted(melds)
    runs = [(a, b) for a in merged for b in merged
            if a < b and meld_kind(a, rules) is meld_kind(b, rules) is MeldKind.RUN
            and meld_kind(a | b, rules) is MeldKind.RUN]
    if not runs:
        return tuple(merged)
    a, b = runs[0]
    return _whole_stretches([m for m in merged if m not in (a, b)] + [a | b], rules)


@pytest.mark.parametrize("wrap", [False, True])
def test_the_least_arrangements_are_every_best_arrangement_with_whole_runs(wrap: bool) -> None:
    # The settlement's arrangements (one per choice of sets, each stretch melded whole)
    # are the engine's best arrangements once the runs cut in two are joined again.
    rules = Rules(round_the_corner=wrap)
    rng = random.Random(2830 + wrap)
    for _ in range(3000):
        hand = _set_heavy_hand(rng, rng.choice((10, 10, 11)))
        least = least_deadwood_mask(hand, rules)
        ours = sorted(tuple(sorted(a)) for a in least_arrangements_mask(hand, least, rules))
        engine = sorted({_whole_stretches(a, rules)
                         for a in _all_best(hand, candidate_melds(hand, wrap), {})})
        assert ours == engine, hand
