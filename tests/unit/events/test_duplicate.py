"""Duplicate scoring (app.events.duplicate, SPEC §11's matchpoints), checked against hand
computations, and the standings ranking the duplicate percentage first."""

from __future__ import annotations

import pytest

from app.events.duplicate import (
    BoardResult,
    DuplicateScore,
    duplicate_scores,
    matchpoints,
    net_score,
)
from app.events.standings import Outcome, Result, standings


def test_the_net_score_is_the_dealers_points_won_or_lost() -> None:
    assert net_score(0, 0, 25) == 25
    assert net_score(1, 0, 25) == -25
    assert net_score(1, 1, 12) == 12
    assert net_score(0, None, 0) == 0


def test_a_net_score_earns_two_for_each_beaten_one_for_each_tie() -> None:
    assert matchpoints(10, [5, 10, 20, -3]) == 2 + 1 + 0 + 2
    assert matchpoints(0, []) == 0


def test_each_position_is_compared_with_the_same_position_at_every_other_table() -> None:
    # The module docstring's example: board 1 at three tables, dealers +20, -10, +5.
    hands = [BoardResult(1, "Ann", "Bob", 20), BoardResult(1, "Cy", "Di", -10),
             BoardResult(1, "Eve", "Fay", 5)]
    scores = duplicate_scores(hands)
    # Ann beats both (4 of 4), Cy nobody (0), Eve one (2); the non-dealers the rest.
    assert scores == {"Ann": DuplicateScore(4, 4), "Bob": DuplicateScore(0, 4),
                      "Cy": DuplicateScore(0, 4), "Di": DuplicateScore(4, 4),
                      "Eve": DuplicateScore(2, 4), "Fay": DuplicateScore(2, 4)}
    assert scores["Eve"].percent == 50.0 and scores["Ann"].percent == 100.0


def test_boards_add_up_ties_share_and_a_board_one_table_played_compares_nobody() -> None:
    hands = [
        BoardResult(1, "Ann", "Bob", 30), BoardResult(1, "Cy", "Di", 10),
        # board 2: Bob deals at the first table, Di at the second (by position)
        BoardResult(2, "Bob", "Ann", -15), BoardResult(2, "Di", "Cy", 25),
        BoardResult(3, "Ann", "Bob", 10), BoardResult(3, "Cy", "Di", 10),  # a tie
        BoardResult(4, "Ann", "Bob", 99),  # only the first table got to board 4
    ]
    scores = duplicate_scores(hands)
    # Board 1: Ann 2 (30 > 10), Cy 0; Bob 0, Di 2. Board 2: Bob -15 < Di 25: Bob 0, Di 2;
    # Ann (+15 as non-dealer) beats Cy (-25): Ann 2, Cy 0. Board 3: 1 each. Board 4: none.
    assert scores == {"Ann": DuplicateScore(5, 6), "Bob": DuplicateScore(1, 6),
                      "Cy": DuplicateScore(1, 6), "Di": DuplicateScore(5, 6)}
    assert sum(s.matchpoints for s in scores.values()) == sum(s.most for s in scores.values()) / 2


def test_a_player_not_yet_compared_has_no_percentage() -> None:
    assert duplicate_scores([BoardResult(1, "Ann", "Bob", 20)]) == {
        "Ann": DuplicateScore(), "Bob": DuplicateScore()}
    assert DuplicateScore().percent is None
    assert DuplicateScore(1, 3).percent == pytest.approx(100 / 3)


def test_the_duplicate_percentage_ranks_before_match_points() -> None:
    results = [Result("Ann", "Bob", Outcome.A, 100, 20), Result("Cy", "Di", Outcome.A, 100, 0)]
    plain = standings(["Ann", "Bob", "Cy", "Di"], results, swiss=True)
    assert [line.player for line in plain][:2] == ["Cy", "Ann"]  # the bigger difference
    dup = standings(["Ann", "Bob", "Cy", "Di"], results, swiss=True,
                    duplicate={"Ann": DuplicateScore(3, 4), "Bob": DuplicateScore(1, 4),
                               "Cy": DuplicateScore(0, 4), "Di": DuplicateScore(4, 4)})
    assert [(line.player, line.rank) for line in dup] == [
        ("Di", 1), ("Ann", 2), ("Bob", 3), ("Cy", 4)]
    assert dup[0].duplicate.percent == 100.0


def test_a_player_not_yet_compared_ranks_as_the_average() -> None:
    results = [Result("Ann", "Bob", Outcome.A, 100, 20)]
    dup = standings(["Ann", "Bob", "Cy"], results, swiss=True,
                    duplicate={"Ann": DuplicateScore(1, 4), "Bob": DuplicateScore(3, 4)})
    # Bob 75 %, Cy none yet (50 %), Ann 25 %.
    assert [line.player for line in dup] == ["Bob", "Cy", "Ann"]
