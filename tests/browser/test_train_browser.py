"""The drill on a small phone, by keyboard (issue 50): at 360×640 a player with
analysed hands tabs to one of the question's moves and presses Enter; the result is
the page's status, with focus on it, so a screen reader reads it first. The question is
a heading, the moves are buttons named by what they do, the position fits the screen.

Screenshots go to test-results/ (train-question-360x640, train-answer-360x640).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import expect
from sqlalchemy import create_engine

from app.web.sessions import COOKIE_NAME, read_session_id
from tests.support.histories import mark_mistakes, store_history

pytestmark = pytest.mark.browser

TABS = 40
"""More Tab presses than the page has controls before the moves."""

FITS = """() => {
  const page = document.documentElement.scrollWidth <= window.innerWidth;
  const felt = document.querySelector('.train-spot').getBoundingClientRect();
  const hands = [...document.querySelectorAll('.train-spot .review-hand')];
  return page && hands.every(h => [...h.children].every(
    c => c.getBoundingClientRect().right <= felt.right - 4));
}"""
"""True when nothing is wider than the screen and every card lies inside the felt."""


def test_a_question_answered_by_keyboard_at_360_px_announces_its_result(
        start_server: Callable[..., Any], new_page: Callable[..., Any],
        screenshot: Callable[..., Any]) -> None:
    server = start_server()
    page = new_page(360, 640)
    page.goto(server.url + "/")
    engine = create_engine(server.db_url)
    try:
        cookie = next(c["value"] for c in page.context.cookies() if c["name"] == COOKIE_NAME)
        session_id = read_session_id(engine, cookie)
        assert session_id is not None
        store_history(engine, session_id, 1, analysed=1.0, unfinished=False)
        mark_mistakes(engine, session_id)
    finally:
        engine.dispose()
    page.goto(server.url + "/train")
    expect(page.get_by_role("heading", name="Best move?")).to_be_visible()
    moves = page.locator("button.train-move")
    assert moves.count() >= 2
    for i in range(moves.count()):
        name = moves.nth(i).evaluate("b => b.textContent.trim()")
        expect(moves.nth(i)).to_have_accessible_name(name)
        assert len(name) > 3
    assert page.evaluate(FITS), "the position does not fit at 360 px"
    screenshot(page, "train-question-360x640")

    for _ in range(TABS):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.classList.contains('train-move')"):
            break
    else:
        pytest.fail("no move is reachable by Tab")
    chosen = page.evaluate("() => document.activeElement.textContent.trim()")
    page.keyboard.press("Enter")

    result = page.locator("[role=status] #answer-title")
    expect(result).to_be_focused()
    assert result.inner_text() in ("Right: that is Expert's best move.", "Not quite.")
    expect(page.get_by_role("heading", name=result.inner_text())).to_be_visible()
    expect(page.get_by_text(f"Your answer: {chosen}.")).to_be_visible()
    assert page.evaluate(FITS), "the answer does not fit at 360 px"
    page.keyboard.press("Tab")  # on to the next question
    expect(page.get_by_role("link", name="Next question")).to_be_focused()
    screenshot(page, "train-answer-360x640")
