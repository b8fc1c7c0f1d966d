"""No request holds the database while it renders, and none holds SQLite's write lock for
longer than its own writes.

Before, ``GET /score`` (and the sheet and shared views) took the write lock for its
reads and kept it while it computed and rendered every sheet: one browser looping over
large sheets made everyone else's taps wait seconds and fail with 500 ("the database is
busy"). Now request transactions are ``LAZY`` (``app/core/db.py``): reads take no lock, the
first write takes it until the commit, and ``render`` releases the session first.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import text, update
from sqlalchemy.exc import OperationalError
from sqlmodel import Session, select

from app.core.db import create_db_engine, is_write
from app.core.models import BrowserSession, ScoreSheetRow
from app.web import render as web
from bench.big_sheets import percentile, run_looping_browser
from tests.support.hardening import api_routes, fill_path
from tests.support.servers import LiveServer

SETUP = {"players": "2", "name0": "Ann", "name1": "Bob", "target": "100", "gin_bonus": "25",
         "undercut_bonus": "25", "big_gin_bonus": "31", "box_bonus": "20",
         "game_bonus": "100", "first_dealer": "0"}


# --- the LAZY transaction mode ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("statement", "writes"),
    [("SELECT 1", False), ("  select * from x", False), ("PRAGMA user_version", False),
     ("INSERT INTO x VALUES (1)", True), ("UPDATE x SET a = 1", True),
     ("DELETE FROM x", True), ("WITH y AS (SELECT 1) DELETE FROM x", True),
     ("CREATE TABLE z (a)", True), ("REPLACE INTO x VALUES (1)", True)],
)
def test_statements_are_classed_as_reads_or_writes(statement: str, writes: bool) -> None:
    assert is_write(statement) is writes


def test_a_lazy_transaction_reads_without_the_lock_and_writes_after_a_stale_read(
    db_url: str,
) -> None:
    """A LAZY reader does not block a writer; its own later write succeeds even though
    another writer committed since it read (a plain deferred upgrade fails with
    SQLITE_BUSY_SNAPSHOT there)."""
    engine = create_db_engine(db_url)
    lazy = engine.execution_options(sqlite_begin="LAZY")
    with lazy.connect() as reader:
        reader.execute(text("SELECT count(*) FROM browser_session")).one()
        with engine.connect() as writer:  # IMMEDIATE: would wait 5 s if the reader held it
            started = time.monotonic()
            writer.execute(text("INSERT INTO browser_session (id, created_at, last_seen) "
                                "VALUES ('a', '2026-01-01', '2026-01-01')"))
            writer.commit()
            assert time.monotonic() - started < 1
        reader.execute(text("INSERT INTO browser_session (id, created_at, last_seen) "
                            "VALUES ('b', '2026-01-01', '2026-01-01')"))
        reader.commit()
    deferred = engine.execution_options(sqlite_begin="DEFERRED")
    with deferred.connect() as old_style:
        old_style.execute(text("SELECT count(*) FROM browser_session")).one()
        with engine.connect() as writer:
            writer.execute(text("DELETE FROM browser_session WHERE id = 'a'"))
            writer.commit()
        with pytest.raises(OperationalError):
            old_style.execute(text("DELETE FROM browser_session"))
    engine.dispose()


# --- rendering holds nothing -------------------------------------------------------------------


@pytest.fixture
def world(app: FastAPI) -> Iterator[tuple[TestClient, dict[str, Any]]]:
    """A browser with a match and a sheet of one hand, and the routes' path values."""
    with TestClient(app) as client:
        client.get("/play")
        assert client.post("/play/new", data={"level": "easy"}).status_code == 200
        assert client.post("/score", data=SETUP).status_code == 200
        with Session(app.state.engine) as db:
            row = db.exec(select(ScoreSheetRow)).one()
        hand = {"kind": "knock", "knocker": "0", "knocker_deadwood": "5",
                "defender_deadwood": "30", "version": str(row.version)}
        assert client.post(f"/score/{row.id}/hands", data=hand).status_code == 200
        yield client, {"sheet_id": row.id, "number": 1, "token": row.share_token,
                       "slug": "knocking"}


def rendered_pages(app: FastAPI, params: dict[str, Any]) -> list[tuple[str, str, dict[str, str]]]:
    """(method, path, form) of every GET route and of refusals rendered by POST routes."""
    pages = [("GET", fill_path(r.path, params) or "", {}) for r in api_routes(app, "GET")]
    sheet = params["sheet_id"]
    pages += [
        ("POST", "/score", {"players": "2"}),
        ("POST", "/score/import", {"json": "[" * 100}),
        ("POST", f"/score/{sheet}/hands", {"kind": "knock", "knocker": "9"}),
        ("POST", f"/score/{sheet}/preview", {"kind": "knock", "knocker": "0",
                                             "knocker_deadwood": "3",
                                             "defender_deadwood": "30"}),
        ("POST", f"/score/{sheet}/options", {"players": "2", "target": "0"}),
        ("POST", f"/score/{sheet}/delete", {}),
        ("POST", "/play", {"action": "nonsense", "version": "1"}),
        ("POST", "/play/new", {"level": "nonsense"}),
    ]
    return [(m, p, f) for m, p, f in pages if p and p not in ("/healthz", "/readyz")]


def test_no_page_is_rendered_while_holding_the_database(
    app: FastAPI, world: tuple[TestClient, dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each page's rendering is paused; meanwhile another connection must be able to
    write at once (the writer lock and SQLite's lock are free) — for every GET route and
    for refusals that render a page."""
    client, params = world
    rendering = threading.Event()
    resume = threading.Event()
    original = web.templates.TemplateResponse

    def paused(*args: Any, **kwargs: Any) -> Any:
        rendering.set()
        assert resume.wait(10)
        return original(*args, **kwargs)

    monkeypatch.setattr(web.templates, "TemplateResponse", paused)
    pages = rendered_pages(app, params)
    assert len(pages) >= 12
    engine = app.state.engine
    for method, path, form in pages:
        rendering.clear()
        resume.clear()
        outcome: list[int] = []
        thread = threading.Thread(target=lambda m=method, p=path, f=form, o=outcome: o.append(
            client.request(m, p, data=f or None, follow_redirects=False).status_code))
        thread.start()
        try:
            # Until the page renders or its request ends without rendering (waiting 10 s
            # on each redirect and file download was most of this test's time).
            deadline = time.monotonic() + 10
            while (not rendering.wait(0.01) and thread.is_alive()
                   and time.monotonic() < deadline):
                pass
            if not rendering.is_set():
                continue  # this page renders no template (a redirect, a file download)
            started = time.monotonic()
            with Session(engine) as db:  # IMMEDIATE: needs both locks
                db.exec(update(BrowserSession).values(last_seen=BrowserSession.last_seen))
                db.commit()
            waited = time.monotonic() - started
            assert waited < 2, f"{method} {path}: a write waited {waited:.1f}s for its render"
        finally:
            resume.set()
            thread.join(20)
        assert outcome and outcome[0] < 500, (method, path, outcome)


# --- one browser looping over the largest sheets ------------------------------------------------


def test_one_browser_looping_over_the_largest_sheets_never_fails_other_taps(
    start_server: Callable[..., LiveServer], capsys: pytest.CaptureFixture[str]
) -> None:
    # Fair use would answer the looping browser 429 once it has had its pages (a fast
    # machine gets there within the run) and the loop would stop costing anything: this
    # test is about the database under that load, so its limits are lifted here
    # (tests/web/test_fair_use.py checks the limits themselves).
    unlimited = {f"LIMIT_{kind}_PER_{who}": "1000000/minute"
                 for kind in ("PAGES", "POSTS", "EXPORTS") for who in ("BROWSER", "ADDRESS")}
    server = start_server(env=unlimited)
    result = run_looping_browser(server.url, server.db_url, seconds=8, sheets=6)
    statuses = result["statuses"]
    assert statuses["heavy"] and set(statuses["heavy"]) == {200}, statuses["heavy"]
    assert statuses["play"] and set(statuses["play"]) == {200}, statuses["play"]
    assert statuses["score"] and set(statuses["score"]) == {303}, statuses["score"]
    assert "Traceback" not in server.output()
    with capsys.disabled():
        for kind, values in result["latencies"].items():
            print(f"\n  {kind}: {len(values)} taps, p95 {percentile(values, 0.95):.0f} ms",
                  end="")

