"""The hint panel agrees with itself (issue 48): the recommended play is the first line,
no later line shows a higher figure, choices within the noise are grouped *about even*
under one figure (or a range)."""

from hypothesis import given
from hypothesis import strategies as st

from app.engine import Card, Discard, DrawStock, Pass, TakeUpcard
from app.play.hints import HINT_NOISE, hint_panel


def _number(figure: str) -> int:
    """The highest whole number of a figure ("54%", "51%–54%")."""
    return max(int("".join(ch for ch in part if ch.isdigit())) for part in figure.split("–"))


def test_a_choice_above_the_experts_play_within_the_noise_shares_its_line() -> None:
    panel = hint_panel([(Discard(Card.parse("TS")), 0.51), (Discard(Card.parse("6S")), 0.54)])
    assert panel.best.words == "Discard the ten of spades"
    assert len(panel.rows) == 1
    assert [option.words for option in panel.rows[0].options] == [
        "Discard the ten of spades", "Discard the six of spades"]
    assert panel.rows[0].chance == "51%–54%"
    assert panel.rows[0].even


def test_a_choice_within_the_noise_below_is_grouped_and_a_clear_gap_is_not() -> None:
    near = 0.50 - HINT_NOISE / 2
    far = 0.50 - 2 * HINT_NOISE
    panel = hint_panel([(DrawStock(), 0.50), (Discard(Card.parse("KH")), near),
                        (Discard(Card.parse("QH")), far)])
    assert [option.even for option in panel.options] == [True, True, False]
    assert [row.chance for row in panel.rows] == ["48%–50%", "40%"]


def test_a_clearly_better_choice_is_recommended_over_the_experts_play() -> None:
    panel = hint_panel([(Pass(), 0.30), (TakeUpcard(), 0.30 + 2 * HINT_NOISE)])
    assert panel.best.words == "Take the upcard"
    assert [row.chance for row in panel.rows] == ["40%", "30%"]


def test_the_only_choice_is_never_even() -> None:
    panel = hint_panel([(Pass(), 0.3)])
    assert [option.even for option in panel.options] == [False]
    assert [row.chance for row in panel.rows] == ["30%"]


ACTIONS = [Pass(), TakeUpcard(), DrawStock(), *(Discard(Card.parse(c)) for c in ("KH", "QS", "2C"))]


@given(st.lists(st.floats(0, 1), min_size=1, max_size=len(ACTIONS)))
def test_no_line_below_the_first_shows_a_higher_figure(chances: list[float]) -> None:
    panel = hint_panel(list(zip(ACTIONS, chances, strict=False)))
    first = panel.rows[0]
    assert panel.best in first.options and first.options[0] == panel.best
    figures = [_number(row.chance) for row in panel.rows]
    assert all(figure <= figures[0] for figure in figures[1:])
    assert sum(len(row.options) for row in panel.rows) == len(panel.options)
