"""Your history on any device (app/devices, /devices): a device code joins a fresh
browser to the same history with a token of its own, a recovery code brings it back
after the cookie is gone, bad codes are refused with nothing changed and limited, undo
and Forget this browser.
"""

from __future__ import annotations

import re
from datetime import timedelta

from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import inspect
from sqlmodel import Session, SQLModel, select

from app.core.models import AccessCode, BrowserToken, PlayMatch, utcnow
from app.devices.access import FORMER_PLAYER
from app.devices.data import browser_data
from app.web.sessions import COOKIE_NAME, token_hash
from tests.support.browsers import session_id_of
from tests.support.hardening import diff, snapshot
from tests.web.friend.test_friend import browser, invite, join
from tests.web.prefs.test_display_settings import html_attributes
from tests.web.test_sessions_hardening import SETUP


def _code(client: TestClient, kind: str = "code") -> str:
    """Make a device code (``kind="code"``) or a recovery code; the code as shown."""
    page = client.post(f"/devices/{kind}")
    assert page.status_code == 200
    found = re.search(r'<code id="(?:device|recovery)-code">([^<]+)</code>', page.text)
    assert found is not None
    return found.group(1)


def _join(client: TestClient, code: str) -> int:
    return client.post("/devices/join", data={"code": code}, follow_redirects=False).status_code


def _settings(client: TestClient) -> None:
    assert client.post("/settings", data={
        "card_size": "large", "deck": "four", "theme": "dark", "motion": "reduced",
        "computer_speed": "slow", "card_back": "blue", "felt": "burgundy", "sound": "off",
        "vibration": "off", "language": "en"}, follow_redirects=False).status_code == 303


def test_a_device_code_joins_a_fresh_browser_to_the_same_history(app: FastAPI,
                                                                  client: TestClient) -> None:
    client.get("/")
    _settings(client)
    assert client.post("/play/new", data={"level": "hard", "version": "0"}).status_code == 200
    code = _code(client)
    other = browser(app)
    # The QR link only fills the form in.
    page = other.get("/devices/join", params={"code": code.replace("-", "")})
    assert f'value="{code.replace("-", "")}"' in page.text
    assert session_id_of(other) != session_id_of(client)
    mine = client.cookies[COOKIE_NAME]
    assert _join(other, code.lower()) == 303
    # The same history, each browser with a cookie of its own; the first one still works.
    assert session_id_of(other) == session_id_of(client)
    assert other.cookies[COOKIE_NAME] != client.cookies[COOKIE_NAME] == mine
    # The same settings paint its pages.
    assert html_attributes(other.get("/").text) == html_attributes(client.get("/").text)
    assert html_attributes(other.get("/").text) != html_attributes(browser(app).get("/").text)
    with Session(app.state.engine) as db:
        games = db.exec(select(PlayMatch)).all()
    assert len(games) == 1 and games[0].session_id == session_id_of(other)
    assert "now holds the history" in other.get("/devices?done=joined").text
    # The code is spent: a third browser gets a clear refusal.
    third = browser(app)
    before = snapshot(app.state.engine)
    refused = third.post("/devices/join", data={"code": code})
    assert refused.status_code == 400 and "used already" in refused.text
    assert diff(before, snapshot(app.state.engine)) == {}


def test_undo_gives_the_joining_browser_its_own_history_back(app: FastAPI,
                                                             client: TestClient) -> None:
    client.get("/")
    other = browser(app)
    own = other.cookies[COOKIE_NAME]
    assert _join(other, _code(client)) == 303
    joined = other.cookies[COOKIE_NAME]
    assert "Back to this browser" in other.get("/devices").text
    assert other.post("/devices/undo", follow_redirects=False).status_code == 303
    assert other.cookies[COOKIE_NAME] == own
    assert session_id_of(other) != session_id_of(client)
    with Session(app.state.engine) as db:  # the joined history's token it gave up is gone
        assert db.get(BrowserToken, token_hash(joined)) is None
        assert db.get(BrowserToken, token_hash(client.cookies[COOKIE_NAME])) is not None
    with TestClient(app) as copied:  # a copy of the token given up opens nothing
        copied.cookies.set(COOKIE_NAME, joined, domain="testserver.local")
        copied.get("/devices")
        assert session_id_of(copied) != session_id_of(client)
    assert "Back to this browser" not in other.get("/devices").text
    assert other.post("/devices/undo").status_code == 400


def test_a_recovery_code_brings_the_history_back_after_the_cookie_is_gone(
        app: FastAPI, client: TestClient) -> None:
    client.get("/")
    mine = session_id_of(client)
    old = _code(client, "recovery")
    code = _code(client, "recovery")  # a new one: the first stops working
    assert "You made a recovery code" in client.get("/devices").text
    client.cookies.clear()
    client.get("/")
    assert session_id_of(client) != mine
    assert _join(client, old) == 400
    assert _join(client, code) == 303
    assert session_id_of(client) == mine
    other = browser(app)
    assert _join(other, code) == 303  # good until replaced


def test_an_expired_device_code_opens_nothing(app: FastAPI, client: TestClient) -> None:
    client.get("/")
    code = _code(client)
    with Session(app.state.engine) as db:
        row = db.exec(select(AccessCode)).one()
        row.expires_at = utcnow() - timedelta(seconds=1)
        db.add(row)
        db.commit()
    refused = browser(app).post("/devices/join", data={"code": code})
    assert refused.status_code == 400 and "expired" in refused.text
    assert _join(client, _code(client)) == 400  # and a browser cannot join itself


def test_bad_codes_are_refused_and_limited(app: FastAPI, client: TestClient) -> None:
    client.get("/")
    good = _code(client)
    other = browser(app)
    own = other.cookies[COOKIE_NAME]
    before = snapshot(app.state.engine)
    for typed in ["", "nope", "ZZZZ-ZZZZ", "x" * 5000]:
        response = other.post("/devices/join", data={"code": typed})
        assert response.status_code == 400, typed
        assert 'role="alert"' in response.text
    wrong = other.post("/devices/join", data={"code": "ZZZZ-ZZZY"})
    assert wrong.status_code == 400
    # Five failures: another wrong code waits...
    held = other.post("/devices/join", data={"code": "ZZZZ-ZZZX"})
    assert held.status_code == 429 and int(held.headers["retry-after"]) > 0
    assert "Too many codes" in held.text
    assert other.cookies[COOKIE_NAME] == own
    assert diff(before, snapshot(app.state.engine)) == {}
    # ... but the right code is checked first and always opens its history.
    joined = other.post("/devices/join", data={"code": good}, follow_redirects=False)
    assert joined.status_code == 303
    assert session_id_of(other) == session_id_of(client)  # its own token of that history


def test_forget_this_browser_leaves_nothing_of_it(app: FastAPI, client: TestClient) -> None:
    client.get("/")
    _settings(client)
    _code(client, "recovery")
    host = browser(app)
    token = invite(host, name="Ann")
    assert join(client, token, name="Bob").status_code == 303
    mine = session_id_of(client)
    token = client.cookies[COOKIE_NAME]
    assert client.post("/devices/forget", data={}).status_code == 400  # not confirmed
    done = client.post("/devices/forget", data={"confirm": "yes"})
    assert done.status_code == 200 and "is deleted" in done.text
    assert client.cookies.get(COOKIE_NAME) != token  # a fresh history, a fresh token
    assert session_id_of(client) != mine
    with Session(app.state.engine) as db:
        assert db.get(BrowserToken, token_hash(token)) is None
    with app.state.engine.connect() as conn:
        for table in SQLModel.metadata.sorted_tables:
            for column in ("session_id", "guest_session_id", "id"):
                if column in {c["name"] for c in inspect(conn).get_columns(table.name)}:
                    rows = conn.execute(table.select().where(table.c[column] == mine)).all()
                    assert rows == [], (table.name, column)
    with Session(app.state.engine) as db:
        assert browser_data(db, mine) == {}  # every row reachable from the history
        game = db.exec(select(PlayMatch)).one()  # the friend keeps the match
    assert game.names is not None and game.names[1] == FORMER_PLAYER


def test_forget_on_one_device_closes_the_history_on_every_device(
        app: FastAPI, client: TestClient) -> None:
    client.get("/")
    assert client.post("/score", data=SETUP).status_code == 200  # Zebedee's sheet
    other = browser(app)
    assert _join(other, _code(client)) == 303
    assert "Zebedee" in other.get("/score").text
    forgotten = session_id_of(client)
    assert client.post("/devices/forget", data={"confirm": "yes"}).status_code == 200
    assert "Zebedee" not in other.get("/score").text  # its token went with the history
    assert session_id_of(other) != forgotten
    with Session(app.state.engine) as db:
        assert db.exec(select(BrowserToken).where(
            BrowserToken.session_id == forgotten)).all() == []
