"""The New match form and the score sheet's setup are built from the engine's one table
of the table options (``app.engine.OPTIONS``): every option of it is a field of each
(the score sheet: those it sets), an option added to the table shows up, and each form
refuses a number beyond the table's bounds."""

import pytest
from fastapi.testclient import TestClient

from app.engine import OPTIONS, Option, rules
from app.score import forms


class Added(Option):
    """An option the table does not have yet (its Rules field neither: default 0/off)."""

    __slots__ = ()

    @property
    def default(self) -> int | bool:
        return 0 if self.low is not None else False


def test_the_new_match_form_has_a_field_for_every_option(client: TestClient) -> None:
    page = client.get("/play/new").text
    for option in OPTIONS:
        assert f'name="{option.name}"' in page, option.name
        if not option.switch:
            assert f'min="{option.low}" max="{option.most}"' in page, option.name


def test_the_score_setup_has_a_field_for_every_option_it_sets(client: TestClient) -> None:
    page = client.get("/score").text
    for option in OPTIONS:
        if option.sheet:
            assert f'name="{option.name}"' in page, option.name
    assert [name for name, _ in forms.NUMBER_OPTIONS] == [
        o.name for o in OPTIONS if o.sheet and not o.switch]
    assert [name for name, _l, _h in forms.SWITCH_OPTIONS] == [
        o.name for o in OPTIONS if o.sheet and o.switch]


def test_an_option_added_to_the_table_shows_up_in_the_new_match_form(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    added = (Added("gin_bonus_two", "Gin bonus", low=0, high=1000),
             Added("loser_deals_two", "Loser deals", choice="Loser deals twice"))
    monkeypatch.setattr(rules, "OPTIONS", OPTIONS + added)
    page = client.get("/play/new").text
    assert 'name="gin_bonus_two" type="number"' in page
    assert '<input type="checkbox" name="loser_deals_two"> Loser deals twice' in page


@pytest.mark.parametrize("option", [o for o in OPTIONS if not o.switch], ids=lambda o: o.name)
def test_the_new_match_form_refuses_a_number_beyond_the_table(
        client: TestClient, option: object) -> None:
    assert isinstance(option, type(OPTIONS[0]))
    assert option.most is not None
    response = client.post("/play/new", data={"level": "easy", option.name: str(option.most + 1)})
    assert response.status_code == 400, response.text[:300]
    assert client.post("/play/new", data={"level": "easy",
                                          option.name: str(option.most)}).status_code == 200
