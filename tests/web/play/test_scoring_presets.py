"""The New match form's scoring presets (issue 48): House, Classic and Tournament, each
named with its explanation, set the scoring options they name; "Your own" reads the
fields; the variants stay the form's under any preset."""

from __future__ import annotations

import re

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from app.engine import PRESETS, Preset
from tests.support.browsers import session_id_of
from tests.support.hardening import stored_play
from tests.web.play.test_new_match_switches import _rules


def _checked_preset(form: str) -> str:
    found = [m.group(1) for m in re.finditer(
        r'<input type="radio" name="preset" value="([a-z]+)"([^>]*)>', form)
        if "checked" in m.group(2)]
    assert len(found) == 1, found
    return found[0]


def test_the_form_names_each_preset_with_its_line_and_house_is_chosen(
        client: TestClient) -> None:
    form = client.get("/play/new").text
    for preset in PRESETS:
        assert f'value="{preset.name}"' in form
        assert f"<b>{preset.label}</b>" in form and preset.explanation in form
    assert 'name="preset" value="custom"' in form
    assert _checked_preset(form) == "house"


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.name)
def test_a_preset_sets_the_scoring_it_names_over_the_fields(
        app: FastAPI, client: TestClient, preset: Preset) -> None:
    client.post("/play/new", data={"level": "standard", "preset": preset.name,
                                   "box_bonus": "7", "target": "40", "oklahoma": "on"})
    rules = _rules(app, client)
    for name, value in preset.values.items():
        assert getattr(rules, name) == value, name
    assert rules.oklahoma  # a variant is the table's own choice
    again = client.get("/play/new").text
    assert _checked_preset(again) == ("house" if preset.name == "tournament" else preset.name)


def test_your_own_scoring_reads_the_fields(app: FastAPI, client: TestClient) -> None:
    client.post("/play/new", data={"level": "standard", "preset": "custom",
                                   "box_bonus": "7", "target": "40"})
    rules = _rules(app, client)
    assert (rules.box_bonus, rules.target) == (7, 40)
    assert _checked_preset(client.get("/play/new").text) == "custom"


def test_an_unknown_preset_is_refused_with_the_choices(app: FastAPI, client: TestClient) -> None:
    response = client.post("/play/new", data={"level": "standard", "preset": "bogus"})
    assert response.status_code == 400
    assert "Unknown scoring" in response.text and "Classic" in response.text
    assert stored_play(app.state.engine, session_id_of(client)) is None


def test_a_scoring_field_changed_under_the_preset_shown_is_kept(
        app: FastAPI, client: TestClient) -> None:
    """A player who sets the target to 150 and leaves House checked (the preset the form
    showed) gets 150: the changed field makes the scoring their own, also without a
    script."""
    client.post("/play/new", data={"level": "easy", "preset": "house",
                                   "preset_shown": "house", "target": "150"})
    assert _rules(app, client).target == 150
    assert _checked_preset(client.get("/play/new").text) == "custom"


def test_a_preset_newly_chosen_brings_its_values_over_the_fields_shown(
        app: FastAPI, client: TestClient) -> None:
    client.post("/play/new", data={"level": "easy", "preset": "classic",
                                   "preset_shown": "custom", "target": "150"})
    classic = dict(next(p for p in PRESETS if p.name == "classic").values)
    assert _rules(app, client).target == classic["target"]
    assert _checked_preset(client.get("/play/new").text) == "classic"
