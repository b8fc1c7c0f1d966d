"""Fixtures of the browser lane: Debian's Chromium driven by Playwright.

* ``browser`` — Playwright driving Debian's Chromium, shared by the test session: its
  headless shell (``chromium-headless-shell``), else the full browser
  (``tests/support/chromium.py``); every browser test is skipped, saying why, when
  neither is installed (``make browser-deps`` installs them). Its contexts block the
  app's service worker unless a test asks for it (``service_workers="allow"``:
  :class:`TestBrowser`);
* ``page`` — a fresh browser context (own cookies) at 390×844; ``new_page(width, height)``
  for other sizes; ``screenshot(page, name)`` saves ``test-results/<name>.png`` when the
  run keeps screenshots (:func:`keeps_screenshots`: every run but CI's, unless
  ``SCREENSHOTS`` says otherwise);
* a failing browser test leaves a screenshot of each page still open,
  ``test-results/failed-<test>-<n>.png``, in every run.

The servers they talk to (``live_server``, ``start_server``) are in ``tests/conftest.py``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.chromium import CHROMIUM_ARGS, HEADLESS_SHELL, headless_chromium
from tests.support.servers import ROOT

RESULTS_DIR = ROOT / "test-results"


def keeps_screenshots() -> bool:
    """Whether ``screenshot(page, name)`` saves its picture in this run: ``SCREENSHOTS=1``
    keeps them and ``SCREENSHOTS=0`` does not; unset, every run keeps them but CI's (the
    ``CI`` variable, which ``.ci/run`` sets).

    The screenshots are for a person to look at (the play screen at each size, the guide,
    the README's pictures); nobody looks at CI's, and its browser lane took about 210 a
    run (28 MB), some 0.14 s of CPU each (issue 47: about 3 % of the lane). What a test
    checks it checks either way; a failing test's pages are kept in every run
    (:func:`pytest_runtest_makereport`)."""
    wanted = os.environ.get("SCREENSHOTS")
    if wanted is not None:
        return wanted.strip() not in ("", "0")
    return not os.environ.get("CI")


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
def screenshot() -> Callable[..., Path | None]:
    """``screenshot(page, name, of=None)`` saves ``test-results/<name>.png`` (the whole
    page, or the element ``of``, a locator) and returns its path; ``None``, saving
    nothing, when the run keeps no screenshots (:func:`keeps_screenshots`)."""
    keep = keeps_screenshots()

    def save(page: Any, name: str, of: Any = None) -> Path | None:
        if not keep:
            return None
        RESULTS_DIR.mkdir(exist_ok=True)
        path = RESULTS_DIR / f"{name}.png"
        if of is None:
            page.screenshot(path=str(path), full_page=True)
        else:
            of.screenshot(path=str(path))
        return path

    return save


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """When a browser test fails, save each page its browser still has open as
    ``test-results/failed-<test>-<n>.png`` (the test's contexts are closed only after
    this report)."""
    report = yield
    browser = getattr(item, "funcargs", {}).get("browser")
    if report.failed and report.when == "call" and browser is not None:
        name = re.sub(r"[^\w.-]+", "-", item.nodeid.split("::", 1)[-1]).strip("-")
        pages = [page for context in browser.contexts for page in context.pages]
        RESULTS_DIR.mkdir(exist_ok=True)
        for n, page in enumerate(pages):
            try:
                page.screenshot(path=str(RESULTS_DIR / f"failed-{name}-{n}.png"),
                                full_page=True, timeout=5_000)
            except Exception as error:  # a crashed or closed page: the report says why
                report.sections.append(("screenshot", f"page {n}: {error}"))
    return report
