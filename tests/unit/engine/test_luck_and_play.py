"""Luck and play apart (app/engine/rating.py: luck_and_play)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.engine.rating import ACCURATE_WITHIN, Rating, combined, luck_and_play, mark_for

chances = st.floats(0.0, 1.0)
losses = st.lists(st.floats(0.0, 60.0), max_size=20)


def _ratings(values: list[float]) -> list[Rating]:
    return [Rating(i, "Discard(KS)", "Discard(QS)", 0.5 - v / 100, 0.5, v, mark_for(v))
            for i, v in enumerate(values)]


@given(chances, chances, losses)
def test_luck_and_play_add_up_to_the_change(before: float, after: float,
                                           values: list[float]) -> None:
    split = luck_and_play(before, after, _ratings(values))
    assert split.luck + split.play == pytest.approx(split.change)
    assert split.change == pytest.approx(100 * (after - before))
    assert split.play <= 0


def test_best_play_leaves_all_of_the_change_to_luck() -> None:
    split = luck_and_play(0.5, 0.62, _ratings([0.0, 0.0]))
    assert split.play == 0 and split.luck == pytest.approx(12.0)


def test_a_blunder_costs_play_and_luck_makes_up_the_rest() -> None:
    # The hand was won (+12 points of win chance) in spite of a 16-point blunder and a
    # 3-point slip: the cards gave 31.
    split = luck_and_play(0.5, 0.62, _ratings([16.0, 3.0, 0.0]))
    assert split.play == pytest.approx(-19.0)
    assert split.luck == pytest.approx(31.0)


def test_losses_within_the_evaluations_noise_cost_no_play() -> None:
    # Thirty decisions each a point from the best: accurate play, not 30 points lost.
    split = luck_and_play(0.5, 0.45, _ratings([ACCURATE_WITHIN - 0.01] * 30))
    assert split.play == 0 and split.luck == pytest.approx(-5.0)
    edge = luck_and_play(0.5, 0.45, _ratings([ACCURATE_WITHIN]))
    assert edge.play == pytest.approx(-ACCURATE_WITHIN)


@pytest.mark.parametrize(("before", "after"), [(-0.1, 0.5), (0.5, 1.2)])
def test_a_chance_outside_0_and_1_is_refused(before: float, after: float) -> None:
    with pytest.raises(ValueError):
        luck_and_play(before, after, [])


@given(chances, chances, losses)
def test_neither_luck_nor_play_is_over_100_points(before: float, after: float,
                                                  values: list[float]) -> None:
    split = luck_and_play(before, after, _ratings(values * 5))
    assert -100 * before - 1e-9 <= split.play <= 0
    assert abs(split.luck) <= 100 + 1e-9
    assert split.luck + split.play == pytest.approx(split.change)


def test_a_match_lost_from_even_is_not_told_as_120_points_of_luck() -> None:
    # issue 48: 50 % → 0 % with 170 points of losses charged: the play cost 50, the cards 0.
    split = luck_and_play(0.5, 0.0, _ratings([60.0, 60.0, 50.0]))
    assert split.play == pytest.approx(-50.0) and split.luck == pytest.approx(0.0)


@given(st.lists(st.tuples(chances, losses), min_size=1, max_size=8), chances)
def test_a_match_combined_adds_up_and_stays_within_100_points(
        hands: list[tuple[float, list[float]]], end: float) -> None:
    starts = [before for before, _ in hands] + [end]
    splits = [luck_and_play(starts[i], starts[i + 1], _ratings(values))
              for i, (_, values) in enumerate(hands)]
    whole = combined(splits)
    assert whole.luck + whole.play == pytest.approx(sum(s.change for s in splits))
    assert whole.change == pytest.approx(100 * (end - starts[0]))
    assert -100 - 1e-9 <= whole.play <= 0 and abs(whole.luck) <= 100 + 1e-9
