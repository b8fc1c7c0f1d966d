"""Fixtures of the browser lane: Debian's Chromium driven by Playwright.

* ``browser`` — Playwright driving Debian's Chromium, shared by the test session: its
  headless shell (``chromium-headless-shell``), else the full browser
  (``tests/support/chromium.py``); every browser test is skipped, saying why, when
  neither is installed (``make browser-deps`` installs them). Its contexts block the
  app's service worker unless a test asks for it (``service_workers="allow"``:
  :class:`TestBrowser`);
* ``page`` — a fresh browser context (own cookies) at 390×844; ``new_page(width, height)``
  for other sizes; ``screenshot(page, name)`` saves ``test-results/<name>.png``.

The servers they talk to (``live_server``, ``start_server``) are in ``tests/conftest.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.chromium import CHROMIUM_ARGS, HEADLESS_SHELL, headless_chromium
from tests.support.servers import ROOT

RESULTS_DIR = ROOT / "test-results"


class TestBrowser:
    """Playwright's ``Browser`` whose ``new_context`` blocks service workers unless told
    ``service_workers="allow"``; everything else is the browser's own.

    The app registers its worker on every page's load (``static/app.js``): in each test's
    fresh context it installed, cached the offline page and every static file, and then
    answered each static request through its fetch handler, work of Chromium's browser
    process and renderer that no test but the worker's own looks at (issue 47: the
    browser lane's CPU). ``tests/browser/test_install_browser.py`` allows it, and checks
    its scope, cache, offline page and first and second visits."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser

    def new_context(self, **options: Any) -> Any:
        """``Browser.new_context(**options)``, ``service_workers`` ``"block"`` by default."""
        options.setdefault("service_workers", "block")
        return self._browser.new_context(**options)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Chromium from the system (never downloaded), or skip saying why."""
    chromium = headless_chromium()
    if not chromium.exists():
        pytest.skip(f"{HEADLESS_SHELL} and {chromium} are missing: run `make browser-deps` "
                    "(apt-get install chromium-headless-shell chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=str(chromium), args=CHROMIUM_ARGS, headless=True
        )
        yield TestBrowser(launched)
        launched.close()


@pytest.fixture
def new_page(browser: Any) -> Iterator[Callable[..., Any]]:
    """Make pages: ``new_page(width=390, height=844, locale=None, motion=None,
    service_workers="block")``, each in its own context (cookies); ``locale``
    (``"de-DE"``) is the browser's language, sent as ``Accept-Language``; ``motion`` the
    device's ``prefers-reduced-motion`` (``"reduce"`` or ``"no-preference"``);
    ``service_workers="allow"`` lets the app's service worker install (:class:`TestBrowser`)."""
    contexts: list[Any] = []

    def make(width: int = 390, height: int = 844, locale: str | None = None,
             motion: str | None = None, service_workers: str = "block") -> Any:
        options = {**({"locale": locale} if locale else {}),
                   **({"reduced_motion": motion} if motion else {}),
                   "service_workers": service_workers}
        context = browser.new_context(viewport={"width": width, "height": height}, **options)
        context.set_default_timeout(10_000)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def page(new_page: Callable[..., Any]) -> Any:
    """A phone-sized page (390×844) in a fresh browser context."""
    return new_page(390, 844)


@pytest.fixture
def screenshot() -> Callable[[Any, str], Path]:
    """``screenshot(page, name)`` saves ``test-results/<name>.png`` and returns its path."""

    def save(page: Any, name: str) -> Path:
        RESULTS_DIR.mkdir(exist_ok=True)
        path = RESULTS_DIR / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return save
