"""Computer players: legal moves only, never the card just taken, no peeking.

A computer player only ever sees a ``PlayerView``. The property test builds two hands
that differ only in what the player cannot see — the opponent's unknown cards and the
stock order — and checks every level decides the same with the same random seed.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.engine import (
    CLASSIC,
    HOUSE,
    Discard,
    GameError,
    Gin,
    HandState,
    Knock,
    Phase,
    TakeUpcard,
    apply,
    deal,
    legal_actions,
    new_deck,
    parse_cards,
    view,
)
from app.engine.bots import (
    LEVELS,
    REFERENCES,
    NotBotsTurnError,
    UnknownLevelError,
    choose_action,
    expert,
    hard_search,
)
from app.engine.cards import to_mask

HANDS_PER_LEVEL = 30
PLAYERS = LEVELS + REFERENCES
SMALL_BUDGET = expert.Budget(samples=2, discards=2, deadline=None)
"""Expert's search and Hard's knock search shrunk for these tests (and without a clock,
so they are reproducible)."""


@pytest.fixture(autouse=True, scope="module")
def _small_expert_budget() -> Iterator[None]:
    saved = expert.DEFAULT_BUDGET, hard_search.BUDGET
    expert.DEFAULT_BUDGET = SMALL_BUDGET
    hard_search.BUDGET = SMALL_BUDGET
    yield
    expert.DEFAULT_BUDGET, hard_search.BUDGET = saved


def _play_hand(levels: tuple[str, str], seed: int, rules=HOUSE) -> int:  # type: ignore[no-untyped-def]
    """Play one hand between two levels, checking every action; returns actions played."""
    state = deal(rules, dealer=seed % 2, rng=seed)
    rngs = (random.Random(seed * 2), random.Random(seed * 2 + 1))
    played = 0
    while state.phase is not Phase.OVER:
        player = state.to_play
        action = choose_action(levels[player], view(state, player), rngs[player])
        assert action in legal_actions(state, player), (levels[player], str(action))
        if isinstance(action, Discard | Knock | Gin) and state.taken_from_pile is not None:
            assert action.card != state.taken_from_pile, (
                f"{levels[player]} discarded the card it just took")
        state, _ = apply(state, player, action)
        played += 1
    return played


@pytest.mark.parametrize("level", PLAYERS)
def test_each_level_only_plays_legal_actions_and_keeps_the_card_it_took(level: str) -> None:
    for seed in range(HANDS_PER_LEVEL):
        opponent = PLAYERS[seed % len(PLAYERS)]
        levels = (level, opponent) if seed % 2 else (opponent, level)
        assert _play_hand(levels, seed) > 0


@pytest.mark.parametrize("level", PLAYERS)
def test_each_level_plays_legally_under_table_options(level: str) -> None:
    variants = [
        CLASSIC.with_options(oklahoma=True),
        HOUSE.with_options(straight_gin=True),
        HOUSE.with_options(round_the_corner=True, big_gin=True),
        HOUSE.with_options(knock_limit=5),
    ]
    for seed, rules in enumerate(variants * 2):
        _play_hand((level, level), 1000 + seed, rules)


def test_unknown_level_is_a_clear_game_error() -> None:
    state = deal(HOUSE, dealer=1, rng=7)
    with pytest.raises(UnknownLevelError,
                       match="levels are easy, standard, hard, expert") as info:
        choose_action("grandmaster", view(state, 0), random.Random(0))
    assert isinstance(info.value, GameError)


def test_asking_out_of_turn_is_refused() -> None:
    state = deal(HOUSE, dealer=1, rng=7)
    with pytest.raises(NotBotsTurnError, match="not its turn"):
        choose_action("standard", view(state, 1), random.Random(0))


def test_standard_takes_an_upcard_that_completes_a_meld_and_knocks_at_once() -> None:
    # Player 0 (starting player) holds 7C 8C and the upcard is 9C: a run.
    mine = parse_cards("7C 8C KD KH 2S 3S 4S 5H 5D 5S")
    theirs = parse_cards("AC 2C 3C 4C 5C 6C AD 2D 3D 4D")
    upcard = parse_cards("9C")
    rest = [c for c in new_deck()
            if c not in set(mine) | set(theirs) | set(upcard)]
    deck = [c for pair in zip(mine, theirs, strict=True) for c in pair] + upcard + rest
    state = deal(HOUSE, dealer=1, deck=deck)
    assert choose_action("standard", view(state, 0), random.Random(0)) == TakeUpcard()
    state, _ = apply(state, 0, TakeUpcard())
    # 7C 8C 9C, 2S 3S 4S, 5H 5D 5S melded; KD KH deadwood: discard a king, 10 left.
    action = choose_action("standard", view(state, 0), random.Random(0))
    assert isinstance(action, Knock) and action.card.rank.value == "K"


def _advance(state: HandState, steps: int, rng: random.Random) -> HandState:
    """Play up to ``steps`` random legal actions that do not end the hand."""
    for _ in range(steps):
        if state.phase is Phase.OVER:
            break
        player = state.to_play
        options = [a for a in legal_actions(state, player) if not isinstance(a, Knock | Gin)]
        if not options:
            break
        after, _ = apply(state, player, rng.choice(options))
        if after.phase is Phase.OVER:
            break
        state = after
    return state


def _reshuffle_hidden(state: HandState, player: int, rng: random.Random) -> HandState:
    """Another deal consistent with ``player``'s view: the opponent's cards not known
    from pickups and the stock are pooled, shuffled and dealt back out."""
    other = 1 - player
    known = state.known[other]
    unknown = [c for c in state.hands[other] if c not in known]
    hidden = unknown + list(state.stock)
    rng.shuffle(hidden)
    their = tuple(sorted([*known, *hidden[:len(unknown)]], key=lambda c: c.index))
    hands = (state.hands[0], their) if other == 1 else (their, state.hands[1])
    return replace(state, hands=hands, stock=tuple(hidden[len(unknown):]))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deal_seed=st.integers(0, 10_000), steps=st.integers(0, 50),
       shuffle_seed=st.integers(0, 10_000), bot_seed=st.integers(0, 10_000))
def test_hidden_cards_never_change_a_decision(deal_seed: int, steps: int, shuffle_seed: int,
                                              bot_seed: int) -> None:
    state = _advance(deal(HOUSE, dealer=deal_seed % 2, rng=deal_seed), steps,
                     random.Random(deal_seed + 1))
    if state.phase is Phase.OVER:
        return
    player = state.to_play
    other_deal = _reshuffle_hidden(state, player, random.Random(shuffle_seed))
    assert to_mask(other_deal.cards_in_play()) == (1 << 52) - 1
    seen, also_seen = view(state, player), view(other_deal, player)
    assert seen == also_seen
    for level in PLAYERS:
        first = choose_action(level, seen, random.Random(bot_seed))
        second = choose_action(level, also_seen, random.Random(bot_seed))
        assert first == second, level
