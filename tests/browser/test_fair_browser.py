"""The fairness box in a real browser (docs/fairness.md): the commitment abbreviated, in full on a
tap, nothing scrolling sideways on a small phone; the verify page's result fits too."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.support.tables import at_table

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("width, height", [(360, 640), (844, 390)])
def test_the_commitment_is_abbreviated_and_shown_in_full_on_a_tap(
    live_server: str, new_page: Callable[..., Any], screenshot: Callable[..., Path | None],
    width: int, height: int,
) -> None:
    page = new_page(width, height)
    page.goto(live_server + "/play/new")
    page.get_by_role("button", name="Start match").click()
    at_table(page)
    # On the phone table the fairness box sits in the Rules sheet, one tap away.
    page.locator('button[popovertarget="rules-in-force"]').first.evaluate("b => b.click()")
    page.wait_for_selector(".fair-box")
    commitment = page.locator(".fair-box").get_attribute("data-commitment")
    assert commitment is not None and re.fullmatch(r"[0-9a-f]{64}", commitment)
    summary = page.locator(".fair-box summary").first
    assert commitment[:10] in summary.inner_text()
    full = page.locator(".fair-box details code.fair-hex").first
    assert not full.is_visible()
    summary.click()
    assert full.is_visible() and full.inner_text().strip() == commitment
    sizes = page.evaluate("() => [document.documentElement.scrollWidth,"
                          " document.documentElement.clientWidth]")
    assert sizes[0] <= sizes[1], f"page scrolls sideways: {sizes}"
    screenshot(page, f"fair-box-{width}x{height}")
    page.goto(live_server + "/fair?server_seed=" + "ab" * 32 + "&client_seed=x&hand_number=1")
    sizes = page.evaluate("() => [document.documentElement.scrollWidth,"
                          " document.documentElement.clientWidth]")
    assert sizes[0] <= sizes[1], f"/fair scrolls sideways: {sizes}"
    screenshot(page, f"fair-page-{width}x{height}")
