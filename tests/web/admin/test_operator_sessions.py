"""The operator's sign-in is a session kept on the server (app/admin/signin.py): a
random cookie whose SHA-256 alone is stored, with an end; Sign out deletes it, so a
copied cookie stops working; an expired one is refused and purged; a new ADMIN_TOKEN
signs everyone out."""

from __future__ import annotations

from datetime import timedelta

from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlmodel import Session, select

from app.admin import signin
from app.core.config import Settings
from app.core.models import OperatorSession, utcnow
from app.main import create_app
from tests.web.admin.conftest import TOKEN


def _sign_in(client: TestClient) -> str:
    response = client.post("/admin/sign-in", data={"token": TOKEN}, follow_redirects=False)
    assert response.status_code == 303
    return client.cookies[signin.COOKIE]


def _copy(app: FastAPI, cookie: str) -> TestClient:
    """Another browser holding a copy of ``cookie``."""
    thief = TestClient(app)
    thief.cookies.set(signin.COOKIE, cookie, path="/admin")
    return thief


def _rows(app: FastAPI) -> list[OperatorSession]:
    with Session(app.state.engine) as db:
        return list(db.exec(select(OperatorSession)))


def test_each_sign_in_is_a_random_session_stored_as_a_hash(app: FastAPI) -> None:
    first, second = TestClient(app), TestClient(app)
    cookies = {_sign_in(first), _sign_in(second)}
    assert len(cookies) == 2  # not a function of the token
    rows = _rows(app)
    assert len(rows) == 2
    for row in rows:
        assert row.token_hash not in cookies and TOKEN not in row.token_tag
        assert timedelta(hours=11) < row.expires_at - utcnow() <= timedelta(hours=12)
    assert 'id="count-sessions"' in first.get("/admin").text


def test_signing_out_stops_every_copy_of_the_cookie(app: FastAPI) -> None:
    operator, other = TestClient(app), TestClient(app)
    cookie = _sign_in(operator)
    _sign_in(other)
    thief = _copy(app, cookie)
    assert 'id="count-sessions"' in thief.get("/admin").text
    out = operator.post("/admin/sign-out", follow_redirects=False)
    assert out.status_code == 303
    assert "Operator token" in thief.get("/admin").text
    assert thief.post("/admin/switch", data={"name": "invites", "value": "off"}
                      ).status_code == 403
    assert len(_rows(app)) == 1  # the other operator's session lives on
    assert 'id="count-sessions"' in other.get("/admin").text


def test_an_expired_session_is_refused_and_purged(app: FastAPI) -> None:
    operator = TestClient(app)
    cookie = _sign_in(operator)
    with Session(app.state.engine) as db:
        row = db.exec(select(OperatorSession)).one()
        row.expires_at = utcnow() - timedelta(seconds=1)
        db.add(row)
        db.commit()
    assert "Operator token" in operator.get("/admin").text
    assert _rows(app) == []
    # Expired rows are purged when anyone signs in, too.
    _sign_in(TestClient(app))
    with Session(app.state.engine) as db:
        db.add(OperatorSession(token_hash="x" * 64, token_tag="y", expires_at=utcnow()))
        db.commit()
    _sign_in(TestClient(app))
    assert len(_rows(app)) == 2 and all(r.token_hash != "x" * 64 for r in _rows(app))
    assert _copy(app, cookie).post("/admin/switch", data={"name": "invites", "value": "off"}
                                   ).status_code == 403


def test_a_new_admin_token_signs_everyone_out(app: FastAPI, settings: Settings) -> None:
    cookie = _sign_in(TestClient(app))
    renewed = create_app(settings.model_copy(update={"admin_token": "another token, 16+"}))
    assert "Operator token" in _copy(renewed, cookie).get("/admin").text
    assert 'id="count-sessions"' in _copy(app, cookie).get("/admin").text


def test_forged_and_overlong_cookies_are_refused(app: FastAPI) -> None:
    for forged in ("forged", "x" * 5000, signin._hash("x")):
        assert "Operator token" in _copy(app, forged).get("/admin").text
