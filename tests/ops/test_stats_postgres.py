"""The kept statistics, the streamed exports and the paged history on PostgreSQL: the
statements that differ by dialect (the upserts of ``app.core.statcache`` and
``app.review.stats``, the history's window function) run, and the kept figures equal
the recomputed ones there too."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine
from sqlmodel import Session
from starlette.responses import JSONResponse

from app.core import statcache
from app.core.config import Settings
from app.core.db import run_migrations
from app.core.models import BrowserStats
from app.devices import data
from app.main import create_app
from app.review import history as hist
from app.review import stats
from app.web import streams
from tests.ops.test_postgres import (  # noqa: F401  (fixtures)
    engine,
    postgres_server,
    postgres_url,
)
from tests.support.browsers import session_id_of
from tests.support.histories import store_history

pytestmark = pytest.mark.postgres

FRIEND = "friend-of-the-postgres-test-000000000000"


def test_statistics_are_kept_and_exports_stream_on_postgresql(
        postgres_url: str, engine: Engine) -> None:  # noqa: F811  (fixtures)
    run_migrations(postgres_url)
    with TestClient(create_app(Settings(database_url=postgres_url, analyse_hands=False)),
                    base_url="http://testserver") as client:
        client.get("/")
        sid = session_id_of(client)
        store_history(engine, sid, 6, seed=1, target=25)
        store_history(engine, FRIEND, 2, seed=2, target=25, unfinished=False)
        store_history(engine, sid, 2, seed=3, target=25, friend=FRIEND, unfinished=False)
        with Session(engine) as db:
            statcache.bump(db, [sid, FRIEND, "no-such-browser"])
            statcache.bump(db, [sid])
            db.commit()
            row = db.get(BrowserStats, sid)
            assert row is not None and (row.generation, row.built) == (2, -1)
        assert client.get("/stats").status_code == 200
        with Session(engine) as db:
            kept = stats.stats(db, sid)
            old, games, hands = stats.recomputed(db, sid)
            row = db.get(BrowserStats, sid)
            assert row is not None and row.built == row.generation
            assert kept == old
            whole = json.dumps({"tables": data.browser_data(db, sid)}, indent=1,
                               ensure_ascii=False, default=str)
            assert [m.number for m in hist.history(db, sid).matches] == list(range(8, 0, -1))
        assert client.get("/stats.json").content == JSONResponse(
            stats.export_rows(games, hands)).body
        assert client.get("/privacy/data.json").content == whole.encode()
        with Session(engine) as db:
            assert b"".join(streams.chunks(streams.csv_rows(
                stats.exported_hands(db, sid), ["match"]))) == client.get("/stats.csv").content
