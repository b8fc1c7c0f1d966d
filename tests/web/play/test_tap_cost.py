"""What one tap costs the database, counted (not timed): the statements a draw or a
discard sends, and that the writer lock is free again before the screen is built.

A tap reads the seat with its match in one statement (the match's state itself comes
from the replay cache) and, unless the process knows the browser already
(``app.web.known``), the browser's session with its display settings in another. It
writes three plain UPDATEs (the match's version guard, the hand's log, the seat), in one
write transaction taken at the first UPDATE and committed before the screen is built.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import Engine, event, text
from starlette.datastructures import State

from app.core.config import Settings
from app.core.db import DatabaseBusyError
from app.engine.match import legal_match_actions
from app.main import create_app
from app.routes import play as play_route
from app.table import storage
from tests.support.browsers import session_id_of
from tests.support.hardening import Replayer, action_form, stored_play

MOST_STATEMENTS = 6
"""A tap's statements at most: BEGIN, two SELECTs, three UPDATEs (the switch to the write
transaction and the commit are the driver's own, not counted here)."""


# Names of the app's background threads (app.review.analysis, app.daily.days,
# app.core.workers).
BACKGROUND = ("analysis", "daily-par", "background-job", "pool-scheduler")


@contextmanager
def counted(engine: Engine) -> Iterator[list[str]]:
    """The SQL statements ``engine`` sends for requests while the block runs (each once,
    by its first word and table). The app's own background threads (:data:`BACKGROUND`:
    the analysis of finished hands, the daily par, the pool's jobs), which may write at
    the same moment on a busy machine, are not the request's and are left out."""
    seen: list[str] = []

    def note(_conn: object, _cursor: object, statement: str, *_args: object) -> None:
        if not threading.current_thread().name.startswith(BACKGROUND):
            seen.append(" ".join(statement.split()))

    event.listen(engine, "before_cursor_execute", note)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", note)


def _start(app: FastAPI, client: TestClient) -> None:
    client.get("/play")
    assert client.post("/play/new", data={"level": "easy", "version": "0"}).status_code == 200


def _legal_form(app: FastAPI, client: TestClient) -> dict[str, str]:
    """The person's first legal draw or discard now."""
    row = stored_play(app.state.engine, session_id_of(client))
    assert row is not None
    actions = [str(action) for action in legal_match_actions(
        Replayer.from_row(row).advance(row.log), 0)]
    chosen = [action for action in actions if action.startswith(("draw", "discard", "take"))]
    return action_form((chosen or actions)[0], row.version)


@pytest.mark.parametrize("browser_cache", [True, False], ids=["known browser", "no cache"])
def test_a_tap_sends_at_most_two_reads_and_three_plain_updates(
        settings: Settings, browser_cache: bool) -> None:
    app = create_app(settings.model_copy(update={"browser_cache": browser_cache}))
    with TestClient(app, base_url="http://testserver") as client:
        _start(app, client)
        client.post("/play", data=_legal_form(app, client), headers={"HX-Request": "true"})
        checked = 0
        for _ in range(12):  # draws and discards, the replay cache warm
            if checked == 4:
                break
            form = _legal_form(app, client)
            if form.get("action") == "next_hand":  # the computer ended the hand: deal on
                client.post("/play", data=form, headers={"HX-Request": "true"})
                form = _legal_form(app, client)
            with counted(app.state.engine) as statements:
                answer = client.post("/play", data=form, headers={"HX-Request": "true"})
            assert answer.status_code == 200, form
            # The computer's reply may end the hand (the deal's chance): that tap stores the
            # hand's result too, and is not the everyday tap counted here.
            if any(s.startswith("UPDATE play_hand SET log=?, finished=?") for s in statements):
                continue
            checked += 1
            assert len(statements) <= MOST_STATEMENTS, statements
            reads = [s for s in statements if s.startswith("SELECT")]
            writes = [s for s in statements if not s.startswith(("SELECT", "BEGIN"))]
            assert all(s.startswith("UPDATE") for s in writes) and len(writes) <= 3, writes
            browser_reads = [s for s in reads if "browser_session" in s]
            if browser_cache:  # the process knows this browser (app.web.known)
                assert len(reads) == 1 and not browser_reads, reads
            else:  # its session row and display settings in one statement
                assert len(reads) == 2 and len(browser_reads) == 1, reads
                assert "display_prefs" in browser_reads[0], reads
        assert checked == 4


def test_a_stale_double_tap_is_still_refused(app: FastAPI, client: TestClient) -> None:
    _start(app, client)
    form = _legal_form(app, client)
    assert client.post("/play", data=form, headers={"HX-Request": "true"}).status_code == 200
    assert client.post("/play", data=form, headers={"HX-Request": "true"}).status_code == 409


def test_the_screen_is_built_after_the_tap_is_committed(
        app: FastAPI, client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    # Another writer of this process must not wait while the tap's screen is built: the
    # writer lock is free by then, and what the tap wrote is already stored.
    _start(app, client)
    engine: Engine = app.state.engine
    real = play_route.screen
    probes: list[str] = []

    def probing(loaded: storage.Loaded, *args: object, **kwargs: object) -> object:
        with engine.connect() as conn:
            writer = conn.execution_options(sqlite_begin="IMMEDIATE", gin_writer_wait=0)
            try:
                with writer.begin() as probe:
                    version = writer.execute(text("SELECT version FROM play_match WHERE id = :i"),
                                             {"i": loaded.game.id}).scalar_one()
                    probe.rollback()
                probes.append(f"free at {version}")
            except DatabaseBusyError:
                probes.append("held")
        return real(loaded, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(play_route, "screen", probing)
    form = _legal_form(app, client)
    assert client.post("/play", data=form, headers={"HX-Request": "true"}).status_code == 200
    assert probes == [f"free at {int(form['version']) + 1}"]


def test_a_tap_reads_its_request_state_without_starlettes_getattr(
        app: FastAPI, client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    # Starlette's State finds each name through __getattr__ after a failed ordinary
    # look-up (an AttributeError made, and one more, formatted, for a name it lacks): the
    # request's own state is read from its dict instead (app.web.unitofwork.state_value).
    _start(app, client)
    form = _legal_form(app, client)
    real = State.__getattr__
    asked: list[str] = []

    def counting(self: State, key: str) -> object:
        if self is not app.state:
            asked.append(key)
        return real(self, key)

    monkeypatch.setattr(State, "__getattr__", counting)
    assert client.post("/play", data=form, headers={"HX-Request": "true"}).status_code == 200
    assert asked == []
