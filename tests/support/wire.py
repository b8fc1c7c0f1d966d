"""Bytes on the wire of a page visit in Chromium, the service worker's fetches included
(``bench/first_visit.py`` and ``tests/browser/test_install_browser.py``).

The page's own responses come from the CDP event ``Network.loadingFinished``
(``encodedDataLength``: headers and body as sent, gzip where the server compresses) of a
CDP session on the page; the service worker's (its script, its precache, what it fetches
for a controlled page) from Playwright's ``Request.sizes()``, which reads the same event on
the worker's target. A response served from a cache (HTTP or the worker's) costs 0 bytes
and is left out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.support.chromium import CHROMIUM, CHROMIUM_ARGS

FIRST_VISIT_BYTES = 80 * 1024
"""Bytes on the wire allowed for the first visit of one page, the service worker's
install included (issue "One server, many players, round two")."""

@dataclass
class Wire:
    """The responses that came over the network, in order: ``(who, url, bytes)`` with
    ``who`` ``"page"`` or ``"worker"``."""

    rows: list[tuple[str, str, int]] = field(default_factory=list)
    _urls: dict[str, str] = field(default_factory=dict)

    def listen(self, context: Any, page: Any) -> None:
        """Record ``page``'s responses (CDP) and the service worker's (Playwright)."""
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.on("Network.responseReceived", self._received)
        cdp.on("Network.loadingFinished", self._finished)
        context.on("requestfinished", self._worker_request)

    def _received(self, event: dict[str, Any]) -> None:
        self._urls[event["requestId"]] = event["response"]["url"]

    def _finished(self, event: dict[str, Any]) -> None:
        size = int(event["encodedDataLength"])
        url = self._urls.pop(event["requestId"], "?")
        if size > 0:
            self.rows.append(("page", url, size))

    def _worker_request(self, request: Any) -> None:
        if request.service_worker is None:
            return  # the page's own: counted from CDP above
        sizes = request.sizes()
        size = sizes["responseHeadersSize"] + sizes["responseBodySize"]
        if size > 0:
            self.rows.append(("worker", request.url, size))

    def take(self) -> list[tuple[str, str, int]]:
        """The rows recorded since the last call."""
        rows, self.rows = self.rows, []
        return rows


def settle(page: Any) -> None:
    """Wait until the page has loaded, the service worker is installed and active and
    controls the page, and the network is idle."""
    page.wait_for_load_state("load")
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.wait_for_load_state("networkidle")


def fresh_profile(browser_type: Any, folder: Path) -> Any:
    """A phone-sized (390×844) Chromium context in the new, empty user-data-dir ``folder``,
    as a first-time visitor's browser: a persistent profile, which fetches the page's
    icons as an ordinary window does (an incognito context does not).
    ``browser_type`` is Playwright's ``chromium``; the caller closes the context."""
    return browser_type.launch_persistent_context(
        str(folder), executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True,
        viewport={"width": 390, "height": 844})
