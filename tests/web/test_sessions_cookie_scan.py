"""A browser's credential never leaves the server except as its own cookie
(app.web.sessions): two browsers play a friend match, a daily deal, join a device and
share a score sheet; then every page, export, event stream line and log line either of
them was sent, and every column of every table, is searched for each browser's cookie."""

from __future__ import annotations

import asyncio
import logging
import re

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from app.guide.content import PAGES
from app.web.sessions import COOKIE_NAME
from tests.support.browsers import session_id_of, stored_with
from tests.support.crawl import crawl
from tests.support.events import an_event
from tests.support.friends import tap_next
from tests.support.hardening import filled_paths
from tests.support.seasons import a_season
from tests.support.servers import run_async
from tests.web.friend.test_friend import invite, join
from tests.web.test_fair_use import _Stream
from tests.web.test_sessions_hardening import SETUP

Seen = list[tuple[str, httpx.Response]]


def _browser(app: FastAPI, name: str, seen: Seen) -> TestClient:
    """A new browser whose every response (body read) is kept in ``seen`` as its own."""
    client = TestClient(app, base_url="http://testserver")

    def keep(response: httpx.Response) -> None:
        response.read()
        seen.append((name, response))

    client.event_hooks["response"] = [keep]
    client.get("/")
    return client


def _cookies_set(response: httpx.Response) -> list[str]:
    return response.headers.get_list("set-cookie")


def _stream_lines(app: FastAPI, cookie: str) -> str:
    """The start of ``/play/events`` (the open friend match) as this browser: its
    headers and first event, as text."""

    async def read() -> str:
        stream = _Stream(app, cookie)
        start = await stream.open()
        first = await asyncio.wait_for(stream.messages.get(), 60)
        await stream.close()
        return repr(start) + first.get("body", b"").decode()

    return run_async(read())


def test_no_cookie_leaves_except_as_its_own_set_cookie(
        app: FastAPI, client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    # ``client`` runs the app's lifespan (the daily deals drawn); the browsers are others.
    caplog.set_level(logging.DEBUG)
    seen: Seen = []
    ann, bob = _browser(app, "ann", seen), _browser(app, "bob", seen)
    phone = _browser(app, "phone", seen)
    phone_own = phone.cookies[COOKIE_NAME]
    # A friend match (Ann invites Bob), a few moves of it.
    invited = invite(ann, name="Ann")
    assert join(bob, invited, name="Bob").status_code == 303
    for _ in range(4):
        tap_next(app.state.engine, session_id_of(ann), [ann, bob])
    match_id = int(re.search(r'name="match" value="(\d+)"',  # type: ignore[union-attr]
                             ann.get("/play").text).group(1))
    # The daily deal, a score sheet Ann shares with Bob, and Ann's phone joining.
    for player in (ann, bob):
        assert player.get("/daily").status_code == 200
    assert ann.post("/score", data=SETUP).status_code == 200
    share = re.search(r"/score/shared/([A-Za-z0-9_-]+)", ann.get("/score/1").text)
    assert share is not None
    assert bob.get(f"/score/shared/{share.group(1)}").status_code == 200
    code = re.search(r'<code id="device-code">([^<]+)</code>', ann.post("/devices/code").text)
    assert code is not None
    assert phone.post("/devices/join", data={"code": code.group(1)},
                      follow_redirects=False).status_code == 303
    assert session_id_of(phone) == session_id_of(ann)
    assert phone.post("/devices/recovery").status_code == 200
    cookies = {"ann": ann.cookies[COOKIE_NAME], "bob": bob.cookies[COOKIE_NAME],
               "phone": phone.cookies[COOKIE_NAME], "phone's own": phone_own}
    assert len(set(cookies.values())) == 4
    # Every page each browser can reach (links followed from home, every GET route) and
    # every export.
    values = {"slug": PAGES[0].slug, "token": share.group(1), "match_id": match_id,
              "number": 1, "sheet_id": 1, "event_slug": an_event(ann),
              "season_slug": a_season(ann)}
    paths = [path for path in filled_paths(app, "GET", values) if path != "/play/events"]
    paths += [f"/play/friend/{invited}", "/stats.csv", "/stats.json", "/privacy/data.json",
              f"/play/history/{match_id}.txt", "/score/1/export"]
    for player in (ann, bob, phone):
        player.follow_redirects = False
        assert crawl(player, "http://testserver", "", ["/", "/play", "/devices"]) == []
        for path in paths:
            assert player.get(path).status_code < 500, path
    assert {"text/csv", "application/json"} <= {
        response.headers.get("content-type", "").split(";")[0] for _, response in seen}
    streams = [_stream_lines(app, cookie) for cookie in (cookies["ann"], cookies["bob"])]
    assert all("200" in stream for stream in streams)

    for holder, cookie in cookies.items():
        owner = "phone" if holder == "phone's own" else holder
        for name, response in seen:
            where = f"{holder}'s cookie in {response.request.method} {response.request.url}"
            assert cookie not in response.text, where
            headers = [f"{k}: {v}" for k, v in response.headers.multi_items()
                       if not (k == "set-cookie" and name == owner)]
            assert not any(cookie in header for header in headers), where
        assert not any(cookie in stream for stream in streams), f"{holder}'s in a stream"
        assert cookie not in caplog.text, f"{holder}'s cookie in the log"
    assert stored_with(app.state.engine, cookies.values()) == []
