"""The score sheet of a number of hands (``Rules.hands``, docs/rules.md §5): the game is
over after that many hands, void hands included, the more hand points win, equal points
are a draw, and no hand may follow."""

from __future__ import annotations

import pytest

from app.engine import CLASSIC
from app.score.evening import rematch
from app.score.forms import parse_setup, setup_form
from app.score.sheet import HandEntry, ScoreSheet, SheetError, SheetOptions
from app.score.views import game_result


def _sheet(hands: int, players: int = 2) -> ScoreSheet:
    names = ["Ann", "Bob", "Cy"][:players]
    return ScoreSheet.new(SheetOptions(rules=CLASSIC.with_options(hands=hands, target=30),
                                       players=players), names)


def test_the_sheet_ends_after_its_hands_not_at_the_target():
    sheet = _sheet(3).add(HandEntry.knock(0, 2, 40))  # Ann 38: past the target of 30
    assert not sheet.result().over
    sheet = sheet.add(HandEntry.void()).add(HandEntry.gin(1, 10))  # Bob 25 + 10
    result = sheet.result()
    assert result.over and result.winner == 0 and result.margin == 3
    assert result.totals == (38, 35)  # no box bonus (Classic's 20) nor game bonus
    assert result.rows[-1].closed == (0,)
    with pytest.raises(SheetError, match="the game is over"):
        sheet.add(HandEntry.knock(0, 2, 10))


def test_equal_points_are_a_draw_in_words():
    sheet = _sheet(2).add(HandEntry.knock(0, 2, 12)).add(HandEntry.knock(1, 0 + 3, 13))
    result = sheet.result()
    assert result.over and result.winner is None
    assert game_result(sheet.names, 30, result.reached, result.winner, result.margin,
                       2) == "2 hands played: the points are level, a draw."


def test_a_rematch_after_a_last_void_hand_keeps_the_dealer():
    sheet = _sheet(1).add(HandEntry.void())
    assert sheet.result().over
    assert rematch(sheet).options.first_dealer == sheet.result().rows[-1].dealer


def test_gin_for_three_ends_after_its_hands():
    sheet = _sheet(2, players=3).add(HandEntry.knock(0, 2, 12)).add(HandEntry.void())
    assert sheet.result().over and sheet.result().winner == 0


def test_the_setup_form_reads_hands_and_refuses_them_with_hollywood():
    form = {**setup_form(None), "name0": "Ann", "name1": "Bob"}
    assert form["hands"] == "0"
    assert parse_setup({**form, "hands": "6"}).options.rules.hands == 6
    assert parse_setup({**form, "hands": ""}).options.rules.hands == 0
    with pytest.raises(SheetError):
        parse_setup({**form, "hands": "31"})
    with pytest.raises(SheetError) as refused:
        parse_setup({**form, "hands": "6", "hollywood": "on"})
    assert refused.value.field == "hollywood"
