"""Play a hand in a real browser (system Chromium), tapping buttons by accessible name.

At 390×844 (phone) and 1366×900 (desktop): start a match, play a whole hand to its
result panel, check nothing scrolls sideways at 390 px, that a reload mid-hand shows
the same position, that selecting a card moves nothing else, and save screenshots of
the play screen and the result panel into test-results/.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

MAX_TAPS = 400


def _version(page: Any) -> str:
    return str(page.locator('#table input[name="version"]').first.get_attribute("value"))


def _tap_action(page: Any, name: str) -> None:
    """Tap a game button and wait until the screen shows the next version."""
    before = _version(page)
    page.get_by_role("button", name=name, exact=True).click()
    page.wait_for_function(
        "v => { const i = document.querySelector('#table input[name=version]');"
        " return !i || i.value !== v; }", arg=before)


def _hand(page: Any) -> list[str]:
    return [str(n) for n in page.locator(".hand button").evaluate_all(
        "bs => bs.map(b => b.getAttribute('aria-label'))")]


def _select(page: Any, card_name: str) -> None:
    button = page.get_by_role("button", name=card_name, exact=True)
    button.click()
    page.wait_for_function(
        "n => { const b = document.querySelector(`.hand button[aria-label=\"${n}\"]`);"
        " return b && b.getAttribute('aria-pressed') === 'true'; }", arg=card_name)


def _enabled(page: Any, name: str) -> bool:
    button = page.get_by_role("button", name=name, exact=True)
    return bool(button.count() == 1 and button.is_enabled())


def _no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("() => [document.documentElement.scrollWidth,"
                          " document.documentElement.clientWidth]")
    assert width[0] <= width[1], f"page scrolls sideways: {width}"


def _start(page: Any, base: str) -> None:
    page.goto(base + "/play")
    page.get_by_role("button", name="Start match").click()
    page.wait_for_url(base + "/play")
    page.get_by_role("button", name="Sort by rank").wait_for()


def _play_hand(page: Any, *, phone: bool, screenshot: Callable[[Any, str], Path],
               label: str) -> None:
    """Tap through one hand until the result panel shows Next hand (or New match)."""
    shot_taken = False
    reloaded = False
    for _ in range(MAX_TAPS):
        if page.get_by_role("button", name="Next hand").count() or \
                page.get_by_role("heading", name="Void hand: no score").count():
            return
        if phone:
            _no_sideways_scroll(page)
        if _enabled(page, "Take upcard"):
            _tap_action(page, "Pass")
            continue
        if _enabled(page, "Draw from stock"):
            if not reloaded:
                _check_reload(page)
                reloaded = True
            _tap_action(page, "Draw from stock")
            continue
        # Discard phase: tap cards until one lets us knock or go gin; else discard it.
        hand = _hand(page)
        assert len(hand) == 11
        choice = None
        for name in reversed(hand):
            _select(page, name)
            if _enabled(page, "Gin") or _enabled(page, "Knock"):
                choice = "Gin" if _enabled(page, "Gin") else "Knock"
                break
            if _enabled(page, "Discard") and choice is None:
                choice = "Discard"
                if not shot_taken:
                    _check_no_jump(page, hand)
                    screenshot(page, f"play-{label}")
                    shot_taken = True
                # Go on looking for a knock only a few cards deep, then discard.
                if len(hand) - hand.index(name) >= 3:
                    break
        assert choice is not None
        _tap_action(page, choice)
    raise AssertionError("the hand did not end")


def _check_reload(page: Any) -> None:
    """A reload mid-hand restores the exact position."""
    hand, status = _hand(page), page.locator("#status").inner_text()
    stock = page.locator(".pile__label").first.inner_text()
    version = _version(page)
    page.reload()
    page.get_by_role("button", name="Sort by rank").wait_for()
    assert (_hand(page), page.locator("#status").inner_text(),
            page.locator(".pile__label").first.inner_text(), _version(page)) == \
        (hand, status, stock, version)


def _check_no_jump(page: Any, hand: list[str]) -> None:
    """Selecting a card moves no other card and no action button."""
    def boxes() -> list[Any]:
        others = [page.get_by_role("button", name=n, exact=True).bounding_box()
                  for n in hand[:3]]
        return others + [page.get_by_role("button", name="Discard", exact=True).bounding_box()]

    pressed = [n for n in hand if page.get_by_role("button", name=n, exact=True)
               .get_attribute("aria-pressed") == "true"]
    before_select = boxes()
    if pressed:
        # Deselect (tap again) and compare: the layout is the same either way.
        page.get_by_role("button", name=pressed[0], exact=True).click()
        page.wait_for_function(
            "n => document.querySelector(`.hand button[aria-label=\"${n}\"]`)"
            ".getAttribute('aria-pressed') === 'false'", arg=pressed[0])
        assert boxes() == before_select
        _select(page, pressed[0])
    for box in boxes():
        assert box["height"] >= 44


@pytest.mark.parametrize(("width", "height", "label"), [(390, 844, "phone"),
                                                       (1366, 900, "desktop")])
def test_play_a_whole_hand_by_tapping(live_server: str, new_page: Callable[..., Any],
                                      screenshot: Callable[[Any, str], Path], width: int,
                                      height: int, label: str) -> None:
    page = new_page(width, height)
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    _start(page, live_server)
    assert page.get_by_role("status").inner_text().startswith("Your turn")
    for name in ("Draw from stock", "Pass", "Discard", "Knock", "Gin", "Sort by rank",
                 "Sort by suit", "Melds first", "New match"):
        assert page.get_by_role("button", name=name, exact=True).count() == 1, name
    assert len(_hand(page)) == 10
    _play_hand(page, phone=width < 500, screenshot=screenshot, label=label)
    result = page.locator(".result")
    result.wait_for()
    assert "deadwood" in result.inner_text()
    if width < 500:
        _no_sideways_scroll(page)
    screenshot(page, f"result-{label}")
    if page.get_by_role("button", name="Next hand").count():
        _tap_action(page, "Next hand")
        assert page.get_by_role("button", name="Sort by rank").count() == 1
    assert errors == []


def test_sorting_and_melds_first_in_the_browser(live_server: str, page: Any,
                                                screenshot: Callable[[Any, str], Path]) -> None:
    _start(page, live_server)
    page.get_by_role("button", name="Sort by suit").click()
    page.wait_for_function("() => document.querySelector('#sort-suit')"
                           ".getAttribute('aria-pressed') === 'true'")
    page.get_by_role("button", name="Melds first").click()
    page.wait_for_function("() => document.querySelector('#sort-melds')"
                           ".getAttribute('aria-pressed') === 'true'")
    page.reload()
    assert page.locator("#sort-melds").get_attribute("aria-pressed") == "true"
    _no_sideways_scroll(page)


def test_keyboard_selects_a_card_and_keeps_focus(live_server: str, page: Any) -> None:
    _start(page, live_server)
    first = _hand(page)[0]
    button = page.get_by_role("button", name=first, exact=True)
    button.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(
        "n => document.querySelector(`.hand button[aria-label=\"${n}\"]`)"
        ".getAttribute('aria-pressed') === 'true'", arg=first)
    assert page.evaluate("() => document.activeElement.getAttribute('aria-label')") == first
    page.keyboard.press("Space")
    page.wait_for_function(
        "n => document.querySelector(`.hand button[aria-label=\"${n}\"]`)"
        ".getAttribute('aria-pressed') === 'false'", arg=first)


def test_plays_without_javascript(live_server: str, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844},
                                  java_script_enabled=False)
    try:
        page = context.new_page()
        _start(page, live_server)
        page.get_by_role("button", name="Pass").click()
        page.wait_for_load_state()
        status = page.get_by_role("status").inner_text()
        assert "draw" in status.lower() or "discard" in status.lower()
    finally:
        context.close()


def test_the_whole_hand_fits_a_360_px_phone(live_server: str, new_page: Callable[..., Any],
                                            screenshot: Callable[[Any, str], Path]) -> None:
    page = new_page(360, 740)
    _start(page, live_server)
    if _enabled(page, "Take upcard"):
        _tap_action(page, "Take upcard")
    else:
        _tap_action(page, "Draw from stock")
    hand = _hand(page)
    assert len(hand) == 11
    _select(page, hand[-1])
    for sort in ("Melds first", "Sort by suit", "Sort by rank"):
        page.get_by_role("button", name=sort).click()
        page.wait_for_function(
            "n => [...document.querySelectorAll('.sorts button')].some("
            "b => b.textContent.trim() === n && b.getAttribute('aria-pressed') === 'true')",
            arg=sort)
        _no_sideways_scroll(page)
        for name in hand:
            box = page.get_by_role("button", name=name, exact=True).bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= 360, name
            assert box["height"] >= 44 and box["width"] >= 44
    for button in page.locator("#table button:visible").all():
        box = button.bounding_box()
        assert box is not None and box["height"] >= 44, button.inner_text()
    screenshot(page, "play-360")


def test_focus_stays_on_the_table_after_a_keyboard_action(live_server: str, page: Any) -> None:
    _start(page, live_server)
    version = _version(page)
    page.get_by_role("button", name="Pass", exact=True).focus()
    page.keyboard.press("Enter")  # Pass becomes disabled after the swap
    page.wait_for_function("v => document.querySelector('input[name=version]').value !== v",
                           arg=version)
    page.wait_for_timeout(100)
    focused = page.evaluate(
        "() => !!document.activeElement.closest('#table') && !document.activeElement.disabled")
    assert focused, "focus fell back to the page: a keyboard player would lose their place"
