"""A match of a number of hands against the computer over HTTP (``Rules.hands``,
docs/rules.md §5): New match offers the option (from the engine's one table) and starts
such a match; once its hands are played the table shows the match's end (how it was
decided, no Next hand), and the history, the match report and the statistics read it;
equal points are "A draw"."""

from __future__ import annotations

import re
from dataclasses import replace

from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlmodel import Session, select

from app.core.models import PlayMatch
from app.engine import HandRecord, Rules, new_match
from app.table.screen import match_end
from tests.support.browsers import session_id_of
from tests.support.positions import bot_until, store_position


def test_new_match_offers_hands_per_match_and_starts_such_a_match(
        app: FastAPI, client: TestClient) -> None:
    form = client.get("/play/new").text
    assert re.search(r'<label for="opt-hands">Hands per match <span class="hint">', form)
    assert re.search(r'<input id="opt-hands" name="hands" type="number"[^>]*min="0" '
                     r'max="30" value="0"', form)
    version = re.search(r'name="version" value="(\d+)"', form)
    answer = client.post("/play/new", data={
        "version": version.group(1) if version else "0", "level": "easy",
        "preset": "house", "hands": "3"}, follow_redirects=False)
    assert answer.status_code == 303, answer.text[:1000]
    with Session(app.state.engine) as db:
        game = db.exec(select(PlayMatch).where(
            PlayMatch.session_id == session_id_of(client))).one()
        assert Rules.from_dict(game.rules).hands == 3
    refused = client.post("/play/new", data={
        "version": "1", "level": "easy", "preset": "house", "hands": "4",
        "hollywood": "on"}, follow_redirects=False)
    assert refused.status_code == 400 and "does not go with Hollywood" in refused.text


def test_the_match_ends_after_its_hands_and_every_page_reads_it(
        app: FastAPI, client: TestClient) -> None:
    client.get("/play")
    rules = Rules(hands=2, target=10)
    position = bot_until((new_match(rules, seed=5, first_dealer=1), []), lambda m: m.over)
    assert len(position[0].records) == 2
    match_id = store_position(app.state.engine, session_id_of(client), position, "hard")
    page = client.get("/play").text
    assert 'id="match-title"' in page and 'id="a-next_hand"' not in page
    assert "2 hands played:" in page
    for path in (f"/play/history/{match_id}", "/play/history", "/play/history/report",
                 "/stats"):
        assert client.get(path).status_code == 200, path
    assert "2 hands" in client.get("/play/history").text


def test_equal_points_after_the_hands_are_a_draw(client: TestClient) -> None:
    match = new_match(Rules(hands=2), seed=5)
    level = replace(match, records=(HandRecord(0, 20), HandRecord(1, 20)))
    end = match_end(level)
    assert end.verdict == "A draw" and not end.won
    assert end.decided == "2 hands played: the points are level, a draw."


def test_a_match_of_hands_never_shows_a_target_to_reach(
        app: FastAPI, client: TestClient) -> None:
    """The score bar, its label, the table read aloud and the match chart say what ends
    this match (its hands), never "to 100" nor a target line (the target ends nothing)."""
    client.get("/play")
    rules = Rules(hands=3)
    first = bot_until((new_match(rules, seed=5, first_dealer=1), []),
                      lambda m: m.hand_number == 2 and not m.hand.result)
    store_position(app.state.engine, session_id_of(client), first, "hard")
    page = client.get("/play").text
    assert '<span class="scorebar__to">3 hands</span>' in page
    assert ", 3 hands. Show the hands of the match" in page
    assert "hand 2 of 3." in page and "playing to" not in page and "to 100" not in page
    over = bot_until(first, lambda m: m.over)
    store_position(app.state.engine, session_id_of(client), over, "hard")
    end = client.get("/play").text
    assert 'id="match-title"' in end and "target 100" not in end and "to 100" not in end
