"""Scoring one hand and a match (docs/rules.md §4–6): the worked match, the table, the deal."""

from __future__ import annotations

import pytest

from app.engine import (
    CLASSIC,
    HOUSE,
    GameError,
    HandKind,
    HandRecord,
    InvalidScoreError,
    KnockLimit,
    Role,
    knock_limit_for,
    parse_cards,
    score_hand,
    tally,
)
from app.engine.scoring import next_dealer

A, B = 0, 1


def worked_match() -> list[HandRecord]:
    """docs/rules.md §5: the four hands of the worked match, scored from their deadwood."""
    hands = [
        (A, score_hand(6, 28, CLASSIC)),  # A knocks on 6; B has 28 after layoffs
        (B, score_hand(0, 19, CLASSIC)),  # B goes gin; A holds 19
        (B, score_hand(9, 9, CLASSIC)),  # B knocks on 9; A has 9: tie = undercut
        (A, score_hand(0, 31, CLASSIC)),  # A goes gin; B holds 31
    ]
    records = []
    for knocker, score in hands:
        winner = knocker if score.winner is Role.KNOCKER else 1 - knocker
        records.append(HandRecord(winner, score.points, score.kind))
    return records


def test_the_worked_match_ends_263_to_64() -> None:
    records = worked_match()
    assert [(r.winner, r.points, r.kind) for r in records] == [
        (A, 22, HandKind.KNOCK), (B, 44, HandKind.GIN), (A, 25, HandKind.UNDERCUT),
        (A, 56, HandKind.GIN)]
    result = tally(records, CLASSIC)
    assert result.over and result.winner == A
    assert result.points == (103, 44)
    assert result.boxes == (3, 1) and result.box_bonus == (60, 20)
    assert result.game_bonus == (100, 0)
    assert not result.shutout
    assert result.final == (263, 64) and result.margin == 199


def test_a_shutout_doubles_the_winners_whole_total() -> None:
    records = [record for record in worked_match() if record.winner == A]  # B never scored
    result = tally(records, CLASSIC)
    assert result.points == (103, 0) and result.shutout
    assert result.final == (526, 0) and result.margin == 526


def test_the_match_is_not_over_before_the_target_and_refuses_later_hands() -> None:
    records = worked_match()
    running = tally(records[:3], CLASSIC)
    assert not running.over and running.winner is None
    assert running.final == running.points == (47, 44)
    with pytest.raises(InvalidScoreError, match="after the match ended"):
        tally([*records, HandRecord(B, 10)], CLASSIC)


def test_house_rules_have_no_bonuses() -> None:
    result = tally(worked_match(), HOUSE)
    assert result.final == (103, 44) and result.margin == 59


def test_void_hands_count_for_nothing() -> None:
    records = [HandRecord(None, 0, HandKind.VOID), *worked_match()]
    assert tally(records, CLASSIC).final == (263, 64)


@pytest.mark.parametrize(
    ("knocker", "defender", "kind", "winner", "points", "arithmetic"),
    [
        (6, 28, HandKind.KNOCK, Role.KNOCKER, 22, "knock: 28 − 6 = 22"),
        (10, 11, HandKind.KNOCK, Role.KNOCKER, 1, "knock: 11 − 10 = 1"),
        (8, 5, HandKind.UNDERCUT, Role.DEFENDER, 28, "undercut: 25 + 8 − 5 = 28"),
        (9, 9, HandKind.UNDERCUT, Role.DEFENDER, 25, "undercut: 25 + 9 − 9 = 25"),
        (1, 0, HandKind.UNDERCUT, Role.DEFENDER, 26, "undercut: 25 + 1 − 0 = 26"),
        (0, 19, HandKind.GIN, Role.KNOCKER, 44, "gin: 25 + 19 = 44"),
        (0, 0, HandKind.GIN, Role.KNOCKER, 25, "gin: 25 + 0 = 25"),
        (0, 98, HandKind.GIN, Role.KNOCKER, 123, "gin: 25 + 98 = 123"),
    ],
)
def test_score_hand_table(knocker: int, defender: int, kind: HandKind, winner: Role,
                          points: int, arithmetic: str) -> None:
    score = score_hand(knocker, defender, HOUSE)
    assert (score.kind, score.winner, score.points) == (kind, winner, points)
    assert (score.knocker_deadwood, score.defender_deadwood) == (knocker, defender)
    assert score.arithmetic == arithmetic and not score.doubled


def test_big_gin_scores_its_own_bonus_when_on() -> None:
    rules = HOUSE.with_options(big_gin=True)
    score = score_hand(0, 20, rules, big_gin=True)
    assert (score.kind, score.points) == (HandKind.BIG_GIN, 51)
    with pytest.raises(InvalidScoreError, match="big gin is off"):
        score_hand(0, 20, HOUSE, big_gin=True)
    with pytest.raises(InvalidScoreError, match="deadwood must be 0"):
        score_hand(3, 20, rules, big_gin=True)


def test_other_bonus_settings_are_used() -> None:
    rules = HOUSE.with_options(gin_bonus=20, undercut_bonus=20)
    assert score_hand(0, 10, rules).points == 30
    assert score_hand(7, 3, rules).points == 24


def test_oklahoma_limit_and_doubling() -> None:
    rules = HOUSE.with_options(oklahoma=True)
    four_of_spades, = parse_cards("4S")
    limit = knock_limit_for(rules, four_of_spades)
    assert limit == KnockLimit(4, doubled=True)
    score = score_hand(4, 12, rules, limit=limit)
    assert score.points == 16 and score.doubled
    assert score.arithmetic == "knock: (12 − 4) × 2 = 16"
    undercut = score_hand(4, 2, rules, limit=limit)
    assert (undercut.kind, undercut.points) == (HandKind.UNDERCUT, 54)
    with pytest.raises(InvalidScoreError, match="4 or less"):
        score_hand(5, 12, rules, limit=limit)
    assert knock_limit_for(rules, parse_cards("AH")[0]) == KnockLimit(0, doubled=False)
    assert knock_limit_for(rules, parse_cards("AS")[0]) == KnockLimit(0, doubled=True)
    assert knock_limit_for(rules, parse_cards("KD")[0]) == KnockLimit(10, doubled=False)
    with pytest.raises(InvalidScoreError, match="only gin"):
        score_hand(1, 12, rules, limit=KnockLimit(0))
    no_double = rules.with_options(oklahoma_spade_double=False)
    assert knock_limit_for(no_double, four_of_spades) == KnockLimit(4, doubled=False)
    with pytest.raises(InvalidScoreError, match="upcard"):
        knock_limit_for(rules)


def test_straight_gin_limit_is_gin_only() -> None:
    assert knock_limit_for(HOUSE.with_options(straight_gin=True)).gin_only
    assert knock_limit_for(HOUSE) == KnockLimit(10)


@pytest.mark.parametrize(
    ("knocker", "defender", "words"),
    [
        (11, 20, "cannot knock with 11"),
        (-1, 20, "0 to 98"),
        (5, 99, "0 to 98"),
        (True, 20, "whole number"),
        (5, 2.5, "whole number"),
    ],
)
def test_impossible_scores_are_refused(knocker: int, defender: int, words: str) -> None:
    with pytest.raises(InvalidScoreError, match=words) as caught:
        score_hand(knocker, defender, HOUSE)
    assert isinstance(caught.value, GameError)


@pytest.mark.parametrize(
    ("dealer", "record", "loser_deals", "expected"),
    [
        (0, HandRecord(0, 20), False, 1),  # alternating
        (0, HandRecord(1, 20), False, 1),
        (1, HandRecord(0, 20), False, 0),
        (0, HandRecord(None, 0, HandKind.VOID), False, 0),  # void: same dealer
        (1, HandRecord(None, 0, HandKind.VOID), True, 1),
        (0, HandRecord(0, 20), True, 1),  # loser deals: player 1 lost
        (0, HandRecord(1, 20), True, 0),  # player 0 lost, deals again
        (1, HandRecord(1, 20), True, 0),
    ],
)
def test_next_dealer(dealer: int, record: HandRecord, loser_deals: bool, expected: int) -> None:
    rules = HOUSE.with_options(loser_deals=loser_deals)
    assert next_dealer(dealer, record, rules) == expected


def test_a_shutout_means_no_hand_won_not_no_points_a_zero_undercut_bonus() -> None:
    # Undercut bonus 0: B knocks on 9, A ties on 9 (an undercut) and wins the hand for
    # 0 + 9 − 9 = 0 points. A won a hand (a box), so A is not shut out when B wins.
    rules = CLASSIC.with_options(undercut_bonus=0)
    tied = score_hand(9, 9, rules)
    assert tied.kind is HandKind.UNDERCUT and tied.winner is Role.DEFENDER
    assert tied.points == 0
    records = [HandRecord(A, tied.points, tied.kind), HandRecord(B, 120, HandKind.GIN)]
    result = tally(records, rules)
    assert result.points == (0, 120) and result.boxes == (1, 1)
    assert result.over and result.winner == B and not result.shutout
    assert result.final == (0 + 20, 120 + 20 + 100)
    # Without that hand, A never won one: a shutout.
    alone = tally(records[1:], rules)
    assert alone.shutout and alone.final == (0, (120 + 20 + 100) * 2)


def test_a_shutout_means_no_hand_won_a_zero_gin_bonus() -> None:
    # Gin bonus 0: A goes gin against a defender holding 0 deadwood, 0 + 0 = 0 points.
    rules = CLASSIC.with_options(gin_bonus=0)
    gin = score_hand(0, 0, rules)
    assert gin.kind is HandKind.GIN and gin.points == 0
    records = [HandRecord(A, gin.points, gin.kind), HandRecord(B, 100, HandKind.KNOCK)]
    result = tally(records, rules)
    assert result.winner == B and result.boxes == (1, 1) and not result.shutout


def test_a_void_hand_is_no_hand_won_for_the_shutout() -> None:
    records = [HandRecord(None, 0, HandKind.VOID), HandRecord(B, 100, HandKind.KNOCK)]
    assert tally(records, CLASSIC).shutout


def test_gin_for_three_shutout_needs_both_others_without_a_hand() -> None:
    rules = CLASSIC.with_options(undercut_bonus=0)
    records = [HandRecord(2, 0, HandKind.UNDERCUT), HandRecord(A, 100, HandKind.KNOCK)]
    assert not tally(records, rules, players=3).shutout
    assert tally(records[1:], rules, players=3).shutout

