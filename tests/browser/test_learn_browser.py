"""*Learn by playing* in Chromium at the four viewports, tapped as a newcomer would: taken
from the home page's offer and played to its end through its three hands (a knock, a
gin, an undercut after layoffs; each step on one screen, a move the lesson does not
teach refused kindly with nothing changed, *Play a real match* at the end, the status
line saying the lesson is over), and, at 360×640, started from the guide and left midway
(Leave goes back to the guide; the lesson keeps its place and the home page still offers
it).
tests/web/learn checks over HTTP that a match in progress is untouched. Screenshots of
three steps at 390×844 and 360×640 go to test-results/learn-*.png.
"""

from __future__ import annotations

from typing import Any

import pytest

from app.learn import script
from tests.support.tables import settled, table_version

pytestmark = pytest.mark.browser

VIEWPORTS = [(360, 640), (390, 844), (844, 390), (1366, 800)]
IDS = [f"{w}x{h}" for w, h in VIEWPORTS]
SHOTS = {(390, 844), (360, 640)}
READY = "html[data-play-ready]"


def _page(browser: Any, width: int, height: int) -> Any:
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=True)
    context.set_default_timeout(15_000)
    return context.new_page()


def _idle(page: Any) -> None:
    page.wait_for_function("() => !document.documentElement.classList.contains('is-busy')")


def _on_one_screen(page: Any, *selectors: str) -> None:
    """No page scroll either way, and each of ``selectors`` wholly inside the viewport."""
    sizes = page.evaluate("() => [document.documentElement.scrollWidth, innerWidth,"
                          " document.documentElement.scrollHeight, innerHeight]")
    assert sizes[0] <= sizes[1] and sizes[2] <= sizes[3], f"the page scrolls: {sizes}"
    for selector in selectors:
        box = page.locator(selector).first.bounding_box()
        assert box is not None, f"{selector} is not shown"
        assert box["y"] >= 0 and box["y"] + box["height"] <= sizes[3] + 0.5, selector
        assert box["x"] >= 0 and box["x"] + box["width"] <= sizes[1] + 0.5, selector


def _play_step(page: Any, step: script.Step) -> None:
    """Select the step's card (if any), then tap its control; wait for the next table."""
    if step.card:
        page.locator(f'.slot[data-card="{step.card}"]').tap()
        page.wait_for_function(
            "c => document.getElementById('c-' + c).checked", arg=step.card)
    before = table_version(page)
    page.locator(f"#{step.button}").tap()
    settled(page, before)


@pytest.mark.parametrize(("width", "height"), VIEWPORTS, ids=IDS)
def test_the_lesson_is_played_to_its_end(browser: Any, live_server: str, width: int,
                                         height: int, screenshot: Any) -> None:
    page = _page(browser, width, height)
    page.goto(live_server + "/")
    offer = page.locator("#learn-offer")
    offer.get_by_role("button", name="Learn by playing").tap()
    page.wait_for_url("**/learn")
    page.locator(READY).wait_for(state="attached")
    for done, step in enumerate(script.STEPS):
        coach = page.locator("#coach")
        assert f"{done + 1}/{len(script.STEPS)}" in coach.inner_text()
        assert step.title in coach.inner_text()
        _on_one_screen(page, "#coach", "#learn-leave", f"#{step.button}")
        if done == 0:
            # A move the lesson does not teach: the kind sentence, nothing changed.
            before = table_version(page)
            page.locator("#a-pass").tap()
            page.locator(".coach__refused").wait_for()
            _idle(page)
            assert step.wrong in coach.inner_text()
            assert table_version(page) == before
            page.locator("#learn-leave").wait_for()
        if step.card:
            page.locator(f'.slot[data-card="{step.card}"]').tap()
            page.wait_for_function(
                "c => document.getElementById('c-' + c).checked", arg=step.card)
        page.locator(f"#{step.button}.is-taught").wait_for()
        if (width, height) in SHOTS and done in (0, 3):
            screenshot(page, f"learn-step{done + 1}-{width}x{height}")
        before = table_version(page)
        page.locator(f"#{step.button}").tap()
        settled(page, before)
    page.locator(".result").wait_for()
    result = page.locator(".result").inner_text()
    assert "you score" in result.lower()
    status = page.locator("#status").inner_text()
    assert "The lesson is over" in status and "Next hand" not in status
    _on_one_screen(page, "#coach", "#learn-play", "#learn-leave")
    if (width, height) in SHOTS:
        page.wait_for_function("() => document.getAnimations().every(a => a.playState !== "
                               "'running')")
        screenshot(page, f"learn-end-{width}x{height}")
    page.locator("#learn-play").tap()
    page.wait_for_url("**/play")
    assert page.get_by_role("button", name="Start match").count() == 1  # a first match
    page.context.close()


# Leaving keeps the lesson's place whatever the size (the lesson played to its end checks
# Leave on one screen at every viewport): the smallest phone only (issue 47).
@pytest.mark.parametrize(("width", "height"), [(360, 640)], ids=["360x640"])
def test_the_lesson_is_left_midway(browser: Any, live_server: str, width: int,
                                   height: int) -> None:
    page = _page(browser, width, height)
    page.goto(live_server + "/guide")
    page.locator(".guide-learn").get_by_role("button", name="Learn by playing").tap()
    page.wait_for_url("**/learn")
    page.locator(READY).wait_for(state="attached")
    for step in script.STEPS[:2]:
        _play_step(page, step)
    _on_one_screen(page, "#learn-leave")
    page.locator("#learn-leave").tap()
    page.wait_for_url("**/guide")
    # The lesson kept its place; the home page still offers it (it is not finished).
    page.goto(live_server + "/learn")
    assert f"3/{len(script.STEPS)}" in page.locator("#coach").inner_text()
    page.goto(live_server + "/")
    assert page.locator("#learn-offer").count() == 1
    page.context.close()
