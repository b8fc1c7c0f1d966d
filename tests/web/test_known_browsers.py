"""A browser the process knows is not read again (``app.web.known``), and is read again as
soon as anything the process writes could have changed its rows."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import event, inspect, text
from sqlmodel import Session

from app.core import statcache
from app.core.config import Settings
from app.core.models import BrowserSession, utcnow
from app.main import create_app
from app.web.display import DEFAULT
from app.web.known import Known
from app.web.sessions import COOKIE_NAME, TOUCH_INTERVAL, purge_expired_sessions, token_hash
from tests.support.browsers import session_id_of


@contextmanager
def reads_of_browsers(app: FastAPI) -> Iterator[list[str]]:
    """The statements that read ``browser_session`` while the block runs."""
    seen: list[str] = []

    def heard(_conn: object, _cursor: object, statement: str, *_args: object) -> None:
        if statement.lstrip().upper().startswith("SELECT") and "browser_session" in statement:
            seen.append(statement)

    event.listen(app.state.engine, "before_cursor_execute", heard)
    try:
        yield seen
    finally:
        event.remove(app.state.engine, "before_cursor_execute", heard)


def _theme(page: str) -> str:
    return page.split('data-theme="', 1)[1].split('"', 1)[0]


def _settings_form(**changes: str) -> dict[str, str]:
    return {**DEFAULT.model_dump(), **changes}


def test_a_known_browsers_tap_reads_neither_its_session_nor_its_settings(
        app: FastAPI, client: TestClient) -> None:
    client.get("/play")
    client.post("/play/new", data={"level": "easy"})
    with reads_of_browsers(app) as reads:
        assert client.get("/play").status_code == 200
        assert client.get("/guide").status_code == 200
    assert reads == []


def test_a_changed_setting_reaches_the_very_next_page(client: TestClient) -> None:
    assert _theme(client.get("/play").text) == "device"
    client.post("/settings", data=_settings_form(theme="dark"))
    assert _theme(client.get("/play").text) == "dark"
    client.post("/settings", data=_settings_form(theme="light"))
    assert _theme(client.get("/guide").text) == "light"


def _known_browser(client: TestClient) -> str:
    """A browser's first two pages (the second one makes it known); its session id."""
    client.get("/")
    client.get("/")
    return session_id_of(client)


def test_a_browser_deleted_behind_the_request_starts_afresh(
        app: FastAPI, client: TestClient) -> None:
    old = _known_browser(client)
    token = client.cookies[COOKIE_NAME]
    with Session(app.state.engine) as db:  # the process's own engine, outside any request
        db.exec(text("DELETE FROM browser_session WHERE id = :id").bindparams(id=old))
        db.commit()
    client.get("/play")
    assert client.cookies[COOKIE_NAME] != token and session_id_of(client) != old


def test_the_purge_is_heard(app: FastAPI, client: TestClient) -> None:
    old = _known_browser(client)
    with Session(app.state.engine) as db:
        db.exec(text("UPDATE browser_session SET last_seen = :at WHERE id = :id")
                .bindparams(at=utcnow() - timedelta(days=100), id=old))
        db.commit()
    assert purge_expired_sessions(app.state.engine, 90) == 1
    client.get("/")
    assert session_id_of(client) != old


def test_a_last_seen_changed_by_anyone_but_the_touch_is_heard(
        app: FastAPI, client: TestClient) -> None:
    sid = _known_browser(client)
    with Session(app.state.engine) as db:
        row = db.get(BrowserSession, sid)
        assert row is not None
        row.last_seen = utcnow() - TOUCH_INTERVAL - timedelta(minutes=5)
        db.add(row)
        db.commit()
    client.get("/")  # over an hour since it was seen: touched
    with Session(app.state.engine) as db:
        row = db.get(BrowserSession, sid)
        assert row is not None and utcnow() - row.last_seen < timedelta(minutes=1)
    with reads_of_browsers(app) as reads:
        client.get("/")
        client.get("/")
    assert len(reads) <= 1  # read once after the touch, then known again


@pytest.mark.parametrize("settings_change", [
    {"workers": 2}, {"browser_cache": False}], ids=["two workers", "turned off"])
def test_no_cache_where_the_process_may_not_be_the_only_writer(
        db_url: str, settings_change: dict[str, object]) -> None:
    app = create_app(Settings(database_url=db_url, analyse_hands=False, **settings_change))
    assert app.state.known_browsers is None
    with TestClient(app) as client:
        client.get("/play")
        with reads_of_browsers(app) as reads:
            client.get("/play")
        assert len(reads) == 1


def test_the_kept_row_is_in_no_session_so_a_rollback_elsewhere_cannot_expire_it(
        app: FastAPI, client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The row a request reads stays in its session, whose rollback (a stale tap) expires
    it; what the process keeps for the browser's other requests is a copy in no session,
    its values loaded (kept as read, a burst of taps got a 500: "this session is
    provisioning a new connection")."""
    client.get("/play")
    cache = app.state.known_browsers
    kept: list[tuple[object, bool]] = []
    keep = cache.keep

    def watched(session_id: str, generation: int, known: Known) -> None:
        state = inspect(known.row)
        kept.append((state.session, bool(state.expired_attributes)))
        keep(session_id, generation, known)

    monkeypatch.setattr(cache, "keep", watched)
    cache.forget_all()
    assert client.get("/play").status_code == 200  # read once more, and kept
    assert kept == [(None, False)]
    known = cache.get(token_hash(client.cookies[COOKIE_NAME]))
    assert known is not None and known.row.id == session_id_of(client)


def test_another_browsers_hand_end_keeps_this_browser_known(
        app: FastAPI, client: TestClient) -> None:
    """A hand's end marks its players' statistics out of date with ``INSERT INTO
    browser_stats … SELECT … FROM browser_session``: it writes no browser's rows, so the
    browsers the process knows stay known (each forgotten browser costs its next tap a
    read: with eight players, about one tap in three)."""
    ended = _known_browser(client)
    client.cookies.clear()
    _known_browser(client)  # another browser, known
    with Session(app.state.engine) as db:  # what storage does when the first one's hand ends
        statcache.bump(db, [ended])
        db.commit()
    with reads_of_browsers(app) as reads:
        assert client.get("/play").status_code == 200
    assert reads == []


def test_a_write_to_a_browsers_table_is_still_heard(
        app: FastAPI, client: TestClient) -> None:
    sid = _known_browser(client)
    with Session(app.state.engine) as db:
        db.exec(text("INSERT INTO browser_stats (session_id, generation, built, built_at) "
                     "SELECT id, 1, -1, last_seen FROM browser_session WHERE id = :id "
                     "ON CONFLICT (session_id) DO UPDATE SET generation = generation + 1")
                .bindparams(id=sid))
        db.exec(text("UPDATE display_prefs SET theme = 'dark' WHERE session_id = :id")
                .bindparams(id=sid))
        db.commit()
    with reads_of_browsers(app) as reads:
        client.get("/play")
    assert len(reads) == 1
