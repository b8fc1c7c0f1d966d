"""A database that cannot store anything (read-only, a full disk) answers 503 with
``Retry-After`` and a page saying so — the whole page for a browser, a short fragment
for htmx, JSON otherwise — never 500; nothing is stored or lost; ``/readyz`` says
unhealthy; and the app takes writes again by itself once the database does (no restart).

The faults are SQLite's own: ``PRAGMA query_only`` makes every write fail with
SQLITE_READONLY (what a read-only file gives), ``PRAGMA max_page_count`` makes a growing
write fail with SQLITE_FULL. They are set on every new connection, and the connections
already open are closed, as a read-only remount or a full disk would catch them; lifting
the fault leaves the app's connections as they are (it must recover on its own). The
real read-only file and directory are tests/ops/test_storage_faults.py.
"""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import Engine, event
from sqlalchemy.exc import OperationalError

from app import __version__
from app.core.db import STORAGE_RETRY_SECONDS, storage_fault
from tests.support.browsers import session_id_of
from tests.support.hardening import Replayer, diff, random_form, snapshot, stored_play

HTMX = {"HX-Request": "true"}
HTML = {"accept": "text/html"}
SHEET = {"players": "2", "name0": "Ann", "name1": "Bob", "target": "100", "gin_bonus": "25",
         "undercut_bonus": "25", "big_gin_bonus": "31", "box_bonus": "20",
         "game_bonus": "100", "first_dealer": "0"}


class Fault:
    """Makes the app's database refuse writes until :meth:`lift`."""

    def __init__(self, engine: Engine, pragma: str) -> None:
        self.engine, self.pragma = engine, pragma
        self.on = False

    def _connect(self, dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.execute(self.pragma)

    def set(self) -> None:
        event.listen(self.engine, "connect", self._connect)
        self.engine.dispose()  # the open connections see it too
        self.on = True

    def lift(self) -> None:
        """The disk is writable again; the app's connections are left as they are."""
        if self.on:
            event.remove(self.engine, "connect", self._connect)
            self.on = False


@pytest.fixture
def read_only(app: FastAPI) -> Iterator[Fault]:
    fault = Fault(app.state.engine, "PRAGMA query_only = 1")
    yield fault
    fault.lift()


def _tap_form(app: FastAPI, client: TestClient) -> dict[str, str]:
    """A legal tap of the browser's current position."""
    row = stored_play(app.state.engine, session_id_of(client))
    assert row is not None
    match = Replayer.from_row(row).advance(row.log)
    return random_form(match, row.version, random.Random(1))


def test_a_read_only_database_answers_503_saying_so_and_recovers_without_restart(
    app: FastAPI, client: TestClient, read_only: Fault
) -> None:
    client.get("/play")
    assert client.post("/play/new", data={"level": "easy"}).status_code == 200
    assert client.get("/readyz").json() == {"status": "ok", "version": __version__}
    engine = app.state.engine
    before = snapshot(engine)
    form = _tap_form(app, client)

    read_only.set()
    # A tap from the play table's script (htmx): a short fragment, not a page.
    tap = client.post("/play", data=form, headers=HTMX)
    assert tap.status_code == 503, tap.text[:300]
    assert tap.headers["retry-after"] == str(STORAGE_RETRY_SECONDS)
    assert "read-only" in tap.text and "Nothing was changed" in tap.text
    assert "<html" not in tap.text
    # A page navigation that must write: the whole page.
    new_match = {"level": "hard", "version": form["version"]}
    page = client.post("/play/new", data=new_match, headers=HTML)
    assert page.status_code == 503
    assert "<html" in page.text and "Cannot save right now" in page.text
    assert page.headers["retry-after"].isdigit()
    # An API-style client: JSON.
    api = client.post("/score", data=SHEET)
    assert api.status_code == 503 and "read-only" in api.json()["detail"]
    # A new browser cannot get a session row: 503 too, not 500.
    with TestClient(app) as stranger:
        assert stranger.get("/", headers=HTML).status_code == 503
    # Reading still works for a known browser.
    assert client.get("/play").status_code == 200
    health = client.get("/readyz")
    assert health.status_code == 503
    assert health.json() == {"status": "unavailable", "reason": "read-only",
                             "version": __version__}
    assert diff(before, snapshot(engine)) == {}  # nothing stored, nothing lost

    read_only.lift()  # no restart, no dispose: the app must notice by itself
    assert client.get("/readyz").json() == {"status": "ok", "version": __version__}
    assert client.post("/play", data=form, headers=HTMX).status_code == 200
    new_match["version"] = str(int(form["version"]) + 1)
    again = client.post("/play/new", data=new_match)
    assert again.status_code == 200, again.text[:300]
    assert stored_play(engine, session_id_of(client)).level == "hard"  # type: ignore[union-attr]


def test_a_full_disk_answers_503_saying_so(app: FastAPI, client: TestClient) -> None:
    @app.get("/test-fails/full")
    def full() -> None:
        db = sqlite3.connect(":memory:")
        db.execute("PRAGMA max_page_count = 2")
        db.execute("CREATE TABLE t (x BLOB)")
        try:
            db.execute("INSERT INTO t VALUES (zeroblob(100000))")
        except sqlite3.OperationalError as error:  # SQLite's own SQLITE_FULL
            raise OperationalError("INSERT", {}, error) from error
        raise AssertionError("the insert should not fit")

    for headers, kind in ((HTML, "<html"), (HTMX, "role=\"alert\""), ({}, "{")):
        answer = client.get("/test-fails/full", headers=headers)
        assert answer.status_code == 503
        assert answer.headers["retry-after"] == str(STORAGE_RETRY_SECONDS)
        assert "disk is full" in answer.text and kind in answer.text


@pytest.mark.parametrize(("make", "reason"), [
    (lambda: sqlite3.connect(":memory:").execute("PRAGMA query_only = 1")
     .execute("CREATE TABLE t (x)"), "read-only"),
    (lambda: sqlite3.connect("/nonexistent/dir/gin.db"), "unreachable"),
    (lambda: sqlite3.connect(":memory:").execute("SELECT * FROM nowhere"), None),
])
def test_storage_faults_are_told_from_other_database_errors(
    make: Callable[[], object], reason: str | None
) -> None:
    with pytest.raises(sqlite3.Error) as caught:
        make()
    assert storage_fault(caught.value) == reason
    assert storage_fault(OperationalError("x", {}, caught.value)) == reason


def test_a_postgresql_server_out_of_reach_or_out_of_space_is_a_storage_fault() -> None:
    psycopg = pytest.importorskip("psycopg")
    assert storage_fault(psycopg.OperationalError("connection failed")) == "unreachable"
    assert storage_fault(psycopg.errors.DiskFull("no space left")) == "full"
    assert storage_fault(psycopg.errors.ReadOnlySqlTransaction("read-only")) == "read-only"
    assert storage_fault(psycopg.errors.UniqueViolation("duplicate")) is None
