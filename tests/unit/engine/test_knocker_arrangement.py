"""The knocker's arrangement (Rules.knocker_best_arrangement; issue 32).

Off (every preset): the knocker lays the least deadwood. On: the legal arrangement within
the knock limit that scores best for the knocker after the defender's best layoffs.
"""

from __future__ import annotations

import random

import pytest

from app.engine import (
    CARDS,
    CLASSIC,
    HOUSE,
    Card,
    HandKind,
    KnockLimit,
    Role,
    apply,
    deal,
    lay_down,
    least_deadwood,
    parse_action,
    parse_cards,
)
from app.engine.cards import from_mask, to_mask
from app.engine.melds import candidate_melds
from tests.unit.engine.test_hand_scenarios import fixed_deck

BEST = HOUSE.with_options(knocker_best_arrangement=True)

# Knocker:   A♥ 2♥ 3♥ | 9♣ 9♦ 9♠ | J♦ Q♦ K♦ | A♣         least deadwood 1 (A♣)
# Defender:  2♠ 3♠ 4♠ | 6♣ 6♦ 6♠ | 4♥ 5♥ 9♥ 10♦        melds, then four loose cards
# Least deadwood laid: the defender lays off 4♥ 5♥ (onto A-2-3♥), 9♥, 10♦ → 0: an
# undercut, 25 + 1 − 0 = 26 to the defender. Laying A-2-3♥ as deadwood instead (7, within
# 10) leaves 4♥ 5♥ with nowhere to go: 9 against 7, a knock for 2.
KNOCKER = "AH 2H 3H 9C 9D 9S JD QD KD AC"
DEFENDER = "2S 3S 4S 6C 6D 6S 4H 5H 9H TD"


def test_off_the_knocker_lays_the_least_deadwood_and_is_undercut() -> None:
    assert not HOUSE.knocker_best_arrangement and not CLASSIC.knocker_best_arrangement
    s = lay_down(parse_cards(KNOCKER), parse_cards(DEFENDER), HOUSE)
    assert s.knocker_deadwood == 1 and s.kind is HandKind.UNDERCUT
    assert s.score.arithmetic == "undercut: 25 + 1 − 0 = 26"
    assert s.knocker_points == -26
    assert s.least_deadwood is None


def test_on_the_knocker_lays_the_arrangement_that_scores_best() -> None:
    s = lay_down(parse_cards(KNOCKER), parse_cards(DEFENDER), BEST)
    assert [str(m) for m in s.knocker_melds] == ["9C 9D 9S", "JD QD KD"]
    assert sorted(str(c) for c in s.knocker_deadwood_cards) == ["2H", "3H", "AC", "AH"]
    assert s.kind is HandKind.KNOCK and s.winner is Role.KNOCKER
    assert s.score.arithmetic == "knock: 9 − 7 = 2" and s.knocker_points == 2
    assert sorted(str(card) for card, _ in s.layoffs) == ["9H", "TD"]
    # What the least deadwood would have given, for the result panel.
    assert s.least_deadwood is not None
    assert s.least_deadwood.score.arithmetic == "undercut: 25 + 1 − 0 = 26"
    assert s.least_deadwood.least_deadwood is None


def test_the_knock_limit_bounds_the_choice() -> None:
    # With a limit of 5 the 7-deadwood arrangement is not legal: least deadwood again.
    s = lay_down(parse_cards(KNOCKER), parse_cards(DEFENDER), BEST, limit=KnockLimit(5))
    assert s.knocker_deadwood == 1 and s.kind is HandKind.UNDERCUT
    assert s.least_deadwood is None


def test_gin_stays_gin_with_the_option_on() -> None:
    gin = "4C 5C 6C 7C 8D 8H 8S JH QH KH"
    defender = "3C 8C 2D 3D 4D 6S 6H 6D AS 2H"
    on = lay_down(parse_cards(gin), parse_cards(defender), BEST)
    off = lay_down(parse_cards(gin), parse_cards(defender), HOUSE)
    assert on.kind is HandKind.GIN and on == off


def _knocking_hands(rng: random.Random) -> tuple[list[Card], list[Card]]:
    """A random knocker's hand within the knock limit (two or three random melds, then low
    cards) and a random defender's hand from the rest of the deck."""
    while True:
        deck = list(CARDS)
        rng.shuffle(deck)
        melds = candidate_melds(to_mask(deck[:30]))
        rng.shuffle(melds)
        hand = 0
        for meld in melds:
            if not meld & hand and (hand | meld).bit_count() <= 9:
                hand |= meld
        rest = [card for card in deck if not to_mask([card]) & hand]
        low = [card for card in rest if card.points <= 5]
        knocker = from_mask(hand) + low[:10 - hand.bit_count()]
        if len(knocker) == 10 and 0 < least_deadwood(knocker) <= 10:
            others = [card for card in deck if card not in knocker]
            return knocker, others[:10]


def test_on_never_scores_less_and_equal_scores_keep_the_least_deadwood() -> None:
    rng = random.Random(32)
    for _ in range(300):
        knocker, defender = _knocking_hands(rng)
        off = lay_down(knocker, defender, HOUSE)
        on = lay_down(knocker, defender, BEST)
        assert on.knocker_points >= off.knocker_points
        assert on.knocker_deadwood <= 10
        if on.least_deadwood is None:
            assert on == off
        else:
            assert on.knocker_points > off.knocker_points
            assert on.least_deadwood == off


@pytest.mark.parametrize("rules,expected", [(HOUSE, HandKind.UNDERCUT), (BEST, HandKind.KNOCK)])
def test_the_hand_engine_settles_a_knock_with_the_tables_option(rules, expected) -> None:  # type: ignore[no-untyped-def]
    # The starting player (1) holds the knocker's hand and draws the K♠ to throw it.
    deck = fixed_deck(KNOCKER, DEFENDER, "7C", "KS")
    state = deal(rules, 0, deck=deck)
    for player, text in [(1, "pass"), (0, "pass"), (1, "draw_stock"), (1, "knock KS")]:
        state, _ = apply(state, player, parse_action(text))
    assert state.result is not None and state.result.kind is expected
    assert state.result.settlement == lay_down(parse_cards(KNOCKER), parse_cards(DEFENDER),
                                               rules)
