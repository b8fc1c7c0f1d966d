"""The ``gin_session`` cookie, the ``browser_token`` hash it is looked up by and the
``browser_session`` rows behind it."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import TYPE_CHECKING

import httpx
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlmodel import Session, select

from app.core.config import Settings
from app.core.models import BrowserSession, BrowserToken, utcnow
from app.main import create_app
from app.web.sessions import (
    COOKIE_NAME,
    TOUCH_INTERVAL,
    is_valid_token,
    new_token,
    purge_expired_sessions,
    token_hash,
)
from tests.support.browsers import session_id_of
from tests.web.test_sessions_hardening import SETUP

if TYPE_CHECKING:
    from tests.support.servers import LiveServer


def _rows(app: FastAPI) -> list[BrowserSession]:
    with Session(app.state.engine) as db:
        return list(db.exec(select(BrowserSession)).all())


def _set_last_seen(app: FastAPI, session_id: str, age: timedelta) -> None:
    with Session(app.state.engine) as db:
        row = db.get(BrowserSession, session_id)
        assert row is not None
        row.last_seen = utcnow() - age
        row.created_at = row.last_seen
        db.add(row)
        db.commit()


def _set_cookie_header(headers: httpx.Headers) -> str:
    values = [v for v in headers.get_list("set-cookie") if v.startswith(f"{COOKIE_NAME}=")]
    assert len(values) == 1, values
    return values[0]


def test_first_visit_sets_a_random_httponly_lax_cookie(client: TestClient, app: FastAPI) -> None:
    response = client.get("/")
    assert response.status_code == 200
    header = _set_cookie_header(response.headers)
    value = header.split(";")[0].split("=", 1)[1]
    attributes = [part.strip() for part in header.split(";")[1:]]
    assert is_valid_token(value) and len(value) >= 22  # ≥ 128 bits of base64
    assert "HttpOnly" in attributes
    assert "SameSite=Lax" in attributes
    assert "Path=/" in attributes
    assert "Max-Age=7776000" in attributes  # 90 days
    assert "Secure" not in attributes
    # The cookie is a token: the server keeps its hash, and the history's id is another.
    (row,) = _rows(app)
    with Session(app.state.engine) as db:
        (token,) = db.exec(select(BrowserToken)).all()
    assert token.token_hash == token_hash(value) and token.session_id == row.id != value


def test_the_cookie_is_kept_and_not_sent_again(client: TestClient, app: FastAPI) -> None:
    client.get("/")
    first = client.cookies[COOKIE_NAME]
    again = client.get("/")
    assert COOKIE_NAME not in again.headers.get("set-cookie", "")
    assert client.cookies[COOKIE_NAME] == first
    assert len(_rows(app)) == 1


def test_secure_flag_when_configured(db_url: str) -> None:
    app = create_app(Settings(database_url=db_url, secure_cookies=True, session_ttl_days=7))
    with TestClient(app) as client:
        header = _set_cookie_header(client.get("/").headers)
    assert "Secure" in [part.strip() for part in header.split(";")]
    assert "Max-Age=604800" in header


def test_malformed_cookie_starts_a_fresh_session(client: TestClient, app: FastAPI) -> None:
    for forged in ["", "x", "a" * 42, "a" * 44, "../../etc/passwd", "!" * 43, "a b" * 20]:
        client.cookies.clear()
        client.cookies.set(COOKIE_NAME, forged)
        response = client.get("/")
        assert response.status_code == 200
        fresh = _set_cookie_header(response.headers).split(";")[0].split("=", 1)[1]
        assert fresh != forged and is_valid_token(fresh)
    assert all(row.id != "a" * 42 for row in _rows(app))


def test_unknown_well_formed_id_is_not_adopted(client: TestClient, app: FastAPI) -> None:
    guessed = new_token()
    client.cookies.set(COOKIE_NAME, guessed)
    response = client.get("/")
    fresh = _set_cookie_header(response.headers).split(";")[0].split("=", 1)[1]
    assert fresh != guessed
    with Session(app.state.engine) as db:
        assert db.get(BrowserToken, token_hash(guessed)) is None


def test_a_historys_id_as_cookie_opens_nothing(app: FastAPI) -> None:
    """The id other tables refer to is not a credential: sent as the cookie, it opens
    nothing, whatever its shape."""
    with TestClient(app) as alice, TestClient(app) as mallory:
        assert alice.post("/score", data=SETUP).status_code == 200  # Zebedee's sheet
        internal = session_id_of(alice)
        for value in (internal, internal + internal[:11]):  # as it is; padded to 43
            mallory.cookies.clear()
            mallory.cookies.set(COOKIE_NAME, value, domain="testserver.local")
            assert "Zebedee" not in mallory.get("/score").text
            assert session_id_of(mallory) != internal


def test_another_browsers_id_is_that_browsers_session(app: FastAPI) -> None:
    with TestClient(app) as alice, TestClient(app) as bob:
        alice.get("/")
        bob.get("/")
        assert alice.cookies[COOKIE_NAME] != bob.cookies[COOKIE_NAME]
    assert len(_rows(app)) == 2


def test_expired_session_starts_afresh(client: TestClient, app: FastAPI) -> None:
    client.get("/")
    old = client.cookies[COOKIE_NAME]
    _set_last_seen(app, session_id_of(client), timedelta(days=91))
    response = client.get("/")
    fresh = _set_cookie_header(response.headers).split(";")[0].split("=", 1)[1]
    assert fresh != old
    assert client.cookies[COOKIE_NAME] == fresh


def test_last_seen_is_refreshed_at_most_hourly(client: TestClient, app: FastAPI) -> None:
    client.get("/")
    token = client.cookies[COOKIE_NAME]
    _set_last_seen(app, session_id_of(client), TOUCH_INTERVAL + timedelta(minutes=1))
    response = client.get("/")
    # The same token comes back with a renewed Max-Age, and last_seen moves to now.
    assert _set_cookie_header(response.headers).startswith(f"{COOKIE_NAME}={token};")
    (row,) = _rows(app)
    assert utcnow() - row.last_seen < timedelta(minutes=1)


def test_purge_removes_only_stale_sessions(client: TestClient, app: FastAPI) -> None:
    client.get("/")
    stale = session_id_of(client)
    client.cookies.clear()
    client.get("/")
    fresh = session_id_of(client)
    _set_last_seen(app, stale, timedelta(days=90, minutes=1))
    _set_last_seen(app, fresh, timedelta(days=89))
    assert purge_expired_sessions(app.state.engine, ttl_days=90) == 1
    assert [row.id for row in _rows(app)] == [fresh]
    with Session(app.state.engine) as db:  # the stale history's token went with it
        assert {t.session_id for t in db.exec(select(BrowserToken)).all()} == {fresh}


def test_app_purges_stale_sessions_on_startup(db_url: str) -> None:
    app = create_app(Settings(database_url=db_url, session_ttl_days=1))
    with TestClient(app) as client:
        client.get("/")
        sid = session_id_of(client)
    _set_last_seen(app, sid, timedelta(days=2))
    app = create_app(Settings(database_url=db_url, session_ttl_days=1))
    with TestClient(app):
        pass  # the lifespan runs the purge
    assert _rows(app) == []


def test_static_files_and_healthz_make_no_session(client: TestClient, app: FastAPI) -> None:
    for path in ["/static/app.css", "/healthz"]:
        response = client.get(path)
        assert response.status_code == 200
        assert "set-cookie" not in response.headers
    assert _rows(app) == []


def test_session_survives_a_killed_server(start_server: Callable[..., LiveServer]) -> None:
    server = start_server()
    with httpx.Client(base_url=server.url) as browser:
        browser.get("/")
        sid = browser.cookies[COOKIE_NAME]
        server.kill()  # SIGKILL: no clean shutdown
        server.start()
        again = browser.get("/")
    assert again.status_code == 200
    assert "set-cookie" not in again.headers
    assert browser.cookies[COOKIE_NAME] == sid
