"""One hint at a time per browser (app.play.hints.ONE_AT_A_TIME): a second hint asked
while the first is being worked out is refused at once with 429 and Retry-After (not
queued: it would show the same advice), and counts nothing; another browser's hint is
not held up, and the browser may ask again once the first is answered. The refusal
comes before the session or the match is read (``FairUse.refuse_while_busy``)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import event
from sqlmodel import Session

from app.core import workers
from app.core.config import Settings
from app.core.models import PlayMatch
from app.engine.bots import expert
from app.table.storage import open_seat
from tests.support.browsers import session_id_of
from tests.support.waiting import wait_until

HX = {"HX-Request": "true"}


@pytest.fixture
def settings(db_url: str) -> Settings:
    """Hints computed in the request thread, so the test can hold one."""
    return Settings(database_url=db_url, compute_workers=0, analyse_hands=False)


@pytest.fixture
def small_expert() -> Iterator[None]:
    saved = expert.DEFAULT_BUDGET
    expert.DEFAULT_BUDGET = expert.Budget(samples=2, discards=2, deadline=None)
    yield
    expert.DEFAULT_BUDGET = saved


def _version(app: FastAPI, client: TestClient) -> str:
    client.post("/play/new", data={"level": "standard", "version": "0"})
    with Session(app.state.engine) as db:
        seat = open_seat(db, session_id_of(client))
        assert seat is not None
        return str(seat.version)


def _hints_used(app: FastAPI, client: TestClient) -> int:
    with Session(app.state.engine) as db:
        seat = open_seat(db, session_id_of(client))
        assert seat is not None
        game = db.get(PlayMatch, seat.match_id)
        assert game is not None
        return game.hints_used


def test_a_second_parallel_hint_is_refused_while_the_first_runs(
        app: FastAPI, client: TestClient, monkeypatch: pytest.MonkeyPatch,
        small_expert: None) -> None:
    thinking, go_on = threading.Event(), threading.Event()
    real = workers.hint

    def held(view: Any, seed: str) -> Any:
        if not thinking.is_set():  # the first hint only is held
            thinking.set()
            assert go_on.wait(60)
        return real(view, seed)

    monkeypatch.setattr(workers, "hint", held)
    version = _version(app, client)
    first: list[Any] = []
    asking = threading.Thread(target=lambda: first.append(
        client.post("/play/hint", data={"version": version}, headers=HX)))
    asking.start()
    try:
        wait_until(thinking.is_set, what="the first hint to be worked out")
        statements: list[str] = []

        def count(*args: Any) -> None:
            statements.append(args[2])

        event.listen(app.state.engine, "before_cursor_execute", count)
        try:
            second = client.post("/play/hint", data={"version": version}, headers=HX)
        finally:
            event.remove(app.state.engine, "before_cursor_execute", count)
        assert second.status_code == 429
        # Refused before the session or the match was read: only the browser's language.
        tables = ("play_seat", "play_match", "browser_session")
        assert not [sql for sql in statements if any(table in sql for table in tables)]
        assert int(second.headers["retry-after"]) >= 1
        assert "still being worked out" in second.text and "<html" not in second.text
        with TestClient(app, base_url="http://testserver") as other:  # not held up
            other_version = _version(app, other)
            answer = other.post("/play/hint", data={"version": other_version}, headers=HX)
            assert answer.status_code == 200 and "Expert would:" in answer.text
    finally:
        go_on.set()
        asking.join(60)
    assert first[0].status_code == 200 and "Expert would:" in first[0].text
    assert _hints_used(app, client) == 1  # the refused one counted nothing
    again = client.post("/play/hint", data={"version": version}, headers=HX)
    assert again.status_code == 200
