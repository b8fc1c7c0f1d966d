"""``LOG_FORMAT=json`` (``app.core.logs``): one JSON object a line with time, level,
message and, for a request, its route template, status, duration and request id; never
a cookie, a seed, a player's name or an invite's token. Every answer carries its request
id in ``X-Request-ID`` (a sane incoming one is kept)."""

from __future__ import annotations

import io
import json
import logging
import random
from collections.abc import Iterator

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from app.core import logs
from app.web.sessions import COOKIE_NAME
from tests.support.browsers import session_id_of
from tests.support.hardening import finish_hand, stored_play


@pytest.fixture
def json_log() -> Iterator[io.StringIO]:
    """What the app's loggers write while the test runs, in the JSON format."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logs.JsonFormatter())
    handler.addFilter(logs.RequestIdFilter())
    logger = logging.getLogger("app")
    old_level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    try:
        yield stream
    finally:
        logger.removeHandler(handler)
        logger.setLevel(old_level)


def test_the_json_config_formats_every_line_as_json() -> None:
    config = logs.log_config("info", "json")
    assert all(formatter == {"()": logs.JsonFormatter}
               for formatter in config["formatters"].values())
    assert all(handler["filters"] == ["request_id", "redact"]
               for handler in config["handlers"].values())
    assert config["loggers"]["app"]["level"] == "INFO"
    text = logs.log_config("info", "text")
    assert text["formatters"]["default"]["()"] != logs.JsonFormatter


def test_a_played_hand_logs_json_lines_without_cookies_seeds_or_names(
        app: FastAPI, client: TestClient, json_log: io.StringIO) -> None:
    with TestClient(app, base_url="http://testserver") as host:  # another browser
        invite = host.post("/play/friend", data={"name": "Zebedee Quux"})
        assert invite.status_code == 200 and "Zebedee" in invite.text
        host_cookie = host.cookies[COOKIE_NAME]
    assert client.post("/play/new", data={"level": "easy"}).status_code == 200
    finish_hand(app, client, seed=3)
    client.get("/play/history/987654")
    row = stored_play(app.state.engine, session_id_of(client))
    assert row is not None

    lines = json_log.getvalue().splitlines()
    records = [json.loads(line) for line in lines]  # every line is one JSON object
    access = [r for r in records if r["logger"] == "app.access"]
    assert len(access) > 5
    for record in access:
        assert {"time", "level", "message", "method", "route", "status", "duration_ms",
                "request_id"} <= record.keys()
        assert record["time"].endswith("+00:00")
        assert isinstance(record["status"], int) and isinstance(record["duration_ms"], float)
    routes = {r["route"] for r in access}
    assert {"/play", "/play/new", "/play/history/{match_id}"} <= routes
    assert len({r["request_id"] for r in access}) == len(access)  # one id per request

    everything = json_log.getvalue()
    secrets = [client.cookies[COOKIE_NAME], host_cookie, row.client_seed, *row.server_seeds,
               "Zebedee", "Quux"]
    for secret in secrets:
        assert secret not in everything
    assert "987654" not in {r["route"] for r in access}


def test_the_request_id_is_in_the_answer_and_the_log(client: TestClient,
                                                      json_log: io.StringIO) -> None:
    made = client.get("/guide")
    rid = made.headers["x-request-id"]
    assert len(rid) == 32 and int(rid, 16) >= 0
    kept = client.get("/guide", headers={"X-Request-ID": "proxy-id.42:abc"})
    assert kept.headers["x-request-id"] == "proxy-id.42:abc"
    for bad in ("x" * 200, "two words", "id;DROP", "-starts-with-a-dash", "a\tb"):
        answer = client.get("/guide", headers={"X-Request-ID": bad})
        assert answer.headers["x-request-id"] != bad
        assert len(answer.headers["x-request-id"]) == 32
    missing = client.get("/no-such-page-" + str(random.randrange(10**6)))
    assert missing.status_code == 404 and missing.headers["x-request-id"]
    ids = [json.loads(line).get("request_id") for line in json_log.getvalue().splitlines()]
    assert rid in ids and "proxy-id.42:abc" in ids


def test_an_access_line_not_kept_is_not_built(client: TestClient,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """At ``LOG_LEVEL=warning`` the access log keeps no line: its redacted path and fields
    are then not made at all (a cost on every request); at INFO they are."""
    from app.web import middleware

    built: list[str] = []
    real = middleware.loggable_path

    def counting(path: str) -> str:
        built.append(path)
        return real(path)

    monkeypatch.setattr(middleware, "loggable_path", counting)
    logger = logging.getLogger("app.access")
    old_level = logger.level
    try:
        logger.setLevel(logging.WARNING)
        assert client.get("/guide").status_code == 200
        assert built == []
        logger.setLevel(logging.INFO)
        assert client.get("/guide").status_code == 200
        assert built == ["/guide"]
    finally:
        logger.setLevel(old_level)
