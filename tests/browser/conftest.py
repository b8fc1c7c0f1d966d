"""Fixtures of the browser lane: Debian's Chromium driven by Playwright.

* ``browser`` — Playwright driving Debian's Chromium, shared by the test session: its
  headless shell (``chromium-headless-shell``), else the full browser
  (``tests/support/chromium.py``); every browser test is skipped, saying why, when
  neither is installed (``make browser-deps`` installs them);
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
        yield launched
        launched.close()


@pytest.fixture
def new_page(browser: Any) -> Iterator[Callable[..., Any]]:
    """Make pages: ``new_page(width=390, height=844, locale=None, motion=None)``, each
    in its own context (cookies); ``locale`` (``"de-DE"``) is the browser's language,
    sent as ``Accept-Language``; ``motion`` the device's ``prefers-reduced-motion``
    (``"reduce"`` or ``"no-preference"``)."""
    contexts: list[Any] = []

    def make(width: int = 390, height: int = 844, locale: str | None = None,
             motion: str | None = None) -> Any:
        options = {**({"locale": locale} if locale else {}),
                   **({"reduced_motion": motion} if motion else {})}
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
