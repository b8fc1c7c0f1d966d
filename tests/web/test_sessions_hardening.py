"""Sessions beyond the cookie basics of ``test_sessions.py``: nothing of one browser is
reachable from another, an expired or forged cookie reveals nothing, the app removes
stale sessions (and their games and sheets) by itself, and a GET never changes state.
"""

from __future__ import annotations

import asyncio
import re
import time
from datetime import timedelta
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlmodel import Session, select

import app.main as app_main
from app.core.config import Settings
from app.core.models import BrowserSession, PlayMatch, ScoreSheetRow, utcnow
from app.guide.content import PAGES
from app.main import create_app
from app.web.sessions import COOKIE_NAME, new_token
from tests.support.browsers import session_id_of
from tests.support.events import an_event
from tests.support.hardening import (
    Replayer,
    StoredPlay,
    api_routes,
    diff,
    fill_path,
    finish_hand,
    snapshot,
    stored_play,
)
from tests.support.seasons import a_season

SETUP = {"players": "2", "name0": "Zebedee", "name1": "Quintessa", "target": "100",
         "gin_bonus": "25", "undercut_bonus": "25", "big_gin_bonus": "31", "box_bonus": "20",
         "game_bonus": "100", "first_dealer": "0"}
HAND = {"kind": "knock", "knocker": "0", "knocker_deadwood": "5", "defender_deadwood": "30"}


def _sheet(app: FastAPI, session_id: str) -> ScoreSheetRow:
    with Session(app.state.engine) as db:
        return db.exec(select(ScoreSheetRow).where(ScoreSheetRow.session_id == session_id)).one()


def _match(app: FastAPI, session_id: str) -> StoredPlay | None:
    return stored_play(app.state.engine, session_id)


def _make_browser(app: FastAPI, client: TestClient) -> dict[str, Any]:
    """Give ``client`` a match in progress and a sheet with a hand; return the ids."""
    client.get("/")
    sid = session_id_of(client)
    assert client.post("/play/new", data={"level": "easy"}).status_code == 200
    played = finish_hand(app, client)
    assert client.post("/score", data=SETUP).status_code == 200
    sheet = _sheet(app, sid)
    hand = {**HAND, "version": str(sheet.version)}
    assert client.post(f"/score/{sheet.id}/hands", data=hand).status_code == 200
    sheet = _sheet(app, sid)
    event = an_event(client)  # hosted by this browser: its pages are GET routes too
    season = a_season(client)  # with the event in it
    assert client.post(f"/seasons/{season}/attach", data={"event": event},
                       follow_redirects=False).status_code == 303
    return {"session": sid, "sheet_id": sheet.id, "number": 1, "token": sheet.share_token,
            "slug": PAGES[0].slug, "match_id": played["match_id"], "event_slug": event,
            "season_slug": season}


def _own_cards(app: FastAPI, session_id: str) -> list[str]:
    row = _match(app, session_id)
    assert row is not None
    match = Replayer.from_row(row).advance(row.log)
    return [c.name for c in match.hand.hands[0]]


def _age(app: FastAPI, session_id: str, days: float) -> None:
    with Session(app.state.engine) as db:
        row = db.get(BrowserSession, session_id)
        assert row is not None
        row.last_seen = utcnow() - timedelta(days=days)
        db.add(row)
        db.commit()


def _reveals_nothing_of(text: str, app: FastAPI, ids: dict[str, Any]) -> None:
    assert "Zebedee" not in text and "Quintessa" not in text
    assert ids["token"] not in text
    assert ids["session"] not in text
    cards = _own_cards(app, ids["session"])
    # The other browser's hand would show all ten of its cards; a fresh page shows none.
    assert sum(name in text for name in cards) == 0, cards


def test_another_browser_reaches_nothing_of_the_first(app: FastAPI, client: TestClient
                                                      ) -> None:
    alice = _make_browser(app, client)
    with TestClient(app, raise_server_exceptions=False) as bob:
        bob.get("/")
        before = snapshot(app.state.engine)
        for route in api_routes(app, "GET"):
            if "{sheet_id}" not in route.path:
                continue
            path = fill_path(route.path, alice)
            assert path is not None, route.path
            response = bob.get(path)
            assert response.status_code == 404, path
            _reveals_nothing_of(response.text, app, alice)
        for route in api_routes(app, "POST"):
            if "{sheet_id}" not in route.path:
                continue
            path = fill_path(route.path, alice)
            assert path is not None
            response = bob.post(path, data={**HAND, "confirm": "yes", "version": "2"})
            assert response.status_code == 404, path
            _reveals_nothing_of(response.text, app, alice)
        for path in ["/play", "/play/new", "/score"]:
            _reveals_nothing_of(bob.get(path).text, app, alice)
        assert not {t for t in diff(before, snapshot(app.state.engine)) if t not in DERIVED}
    # The share link is the one way in, and it is read-only.
    with TestClient(app) as carol:
        shared = carol.get(f"/score/shared/{alice['token']}")
        assert shared.status_code == 200 and "Zebedee" in shared.text
        assert 'method="post"' not in shared.text.lower()
        assert carol.post(f"/score/shared/{alice['token']}", data=HAND).status_code == 405


@pytest.mark.parametrize("cookie", ["expired", "forged", "malformed", "deleted", "internal id"])
def test_a_stale_or_forged_cookie_starts_afresh_and_reveals_nothing(
    app: FastAPI, client: TestClient, cookie: str
) -> None:
    alice = _make_browser(app, client)
    sid = alice["session"]
    token = client.cookies[COOKIE_NAME]
    if cookie == "expired":
        _age(app, sid, 91)
        value = token
    elif cookie == "forged":
        value = new_token()
    elif cookie == "malformed":
        value = token + "'; DROP TABLE browser_session; --"
    elif cookie == "internal id":  # the history's id is no credential
        value = sid
    else:  # a session the purge already removed
        value = token
    cards = _own_cards(app, sid)
    if cookie == "deleted":
        with Session(app.state.engine) as db:
            db.delete(db.get(BrowserSession, sid))
            db.commit()
    with TestClient(app) as mallory:
        mallory.cookies.set(COOKIE_NAME, value, domain="testserver.local")
        page = mallory.get("/play")
        assert page.status_code == 200
        assert mallory.cookies[COOKIE_NAME] not in (token, value)
        fresh = session_id_of(mallory)
        assert fresh != sid
        assert "Zebedee" not in page.text
        assert sum(name in page.text for name in cards) == 0
        assert "New match" in page.text  # no match in the fresh session
        scores = mallory.get("/score").text
        assert "Zebedee" not in scores and "Quintessa" not in scores
        assert mallory.get(f"/score/{alice['sheet_id']}").status_code == 404
    # Nothing was handed over to the fresh session; an expired one was purged (the
    # second client's start-up ran the purge), a forged or malformed cookie harmed nothing.
    assert _match(app, fresh) is None
    assert (_match(app, sid) is None) == (cookie in ("expired", "deleted"))


def test_the_app_purges_stale_sessions_and_their_data_while_running(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not only at start-up: the running app's periodic purge removes a session unused
    for SESSION_TTL_DAYS, and its match and sheets go with it (ON DELETE CASCADE)."""
    monkeypatch.setattr(app_main, "PURGE_INTERVAL_SECONDS", 0.05)
    monkeypatch.setenv("SESSION_TTL_DAYS", "2")
    settings = Settings(database_url=db_url)
    assert settings.session_ttl_days == 2  # read from the environment
    app = create_app(settings)
    with TestClient(app) as stale_browser, TestClient(app) as fresh_browser:
        stale = _make_browser(app, stale_browser)
        fresh = _make_browser(app, fresh_browser)
        _age(app, stale["session"], 2.01)
        _age(app, fresh["session"], 1.99)
        deadline = time.monotonic() + 10
        while _match(app, stale["session"]) is not None and time.monotonic() < deadline:
            stale_browser.portal.call(asyncio.sleep, 0.05)  # let the app's loop run
        with Session(app.state.engine) as db:
            sessions = {row.id for row in db.exec(select(BrowserSession)).all()}
            sheets = {row.session_id for row in db.exec(select(ScoreSheetRow)).all()}
            matches = {row.session_id for row in db.exec(select(PlayMatch)).all()}
        assert sessions == {fresh["session"]}
        assert sheets == {fresh["session"]} and matches == {fresh["session"]}


def _get_paths(app: FastAPI, ids: dict[str, Any]) -> list[str]:
    paths = []
    for route in api_routes(app, "GET"):
        path = fill_path(route.path, ids)
        assert path is not None, f"add a value for the parameters of {route.path}"
        paths.append(path)
    paths += [f"/guide/{page.slug}" for page in PAGES]
    paths += ["/play?action=discard&card=TH", "/score?players=2&name0=X",
              "/guide?target=250", "/play/new?level=hard&target=9", "/no-such-page"]
    return paths


DERIVED = frozenset({"match_stats", "browser_stats"})
"""Tables of figures derived from the stored history (``app.core.statcache``): a GET of
``/stats`` may fill them, as a cache; nothing a player did is in them."""


def test_get_never_changes_stored_state(app: FastAPI, client: TestClient) -> None:
    """Every GET route — as a page, as an htmx request, with stray query strings — leaves
    every stored row byte for byte as it was (sessions included)."""
    ids = _make_browser(app, client)
    # Mid-hand, so that a GET could be tempted to tidy something.
    row = _match(app, ids["session"])
    assert row is not None
    paths = _get_paths(app, ids)
    before = snapshot(app.state.engine)
    for path in paths:
        for headers in ({}, {"HX-Request": "true"}):
            response = client.get(path, headers=headers)
            assert response.status_code < 500, path
            assert "set-cookie" not in response.headers, path
    changed = {table: rows for table, rows in diff(before, snapshot(app.state.engine)).items()
               if table not in DERIVED}
    assert not changed, changed
    # HEAD too (Starlette answers HEAD for GET routes).
    for path in paths[:5]:
        client.head(path)
    assert not {t for t in diff(before, snapshot(app.state.engine)) if t not in DERIVED}


def test_a_first_get_creates_only_the_session_row(app: FastAPI) -> None:
    """The one thing a GET may store is the new browser's session and its token's hash
    (to set the cookie)."""
    with TestClient(app) as client:  # its start-up draws the daily deals (app.daily.days)
        before = snapshot(app.state.engine)
        for path in ["/", "/play", "/play/new", "/score"]:
            client.cookies.clear()
            client.get(path)
        after = snapshot(app.state.engine)
    changed = diff(before, after)
    assert set(changed) == {"browser_session", "browser_token"}
    assert len(after["browser_session"]) == len(after["browser_token"]) == 4
    assert not re.search(r"play_match|score_sheet", " ".join(changed))
