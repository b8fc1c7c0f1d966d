"""The Expert level, its evaluation (hints), the match-equity table, the sampler
and the reference Simple player vs Standard.

The no-peeking property: two deals that differ only in what the player cannot see (the
opponent's unknown cards and the stock order) give the same view, and Expert's decision
and its whole evaluation (the hint) are the same for the same random seed. The search
budget is small and clock-free here, so the property runs over 1,000 random states.
"""

from __future__ import annotations

import dataclasses
import math
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.engine import (
    HOUSE,
    Discard,
    DrawStock,
    Gin,
    Knock,
    Pass,
    Phase,
    TakeDiscard,
    TakeUpcard,
    apply,
    deadwood_by_discard,
    deal,
    new_deck,
    parse_cards,
    view,
)
from app.engine.bots import choose_action, expert, hard, inference, simple, standard
from app.engine.bots.equity import hand_points, match_equity
from app.engine.bots.hard import build_model
from app.engine.cards import to_mask
from app.engine.melds import least_deadwood_mask
from app.engine.rules import Rules
from tests.unit.engine.test_bots import _advance, _reshuffle_hidden
from tests.unit.engine.test_hard_search import _knock_state

TINY = expert.Budget(samples=3, discards=1, deadline=None, batch=2, playouts=30)
"""Small, clock-free, and still every part of the search: two batches, so candidates
can be dropped after the first, and a switch from the default needs the paired rule."""


def _random_state(deal_seed: int, steps: int):  # type: ignore[no-untyped-def]
    return _advance(deal(HOUSE, dealer=deal_seed % 2, rng=deal_seed), steps,
                    random.Random(deal_seed + 1))


# --- no peeking ------------------------------------------------------------------------


@settings(max_examples=1000, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(deal_seed=st.integers(0, 100_000), steps=st.integers(0, 60),
       shuffle_seed=st.integers(0, 10_000), bot_seed=st.integers(0, 10_000),
       scores=st.tuples(st.integers(0, 99), st.integers(0, 99)))
def test_expert_and_its_hint_never_depend_on_hidden_cards(
        deal_seed: int, steps: int, shuffle_seed: int, bot_seed: int,
        scores: tuple[int, int]) -> None:
    state = _random_state(deal_seed, steps)
    if state.phase is Phase.OVER:
        return
    player = state.to_play
    other_deal = _reshuffle_hidden(state, player, random.Random(shuffle_seed))
    seen, also_seen = view(state, player, scores), view(other_deal, player, scores)
    assert seen == also_seen
    # The whole search: every play-out's value of every candidate, the candidates dropped
    # and the one played (the hint ranks it; Expert's play is its first action, checked
    # by test_evaluation_lists_legal_actions_with_win_chances_best_first).
    found = expert.search(seen, random.Random(bot_seed), TINY)
    assert found == expert.search(also_seen, random.Random(bot_seed), TINY)


def test_the_small_search_of_the_no_peeking_property_drops_and_switches_in_every_phase(
        ) -> None:
    # The property above runs on TINY: on such random states the search drops candidates
    # and leaves Hard's choice in each phase, so every part of it is covered.
    dropped: set[Phase] = set()
    switched: set[Phase] = set()
    for seed in range(400):
        state = _random_state(seed, seed % 40)
        if state.phase is Phase.OVER:
            continue
        found = expert.search(view(state, state.to_play, (seed % 90, 50)),
                              random.Random(seed), TINY)
        if found.dropped:
            dropped.add(state.phase)
        if found.chosen:
            switched.add(state.phase)
        if len(dropped) == len(switched) == 3:
            break
    assert dropped == switched == {Phase.UPCARD_OFFER, Phase.DRAW, Phase.DISCARD}


# --- the evaluation API ------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(12))
def test_evaluation_lists_legal_actions_with_win_chances_best_first(seed: int) -> None:
    state = _random_state(seed, seed * 3)
    if state.phase is Phase.OVER:
        pytest.skip("hand ended")
    seen = view(state, state.to_play, (40, 70))
    budget = expert.Budget(samples=6, discards=3, deadline=None)
    result = expert.evaluate(seen, random.Random(seed), budget)
    actions = [action for action, _ in result]
    assert len(actions) == len(set(actions)) >= 1
    assert all(action in seen.legal for action in actions)
    assert all(0.0 <= chance <= 1.0 for _, chance in result)
    # The first is Expert's play; the rest follow by estimated chance.
    chances = [chance for _, chance in result[1:]]
    assert chances == sorted(chances, reverse=True)
    assert expert.choose(seen, random.Random(seed), budget) == actions[0]
    if seen.phase is not Phase.DISCARD:
        assert set(actions) == set(seen.legal)


def test_expert_goes_gin_when_it_can() -> None:
    # Player 0 takes 9C onto 7C 8C and is then all melded but for the king it discards.
    mine = parse_cards("7C 8C KD 2S 3S 4S 5H 5D 5S 5C")
    theirs = parse_cards("AC 2C 3C 4C 6C TC AD 2D 3D 4D")
    upcard = parse_cards("9C")
    rest = [c for c in new_deck() if c not in set(mine) | set(theirs) | set(upcard)]
    deck = [c for pair in zip(mine, theirs, strict=True) for c in pair] + upcard + rest
    state = deal(HOUSE, dealer=1, deck=deck)
    budget = expert.Budget(samples=8, discards=3, deadline=None)
    assert expert.choose(view(state, 0), random.Random(1), budget) == TakeUpcard()
    state, _ = apply(state, 0, TakeUpcard())
    action = expert.choose(view(state, 0), random.Random(1), budget)
    assert str(action) == "gin KD"


def test_at_a_knock_expert_guards_the_best_of_knocking_and_playing_on(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # With KNOCK_DEFAULT "search" the default at a knock is the Hard level's rule (the
    # highest mean of hard.knock_candidates, from the search's own samples), and another
    # candidate replaces it only by the paired rule.
    monkeypatch.setattr(expert, "KNOCK_DEFAULT", "search")
    budget = expert.Budget(samples=8, discards=2, deadline=None, batch=4, playouts=200)
    left_hards_choice = 0
    for seed in range(40):
        state = _knock_state(seed)
        if state is None:
            continue
        seen = view(state, state.to_play, (seed, 60))
        found = expert.search(seen, random.Random(seed), budget)
        means = [sum(v) / len(v) for v in found.values]
        knocks = [found.actions.index(a) for a in hard.knock_candidates(seen)]
        guard = max(knocks, key=lambda i: (means[i], -i))
        if found.chosen != guard:
            assert expert.beats(found.values[found.chosen], found.values[guard])
            assert means[found.chosen] > means[guard]
        left_hards_choice += guard != 0
    assert left_hards_choice > 0  # the guard is not always Hard's own choice


def test_a_deadline_still_answers_from_at_least_one_sample() -> None:
    state = _random_state(3, 5)
    seen = view(state, state.to_play)
    result = expert.evaluate(seen, random.Random(0),
                             expert.Budget(samples=10_000, discards=4, deadline=0.0))
    assert result and result[0][0] in seen.legal


# --- match equity --------------------------------------------------------------------


@pytest.mark.parametrize("rules", [HOUSE, Rules(target=150), Rules(target=250, gin_bonus=20),
                                   Rules(target=1000, undercut_bonus=10)])
def test_match_equity_is_monotone_in_the_lead_and_one_at_the_target(rules: Rules) -> None:
    target = rules.target
    step = max(1, target // 50)
    for theirs in range(0, target, step):
        row = [match_equity(rules, mine, theirs) for mine in range(0, target, step)]
        assert all(a <= b + 1e-12 for a, b in zip(row, row[1:], strict=False)), theirs
        assert match_equity(rules, target, theirs) == 1.0
        assert match_equity(rules, target + 30, theirs) == 1.0
        assert match_equity(rules, theirs, target) == 0.0
    for mine in range(0, target, step):
        column = [match_equity(rules, mine, theirs) for theirs in range(0, target, step)]
        assert all(a >= b - 1e-12 for a, b in zip(column, column[1:], strict=False)), mine
    assert match_equity(rules, 0, 0) == pytest.approx(0.5)
    assert match_equity(rules, 50, 50) == pytest.approx(0.5)
    assert 0.5 < match_equity(rules, 30, 0) < 1.0


def test_hand_point_distribution_follows_the_bonuses() -> None:
    house = dict(hand_points(HOUSE))
    assert sum(house.values()) == pytest.approx(1.0)
    assert all(points > 0 for points in house)
    no_bonus = dict(hand_points(Rules(gin_bonus=0, undercut_bonus=0)))
    assert max(no_bonus) < max(house)


# --- the sampler ---------------------------------------------------------------------


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deal_seed=st.integers(0, 100_000), steps=st.integers(0, 60),
       sample_seed=st.integers(0, 10_000))
def test_samples_never_hold_a_card_the_view_rules_out(deal_seed: int, steps: int,
                                                     sample_seed: int) -> None:
    state = _random_state(deal_seed, steps)
    if state.phase is Phase.OVER:
        return
    player = state.to_play
    seen = view(state, player)
    model = build_model(seen)
    ruled_out = to_mask(seen.hand) | to_mask(seen.discard_pile)
    known = to_mask(seen.opponent_known)
    rng = random.Random(sample_seed)
    reviews = inference.Sampler(seen, model, fast=True)  # the review's: other draws
    for n in range(10):
        opponent, stock = (expert.sample_hidden(seen, model, rng) if n % 2
                           else reviews.hidden(rng))
        stock_mask = 0
        for bit in stock:
            stock_mask |= bit
        assert opponent & ruled_out == 0 and stock_mask & ruled_out == 0
        assert opponent & known == known, "a card the opponent is known to hold is missing"
        assert stock_mask & known == 0
        assert opponent & stock_mask == 0
        assert opponent.bit_count() == seen.opponent_card_count
        assert len(stock) == len(set(stock)) == seen.stock_count
        assert (opponent | stock_mask | ruled_out).bit_count() == 52


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deal_seed=st.integers(0, 100_000), steps=st.integers(0, 60),
       sample_seed=st.integers(0, 10_000))
def test_no_opponent_hand_is_more_plausible_than_the_views_bound(
        deal_seed: int, steps: int, sample_seed: int) -> None:
    # The review's sampler keeps a draw with chance plausibility / bound: the hands it
    # keeps have the distribution of the default's only while no hand passes the bound.
    state = _random_state(deal_seed, steps)
    if state.phase is Phase.OVER:
        return
    seen = view(state, state.to_play)
    model = build_model(seen)
    evidence = inference.Evidence(seen)
    bound = evidence.bound()
    assert 0.0 < bound <= 1.0
    rng = random.Random(sample_seed)
    for _ in range(20):
        assert evidence.plausibility(hard.sample_opponent(model, rng)) <= bound


def test_the_bound_is_reached_by_a_hand_that_could_not_knock_and_threw_its_best() -> None:
    # After the opponent threw KH: 7C 8C 9C and three jacks with AS 2D 3H 5S loose hold
    # 11 deadwood, KH was their best discard and no knock was possible (limit 10).
    seen = _opponent_view(discards="KH")
    assert seen.limit.limit == 10
    evidence = inference.Evidence(seen)
    hand = to_mask(parse_cards("7C 8C 9C JD JS JH AS 2D 3H 5S"))
    assert evidence.plausibility(hand) == pytest.approx(evidence.bound())
    assert evidence.bound() == pytest.approx(math.exp(-11 / inference.DEADWOOD_TILT))
    assert inference.Evidence(_opponent_view()).bound() == 1.0  # nothing thrown yet


def test_the_reviews_draw_has_the_distribution_of_hards_keys() -> None:
    # Two of five unseen cards by weight without replacement: the chance of a pair
    # {a, b} is w_a / W * w_b / (W - w_a) + w_b / W * w_a / (W - w_b).
    weight = {3: 0.3, 9: 1.0, 20: 1.0, 33: 2.2, 47: 4.4}
    model = hard.Model(HOUSE, 0, 0, 1 << 5, 2, 0, weight, [], [],
                       [(index, 1.0 / w) for index, w in sorted(weight.items())])
    sampler = inference.Sampler(_opponent_view(), model, fast=True)
    total = sum(weight.values())
    exact = {(1 << 5 | 1 << a | 1 << b): weight[a] / total * weight[b] / (total - weight[a])
             + weight[b] / total * weight[a] / (total - weight[b])
             for a in weight for b in weight if a < b}
    draws = 30_000
    for draw in (sampler.successive, lambda rng: hard.sample_opponent(model, rng)):
        rng = random.Random(46)
        counts: dict[int, int] = {}
        for _ in range(draws):
            hand = draw(rng)
            counts[hand] = counts.get(hand, 0) + 1
        assert set(counts) <= set(exact)
        for hand, chance in exact.items():
            assert abs(counts.get(hand, 0) / draws - chance) < 0.012, (hand, chance)


def _opponent_view(discards: str = "", known: str = "", declined: str = ""):  # type: ignore[no-untyped-def]
    """Player 0's view of a dealt hand, with the opponent's record set to the given
    cards (the plausibility of a whole opponent hand reads only that record)."""
    state = deal(HOUSE, dealer=1, rng=7)
    return dataclasses.replace(
        view(state, 0), opponent_discards=tuple(parse_cards(discards)),
        opponent_known=frozenset(parse_cards(known)),
        opponent_declined=tuple(parse_cards(declined)))


def _likely(hand: str, **record: str) -> float:
    return inference.plausibility(_opponent_view(**record), to_mask(parse_cards(hand)))


def test_a_hand_that_could_have_knocked_before_its_last_discard_is_implausible(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(inference, "DEADWOOD_TILT", 1e9)  # the knock factor alone
    # The opponent threw KH. With 2C 3C 4C 7D 7S 7H 9S 9D 5H 6S it held 29 deadwood plus
    # the king: no knock. With 2C 3C 4C 7D 7S 7H 9S TS JS AH it could have knocked on 1.
    no_knock = _likely("2C 3C 4C 7D 7S 7H 9S 9D 5H 6S", discards="KH")
    could_knock = _likely("2C 3C 4C 7D 7S 7H 9S TS JS AH", discards="KH")
    assert could_knock < 0.1 * no_knock


def test_a_discard_below_a_loose_high_card_is_implausible() -> None:
    # Both hands hold 2C-3C-4C and three 7s; after throwing 6H one holds loose 5S 3D 5D
    # AS (6H was its best discard), the other 5S 3D 5D KD: it would rather have thrown
    # the king (4 more deadwood kept).
    kept_low = _likely("2C 3C 4C 7D 7S 7H 5S 3D 5D AS", discards="6H")
    kept_king = _likely("2C 3C 4C 7D 7S 7H 5S 3D 5D KD", discards="6H")
    assert kept_king < 0.5 * kept_low


def test_a_card_taken_from_the_pile_sits_in_a_meld_and_a_passed_card_makes_none() -> None:
    hand = "2C 3C 4C 7D 7S 7H 9S 9D 5H 6S"
    assert _likely(hand, known="4C") == 1.0
    assert _likely(hand, known="5H") < 0.5
    # 7C would have made a set of four 7s, 5C extended 2C-3C-4C; TH melds with nothing.
    assert _likely(hand, declined="TH") == 1.0
    assert _likely(hand, declined="7C") < 0.5
    assert _likely(hand, declined="5C 7C") < _likely(hand, declined="5C")


def test_plausible_samples_have_about_the_deadwood_of_a_hand_played_for_a_while() -> None:
    # After some turns of Hard against Simple, the opponent hands Expert samples should
    # hold about the deadwood of the opponent's real hand; drawn card by card from Hard's
    # weights alone they hold far too much (about 9 points on these deals).
    inferred, card_by_card = [], []
    for seed in range(40):
        state = deal(HOUSE, dealer=seed % 2, rng=seed)
        rngs = [random.Random(seed), random.Random(seed + 1)]
        actions = 0
        while not state.over and (actions < 8 + seed % 12 or state.to_play != 0
                                  or state.phase is not Phase.DRAW):
            player = state.to_play
            state, _ = apply(state, player, choose_action(
                "hard" if player == 0 else "simple", view(state, player), rngs[player]))
            actions += 1
        seen = view(state, 0)
        if state.over or not seen.opponent_discards:
            continue
        model = build_model(seen)
        rng = random.Random(seed)
        true = least_deadwood_mask(to_mask(state.hands[1]), HOUSE)
        inferred += [least_deadwood_mask(expert.sample_hidden(seen, model, rng)[0], HOUSE)
                     - true for _ in range(20)]
        card_by_card += [least_deadwood_mask(hard.sample_opponent(model, rng), HOUSE) - true
                         for _ in range(20)]
    assert len(inferred) >= 20 * 20
    mean = sum(inferred) / len(inferred)
    assert abs(mean) < 5.0 < sum(card_by_card) / len(card_by_card)


# --- Simple and Standard -------------------------------------------------------------


def _deck_for(mine: str, theirs: str, upcard: str):  # type: ignore[no-untyped-def]
    a, b, up = parse_cards(mine), parse_cards(theirs), parse_cards(upcard)
    rest = [c for c in new_deck() if c not in set(a) | set(b) | set(up)]
    return [c for pair in zip(a, b, strict=True) for c in pair] + up + rest


def test_standard_also_takes_a_card_that_lets_it_knock_at_once_and_simple_does_not() -> None:
    # 2S 3S 4S, 5H 5D 5S and 7C 8C 9C melded, the king loose. The ace of hearts makes
    # no meld, but taking it and throwing the king leaves 1 deadwood: a knock at once.
    deck = _deck_for("2S 3S 4S 5H 5D 5S 7C 8C 9C KD", "AC 2C 3C 4C 5C 6C AD 2D 3D 4D", "AH")
    state = deal(HOUSE, dealer=1, deck=deck)
    seen = view(state, 0)
    ace = parse_cards("AH")[0]
    assert standard.knocks_at_once(seen, ace)
    assert choose_action("simple", seen, random.Random(0)) == Pass()
    assert choose_action("standard", seen, random.Random(0)) == TakeUpcard()


@pytest.mark.parametrize("level", ["simple", "standard", "easy"])
def test_a_king_goes_before_a_ten_of_a_higher_suit_when_both_leave_the_same_deadwood(
        level: str) -> None:
    # Two runs and a set melded; KC and TS are loose, 10 points each. OpenSpiel's port of
    # the simple player throws the higher rank (a ten makes more runs than a king); the
    # suit order (spades above clubs) must not decide. Easy's lapses spare a knock.
    deck = _deck_for("2S 3S 4S 5H 5D 5C 7C 8C KC TS", "AC 2C 3C 4C 6C AD 2D 3D 4D 6D", "9H")
    state = deal(HOUSE, dealer=1, deck=deck)
    state, _ = apply(state, 0, Pass())
    state, _ = apply(state, 1, Pass())
    state, _ = apply(state, 0, DrawStock())
    seen = view(state, 0)
    assert {str(c) for c in seen.hand} >= {"KC", "TS"}
    kings = 0
    for seed in range(20):
        action = choose_action(level, seen, random.Random(seed))
        kings += str(getattr(action, "card", "")) == "KC"
    assert kings == 20 if level != "easy" else kings >= 10


@pytest.mark.parametrize("seed", range(40))
def test_simple_follows_its_published_description(seed: int) -> None:
    """Take a face-up card only if it makes a new meld; discard the unmelded card of
    highest deadwood (never the card just taken); knock as soon as allowed."""
    state = deal(HOUSE, dealer=seed % 2, rng=seed)
    rng = random.Random(seed)
    while state.phase is not Phase.OVER:
        player = state.to_play
        seen = view(state, player)
        action = simple.choose(seen, rng)
        hand = to_mask(seen.hand)
        if seen.phase is not Phase.DISCARD:
            top = seen.top_discard
            assert top is not None
            makes_meld = least_deadwood_mask(hand | 1 << top.index, HOUSE) < (
                least_deadwood_mask(hand, HOUSE) + top.points)
            if seen.phase is Phase.UPCARD_OFFER:
                assert action == (TakeUpcard() if makes_meld else Pass())
            else:
                take = makes_meld and not seen.must_draw_stock
                assert action == (TakeDiscard() if take else DrawStock())
        else:
            assert isinstance(action, Discard | Knock | Gin)
            after = deadwood_by_discard(seen.hand, HOUSE)
            if seen.taken_from_pile is not None:
                assert action.card != seen.taken_from_pile
                del after[seen.taken_from_pile]
            least = min(after.values())
            assert after[action.card] == least
            ties = [c for c in after if after[c] == least]
            assert action.card.points == max(c.points for c in ties)
            assert action.card.rank.number == max(
                c.rank.number for c in ties if c.points == action.card.points)
            if least == 0:
                assert isinstance(action, Gin)
            elif least <= seen.limit.limit:
                assert isinstance(action, Knock)
            else:
                assert isinstance(action, Discard)
        state, _ = apply(state, player, action)
