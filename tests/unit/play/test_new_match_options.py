"""The New match form's switches (app.play.actions.options_from_form; issue 32)."""

from __future__ import annotations

from app.engine import HOUSE
from app.play import options_from_form


def test_spade_doubling_is_on_by_default_and_when_ticked() -> None:
    assert HOUSE.oklahoma_spade_double
    assert options_from_form({}).rules.oklahoma_spade_double
    assert options_from_form({"oklahoma": "on"}).rules.oklahoma_spade_double
    ticked = {"oklahoma": "on", "oklahoma_spade_double": "on",
              "oklahoma_spade_double_shown": "1"}
    assert options_from_form(ticked).rules.oklahoma_spade_double


def test_an_unticked_spade_box_on_the_form_turns_doubling_off() -> None:
    # The form posts its hidden field; the unticked box is missing from the post.
    rules = options_from_form({"oklahoma": "on", "oklahoma_spade_double_shown": "1"}).rules
    assert rules.oklahoma and not rules.oklahoma_spade_double
    assert rules == HOUSE.with_options(oklahoma=True, oklahoma_spade_double=False)


def test_the_other_switches_still_mean_off_when_missing() -> None:
    rules = options_from_form({"oklahoma_spade_double_shown": "1"}).rules
    assert not (rules.big_gin or rules.shutout or rules.oklahoma or rules.straight_gin
                or rules.round_the_corner or rules.loser_deals)
