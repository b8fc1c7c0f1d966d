"""Hypothesis properties of the engine (docs/rules.md §2–6).

- Over any sequence of legal actions the 52 cards are conserved and never duplicated.
- The melds of an arrangement are disjoint and valid; 10-card deadwood is 0..98 and
  equals a brute-force reference (written here independently of the engine).
- Replaying a match's action list rebuilds the same match.
- Illegal actions raise IllegalActionError (a GameError) and change nothing; ``is_legal``
  agrees with ``legal_actions``.
- A state machine plays random legal and illegal actions through whole matches.
"""

from __future__ import annotations

import hashlib
from functools import cache
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from app.engine import (
    CARDS,
    CLASSIC,
    HOUSE,
    MAX_DEADWOOD,
    BigGin,
    Card,
    Discard,
    DrawStock,
    GameError,
    Gin,
    HandSeed,
    HandState,
    IllegalActionError,
    Knock,
    NextHand,
    Pass,
    Phase,
    Rules,
    TakeDiscard,
    TakeUpcard,
    apply,
    apply_match,
    best_arrangements,
    best_discards,
    deal,
    fair_deal,
    is_legal,
    least_deadwood,
    legal_actions,
    legal_match_actions,
    new_match,
    replay,
    view,
)
from app.engine.hand import Action
from app.engine.match import MatchAction, MatchState, resume

RULES = [
    HOUSE,
    CLASSIC,
    HOUSE.with_options(big_gin=True),
    HOUSE.with_options(oklahoma=True),
    HOUSE.with_options(straight_gin=True),
    HOUSE.with_options(round_the_corner=True),
    CLASSIC.with_options(loser_deals=True, target=50),
]
rules_st = st.sampled_from(RULES)
PROPERTY = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
GAMES = settings(max_examples=100, deadline=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

ALL_ACTIONS: list[Action] = [TakeUpcard(), Pass(), DrawStock(), TakeDiscard(), BigGin()]
ALL_ACTIONS += [kind(card) for kind in (Discard, Knock, Gin) for card in CARDS]


def hands(size: int, min_size: int | None = None) -> st.SearchStrategy[list[Card]]:
    return st.lists(st.sampled_from(CARDS), min_size=size if min_size is None else min_size,
                    max_size=size, unique=True)


# --- an independent brute-force reference -----------------------------------------------


def is_meld(cards: tuple[Card, ...], wrap: bool) -> bool:
    """A set (3-4 of a rank) or a run (3+ in sequence, one suit; cyclic when ``wrap``)."""
    if len(cards) < 3:
        return False
    if len({c.rank for c in cards}) == 1:
        return len(cards) <= 4
    if len({c.suit for c in cards}) != 1:
        return False
    numbers = {c.rank.number for c in cards}
    if len(numbers) == 13:
        return wrap
    gaps = sum(1 for n in numbers if n % 13 + 1 not in numbers)  # ends of stretches
    if wrap:
        return gaps == 1
    return max(numbers) - min(numbers) == len(numbers) - 1


def brute_least_deadwood(cards: list[Card], wrap: bool) -> int:
    """Least deadwood by trying every combination of disjoint melds."""
    melds = [frozenset(combo) for size in range(3, len(cards) + 1)
             for combo in combinations(cards, size) if is_meld(combo, wrap)]

    @cache
    def best(left: frozenset[Card]) -> int:
        if not left:
            return 0
        first = min(left, key=lambda c: c.index)
        value = first.points + best(left - {first})
        for meld in melds:
            if first in meld and meld <= left:
                value = min(value, best(left - meld))
        return value

    return best(frozenset(cards))


# --- melds and deadwood -------------------------------------------------------------------


@PROPERTY
@given(hands(10), st.booleans())
def test_ten_card_deadwood_is_between_0_and_98(cards: list[Card], wrap: bool) -> None:
    rules = HOUSE.with_options(round_the_corner=wrap)
    assert 0 <= least_deadwood(cards, rules) <= MAX_DEADWOOD


@PROPERTY
@given(hands(10, min_size=0), st.booleans())
def test_least_deadwood_equals_brute_force(cards: list[Card], wrap: bool) -> None:
    rules = HOUSE.with_options(round_the_corner=wrap)
    assert least_deadwood(cards, rules) == brute_least_deadwood(cards, wrap)


@st.composite
def clustered_hands(draw: st.DrawFn, size: int) -> list[Card]:
    """Hands from a few ranks and suits, so that sets and runs overlap often."""
    ranks = draw(st.lists(st.integers(0, 12), min_size=4, max_size=6, unique=True))
    pool = [CARDS[suit * 13 + rank] for suit in range(4) for rank in ranks]
    return draw(st.lists(st.sampled_from(pool), min_size=size, max_size=size, unique=True))


@PROPERTY
@given(clustered_hands(10), st.booleans())
def test_overlapping_melds_match_brute_force(cards: list[Card], wrap: bool) -> None:
    rules = HOUSE.with_options(round_the_corner=wrap)
    assert least_deadwood(cards, rules) == brute_least_deadwood(cards, wrap)


@PROPERTY
@given(st.one_of(hands(11), clustered_hands(11)), st.booleans())
def test_best_discards_match_brute_force(cards: list[Card], wrap: bool) -> None:
    rules = HOUSE.with_options(round_the_corner=wrap)
    after = {card: brute_least_deadwood([c for c in cards if c != card], wrap)
             for card in cards}
    least, discards = best_discards(cards, rules)
    assert least == min(after.values())
    assert set(discards) == {card for card, value in after.items() if value == least}


@PROPERTY
@given(st.one_of(hands(10), clustered_hands(10)), st.booleans())
def test_arrangement_melds_are_disjoint_and_valid(cards: list[Card], wrap: bool) -> None:
    rules = HOUSE.with_options(round_the_corner=wrap)
    least = least_deadwood(cards, rules)
    arrangements = best_arrangements(cards, rules)
    assert arrangements
    for arrangement in arrangements:
        seen: set[Card] = set()
        for meld in arrangement.melds:
            assert is_meld(meld.cards, wrap), meld
            assert not seen & set(meld.cards), "melds overlap"
            seen |= set(meld.cards)
        assert not seen & set(arrangement.deadwood_cards)
        assert seen | set(arrangement.deadwood_cards) == set(cards)
        assert arrangement.deadwood == least


# --- whole hands ------------------------------------------------------------------------------


def assert_cards_conserved(state: HandState) -> None:
    every = state.cards_in_play()
    assert len(every) == 52 and set(every) == set(CARDS), "cards lost or duplicated"
    sizes = sorted(len(hand) for hand in state.hands)
    assert sizes in ([10, 10], [10, 11]), sizes


def fields_of(state: HandState) -> tuple[object, ...]:
    """The state's fields (all immutable values), to show a refused action changed none."""
    return tuple(getattr(state, name) for name in HandState.__dataclass_fields__)


def assert_illegal_is_refused(state: HandState, player: int, action: Action) -> None:
    """``is_legal`` agrees with ``legal_actions``; an illegal action raises, changing nothing."""
    legal = legal_actions(state, player)
    listed = action in legal
    assert is_legal(state, player, action) == listed, (action, legal)
    if listed:
        return
    snapshot = fields_of(state)
    try:
        apply(state, player, action)
    except IllegalActionError as error:
        assert isinstance(error, GameError) and str(error)
    else:
        raise AssertionError(f"{action} by {player} was accepted but is not legal")
    assert fields_of(state) == snapshot


@GAMES
@given(rules_st, st.integers(0, 2**32), st.integers(0, 1), st.data())
def test_any_legal_play_conserves_the_cards(rules: Rules, seed: int, dealer: int,
                                            data: st.DataObject) -> None:
    state = deal(rules, dealer, seed)
    assert_cards_conserved(state)
    for _ in range(80):
        if state.phase is Phase.OVER:
            break
        player = state.to_play
        assert legal_actions(state, 1 - player) == []
        legal = legal_actions(state, player)
        assert legal, "the player to act always has a legal action"
        for probe in data.draw(st.lists(st.sampled_from(ALL_ACTIONS), max_size=2)):
            assert_illegal_is_refused(state, data.draw(st.integers(0, 1)), probe)
        action = data.draw(st.sampled_from(legal))
        state, events = apply(state, player, action)
        assert events
        assert_cards_conserved(state)
        own = view(state, player)
        assert own.hand == state.hands[player]
        assert own.stock_count == len(state.stock)
    if state.phase is Phase.OVER:
        assert state.result is not None
        for probe in (DrawStock(), Pass(), Discard(CARDS[0])):
            assert not is_legal(state, 0, probe) and not is_legal(state, 1, probe)


def _fair_seeds(seed: int, hands: int = 64) -> list[HandSeed]:
    return [HandSeed(hashlib.sha256(f"{seed}:{n}".encode()).hexdigest(), f"client {seed}")
            for n in range(1, hands + 1)]


def random_match(rules: Rules, seed: int, data: st.DataObject, steps: int,
                 fair: bool = False) -> tuple[MatchState, list[tuple[int, str]]]:
    """A random legal match and its whole log; with ``fair``, each hand dealt from
    ``gin-shuffle-v1`` seeds (:func:`_fair_seeds`), else from the int ``seed``."""
    seeds = _fair_seeds(seed)
    match = new_match(rules, seeds[0] if fair else seed,
                      first_dealer=data.draw(st.integers(0, 1)))
    log: list[tuple[int, str]] = []
    for _ in range(steps):
        movers = [(p, a) for p in (0, 1) for a in legal_match_actions(match, p)]
        if not movers:
            break
        player, action = data.draw(st.sampled_from(movers))
        if isinstance(action, NextHand) and fair:
            action = NextHand(seeds[match.hand_number])
        match, _ = apply_match(match, player, action)
        log.append((player, str(action)))
    return match, log


@GAMES
@given(rules_st, st.integers(0, 2**63 - 1), st.data(), st.booleans())
def test_replaying_the_action_list_rebuilds_the_match(rules: Rules, seed: int,
                                                      data: st.DataObject, fair: bool) -> None:
    match, log = random_match(rules, seed, data, data.draw(st.integers(0, 150)), fair)
    again = replay(rules, _fair_seeds(seed) if fair else seed, log, match.first_dealer)
    assert again == match
    assert again.hand.cards_in_play() == match.hand.cards_in_play()


@GAMES
@given(rules_st, st.integers(0, 2**63 - 1), st.data(), st.booleans())
def test_resuming_from_finished_results_and_one_hand_rebuilds_the_match(
        rules: Rules, seed: int, data: st.DataObject, fair: bool) -> None:
    """The finished hands' results and the current hand's seed and log are enough: the
    earlier hands' actions are never needed."""
    match, _ = random_match(rules, seed, data, data.draw(st.integers(0, 150)), fair)
    finished = match.records[:match.hand_number - 1]
    again = resume(rules, match.first_dealer, finished, match.seed, match.hand_log)
    assert again == match


def test_a_fair_match_refuses_to_deal_the_next_hand_without_new_seeds() -> None:
    seeds = _fair_seeds(3)
    match = new_match(Rules(), seeds[0], first_dealer=1)
    while match.hand.phase is not Phase.OVER:
        player = match.hand.to_play
        match, _ = apply_match(match, player, legal_match_actions(match, player)[0])
    with pytest.raises(IllegalActionError, match="new seeds"):
        apply_match(match, 0, NextHand())
    dealt, _ = apply_match(match, 0, NextHand(seeds[1]))
    assert dealt.hand_number == 2 and dealt.seed == seeds[1] and dealt.hand_log == ()


def test_a_fair_hand_deals_exactly_the_gin_shuffle_v1_deal() -> None:
    seed = HandSeed("9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
                    "ClientSeed-42")
    for dealer in (0, 1):
        match = new_match(Rules(), seed, first_dealer=dealer)
        deal = fair_deal(seed.server_seed, seed.client_seed, 1)
        assert set(match.hand.hands[1 - dealer]) == set(deal.non_dealer)
        assert set(match.hand.hands[dealer]) == set(deal.dealer)
        assert match.hand.upcard == deal.upcard and match.hand.stock == deal.stock


# --- a state machine of whole matches ---------------------------------------------------------


class MatchMachine(RuleBasedStateMachine):
    """Random legal and illegal actions through a match; the rules must hold throughout."""

    match: MatchState

    @initialize(rules=rules_st, seed=st.integers(0, 2**63 - 1), first=st.integers(0, 1))
    def start(self, rules: Rules, seed: int, first: int) -> None:
        self.match = new_match(rules, seed, first)

    @rule(data=st.data())
    def legal_action(self, data: st.DataObject) -> None:
        movers = [(p, a) for p in (0, 1) for a in legal_match_actions(self.match, p)]
        if not movers:
            assert self.match.over
            return
        player, action = data.draw(st.sampled_from(movers))
        before = len(self.match.records)
        self.match, events = apply_match(self.match, player, action)
        assert events
        if isinstance(action, NextHand):
            assert self.match.hand.phase is Phase.UPCARD_OFFER
        elif self.match.hand.phase is Phase.OVER:
            assert len(self.match.records) == before + 1

    @rule(player=st.integers(0, 1),
          action=st.sampled_from([*ALL_ACTIONS, NextHand()]))
    def any_action(self, player: int, action: MatchAction) -> None:
        legal = legal_match_actions(self.match, player)
        if action in legal:
            self.match, _ = apply_match(self.match, player, action)
            return
        before = self.match
        try:
            apply_match(self.match, player, action)
        except IllegalActionError as error:
            assert str(error)
        else:
            raise AssertionError(f"{action} by {player} was accepted but is not legal")
        assert self.match == before

    @invariant()
    def cards_are_conserved(self) -> None:
        assert_cards_conserved(self.match.hand)

    @invariant()
    def views_show_only_own_cards(self) -> None:
        hand = self.match.hand
        for player in (0, 1):
            seen = view(hand, player)
            assert seen.hand == hand.hands[player]
            assert seen.opponent_card_count == len(hand.hands[1 - player])
            assert seen.opponent_known <= set(hand.hands[1 - player]) or hand.over
            assert (seen.result is None) == (hand.phase is not Phase.OVER)

    @invariant()
    def the_score_adds_up(self) -> None:
        result = self.match.tally
        assert sum(result.points) == sum(r.points for r in self.match.records)
        assert all(points >= 0 for points in result.points)
        if result.over:
            assert result.winner is not None
            assert result.points[result.winner] >= self.match.rules.target


MatchMachine.TestCase.settings = settings(max_examples=60, stateful_step_count=80,
                                          deadline=None,
                                          suppress_health_check=[HealthCheck.too_slow])
test_match_state_machine = MatchMachine.TestCase
