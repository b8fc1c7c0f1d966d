"""One *Analyse this hand* in flight per browser (app.review.history.ANALYSIS_REQUESTS):
while a browser's requested analysis runs, another request of that browser is refused
with 429 and Retry-After, and nothing is queued; once it is done, it may ask again."""

from __future__ import annotations

from concurrent.futures import Future
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from app.review import analysis
from tests.web.review.test_history import _finish_hand


def test_a_second_analysis_request_waits_for_the_first(
        app: FastAPI, client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    match_id, number = _finish_hand(app, client)
    running: list[Future[None]] = []

    def scheduled(*_args: Any, **_kwargs: Any) -> Future[None]:
        running.append(Future())  # the analysis, held until the test ends it
        return running[-1]

    monkeypatch.setattr(analysis, "schedule", scheduled)
    path = f"/play/history/{match_id}/{number}/analyse"
    assert client.post(path, follow_redirects=False).status_code == 303
    refused = client.post(path, headers={"accept": "text/html"}, follow_redirects=False)
    assert refused.status_code == 429 and int(refused.headers["retry-after"]) >= 1
    assert "still running" in refused.text
    assert len(running) == 1  # nothing more was queued
    running[0].set_result(None)
    assert client.post(path, follow_redirects=False).status_code == 303
    assert len(running) == 2
    running[1].set_result(None)
