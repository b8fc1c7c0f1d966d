"""Card backs, felts, sound and vibration (issue 26): four more display settings.

Stored like the others (one ``display_prefs`` row per browser), written on ``<html>``
(``data-card-back``, ``data-felt``, ``data-sound``, ``data-vibration``), off or as today
by default. A forged or missing value is refused with a sentence naming the setting, and
nothing is saved.
"""

from __future__ import annotations

import re

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlmodel import Session, select

from app.core.models import DisplayPrefs
from app.web.display import DEFAULT, Display

NEW = {"card_back": "green", "felt": "grey", "sound": "on", "vibration": "on"}


def form(**changes: str) -> dict[str, str]:
    return {**DEFAULT.model_dump(), **changes}


def root(html: str) -> dict[str, str]:
    tag = re.search(r"<html([^>]*)>", html)
    assert tag is not None
    return dict(re.findall(r'([\w-]+)="([^"]*)"', tag.group(1)))


def rows(app: FastAPI) -> list[DisplayPrefs]:
    with Session(app.state.engine) as db:
        return list(db.exec(select(DisplayPrefs)))


def test_defaults_keep_todays_table_and_stay_quiet(client: TestClient) -> None:
    attrs = root(client.get("/play").text)
    assert (attrs["data-card-back"], attrs["data-felt"]) == ("red", "green")
    assert (attrs["data-sound"], attrs["data-vibration"]) == ("off", "off")
    html = client.get("/settings").text
    for name, value in (("card_back", "red"), ("felt", "green"), ("sound", "off"),
                        ("vibration", "off")):
        assert re.search(rf'name="{name}" value="{value}" checked', html), name


def test_the_new_settings_are_saved_and_shown(app: FastAPI, client: TestClient) -> None:
    assert client.post("/settings", data=form(**NEW), follow_redirects=False).status_code == 303
    (row,) = rows(app)
    assert (row.card_back, row.felt, row.sound, row.vibration) == ("green", "grey", "on", "on")
    attrs = root(client.get("/play").text)
    assert {k: attrs[f"data-{k.replace('_', '-')}"] for k in NEW} == NEW
    assert Display(**{**DEFAULT.model_dump(), **NEW}).html_attributes()["data-felt"] == "grey"


FORGED = [
    pytest.param(form(card_back="gold"), "Card backs: choose one of Red lattice, Blue diamonds,"
                 " Green checks.", id="unknown back"),
    pytest.param(form(felt="<b>pink</b>"), "Table felt: choose one of Green felt, Blue felt,"
                 " Burgundy felt, Grey felt.", id="markup felt"),
    pytest.param(form(sound="loud"), "Sound: choose one of No sound, Sounds on.", id="sound"),
    pytest.param(form(vibration="1"), "Vibration: choose one of No vibration, Vibrate.",
                 id="vibration"),
    pytest.param(form(sound="ON"), "Sound: choose one of", id="case"),
    pytest.param({k: v for k, v in form().items() if k != "felt"}, "Table felt: nothing chosen",
                 id="missing felt"),
    pytest.param({k: v for k, v in form().items() if k != "vibration"},
                 "Vibration: nothing chosen", id="missing vibration"),
]


@pytest.mark.parametrize(("data", "message"), FORGED)
def test_a_forged_value_is_refused_and_nothing_is_saved(
        app: FastAPI, client: TestClient, data: dict[str, str], message: str) -> None:
    client.post("/settings", data=form(**NEW))
    response = client.post("/settings", data=data)
    assert response.status_code == 400
    assert message in response.text and "Nothing was changed" in response.text
    assert "<b>pink</b>" not in response.text
    (row,) = rows(app)
    assert (row.card_back, row.felt, row.sound, row.vibration) == ("green", "grey", "on", "on")
    assert root(client.get("/play").text)["data-sound"] == "on"


def test_a_forged_first_form_saves_no_row(app: FastAPI, client: TestClient) -> None:
    assert client.post("/settings", data=form(card_back="x" * 5000)).status_code == 400
    assert rows(app) == []


def test_a_stored_value_from_elsewhere_falls_back_to_the_defaults(
        app: FastAPI, client: TestClient) -> None:
    client.post("/settings", data=form(**NEW))
    with Session(app.state.engine) as db:
        (row,) = db.exec(select(DisplayPrefs))
        row.felt = "plaid"
        db.add(row)
        db.commit()
    assert root(client.get("/play").text)["data-felt"] == "green"


def test_the_browser_chrome_wears_the_felt(client: TestClient) -> None:
    client.post("/settings", data=form(felt="burgundy", theme="light"))
    assert re.findall(r'<meta name="theme-color" content="(#\w+)">', client.get("/").text) == [
        "#40131c"]
    client.post("/settings", data=form(felt="blue"))
    html = client.get("/").text
    assert '<meta name="theme-color" content="#12304a" media="(prefers-color-scheme: light)">' \
        in html
    assert '<meta name="theme-color" content="#0b1a29" media="(prefers-color-scheme: dark)">' \
        in html
    client.post("/settings", data=form(felt="blue", theme="contrast"))
    assert '<meta name="theme-color" content="#000000">' in client.get("/").text
