"""Hand histories without the app: dump and parse round trip, a review starting from the exact
deal, the parser's bounds."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.engine import HOUSE, HandSeed, Phase, legal_actions
from app.engine.fairness import fair_deal
from app.engine.handhistory import (
    MAGIC,
    HandHistory,
    HandHistoryError,
    HistoryHand,
    check,
    dump,
    parse,
)
from app.engine.review import hand_positions


def _random_hand(seed: int) -> HistoryHand:
    """A finished hand 1 dealt from gin-shuffle-v1 and played by random legal actions."""
    rng = random.Random(seed)
    hand_seed = HandSeed(f"{seed:064x}", f"client {seed}")
    positions = hand_positions(HOUSE, hand_seed, 1, 1, [])
    state = positions[0].state
    log: list[tuple[int, str]] = []
    from app.engine import apply
    while state.phase is not Phase.OVER:
        actions = legal_actions(state, state.to_play)
        enders = [a for a in actions if str(a).split()[0] in ("knock", "gin", "big_gin")]
        action = rng.choice(enders or actions)
        log.append((state.to_play, str(action)))
        state, _ = apply(state, state.to_play, action)
    return HistoryHand(1, 1, (0, 0), hand_seed, tuple(log))


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=1, max_value=2**40))
def test_dump_then_parse_gives_the_same_hand_history(seed: int) -> None:
    history = HandHistory(HOUSE, "standard", 1, (_random_hand(seed),))
    text = dump(history)
    assert parse(text) == history
    assert dump(parse(text)) == text
    assert len(check(history)) == 1


def test_a_review_starts_from_the_exact_deal() -> None:
    hand = _random_hand(7)
    assert isinstance(hand.seed, HandSeed)
    deal = fair_deal(hand.seed.server_seed, hand.seed.client_seed, 1)
    first = hand_positions(HOUSE, hand.seed, 1, 1, hand.log)[0].state
    assert set(first.hands[0]) == set(deal.non_dealer)  # player 0 is the non-dealer
    assert set(first.hands[1]) == set(deal.dealer)
    assert first.stock == deal.stock and first.upcard == deal.upcard


def test_the_parser_bounds_its_input() -> None:
    with pytest.raises(HandHistoryError, match="at most"):
        parse(MAGIC + "\n" + "#" * (10 * 1024 * 1024))
    hand = _random_hand(11)
    many = HandHistory(HOUSE, "easy", 1, (hand,) * 101)
    with pytest.raises(HandHistoryError, match="at most"):
        parse(dump(many))
    twice = HandHistory(HOUSE, "easy", 1, (hand, hand))
    with pytest.raises(HandHistoryError, match="follow"):
        check(parse(dump(twice)))


def test_a_refusal_keeps_its_template_and_values_across_the_process_pool() -> None:
    import pickle

    with pytest.raises(HandHistoryError) as refused:
        parse(MAGIC + '\nrules {"target": -5}\n')
    again = pickle.loads(pickle.dumps(refused.value))
    assert str(again) == str(refused.value) == (
        "Line 2: the rules do not read: The target must be a positive number of points, "
        "not -5.")
    assert again.template == "Line %(line)s: the rules do not read: %(problem)s"
    assert again.values["line"] == 2 and str(again.inner) == str(refused.value.inner)
