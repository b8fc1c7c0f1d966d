"""Never silent, never lost (issue 48), in Chromium: a *Discard* tapped while the draw is
in flight is queued and lands; every refused tap (the card just taken from the pile,
*Discard* with nothing selected, a key whose button is not open) puts a reason in the
status line, on the play table and the lesson's; a tap on the felt lowers a raised card;
under reduced motion a discarded card leaves the hand at once, before the answer; *Pass*
answers at once; a card pressed as an answer re-lays out the hand is the card aimed at."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from app.learn import script
from tests.browser.test_play_browser import _cards, _enabled, _start, _tap, _to_draw_step
from tests.support.tables import at_rest, at_table, in_sight, settled, slow_network, table_version

pytestmark = pytest.mark.browser

BUSY = "() => document.documentElement.classList.contains('is-busy')"
IDLE = "() => !document.documentElement.classList.contains('is-busy')"
REFUSED = "#status .play-status__refused"


def _posts(page: Any) -> list[str]:
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    return posts


@pytest.mark.parametrize("latency", [150, 400])
@pytest.mark.parametrize(("width", "height"), [(390, 844), (844, 390)], ids=["390x844", "844x390"])
def test_a_discard_tapped_during_the_draw_lands(live_server: str, new_page: Callable[..., Any],
                                                width: int, height: int, latency: int) -> None:
    page = new_page(width, height)
    _start(page, live_server)
    _to_draw_step(page)
    at_rest(page)
    slow_network(page, latency)
    posts = _posts(page)
    code = _cards(page)[0]["code"]
    page.locator("#a-draw_stock").click()
    page.wait_for_function(BUSY)
    # While the draw is in flight (both taps in one task of the page, so surely before
    # the answer): choose a card, then tap Discard (not the card again).
    assert page.evaluate(
        "c => { document.getElementById('c-' + c).click();"
        " document.getElementById('a-discard').click();"
        " return document.documentElement.classList.contains('is-busy'); }", code)
    page.wait_for_function(
        "c => !document.querySelector('#c-' + c) && !document.documentElement.classList"
        ".contains('is-busy')", arg=code)
    assert len(posts) == 2
    assert page.locator(REFUSED).count() == 0


def test_discard_tapped_during_the_draw_with_no_card_says_why(live_server: str,
                                                              new_page: Callable[..., Any]) -> None:
    page = new_page(390, 844)
    _start(page, live_server)
    _to_draw_step(page)
    at_rest(page)
    slow_network(page, 300)
    posts = _posts(page)
    # Both taps in one task of the page: the draw's answer cannot come in between (two
    # calls of Playwright took longer than the 300 ms on a loaded machine).
    assert page.evaluate(
        "() => { document.getElementById('a-draw_stock').click();"
        " document.getElementById('a-discard').click();"
        " return document.documentElement.classList.contains('is-busy'); }")
    page.wait_for_function(IDLE)
    assert len(posts) == 1
    assert "Select a card first" in page.locator(REFUSED).inner_text()


def test_pass_answers_at_once(live_server: str, new_page: Callable[..., Any]) -> None:
    page = new_page(390, 844)
    _start(page, live_server)
    for _ in range(6):
        if _enabled(page, "Pass"):
            break
        _tap(page, "Next hand")
    else:
        pytest.skip("no upcard offer to pass on")
    at_rest(page)
    slow_network(page, 400)
    # The tap and the look in one task of the page: the answer cannot have come yet.
    shown = page.locator("#a-pass").evaluate(
        "b => { b.click(); return [document.documentElement.classList.contains('is-busy'),"
        " b.getAttribute('aria-pressed'), document.getElementById('status').textContent]; }")
    assert shown[0] is True
    assert shown[1] == "true"
    assert "You pass" in shown[2]
    page.wait_for_function(IDLE)


def _take_from_the_pile(page: Any) -> str:
    """Play on (pass, or draw and discard) until the pile's top may be taken, take it and
    return its code."""
    for _ in range(12):
        if page.locator("#a-take:not([disabled])").count():
            top = str(page.locator(".pile__top").get_attribute("data-card"))
            before = table_version(page)
            page.locator("#a-take").click()
            settled(page, before)
            return top
        if _enabled(page, "Next hand"):
            _tap(page, "Next hand")
        elif _enabled(page, "Pass"):
            _tap(page, "Pass")
        elif _enabled(page, "Draw from stock"):
            _tap(page, "Draw from stock")
            code = next(c["code"] for c in _cards(page) if "discard" in (c["acts"] or "").split())
            page.locator(f"#c-{code}").click()
            before = table_version(page)
            page.locator(f"#c-{code}").click()
            settled(page, before)
        else:
            page.wait_for_function(IDLE)
    raise AssertionError("never could take from the pile")


def test_every_refused_tap_says_why_on_the_play_table(live_server: str,
                                                      new_page: Callable[..., Any]) -> None:
    page = new_page(390, 844)
    _start(page, live_server)
    top = _take_from_the_pile(page)
    at_rest(page)
    # The card just taken, dragged onto the pile: it cannot go back, and says so.
    card = in_sight(page, top)  # the hand is a fan: the next card covers the rest
    pile = page.locator(".pile--discard .pile__btn").bounding_box()
    assert card and pile
    page.mouse.move(card["x"] + card["width"] / 2, card["y"] + card["height"] / 2)
    page.mouse.down()
    page.mouse.move(pile["x"] + pile["width"] / 2, pile["y"] + pile["height"] / 2, steps=8)
    page.mouse.up()
    assert "from the pile" in page.locator(REFUSED).inner_text()
    assert page.locator(f"#c-{top}").count() == 1
    page.evaluate("() => { document.getElementById('status').textContent = ''; }")
    at_rest(page)
    # Tapped twice: it cannot go back, says so, and is lowered.
    page.locator(f"#c-{top}").click()
    page.locator(f"#c-{top}").click()
    assert "from the pile" in page.locator(REFUSED).inner_text()
    assert not page.locator(f"#c-{top}").is_checked()
    # Discard with nothing selected.
    page.evaluate("() => document.querySelectorAll('.hand input:checked')"
                  ".forEach(r => { r.checked = false; })")
    page.locator("#a-discard").click(force=True)  # aria-disabled: still a tap to answer
    page.locator(REFUSED).filter(has_text="Select a card first").wait_for()
    # A raised card says how it goes; a tap on the felt lowers it.
    other = next(c["code"] for c in _cards(page) if "discard" in (c["acts"] or "").split())
    page.locator(f"#c-{other}").click()
    assert "Tap it again to discard it" in page.locator("#hand-note").inner_text()
    page.locator("#hand-note").click()
    assert not page.locator(f"#c-{other}").is_checked()
    # A key whose button is not open at this step (S: the stock, after the draw).
    page.keyboard.press("s")
    page.locator(REFUSED).filter(has_text="Draw from stock is not open now").wait_for()
    assert table_version(page) == page.locator("#table").get_attribute("data-version")


def test_every_refused_tap_says_why_in_the_lesson(live_server: str, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    context.set_default_timeout(15_000)
    page = context.new_page()
    try:
        page.goto(live_server + "/learn")
        at_table(page)
        discard = next(n for n, step in enumerate(script.STEPS) if step.button == "a-discard")
        for step in script.STEPS[:discard]:
            if step.card:
                page.locator(f'.slot[data-card="{step.card}"]').tap()
            before = table_version(page)
            page.locator(f"#{step.button}").tap()
            settled(page, before)
        page.evaluate("() => document.querySelectorAll('.hand input:checked')"
                      ".forEach(r => { r.checked = false; })")
        page.locator("#a-discard").tap(force=True)
        page.locator(REFUSED).filter(has_text="Select a card first").wait_for()
    finally:
        context.close()


@pytest.mark.parametrize("how", ["device", "settings"])
def test_under_reduced_motion_a_discard_leaves_the_hand_at_once(
        live_server: str, browser: Any, how: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844},
                                  reduced_motion="reduce" if how == "device" else "no-preference")
    context.set_default_timeout(15_000)
    page = context.new_page()
    try:
        if how == "settings":
            page.goto(live_server + "/settings")
            page.locator("#motion-reduced").check()
            page.get_by_role("button", name="Save settings").click()
            page.wait_for_url("**/settings?saved=1")
        _start(page, live_server)
        _to_draw_step(page)
        _tap(page, "Draw from stock")
        page.wait_for_function(IDLE)
        code = next(c["code"] for c in _cards(page) if "discard" in (c["acts"] or "").split())
        page.locator(f"#c-{code}").click()
        slow_network(page, 400)
        page.locator(f"#c-{code}").click()
        # Right after the tap, the answer still on its way: the card is off the hand.
        shown = page.evaluate(
            "c => [document.documentElement.classList.contains('is-busy'),"
            " getComputedStyle(document.querySelector('#c-' + c).closest('.slot')"
            ".querySelector('.card')).visibility, document.getAnimations().length]", code)
        assert shown == [True, "hidden", 0]
        page.wait_for_function(
            "c => !document.querySelector('#c-' + c) && !document.documentElement.classList"
            ".contains('is-busy')", arg=code)
        assert page.locator(".flyer").count() == 0
    finally:
        context.close()


def _centre(box: dict[str, float]) -> tuple[float, float]:
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


LANDED = ("c => !document.querySelector('#c-' + c) && !document.querySelector('.flyer')"
          " && !document.documentElement.classList.contains('is-busy')")


def test_quick_draw_then_card_then_discard_always_lands(live_server: str,
                                                        new_page: Callable[..., Any]) -> None:
    """Issue 48: Draw, then at once a card and Discard (three taps of the mouse, none
    waiting for an answer), with 300 ms added round trip: every discard lands, none is
    refused, each sequence posts twice."""
    page = new_page(390, 844)
    _start(page, live_server)
    at_table(page)
    slow_network(page, 300)
    posts = _posts(page)
    for _ in range(4):
        _to_draw_step(page, settle=at_rest)
        at_rest(page)
        code = _cards(page)[-1]["code"]  # the fan's last card: all of it in sight
        card = in_sight(page, code)
        stock = page.locator("#a-draw_stock").bounding_box()
        discard = page.locator("#a-discard").bounding_box()
        assert card and stock and discard
        sent = len(posts)
        page.mouse.click(*_centre(stock))
        page.mouse.click(card["x"] + card["width"] / 2, card["y"] + card["height"] / 2)
        page.mouse.click(*_centre(discard))
        page.wait_for_function(LANDED, arg=code)
        assert len(posts) == sent + 2, posts[sent:]
        assert page.locator(REFUSED).count() == 0


# The cards of the hand drawn at the start of their slide (where they were before the
# answer) while their radios are already laid out where they go: a point of ``code``'s
# card in sight, the topmost card there being its own.
SHOWN_POINT = """c => {
  const card = document.querySelector('.hand .slot[data-card="' + c + '"] .card');
  const r = card.getBoundingClientRect();
  const xs = [];
  for (let x = r.left + 1; x < r.right - 1; x += 2) {
    const top = document.elementsFromPoint(x, r.top + r.height / 2)
      .find(e => e.matches('.hand .card'));
    if (top === card) xs.push(x);
  }
  return xs.length ? [xs[Math.floor(xs.length / 2)], r.top + r.height / 2] : null;
}"""


def _mid_slide(page: Any) -> tuple[str, list[float]]:
    """Draw from the stock with the page's animations slowed a hundred times, then hold
    every animation at its start once the answer is in: the hand's cards shown where they
    were, their radios where they go. Returns a card that slid (most) and a point of it
    in sight."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Animation.enable")
    lefts = page.evaluate("() => Object.fromEntries([...document.querySelectorAll("
                          "'.hand .slot[data-card]')].map(s => [s.dataset.card,"
                          " s.getBoundingClientRect().left]))")
    cdp.send("Animation.setPlaybackRate", {"playbackRate": 0.01})
    before = table_version(page)
    page.locator("#a-draw_stock").click()
    settled(page, before)
    page.evaluate("() => document.getAnimations().forEach(a => { a.pause(); a.currentTime = 0; })")
    cdp.send("Animation.setPlaybackRate", {"playbackRate": 1})  # held: what comes next runs
    now = page.evaluate("() => Object.fromEntries([...document.querySelectorAll("
                        "'.hand .slot[data-card]')].map(s => [s.dataset.card,"
                        " s.getBoundingClientRect().left]))")
    code = max((c for c in lefts if c in now), key=lambda c: abs(now[c] - lefts[c]))
    assert abs(now[code] - lefts[code]) >= 10, "no card of the hand slides"
    point = page.evaluate(SHOWN_POINT, code)
    assert point, f"{code} is nowhere in sight"
    return code, point


def test_a_card_tapped_while_the_hand_slides_is_the_card_shown(
        live_server: str, new_page: Callable[..., Any]) -> None:
    """After a draw the cards slide from where they were to their new places (the radio
    you tap is already at the new place): a tap takes the card shown under the finger,
    and a card that slides away between press and release is still the one tapped."""
    page = new_page(390, 844)
    _start(page, live_server)
    at_table(page)
    _to_draw_step(page, settle=at_rest)
    at_rest(page)
    code, point = _mid_slide(page)
    page.mouse.click(*point)
    assert page.locator(f"#c-{code}").is_checked(), "the tap took another card"
    # Lowered again, then pressed where it is shown and let go once it has slid away.
    page.locator("#hand-note").click()
    assert not page.locator(f"#c-{code}").is_checked()
    page.mouse.move(*point)
    page.mouse.down()
    page.evaluate("() => document.getAnimations().forEach(a => a.finish())")
    at_rest(page)
    page.mouse.up()
    assert page.locator(f"#c-{code}").is_checked(), "the card that slid away was not taken"
    assert page.locator(".hand input:checked").count() == 1


# A point of the hand's felt where no card is shown (the slides hold the cards where they
# were) but a card of the hand comes to rest (not the drawn card, flying to its place),
# along the at-rest cards' middle: [x, y, that card's code] (the topmost card at rest
# there), or null.
GAP_POINT = """() => {
  const slots = [...document.querySelectorAll('.hand .slot[data-card]:not(.slot--gone)')];
  const rest = slots.map(s => { const r = s.getBoundingClientRect(), c = s.querySelector('.card');
    return {code: s.dataset.card, left: r.left + c.offsetLeft, top: r.top + c.offsetTop,
            width: c.offsetWidth, height: c.offsetHeight,
            flying: s.classList.contains('is-flying')}; });
  const y = rest[0].top + rest[0].height / 2;
  for (const x of [...Array(400).keys()].map(i => i * 2)) {
    const hit = document.elementFromPoint(x, y);
    if (!hit || hit.closest('.card') || !hit.closest('.hand')) continue;
    const under = rest.filter(c => x >= c.left + 3 && x <= c.left + c.width - 3);
    const top = under[under.length - 1];  // not the drawn card's landing place (landingAt)
    if (top && !top.flying) return [x, y, top.code];
  }
  return null;
}"""


def test_a_tap_on_a_gap_the_sliding_cards_leave_takes_the_card_coming_to_rest_there(
        live_server: str, new_page: Callable[..., Any]) -> None:
    """Issue 48: after a draw the cards slide to their new places and the fan grows, so
    for a moment the felt shows between or beside them where a card is about to rest (a
    quick player's tap at the fan's end, 250 ms after the answer at 4x CPU, hit the felt
    and *Discard* then said "Select a card first"). A press there takes the card coming
    to rest there."""
    page = new_page(390, 844)
    _start(page, live_server)
    at_table(page)
    for _ in range(4):
        _to_draw_step(page, settle=at_rest)
        at_rest(page)
        _mid_slide(page)
        gap = page.evaluate(GAP_POINT)
        if gap:
            break
        page.evaluate("() => document.getAnimations().forEach(a => a.finish())")
        at_rest(page)
        page.locator(".hand input[data-acts~=discard]").first.click()
        _tap(page, "Discard")
    else:
        raise AssertionError("no draw left a gap in the hand while its cards slid")
    x, y, code = gap
    page.mouse.click(x, y)
    assert page.locator(f"#c-{code}").is_checked(), f"the felt at {x} took no card, not {code}"
    assert page.locator(".hand input:checked").count() == 1


# --- a press aimed at the hand an answer has just re-laid out ------------------------------

# The card shown under each point of a line across the hand (its cards' middle height), 2
# px apart: [x, code or null].
HITS = """y => {
  const hand = document.querySelector('.hand').getBoundingClientRect();
  const out = [];
  for (let x = Math.ceil(hand.left); x < hand.right; x += 2) {
    const hit = document.elementFromPoint(x, y);
    const slot = hit && hit.closest('.hand .slot[data-card]');
    out.push([x, slot ? slot.dataset.card : null]);
  }
  return out;
}"""

# Once the next answer is in, the time it was put in the page (performance.now()), in
# window.__swapped.
SWAPPED = """() => {
  window.__swapped = null;
  document.addEventListener('gin:swap', () => { window.__swapped = performance.now(); },
                            {once: true});
}"""


def _moved_under(before: list[list[Any]], after: list[list[Any]],
                 held: set[str]) -> tuple[float, str, str]:
    """A point where the hand before showed a card still held and the hand after shows
    another one, at least 4 px inside both (no edge): (x, aimed at, shown now)."""
    for i in range(2, len(before) - 2):
        old = {before[j][1] for j in range(i - 2, i + 3)}
        new = {after[j][1] for j in range(i - 2, i + 3)}
        (was,), (now,) = (old, new) if len(old) == len(new) == 1 else ((None,), (None,))
        if was in held and now is not None and now != was:
            return float(before[i][0]), str(was), str(now)
    raise AssertionError("no card of the hand moved from under a point")


def _press(page: Any, x: float, y: float, at_ms: float, pointer: str = "mouse") -> None:
    """A tap at (x, y) made at ``at_ms`` (the page's performance.now() clock), as
    Chromium's input carries it (event.timeStamp), whenever it is delivered: a press
    made at that moment and handled once the page's thread is free (a slow phone).
    ``pointer``: ``"mouse"`` (a click) or ``"touch"`` (a finger: touch start and end,
    as a phone stamps a touch when the finger lands)."""
    cdp = page.context.new_cdp_session(page)
    origin = float(page.evaluate("performance.timeOrigin"))
    at = (origin + at_ms) / 1000
    if pointer == "touch":
        for kind, points in (("touchStart", [{"x": x, "y": y}]), ("touchEnd", [])):
            cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points,
                                                  "timestamp": at})
    else:
        for kind in ("mousePressed", "mouseReleased"):
            cdp.send("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y,
                                                  "button": "left", "clickCount": 1,
                                                  "timestamp": at})
    cdp.detach()


def _discards(page: Any) -> list[str]:
    """The cards the page's discards post, in order."""
    cards: list[str] = []

    def seen(request: Any) -> None:
        body = request.post_data or ""
        if request.method == "POST" and "action=discard" in body:
            cards.append(body.split("card=")[1].split("&")[0])
    page.on("request", seen)
    return cards


def _draw_and_see_what_moved(page: Any) -> tuple[float, float, str, str]:
    """Draw from the stock at the draw step (the table at rest) and wait until the
    answer is in and the hand still; then, along the line ``y`` through the middle of
    the hand's cards: a point ``x`` where another card is shown now than before the
    draw, the card ``aimed`` at there before and the card ``shown`` there now
    (:func:`_moved_under`), as ``(x, y, aimed, shown)``."""
    _to_draw_step(page, settle=at_rest)
    at_rest(page)
    held = {c["code"] for c in _cards(page)}
    box = page.locator(".hand .slot .card").first.bounding_box()
    y = box["y"] + box["height"] / 2
    before = page.evaluate(HITS, y)
    page.evaluate(SWAPPED)
    version = table_version(page)
    page.locator("#a-draw_stock").click()
    settled(page, version)
    page.wait_for_function("() => window.__swapped !== null")
    at_rest(page)
    x, aimed, shown = _moved_under(before, page.evaluate(HITS, y), held)
    return x, y, aimed, shown


@pytest.mark.parametrize("motion", ["reduce", "no-preference"], ids=["reduced", "motion"])
@pytest.mark.parametrize(("width", "height", "pointer"),
                         [(390, 844, "mouse"), (360, 640, "mouse"), (390, 844, "touch")],
                         ids=["390x844", "360x640", "390x844-touch"])
def test_a_card_pressed_as_the_drawn_card_comes_in_is_the_card_aimed_at(
        live_server: str, browser: Any, motion: str, width: int, height: int,
        pointer: str) -> None:
    """Issue 48: the player aims at a card while the draw is answered; the answer puts the
    drawn card in and moves the others half a step (at once under reduced motion), so
    another card is under the finger when it comes down. A press made as the answer is
    put in, before the new hand is on the screen, and handled once it is (a slow phone,
    busy with the answer) takes the card aimed at, and *Discard* discards that one
    (before, the card now under the finger: the neighbour, or the drawn card, discarded
    in silence). A press made once the new hand has been seen takes the card under it."""
    context = browser.new_context(viewport={"width": width, "height": height},
                                  reduced_motion=motion, has_touch=pointer == "touch")
    context.set_default_timeout(15_000)
    page = context.new_page()
    try:
        _start(page, live_server)
        discards = _discards(page)
        for _ in range(3):
            x, y, aimed, shown = _draw_and_see_what_moved(page)
            # Pressed as the answer was put in, handled after (the page was busy with it).
            _press(page, x, y, float(page.evaluate("window.__swapped")) + 1, pointer)
            assert page.locator(f"#c-{aimed}").is_checked(), f"aimed at {aimed}, took {shown}"
            assert page.locator(".hand input:checked").count() == 1
            sent = len(discards)
            page.get_by_role("button", name="Discard", exact=True).click()
            page.wait_for_function(LANDED, arg=aimed)
            assert discards[sent:] == [aimed]
            assert page.locator(REFUSED).count() == 0
        # Seen, then tapped: the card under the finger now.
        x, y, aimed, shown = _draw_and_see_what_moved(page)
        page.wait_for_function("() => performance.now() > window.__swapped + 1000")
        if pointer == "touch":
            page.touchscreen.tap(x, y)
        else:
            page.mouse.click(x, y)
        assert page.locator(f"#c-{shown}").is_checked(), f"shown {shown}, took {aimed}"
    finally:
        context.close()


# --- taps made while the draw is held in flight ---------------------------------------------

def _hold_the_draw(page: Any, *actions: str) -> list[Any]:
    """Hold the answer to the next draw (or the next posts of ``actions``, in that order)
    until the test lets it go (``held[0].continue_()``): taps made meanwhile are surely
    made while the draw is in flight."""
    wanted = actions or ("draw_stock",)
    held: list[Any] = []

    def route(r: Any) -> None:
        if r.request.method == "POST" and len(held) < len(wanted) \
                and f"action={wanted[len(held)]}" in (r.request.post_data or ""):
            held.append(r)
        else:
            r.continue_()
    page.route("**/play", route)
    return held


@pytest.mark.parametrize("motion", ["reduce", "no-preference"], ids=["reduced", "motion"])
@pytest.mark.parametrize("how", ["card twice", "card then Discard"])
def test_a_card_tapped_while_the_draw_is_in_flight_lands(live_server: str, browser: Any,
                                                         motion: str, how: str) -> None:
    """Draw, then the card tapped twice, or tapped and *Discard*, all with the mouse while
    the draw's answer is held: the discard is queued, shown, and lands once the drawn card
    is in; that card is the one posted, nothing is refused."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, reduced_motion=motion)
    context.set_default_timeout(15_000)
    page = context.new_page()
    try:
        _start(page, live_server)
        _to_draw_step(page, settle=at_rest)
        at_rest(page)
        code = _cards(page)[len(_cards(page)) // 2]["code"]
        card = in_sight(page, code)
        point = (card["x"] + card["width"] / 2, card["y"] + card["height"] / 2)
        discards = _discards(page)
        posts = _posts(page)
        held = _hold_the_draw(page)
        page.locator("#a-draw_stock").click()
        page.wait_for_function(BUSY)
        page.mouse.click(*point)
        assert page.locator(f"#c-{code}").is_checked()
        if how == "card twice":
            page.mouse.click(*point)
        else:
            # aria-disabled while the draw is in flight: still a tap, queued.
            page.get_by_role("button", name="Discard", exact=True).click(force=True)
        # Shown at once, queued behind the draw.
        page.locator(f'.hand .slot[data-card="{code}"].slot--gone').wait_for(state="attached")
        assert len(posts) == 1 and len(held) == 1
        held[0].continue_()
        page.wait_for_function(LANDED, arg=code)
        assert discards == [code]
        assert len(posts) == 2
        assert page.locator(REFUSED).count() == 0
    finally:
        context.close()


def test_a_card_on_its_way_to_the_pile_is_not_told_to_be_tapped_again(
        live_server: str, new_page: Callable[..., Any]) -> None:
    """A raised card's note says how it goes ("Tap it again to discard it …"); once it is
    tapped again and on its way to the pile, before the answer, the note no longer tells
    the player to tap it again."""
    page = new_page(390, 844)
    _start(page, live_server)
    _to_draw_step(page, settle=at_rest)
    at_rest(page)
    version = table_version(page)
    page.locator("#a-draw_stock").click()
    settled(page, version)
    at_rest(page)
    code = next(c["code"] for c in _cards(page) if "discard" in (c["acts"] or "").split())
    page.locator(f"#c-{code}").click()
    assert "Tap it again to discard it" in page.locator("#hand-note").inner_text()
    held = _hold_the_draw(page, "discard")
    page.locator(f"#c-{code}").click()
    page.locator(f'.hand .slot[data-card="{code}"].slot--gone').wait_for(state="attached")
    page.wait_for_function(BUSY)
    assert "Tap it again" not in page.locator("#hand-note").inner_text()
    assert len(held) == 1, "the discard's answer came before the note was read"
    held[0].continue_()
    page.wait_for_function(LANDED, arg=code)


def test_a_queued_tap_no_longer_open_says_so_and_a_repeat_does_not(
        live_server: str, new_page: Callable[..., Any]) -> None:
    """Behind a draw from the stock: the stock tapped again is a repeat (dropped in
    silence); *Take discard* or *Knock* (no card chosen) can no longer be made, and the
    status line says why rather than nothing."""
    page = new_page(390, 844)
    _start(page, live_server)
    for second, said in (("#a-draw_stock", None), ("#a-take", "is not open now"),
                         ("#a-knock", "Knock")):
        _to_draw_step(page, settle=at_rest)
        at_rest(page)
        posts = _posts(page)
        held = _hold_the_draw(page)
        page.locator("#a-draw_stock").click()
        page.wait_for_function(BUSY)
        page.locator(second).click(force=True)  # aria-disabled: still a tap to answer
        held[0].continue_()
        page.wait_for_function(IDLE)
        page.unroute("**/play")
        assert len(posts) == 1, posts
        if said is None:
            assert page.locator(REFUSED).count() == 0
        else:
            assert said in page.locator(REFUSED).inner_text()
        # Discard a card to end the turn.
        code = next(c["code"] for c in _cards(page) if "discard" in (c["acts"] or "").split())
        before = table_version(page)
        page.locator(f"#c-{code}").click()
        page.locator(f"#c-{code}").click()
        settled(page, before)


# The card ``c``'s slot: off the hand (shown leaving, or gone), and a flyer on the page.
GOING = ("c => { const s = document.querySelector('.hand .slot[data-card=\"' + c + '\"]');"
         " return [!s || s.classList.contains('slot--gone'),"
         " !!document.querySelector('.flyer')]; }")


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_discard_shows_at_the_press_and_a_press_slid_off_puts_the_card_back(
        live_server: str, new_page: Callable[..., Any], motion: str) -> None:
    """The finger lands on *Discard*: the selected card leaves the hand then, before the
    finger lifts (the click) and before anything is sent; lifted on the button, the
    discard is sent and lands. A press slid off the button before the release sends
    nothing and puts the card back."""
    page = new_page(390, 844, motion=motion)
    posts = _posts(page)
    _start(page, live_server)
    _to_draw_step(page)
    _tap(page, "Draw from stock")
    at_rest(page)
    code = next(c["code"] for c in _cards(page) if "discard" in (c["acts"] or "").split())
    page.locator(f"#c-{code}").click()
    at_rest(page)
    box = page.locator("#a-discard").bounding_box()
    assert box is not None
    sent = len(posts)
    # Pressed, then slid off onto the felt above the hand and released: no discard.
    page.mouse.move(*_centre(box))
    page.mouse.down()
    assert page.evaluate(GOING, code) == [True, True]
    page.mouse.move(box["x"] + box["width"] / 2, 10, steps=4)
    page.mouse.up()
    page.wait_for_function(f"() => !({GOING})('{code}')[1]")
    at_rest(page)
    assert page.evaluate(GOING, code) == [False, False]
    assert len(posts) == sent
    assert page.locator(f"#c-{code}").is_checked()
    # Pressed and lifted on the button: shown at the press, sent at the release.
    page.mouse.move(*_centre(box))
    page.mouse.down()
    assert page.evaluate(GOING, code) == [True, True]
    assert len(posts) == sent
    version = table_version(page)
    page.mouse.up()
    page.wait_for_function("v => document.querySelector('#table').dataset.version !== v",
                           arg=version)
    page.wait_for_function(LANDED, arg=code)
    assert len(posts) == sent + 1



# A draw shown (its card on its way from a pile, a flyer) and the pile's top hidden as taken.
DRAWING = ("() => [!!document.querySelector('.flyer'),"
           " !!document.querySelector('.pile__top .card.is-taken')]")


def _press_draw(page: Any, posts: list[str], button: str) -> None:
    """Press ``button`` (a pile's): the draw shows at the press; moved on (a drag of the
    pile's card, let go off the hand), nothing is sent and the card is back; pressed again
    and lifted on it, the draw is sent and the card comes into the hand."""
    taken = button == "#a-take"
    held = len(_cards(page))
    box = page.locator(button).bounding_box()
    assert box is not None
    sent = len(posts)
    page.mouse.move(*_centre(box))
    page.mouse.down()
    assert page.evaluate(DRAWING) == [True, taken]
    page.mouse.move(box["x"] + box["width"] / 2, 10, steps=4)
    page.mouse.up()
    at_rest(page)
    assert page.evaluate(DRAWING) == [False, False]
    assert len(posts) == sent
    assert len(_cards(page)) == held
    page.mouse.move(*_centre(box))
    page.mouse.down()
    assert page.evaluate(DRAWING) == [True, taken]
    assert len(posts) == sent
    version = table_version(page)
    page.mouse.up()
    page.wait_for_function("v => document.querySelector('#table').dataset.version !== v",
                           arg=version)
    at_rest(page)
    assert len(posts) == sent + 1
    assert len(_cards(page)) == held + 1


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_draw_shows_at_the_press_and_a_press_that_drags_the_pile_card_puts_it_back(
        live_server: str, new_page: Callable[..., Any], motion: str) -> None:
    """The finger lands on *Draw from stock*, later on *Take discard*: the draw's card
    leaves its pile then, before the finger lifts and before anything is sent; lifted on
    the button, the draw is sent and the card comes into the hand. A press that moves on
    (a drag of the pile's card, let go off the hand) sends nothing and puts the card
    back."""
    page = new_page(390, 844, motion=motion)
    posts = _posts(page)
    _start(page, live_server)
    _to_draw_step(page)
    at_rest(page)
    _press_draw(page, posts, "#a-draw_stock")
    for _ in range(6):  # a turn's discard and the computer's, until the pile may be taken
        code = next(c["code"] for c in _cards(page) if "discard" in (c["acts"] or "").split())
        page.locator(f"#c-{code}").click()
        _tap(page, "Discard")
        at_rest(page)
        if not _enabled(page, "Draw from stock"):
            _to_draw_step(page)  # the hand ended: the next one
            at_rest(page)
        if _enabled(page, "Take discard"):
            break
        _tap(page, "Draw from stock")
        at_rest(page)
    else:
        raise AssertionError("the pile was never open to take")
    _press_draw(page, posts, "#a-take")
