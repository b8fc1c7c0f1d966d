"""Installing the app in a real browser (issue 16): the service worker registers with scope
``/`` (or the app's sub-path, ``BASE_PATH=/gin``: ``/gin/``), caches only static files and
the offline page, and shows the offline page when the server is gone. The HTTP checks
are in ``tests/web/test_install.py`` and ``tests/web/test_base_path.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest


@pytest.mark.browser
@pytest.mark.parametrize("base", ["", "/gin"], ids=["root", "gin"])
def test_service_worker_scope_and_offline_page(start_server: Callable[..., Any],
                                               new_page: Callable[..., Any],
                                               base: str) -> None:
    server = start_server(env={"BASE_PATH": base} if base else None)
    app = server.app_url
    page = new_page(390, 844)
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
