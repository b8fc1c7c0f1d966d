"""The guide in Chromium at phone size: no sideways scrolling, screenshots to look at.

Saves test-results/guide-*.png (390×844, full page) for the rule sheet (/guide), the FAQ
and the pages with the most card art; checks 360 px too. Works without JavaScript, so
pages are also loaded with JavaScript off.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from app.guide.content import PAGES
from tests.support.languages import LANGUAGES, LOCALES

pytestmark = pytest.mark.browser

PHONE_SHOTS = {
    "guide-rule-sheet-phone": "/guide",
    "guide-faq-phone": "/guide/faq",
    "guide-scoring-phone": "/guide/scoring",
    "guide-match-phone": "/guide/match",
    "guide-options-phone": "/guide/options",
}


def overflow(page: Any) -> int:
    """How many CSS pixels the page is wider than the viewport (0 when it fits)."""
    return int(page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"))


GUIDE = ["/guide", *(page.url for page in PAGES)]
"""Every page of the guide, from the app's own list (the list this file kept missed the
fairness, events and training pages)."""


@pytest.mark.parametrize("language", LANGUAGES)
def test_guide_pages_fit_a_360px_phone_without_sideways_scrolling(
    live_server: str, browser: Any, language: str
) -> None:
    """Every page of the guide fits a 360 px phone in every language: no sideways
    scrolling (a command line in the fairness page made it 619 px wide; the German
    "Weiter" link at a page's foot stood past the edge)."""
    # Without JavaScript (the guide needs none, and its layout is the same): a third of
    # the time of 96 pages.
    context = browser.new_context(viewport={"width": 360, "height": 740},
                                  locale=LOCALES[language], java_script_enabled=False)
    try:
        page = context.new_page()
        wide = {}
        for path in GUIDE:
            page.goto(live_server + path)
            if overflow(page):
                wide[path] = overflow(page)
        assert not wide, f"{language}: pages wider than 360 px: {wide}"
    finally:
        context.close()


def test_rule_sheet_and_faq_screenshots_at_phone_size(
    live_server: str, page: Any, screenshot: Callable[..., Any]
) -> None:
    for name, path in PHONE_SHOTS.items():
        page.goto(live_server + path)
        assert page.get_by_role("heading", level=1).count() == 1
        assert overflow(page) == 0, f"{path} scrolls sideways at 390 px"
        screenshot(page, name)


def test_faq_anchor_scrolls_to_its_question(live_server: str, page: Any) -> None:
    page.goto(live_server + "/guide/faq#tie")
    heading = page.get_by_role("heading", name="What happens on a deadwood tie?")
    assert heading.is_visible()
    box = heading.bounding_box()
    assert box is not None and 0 <= box["y"] < 844


def test_guide_works_without_javascript(
    browser: Any, live_server: str, screenshot: Callable[..., Any]
) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844},
                                  java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(live_server + "/")
        page.get_by_role("navigation", name="Main").get_by_role("link", name="Rules").click()
        page.get_by_role("link", name="Scoring", exact=True).first.click()
        page.wait_for_url("**/guide/scoring")
        # The click returns once the navigation starts: wait for the new page's card.
        page.get_by_role("img", name="Ten of clubs").first.wait_for()
        page.get_by_role("link", name="Next The void hand").click()
        assert page.url.endswith("/guide/void")
    finally:
        context.close()


def test_guide_desktop_screenshot(
    live_server: str, new_page: Callable[..., Any], screenshot: Callable[..., Any]
) -> None:
    page = new_page(1366, 900)
    page.goto(live_server + "/guide/scoring")
    assert overflow(page) == 0
    screenshot(page, "guide-scoring-desktop")
