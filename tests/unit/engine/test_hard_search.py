"""The Hard level's knock search: what it weighs, what it plays, and no peeking.

The no-peeking property runs over 1,000 states where Hard may knock (the only decision
it searches): two deals that differ only in what Hard cannot see give the same view, and
the same decision and the same whole search for the same random seed.
"""

from __future__ import annotations

import random
from math import fsum

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.engine import HOUSE, Discard, Gin, HandState, Knock, Phase, apply, deal, view
from app.engine.bots import choose_action, expert, hard, hard_search, standard
from tests.unit.engine.test_bots import _reshuffle_hidden

TINY = expert.Budget(samples=4, discards=0, deadline=None, batch=2, playouts=30)
"""Small and clock-free, and still two batches (a candidate can be dropped)."""


def _knock_state(seed: int) -> HandState | None:
    """A hand played by Standard for both players up to the first discard where the
    player to act may knock but not go gin (``None`` when the hand ends first)."""
    state = deal(HOUSE, dealer=seed % 2, rng=seed)
    rng = random.Random(seed)
    while state.phase is not Phase.OVER:
        seen = view(state, state.to_play)
        if (seen.phase is Phase.DISCARD and any(isinstance(a, Knock) for a in seen.legal)
                and not any(isinstance(a, Gin) for a in seen.legal)):
            return state
        state, _ = apply(state, state.to_play, standard.choose(seen, rng))
    return None


@settings(max_examples=1000, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(deal_seed=st.integers(0, 100_000), shuffle_seed=st.integers(0, 10_000),
       bot_seed=st.integers(0, 10_000),
       scores=st.tuples(st.integers(0, 99), st.integers(0, 99)))
def test_the_knock_search_never_depends_on_hidden_cards(
        deal_seed: int, shuffle_seed: int, bot_seed: int, scores: tuple[int, int]) -> None:
    state = _knock_state(deal_seed)
    if state is None:
        return
    player = state.to_play
    other_deal = _reshuffle_hidden(state, player, random.Random(shuffle_seed))
    seen, also_seen = view(state, player, scores), view(other_deal, player, scores)
    assert seen == also_seen
    among = hard.knock_candidates(seen)
    assert among == hard.knock_candidates(also_seen) and among
    found = expert.search(seen, random.Random(bot_seed), TINY, among=among)
    assert found == expert.search(also_seen, random.Random(bot_seed), TINY, among=among)
    assert (hard_search.choose(seen, random.Random(bot_seed), TINY)
            == hard_search.choose(also_seen, random.Random(bot_seed), TINY))


def test_most_hands_reach_a_knock_so_the_property_covers_the_search() -> None:
    reached = [_knock_state(seed) for seed in range(60)]
    assert sum(state is not None for state in reached) >= 40


def test_the_candidates_are_the_knock_playing_on_and_keeping_the_knock_card() -> None:
    for seed in range(40):
        state = _knock_state(seed)
        if state is None:
            continue
        seen = view(state, state.to_play)
        among = hard.knock_candidates(seen)
        assert len(among) == len(set(among)) in (2, 3)
        assert all(action in seen.legal for action in among)
        knock, play_on = among[0], among[1]
        assert isinstance(knock, Knock) and isinstance(play_on, Discard)
        assert not isinstance(play_on, Knock)
        # The knock discards the card leaving the least deadwood; playing on is Hard's
        # evaluation's own discard; the third plays on without the knock's card.
        model = hard.build_model(seen)
        _, knock_option, play_on_option = hard.discard_options(
            seen, model, hard.Evaluator(model, seen.limit.limit))
        assert (knock, play_on) == (knock_option, play_on_option)
        if len(among) == 3:
            assert among[2] == Discard(knock.card) != play_on


def test_no_search_outside_a_knock_and_none_when_gin_is_possible() -> None:
    for seed in range(30):
        state = deal(HOUSE, dealer=seed % 2, rng=seed)
        rng = random.Random(seed)
        while state.phase is not Phase.OVER:
            seen = view(state, state.to_play)
            among = hard.knock_candidates(seen)
            may_knock = any(isinstance(a, Knock) for a in seen.legal)
            may_gin = any(isinstance(a, Gin) for a in seen.legal)
            assert bool(among) == (seen.phase is Phase.DISCARD and may_knock and not may_gin)
            if not among:
                assert (hard_search.choose(seen, random.Random(seed), TINY)
                        == hard.choose(seen, random.Random(seed)))
            state, _ = apply(state, state.to_play, standard.choose(seen, rng))


def test_hard_plays_the_candidate_of_highest_mean() -> None:
    budget = expert.Budget(samples=12, discards=0, deadline=None, batch=4, playouts=36)
    played = set()
    for seed in range(40):
        state = _knock_state(seed)
        if state is None:
            continue
        seen = view(state, state.to_play, (seed, 50))
        among = hard.knock_candidates(seen)
        found = expert.search(seen, random.Random(seed), budget, among=among)
        means = [fsum(v) / len(v) for v in found.values]
        best = among[max(range(len(among)), key=lambda i: (means[i], -i))]
        choice = hard_search.choose(seen, random.Random(seed), budget)
        assert choice == best
        played.add(type(choice))
    # On these hands it knocks at times and plays on at others.
    assert played == {Knock, Discard}


def test_the_level_is_the_knock_search() -> None:
    state = _knock_state(7)
    assert state is not None
    seen = view(state, state.to_play)
    saved = hard_search.BUDGET
    hard_search.BUDGET = TINY
    try:
        assert (choose_action("hard", seen, random.Random(3))
                == hard_search.choose(seen, random.Random(3), TINY))
    finally:
        hard_search.BUDGET = saved
