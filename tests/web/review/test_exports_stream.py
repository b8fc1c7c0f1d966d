"""The statistics exports and *Download my data* stream (app/web/streams.py): the
same bytes as the documents built whole before, sent in several chunks, read in
batches so that the memory held does not follow the history.
"""

from __future__ import annotations

import csv
import io
import json
import tracemalloc
from collections.abc import Callable, Iterable
from typing import Any

import anyio
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlmodel import Session
from starlette.responses import JSONResponse

from app.devices import data
from app.review import stats
from app.web import streams
from app.web.sessions import COOKIE_NAME
from tests.support.browsers import session_id_of
from tests.support.hardening import http_scope
from tests.support.histories import store_history

FRIEND = "friend-of-the-export-test-00000000000000"


@pytest.fixture
def history(app: FastAPI, client: TestClient) -> str:
    """A browser with matches against the computer and friend matches it joined."""
    client.get("/")
    sid = session_id_of(client)
    store_history(app.state.engine, sid, 12, seed=11, target=100)
    store_history(app.state.engine, sid, 2, seed=12, target=100, friend=FRIEND)
    return sid


def test_the_exports_are_the_documents_built_whole_before(
        app: FastAPI, client: TestClient, history: str) -> None:
    with Session(app.state.engine) as db:
        _, games, hands = stats.recomputed(db, history)
        rows = stats.export_rows(games, hands)
    assert client.get("/stats.json").content == JSONResponse(rows).body
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows["hands"][0]))
    writer.writeheader()
    writer.writerows(rows["hands"])
    assert client.get("/stats.csv").content == out.getvalue().encode()
    with Session(app.state.engine) as db:
        whole = json.dumps({"tables": data.browser_data(db, history)}, indent=1,
                           ensure_ascii=False, default=str)
    mine = client.get("/privacy/data.json")
    assert mine.content == whole.encode()
    assert mine.headers["content-disposition"].startswith("attachment")


def test_an_empty_history_exports_empty_documents(client: TestClient) -> None:
    assert client.get("/stats.json").content == b'{"matches":[],"hands":[]}'
    assert client.get("/stats.csv").text == "match\r\n"


@pytest.mark.parametrize("path", ["/stats.json", "/stats.csv", "/privacy/data.json"])
def test_an_export_arrives_in_several_chunks(app: FastAPI, client: TestClient,
                                              history: str, path: str,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(streams, "CHUNK", 4096)
    scope = http_scope("GET", path, [("cookie", f"{COOKIE_NAME}={client.cookies[COOKIE_NAME]}")])
    sent = client.portal.call(_sent, app, scope)
    bodies = [m for m in sent if m["type"] == "http.response.body" and m.get("body")]
    assert sent[0]["status"] == 200 and len(bodies) > 2
    assert all(len(m["body"]) >= 4096 for m in bodies[:-1])
    assert b"".join(m["body"] for m in bodies) == client.get(path).content


async def _sent(app: FastAPI, scope: dict[str, Any]) -> list[dict[str, Any]]:
    """What the app sends for one request, to a client that stays until the end."""
    sent: list[dict[str, Any]] = []
    done = anyio.Event()
    asked = False

    async def receive() -> dict[str, Any]:
        nonlocal asked
        if not asked:
            asked = True
            return {"type": "http.request", "body": b"", "more_body": False}
        await done.wait()
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)
        if message["type"] == "http.response.body" and not message.get("more_body"):
            done.set()

    await app(scope, receive, send)
    return sent


def _peak(pieces: Callable[[], Iterable[str]]) -> tuple[int, int]:
    """(bytes written, the most memory held between two chunks), written once unmeasured
    so that what is made once (compiled statements, caches) is not counted, then
    measured three times, the least kept (another thread of the test process, a
    background task of the app, may allocate during one of them)."""
    sum(len(chunk) for chunk in streams.chunks(pieces(), 4096))
    runs = []
    for _ in range(3):
        tracemalloc.start()
        try:
            size = held = 0
            for chunk in streams.chunks(pieces(), 4096):
                size += len(chunk)
                held = max(held, tracemalloc.get_traced_memory()[0])
            runs.append((size, held))
        finally:
            tracemalloc.stop()
    return min(runs, key=lambda run: run[1])


def _pieces(db: Session, sid: str, export: str) -> Iterable[str]:
    if export == "data":
        return streams.json_groups(
            data.browser_tables(db, sid), lambda v: json.dumps(v, indent=1, default=str),
            indent=1, wrap="tables", skip_empty=True)
    return streams.json_groups([("matches", stats.exported_matches(db, sid)),
                                ("hands", stats.exported_hands(db, sid))],
                               streams.compact_json)


@pytest.mark.parametrize("export", ["data", "stats"])
def test_an_export_holds_a_batch_however_long_the_history(
        app: FastAPI, monkeypatch: pytest.MonkeyPatch, export: str) -> None:
    """Four times the history, about four times the bytes sent, what is held growing by a
    fraction of them (no server running: nothing else allocates meanwhile)."""
    monkeypatch.setattr(data, "BATCH", 5)
    monkeypatch.setattr(stats, "BATCH", 2)
    sid = "a-browser-with-a-long-history-000000000000"
    measured = []
    for more, seed in ((10, 11), (30, 13)):
        store_history(app.state.engine, sid, more, seed=seed, target=100)
        with Session(app.state.engine) as db:
            stats.refresh(db, sid)
            db.commit()
            measured.append(_peak(lambda db=db: _pieces(db, sid, export)))
    (small, held), (large, held_large) = measured
    assert large > 2.5 * small
    # Built whole, the answer would be held whole: what is held would grow at least as
    # much as the bytes sent. Streamed, it grows by a fraction of them (the keys of the
    # rows found, a few bytes a row, are kept to find the next table's).
    assert held_large - held < (large - small) / 3, measured
