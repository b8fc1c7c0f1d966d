"""Luck and play in words (app/review/stats.py: luck_sentence)."""

from __future__ import annotations

import pytest

from app.review.stats import luck_sentence


@pytest.mark.parametrize(("luck", "play", "words"), [
    (-18.2, -3.6, "The cards cost you 18 points of win chance, your play cost 4."),
    (12.4, 0.0, "The cards gave you 12 points of win chance, your play cost nothing."),
    (0.3, -1.0, "The cards were even, your play cost 1."),
    (1.0, -0.2, "The cards gave you 1 point of win chance, your play cost nothing."),
    (-1.0, -7.0, "The cards cost you 1 point of win chance, your play cost 7."),
])
def test_luck_and_play_read_as_a_sentence(luck: float, play: float, words: str) -> None:
    assert luck_sentence(luck, play) == words
