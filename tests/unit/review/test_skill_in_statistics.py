"""The rating on the statistics (app/review/stats.py: compute): finished matches
against the computer only, in the order they finished."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from app.core.models import PlayMatch
from app.review.skill import FinishedMatch, level_skill, skill_history
from app.review.stats import HandRow, compute

START = datetime(2026, 3, 1, tzinfo=UTC)


def _match(match_id: int, level: str, won: bool, *, over: bool = True,
           friend: bool = False) -> tuple[PlayMatch, HandRow]:
    game = PlayMatch(id=match_id, session_id="s", rules={}, level=level, over=over,
                     friend=friend)
    hand = HandRow(match_id, 1, START + timedelta(days=match_id), level, 1, 0 if won else 1,
                   "knock", 100, 0, 3, 6, 12)
    return game, hand


def test_the_rating_follows_the_finished_matches_against_the_computer() -> None:
    plays = [_match(1, "standard", True), _match(2, "hard", False), _match(3, "expert", True),
             _match(4, "hard", True, over=False), _match(5, "easy", True, friend=True)]
    figures = compute([g for g, _ in plays], [h for _, h in plays], {})
    expected = skill_history([
        FinishedMatch(START + timedelta(days=1), level_skill("standard"), 1.0),
        FinishedMatch(START + timedelta(days=2), level_skill("hard"), 0.0),
        FinishedMatch(START + timedelta(days=3), level_skill("expert"), 1.0)])
    assert figures.skill == expected[-1].skill
    chart = next(c for c in figures.charts if c.title.startswith("Your rating"))
    assert len(chart.points) == 4  # the start and three matches


def test_no_finished_match_no_rating() -> None:
    game, hand = _match(1, "standard", True, over=False)
    figures = compute([game], [hand], {})
    assert figures.skill is None
    assert not any(c.title.startswith("Your rating") for c in figures.charts)
