"""The Hint button in a real browser (issue 13), at the four screen sizes: the Expert's
advice appears under the hand without reloading the page, and nothing scrolls sideways.
Screenshots go to test-results/hint-<width>x<height>.png."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

SIZES = [(360, 640), (390, 844), (844, 390), (1366, 800)]


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_hint_shows_experts_advice(live_server: str, new_page: Callable[..., Any],
                                   screenshot: Callable[[Any, str], Path],
                                   width: int, height: int) -> None:
    page = new_page(width, height)
    page.set_default_timeout(30_000)  # the first hint starts the server's worker process
    page.goto(live_server + "/play/new")
    page.get_by_label("Expert").check()
    page.get_by_role("button", name="Start match").click()
    page.wait_for_selector("#a-hint")
    page.get_by_role("button", name="Hint", exact=True).click()
    page.wait_for_selector(".play-hint__best")
    best = page.locator(".play-hint__best").inner_text()
    assert best.startswith("Expert would:")
    options = page.locator(".play-hint__options li")
    assert 1 <= options.count() <= 3
    assert "to win the match" in options.first.inner_text()
    width_now = page.evaluate("() => [document.documentElement.scrollWidth,"
                              " document.documentElement.clientWidth]")
    assert width_now[0] <= width_now[1], f"page scrolls sideways: {width_now}"
    screenshot(page, f"hint-{width}x{height}")
