"""Duplicate scoring (app.events.duplicate), checked against hand computations, and the
standings ranking duplicate points first."""

from __future__ import annotations

import pytest

from app.events.duplicate import BoardResult, duplicate_points, net_score
from app.events.standings import Outcome, Result, standings


def test_the_net_score_is_the_dealers_points_won_or_lost() -> None:
    assert net_score(0, 0, 25) == 25
    assert net_score(1, 0, 25) == -25
    assert net_score(1, 1, 12) == 12
    assert net_score(0, None, 0) == 0


def test_each_table_is_compared_with_the_average_of_the_others() -> None:
    # The module docstring's example: board 1 at three tables, dealers +20, -10, +5.
    hands = [BoardResult(1, "Ann", "Bob", 20), BoardResult(1, "Cy", "Di", -10),
             BoardResult(1, "Eve", "Fay", 5)]
    points = duplicate_points(hands)
    # Ann: 20 - (-10 + 5) / 2 = 22.5; Cy: -10 - (20 + 5) / 2 = -22.5; Eve: 5 - 5 = 0.
    assert points == pytest.approx({"Ann": 22.5, "Bob": -22.5, "Cy": -22.5, "Di": 22.5,
                                    "Eve": 0.0, "Fay": 0.0})


def test_boards_add_up_and_a_board_one_table_played_scores_nobody() -> None:
    hands = [
        BoardResult(1, "Ann", "Bob", 30), BoardResult(1, "Cy", "Di", 10),
        # board 2: Bob deals at the first table, Di at the second (by position)
        BoardResult(2, "Bob", "Ann", -15), BoardResult(2, "Di", "Cy", 25),
        BoardResult(3, "Ann", "Bob", 99),  # only the first table got to board 3
    ]
    points = duplicate_points(hands)
    # Board 1: Ann 30 - 10 = +20, Cy 10 - 30 = -20. Board 2: Bob -15 - 25 = -40, so Ann
    # +40; Di 25 - (-15) = +40, so Cy -40. Board 3: nothing.
    assert points == pytest.approx({"Ann": 60.0, "Bob": -60.0, "Cy": -60.0, "Di": 60.0})
    assert sum(points.values()) == pytest.approx(0.0)


def test_duplicate_points_rank_before_match_points() -> None:
    results = [Result("Ann", "Bob", Outcome.A, 100, 20), Result("Cy", "Di", Outcome.A, 100, 0)]
    plain = standings(["Ann", "Bob", "Cy", "Di"], results, swiss=True)
    assert [line.player for line in plain][:2] == ["Cy", "Ann"]  # the bigger difference
    dup = standings(["Ann", "Bob", "Cy", "Di"], results, swiss=True,
                    duplicate={"Ann": 5.0, "Bob": -5.0, "Cy": -12.5, "Di": 12.5})
    assert [(line.player, line.rank) for line in dup] == [
        ("Di", 1), ("Ann", 2), ("Bob", 3), ("Cy", 4)]
    assert dup[0].duplicate == 12.5
