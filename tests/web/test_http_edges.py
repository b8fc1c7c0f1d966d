"""HTTP at its edges: HEAD wherever GET is, the security headers on every
response (500 and 503 included), a client that hangs up mid-body, a database that stays
busy.

The routes are discovered from the app, so a new page is covered as soon as it exists.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError
from sqlmodel import Session, select

from app.core.db import DatabaseBusyError
from app.core.models import ScoreSheetRow
from app.web.security import SECURITY_HEADERS
from app.web.sessions import COOKIE_NAME
from tests.support.browsers import session_id_of
from tests.support.events import an_event
from tests.support.hardening import asgi_request, filled_paths, finish_hand, http_scope
from tests.support.seasons import a_season

SETUP = {"players": "2", "name0": "Ann", "name1": "Bob", "target": "100", "gin_bonus": "25",
         "undercut_bonus": "25", "big_gin_bonus": "31", "box_bonus": "20",
         "game_bonus": "100", "first_dealer": "0"}


@pytest.fixture
def browser(app: FastAPI) -> Iterator[tuple[TestClient, dict[str, Any]]]:
    """A browser with a match and a sheet of one hand; the routes' path parameters."""
    with TestClient(app, raise_server_exceptions=False) as client:
        client.get("/play")
        assert client.post("/play/new", data={"level": "easy"}).status_code == 200
        played = finish_hand(app, client)
        assert client.post("/score", data=SETUP).status_code == 200
        with Session(app.state.engine) as db:
            row = db.exec(select(ScoreSheetRow).where(
                ScoreSheetRow.session_id == session_id_of(client))).one()
        hand = {"kind": "knock", "knocker": "0", "knocker_deadwood": "5",
                "defender_deadwood": "30", "version": str(row.version)}
        assert client.post(f"/score/{row.id}/hands", data=hand).status_code == 200
        yield client, {"sheet_id": row.id, "number": 1, "token": row.share_token,
                       "slug": "knocking", "match_id": played["match_id"],
                       "event_slug": an_event(client), "season_slug": a_season(client)}


def get_paths(app: FastAPI, params: dict[str, Any]) -> list[str]:
    """Every GET route of the app with its parameters filled in (a new route whose
    parameters are unknown fails here, so it cannot slip past), and a static file."""
    return [*filled_paths(app, "GET", params), "/static/app.css", "/no-such-page"]


def assert_security_headers(headers: Any, path: str = "") -> None:
    if path.startswith("/static/") and headers.get("content-type", "").startswith("text/css"):
        # A stylesheet: nosniff only (the page's headers govern the page that loads it).
        assert headers.get("x-content-type-options") == "nosniff", path
        assert "content-security-policy" not in headers, path
        return
    for name, value in SECURITY_HEADERS:
        if name == b"referrer-policy":  # the share view tightens it to no-referrer
            assert headers.get("referrer-policy") in ("same-origin", "no-referrer")
        else:
            assert headers.get(name.decode()) == value.decode(), name


def test_head_is_answered_wherever_get_is(
    app: FastAPI, browser: tuple[TestClient, dict[str, Any]]
) -> None:
    client, params = browser
    paths = get_paths(app, params)
    assert "/" in paths and "/healthz" in paths and any("/score/shared/" in p for p in paths)
    for path in paths:
        got = client.get(path, follow_redirects=False)
        head = client.head(path, follow_redirects=False)
        assert head.status_code == got.status_code, (path, head.status_code, got.status_code)
        assert head.content == b"", path
        assert head.headers.get("content-type") == got.headers.get("content-type"), path
        assert_security_headers(head.headers, path)
    assert client.head("/").status_code == 200


def test_no_page_has_an_attribute_escaped_into_text(
    app: FastAPI, browser: tuple[TestClient, dict[str, Any]]
) -> None:
    # Attributes handed to a template as a string get auto-escaped into junk such as
    # maxlength=&#34;200&#34; (the browser then ignores them): none on any page.
    client, params = browser
    escaped = re.compile(r"<[a-zA-Z][^<>]*\s[a-zA-Z-]+=&(?:#34|quot);[^<>]*>")
    for path in get_paths(app, params):
        page = client.get(path)
        if page.headers.get("content-type", "").startswith("text/html"):
            found = escaped.search(page.text)
            assert found is None, (path, found.group(0)[:200] if found else "")


def test_head_on_a_post_only_route_is_405_not_a_crash(client: TestClient) -> None:
    response = client.head("/score/1/hands/1/delete")
    assert response.status_code == 405
    assert "POST" in response.headers["allow"]
    assert_security_headers(response.headers)


@pytest.fixture
def failing_app(app: FastAPI) -> FastAPI:
    """The app with routes that fail in each way the error handlers must cover."""

    @app.get("/test-fails/crash")
    def crash() -> None:
        raise RuntimeError("a bug")

    @app.get("/test-fails/busy")
    def busy() -> None:
        raise DatabaseBusyError("the database is busy")

    @app.get("/test-fails/locked")
    def locked() -> None:
        raise OperationalError("UPDATE x", {}, Exception("database is locked"))

    @app.get("/test-fails/broken")
    def broken() -> None:
        raise OperationalError("SELECT x", {}, Exception("no such table: x"))

    return app


@pytest.mark.parametrize(
    ("path", "status"),
    [("/test-fails/crash", 500), ("/test-fails/broken", 500), ("/test-fails/busy", 503),
     ("/test-fails/locked", 503)],
)
@pytest.mark.parametrize("accept", ["text/html", "application/json"])
def test_failures_carry_the_security_headers_and_a_message(
    failing_app: FastAPI, path: str, status: int, accept: str
) -> None:
    with TestClient(failing_app, raise_server_exceptions=False) as client:
        response = client.get(path, headers={"accept": accept})
    assert response.status_code == status
    assert_security_headers(response.headers)
    assert response.headers["cache-control"] == "no-store"
    assert "try again" in response.text
    if status == 503:
        assert response.headers["retry-after"].isdigit()


def test_a_500_is_logged_in_the_access_log(failing_app: FastAPI,
                                           caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, logger="app.access"), \
            TestClient(failing_app, raise_server_exceptions=False) as client:
        client.get("/test-fails/crash")
    assert any("/test-fails/crash" in r.getMessage() and " 500 " in r.getMessage()
               for r in caplog.records)


@pytest.mark.parametrize("path", ["/score", "/score/import", "/play", "/play/new"])
@pytest.mark.parametrize(
    "content_type",
    ["application/x-www-form-urlencoded", "multipart/form-data; boundary=xyz"],
)
def test_a_client_that_hangs_up_mid_body_is_logged_at_info_not_a_500(
    app: FastAPI, client: TestClient, caplog: pytest.LogCaptureFixture, path: str,
    content_type: str,
) -> None:
    cookie = f"{COOKIE_NAME}={client.get('/').cookies[COOKIE_NAME]}"
    scope = http_scope("POST", path, [("content-type", content_type),
                                      ("content-length", "5000"), ("cookie", cookie)])
    first = b"--xyz\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n" \
        if content_type.startswith("multipart") else b"name0=Ann&name1="
    with caplog.at_level(logging.INFO):
        # On the client's own event loop thread (a test may run a loop in this one).
        assert client.portal is not None
        sent = client.portal.call(asgi_request, app, scope,
                                  [{"type": "http.request", "body": first, "more_body": True}])
    start = next(m for m in sent if m["type"] == "http.response.start")
    assert start["status"] < 500
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text
    assert any("disconnected" in r.getMessage() and r.levelno == logging.INFO
               for r in caplog.records), caplog.text
