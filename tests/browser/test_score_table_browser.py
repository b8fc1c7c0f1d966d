"""The score sheet at a real table, in Chromium at phone size: undo and redo,
deleting a hand with confirmation, rematch and the evening tally, the deadwood calculator
by keyboard and by taps, live preview, no-JS refusals landing on their message, print.
Screenshots go to test-results/score17-*.png."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.test_score_browser import enter_hand, overflow

pytestmark = pytest.mark.browser

CONTROLS_SHOWN = """() => [...document.querySelectorAll('input, button, select, textarea, summary')]
  .filter(el => { const r = el.getBoundingClientRect();
                  return r.width > 0 && r.height > 0
                         && getComputedStyle(el).visibility !== 'hidden'; })
  .length"""


def start(page: Any, base: str, *checks: str) -> None:
    """A new sheet for Ann and Bob, with these option boxes ticked."""
    page.goto(base + "/score")
    page.get_by_label("First player").fill("Ann")
    page.get_by_label("Second player").fill("Bob")
    for label in checks:
        page.get_by_role("checkbox", name=label).check()
    page.get_by_role("button", name="Start sheet").click()
    page.wait_for_url("**/score/*")


def record(page: Any, kind: str, who: str, knocker: str, defender: str) -> None:
    """Fill and record a hand; wait for the page to come back."""
    enter_hand(page, kind, who, knocker, defender)
    page.get_by_role("button", name="Record hand").click()
    page.wait_for_load_state()


def test_undo_redo_delete_rematch_and_the_evening_at_phone_size(
        live_server: str, page: Any, screenshot: Callable[..., Any]) -> None:
    start(page, live_server)
    record(page, "Knock", "Ann", "6", "28")
    record(page, "Gin", "Bob", "", "19")
    table = page.locator("#sheet table").inner_text()
    page.get_by_role("button", name="Undo hand 2").click()
    page.get_by_role("button", name="Redo hand 2").wait_for()
    assert "Gin: Bob" not in page.locator("#sheet").inner_text()
    screenshot(page, "score17-undo-phone")
    page.get_by_role("button", name="Redo hand 2").click()
    page.get_by_role("button", name="Undo hand 2").wait_for()
    assert page.locator("#sheet table").inner_text() == table

    # Delete a past hand: a confirmation page first.
    page.get_by_role("link", name="Correct hand 1").click()
    page.get_by_role("button", name="Delete hand 1").click()
    page.get_by_role("heading", name="Delete hand 1?").wait_for()
    assert page.evaluate("document.activeElement.id") == "answer"
    screenshot(page, "score17-delete-hand-phone")
    page.get_by_role("link", name="No, keep it").click()
    page.get_by_role("heading", name="Correct hand 1").wait_for()
    page.get_by_role("button", name="Delete hand 1").click()
    page.get_by_role("button", name="Yes, delete hand 1").click()
    page.get_by_role("heading", name="Enter hand 2").wait_for()
    assert "Gin: Bob +44" in page.locator("#sheet").inner_text()

    # Finish, rematch twice: the evening tally over three games.
    record(page, "Gin", "Bob", "", "98")          # Bob 44 + 123: Bob wins
    page.get_by_role("button", name="Rematch").click()
    page.get_by_role("heading", name="Enter hand 1").wait_for()
    record(page, "Gin", "Ann", "", "98")
    page.get_by_role("button", name="Rematch").click()
    page.get_by_role("heading", name="Enter hand 1").wait_for()
    record(page, "Gin", "Ann", "", "98")
    evening = page.locator("#evening")
    assert "Game 3 of 3." in evening.inner_text()
    rows = evening.locator("tbody tr").all_inner_texts()
    assert [r.split("\t")[:2] for r in rows] == [["Ann", "2"], ["Bob", "1"]]
    assert overflow(page) == 0
    screenshot(page, "score17-evening-phone", of=evening)


def test_deadwood_calculator_by_keyboard_and_taps_with_live_preview(
        live_server: str, page: Any, screenshot: Callable[..., Any]) -> None:
    start(page, live_server, "Round the corner")
    entry = page.locator("#entry")
    entry.get_by_role("radio", name="Ann", exact=True).check()
    # Live preview: the score shows as the counts are typed, without pressing Preview.
    entry.get_by_label("Knocker's deadwood").fill("6")
    entry.get_by_label("Defender's deadwood").type("28")
    page.locator("#preview").get_by_text("knock: 28 − 6 = 22").wait_for()
    entry.get_by_label("Defender's deadwood").fill("")
    entry.get_by_label("Knocker's deadwood").fill("")

    # The calculator: type one hand, tick the other on the grid (by keyboard).
    entry.get_by_text("Count deadwood from the cards").click()
    entry.get_by_label("Type the codes").first.fill("QH KH AH 2C 2D 2S 3C 4C 5C 4D")
    defender = ["JH", "3H", "7S", "8S", "TD", "JD", "QD", "KD", "6C", "7C"]
    names = {"JH": "Jack of hearts", "3H": "Three of hearts", "7S": "Seven of spades",
             "8S": "Eight of spades", "TD": "Ten of diamonds", "JD": "Jack of diamonds",
             "QD": "Queen of diamonds", "KD": "King of diamonds", "6C": "Six of clubs",
             "7C": "Seven of clubs"}
    grids = entry.locator(".calc-pick")
    grids.nth(1).locator("summary").click()
    for code in defender:
        box = grids.nth(1).get_by_role("checkbox", name=names[code], exact=True)
        box.focus()
        page.keyboard.press("Space")
        assert box.is_checked()
    # The typed codes follow the grid (and the other way round).
    assert entry.get_by_label("Type the codes").nth(1).input_value() == " ".join(defender)
    screenshot(page, "score17-calculator-grid-phone")
    entry.get_by_role("button", name="Count deadwood").click()
    result = page.locator("#calc-result")
    result.wait_for()
    # Round the corner: Q-K-A of hearts is a run; the jack of hearts lays off on it.
    assert page.get_by_label("Knocker's deadwood").input_value() == "4"
    text = result.inner_text().replace("\ufe0e", "")
    assert "J♥ on Q♥ K♥ A♥" in text and "deadwood 4♦ = 4" in text
    assert page.locator("#preview").get_by_text("Ann scores").is_visible()
    assert result.get_by_role("img", name="Jack of hearts").count() >= 1
    assert overflow(page) == 0
    screenshot(page, "score17-calculator-phone", of=page.locator("#entry"))
    page.get_by_role("button", name="Record hand").click()
    page.get_by_role("heading", name="Enter hand 2").wait_for()
    assert "Ann knocks on 4" in page.locator("#sheet").inner_text()


def test_no_js_refusal_lands_on_the_message_with_focus(
        live_server: str, browser: Any, screenshot: Callable[..., Any]) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844},
                                  java_script_enabled=False)
    try:
        page = context.new_page()
        start(page, live_server)
        enter_hand(page, "Knock", "Ann", "14", "30")
        page.get_by_role("button", name="Record hand").click()
        page.wait_for_load_state()
        assert page.url.endswith("#answer")
        message = page.locator("#err-knocker_deadwood")
        assert "10 or less" in message.inner_text()
        focused = page.evaluate("document.activeElement.id")
        assert focused == "answer"
        assert "10 or less" in page.locator("#answer").inner_text()
        box = message.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 844
        screenshot(page, "score17-nojs-refusal-phone")
        # An oversized pasted import comes back as the form with its message.
        page.goto(live_server + "/score")
        page.locator("#import-json").fill("x" * (70 * 1024))
        page.get_by_role("button", name="Import").click()
        page.wait_for_load_state()
        assert "too large for a score sheet export" in page.locator("#err-import").inner_text()
        assert page.evaluate("document.activeElement.id") == "answer"
        assert "too large" in page.locator("#answer").inner_text()
    finally:
        context.close()


def test_print_is_a_clean_score_table_on_one_page(
        live_server: str, new_page: Callable[..., Any],
        screenshot: Callable[..., Any], tmp_path: Any) -> None:
    page = new_page(390, 844)
    start(page, live_server, "Hollywood")
    for kind, who, k, d in [("Gin", "Ann", "", "25"), ("Knock", "Bob", "2", "12"),
                            ("Gin", "Ann", "", "15"), ("Knock", "Ann", "5", "25"),
                            ("Knock", "Ann", "5", "15"), ("Knock", "Bob", "1", "31")]:
        record(page, kind, who, k, d)
    assert overflow(page) == 0
    screenshot(page, "score17-hollywood-phone")
    assert page.evaluate(CONTROLS_SHOWN) > 10
    page.emulate_media(media="print")
    assert page.evaluate(CONTROLS_SHOWN) == 0
    assert page.locator("#sheet table").is_visible()
    screenshot(page, "score17-print")
    pdf = tmp_path / "sheet.pdf"
    page.pdf(path=str(pdf), format="A4")
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf.read_bytes()))
    assert pages == 1, pages
