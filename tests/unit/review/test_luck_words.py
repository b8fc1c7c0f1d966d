"""Luck and play in words (app/review/stats.py: luck_sentence, luck_average_sentence): a
split of the change of the chance to win the match that adds up to it (issue 48)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.engine.rating import LuckAndPlay
from app.review.stats import luck_average_sentence, luck_sentence


def _figures(words: str) -> list[int]:
    return [int(n.replace("\u2212", "-")) for n in re.findall(r"[+\u2212]?\d+", words)]


@pytest.mark.parametrize(("before", "after", "luck", "play", "words"), [
    (50.0, 0.0, 0.0, -50.0, "Your chance to win the match went from 50% to 0%: 0 points from "
                            "the cards, \u221250 from your play."),
    (50.0, 62.0, 31.0, -19.0, "Your chance to win the match went from 50% to 62%: +31 points "
                              "from the cards, \u221219 from your play."),
    (40.2, 30.4, -9.8, 0.0, "Your chance to win the match went from 40% to 30%: \u221210 points "
                            "from the cards, 0 from your play."),
])
def test_luck_and_play_read_as_a_split_of_the_change(before: float, after: float, luck: float,
                                                     play: float, words: str) -> None:
    assert luck_sentence(LuckAndPlay(before, after, luck, play)) == words


@given(st.floats(0, 100), st.floats(0, 100), st.floats(-100, 0))
def test_the_figures_shown_add_up_to_the_change_shown(before: float, after: float,
                                                      play: float) -> None:
    split = LuckAndPlay(before, after, after - before - play, play)
    was, now, cards, own = _figures(luck_sentence(split))
    assert cards + own == now - was


def test_several_matches_read_per_match_on_average() -> None:
    words = luck_average_sentence([(20.0, -10.0), (-40.0, -30.0)])
    assert words == ("Over 2 matches, on average a match: \u221210 points of your chance to "
                     "win it from the cards, \u221220 from your play.")
    assert luck_average_sentence([]) == ""
