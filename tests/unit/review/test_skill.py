"""The player's skill rating (app/review/skill.py): Glicko-2 as published, the levels
on its scale from docs/strength.md."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.review.skill import (
    LEVEL_WIN_RATES,
    FinishedMatch,
    Skill,
    glicko2,
    level_skill,
    skill_history,
)

ROOT = Path(__file__).resolve().parents[3]


def test_the_papers_worked_example() -> None:
    # Glickman, "Example of the Glicko-2 system" (2013): 1500/200/0.06 beats a 1400/30,
    # loses to 1550/100 and to 1700/300, with tau 0.5.
    after = glicko2(Skill(1500, 200, 0.06), [(Skill(1400, 30), 1.0), (Skill(1550, 100), 0.0),
                                             (Skill(1700, 300), 0.0)], tau=0.5)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_period_without_results_only_widens_the_deviation() -> None:
    after = glicko2(Skill(1600, 100, 0.06), [])
    assert after.rating == 1600
    assert after.rd == pytest.approx(100.0 * (1 + (0.06 * 173.7178 / 100) ** 2) ** 0.5)


@pytest.mark.parametrize("results", [[(Skill(), 1.5)], [(Skill(), -0.1)], [(Skill(rd=0), 1)]])
def test_impossible_results_are_refused(results: list[tuple[Skill, float]]) -> None:
    with pytest.raises(ValueError):
        glicko2(Skill(), results)


def test_the_level_win_rates_are_the_measured_ones() -> None:
    table = (ROOT / "docs" / "strength.md").read_text(encoding="utf-8")
    for level, (rate, half) in LEVEL_WIN_RATES.items():
        row = re.search(rf"^\| {level} \| ([\d.]+)% ± ([\d.]+)%", table, re.MULTILINE)
        assert row, f"docs/strength.md has no line for {level} against simple"
        assert (rate, half) == pytest.approx((float(row[1]) / 100, float(row[2]) / 100)), level


def test_the_levels_stand_in_the_order_of_their_strength() -> None:
    ratings = [level_skill(level).rating for level in ("easy", "standard", "hard", "expert")]
    assert ratings == sorted(ratings)
    assert level_skill("standard").rating == pytest.approx(1500.0)
    assert level_skill("hard").rating == pytest.approx(1633, abs=1)  # 68.2 % against Simple


def _matches(level: str, scores: list[float]) -> list[FinishedMatch]:
    start = datetime(2026, 1, 1, tzinfo=UTC)
    return [FinishedMatch(start + timedelta(hours=i), level_skill(level), s)
            for i, s in enumerate(scores)]


def test_beating_standard_more_often_than_predicted_raises_the_rating() -> None:
    # Standard is rated 1500 like a new player: the table predicts half the matches.
    history = skill_history(_matches("standard", [1, 1, 0, 1, 1, 1, 0, 1, 1, 1] * 3))
    assert history[-1].skill.rating > 1600
    deviations = [p.skill.rd for p in history]
    assert deviations == sorted(deviations, reverse=True)  # shrinks with every match
    assert history[0].skill.provisional and not history[-1].skill.provisional


def test_the_history_is_in_the_order_the_matches_finished() -> None:
    matches = _matches("hard", [1, 0, 0])
    assert skill_history(reversed(matches)) == skill_history(matches)
    assert skill_history([]) == []


@given(st.floats(1000, 2000), st.floats(40, 350), st.sampled_from(sorted(LEVEL_WIN_RATES)))
def test_a_win_raises_and_a_loss_lowers(rating: float, rd: float, level: str) -> None:
    player = Skill(rating, rd)
    assert glicko2(player, [(level_skill(level), 1.0)]).rating > rating
    assert glicko2(player, [(level_skill(level), 0.0)]).rating < rating
