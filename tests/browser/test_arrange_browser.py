"""Arrange your hand (issue 26), in Chromium at 360×640, 390×844, 844×390 and 1280×800: a
card dragged along the hand (mouse, and a finger at 390×844) takes its new place while
the cards it passes slide aside through intermediate positions, and the order survives a
reload; at 360×640, Shift+Right moves the focused card one place, sliding, and a tap
(even a slightly shaky one) still selects a card and arranges nothing; nothing slides under reduced
motion. Motion is observed as in test_hand_motion_browser.py (every animation the page
starts is kept and probed at its start, middle and end). Mid-drag screenshots at 390×844
go to test-results/ (and the final ones to /work/helpers/shots/arrange/ when that folder
exists).
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.browser.test_hand_motion_browser import (
    _between,
    _centres,
    _context,
    _held_post,
    _log,
    _near,
    _shot_at,
    _start,
)
from tests.support.tables import at_rest as _quiet
from tests.support.tables import in_sight

pytestmark = pytest.mark.browser

VIEWPORTS = [(360, 640), (390, 844), (844, 390), (1280, 800)]
IDS = [f"{w}x{h}" for w, h in VIEWPORTS]
# Shift+Arrow and a tap are the hand's logic, not its geometry: checked at the smallest
# phone, whose cards overlap most (a shaky tap nearest a neighbour); issue 47.
SMALLEST = [(360, 640)]
SMALLEST_IDS = ["360x640"]
MAX_MS = 600
SHOTS = Path("/work/helpers/shots/arrange")


@contextmanager
def _table(browser: Any, base: str, width: int, height: int,
           motion: str = "no-preference") -> Iterator[Any]:
    """A new match's table at ``width``×``height`` (its deal over), in a context of its
    own with motion observed; no script error on it by the end."""
    context = _context(browser, width, height, motion)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        _start(page, base)
        _quiet(page)
        yield page
        assert errors == []
    finally:
        context.close()


def _reload(page: Any) -> None:
    page.reload()
    page.locator("html[data-play-ready]").wait_for(state="attached")


def _codes(page: Any) -> list[str]:
    return list(page.evaluate(
        "() => [...document.querySelectorAll('.hand .slot[data-card]')].map(s => s.dataset.card)"))


_box = in_sight  # the part of a card of the fan in sight


def _still(page: Any) -> None:
    """No animation running (a post may be in flight)."""
    page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running')")


def _slid(page: Any, since: int, before: dict[str, list[float]], skip: str = "") -> set[str]:
    """The cards (but ``skip``) that changed place since ``before``; each one must have
    slid there through intermediate positions, from where it was, within 600 ms."""
    _still(page)
    after = _centres(page)
    probes: dict[str, list[dict[str, Any]]] = {}
    for entry in _log(page)[since:]:
        if entry["kind"] == "hand" and entry["transform"] and _played(page, entry["i"]):
            probe = page.evaluate("i => window.__motion.probe(i)", entry["i"])
            probes.setdefault(entry["card"], []).append({**probe, "end_ms": entry["end"]})
    moved = set()
    for code, now in after.items():
        was = before[code]
        if code == skip or _near(was, now, 2):
            continue
        moved.add(code)
        assert code in probes, f"{code} moved from {was} to {now} with no motion"
        assert any(_near(p["start"], was) and _near(p["end"], now)
                   and _between(p["start"], p["mid"], p["end"]) and p["end_ms"] <= MAX_MS
                   for p in probes[code]), f"{code} did not slide from {was} to {now}"
    return moved


def _played(page: Any, i: int) -> bool:
    """Animation ``i`` was not cancelled (a slide cut short by the next is restarted from
    where it had got to)."""
    return bool(page.evaluate("i => window.__motion.anims[i].playState !== 'idle'", i))


def _save(path: Path | None, name: str) -> None:
    if path is not None and SHOTS.is_dir():
        shutil.copy(path, SHOTS / f"{name}.png")


def _drag(page: Any, code: str, past: str, *, steps: int = 14,
          halfway: Callable[[], None] | None = None, far_right: bool = False) -> None:
    """Drag card ``code`` with the mouse to just right of card ``past``'s centre (so it
    lands after it; ``far_right``: to the right edge of the hand, past the end of
    ``past``'s row, however that row reflows), in ``steps`` moves; ``halfway`` runs
    with the button still down."""
    start, target = _box(page, code), _box(page, past)
    x0, y0 = start["x"] + start["width"] / 2, start["y"] + start["height"] / 2
    x1 = target["x"] + target["width"] * 0.8
    if far_right:
        hand = page.locator(".hand").bounding_box()
        x1 = hand["x"] + hand["width"] - 4
    y1 = target["y"] + target["height"] / 2
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x0 + 6, y0 - 4, steps=2)   # past the few pixels a tap may wobble
    page.mouse.move(x1, y1 - 10, steps=steps)
    if halfway is not None:
        halfway()
    page.mouse.move(x1, y1, steps=2)
    page.mouse.up()


@pytest.mark.parametrize(("width", "height"), VIEWPORTS, ids=IDS)
def test_a_dragged_order_slides_and_survives_a_reload(
        live_server: str, browser: Any, width: int, height: int,
        screenshot: Callable[..., Path | None]) -> None:
    label = f"{width}x{height}"
    with _table(browser, live_server, width, height) as page:
        codes = _codes(page)
        dragged = codes[0]
        wanted = [codes[1], codes[2], dragged, *codes[3:]]
        before = _centres(page)
        since = len(_log(page))

        def mid_drag() -> None:
            lifted = page.locator(f'.slot[data-card="{dragged}"].is-dragging')
            assert lifted.count() == 1, "the dragged card is not lifted"
            if (width, height) == (390, 844):
                _save(screenshot(page, f"arrange-drag-{label}"), "drag-390x844")
                _shot_at(page, screenshot, f"arrange-drag-sliding-{label}", 60)
                _save(Path("test-results") / f"arrange-drag-sliding-{label}.png",
                      "drag-sliding-390x844")

        with _held_post(page):
            _drag(page, dragged, codes[2], halfway=mid_drag)
            assert _codes(page) == wanted, f"{label}: the drag did not place the card"
            # The cards it passed slid aside, through intermediate positions.
            moved = _slid(page, since, before, skip=dragged)
            assert {codes[1], codes[2]} <= moved, f"{label}: {moved}"
            # The dragged card settles from under the pointer into its place.
            settle = [e for e in _log(page)[since:] if e["kind"] == "hand"
                      and e["card"] == dragged and e["transform"] and _played(page, e["i"])]
            assert settle, f"{label}: the dropped card jumped into its place"
            probe = page.evaluate("i => window.__motion.probe(i)", settle[-1]["i"])
            assert _near(probe["end"], _centres(page)[dragged])
            assert _between(probe["start"], probe["mid"], probe["end"])
        _quiet(page)
        assert _codes(page) == wanted
        assert page.locator('.sorts button[aria-pressed="true"]').count() == 0
        _reload(page)
        assert _codes(page) == wanted, f"{label}: the order did not survive the reload"
        if (width, height) == (390, 844):
            _save(screenshot(page, f"arrange-after-reload-{label}"), "after-reload-390x844")


@pytest.mark.parametrize(("width", "height"), SMALLEST, ids=SMALLEST_IDS)
def test_shift_arrow_moves_the_focused_card(live_server: str, browser: Any,
                                            width: int, height: int) -> None:
    label = f"{width}x{height}"
    with _table(browser, live_server, width, height) as page:
        codes = _codes(page)
        card = codes[1]
        page.locator(f"#c-{card}").focus()
        before = _centres(page)
        since = len(_log(page))
        with _held_post(page):
            page.keyboard.press("Shift+ArrowRight")
            wanted = [codes[0], codes[2], card, *codes[3:]]
            assert _codes(page) == wanted, f"{label}: Shift+Right did not move the card"
            assert _slid(page, since, before) == {card, codes[2]}
        _quiet(page)
        assert page.evaluate("() => document.activeElement.id") == f"c-{card}"
        page.keyboard.press("Shift+ArrowLeft")
        page.keyboard.press("Shift+ArrowLeft")   # queued behind the first: one order posted
        assert _codes(page) == [card, *codes[:1], *codes[2:]]
        _quiet(page)
        _reload(page)
        assert _codes(page) == [card, codes[0], *codes[2:]]
        # At the left end it goes no further.
        page.locator(f"#c-{card}").focus()
        page.keyboard.press("Shift+ArrowLeft")
        assert _codes(page)[0] == card


@pytest.mark.parametrize(("width", "height"), SMALLEST, ids=SMALLEST_IDS)
def test_a_tap_still_selects_and_arranges_nothing(live_server: str, browser: Any,
                                                  width: int, height: int) -> None:
    with _table(browser, live_server, width, height) as page:
        posts: list[str] = []
        page.on("request", lambda r: posts.append(r.post_data or "")
                if r.method == "POST" else None)
        codes = _codes(page)
        page.locator(f"#c-{codes[3]}").click()
        assert page.locator(f"#c-{codes[3]}").is_checked()
        # A shaky tap: a few pixels of movement is still a tap.
        box = _box(page, codes[5])
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(x + 3, y + 2, steps=2)
        page.mouse.up()
        assert page.locator(f"#c-{codes[5]}").is_checked()
        assert page.locator(".slot.is-dragging").count() == 0
        assert _codes(page) == codes
        assert not [p for p in posts if "arrange" in p]


def test_a_finger_drags_a_card_without_scrolling_the_page(live_server: str,
                                                         browser: Any) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True, reduced_motion="no-preference")
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        _start(page, live_server)
        _quiet(page)
        # Room to scroll, so that a pan would show.
        page.evaluate("() => { document.body.style.paddingBottom = '1500px'; }")
        codes = _codes(page)
        start, target = _box(page, codes[0]), _box(page, codes[2])
        x0, y0 = start["x"] + start["width"] / 2, start["y"] + start["height"] / 2
        x1, y1 = target["x"] + target["width"] * 0.8, target["y"] + target["height"] / 2
        cdp = context.new_cdp_session(page)
        cdp.send("Input.dispatchTouchEvent",
                 {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
        for i in range(1, 13):
            x = x0 + (x1 - x0) * i / 12
            y = y0 - 30 * (i / 12) * (1 - i / 12)   # up and back: a pan would scroll
            cdp.send("Input.dispatchTouchEvent",
                     {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
        cdp.send("Input.dispatchTouchEvent",
                 {"type": "touchMove", "touchPoints": [{"x": x1, "y": y1}]})
        assert page.evaluate("() => window.scrollY") == 0, "the page scrolled under the drag"
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        assert _codes(page) == [codes[1], codes[2], codes[0], *codes[3:]]
        _quiet(page)
        _reload(page)
        assert _codes(page) == [codes[1], codes[2], codes[0], *codes[3:]]
    finally:
        context.close()


def test_nothing_slides_under_reduced_motion(live_server: str, browser: Any) -> None:
    with _table(browser, live_server, 390, 844, motion="reduce") as page:
        codes = _codes(page)
        since = len(_log(page))
        _drag(page, codes[0], codes[2])
        assert _codes(page) == [codes[1], codes[2], codes[0], *codes[3:]]
        page.locator(f"#c-{codes[4]}").focus()
        page.keyboard.press("Shift+ArrowRight")
        _quiet(page)
        assert [e for e in _log(page)[since:] if e["kind"] == "hand"] == []


def test_an_order_refused_as_stale_is_sent_again_with_the_new_version(
        live_server: str, browser: Any) -> None:
    """A friend's move may bump the version while an order is on its way (409): the table
    sends it once more with the new version, so the order is not lost."""
    with _table(browser, live_server, 390, 844) as page:
        sent: list[str] = []

        def stale_once(route: Any) -> None:
            body = route.request.post_data or ""
            if route.request.method == "POST" and "arrange=" in body:
                sent.append(body)
                if len(sent) == 1:
                    route.continue_(post_data=re.sub(r"version=\d+", "version=99999", body))
                    return
            route.continue_()

        page.route("**/play", stale_once)
        codes = _codes(page)
        page.locator(f"#c-{codes[0]}").focus()
        page.keyboard.press("Shift+ArrowRight")
        page.wait_for_function("() => !document.documentElement.classList.contains('is-busy')")
        _quiet(page)
        assert len(sent) == 2
        assert _codes(page) == [codes[1], codes[0], *codes[2:]]
        page.unroute("**/play")
        _reload(page)
        assert _codes(page) == [codes[1], codes[0], *codes[2:]]


@pytest.mark.parametrize(("width", "height"), [(360, 640), (390, 844)], ids=["360x640", "390x844"])
def test_a_card_dragged_across_the_whole_fan_of_a_phone(
        live_server: str, browser: Any, width: int, height: int,
        screenshot: Callable[..., Path | None]) -> None:
    """The hand is one fan (issue 48): the first card dragged past the last one lands at
    the right end, the dragged card never widens the page, and the order survives a
    reload."""
    label = f"{width}x{height}"
    with _table(browser, live_server, width, height) as page:
        codes = _codes(page)
        tops = page.evaluate("() => [...document.querySelectorAll('.hand .slot[data-card]')]"
                             ".map(s => Math.round(s.getBoundingClientRect().top))")
        assert len(set(tops)) == 1, f"{label}: the hand is not one row {tops}"

        def mid_drag() -> None:
            wide = page.evaluate("() => document.documentElement.scrollWidth")
            assert wide <= width, f"{label}: the dragged card widens the page ({wide} px)"
            if (width, height) == (390, 844):
                _shot_at(page, screenshot, f"arrange-across-fan-{label}", 60)
                _save(Path("test-results") / f"arrange-across-fan-{label}.png",
                      "drag-across-fan-390x844")

        _drag(page, codes[0], codes[-1], halfway=mid_drag, far_right=True)
        assert _codes(page) == [*codes[1:], codes[0]]
        _quiet(page)
        width_px = page.evaluate("() => document.documentElement.scrollWidth")
        assert width_px <= width, f"{label}: the fan overflows the screen ({width_px} px)"
        _reload(page)
        assert _codes(page) == [*codes[1:], codes[0]]


def test_a_drag_goes_on_while_the_last_order_is_answered(live_server: str,
                                                         browser: Any) -> None:
    """The answer to one drag's order arrives during the next drag: that drag goes on
    (the table is not swapped under it), and both orders end up stored."""
    with _table(browser, live_server, 390, 844) as page:
        codes = _codes(page)
        with _held_post(page):
            _drag(page, codes[0], codes[1])
            first = [codes[1], codes[0], *codes[2:]]
            assert _codes(page) == first
            # The next drag starts while that order is on its way.
            box, target = _box(page, codes[2]), _box(page, codes[3])
            x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            page.mouse.move(x, y)
            page.mouse.down()
            page.mouse.move(x + 12, y - 4, steps=3)
        page.wait_for_function(
            "() => !document.documentElement.classList.contains('is-busy')")
        assert page.locator(f'.slot[data-card="{codes[2]}"].is-dragging').count() == 1
        page.mouse.move(target["x"] + target["width"] * 0.8, y, steps=8)
        page.mouse.up()
        wanted = [codes[1], codes[0], codes[3], codes[2], *codes[4:]]
        assert _codes(page) == wanted
        _quiet(page)
        _reload(page)
        assert _codes(page) == wanted
