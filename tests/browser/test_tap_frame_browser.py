"""A tap's first frame does little work (issue 48), read from Chromium's own trace of
the page (its DevTools timeline): selecting a card restyles its slot and the note, not
the table (no ``:has()`` over the table, whose one changed text node restyled all of
it); a discard is shown from the layout the last frame left clean (the card leaves the
hand before the tap writes anything else, so reading where it is forces no style or
layout); an answer replaces the table without htmx cleaning up the old one element by
element, and not while the discard it answers flies to the pile (the new table's style
and layout then fall in no frame of that flight)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.test_play_browser import _cards, _start, _tap, _to_draw_step
from tests.support.tables import at_rest, slow_network

pytestmark = pytest.mark.browser

CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline",
              "disabled-by-default-devtools.timeline.stack"]
FRAME = "() => new Promise(r => requestAnimationFrame(() => setTimeout(r)))"


def _traced(page: Any, act: Callable[[], None]) -> list[dict[str, Any]]:
    """The style recalculations and layouts (``UpdateLayoutTree``, ``Layout``) of the
    page while ``act()`` runs and the next frame is drawn."""
    browser = page.context.browser
    browser.start_tracing(page=page, categories=CATEGORIES)
    try:
        act()
        page.evaluate(FRAME)
    finally:
        trace = json.loads(browser.stop_tracing())
    return [e for e in trace["traceEvents"] if e.get("name") in ("UpdateLayoutTree", "Layout")]


def _discard_step(page: Any, live_server: str) -> str:
    """A new match, drawn from the stock: the code of a card that may be discarded."""
    _start(page, live_server)
    _to_draw_step(page)
    _tap(page, "Draw from stock")
    at_rest(page)
    return next(c["code"] for c in _cards(page) if "discard" in (c["acts"] or "").split())


def test_selecting_a_card_restyles_its_slot_not_the_table(
        live_server: str, new_page: Callable[..., Any]) -> None:
    page = new_page(390, 844)
    code = _discard_step(page, live_server)
    restyled = sum(e["args"].get("elementCount") or 0
                   for e in _traced(page, lambda: page.locator(f"#c-{code}").click())
                   if e["name"] == "UpdateLayoutTree")
    assert page.locator(f"#c-{code}").is_checked()
    total = page.evaluate("() => document.querySelectorAll('#table *').length")
    # The slot, its card and mark, the note, the card buttons: a few dozen at most (the
    # whole table, over 250 elements, before).
    assert restyled <= 40, f"{restyled} of {total} elements restyled"


def test_a_discard_is_shown_from_a_clean_layout(live_server: str,
                                                new_page: Callable[..., Any]) -> None:
    page = new_page(390, 844)
    code = _discard_step(page, live_server)
    page.locator(f"#c-{code}").click()
    at_rest(page)
    # The answer comes after the trace and the look below: 2 s, since the trace's end
    # alone took over 400 ms on a loaded machine once no service worker stood in the
    # request's way (it had added its own start to the round trip).
    slow_network(page, 2000)
    page.evaluate(FRAME)  # a frame drawn since the selection (late on a busy machine)

    def discard() -> None:
        page.locator("#a-discard").evaluate("b => b.click()")

    forced = [e for e in _traced(page, discard)
              if any(f.get("functionName") in ("showDiscard", "ghost")
                     for f in (e["args"].get("beginData") or {}).get("stackTrace") or [])]
    assert page.locator(f".slot--gone[data-card='{code}']").count() == 1  # it was shown
    assert forced == [], [(e["name"], e["args"].get("elementCount")) for e in forced]


def test_an_answer_replaces_the_table_without_cleaning_it_element_by_element(
        live_server: str, new_page: Callable[..., Any]) -> None:
    """htmx cleans up what it replaces one element at a time (two events each: most of an
    answer's time with the CPU slowed 4x): it replaces a stand-in, the old table goes
    whole."""
    page = new_page(390, 844)
    _start(page, live_server)
    _to_draw_step(page)
    at_rest(page)
    page.evaluate("() => { window.__cleaned = 0; document.addEventListener("
                  "'htmx:beforeCleanupElement', () => { window.__cleaned++; }); }")
    old = page.evaluate("() => document.querySelectorAll('#table *').length")
    _tap(page, "Draw from stock")
    cleaned = page.evaluate("window.__cleaned")
    # The status line's and the step help's few old nodes (swapped out of band), not
    # the table's (over 250 elements).
    assert cleaned <= 20, f"{cleaned} elements cleaned up (the old table had {old})"


# The times a new table came in (not swap.js's stand-in, which has no version).
SWAPPED = """() => { window.__swapped = []; if (window.__swapSeen) return;
  window.__swapSeen = new MutationObserver(ms => { for (const m of ms) for (const n of m.addedNodes)
    if (n.id === 'table' && n.dataset.version) window.__swapped.push(performance.now()); });
  window.__swapSeen.observe(document.body, {childList: true, subtree: true}); }"""
# When the animations running now under ``s`` (a selector) have all finished.
STOPPED = """s => { const a = [...document.querySelectorAll(s)].flatMap(e =>
  e.getAnimations({subtree: true})).filter(a => a.playState === 'running' && !a.transitionProperty);
  window.__stopped = null;
  Promise.all(a.map(x => x.finished)).then(() => { window.__stopped = performance.now(); });
  return a.length; }"""


def test_no_answer_is_swapped_in_while_its_discard_flies(
        live_server: str, new_page: Callable[..., Any]) -> None:
    """A discard's answer, come before its card has landed on the pile (the animations
    slowed fourfold: 880 ms of flight, the answer at once), waits for it to land."""
    page = new_page(390, 844)
    code = _discard_step(page, live_server)
    page.locator(f"#c-{code}").click()
    at_rest(page)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Animation.enable")
    cdp.send("Animation.setPlaybackRate", {"playbackRate": 0.25})
    page.evaluate(SWAPPED)
    page.locator("#a-discard").evaluate("b => b.click()")
    assert page.evaluate(STOPPED, ".flyer") == 1  # the card on its way to the pile
    page.wait_for_function("() => window.__swapped.length > 0", timeout=20_000)
    page.wait_for_function("() => window.__stopped !== null", timeout=20_000)
    landed, swapped = page.evaluate("[window.__stopped, window.__swapped[0]]")
    assert swapped >= landed, f"swapped {landed - swapped:.0f} ms before the card landed"
    assert page.locator(f".hand .slot[data-card='{code}']").count() == 0
