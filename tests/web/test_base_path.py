"""The app under a sub-path (``BASE_PATH=/gin``) and at the root (the default, empty).

A crawl from every kind of page (play, a finished hand's history and review, practice,
statistics, a score sheet, the guide, settings, the fair page, a friend's invite from
both sides) follows every link, asset, form, ``formaction``, ``hx-get``/``hx-post``,
event stream and pulse URL it finds: none leaves the base and none is a 404 (GETs are
fetched, redirects followed and their ``Location`` checked; posts and the event stream
are matched against the routes, so the crawl changes nothing). Beside it: the manifest
and the service worker name only URLs under the base, the invite link and the session
cookie carry it, nothing is served outside it, and the scripts build no URL of their own.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from html import unescape
from pathlib import Path
from urllib.parse import urljoin

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from pydantic import ValidationError
from starlette.routing import Match

from app.core.config import Settings
from app.main import create_app
from app.prefs.settings import SETTINGS
from app.web.display import DEFAULT
from app.web.sessions import COOKIE_NAME
from tests.support.crawl import Links, crawl, summary, under_base
from tests.support.hardening import finish_hand

HOST = "http://testserver"
ADMIN_TOKEN = "operator-token-0123456789"
STATIC = Path(__file__).resolve().parents[2] / "static"
SCORE_FORM = {
    "players": "2", "name0": "Ann", "name1": "Bob", "name2": "",
    "first_dealer": "0", "first_sitter": "2",
    "target": "100", "gin_bonus": "25", "undercut_bonus": "25", "big_gin_bonus": "31",
    "box_bonus": "20", "game_bonus": "100", "shutout": "on",
}


@pytest.fixture(params=["", "/gin"], ids=["root", "gin"])
def base(request: pytest.FixtureRequest) -> str:
    """The sub-path the app is served under."""
    return str(request.param)


@pytest.fixture
def settings(db_url: str, base: str) -> Settings:
    """The test database, the app under ``base``."""
    return Settings(database_url=db_url, analyse_hands=False, base_path=base,
                    admin_token=ADMIN_TOKEN)


def browser(app: FastAPI, base: str) -> TestClient:
    """One browser whose relative URLs (``"/play"``) go under ``base``; no redirect
    is followed, so each ``Location`` can be checked."""
    return TestClient(app, base_url=f"{HOST}{base}/", follow_redirects=False)


@pytest.fixture
def host(app: FastAPI, base: str) -> Iterator[TestClient]:
    """The browser that plays (runs the app's lifespan)."""
    with browser(app, base) as client:
        yield client


def router(app: FastAPI, base: str) -> Callable[[str, str], bool]:
    """``routed(path, method)``: True when a route (or the static mount) of ``app``
    answers ``method`` at ``path`` (a full path, the base included) under ``base``."""
    def routed(path: str, method: str) -> bool:
        scope = {"type": "http", "method": method, "path": path, "root_path": base,
                 "query_string": b"", "headers": []}
        return any(route.matches(scope)[0] is Match.FULL for route in app.router.routes)
    return routed


def app_of(client: TestClient) -> FastAPI:
    """The app a test client talks to."""
    return client.app  # type: ignore[return-value]


def see_other(response: object, base: str, path: str) -> None:
    """``response`` is a 303 to app path ``path`` under ``base``."""
    assert getattr(response, "status_code", None) == 303, getattr(response, "text", "")[:300]
    location = getattr(response, "headers", {})["location"]
    assert location.startswith(f"{base}{path}"), (location, base, path)


def test_every_page_link_asset_form_and_stream_stays_under_the_base(
        app: FastAPI, host: TestClient, base: str) -> None:
    host.get("/play")
    see_other(host.post("/play/new", data={"level": "easy", "version": "0"}), base, "/play")
    played = finish_hand(app, host, seed=1, deal_next=True)
    match_id, number = played["match_id"], played["number"]
    see_other(host.post(f"/play/history/{match_id}/{number}/practice",
                        data={"step": str(played["step"])}), base, "/play/practice")
    see_other(host.post("/score", data=SCORE_FORM), base, "/score/")
    see_other(host.post("/admin/sign-in", data={"token": ADMIN_TOKEN}), base, "/admin")
    starts = ["/", "/play", "/play/new", "/play/history", "/play/history/last",
              "/play/history/report", f"/play/history/{match_id}/{number}",
              "/play/practice", "/stats", "/score", "/guide", "/settings", "/fair",
              "/offline", "/play/history/import", "/devices", "/privacy", "/admin"]
    kinds: set[str] = set()
    faults = crawl(host, HOST, base, starts, router(app, base), kinds)

    inviter, guest = browser(app, base), browser(app, base)
    see_other(inviter.post("/play/friend", data={"name": "Ann", "version": "0"}),
              base, "/play")
    waiting = inviter.get("/play").text
    link = re.search(rf"{re.escape(HOST + base)}/play/friend/([A-Za-z0-9_-]{{32}})", waiting)
    assert link, "the invite link is not a full URL under the base"
    faults += crawl(inviter, HOST, base, ["/play"], router(app, base), kinds)
    faults += crawl(guest, HOST, base, [f"/play/friend/{link.group(1)}"], router(app, base),
                    kinds)
    assert faults == [], summary(faults)
    # The crawl met every kind of URL the pages write (so each kind was checked).
    assert {"<a href> GET", "<link href> GET", "<script src> GET", "<img src> GET",
            "<use href> GET", "<form action> GET", "<form action> POST",
            "<button formaction> POST", "<form hx-post> POST",
            "<p data-events> STREAM", "<p data-pulse> GET",
            "<button data-share-url> GET"} <= kinds, sorted(kinds)


def test_the_manifest_and_the_service_worker_name_only_urls_under_the_base(
        host: TestClient, base: str) -> None:
    manifest = json.loads(host.get("/manifest.webmanifest").text)
    assert manifest["id"] == manifest["start_url"] == manifest["scope"] == f"{base}/"
    for icon in manifest["icons"]:
        assert icon["src"].startswith(f"{base}/static/")
        assert host.get(f"{HOST}{icon['src']}").status_code == 200

    worker = host.get("/sw.js")
    assert worker.headers["service-worker-allowed"] == f"{base}/"
    files = json.loads(re.search(r"const FILES = (\[.*?\]);", worker.text).group(1))  # type: ignore[union-attr]
    offline = re.search(r'const OFFLINE = "([^"]*)"', worker.text).group(1)  # type: ignore[union-attr]
    static = re.search(r'const STATIC = "([^"]*)"', worker.text).group(1)  # type: ignore[union-attr]
    assert static == f"{base}/static/" and offline == f"{base}/offline"
    assert files and all(name.startswith(static) for name in files)
    for name in [*files, offline]:
        assert host.get(f"{HOST}{name}").status_code == 200, name


def test_every_cookie_is_for_the_app_only(host: TestClient, base: str) -> None:
    cookie = host.get("/").headers["set-cookie"]
    assert f"{COOKIE_NAME}=" in cookie and f"Path={base or '/'};" in cookie
    # The device code's link is under the base; joining with it and forgetting set and
    # delete every cookie on the app's path (a cookie deleted on another path stays).
    issued = host.post("/devices/code").text
    code = re.search(rf'href="{re.escape(HOST + base)}/devices/join\?code=([^"]+)"', issued)
    assert code, "the device code's link is not under the base"
    other = browser(app_of(host), base)
    other.get("/")
    joined = other.post("/devices/join", data={"code": unescape(code.group(1))})
    see_other(joined, base, "/devices?done=joined")
    forgotten = other.post("/devices/forget", data={"confirm": "yes"})
    see_other(forgotten, base, "/devices?done=forgotten")
    for answer in (joined, forgotten):
        cookies = answer.headers.get_list("set-cookie")
        assert cookies and all(f"Path={base or '/'}" in c.replace("path=", "Path=")
                               for c in cookies), cookies
    # The operator's cookie is for the operator's page alone, under the base.
    signed_in = host.post("/admin/sign-in", data={"token": ADMIN_TOKEN})
    signed_out = host.post("/admin/sign-out")
    for answer in (signed_in, signed_out):
        cookie = answer.headers["set-cookie"].replace("path=", "Path=")
        assert f"Path={base}/admin" in cookie, cookie


def test_nothing_is_served_outside_the_base(app: FastAPI, host: TestClient, base: str) -> None:
    if not base:
        pytest.skip("at the root every path is the app's")
    for path in ("/", "/play", "/static/app.css", "/healthz", "/ginx/play", "/sw.js"):
        answer = host.get(f"{HOST}{path}")
        assert answer.status_code == 404, path
        assert answer.headers["x-content-type-options"] == "nosniff"
    bare = host.get(f"{HOST}{base}?x=1")
    assert bare.status_code == 308 and bare.headers["location"] == f"{base}/?x=1"
    assert host.get("/healthz").status_code == 200


def test_an_oversized_import_is_sent_back_under_the_base(host: TestClient, base: str) -> None:
    host.get("/score")
    answer = host.post("/score/import", content=b"x" * (200 * 1024),
                       headers={"content-type": "application/x-www-form-urlencoded"})
    see_other(answer, base, "/score?import=too-large")


@pytest.mark.parametrize("value", ["gin", "/gin/", "/", "/a//b", "/../x", "/g n", "/g?x",
                                   "/g#x", "/gïn", "//evil.example"])
def test_a_bad_base_path_is_refused_with_a_clear_error(value: str) -> None:
    with pytest.raises(ValidationError, match="BASE_PATH must be empty or like /gin"):
        Settings(base_path=value)


@pytest.mark.parametrize("value", ["", "/gin", "/games/gin-rummy", "/g_1.~x"])
def test_a_good_base_path_is_kept(value: str) -> None:
    assert Settings(base_path=value).base_path == value


def test_no_template_writes_a_url_without_the_base() -> None:
    # What the crawl cannot reach (the analysis poll runs only while a hand is analysed;
    # error pages): every URL attribute in a template starts with {{ base }}, a
    # fragment, or is a value the crawl checks.
    attribute = re.compile(r"""\b(?:href|src|action|formaction|hx-[a-z]+|data-events|"""
                           r"""data-pulse)=["']/""")
    found = [f"{path.relative_to(STATIC.parent)}:{number}"
             for path in sorted((STATIC.parent / "templates").rglob("*.html"))
             for number, line in enumerate(path.read_text().splitlines(), start=1)
             if attribute.search(line)]
    assert found == []


def test_the_scripts_build_every_url_on_the_base() -> None:
    # A string literal starting with "/" in our scripts is a URL written without the
    # base (the scripts read it from <meta name="app-base">): none may be left.
    bare = re.compile(r"""(?<!BASE \+ )["'`]/[A-Za-z]""")
    found = [f"{path.relative_to(STATIC)}:{number}: {line.strip()}"
             for path in sorted(STATIC.rglob("*.js")) if path.name != "htmx.min.js"
             for number, line in enumerate(path.read_text().splitlines(), start=1)
             if not line.lstrip().startswith(("//", "*", "/*")) and bare.search(line)]
    assert found == []


def test_an_error_page_links_only_under_the_base(host: TestClient, base: str) -> None:
    answer = host.get("/no-such-page", headers={"accept": "text/html"})
    assert answer.status_code == 404
    page = Links()
    page.feed(answer.text)
    assert page.meta_base == base and page.found
    assert all(under_base(urljoin(str(answer.url), value), HOST, base)
               or value.startswith("#")
               for _, value, _ in page.found), page.found


def test_the_asgi_root_path_serves_as_the_base_too(app: FastAPI, base: str) -> None:
    # An ASGI server's root path (uvicorn --root-path /gin: the scope's root_path, with
    # the path starting with it, as the ASGI spec has it) gives the same URLs, with or
    # without BASE_PATH.
    with TestClient(app, base_url=f"{HOST}/gin/", root_path="/gin",
                    follow_redirects=False) as client:
        page = client.get(f"{HOST}/gin/play")
        assert page.status_code == 200
        links = Links()
        links.feed(page.text)
        assert links.meta_base == "/gin"
        assert all(under_base(urljoin(str(page.url), value), HOST, "/gin")
                   or value.startswith("#") for _, value, _ in links.found), links.found


def test_the_metrics_name_routes_without_the_base(db_url: str, base: str) -> None:
    token = "metrics-token-0123456789"
    app = create_app(Settings(database_url=db_url, analyse_hands=False, base_path=base,
                              metrics_token=token))
    with browser(app, base) as client:
        client.get("/play")
        client.get("/static/app.css")
        text = client.get("/metrics", headers={"authorization": f"Bearer {token}"}).text
    routes = set(re.findall(r'route="([^"]*)"', text))
    assert {"/play", "/static"} <= routes and not any(r.startswith("/gin") for r in routes)


@pytest.mark.parametrize("given", ["{base}/play", "/play"])
def test_a_return_to_address_never_doubles_the_base(host: TestClient, base: str,
                                                    given: str) -> None:
    """Every return-to parameter (the settings' ``back``, the lesson's ``back``) is read
    by one helper (app.web.links.return_path): a path the browser showed, the base
    included, comes back under the base once, as an app path does."""
    back = given.format(base=base)
    host.get("/")
    page = host.get("settings", params={"back": back}).text
    links = {unescape(href) for href in re.findall(r'href="([^"]*/play[^"]*)"', page)}
    assert f"{base}/play" in links and not any(f"{base}{base}/" in link for link in links
                                               if base), links
    form = {setting.name: getattr(DEFAULT, setting.name) for setting in SETTINGS}
    saved = host.post("settings", data={**form, "back": back})
    assert saved.status_code == 303
    assert saved.headers["location"] in (f"{base}/settings?saved=1&back=%2Fplay",), \
        saved.headers["location"]
    started = host.post("learn/start", data={"back": back.replace("/play", "/guide")})
    assert started.status_code == 303
    lesson = host.get("learn").text
    leave = re.search(r'id="learn-leave"[^>]*href="([^"]*)"', lesson)
    assert leave is not None and leave.group(1) == f"{base}/guide"


def test_a_return_to_address_elsewhere_is_dropped(host: TestClient, base: str) -> None:
    host.get("/")
    for back in ("//evil.example", "https://evil.example/play", f"{base}/../play",
                 "/play?x=1", f"{base}//evil.example"):
        page = host.get("settings", params={"back": back}).text
        assert "evil.example" not in page and "x=1" not in page
