"""Moments (issue 48) in a real browser: the person's gin and a won match are
celebrated by the result panel (a short burst of the suits, and a star before the
headline), the burst never takes a tap and a tap skips it; so are the person's big gin and
undercut, and not a hand the computer wins; under reduced motion (the device's or the
Settings') only the still version is there: no burst, nothing moves.

Positions are stored directly (tests/browser/test_match_end_browser.py's helpers). A
screenshot mid-burst goes to test-results/moment-gin-390x844.png.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from app.engine import BigGin, Gin, HandKind, Knock, Phase, legal_actions, new_match
from app.engine.bots import choose_action
from app.engine.match import match_view
from tests.browser.test_match_end_browser import RULES, _finished, _open, site
from tests.browser.test_play_browser import _choose
from tests.support.positions import Position, act, bot_until

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


def _first_won(kind: HandKind, winner: int) -> Position:
    """The first hand (seeds 1, 2, ...; the Standard computer in both seats) that ends by
    ``kind`` won by ``winner`` (0: the person) before the match ends."""
    for seed in range(1, 100):
        found = bot_until((new_match(RULES, seed=seed, first_dealer=1), []), lambda m: m.over or (
            m.hand.phase is Phase.OVER and m.hand.result is not None
            and m.hand.result.kind is kind and m.hand.result.winner == winner))
        if not found[0].over:
            return found
    raise AssertionError(f"no hand ends by {kind} won by {winner}")


def _my_big_gin() -> Position:
    """Seed 4's first hand with big gin in the rules: both seats make the Standard
    computer's moves but discard instead of knocking or going gin, until the person
    (player 0) holds 11 cards all melded and declares big gin."""
    position: Position = (new_match(RULES.with_options(big_gin=True), seed=4, first_dealer=1), [])
    rng = random.Random(1)
    while (hand := position[0].hand).phase is not Phase.OVER:
        seat = hand.to_play
        if seat == 0 and any(isinstance(a, BigGin) for a in legal_actions(hand, 0)):
            return act(position, 0, "big_gin")
        action = choose_action("standard", match_view(position[0], seat), rng)
        move = f"discard {action.card}" if isinstance(action, Knock | Gin) else str(action)
        position = act(position, seat, move)
    raise AssertionError("no big gin in seed 4's first hand")


def _slowed(page: Any) -> Any:
    """``page`` with its animations played fifty times slower (DevTools' animation
    speed, kept across its loads): the burst (about a second) is still running when the
    test looks, however loaded the machine. Returns the page."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Animation.enable")
    cdp.send("Animation.setPlaybackRate", {"playbackRate": 0.02})
    return page


def _burst(page: Any, kind: str) -> Any:
    burst = page.locator(f".moment--{kind} .moment__burst")
    burst.wait_for()
    return burst


def test_your_gin_is_celebrated_and_a_tap_skips_it(site: Any, new_page: Callable[..., Any],
                                                  screenshot: Callable[..., Any]) -> None:
    page = _slowed(new_page(390, 844))
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
    # Everything but the burst come to rest (the headline slides in: a click waits for it
    # to stand still), the burst still running: the tap is what ends it.
    page.evaluate("() => document.getAnimations().filter(a => !(a.effect && a.effect.target"
                  " && a.effect.target.closest('.moment__burst'))).forEach(a => a.finish())")
    assert page.evaluate(MOVING, ".moment__burst") > 0
    page.locator("#result-title").click()
    assert page.locator(".moment__burst").count() == 0
    assert page.locator("#a-next_hand").is_enabled()


@pytest.mark.parametrize("kind", ["big-gin", "undercut"])
def test_your_big_gin_and_undercut_are_celebrated(site: Any, new_page: Callable[..., Any],
                                                  kind: str) -> None:
    position = _my_big_gin() if kind == "big-gin" else _first_won(HandKind.UNDERCUT, 0)
    assert position[0].hand.result is not None
    assert position[0].hand.result.kind.value == kind.replace("-", "_")
    page = _slowed(new_page(390, 844))
    _open(page, site, position)
    _burst(page, kind)
    assert page.evaluate(MOVING, ".moment__burst") > 0
    assert "★" in page.evaluate(STAR, "#result-title")


def test_a_hand_the_computer_wins_is_not_celebrated(site: Any, new_page: Callable[..., Any]
                                                    ) -> None:
    position = _first_won(HandKind.GIN, 1)
    page = new_page(390, 844)
    _open(page, site, position)
    page.locator("#result-title").wait_for()
    assert page.locator(".moment, .moment__burst").count() == 0
    assert "★" not in page.evaluate(STAR, "#result-title")


def test_a_won_match_is_celebrated(site: Any, new_page: Callable[..., Any]) -> None:
    position = _finished(1)
    assert position[0].tally.winner == 0
    page = _slowed(new_page(360, 640))
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
