"""Download my data (/privacy/data.json, app/devices/data.py): every row of the
browser's history and nobody else's, with the seeds of a hand in progress hidden, and
browsers named (you, or the other player's name), never by an id or a cookie."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlmodel import Session, SQLModel, select

from app.core.models import HandReview, PlayHand, PlayMatch
from app.devices.data import BROWSER_COLUMNS, HIDDEN, NOT_EXPORTED, YOU, is_browser_column
from app.web.sessions import COOKIE_NAME
from tests.support.browsers import session_id_of
from tests.web.friend.test_friend import browser, invite, join
from tests.web.review.test_history import _finish_hand

PUBLIC_SEEDS = {("play_match", "client_seed"), ("play_hand", "client_seed"),
                ("play_hand", "seat_seeds"), ("play_hand", "commitment"),
                ("event", "duplicate_seed")}
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
    mine = session_id_of(client)
    assert tables["browser_session"] == [{**tables["browser_session"][0], "id": YOU}]
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
    for secret in (other.cookies[COOKIE_NAME], session_id_of(other),
                   client.cookies[COOKIE_NAME], mine):
        assert secret not in body
    assert "play_seat" in tables and all(s["session_id"] == YOU for s in tables["play_seat"])
    assert all(m["session_id"] == YOU for m in tables["play_match"])


def test_a_friend_match_is_in_both_players_data_with_the_other_as_a_name(
        app: FastAPI, client: TestClient) -> None:
    host = browser(app)
    assert join(client, invite(host, name="Ann"), name="Bob").status_code == 303
    with Session(app.state.engine) as db:  # each seat's review of a finished hand
        (game,) = db.exec(select(PlayMatch)).all()
        for seat in (0, 1):
            db.add(HandReview(match_id=game.id, number=1, seat=seat, status="done"))
        db.commit()
    secrets = [host.cookies[COOKIE_NAME], session_id_of(host),
               client.cookies[COOKIE_NAME], session_id_of(client)]
    for player, seat, me, friend in ((host, 0, "session_id", "guest_session_id"),
                                     (client, 1, "guest_session_id", "session_id")):
        response = player.get("/privacy/data.json")
        tables = response.json()["tables"]
        assert len(tables["play_match"]) == 1 and tables["play_match"][0]["friend"]
        shown = tables["play_match"][0]
        assert shown[me] == YOU and shown[friend] == ("Bob" if seat == 0 else "Ann")
        seats = {s["session_id"] for s in tables.get("play_seat", [])}
        assert seats == {YOU}  # not the other player's seat
        assert [r["seat"] for r in tables["hand_review"]] == [seat]  # nor their review
        assert not any(secret in response.text for secret in secrets)


def test_every_column_naming_a_browser_is_mapped_or_left_out() -> None:
    """A column added later that names a browser (a foreign key to ``browser_session``
    or a ``*session_id``) fails here until the export says what it shows for it."""
    columns = {(table.name, column.name) for table in SQLModel.metadata.sorted_tables
               for column in table.columns
               if column.name.endswith("session_id") or column.primary_key
               and table.name == "browser_session"
               or any(fk.column.table.name == "browser_session"
                      for fk in column.foreign_keys)}
    assert {("browser_token", "session_id"), ("set_aside_row", "session_id"),
            ("play_match", "guest_session_id")} <= columns
    unhandled = {(t, c) for t, c in columns
                 if (t, c) not in BROWSER_COLUMNS and t not in NOT_EXPORTED}
    assert unhandled == set(), "say in app/devices/data.py what the export shows for these"
    assert all(is_browser_column(SQLModel.metadata.tables[t], c) for t, c in BROWSER_COLUMNS)
    assert "browser_token" in NOT_EXPORTED  # the credentials' table, even hashed


def _version(app: FastAPI, client: TestClient) -> int:
    from tests.web.fair.test_fair_play import _stored
    return _stored(app, client).version


def test_a_season_hosted_is_in_my_data_without_its_code_or_my_id(
        app: FastAPI, client: TestClient) -> None:
    from tests.support.seasons import a_season_page, host_code

    _, page = a_season_page(client)
    code = host_code(page)
    response = client.get("/privacy/data.json")
    tables = response.json()["tables"]
    assert [row["session_id"] for row in tables["season_host"]] == [YOU]
    from app.core.models import Season
    from app.devices.codes import code_hash

    with Session(app.state.engine) as db:
        stored = db.exec(select(Season)).one().host_code_hash
    assert stored == code_hash(code.replace("-", ""))
    for secret in (code, code.replace("-", ""), stored, session_id_of(client)):
        assert secret not in response.text
