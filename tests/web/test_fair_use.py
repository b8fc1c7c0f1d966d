"""Fair use (app.web.limits): posts, costly pages, statistics, downloads, sign-ins and
event streams beyond the limits of a browser or of a client address get 429 with
Retry-After and words saying what to do; nothing is changed, and the refusal reads
nothing from the database and renders no template. A new cookie of an address meets the
address's limit; hints beyond the pool jobs of an address are refused. An import in
progress does not hold up anybody else's request.

The limits are settings; these tests set them small. (The default limits are what every
other test of the suite meets.)
"""

from __future__ import annotations

import asyncio
import re
import secrets
import threading
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from jinja2 import Environment
from sqlalchemy import event
from starlette.responses import PlainTextResponse

from app.core import workers
from app.core.config import Settings
from app.core.fairuse import Rate
from app.engine.bots import expert
from app.main import create_app
from app.review import imports
from app.web.limits import FairUse, FairUseMiddleware, kind_of
from app.web.sessions import COOKIE_NAME
from tests.support.hardening import diff, snapshot
from tests.support.servers import run_async
from tests.support.waiting import wait_until
from tests.web.friend.test_friend import start
from tests.web.play.test_hint_one_at_a_time import _version

HX = {"HX-Request": "true"}


def _app(settings: Settings, **limits: Any) -> FastAPI:
    return create_app(settings.model_copy(update=limits))


@pytest.fixture
def browsers() -> Iterator[ExitStack]:
    """The test's browsers, each a started client; their apps' lifespans end with the test
    (``TestClient.close`` alone would leave them running to the process's exit)."""
    with ExitStack() as opened:
        yield opened


def _browser(app: FastAPI, opened: ExitStack) -> TestClient:
    client = opened.enter_context(TestClient(app, base_url="http://testserver"))
    client.get("/")
    return client


def _new_match(client: TestClient, version: str = "0") -> Any:
    return client.post("/play/new", data={"level": "easy", "version": version},
                       follow_redirects=False)


def test_posts_beyond_a_browsers_limit_get_429_and_change_nothing(
        settings: Settings, browsers: ExitStack) -> None:
    app = _app(settings, limit_posts_per_browser=Rate(3, 60))
    ann, bob = _browser(app, browsers), _browser(app, browsers)
    for _ in range(3):
        assert _new_match(ann).status_code in (303, 409)
    before = snapshot(app.state.engine)
    page = ann.post("/play/new", data={"level": "easy", "version": "1"},
                    headers={"accept": "text/html"}, follow_redirects=False)
    assert page.status_code == 429
    assert 1 <= int(page.headers["retry-after"]) <= 60
    assert "<html" in page.text and "Wait a moment" in page.text
    fragment = ann.post("/play", data={"action": "draw_stock", "version": "1"}, headers=HX)
    assert fragment.status_code == 429 and "retry-after" in fragment.headers
    assert "<html" not in fragment.text and 'role="alert"' in fragment.text
    assert diff(before, snapshot(app.state.engine)) == {}
    assert _new_match(bob).status_code == 303  # another browser has its own budget
    assert ann.get("/play").status_code == 200  # reading is never limited


def test_posts_beyond_an_addresss_limit_get_429_whatever_the_cookie(
        settings: Settings, browsers: ExitStack) -> None:
    app = _app(settings, limit_posts_per_address=Rate(4, 60))
    clients = [_browser(app, browsers) for _ in range(3)]
    answers = [_new_match(client).status_code for client in clients for _ in range(2)]
    assert answers[:4] == [303, 409, 303, 409] and answers[4:] == [429, 429]
    cookieless = TestClient(app, base_url="http://testserver")
    browsers.callback(cookieless.close)
    refused = cookieless.post("/play/new", data={"level": "easy", "version": "0"})
    assert refused.status_code == 429 and "retry-after" in refused.headers


# --- event streams ----------------------------------------------------------------------


class _Stream:
    """``GET /play/events`` (or another event stream's ``path``) called on the ASGI app
    directly (a test client would wait for the endless body): the response's start, the
    body chunks as they come, and a disconnect to send."""

    def __init__(self, app: FastAPI, cookie: str, path: str = "/play/events") -> None:
        self.app, self.cookie, self.path = app, cookie, path
        self.messages: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.gone = asyncio.Event()
        self.asked = False

    async def open(self) -> dict[str, Any]:
        scope = {
            "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
            "method": "GET", "scheme": "http", "path": self.path,
            "raw_path": self.path.encode(), "query_string": b"", "root_path": "",
            "headers": [(b"host", b"testserver"), (b"accept", b"text/event-stream"),
                        (b"cookie", f"{COOKIE_NAME}={self.cookie}".encode())],
            "client": ("testclient", 50000), "server": ("testserver", 80),
        }

        async def receive() -> dict[str, Any]:
            if not self.asked:
                self.asked = True
                return {"type": "http.request", "body": b"", "more_body": False}
            await self.gone.wait()
            return {"type": "http.disconnect"}

        async def send(message: dict[str, Any]) -> None:
            await self.messages.put(message)

        self.task = asyncio.create_task(self.app(scope, receive, send))
        return await asyncio.wait_for(self.messages.get(), 60)

    async def close(self) -> None:
        self.gone.set()
        await asyncio.wait_for(self.task, 60)


def _headers(start: dict[str, Any]) -> dict[str, str]:
    return {name.decode(): value.decode() for name, value in start["headers"]}


def test_streams_beyond_a_browsers_limit_get_429_until_one_closes(settings: Settings) -> None:
    app = _app(settings, limit_streams_per_browser=2)
    host, guest, _token = start(app)
    cookie = host.cookies[COOKIE_NAME]

    async def scenario() -> list[Any]:
        first, second, third = (_Stream(app, cookie) for _ in range(3))
        seen: list[Any] = [(await first.open())["status"], (await second.open())["status"]]
        refused = await third.open()
        seen += [refused["status"], _headers(refused).get("retry-after")]
        body = await asyncio.wait_for(third.messages.get(), 60)
        seen.append(body.get("body", b"").decode())
        await third.close()
        other = _Stream(app, guest.cookies[COOKIE_NAME])  # the friend has its own places
        seen.append((await other.open())["status"])
        await first.close()
        again = _Stream(app, cookie)
        seen.append((await again.open())["status"])  # a place came free
        for stream in (second, other, again):
            await stream.close()
        return seen

    statuses = run_async(scenario())
    assert statuses[:3] == [200, 200, 429] and int(statuses[3]) >= 1
    assert "close another tab" in statuses[4]
    assert statuses[5:] == [200, 200]


def test_streams_beyond_an_addresss_limit_get_429(settings: Settings) -> None:
    app = _app(settings, limit_streams_per_address=1)
    host, guest, _token = start(app)

    async def scenario() -> list[int]:
        first = _Stream(app, host.cookies[COOKIE_NAME])
        second = _Stream(app, guest.cookies[COOKIE_NAME])
        statuses = [(await first.open())["status"], (await second.open())["status"]]
        await second.close()
        await first.close()
        return statuses

    assert run_async(scenario()) == [200, 429]


# --- imports ----------------------------------------------------------------------------


def test_an_import_in_progress_does_not_stop_the_event_loop(
        settings: Settings, monkeypatch: pytest.MonkeyPatch,
        browsers: ExitStack) -> None:
    # The import is held until another request has been answered: were it read on the
    # event loop, that request could not be answered and the import would never end.
    app = _app(settings, compute_workers=0)
    reading, answered = threading.Event(), threading.Event()
    real = imports.read_summary

    def held(text: str) -> imports.ImportSummary:
        reading.set()
        assert answered.wait(60), "no other request was answered during the import"
        return real(text)

    monkeypatch.setattr(imports, "read_summary", held)
    client = _browser(app, browsers)
    other = _browser(app, browsers)
    outcome: list[int] = []
    importer = threading.Thread(target=lambda: outcome.append(client.post(
        "/play/history/import", data={"text": "not a hand history\n"}).status_code))
    importer.start()
    wait_until(reading.is_set, what="the import to start reading")
    assert other.get("/guide").status_code == 200
    answered.set()
    importer.join(60)
    assert outcome == [400]  # read to the end: a malformed file, said so


def test_imports_beyond_the_limit_get_429(settings: Settings,
                                          browsers: ExitStack) -> None:
    app = _app(settings, limit_imports_per_browser=Rate(2, 60), compute_workers=0)
    client = _browser(app, browsers)
    answers = [client.post("/play/history/import", data={"text": "nope\n"}).status_code
               for _ in range(3)]
    assert answers == [400, 400, 429]
    sheet = client.post("/score/import", data={"json": "{}"})
    assert sheet.status_code == 429 and "retry-after" in sheet.headers
    # Counted before the body is read: a body that cannot be read is refused all the same.
    unread = client.post("/play/history/import", content=b"--x\r\nbroken",
                         headers={"Content-Type": "multipart/form-data; boundary=x"})
    assert unread.status_code == 429


def test_invites_beyond_the_limit_get_429_before_the_form_is_read(
        settings: Settings, browsers: ExitStack) -> None:
    app = _app(settings, limit_invites_per_browser=Rate(1, 600))
    client = _browser(app, browsers)
    first = client.post("/play/friend", data={"name": "Ann", "version": "0"},
                        follow_redirects=False)
    assert first.status_code in (200, 303)
    again = client.post("/play/friend", content=b"--x\r\nbroken",
                        headers={"Content-Type": "multipart/form-data; boundary=x"})
    assert again.status_code == 429 and "retry-after" in again.headers


# --- every costly request, per browser and per address (round two) ----------------------


def test_the_eleventh_cookie_of_one_address_meets_the_same_limit_as_one(
        settings: Settings, browsers: ExitStack) -> None:
    app = _app(settings, limit_exports_per_browser=Rate(1, 600),
               limit_exports_per_address=Rate(10, 600))
    first = _browser(app, browsers)
    assert [first.get("/stats").status_code for _ in range(2)] == [200, 429]
    # Nine new cookies of the same address: each gets its one, the address its ten.
    assert [_browser(app, browsers).get("/stats").status_code for _ in range(9)] == [200] * 9
    eleventh = _browser(app, browsers)
    refused = eleventh.get("/stats.csv")
    assert refused.status_code == 429 and int(refused.headers["retry-after"]) >= 1
    cookieless = TestClient(app, base_url="http://testserver")
    browsers.callback(cookieless.close)
    assert cookieless.get("/stats.json").status_code == 429


@pytest.mark.parametrize(("path", "kind"), [
    ("/stats", "exports"), ("/stats.json", "exports"), ("/stats.csv", "exports"),
    ("/privacy/data.json", "exports"), ("/play/history/7.txt", "exports"),
    ("/play/history/7/2.txt", "exports"), ("/score/7/export", "exports"),
    ("/play/history", "pages"), ("/play/history/report", "pages"),
    ("/play/history/7", "pages"), ("/play/history/7/2", "pages"),
    ("/play/history/7/2/analysis", None), ("/play/history/7/2/luck", None),
    ("/daily", "pages"), ("/score/7", "pages"), ("/score/shared/abc", "pages"),
    ("/train", "pages"), ("/train/puzzle", "pages"), ("/play/history/7/2/together", "pages"),
    ("/play/history/7/2/together/events", None), ("/train/other", None),
    ("/", None), ("/play", None), ("/guide", None), ("/score", None), ("/settings", None),
    ("/static/app.css", None), ("/healthz", None), ("/devices", None),
    ("/seasons/abc", "pages"), ("/seasons/abc/table.csv", "exports"),
    ("/seasons/abc/table.json", "exports"), ("/seasons", None),
    ("/seasons/abc/live", None), ("/events/abc/live", None)])
def test_every_costly_read_has_its_limit(path: str, kind: str | None) -> None:
    assert kind_of("GET", path) == kind


@pytest.mark.parametrize(("path", "kind"), [
    ("/play/history/import", "imports"), ("/score/import", "imports"),
    ("/play/friend", "invites"), ("/devices/code", "sign_ins"),
    ("/devices/recovery", "sign_ins"), ("/devices/join", "credentials"),
    ("/admin/sign-in", "credentials"), ("/train/answer", "pages"),
    ("/train/puzzle", "pages"), ("/play/history/7/2/together", None), ("/play", None),
    ("/play/hint", None), ("/seasons", "invites"), ("/seasons/host", "credentials"),
    ("/seasons/abc/attach", None)])
def test_every_costly_post_has_its_limit_besides_the_posts_one(
        path: str, kind: str | None) -> None:
    assert kind_of("POST", path) == kind


def test_floods_of_statistics_and_downloads_get_429(
        settings: Settings, browsers: ExitStack) -> None:
    app = _app(settings, limit_exports_per_browser=Rate(5, 600))
    client = _browser(app, browsers)
    paths = ["/stats", "/stats.json", "/stats.csv", "/privacy/data.json", "/stats"]
    assert [client.get(path).status_code for path in paths] == [200] * 5
    flood = [client.get(path) for path in paths * 4]
    assert {answer.status_code for answer in flood} == {429}
    assert all("retry-after" in answer.headers for answer in flood)
    assert _browser(app, browsers).get("/stats").status_code == 200  # another browser


def test_floods_of_pages_and_sign_ins_get_429(
        settings: Settings, browsers: ExitStack) -> None:
    app = _app(settings, limit_pages_per_browser=Rate(2, 600),
               limit_sign_ins_per_browser=Rate(2, 600))
    client = _browser(app, browsers)
    assert [client.get("/daily").status_code for _ in range(3)] == [200, 200, 429]
    assert client.get("/play/history").status_code == 429
    codes = [client.post("/devices/join", data={"code": "nope"}).status_code
             for _ in range(3)]
    assert codes[:2] != [429, 429] and codes[2] == 429


def test_floods_of_the_drill_and_the_puzzle_get_429_from_a_browser_and_an_address(
        settings: Settings, browsers: ExitStack) -> None:
    """The drill, the daily puzzle and their answers count as pages that compute, per
    browser and per address (a new cookie gets no new budget)."""
    app = _app(settings, limit_pages_per_browser=Rate(3, 600),
               limit_pages_per_address=Rate(5, 600))
    client = _browser(app, browsers)
    asked = [client.get("/train"), client.get("/train/puzzle"),
             client.post("/train/answer", data={"item": "1-1-1", "version": "0",
                                                "move": "pass"})]
    assert [answer.status_code for answer in asked] == [200, 200, 404]
    flood = [client.get("/train"), client.get("/train/puzzle"),
             client.post("/train/puzzle", data={"day": "2026-01-01", "move": "pass"}),
             client.post("/train/answer", data={"item": "1-1-1", "version": "0"})]
    assert {answer.status_code for answer in flood} == {429}
    assert all(int(answer.headers["retry-after"]) >= 1 for answer in flood)
    other = _browser(app, browsers)  # same address: two pages left in its budget
    assert [other.get("/train/puzzle").status_code for _ in range(3)] == [200, 200, 429]


def test_no_flood_from_an_address_refuses_the_right_code(
        settings: Settings, browsers: ExitStack) -> None:
    """Wrong codes from many cookies of one address use up no budget of that address:
    a code entered is checked first, and the right one opens its history."""
    app = _app(settings, limit_sign_ins_per_address=Rate(1, 600),
               limit_posts_per_address=Rate(1000, 600))
    owner = _browser(app, browsers)
    owner.get("/devices")
    made = owner.post("/devices/code")
    assert made.status_code == 200
    code = re.search(r'<code id="device-code">([^<]+)</code>', made.text)
    assert code is not None, made.text[:500]
    for _ in range(8):  # new cookies from the same address, each a wrong code
        _browser(app, browsers).post("/devices/join", data={"code": "ZZZZ-ZZZZ"})
    joiner = _browser(app, browsers)
    joined = joiner.post("/devices/join", data={"code": code.group(1)},
                         follow_redirects=False)
    assert joined.status_code == 303


class _Counted:
    """Database statements and templates looked up while it is on."""

    def __init__(self, app: FastAPI, monkeypatch: pytest.MonkeyPatch) -> None:
        self.statements: list[str] = []
        self.templates: list[str] = []
        self.engine = app.state.engine
        real = Environment.get_template

        def get_template(env: Environment, name: Any, *args: Any, **kwargs: Any) -> Any:
            self.templates.append(str(name))
            return real(env, name, *args, **kwargs)

        monkeypatch.setattr(Environment, "get_template", get_template)
        event.listen(self.engine, "before_cursor_execute", self._statement)

    def _statement(self, *args: Any) -> None:
        self.statements.append(args[2])

    def close(self) -> None:
        event.remove(self.engine, "before_cursor_execute", self._statement)


def test_a_refused_request_reads_nothing_and_renders_no_template(
        settings: Settings, browsers: ExitStack,
        monkeypatch: pytest.MonkeyPatch) -> None:
    app = _app(settings, limit_exports_per_browser=Rate(1, 600),
               limit_pages_per_browser=Rate(1, 600), limit_posts_per_browser=Rate(2, 600),
               limit_sign_ins_per_address=Rate(1, 600))
    client = _browser(app, browsers)
    client.get("/stats")
    client.get("/play/history")
    _new_match(client)
    client.post("/devices/code")
    cookieless = TestClient(app, base_url="http://testserver")
    browsers.callback(cookieless.close)
    counted = _Counted(app, monkeypatch)
    try:
        answers = [
            client.get("/stats", headers={"accept": "text/html"}),
            client.get("/stats.csv"),
            client.get("/play/history/1", headers=HX),
            client.post("/play", data={"action": "draw_stock", "version": "1"}, headers=HX),
            client.post("/play/new", data={"level": "easy"}, headers={"accept": "text/html"}),
            cookieless.post("/devices/code",
                            headers={"accept": "text/html", "accept-language": "de"}),
            client.get("/train", headers={"accept": "text/html"}),
            client.get("/train/puzzle"),
            client.post("/train/answer", data={"item": "1-1-1", "version": "0",
                                               "move": "pass"}),
            client.post("/train/puzzle", data={"day": "2026-01-01", "move": "pass"}),
        ]
    finally:
        counted.close()
    assert [answer.status_code for answer in answers] == [429] * 10
    assert counted.statements == [] and counted.templates == []
    assert COOKIE_NAME not in cookieless.cookies  # no session was made for it
    page, german = answers[0], answers[5]
    assert "<html" in page.text and "statistics or downloads" in page.text
    assert len(page.content) < 2000 and 'lang="de"' in german.text
    assert "<html" not in answers[2].text and 'role="alert"' in answers[2].text


def test_hints_beyond_the_jobs_of_an_address_get_429_whatever_the_cookie(
        settings: Settings, browsers: ExitStack,
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Each browser's hint is held inside the pool's work (counted against the address)
    # until the test lets it go; the third browser of the address is then refused.
    app = _app(settings, limit_jobs_per_address=2, compute_workers=0)
    inside, go_on = threading.Semaphore(0), threading.Event()
    real = workers._hint

    def held(view: Any, seed: str) -> Any:
        inside.release()
        assert go_on.wait(60)
        return real(view, seed)

    monkeypatch.setattr(workers, "_hint", held)
    monkeypatch.setattr(expert, "DEFAULT_BUDGET",
                        expert.Budget(samples=2, discards=2, deadline=None))
    clients = [_browser(app, browsers) for _ in range(3)]
    versions = [_version(app, client) for client in clients]
    answers: list[Any] = []
    asking = [threading.Thread(target=lambda c=client, v=version: answers.append(
        c.post("/play/hint", data={"version": v}, headers=HX)))
        for client, version in zip(clients[:2], versions[:2], strict=True)]
    for thread in asking:
        thread.start()
    try:
        for _ in asking:
            assert inside.acquire(timeout=60), "a hint was not worked out"
        counted = _Counted(app, monkeypatch)
        try:
            third = clients[2].post("/play/hint", data={"version": versions[2]}, headers=HX)
        finally:
            counted.close()
        assert third.status_code == 429 and int(third.headers["retry-after"]) >= 1
        assert "for your network" in third.text
        assert counted.statements == [] and counted.templates == []
    finally:
        go_on.set()
        for thread in asking:
            thread.join(60)
    assert [answer.status_code for answer in answers] == [200, 200]
    inside.release()  # the third's hold no longer waits
    again = clients[2].post("/play/hint", data={"version": versions[2]}, headers=HX)
    assert again.status_code == 200 and "Expert would:" in again.text



def _scope(path: str, address: str, cookie: str = "") -> dict[str, Any]:
    headers = [(b"host", b"testserver")]
    if cookie:
        headers.append((b"cookie", f"{COOKIE_NAME}={cookie}".encode()))
    return {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
            "method": "GET", "scheme": "http", "path": path, "raw_path": path.encode(),
            "query_string": b"", "root_path": "", "headers": headers,
            "client": (address, 50000), "server": ("testserver", 80)}


def test_costly_requests_beyond_an_addresss_places_get_429_until_one_ends(
        settings: Settings) -> None:
    # The app behind the middleware holds each request until the test lets it go.
    fair = FairUse(settings.model_copy(update={"limit_costly_in_flight_per_address": 2}))

    async def scenario() -> list[int]:
        go_on, inside = asyncio.Event(), asyncio.Queue[str]()

        async def held(scope: Any, receive: Any, send: Any) -> None:
            await inside.put(scope["path"])
            await go_on.wait()
            await PlainTextResponse("done")(scope, receive, send)

        middleware = FairUseMiddleware(held, fair)

        async def ask(path: str, address: str, cookie: str = "") -> int:
            sent: list[dict[str, Any]] = []

            async def receive() -> dict[str, Any]:
                return {"type": "http.request", "body": b"", "more_body": False}

            async def send(message: dict[str, Any]) -> None:
                sent.append(message)

            # A request let through by mistake would wait for go_on: fail, not hang.
            await asyncio.wait_for(middleware(_scope(path, address, cookie), receive, send),
                                   None if go_on.is_set() else 60)
            return int(sent[0]["status"])

        cookies = [secrets.token_urlsafe(32) for _ in range(4)]
        first = asyncio.create_task(ask("/stats", "10.0.0.1", cookies[0]))
        second = asyncio.create_task(ask("/play/history/3", "10.0.0.1", cookies[1]))
        for _ in range(2):
            await asyncio.wait_for(inside.get(), 60)
        refused = [ask("/stats.csv", "10.0.0.1", cookies[2]),  # a third: refused at once
                   ask("/daily", "10.0.0.1")]  # without a cookie too
        statuses = [await asyncio.wait_for(asking, 10) for asking in refused]
        other = asyncio.create_task(ask("/stats", "10.0.0.2"))  # another address
        await asyncio.wait_for(inside.get(), 60)
        cheap = asyncio.create_task(ask("/guide", "10.0.0.1"))  # not a costly request
        await asyncio.wait_for(inside.get(), 60)
        go_on.set()
        statuses += [await first, await second, await other, await cheap]
        statuses.append(await ask("/stats", "10.0.0.1", cookies[3]))  # places free again
        return statuses

    assert run_async(scenario()) == [429, 429, 200, 200, 200, 200, 200]
