"""Moments (issue 48) in a real browser: the person's gin and a won match are
celebrated by the result panel (a short burst of the suits, and a star before the
headline), the burst never takes a tap and a tap skips it; under reduced motion (the
device's or the Settings') only the still version is there: no burst, nothing moves.

Positions are stored directly (tests/browser/test_match_end_browser.py's helpers). A
screenshot mid-burst goes to test-results/moment-gin-390x844.png.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from app.engine import HandKind, Phase, new_match
from tests.browser.test_match_end_browser import RULES, _finished, _open, site
from tests.browser.test_play_browser import _choose
from tests.support.positions import Position, bot_until

pytestmark = pytest.mark.browser
__all__ = ["site"]  # the module's server, shared with its own tests

MOVING = """sel => document.getAnimations().filter(a => a.playState === 'running'
  && a.effect && a.effect.target && a.effect.target.closest(sel)).length"""
STAR = """sel => getComputedStyle(document.querySelector(sel), '::before').content"""


def _my_gin() -> Position:
    """Seed 6's fourth hand: the person (player 0) goes gin, the match goes on."""
    found = bot_until((new_match(RULES, seed=6, first_dealer=1), []), lambda m: m.over or (
        m.hand.phase is Phase.OVER and m.hand.result is not None
        and m.hand.result.kind is HandKind.GIN and m.hand.result.winner == 0))
    assert not found[0].over
    return found


def _burst(page: Any, kind: str) -> Any:
    burst = page.locator(f".moment--{kind} .moment__burst")
    burst.wait_for()
    return burst


def test_your_gin_is_celebrated_and_a_tap_skips_it(site: Any, new_page: Callable[..., Any],
                                                  screenshot: Callable[[Any, str], Any]) -> None:
    page = new_page(390, 844)
    _open(page, site, _my_gin())
    burst = _burst(page, "gin")
    assert page.evaluate(MOVING, ".moment__burst") > 0
    # Held mid-burst for the screenshot (test-results/), then let go.
    page.evaluate("() => document.getAnimations().forEach(a => {"
                  " a.pause(); a.currentTime = 600; })")
    screenshot(page, "moment-gin-390x844")
    page.evaluate("() => document.getAnimations().forEach(a => a.play())")
    assert "★" in page.evaluate(STAR, "#result-title")
    assert burst.evaluate("e => getComputedStyle(e).pointerEvents") == "none"
    page.locator("#result-title").click()
    assert page.locator(".moment__burst").count() == 0
    assert page.locator("#a-next_hand").is_enabled()


def test_a_won_match_is_celebrated(site: Any, new_page: Callable[..., Any]) -> None:
    position = _finished(1)
    assert position[0].tally.winner == 0
    page = new_page(360, 640)
    _open(page, site, position)
    _burst(page, "match-won")
    assert page.evaluate(MOVING, ".moment__burst") > 0
    assert "★★" in page.evaluate(STAR, ".match-end__verdict")


def test_a_lost_match_and_a_knock_are_not_celebrated(site: Any, new_page: Callable[..., Any]
                                                     ) -> None:
    lost = _finished(2)
    assert lost[0].tally.winner == 1
    page = new_page(390, 844)
    _open(page, site, lost)
    page.locator("#match-title").wait_for()
    assert page.locator(".moment, .moment__burst").count() == 0


@pytest.mark.parametrize("how", ["device", "settings"])
def test_under_reduced_motion_only_the_still_version(site: Any, new_page: Callable[..., Any],
                                                     how: str) -> None:
    page = new_page(390, 844)
    if how == "device":
        page.emulate_media(reduced_motion="reduce")
    else:
        _choose(page, site.url, "motion-reduced")
    for position, kind, headline in ((_my_gin(), "gin", "#result-title"),
                                     (_finished(1), "match-won", ".match-end__verdict")):
        _open(page, site, position)
        page.locator(f".moment--{kind}").wait_for()
        assert not page.locator(".moment__burst").is_visible(), kind
        assert page.evaluate(MOVING, ".moment") == 0, kind
        assert "★" in page.evaluate(STAR, headline), kind
