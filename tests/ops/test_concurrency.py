"""Concurrent taps against a real server process: the same action submitted several
times at once (a double tap on a slow phone, two tabs) is applied exactly once; the
other submissions get 409 with the current position and a short notice.

Several httpx clients share one browser's cookie and are released together by a barrier;
the server is ``python -m app`` (Uvicorn) on its own SQLite file, read directly by the
test to check the stored log and version.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

import httpx
import pytest
from sqlalchemy import Engine
from sqlmodel import Session, select

from app.core.db import create_db_engine
from app.core.models import ScoreSheetRow
from app.engine.match import legal_match_actions
from app.web.sessions import COOKIE_NAME, read_session_id
from tests.support.hardening import Replayer, StoredPlay, action_form, stored_play

if TYPE_CHECKING:
    from tests.support.servers import LiveServer

TAPS = 6  # simultaneous submissions of each action
ROUNDS = 6
STALE_NOTICE = "older screen"


@pytest.fixture
def server(start_server: Callable[..., LiveServer]) -> LiveServer:
    return start_server()


@pytest.fixture
def db(server: LiveServer) -> Iterator[Engine]:
    engine = create_db_engine(server.db_url)
    yield engine
    engine.dispose()


def _browser(server: LiveServer) -> str:
    with httpx.Client(base_url=server.url) as client:
        client.get("/")
        return client.cookies[COOKIE_NAME]


def _burst(server: LiveServer, cookie: str, method: str, path: str,
           forms: list[dict[str, str]]) -> list[httpx.Response]:
    """Send ``forms`` at once, each from its own connection with the same cookie."""
    barrier = threading.Barrier(len(forms))

    def send(i: int) -> httpx.Response:
        headers = {"HX-Request": "true"} if i % 2 else {}
        with httpx.Client(base_url=server.url, cookies={COOKIE_NAME: cookie},
                          timeout=30) as client:
            client.get("/healthz")  # connect before the barrier
            barrier.wait()
            return client.request(method, path, data=forms[i], headers=headers,
                                  follow_redirects=False)

    with ThreadPoolExecutor(len(forms)) as pool:
        return list(pool.map(send, range(len(forms))))


def _match(db: Engine, cookie: str) -> StoredPlay:
    row = stored_play(db, read_session_id(db, cookie) or "")
    assert row is not None
    return row


def _check_once(responses: list[httpx.Response], new_version: int) -> None:
    applied = [r for r in responses if r.status_code in (200, 303)]
    stale = [r for r in responses if r.status_code == 409]
    assert len(applied) == 1, [r.status_code for r in responses]
    assert len(stale) == len(responses) - 1, [r.status_code for r in responses]
    for response in stale:
        # The current position (its version) with a short notice.
        assert STALE_NOTICE in response.text
        assert f'name="version" value="{new_version}"' in response.text


def test_simultaneous_identical_taps_apply_once(server: LiveServer, db: Engine) -> None:
    cookie = _browser(server)
    with httpx.Client(base_url=server.url, cookies={COOKIE_NAME: cookie}) as client:
        assert client.post("/play/new", data={"level": "standard"}).status_code == 303
    for _ in range(ROUNDS):
        row = _match(db, cookie)
        match = Replayer.from_row(row).advance(row.log)
        actions = legal_match_actions(match, 0)
        if not actions:
            break
        # Prefer a move that really changes the game (a draw or a discard).
        action = next((a for a in actions if str(a).startswith(("draw", "discard"))),
                      actions[0])
        form = action_form(str(action), row.version)
        responses = _burst(server, cookie, "POST", "/play", [form] * TAPS)
        after = _match(db, cookie)
        assert after.version == row.version + 1
        _check_once(responses, after.version)
        added = after.log[len(row.log):]
        assert after.log[:len(row.log)] == row.log
        assert added[0] == [0, str(action)]
        assert all(player == 1 for player, _ in added[1:]), added  # then the computer
        Replayer.from_row(after).advance(after.log)  # the stored log still replays


def test_simultaneous_new_match_deals_once(server: LiveServer, db: Engine) -> None:
    cookie = _browser(server)
    # The very first Start match, tapped several times (the form carries version 0).
    first = _burst(server, cookie, "POST", "/play/new", [{"level": "easy", "version": "0"}] * TAPS)
    assert sorted(r.status_code for r in first) == [303] + [409] * (TAPS - 1)
    row = _match(db, cookie)
    assert row.version == 1
    form = {"level": "standard", "version": str(row.version)}
    responses = _burst(server, cookie, "POST", "/play/new", [form] * TAPS)
    after = _match(db, cookie)
    assert after.version == row.version + 1 and after.match_id != row.match_id
    assert sorted(r.status_code for r in responses) == [303] + [409] * (TAPS - 1)


def test_simultaneous_score_entries_record_one_hand(server: LiveServer, db: Engine) -> None:
    cookie = _browser(server)
    setup = {"players": "2", "name0": "Ann", "name1": "Bob", "target": "100",
             "gin_bonus": "25", "undercut_bonus": "25", "big_gin_bonus": "31",
             "box_bonus": "20", "game_bonus": "100", "first_dealer": "0"}
    with httpx.Client(base_url=server.url, cookies={COOKIE_NAME: cookie}) as client:
        assert client.post("/score", data=setup).status_code == 303
    owner = read_session_id(db, cookie)
    with Session(db) as s:
        sheet = s.exec(select(ScoreSheetRow).where(ScoreSheetRow.session_id == owner)).one()
    for round_ in range(3):
        with Session(db) as s:
            sheet = s.get(ScoreSheetRow, sheet.id)  # type: ignore[assignment]
        assert sheet is not None
        hand: dict[str, Any] = {"kind": "knock", "knocker": str(round_ % 2),
                                "knocker_deadwood": "4", "defender_deadwood": "20",
                                "version": str(sheet.version)}
        responses = _burst(server, cookie, "POST", f"/score/{sheet.id}/hands", [hand] * TAPS)
        codes = sorted(r.status_code for r in responses)
        assert codes == [303] + [409] * (TAPS - 1), (codes, server.output())
        with Session(db) as s:
            after = s.get(ScoreSheetRow, sheet.id)
        assert after is not None and after.version == sheet.version + 1
        assert after.document.count('"kind"') == round_ + 1


def test_many_browsers_at_once_each_get_their_own_tap(server: LiveServer, db: Engine) -> None:
    """Taps of different browsers at the same instant all go through (no lost update, no
    'database is locked')."""
    cookies = [_browser(server) for _ in range(8)]
    for cookie in cookies:
        with httpx.Client(base_url=server.url, cookies={COOKIE_NAME: cookie}) as client:
            assert client.post("/play/new", data={"level": "easy"}).status_code == 303
    rows = {cookie: _match(db, cookie) for cookie in cookies}
    barrier = threading.Barrier(len(cookies))

    def tap(cookie: str) -> int:
        row = rows[cookie]
        match = Replayer.from_row(row).advance(row.log)
        form = action_form(str(legal_match_actions(match, 0)[0]), row.version)
        with httpx.Client(base_url=server.url, cookies={COOKIE_NAME: cookie},
                          timeout=30) as client:
            client.get("/healthz")
            barrier.wait()
            return client.post("/play", data=form, follow_redirects=False).status_code

    with ThreadPoolExecutor(len(cookies)) as pool:
        codes = list(pool.map(tap, cookies))
    assert codes == [303] * len(cookies)
    for cookie in cookies:
        assert _match(db, cookie).version == rows[cookie].version + 1


def test_more_players_at_once_than_threads_are_all_answered(
        start_server: Callable[..., LiveServer]) -> None:
    """Far more requests in flight than request threads and pooled connections (THREADS=2:
    a pool of 2 + 8 spares, 60 players) are all answered: the requests wait for a turn at
    the database on the event loop (``app.web.unitofwork.admission``). Before, each request's
    session held its connection between its thread trips, and the server stopped
    answering once every thread waited for a connection held by a request waiting for a
    thread."""
    server = start_server(env={"THREADS": "2"})
    players = 60
    cookies = [_browser(server) for _ in range(players)]
    barrier = threading.Barrier(players)

    def visit(cookie: str) -> int:
        with httpx.Client(base_url=server.url, cookies={COOKIE_NAME: cookie},
                          timeout=60) as client:
            client.get("/healthz")
            barrier.wait()
            return client.get("/play/new", headers={"HX-Request": "true"}).status_code

    with ThreadPoolExecutor(players) as pool:
        codes = list(pool.map(visit, cookies))
    assert codes == [200] * players
