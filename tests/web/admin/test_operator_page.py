"""The operator's page (/admin, app/admin, app/core/switches.py): only with ADMIN_TOKEN,
signed in with it; its switches take effect on every instance, the announcement on
every page; purge and export; every action logged."""

from __future__ import annotations

import logging
from datetime import timedelta

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlmodel import Session

from app.core import switches
from app.core.config import Settings
from app.core.models import BrowserSession, utcnow
from app.main import create_app
from tests.support.browsers import session_id_of
from tests.support.hardening import diff, snapshot
from tests.web.admin.conftest import TOKEN
from tests.web.friend.test_friend import browser


def _signed_in(client: TestClient) -> TestClient:
    response = client.post("/admin/sign-in", data={"token": TOKEN}, follow_redirects=False)
    assert response.status_code == 303
    return client


def test_without_a_token_there_is_no_operator_page(db_url: str) -> None:
    with TestClient(create_app(Settings(database_url=db_url))) as plain:
        assert plain.get("/admin").status_code == 404
        for path in ("/admin/sign-in", "/admin/switch", "/admin/purge"):
            assert plain.post(path, data={"token": ""}).status_code == 404
    with pytest.raises(ValueError):
        Settings(database_url=db_url, admin_token="short")


def test_signing_in_takes_the_token_and_nothing_else(app: FastAPI, client: TestClient) -> None:
    assert "Operator token" in client.get("/admin").text
    before = snapshot(app.state.engine)
    for path, form in (("/admin/switch", {"name": "invites", "value": "off"}),
                       ("/admin/announcement", {"text": "hello"}),
                       ("/admin/purge", {"days": "1", "confirm": "yes"})):
        assert client.post(path, data=form).status_code == 403
    client.cookies.set("gin_admin", "forged", path="/admin")
    assert client.post("/admin/switch", data={"name": "invites", "value": "off"}).status_code \
        == 403
    assert diff(before, snapshot(app.state.engine)) == {}
    for _ in range(5):
        assert client.post("/admin/sign-in", data={"token": "guess"}).status_code == 403
    # Beyond five wrong tokens from one address, a wrong one waits; the right one is
    # checked first and always gets in (constant time: hmac.compare_digest).
    held = client.post("/admin/sign-in", data={"token": "guess"})
    assert held.status_code == 429 and int(held.headers["retry-after"]) > 0
    _signed_in(client)
    assert 'id="count-sessions"' in client.get("/admin").text
    assert client.post("/admin/sign-in", data={"token": TOKEN[:-1]}).status_code == 429


def test_switches_take_effect_on_every_instance(app: FastAPI, client: TestClient,
                                                settings: Settings,
                                                caplog: pytest.LogCaptureFixture) -> None:
    other_instance = create_app(settings)  # another server process on the same database
    player = browser(other_instance)
    caplog.set_level(logging.INFO, logger="app.admin")
    _signed_in(client)
    for name in switches.SWITCHES:
        response = client.post("/admin/switch", data={"name": name, "value": "off"},
                               follow_redirects=False)
        assert response.status_code == 303
    assert "admin: switch invites off" in caplog.text
    switches.forget_cache()  # what CACHE_SECONDS do for the other process
    refused = player.post("/play/friend", data={"name": "Ann", "version": "0"})
    assert refused.status_code == 503 and "invites are paused" in refused.text
    newcomer = TestClient(other_instance)
    page = newcomer.get("/", headers={"Accept": "text/html"})
    assert page.status_code == 503 and "not taking new players" in page.text
    assert newcomer.get("/guide").status_code == 200  # needs no session
    assert player.get("/play").status_code == 200  # a known browser plays on
    assert switches.is_on(other_instance.state.engine, "analysis") is False
    assert client.post("/admin/switch", data={"name": "nope", "value": "off"}).status_code == 400
    client.post("/admin/switch", data={"name": "sessions", "value": "on"})
    switches.forget_cache()
    assert TestClient(other_instance).get("/").status_code == 200


def test_the_announcement_shows_on_every_page(app: FastAPI, client: TestClient) -> None:
    _signed_in(client)
    assert client.post("/admin/announcement", data={"text": "Maintenance  at 18:00 UTC"},
                       follow_redirects=False).status_code == 303
    for path in ("/", "/play", "/score", "/guide", "/settings"):
        assert '<p class="announcement" role="note">Maintenance at 18:00 UTC</p>' in \
            browser(app).get(path).text, path
    for text in ("x" * 281, "two\x00parts"):
        assert client.post("/admin/announcement", data={"text": text}).status_code == 400
    client.post("/admin/announcement", data={"text": ""})
    assert 'class="announcement"' not in browser(app).get("/").text


def test_purge(app: FastAPI, client: TestClient) -> None:
    old, recent = browser(app), browser(app)
    old_id, recent_id = session_id_of(old), session_id_of(recent)
    with Session(app.state.engine) as db:
        row = db.get(BrowserSession, old_id)
        assert row is not None
        row.last_seen = utcnow() - timedelta(days=40)
        db.add(row)
        db.commit()
    _signed_in(client)
    assert client.post("/admin/purge", data={"days": "0", "confirm": "yes"}).status_code == 400
    assert client.post("/admin/purge", data={"days": "30"}).status_code == 400  # no tick
    done = client.post("/admin/purge", data={"days": "30", "confirm": "yes"})
    assert done.status_code == 200 and "Deleted 1 history" in done.text
    with Session(app.state.engine) as db:
        assert db.get(BrowserSession, old_id) is None
        assert db.get(BrowserSession, recent_id) is not None


def test_a_cross_site_form_cannot_use_the_operators_cookie(app: FastAPI,
                                                          client: TestClient) -> None:
    _signed_in(client)
    before = snapshot(app.state.engine)
    for path, form in (("/admin/switch", {"name": "invites", "value": "off"}),
                       ("/admin/purge", {"days": "1", "confirm": "yes"})):
        response = client.post(path, data=form, headers={"origin": "https://evil.example"})
        assert response.status_code == 403
    assert diff(before, snapshot(app.state.engine)) == {}
