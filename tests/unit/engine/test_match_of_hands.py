"""A match of a number of hands (``Rules.hands``, docs/rules.md §5): over after that many
deals (void hands included), the more hand points win, equal points are a draw, no
bonus; ``NextHand`` is refused once over; the chance to win from the lead and the hands
left (app.engine.bots.equity)."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from app.engine import (
    CLASSIC,
    HOUSE,
    OPTION,
    Cause,
    Discard,
    DrawStock,
    Gin,
    HandKind,
    HandRecord,
    IllegalActionError,
    InvalidScoreError,
    Knock,
    NextHand,
    Phase,
    Rules,
    RulesError,
    apply_match,
    deadwood_by_discard,
    legal_match_actions,
    match_tally,
    match_view,
    new_match,
    next_dealer,
    tally,
)
from app.engine.bots.equity import equity_of_hands, hand_spread, match_equity
from app.engine.handhistory import HandHistory, HandHistoryError, HistoryHand, check

VOID = HandRecord(None, 0, HandKind.VOID)


def test_old_rules_without_the_key_load_as_a_match_to_the_target():
    stored = HOUSE.to_dict()
    del stored["hands"]
    assert Rules.from_dict(stored).hands == 0
    assert Rules.from_dict(stored) == HOUSE


def test_hands_are_bounded_and_refused_with_hollywood():
    assert OPTION["hands"].low == 0 and OPTION["hands"].high == 30
    for bad in (-1, 31):
        with pytest.raises(RulesError) as refused:
            HOUSE.with_options(hands=bad)
        assert refused.value.cause is Cause.BAD_HANDS
    with pytest.raises(RulesError) as refused:
        HOUSE.with_options(hands=4, hollywood=True)
    assert refused.value.cause is Cause.HANDS_HOLLYWOOD


def test_the_match_is_over_after_its_hands_and_the_target_ends_nothing():
    rules = CLASSIC.with_options(hands=3, target=50)
    two = [HandRecord(0, 60), HandRecord(1, 25)]
    going = tally(two, rules)
    assert not going.over and going.winner is None and going.points == (60, 25)
    done = tally([*two, HandRecord(1, 10)], rules)
    assert done.over and done.winner == 0 and done.margin == 25
    # No box, game or shutout bonus: the final totals are the hand points.
    assert done.final == (60, 35) and done.box_bonus == (0, 0) == done.game_bonus
    assert not done.shutout and done.boxes == (1, 2)


def test_equal_points_are_a_draw():
    done = match_tally([HandRecord(0, 30), HandRecord(1, 30)], HOUSE.with_options(hands=2))
    assert done.over and done.winner is None and done.margin == 0


def test_a_void_hand_is_one_of_the_hands():
    rules = HOUSE.with_options(hands=2)
    assert not tally([VOID], rules).over
    done = tally([VOID, HandRecord(1, 12)], rules)
    assert done.over and done.winner == 1 and done.final == (0, 12)
    level = tally([VOID, VOID], rules)
    assert level.over and level.winner is None


def test_a_hand_after_the_last_is_refused():
    with pytest.raises(InvalidScoreError) as refused:
        tally([HandRecord(0, 5), HandRecord(0, 5)], HOUSE.with_options(hands=1))
    assert refused.value.cause is Cause.AFTER_THE_END


def test_three_players_draw_on_the_best_equal_points():
    rules = CLASSIC.with_options(hands=3)
    done = tally([HandRecord(0, 20), HandRecord(2, 20), HandRecord(1, 5)], rules, 3)
    assert done.over and done.winner is None
    done = tally([HandRecord(0, 20), HandRecord(2, 15), HandRecord(1, 5)], rules, 3)
    assert done.winner == 0 and done.margin == 5


def _finish_hand(match):
    """Play the current hand to its end with each player's first legal action."""
    while match.hand.phase is not Phase.OVER:
        player = match.hand.to_play
        match, _ = apply_match(match, player, legal_match_actions(match, player)[0])
    return match


def test_next_hand_is_refused_once_the_hands_are_played():
    match = new_match(HOUSE.with_options(hands=2), seed=7)
    match = _finish_hand(match)
    assert not match.over and legal_match_actions(match, 0) == [NextHand()]
    match, _ = apply_match(match, 0, NextHand())
    assert match_view(match, 1).played == 1  # what the Expert weighs the hands left by
    match = _finish_hand(match)
    assert match.over and len(match.records) == 2
    assert legal_match_actions(match, 0) == [] == legal_match_actions(match, 1)
    with pytest.raises(IllegalActionError) as refused:
        apply_match(match, 0, NextHand())
    assert refused.value.cause is Cause.MATCH_OVER


def test_the_chance_to_win_a_match_of_hands_by_hand():
    # The spread of one hand under House rules: √(Σ p·points²) over the measured
    # distribution (20.32 points: knocks of a few points, gins of 25 and more).
    spread = hand_spread(HOUSE)
    assert spread == pytest.approx(20.316, abs=0.001)
    rules = HOUSE.with_options(hands=5)
    # Level: ½ whatever is left; no hand left: the lead decides (a draw is ½).
    assert match_equity(rules, 40, 40, 2) == 0.5
    assert match_equity(rules, 41, 40, 5) == 1.0
    assert match_equity(rules, 40, 41, 5) == 0.0
    assert match_equity(rules, 40, 40, 5) == 0.5
    # One spread ahead with one hand left: Φ(1) = 0.8413; with four left, Φ(½) = 0.6915.
    lead = round(spread)  # 20 points
    assert equity_of_hands(rules, lead, 1) == pytest.approx(
        0.5 * (1 + math.erf(lead / spread / math.sqrt(2))))
    assert equity_of_hands(rules, lead, 1) == pytest.approx(0.8375, abs=0.0005)
    assert match_equity(rules, 60, 40, 1) == pytest.approx(0.6887, abs=0.0005)  # 4 left
    assert match_equity(rules, 40, 60, 1) == pytest.approx(1 - 0.6887, abs=0.0005)
    # The same scores to a target are valued by the target's table, not by the hands.
    assert match_equity(HOUSE, 60, 40) != match_equity(rules, 60, 40, 1)



def _sensible(match, player):  # noqa: ANN001, ANN202 - a match and its action
    """Gin or knock when legal, else the discard leaving the least deadwood."""
    actions = legal_match_actions(match, player)
    for kind in (Gin, Knock):
        found = [a for a in actions if isinstance(a, kind)]
        if found:
            return found[0]
    discards = [a for a in actions if isinstance(a, Discard)]
    if discards:
        left = deadwood_by_discard(match.hand.hands[player], match.rules)
        return min(discards, key=lambda a: left[a.card])
    return next((a for a in actions if isinstance(a, DrawStock)), actions[0])


def test_a_hand_history_of_a_match_of_hands_reads_past_the_target():
    rules = HOUSE.with_options(hands=3, target=1)
    match = new_match(rules, seed=11)
    hands: list[HistoryHand] = []
    while True:
        dealer, scores, log = match.dealer, match.scores, []
        while match.hand.phase is not Phase.OVER:
            player = match.hand.to_play
            action = _sensible(match, player)
            log.append((player, str(action)))
            match, _ = apply_match(match, player, action)
        hands.append(HistoryHand(match.hand_number, dealer, scores, 11, tuple(log)))
        if match.over:
            break
        match, _ = apply_match(match, 0, NextHand())
    assert len(hands) == 3 and max(match.scores) >= rules.target
    history = HandHistory(rules, "easy", 1, tuple(hands))
    assert check(history) == list(match.records)
    fourth = replace(hands[-1], number=4, scores=match.scores,
                     dealer=next_dealer(hands[-1].dealer, match.records[-1], rules))
    late = replace(history, hands=(*hands, fourth))
    with pytest.raises(HandHistoryError, match="a match of 3 hands"):
        check(late)
