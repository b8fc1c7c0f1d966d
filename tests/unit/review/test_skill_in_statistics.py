"""The matches that move the rating (app/review/stats.py: rated_matches): finished
matches only, against a measured level or a rated friend, in the order they finished."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from app.core.models import PlayMatch
from app.review.skill import FinishedMatch, Skill, level_skill
from app.review.stats import HandRow, rated_matches

START = datetime(2026, 3, 1, tzinfo=UTC)


def _match(match_id: int, level: str, won: bool | None, *, over: bool = True,
           friend: bool = False) -> tuple[PlayMatch, HandRow]:
    game = PlayMatch(id=match_id, session_id="s", rules={}, level=level, over=over,
                     friend=friend)
    winner = None if won is None else 0 if won else 1
    hand = HandRow(match_id, 1, START + timedelta(days=match_id), level, 1, winner,
                   "knock", 100 if won is not None else 0, 0, 3, 6, 12)
    return game, hand


def test_finished_matches_against_levels_and_rated_friends_count() -> None:
    plays = [_match(1, "standard", True), _match(2, "hard", False),
             _match(3, "hard", True, over=False), _match(4, "easy", True, friend=True),
             _match(5, "easy", False, friend=True), _match(6, "expert", None)]
    friend = Skill(1620, 80)
    found = rated_matches([g for g, _ in plays], [h for _, h in plays], {4: friend})
    assert found == [
        FinishedMatch(START + timedelta(days=1), level_skill("standard"), 1.0),
        FinishedMatch(START + timedelta(days=2), level_skill("hard"), 0.0),
        FinishedMatch(START + timedelta(days=4), friend, 1.0),
        FinishedMatch(START + timedelta(days=6), level_skill("expert"), 0.5),  # a tie
    ]


def test_a_level_without_a_measured_strength_is_not_rated() -> None:
    game, hand = _match(1, "simple", True)
    assert rated_matches([game], [hand], {}) == []
