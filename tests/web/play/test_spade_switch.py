"""Spade doubling is a switch of the New match form, shown in the rules in force
(issue 32): Oklahoma in Play no longer always doubles on a spade."""

from __future__ import annotations

import re

from fastapi import FastAPI
from fastapi.testclient import TestClient

from app.engine import Rules
from app.web.sessions import COOKIE_NAME
from tests.support.hardening import stored_play


def _rules(app: FastAPI, client: TestClient) -> Rules:
    row = stored_play(app.state.engine, client.cookies[COOKIE_NAME])
    assert row is not None
    return Rules.from_dict(row.rules)


def test_the_form_offers_the_switch_ticked_by_default(client: TestClient) -> None:
    form = client.get("/play/new").text
    box = re.search(r'<input type="checkbox" name="oklahoma_spade_double"[^>]*>', form)
    assert box is not None and "checked" in box.group(0)
    assert 'name="oklahoma_spade_double_shown"' in form
    assert "Spade upcard doubles" in form


def test_unticked_the_match_plays_oklahoma_without_doubling(
    app: FastAPI, client: TestClient
) -> None:
    html = client.post("/play/new", data={
        "level": "standard", "oklahoma": "on", "oklahoma_spade_double_shown": "1"}).text
    rules = _rules(app, client)
    assert rules.oklahoma and not rules.oklahoma_spade_double
    assert "a spade upcard doubles the hand" not in html
    # The next New match form keeps the table's choice.
    again = client.get("/play/new").text
    box = re.search(r'<input type="checkbox" name="oklahoma_spade_double"[^>]*>', again)
    assert box is not None and "checked" not in box.group(0)


def test_ticked_the_rules_in_force_say_a_spade_doubles(app: FastAPI, client: TestClient) -> None:
    html = client.post("/play/new", data={
        "level": "standard", "oklahoma": "on", "oklahoma_spade_double": "on",
        "oklahoma_spade_double_shown": "1"}).text
    assert _rules(app, client).oklahoma_spade_double
    assert "a spade upcard doubles the hand" in html
