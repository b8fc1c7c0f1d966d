"""A hand review in a real browser at 390 px: finish a hand, open its review
from the result panel, step through it with the buttons, the keys and a swipe, wait for
the ratings, open the costliest decision and Try again from here; screenshots of the
review and the practice hand on a phone go into test-results/.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.browser.test_play_browser import (
    _cards,
    _changed,
    _start,
    _tap,
    _to_discard_step,
    _version,
)

pytestmark = pytest.mark.browser


def _no_sideways_scroll(page: Any) -> None:
    width, inner = page.evaluate("() => [document.documentElement.scrollWidth, innerWidth]")
    assert width <= inner, f"the page scrolls sideways: {width} > {inner}"


def _play_hand(page: Any) -> None:
    """Play the hand out on the table: discard the card that leaves least deadwood, knock
    or go gin as soon as allowed, until the result panel shows."""
    for _ in range(40):
        if page.locator(".result").count():
            return
        _to_discard_step(page)
        if page.locator(".result").count():
            return
        best = min((c for c in _cards(page) if "discard" in c["acts"].split()),
                   key=lambda c: int(c["left"]))
        page.get_by_role("radio", name=best["name"], exact=True).click()
        acts = best["acts"].split()
        if "gin" in acts:
            _tap(page, "Gin")
        elif "knock" in acts:
            _tap(page, "Knock")
        else:
            version = _version(page)
            page.get_by_role("radio", name=best["name"], exact=True).click()
            _changed(page, version)
    page.locator(".result").wait_for()


def _where(page: Any) -> str:
    return str(page.locator("#review-where").inner_text())


def _at(page: Any, where: str) -> None:
    """Wait until the review's position reads ``where`` ("3 / 50"): static/review.js
    writes it after each step and once the page has loaded (a page served with its
    ratings already in can be read before that)."""
    try:
        page.wait_for_function(
            "where => document.getElementById('review-where')?.innerText.trim() === where",
            arg=where, timeout=10_000)
    except Exception:
        raise AssertionError(f"the review shows {_where(page)!r}, not {where!r}") from None


def test_review_a_finished_hand_on_a_phone(live_server: str, page: Any,
                                           screenshot: Callable[..., Path | None]) -> None:
    _start(page, live_server)
    _play_hand(page)
    page.get_by_role("link", name="Review this hand").click()
    page.wait_for_url("**/play/history/*/1*")
    # The analysis finishes in the background and the page reloads itself with the
    # ratings: waited for first, so that the reload cannot undo a step taken below.
    page.get_by_role("heading", name="Your decisions").wait_for(timeout=120_000)
    last = int(page.locator("#review").get_attribute("data-last") or 0)
    assert last >= 2  # a hand can end on the first discard (pass, take the upcard, knock)
    _at(page, f"0 / {last}")
    # One position at a time; both hands face up.
    assert page.locator(".review-step.is-current").count() == 1
    current = page.locator(".review-step.is-current")
    assert current.locator(".review-hand").count() == 2
    assert current.locator(".review-hand .card").count() == 20
    _no_sideways_scroll(page)
    page.get_by_role("button", name="Forward one action").click()
    _at(page, f"1 / {last}")
    page.keyboard.press("ArrowRight")
    _at(page, f"2 / {last}")
    page.keyboard.press("ArrowLeft")
    _at(page, f"1 / {last}")
    page.keyboard.press("End")
    _at(page, f"{last} / {last}")
    assert page.get_by_role("button", name="Forward one action").is_disabled()
    page.get_by_role("button", name="First position").click()
    _at(page, f"0 / {last}")
    # A swipe to the left moves forward.
    box = page.locator(".review-step.is-current").bounding_box()
    y = box["y"] + box["height"] / 2
    page.evaluate(
        """([x0, x1, y]) => {
            const el = document.getElementById('review');
            const t = (x) => new Touch({identifier: 1, target: el, clientX: x, clientY: y});
            el.dispatchEvent(new TouchEvent('touchstart', {touches: [t(x0)], bubbles: true}));
            el.dispatchEvent(new TouchEvent('touchend', {changedTouches: [t(x1)], bubbles: true}));
        }""", [300, 100, y])
    _at(page, f"1 / {last}")
    costliest = page.locator(".costliest a")
    if costliest.count():
        costliest.first.click()
        step = int((costliest.first.get_attribute("href") or "").rsplit("-", 1)[1])
    else:  # every decision was the best one: open the first rated decision instead
        step = int(page.locator(".review-step:has(.rating)").first.get_attribute(
            "data-step") or 0)
        page.goto(page.url.split("#")[0] + f"#step-{step}")
    _at(page, f"{step} / {last}")
    current = page.locator(".review-step.is-current")
    assert current.locator(".rating").count() == 1
    _no_sideways_scroll(page)
    screenshot(page, "review-phone")
    current.get_by_role("button", name="Try again from here").click()
    page.wait_for_url("**/play/practice")
    assert page.get_by_text("Practice hand · not counted").count() == 1
    _no_sideways_scroll(page)
    screenshot(page, "practice-phone")
