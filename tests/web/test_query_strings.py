"""No query parameter becomes page text or a status code.

Every GET route (discovered, so a new page is covered), asked with the parameters a
page could be tricked into showing (``notice``, ``status_code``, ``error``, ...) and
with each query parameter any route reads, set to a marker: the marker is never in
the page (but in a form field's ``value``, a form filled in from its link), and the
status is never the one the link asked for. Unknown parameters leave the answer's
status as it is without them. Notices that come from a link are fixed keys mapped to a
catalogue message (``?done=signed-out``), never the link's own words.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlencode

import pytest
from fastapi import FastAPI, routing
from fastapi.testclient import TestClient
from sqlmodel import Session, select

from app.core.config import Settings
from app.core.fairuse import Rate
from app.core.models import ScoreSheetRow
from app.fair.verify import FIELDS as FAIR_FIELDS
from app.main import create_app
from tests.support.browsers import session_id_of
from tests.support.events import an_event
from tests.support.hardening import api_routes, fill_path, finish_hand

MARKER = "Qz9mark<b>er"
ASKED_STATUS = "418"
PAGE_WORDS = ("notice", "error", "message", "title", "text", "status", "alert", "flash")
READ_BY_HAND = {"try", "import", *FAIR_FIELDS}
"""Query parameters routes read from ``request.query_params`` rather than declare."""
STREAMS = {"/play/events"}
_VALUE = re.compile(r"""\svalue=("[^"]*"|'[^']*')""")


def declared_query_names(app: FastAPI) -> set[str]:
    """Every query parameter a route of ``app`` declares (its dependencies' too)."""

    def walk(dependant: Any) -> set[str]:
        names = {param.name for param in dependant.query_params}
        for sub in dependant.dependencies:
            names |= walk(sub)
        return names

    names: set[str] = set()
    for context in routing.iter_route_contexts(app.routes):
        dependant = getattr(context.original_route, "dependant", None)
        if dependant is not None:
            names |= walk(dependant)
    return names


@pytest.fixture
def world(settings: Settings) -> Iterator[tuple[FastAPI, TestClient, dict[str, Any]]]:
    """A browser with a finished hand and a score sheet, invited by another browser
    to play a friend; values for every GET route's path parameters."""
    # The walk asks every page and download many times over (one browser): fair use's
    # limits, tested in test_fair_use.py, would answer 429 before the walk is done.
    roomy = Rate(100_000, 600)
    app = create_app(settings.model_copy(update={
        "admin_token": "t" * 24, "limit_pages_per_browser": roomy,
        "limit_pages_per_address": roomy, "limit_exports_per_browser": roomy,
        "limit_exports_per_address": roomy}))
    with TestClient(app, raise_server_exceptions=False) as client, \
            TestClient(app) as host:
        client.get("/play")
        assert client.post("/play/new", data={"level": "easy"}).status_code == 200
        played = finish_hand(app, client)
        setup = {"players": "2", "name0": "Ann", "name1": "Bob", "target": "100",
                 "gin_bonus": "25", "undercut_bonus": "25", "big_gin_bonus": "31",
                 "box_bonus": "20", "game_bonus": "100", "first_dealer": "0"}
        assert client.post("/score", data=setup).status_code == 200
        with Session(app.state.engine) as db:
            sheet = db.exec(select(ScoreSheetRow).where(
                ScoreSheetRow.session_id == session_id_of(client))).one()
        host.get("/")
        assert host.post("/play/friend", data={"name": "Ann", "version": "0"},
                         follow_redirects=False).status_code == 303
        found = re.search(r"/play/friend/([A-Za-z0-9_-]{16,})", host.get("/play").text)
        assert found is not None
        params = {"sheet_id": sheet.id, "number": 1, "slug": "knocking",
                  "event_slug": an_event(client),
                  "match_id": played["match_id"], "share": sheet.share_token,
                  "invite": found.group(1)}
        yield app, client, params


def _paths(app: FastAPI, params: dict[str, Any]) -> list[str]:
    paths = []
    for route in api_routes(app, "GET"):
        if route.path in STREAMS:
            continue
        token = {"/score/shared/{token}": params["share"],
                 "/play/friend/{token}": params["invite"]}.get(route.path, "x" * 20)
        path = fill_path(route.path, {**params, "token": token})
        assert path is not None, f"add a value for the parameters of {route.path}"
        paths.append(path)
    return paths


def _shown(text: str) -> str:
    """The page without its form fields' values (a form may be filled in from its link)."""
    return _VALUE.sub("", text)


def test_the_join_page_shows_no_notice_and_no_status_from_its_link(
        world: tuple[FastAPI, TestClient, dict[str, Any]]) -> None:
    _app, client, params = world
    link = f"/play/friend/{params['invite']}"
    for status in ("999", "404", "500"):
        page = client.get(link + "?" + urlencode({"notice": MARKER, "status_code": status}))
        assert page.status_code == 200, status
        assert "invites you" in page.text
        assert "qz9mark" not in page.text.lower()


def test_no_get_route_echoes_a_query_parameter_or_takes_its_status_from_one(
        world: tuple[FastAPI, TestClient, dict[str, Any]]) -> None:
    app, client, params = world
    paths = _paths(app, params)
    assert any(path.startswith("/play/friend/") for path in paths)
    known = declared_query_names(app) | READ_BY_HAND
    assert {"notice", "status_code"} & known == set(), "a route takes these from its link"
    unknown = {word: MARKER for word in PAGE_WORDS} | {
        "status_code": ASKED_STATUS, "status": ASKED_STATUS, "code_": ASKED_STATUS}
    everything = {**unknown, **{name: MARKER for name in known}}
    for path in paths:
        plain = client.get(path, follow_redirects=False)
        asked = client.get(f"{path}?{urlencode(unknown)}", follow_redirects=False)
        assert asked.status_code == plain.status_code, path
        assert "qz9mark" not in _shown(asked.text).lower(), path
        for name in known:  # each known parameter alone, then all at once
            one = client.get(f"{path}?{urlencode({name: MARKER})}", follow_redirects=False)
            assert one.status_code < 500 and str(one.status_code) != ASKED_STATUS, (path, name)
            assert "qz9mark" not in _shown(one.text).lower(), (path, name)
        both = client.get(f"{path}?{urlencode(everything)}", follow_redirects=False)
        assert both.status_code < 500 and str(both.status_code) != ASKED_STATUS, path
        assert "qz9mark" not in _shown(both.text).lower(), path
