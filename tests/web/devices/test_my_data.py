"""Download my data (/privacy/data.json, app/devices/data.py): every row of the
browser's history and nobody else's, with the seeds of a hand in progress hidden."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlmodel import Session, SQLModel, select

from app.core.models import PlayHand, PlayMatch
from app.devices.data import HIDDEN
from app.web.sessions import COOKIE_NAME
from tests.web.friend.test_friend import browser, invite, join
from tests.web.review.test_history import _finish_hand

PUBLIC_SEEDS = {("play_match", "client_seed"), ("play_hand", "client_seed"),
                ("play_hand", "seat_seeds"), ("play_hand", "commitment")}
"""Seed columns a browser may read at any time (docs/fairness.md)."""


def test_every_seed_column_is_hidden_or_public() -> None:
    seeds = {(table.name, column.name) for table in SQLModel.metadata.sorted_tables
             for column in table.columns if "seed" in column.name or column.name == "commitment"}
    assert seeds == set(HIDDEN) | PUBLIC_SEEDS


def test_my_data_holds_my_rows_and_hides_the_hand_in_progress(app: FastAPI,
                                                              client: TestClient) -> None:
    match_id, _ = _finish_hand(app, client, seed=3)
    client.post("/play", data={"action": "next_hand", "version": str(_version(app, client))})
    other = browser(app)  # another browser's data never shows
    other.post("/play/new", data={"level": "easy", "version": "0"})
    response = client.get("/privacy/data.json")
    assert response.status_code == 200
    assert "attachment" in response.headers["content-disposition"]
    tables = response.json()["tables"]
    mine = client.cookies[COOKIE_NAME]
    assert tables["browser_session"] == [{**tables["browser_session"][0], "id": mine}]
    assert {m["id"] for m in tables["play_match"]} == {match_id}
    with Session(app.state.engine) as db:
        hands = db.exec(select(PlayHand).where(PlayHand.match_id == match_id)).all()
        game = db.get(PlayMatch, match_id)
    assert game is not None and len(hands) == 2
    shown = {h["number"]: h for h in tables["play_hand"]}
    for hand in hands:
        assert shown[hand.number]["server_seed"] == (hand.server_seed if hand.finished
                                                     else None)
    assert not any(h.finished for h in hands if h.number == 2)
    body = response.text
    assert game.next_server_seed is None or game.next_server_seed not in body
    assert other.cookies[COOKIE_NAME] not in body
    assert "play_seat" in tables and all(s["session_id"] == mine for s in tables["play_seat"])


def test_a_friend_match_is_in_both_players_data(app: FastAPI, client: TestClient) -> None:
    host = browser(app)
    assert join(client, invite(host, name="Ann"), name="Bob").status_code == 303
    for player in (host, client):
        tables = player.get("/privacy/data.json").json()["tables"]
        assert len(tables["play_match"]) == 1 and tables["play_match"][0]["friend"]
        seats = {s["session_id"] for s in tables.get("play_seat", [])}
        assert seats == {player.cookies[COOKIE_NAME]}  # not the other player's seat


def _version(app: FastAPI, client: TestClient) -> int:
    from tests.web.fair.test_fair_play import _stored
    return _stored(app, client).version
