"""``/metrics`` (``app.core.metrics``, ``app.routes.metrics``): off (404) without
``METRICS_TOKEN``; with it, 404 unless the request carries ``Authorization: Bearer
<token>``, and then Prometheus text that the client library's own parser reads; its
counters move with a played match, and no label holds a raw path."""

from __future__ import annotations

import json
import random
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import text
from sqlalchemy.exc import OperationalError

from app.core import metrics
from app.core.config import Settings
from app.friend import live
from app.main import create_app
from app.review import analysis
from tests.support.browsers import session_id_of
from tests.support.hardening import Replayer, finish_hand, random_form, stored_play
from tests.support.servers import run_async
from tests.support.waiting import wait_until

ROOT = Path(__file__).resolve().parents[3]
TOKEN = "metrics-token-for-the-tests-0123"
Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


@pytest.fixture
def metered(settings: Settings) -> Iterator[TestClient]:
    """A client of an app with ``METRICS_TOKEN`` set."""
    app = create_app(Settings(**{**settings.model_dump(), "metrics_token": TOKEN}))
    with TestClient(app, base_url="http://testserver") as client:
        yield client


def scrape(client: TestClient) -> Samples:
    """Every sample of ``/metrics``, parsed by prometheus_client's text parser."""
    response = client.get("/metrics", headers={"Authorization": f"Bearer {TOKEN}"})
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain")
    assert "set-cookie" not in response.headers
    return {(sample.name, tuple(sorted(sample.labels.items()))): sample.value
            for family in text_string_to_metric_families(response.text)
            for sample in family.samples}


def value(samples: Samples, name: str, **labels: str) -> float:
    """One sample's value (0 when it has not appeared yet)."""
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def test_metrics_are_404_without_a_token_setting(client: TestClient) -> None:
    for headers in ({}, {"Authorization": f"Bearer {TOKEN}"}):
        response = client.get("/metrics", headers=headers)
        assert response.status_code == 404
        assert "gin_" not in response.text


def test_metrics_are_404_without_the_right_bearer_token(metered: TestClient) -> None:
    unknown = metered.get("/no-such-page")
    for headers in ({}, {"Authorization": "Bearer wrong-token-of-the-same-size"},
                    {"Authorization": TOKEN}, {"Authorization": f"Basic {TOKEN}"},
                    {"Authorization": f"Bearer {TOKEN}x"}):
        response = metered.get("/metrics", headers=headers)
        assert response.status_code == 404, headers
        assert response.text == unknown.text  # the same page as for nothing at all
    assert metered.get("/metrics", headers={"Authorization": f"bearer {TOKEN}"}).status_code \
        == 200


def test_a_short_token_is_refused_at_start() -> None:
    with pytest.raises(ValueError, match="metrics_token"):
        Settings(metrics_token="short")
    assert Settings(metrics_token="").metrics_token is None  # empty: off, as unset


def _play_to_the_end(app: FastAPI, client: TestClient, rng: random.Random) -> int:
    """Play the browser's match (target 1: its first scored hand ends it) to the end
    with random legal taps; the number of taps applied."""
    for taps in range(500):
        row = stored_play(app.state.engine, session_id_of(client))
        assert row is not None
        match = Replayer.from_row(row).advance(row.log)
        if match.over:
            return taps
        if match.hand.phase.name == "OVER":
            form = {"action": "next_hand", "version": str(row.version)}
        else:
            form = random_form(match, row.version, rng, greedy=0.9)
        assert client.post("/play", data=form).status_code == 200
    raise AssertionError("the match did not end in 500 taps")


def test_counters_move_with_a_played_match(metered: TestClient) -> None:
    app = metered.app
    assert isinstance(app, FastAPI)
    before = scrape(metered)
    assert metered.post("/play/new", data={"level": "easy", "target": "1"}).status_code == 200
    taps = _play_to_the_end(app, metered, random.Random(7))
    stale = metered.post("/play", data={"action": "draw_stock", "version": "0"})
    assert stale.status_code == 409
    after = scrape(metered)

    def moved(name: str, **labels: str) -> float:
        return value(after, name, **labels) - value(before, name, **labels)

    assert moved("gin_matches_started_total", level="easy") == 1
    assert moved("gin_matches_finished_total", level="easy") == 1
    assert moved("gin_taps_total", outcome="applied") == taps
    assert moved("gin_taps_total", outcome="stale") == 1
    assert moved("gin_http_request_duration_seconds_count", method="POST", route="/play") \
        == taps + 1
    assert moved("gin_http_responses_total", status="409") == 1


def test_labels_hold_route_templates_never_raw_paths(metered: TestClient) -> None:
    metered.get("/play/history/12345")
    metered.get("/score/shared/secret-token-4242")
    metered.get("/static/app.css")
    metered.get("/no/such/page/67890")
    metered.request("BREW", "/")
    samples = scrape(metered)
    routes = {dict(labels).get("route") for (name, labels) in samples
              if name.startswith("gin_http_request_duration_seconds")}
    assert {"/play/history/{match_id}", "/score/shared/{token}", "/static",
            metrics.UNMATCHED} <= routes
    assert not any(raw in str(r) for r in routes for raw in ("12345", "4242", "67890"))
    methods = {dict(labels).get("method") for (name, labels) in samples
               if name == "gin_http_request_duration_seconds_count"}
    assert "BREW" not in methods and "OTHER" in methods


def test_refusals_database_errors_and_streams_are_counted(metered: TestClient) -> None:
    app = metered.app
    assert isinstance(app, FastAPI)
    before = scrape(metered)
    metrics.refused("hint")
    with pytest.raises(ValueError, match="lower-case word"):
        metrics.refused("Session 1234 from 10.0.0.1")
    with pytest.raises(OperationalError), app.state.engine.connect() as conn:
        conn.execute(text("SELECT * FROM no_such_table"))

    async def one_stream() -> float:
        with live.watch(1):
            return value(scrape(metered), "gin_live_streams")

    during = run_async(one_stream())
    after = scrape(metered)
    assert value(after, "gin_refusals_total", kind="hint") \
        - value(before, "gin_refusals_total", kind="hint") == 1
    assert value(after, "gin_database_errors_total", kind="operationalerror") \
        - value(before, "gin_database_errors_total", kind="operationalerror") == 1
    assert during - value(before, "gin_live_streams") == 1
    assert value(after, "gin_live_streams") == value(before, "gin_live_streams")
    for name in ("gin_workers_busy", "gin_workers_queued", "gin_analysis_backlog"):
        assert (name, ()) in after, name


def test_the_grafana_dashboard_queries_only_metrics_the_app_serves(metered: TestClient) -> None:
    dashboard = json.loads((ROOT / "docs" / "grafana-dashboard.json").read_text())
    page = metered.get("/metrics", headers={"Authorization": f"Bearer {TOKEN}"})
    served = {family.name for family in text_string_to_metric_families(page.text)}
    queried = {re.sub(r"_(total|bucket|count|sum)$", "", name)
               for panel in dashboard["panels"] for target in panel["targets"]
               for name in re.findall(r"\bgin_[a-z_]+", target["expr"])}
    assert queried and queried <= served, queried - served


def test_the_analysis_backlog_counts_the_hands_waiting(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    held = threading.Event()
    started = threading.Event()
    rate_for_real = analysis.analyse

    def held_analysis(*args: Any) -> Any:
        started.set()
        assert held.wait(120), "never released"
        return rate_for_real(*args)

    monkeypatch.setattr(analysis, "analyse", held_analysis)
    app = create_app(Settings(database_url=db_url, analyse_hands=True, compute_workers=0,
                              metrics_token=TOKEN))
    with TestClient(app, base_url="http://testserver") as client:
        before = value(scrape(client), "gin_analysis_backlog")
        assert client.post("/play/new", data={"level": "easy"}).status_code == 200
        finish_hand(app, client, seed=5, deal_next=False)
        assert started.wait(120)
        waiting = value(scrape(client), "gin_analysis_backlog")
        held.set()
        wait_until(lambda: value(scrape(client), "gin_analysis_backlog") == before,
                   what="the backlog to empty")
    assert waiting == before + 1
