"""A real ``python -m app`` with two server processes, ``LOG_FORMAT=json`` and
``METRICS_TOKEN``: every line it prints (Uvicorn's own too) is one JSON object, the
start-up lines name the version, no line holds the cookie or a seed; and every scrape of
``/metrics`` adds up both processes' figures (the client library's multiprocess mode,
which ``python -m app`` turns on by itself)."""

from __future__ import annotations

import json
from collections.abc import Callable

import httpx
from prometheus_client.parser import text_string_to_metric_families

from app import __version__
from app.core.db import create_db_engine
from app.web.sessions import COOKIE_NAME, read_session_id
from tests.support.hardening import stored_play
from tests.support.servers import LiveServer

TOKEN = "a-token-for-the-ops-test-0123456789"


def _responses(client: httpx.Client) -> tuple[float, float]:
    """(all answers counted so far, matches started at Easy) as one scrape reads them."""
    page = client.get("/metrics", headers={"Authorization": f"Bearer {TOKEN}"})
    assert page.status_code == 200
    answers = started = 0.0
    for family in text_string_to_metric_families(page.text):
        for sample in family.samples:
            if sample.name == "gin_http_responses_total":
                answers += sample.value
            if sample.name == "gin_matches_started_total" and sample.labels == {"level": "easy"}:
                started += sample.value
    return answers, started


def test_two_processes_log_json_and_share_their_metrics(
        start_server: Callable[..., LiveServer]) -> None:
    server = start_server(env={"WORKERS": "2", "LOG_FORMAT": "json", "LOG_LEVEL": "info",
                               "METRICS_TOKEN": TOKEN, "COMPUTE_WORKERS": "0"})
    with httpx.Client(base_url=server.url, timeout=30, follow_redirects=True) as client:
        assert client.post("/play/new", data={"level": "easy"}).status_code == 200
        cookie = client.cookies[COOKIE_NAME]
        for _ in range(6):
            assert client.get("/guide").status_code == 200
        # Each scrape is answered by one process or the other; each counts both.
        made = 8  # the post, its redirect and the six pages
        for _ in range(8):
            answers, started = _responses(client)
            assert started == 1
            assert answers >= made
            made += 1
    engine = create_db_engine(server.db_url)
    row = stored_play(engine, read_session_id(engine, cookie) or "")
    engine.dispose()
    assert row is not None
    server.stop()

    server.log.seek(0)
    lines = [line for line in server.log.read().decode().splitlines() if line.strip()]
    records = [json.loads(line) for line in lines]  # every line is one JSON object
    assert all({"time", "level", "message"} <= record.keys() for record in records)
    starts = [r for r in records if r["message"].startswith(f"Gin Rummy {__version__} starting")]
    assert len(starts) == 2  # one per server process
    assert any(r["logger"].startswith("uvicorn") for r in records)
    access = [r for r in records if r["logger"] == "app.access"]
    assert {"/play/new", "/guide", "/metrics"} <= {r["route"] for r in access}
    assert all(r["request_id"] for r in access)
    text = "\n".join(lines)
    for secret in (cookie, row.client_seed, *row.server_seeds, TOKEN):
        assert secret not in text
