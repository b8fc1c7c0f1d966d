"""The scorekeeper in Chromium at phone size: start a sheet, preview and record hands by
tapping labelled controls, then save screenshots of the sheet (test-results/score-*.png)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

pytestmark = pytest.mark.browser


def overflow(page: Any) -> int:
    """How many CSS pixels the page is wider than the viewport (0 when it fits)."""
    return int(page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"))


def enter_hand(page: Any, kind: str, who: str, knocker: str, defender: str) -> None:
    """Fill the entry form by accessible names."""
    entry = page.locator("#entry")
    entry.get_by_role("radio", name=kind, exact=True).check()
    entry.get_by_role("radio", name=who, exact=True).check()
    entry.get_by_label("Knocker's deadwood").fill(knocker)
    entry.get_by_label("Defender's deadwood").fill(defender)


def test_enter_hands_at_phone_size_and_screenshot_the_sheet(
    live_server: str, page: Any, screenshot: Callable[..., Any]
) -> None:
    page.goto(live_server + "/score")
    assert overflow(page) == 0
    page.get_by_label("First player").fill("Ann")
    page.get_by_label("Second player").fill("Bob")
    screenshot(page, "score-new-phone")
    page.get_by_role("button", name="Start sheet").click()
    page.wait_for_url("**/score/*")
    assert page.get_by_role("heading", level=1).inner_text() == "Ann v Bob"

    # Preview (htmx swaps the entry block), then record.
    enter_hand(page, "Knock", "Ann", "6", "28")
    page.get_by_role("button", name="Preview").click()
    preview = page.locator("#preview")
    preview.get_by_text("knock: 28 − 6 = 22").wait_for()
    assert "Ann scores 22" in preview.inner_text()
    assert "Preview: Knock: Ann +22" in page.locator("#announce").inner_text()
    screenshot(page, "score-preview-phone", of=page.locator("#entry"))
    page.get_by_role("button", name="Record hand").click()
    page.get_by_role("heading", name="Enter hand 2").wait_for()

    # A wrong entry shows its message next to the field and records nothing.
    enter_hand(page, "Knock", "Bob", "12", "30")
    page.get_by_role("button", name="Record hand").click()
    error = page.locator("#err-knocker_deadwood")
    error.wait_for()
    assert "10 or less" in error.inner_text()
    screenshot(page, "score-entry-error-phone", of=page.locator("#entry"))
    assert page.get_by_role("heading", name="Enter hand 2").is_visible()

    enter_hand(page, "Gin", "Bob", "", "19")
    page.get_by_role("button", name="Record hand").click()
    page.get_by_role("heading", name="Enter hand 3").wait_for()
    enter_hand(page, "Knock", "Bob", "9", "9")
    page.get_by_role("button", name="Preview").click()
    page.locator("#preview").get_by_text("undercut: 25 + 9 − 9 = 25").wait_for()
    page.get_by_role("button", name="Record hand").click()
    page.get_by_role("heading", name="Enter hand 4").wait_for()

    sheet = page.locator("#sheet")
    assert sheet.get_by_text("Undercut: Ann +25").is_visible()
    assert overflow(page) == 0, "the sheet scrolls sideways at 390 px"
    # Each target's height in the layout (getBoundingClientRect): Playwright's
    # bounding_box() gave 0 for a 44 px button below the fold in Chromium's headless shell.
    heights = page.locator("#entry button, #entry .choice").evaluate_all(
        "els => els.map(e => [e.textContent.trim(), e.getBoundingClientRect().height])")
    assert heights and all(height >= 44 for _, height in heights), heights
    page.goto(page.url.split("#")[0])
    screenshot(page, "score-sheet-phone")

    # Finish the match: the end-of-game bonuses and margin.
    enter_hand(page, "Gin", "Ann", "", "31")
    page.get_by_role("button", name="Record hand").click()
    page.get_by_text("Game over: Ann wins by 199.").wait_for()
    screenshot(page, "score-sheet-over-phone")


def test_hollywood_sheet_at_desktop_size(
    live_server: str, new_page: Callable[..., Any], screenshot: Callable[..., Any]
) -> None:
    page = new_page(1366, 900)
    page.goto(live_server + "/score")
    page.get_by_label("First player").fill("Ann")
    page.get_by_label("Second player").fill("Bob")
    page.get_by_role("checkbox", name="Hollywood").check()
    page.get_by_role("button", name="Start sheet").click()
    page.wait_for_url("**/score/*")
    for kind, who, k, d in [("Gin", "Ann", "", "25"), ("Knock", "Bob", "2", "12"),
                            ("Gin", "Ann", "", "15"), ("Knock", "Ann", "5", "25"),
                            ("Knock", "Ann", "5", "15")]:
        enter_hand(page, kind, who, k, d)
        page.get_by_role("button", name="Record hand").click()
        page.wait_for_load_state()
    assert page.get_by_text("closed after hand 4").is_visible()
    screenshot(page, "score-hollywood-desktop")
