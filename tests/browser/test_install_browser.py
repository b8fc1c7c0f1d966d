"""Installing the app in a real browser (issue 16): the service worker registers with scope
``/`` (or the app's sub-path, ``BASE_PATH=/gin``: ``/gin/``), caches only static files and
the offline page, and shows the offline page when the server is gone. A small first visit
(round two): the worker is registered after the page's load event, its install fetches
only the offline page and its CSS (never an icon), and it caches the table's modules as
the page fetches them, so they load without the server after one visit. The HTTP checks
are in ``tests/web/test_install.py`` and ``tests/web/test_base_path.py``; the bytes on the
wire are measured by ``bench/first_visit.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.support.wire import FIRST_VISIT_BYTES, Wire, fresh_profile, settle


@pytest.mark.browser
@pytest.mark.parametrize("base", ["", "/gin"], ids=["root", "gin"])
def test_service_worker_scope_and_offline_page(start_server: Callable[..., Any],
                                               new_page: Callable[..., Any],
                                               base: str) -> None:
    server = start_server(env={"BASE_PATH": base} if base else None)
    app = server.app_url
    page = new_page(390, 844, service_workers="allow")
    page.goto(app + "/")
    scope = page.evaluate("""async () => {
        const registration = await navigator.serviceWorker.ready;
        return registration.scope;
    }""")
    assert scope == app + "/"
    # Reload once so the page is controlled, then read what the worker cached.
    page.reload()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    cached = page.evaluate("""async () => {
        const urls = [];
        for (const key of await caches.keys()) {
            for (const request of await (await caches.open(key)).keys()) urls.push(request.url);
        }
        return urls;
    }""")
    paths = sorted(url.removeprefix(app) for url in cached)
    assert "/offline" in paths
    assert all(p == "/offline" or p.startswith("/static/") for p in paths), paths
    # The server goes away: a page navigation shows the offline page, served from cache.
    server.stop()
    page.goto(app + "/score")
    assert page.get_by_role("heading", name="No connection").is_visible()
    page.goto(app + "/play")
    assert page.get_by_role("heading", name="No connection").is_visible()
    # Static files still come from the cache, so the offline page is styled.
    header = page.evaluate(
        "getComputedStyle(document.querySelector('.site-header')).backgroundColor")
    assert header not in ("rgba(0, 0, 0, 0)", "")


@pytest.mark.browser
def test_the_first_visit_fetches_no_icon_and_the_worker_waits_for_the_page(
        live_server: str, new_page: Callable[..., Any]) -> None:
    page = new_page(390, 844, service_workers="allow")
    # Every request of the first visit in order, the page's and the worker's (Playwright
    # reports both), with the page's load event among them.
    seen: list[tuple[str, str]] = []
    page.context.on("request", lambda request: seen.append(
        ("worker" if request.service_worker else "page", request.url)))
    page.on("load", lambda _: seen.append(("load", "")))
    page.goto(live_server + "/")
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.goto(live_server + "/play")
    page.wait_for_load_state("networkidle")

    paths = [(who, url.removeprefix(live_server)) for who, url in seen]
    loaded = paths.index(("load", ""))
    assert not [p for p in paths if p[1].startswith("/static/icons/") and p[1].split("?")[0]
                .endswith(".png")], paths
    before = paths[:loaded]
    assert not [p for p in before if p[0] == "worker" or p[1] == "/sw.js"], before
    # What the worker fetched before the next page was asked for: its install (the
    # offline page and its CSS), and the files the page had loaded, which it keeps (from
    # the HTTP cache: nothing new).
    install = [url for who, url in paths[loaded:paths.index(("page", "/play"))]
               if who == "worker"]
    loaded_by_page = {url for who, url in paths if who == "page"}
    assert install and all(url.split("?")[0] in {"/sw.js", "/offline", "/static/app.css"}
                           or url in loaded_by_page for url in install), install


@pytest.mark.browser
@pytest.mark.parametrize("path", ["/", "/play"])
def test_a_first_visit_fits_the_budget(live_server: str, browser: Any, tmp_path: Path,
                                       path: str) -> None:
    # Headers and bodies as sent, the service worker's install and the icons included,
    # in a fresh profile that lands on the page (the bench's figures: bench/first_visit.py).
    context = fresh_profile(browser.browser_type, tmp_path)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        wire = Wire()
        wire.listen(context, page)
        page.goto(live_server + path)
        settle(page)
        first = wire.take()
    finally:
        context.close()
    assert sum(size for _, _, size in first) <= FIRST_VISIT_BYTES, first


@pytest.mark.browser
@pytest.mark.parametrize("paths", [("/", "/play"), ("/play",)], ids=["home", "table"])
def test_after_a_first_visit_a_second_visit_fetches_the_page_alone(
        live_server: str, new_page: Callable[..., Any], paths: tuple[str, ...]) -> None:
    # Landing on the table first, its modules load before the worker exists: the page
    # hands them to the worker once it is active, so they are not fetched again.
    page = new_page(390, 844, service_workers="allow")
    wire = Wire()
    wire.listen(page.context, page)
    for path in paths:
        page.goto(live_server + path)
        settle(page)
    wire.take()
    for path in paths:
        page.goto(live_server + path)
        settle(page)
        again = [url.removeprefix(live_server) for _, url, _ in wire.take()]
        assert again == [path], again


@pytest.mark.browser
def test_after_one_visit_the_offline_page_shows_and_the_modules_load_from_the_cache(
        start_server: Callable[..., Any], new_page: Callable[..., Any]) -> None:
    page = new_page(390, 844, service_workers="allow")
    server = start_server()
    app = server.app_url
    page.goto(app + "/")
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    # The worker controls the pages from now on: the table's modules (main.js versioned,
    # the others imported by it without ?v=, the table's own by a dynamic import once a
    # table is on the page) enter its cache as the New match page and the table load them.
    page.goto(app + "/play")
    page.get_by_role("button", name="Start match").click()
    page.wait_for_selector("html[data-play-ready] #table")
    page.wait_for_load_state("networkidle")
    server.stop()
    # Without the server: a module comes from the worker's cache, unversioned as a
    # module imports it.
    status = page.evaluate("""() => fetch('/static/table/queue.js')
        .then((r) => r.ok && r.text().then((text) => text.includes('export')))
        .catch(() => false)""")
    assert status is True
    page.goto(app + "/score")
    assert page.get_by_role("heading", name="No connection").is_visible()
    header = page.evaluate(
        "getComputedStyle(document.querySelector('.site-header')).backgroundColor")
    assert header not in ("rgba(0, 0, 0, 0)", "")
