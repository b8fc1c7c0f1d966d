"""The hint panel's words: the Expert's play first, choices within the noise "about even"."""

from app.engine import Card, Discard, DrawStock, Pass, TakeUpcard
from app.play.hints import HINT_NOISE, hint_panel


def test_a_choice_above_the_experts_play_is_about_even() -> None:
    panel = hint_panel([(Pass(), 0.44), (TakeUpcard(), 0.46)])
    assert panel.best.words == "Pass"
    assert [option.even for option in panel.options] == [False, True]


def test_a_choice_within_the_noise_below_is_about_even_and_a_clear_gap_is_not() -> None:
    near = 0.50 - HINT_NOISE / 2
    far = 0.50 - 2 * HINT_NOISE
    panel = hint_panel([(DrawStock(), 0.50), (Discard(Card.parse("KH")), near),
                        (Discard(Card.parse("QH")), far)])
    assert [option.even for option in panel.options] == [False, True, False]
    assert [option.chance for option in panel.options] == ["50%", "48%", "40%"]


def test_the_only_choice_is_never_even() -> None:
    panel = hint_panel([(Pass(), 0.3)])
    assert [option.even for option in panel.options] == [False]
