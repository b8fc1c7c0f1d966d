"""``/healthz``: 200 when the database answers a read and takes writes, else 503 and why."""

from __future__ import annotations

from fastapi.testclient import TestClient

from app import __version__
from app.core.config import Settings
from app.main import create_app


def test_healthy(client: TestClient) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "version": __version__}
    assert "set-cookie" not in response.headers


def test_database_down_gives_503_and_the_app_still_starts() -> None:
    # Nothing listens on port 1: every connection is refused at once.
    down = Settings(database_url="postgresql+psycopg://gin:gin@127.0.0.1:1/gin")
    with TestClient(create_app(down)) as client:
        response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json() == {"status": "unavailable", "reason": "unreachable",
                               "version": __version__}


def test_healthz_answers_while_a_writer_holds_the_lock(client: TestClient) -> None:
    # A deferred read does not queue behind BEGIN IMMEDIATE writers.
    engine = client.app.state.engine  # type: ignore[attr-defined]
    with engine.begin() as writer:
        writer.exec_driver_sql("UPDATE browser_session SET last_seen = last_seen")
        response = client.get("/healthz")
    assert response.status_code == 200
