"""``/healthz`` (liveness) answers 200 while the process lives, whatever its database;
``/readyz`` (readiness) answers 200 when the schema is at head and the database answers
a read and takes writes, else 503 and why. Pages are refused (503, saying why) while the
schema is not at head, and served again once ``alembic upgrade head`` ran, without a
restart."""

from __future__ import annotations

import shutil
from pathlib import Path

from fastapi.testclient import TestClient

from alembic import command
from app import __version__
from app.core import readiness
from app.core.config import Settings
from app.core.db import alembic_config, run_migrations
from app.main import create_app
from tests.support.servers import sqlite_url

HTML = {"accept": "text/html"}


def test_healthy(client: TestClient) -> None:
    for path in ("/healthz", "/readyz"):
        response = client.get(path)
        assert response.status_code == 200
        assert response.json() == {"status": "ok", "version": __version__}
        assert "set-cookie" not in response.headers


def test_database_down_is_alive_but_not_ready_and_the_app_still_starts() -> None:
    # Nothing listens on port 1: every connection is refused at once.
    down = Settings(database_url="postgresql+psycopg://gin:gin@127.0.0.1:1/gin")
    with TestClient(create_app(down)) as client:
        alive = client.get("/healthz")
        ready = client.get("/readyz")
    assert alive.status_code == 200 and alive.json()["status"] == "ok"
    assert ready.status_code == 503
    assert ready.json() == {"status": "unavailable", "reason": "unreachable",
                            "version": __version__}


def test_readyz_answers_while_a_writer_holds_the_lock(client: TestClient) -> None:
    # A deferred read does not queue behind BEGIN IMMEDIATE writers.
    engine = client.app.state.engine  # type: ignore[attr-defined]
    with engine.begin() as writer:
        writer.exec_driver_sql("UPDATE browser_session SET last_seen = last_seen")
        response = client.get("/readyz")
    assert response.status_code == 200


def test_a_schema_behind_the_code_is_refused_until_upgraded_without_restart(
    tmp_path: Path, migrated_template: Path
) -> None:
    path = tmp_path / "gin.db"
    shutil.copyfile(migrated_template, path)
    # One migration down: as if the new code started before its migration ran.
    command.downgrade(alembic_config(sqlite_url(path)), "-1")
    with TestClient(create_app(Settings(database_url=sqlite_url(path)))) as client:
        assert client.get("/healthz").status_code == 200  # alive: restarting mends nothing
        ready = client.get("/readyz")
        assert ready.status_code == 503
        assert ready.json()["reason"] == readiness.BEHIND
        for path_, headers in (("/play", HTML), ("/", HTML), ("/play", {})):
            page = client.get(path_, headers=headers)
            assert page.status_code == 503, (path_, page.text[:300])
            assert page.headers["retry-after"].isdigit()
            assert "older than this version of the program" in page.text
        german = client.get("/play", headers={**HTML, "accept-language": "de"})
        assert german.status_code == 503 and "<html" in german.text
        assert "older than this version" not in german.text  # said in the page's language

        run_migrations(sqlite_url(path))  # the operator upgrades; the server runs on
        assert client.get("/readyz").status_code == 200
        assert client.get("/play", headers=HTML).status_code == 200


def test_a_schema_ahead_of_the_code_is_refused(client: TestClient) -> None:
    engine = client.app.state.engine  # type: ignore[attr-defined]
    with engine.begin() as conn:
        conn.exec_driver_sql("UPDATE alembic_version SET version_num = '9999_newer'")
    ready = client.get("/readyz")
    assert ready.status_code == 503 and ready.json()["reason"] == readiness.AHEAD
    assert client.get("/play", headers=HTML).status_code == 503
