"""The play table in a real browser (system Chromium), at 360×640, 390×844, 844×390 and
1366×800: cards are radios named "Ten of hearts", tapped by accessible name.

Checked at every viewport: the whole table fits at scroll 0 without page scrolling in
every state of a hand (offer, draw, discard, result panel with Next hand) and the hand's
top moves ≤ 4 px within a hand; selecting makes no request and updates the note and
buttons; tapping the selected card again discards it. In the narrow and the wide layout:
dragging a card onto the discard pile discards it. At 360×640 (behaviour the size does
not change): with 400 ms added round trip no tap is lost (queued taps are applied; a
repeated tap made illegal meanwhile is dropped without a refusal); the computer's turn is
animated (≤ 600 ms, at each speed of the Settings page) and not at all under reduced
motion; the pile history; remembered New match options; one Back press leaves the play
screen. Knock marks at every viewport. The hand is played through with Normal and with Large cards:
the corner rank in the hand is ≥ 16 px with Normal and ≥ 22 px with Large, and the table
still fits. Screenshots go to test-results/.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.support.languages import say
from tests.support.tables import at_rest, at_table

pytestmark = pytest.mark.browser

VIEWPORTS = [(360, 640), (390, 844), (844, 390), (1366, 800)]
IDS = [f"{w}x{h}" for w, h in VIEWPORTS]
# Behaviour that does not depend on the screen's size (queued taps, the computer's turn
# and its timing, the pile's list, remembered options, Back) is checked at one viewport,
# the smallest phone: the tightest layout and the smallest cards, so the most demanding
# for the taps' targets (issue 47: the browser lane's CPU). What a size changes (fit, the
# hand's steadiness, corner sizes, a drag's geometry) stays at every viewport or layout.
SMALLEST = [(360, 640)]
SMALLEST_IDS = ["360x640"]
# A drag's geometry: the narrow layout (the pile above the hand) and the wide one (the
# piles beside the hand, a mouse).
LAYOUTS = [(360, 640), (1366, 800)]
LAYOUT_IDS = [f"{w}x{h}" for w, h in LAYOUTS]
MAX_TURNS = 60
CORNER_MIN_PX = {"normal": 16, "large": 22}  # corner rank in the hand
FADE_MS = 60  # static/table/turn.js: the flown cards fade out in the turn's last 60 ms

# Records every flying card of the computer's turn and the end of its animations (ms).
GHOSTS = """
window.__ghosts = [];
new MutationObserver(ms => { for (const m of ms) for (const n of m.addedNodes)
  if (n.classList && n.classList.contains('ghost')) window.__ghosts.push(
    Math.max(0, ...n.getAnimations().map(a => a.effect.getComputedTiming().endTime)));
}).observe(document, {childList: true, subtree: true});
"""


def _version(page: Any) -> str:
    return str(page.evaluate("() => document.querySelector('#table').dataset.version"))


def _changed(page: Any, before: str) -> None:
    page.wait_for_function("v => document.querySelector('#table').dataset.version !== v",
                           arg=before)


def _tap(page: Any, name: str) -> None:
    """Tap a game button by name and wait for the next version of the table."""
    before = _version(page)
    page.get_by_role("button", name=name, exact=True).click()
    _changed(page, before)


def _enabled(page: Any, name: str) -> bool:
    button = page.get_by_role("button", name=name, exact=True)
    return bool(button.count() == 1 and button.is_enabled()
                and button.get_attribute("aria-disabled") != "true")


def _cards(page: Any) -> list[dict[str, Any]]:
    return list(page.evaluate(
        "() => [...document.querySelectorAll('.hand input[name=card]')].map(r => ({"
        "code: r.value, name: r.getAttribute('aria-label'), left: r.dataset.left,"
        "acts: r.dataset.acts, mark: r.closest('.slot').querySelector('.slot__mark') !== null}))"))


def _start(page: Any, base: str, options: dict[str, str] | None = None) -> None:
    """From the home page: Play, (options), Start match."""
    page.goto(base + "/")
    page.get_by_role("navigation").get_by_role("link", name=say(page, "Play"),
                                               exact=True).click()
    new, start = say(page, "New match"), say(page, "Start match")
    page.get_by_role("button", name=new).or_(
        page.get_by_role("button", name=start)).first.wait_for()
    if page.get_by_role("button", name=start).count() == 0:
        page.get_by_role("button", name=new).click()
        page.wait_for_url("**/play/new")
    # Start match replaces this history entry once the script is live (a click before posts).
    page.locator("html[data-play-ready]").wait_for(state="attached")
    for name, value in (options or {}).items():
        page.locator("details.options").evaluate("d => d.open = true")
        field = page.locator(f'[name="{name}"]')
        if value == "on":
            field.check()
        else:
            field.fill(value)
    page.get_by_role("button", name=start).click()
    page.wait_for_url(base + "/play")
    at_table(page)  # keys are live


def _fits(page: Any, where: str) -> None:
    """At scroll 0, the page does not scroll and everything of the step is on screen."""
    size = page.evaluate("() => [scrollX, scrollY, document.documentElement.scrollWidth,"
                         " document.documentElement.scrollHeight, innerWidth, innerHeight]")
    x, y, width, height, vw, vh = size
    assert (x, y) == (0, 0), where
    assert width <= vw and height <= vh, f"{where}: page scrolls {size}"
    selectors = ["#status", ".scorebar__score", ".limit-note"]
    if page.locator("#board").count():
        selectors += [".opponent", "#a-draw_stock", "#a-take", ".pile__history", ".hand .slot",
                      ".play-actions button", ".toolbar button:visible"]
    else:
        selectors += ["#result-title", ".result__foot button"]
    for selector in selectors:
        for box in page.locator(selector).evaluate_all(
                "els => els.map(e => { const r = e.getBoundingClientRect();"
                " return [r.left, r.top, r.right, r.bottom]; })"):
            assert box[0] >= -0.5 and box[1] >= -0.5 and box[2] <= vw + 0.5 \
                and box[3] <= vh + 0.5, f"{where}: {selector} at {box} is off screen {vw}x{vh}"


def _choose(page: Any, base: str, *ids: str) -> None:
    """Save choices on the Settings page by their radio ids (``card_size-large``)."""
    page.goto(base + "/settings")
    for radio in ids:
        page.locator(f"#{radio}").check()
    page.get_by_role("button", name=say(page, "Save settings")).click()
    page.wait_for_url("**/settings?saved=1")


def _corner_px(page: Any) -> float:
    """The smallest corner rank of the hand's cards, in CSS pixels."""
    return float(min(page.locator(".hand .card__corner > span:first-child").evaluate_all(
        "els => els.map(e => parseFloat(getComputedStyle(e).fontSize))")))


def _hand_top(page: Any) -> float:
    return float(page.locator(".hand").bounding_box()["y"])


def _to_discard_step(page: Any, next_hand: bool = True) -> None:
    """Pass or draw until the person has a card to discard. The computer may end the hand
    first (it can take the upcard and knock at once): then Next hand and again, or return
    at the result panel when ``next_hand`` is False."""
    for _ in range(6):
        if page.locator(".result").count() and not next_hand:
            return
        if _enabled(page, "Next hand"):
            _tap(page, "Next hand")
        if _enabled(page, "Pass"):
            _tap(page, "Pass")
        if _enabled(page, "Draw from stock"):
            _tap(page, "Draw from stock")
        if page.locator("#board").count() and page.locator(".hand input[data-acts]").count():
            return
    raise AssertionError("never reached the discard step")


def _to_draw_step(page: Any, pass_key: str | None = None,
                  settle: Callable[[Any], None] | None = None) -> None:
    """Pass (the button, or ``pass_key`` on the keyboard) until the person may draw from
    the stock. The computer may take the upcard and knock at once: then Next hand and
    again. ``settle(page)`` runs after each step (the motion tests wait there for the
    page to come to rest)."""
    for _ in range(6):
        if _enabled(page, "Draw from stock"):
            return
        version = _version(page)
        if _enabled(page, "Next hand"):
            _tap(page, "Next hand")
        elif _enabled(page, "Pass") and pass_key:
            page.keyboard.press(pass_key)
            _changed(page, version)
        elif _enabled(page, "Pass"):
            _tap(page, "Pass")
        else:
            _changed(page, version)  # the computer's turn is still arriving
        if settle is not None:
            settle(page)
    raise AssertionError("never reached the draw step")


# --- one hand, played through at each viewport ---------------------------------------------


@pytest.mark.parametrize("locale", ["en-US", "de-DE", "es-ES"])
@pytest.mark.parametrize(("width", "height"), [(640, 360), (667, 375)], ids=["640x360", "667x375"])
def test_a_small_phone_held_sideways_fits_the_table_in_every_language(
        live_server: str, browser: Any, screenshot: Callable[..., Path | None],
        width: int, height: int, locale: str) -> None:
    """The narrowest wide layout (a phone held sideways: 640 and 667 px, touch, no Keys
    button), in the longest labels we ship: nothing off screen and nothing wider than the
    screen, which would make a phone zoom the whole page out (innerWidth grows)."""
    context = browser.new_context(viewport={"width": width, "height": height},
                                  is_mobile=True, has_touch=True, locale=locale)
    page = context.new_page()
    try:
        _start(page, live_server)
        assert page.evaluate("() => innerWidth") == width, "the phone zoomed the page out"
        _fits(page, f"upcard offer, {locale}")
        screenshot(page, f"table-sideways-{width}x{height}-{locale}")
    finally:
        context.close()


@pytest.mark.parametrize("size", ["normal", "large"])
@pytest.mark.parametrize(("width", "height"), VIEWPORTS, ids=IDS)
def test_a_hand_on_one_screen(live_server: str, new_page: Callable[..., Any],
                              screenshot: Callable[..., Path | None],
                              width: int, height: int, size: str) -> None:
    """Fit, a steady hand, local selection, knock help and tap-again through a whole hand,
    with Normal and with Large cards (big enough corner ranks)."""
    page = new_page(width, height)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    _choose(page, live_server, f"card_size-{size}")
    _start(page, live_server)
    label = f"{width}x{height}" + ("-large" if size == "large" else "")
    _fits(page, "upcard offer")
    assert _corner_px(page) >= CORNER_MIN_PX[size]
    screenshot(page, f"table-offer-{label}")
    top = _hand_top(page)
    shot = False
    for _ in range(MAX_TURNS):
        if page.locator(".result").count():
            break
        _to_discard_step(page, next_hand=False)
        if page.locator(".result").count():
            break
        _fits(page, "discard step")
        assert _corner_px(page) >= CORNER_MIN_PX[size]
        assert abs(_hand_top(page) - top) <= 4, "the hand moved within the hand"
        cards = _cards(page)
        assert len(cards) == 11
        lefts = [int(c["left"]) for c in cards if "discard" in c["acts"].split()]
        # Knock help: the badge reads the best deadwood after a discard, and exactly the
        # cards whose discard lets you knock or go gin are marked.
        assert f"Deadwood {min(lefts)} after discard" in page.locator(".deadwood").inner_text()
        for card in cards:
            acts = card["acts"].split()
            assert card["mark"] == ("knock" in acts or "gin" in acts), card
        # Selecting (and changing the selection) is local: no request, note and buttons follow.
        before = len(posts)
        best = min((c for c in cards if "discard" in c["acts"].split()),
                   key=lambda c: int(c["left"]))
        other = next(c for c in cards if c is not best)
        page.get_by_role("radio", name=other["name"], exact=True).click()
        page.get_by_role("radio", name=best["name"], exact=True).click()
        assert page.get_by_role("radio", name=best["name"], exact=True).is_checked()
        assert f"leaves {best['left']} deadwood" in page.locator("#hand-note").inner_text()
        assert _enabled(page, "Knock") == ("knock" in best["acts"].split())
        assert _enabled(page, "Discard")
        assert len(posts) == before, "selecting a card made a request"
        assert abs(_hand_top(page) - top) <= 4
        if not shot:
            screenshot(page, f"table-discard-{label}")
            shot = True
        if "gin" in best["acts"].split():
            _tap(page, "Gin")
        elif "knock" in best["acts"].split():
            _tap(page, "Knock")
        else:  # tap the selected card again: the same as Discard
            version = _version(page)
            page.get_by_role("radio", name=best["name"], exact=True).click()
            _changed(page, version)
            assert page.get_by_role("radio", name=best["name"], exact=True).count() == 0
        if page.locator("#board").count():
            _fits(page, "after the computer's turn")
            assert abs(_hand_top(page) - top) <= 4
    page.locator(".result").wait_for()
    _fits(page, "result panel")
    screenshot(page, f"table-result-{label}")
    assert errors == []


@pytest.mark.parametrize(("width", "height"), LAYOUTS, ids=LAYOUT_IDS)
def test_drag_a_card_onto_the_pile_to_discard_it(live_server: str,
                                                 new_page: Callable[..., Any],
                                                 width: int, height: int) -> None:
    page = new_page(width, height)
    _start(page, live_server)
    _to_discard_step(page)
    at_rest(page)  # the drawn card has slid into the hand
    card = next(c for c in _cards(page) if "discard" in c["acts"].split())
    box = page.locator(f"#c-{card['code']}").bounding_box()
    pile = page.locator(".pile--discard .pile__btn").bounding_box()
    version = _version(page)
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 2 + 20, box["y"] - 20, steps=4)
    page.mouse.move(pile["x"] + pile["width"] / 2, pile["y"] + pile["height"] / 2, steps=6)
    page.mouse.up()
    _changed(page, version)
    assert page.locator(f"#c-{card['code']}").count() == 0


@pytest.mark.parametrize(("width", "height"), SMALLEST, ids=SMALLEST_IDS)
def test_no_tap_is_lost_at_400_ms_round_trip(live_server: str, new_page: Callable[..., Any],
                                             width: int, height: int) -> None:
    page = new_page(width, height)
    _start(page, live_server)
    _to_draw_step(page)
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": 400, "downloadThroughput": -1, "uploadThroughput": -1})
    # Draw, then (while the draw is in flight) select a card and tap it again: the
    # discard is queued and applied after the draw.
    code = _cards(page)[0]["code"]
    page.get_by_role("button", name="Draw from stock", exact=True).click()
    page.locator(f"#c-{code}").click()
    page.locator(f"#c-{code}").click()
    page.wait_for_function("c => !document.querySelector('#c-' + c) &&"
                           " !document.documentElement.classList.contains('is-busy')", arg=code)
    assert len(posts) == 2
    assert page.locator(".play-status__refused").count() == 0
    # A double tap on Draw: the second tap is queued, then checked against the new table
    # (Draw is disabled by then): an impatient repeat, dropped without a refusal.
    if page.locator("#board").count() and _enabled(page, "Draw from stock"):
        # Both taps in one task of the page, so the second surely comes while the first is
        # in flight however slow the machine is (two Playwright clicks could straddle it).
        page.locator("#a-draw_stock").evaluate("b => { b.click(); b.click(); }")
        page.wait_for_function("() => !document.documentElement.classList.contains('is-busy')")
        assert len(posts) == 3
        assert page.locator(".play-status__refused").count() == 0


@pytest.mark.parametrize(("width", "height"), SMALLEST, ids=SMALLEST_IDS)
@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_the_computer_turn_is_played_out(live_server: str, browser: Any, motion: str,
                                         width: int, height: int) -> None:
    context = browser.new_context(viewport={"width": width, "height": height},
                                  reduced_motion=motion)
    try:
        context.add_init_script(GHOSTS)
        page = context.new_page()
        _start(page, live_server)
        _to_discard_step(page)
        card = next(c for c in _cards(page) if "discard" in c["acts"].split())
        page.locator(f"#c-{card['code']}").click()
        _tap(page, "Discard")
        if page.locator("#board").count() == 0:
            pytest.skip("the computer ended the hand at once")  # pragma: no cover - rare
        ghosts = page.evaluate("window.__ghosts")
        if motion == "reduce":
            assert ghosts == []
        else:
            assert ghosts, "no animation of the computer's turn"
            assert max(ghosts) + FADE_MS <= 600
    finally:
        context.close()


@pytest.mark.parametrize(("speed", "ms"), [("quick", 300), ("normal", 450), ("slow", 600)])
def test_each_computer_speed_is_shown_within_600_ms(live_server: str, browser: Any,
                                                    speed: str, ms: int) -> None:
    """The computer's turn lasts what Settings › The computer's turn says, never > 600 ms
    (the 600 ms cap): its cards' flights end ``FADE_MS`` before, then they fade out."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        context.add_init_script(GHOSTS)
        page = context.new_page()
        _choose(page, live_server, f"computer_speed-{speed}")
        assert page.evaluate("document.documentElement.dataset.computerTurnMs") == str(ms)
        _start(page, live_server)
        for _ in range(6):
            _to_discard_step(page)
            card = next(c for c in _cards(page) if "discard" in c["acts"].split())
            page.locator(f"#c-{card['code']}").click()
            _tap(page, "Discard")
            if page.locator("#board").count():
                break
        ghosts = page.evaluate("window.__ghosts")
        assert ghosts, "no animation of the computer's turn"
        # The last flight ends when the turn's time less the fade is up (2 ms of rounding).
        assert ms - FADE_MS - 2 <= max(ghosts) <= ms - FADE_MS
        assert max(ghosts) + FADE_MS <= 600
    finally:
        context.close()


@pytest.mark.parametrize(("width", "height"), SMALLEST, ids=SMALLEST_IDS)
def test_pile_history_options_and_one_back_press(live_server: str,
                                                 new_page: Callable[..., Any],
                                                 width: int, height: int) -> None:
    page = new_page(width, height)
    _start(page, live_server, {"target": "150", "oklahoma": "on"})
    assert "this hand" in page.locator(".limit-note").inner_text()  # Oklahoma's limit
    _to_discard_step(page)
    card = next(c for c in _cards(page) if "discard" in c["acts"].split())
    page.locator(f"#c-{card['code']}").click()
    _tap(page, "Discard")
    # The whole pile, newest first, with who threw each card: one tap away.
    if page.locator("#board").count():
        count = int(page.locator(".pile__history").get_attribute("data-count"))
        page.locator(".pile__history").click()
        sheet = page.locator("#pile-history")
        sheet.wait_for(state="visible")
        items = sheet.locator("li")
        assert items.count() == count
        whos = [t.strip() for t in sheet.locator(".pile-list__who").all_inner_texts()]
        assert set(whos) <= {"You", "Computer", "Upcard"}
        # Your discard is in the pile, unless the computer took it (then it shows it holds it).
        names = items.locator(".card").evaluate_all(
            "els => els.map(e => e.getAttribute('aria-label'))")
        name = card["name"].split(", in ")[0]  # the card's name, without its meld
        taken = page.locator(f'.opponent .chip[aria-label="{name}"]').count()
        assert name in names or taken == 1
        page.keyboard.press("Escape")
        sheet.wait_for(state="hidden")
        # The match's hands are one tap away too.
        page.locator(".scorebar__score").click()
        page.locator("#score-history").wait_for(state="visible")
        page.keyboard.press("Escape")
    # New match offers the same table options.
    page.get_by_role("button", name="New match").click()
    page.wait_for_url("**/play/new")
    page.locator("html[data-play-ready]").wait_for(state="attached")
    assert page.locator('[name="target"]').input_value() == "150"
    assert page.locator('[name="oklahoma"]').is_checked()
    page.get_by_role("button", name="Start match").click()
    page.wait_for_url("**/play")
    at_table(page)
    # One Back press leaves the play screen (the taps and New match added no entries).
    page.go_back()
    page.wait_for_load_state()
    assert page.url.rstrip("/") == live_server


def test_keyboard_shortcuts_and_focus(live_server: str, new_page: Callable[..., Any]) -> None:
    page = new_page(1366, 800)
    _start(page, live_server)
    page.keyboard.press("?")
    page.locator("#keys-help").wait_for(state="visible")
    assert "Discard the selected card" in page.locator("#keys-help").inner_text()
    page.keyboard.press("Escape")
    page.locator("#keys-help").wait_for(state="hidden")
    _to_draw_step(page, pass_key="p")
    version = _version(page)
    page.keyboard.press("s")
    _changed(page, version)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    checked = page.locator(".hand input:checked")
    assert checked.count() == 1
    code = checked.get_attribute("value")
    focused = page.evaluate("() => document.activeElement.value")
    assert focused == code
    version = _version(page)
    page.keyboard.press("d")
    _changed(page, version)
    assert page.locator(f"#c-{code}").count() == 0
    assert page.evaluate("() => document.activeElement !== document.body"
                         " && !!document.activeElement.closest('#table')")


def test_plays_without_javascript(live_server: str, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844},
                                  java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(live_server + "/play/new")
        page.get_by_role("button", name="Start match").click()
        page.wait_for_url(live_server + "/play")
        # Each post's answer waited for as a navigation (wait_for_load_state alone could
        # return on the page still shown, before the post's answer replaced it).
        if page.get_by_role("button", name="Pass").is_enabled():
            with page.expect_navigation():
                page.get_by_role("button", name="Pass").click()
        if page.get_by_role("button", name="Draw from stock").is_enabled():
            with page.expect_navigation():
                page.get_by_role("button", name="Draw from stock").click()
        radio = page.get_by_role("radio").first
        code = radio.get_attribute("value")
        radio.check()
        with page.expect_navigation():
            page.get_by_role("button", name="Discard", exact=True).click()
        assert page.locator(f"#c-{code}").count() == 0 or \
            "cannot go back" in page.get_by_role("status").inner_text()
    finally:
        context.close()


def test_the_scoring_presets_read_as_a_list_on_a_phone(live_server: str,
                                                      new_page: Callable[..., Any]) -> None:
    """New match at 360×640: each scoring preset's name stands at one left edge with its
    explanation under it (side by side, the four explanations stood in four columns)."""
    page = new_page(360, 640)
    page.goto(live_server + "/play/new")
    presets = page.evaluate("""() => [...document.querySelectorAll('label.preset')].map(l => {
      const name = l.querySelector('b').getBoundingClientRect();
      const hint = l.querySelector('.hint').getBoundingClientRect();
      return {name: name.left, hint: hint.left, below: hint.top >= name.bottom - 1}; })""")
    assert len(presets) == 4, presets
    assert all(p["below"] and abs(p["hint"] - p["name"]) < 1 for p in presets), presets
    assert max(p["name"] for p in presets) - min(p["name"] for p in presets) < 1, presets
