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


# Holds the table's answers (queue.js posts with fetch): each is read in full, then kept
# until window.__release() hands it over, as the response it was (its text at once).
HOLD = """() => { if (window.__held) return; window.__held = [];
  const real = window.fetch;
  window.fetch = function (...args) { return real.apply(this, args).then(r => r.text().then(text =>
    new Promise(resolve => window.__held.push(() => resolve({ ok: r.ok, status: r.status,
      redirected: r.redirected, url: r.url, headers: r.headers,
      text: () => Promise.resolve(text) }))))); };
  window.__release = () => { const h = window.__held.splice(0); h.forEach(f => f());
    return h.length; }; }"""

# In one task: the card ``code`` tapped (its radio clicked) and the held answer handed
# over; then, in the next animation frame (before its paint), whether the table shown is
# still the one tapped, and whether the card is raised in it.
TAP_THEN_ANSWER = """code => new Promise(done => {
  const before = document.getElementById('table');
  document.getElementById('c-' + code).click();
  const released = window.__release();
  requestAnimationFrame(() => done({ released, same: document.getElementById('table') === before,
    checked: !!before.querySelector('#c-' + code + ':checked') }));
})"""


def test_a_tap_made_as_an_answer_comes_is_painted_before_the_answer_is_put_in(
        live_server: str, new_page: Callable[..., Any]) -> None:
    """A card tapped while a draw is in flight, its answer come in the same moment: the
    frame after the tap shows the card raised in the table tapped, and the answer (its
    swap, the longest task of the page) is put in after that frame, the card still
    raised in the new table. Without the wait the answer was put in before the tap's
    frame, which then waited for the new table's style and layout."""
    page = new_page(390, 844)
    _start(page, live_server)
    _to_draw_step(page)
    at_rest(page)
    page.evaluate(HOLD)
    version = page.evaluate("() => document.getElementById('table').dataset.version")
    page.locator("#a-draw_stock").click()
    page.wait_for_function("() => window.__held.length === 1")
    code = page.evaluate("() => document.querySelector('.hand input[name=card]').value")
    shown = page.evaluate(TAP_THEN_ANSWER, code)
    assert shown["released"] == 1
    assert shown["checked"], "the tap did not raise the card"
    assert shown["same"], "the answer was put in before the tap's frame"
    page.wait_for_function("v => document.getElementById('table').dataset.version !== v",
                           arg=version)
    assert page.locator(f"#c-{code}").is_checked()


# The style rules with :hover in effect on the page (their media matching it).
HOVER_RULES = """() => {
  const found = [];
  function walk(rules) {
    for (const rule of rules) {
      if (rule.media && !matchMedia(rule.media.mediaText).matches) continue;
      if (rule.cssRules) walk(rule.cssRules);
      if (rule.selectorText && rule.selectorText.includes(':hover')) found.push(rule.selectorText);
    }
  }
  for (const sheet of document.styleSheets) walk(sheet.cssRules);
  return found;
}"""


def test_no_hover_look_is_in_effect_on_a_touch_screen(live_server: str, browser: Any) -> None:
    """On a touch screen (no hover) a tap leaves :hover on what it hit: no rule gives it
    a look there (the card or button under the finger kept it, and a new table swapped
    in under the finger was restyled and repainted for it); a mouse still gets them."""
    touch = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                is_mobile=True)
    mouse = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        for context in (touch, mouse):
            context.set_default_timeout(10_000)
        phone, desk = touch.new_page(), mouse.new_page()
        _start(phone, live_server)
        _start(desk, live_server)
        assert phone.evaluate(HOVER_RULES) == []
        assert ".slot:hover .card" in desk.evaluate(HOVER_RULES)
    finally:
        touch.close()
        mouse.close()
