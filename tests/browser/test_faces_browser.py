"""Card faces, backs, felts, sound and vibration in Chromium (issue 26).

Faces: every face-up card shows its symbol of ``static/cards.svg`` (drawn, in the suit's
colour), on Large cards too (the whole card is bigger, issue 48); a court card's figure
never draws under its corner indices, at the hand's and the piles' index sizes. Backs and felts: the
Settings choice is on ``<html>`` and colours the stock, the computer's cards and the
table. Sound and vibration are observed, not heard: ``AudioContext`` and
``navigator.vibrate`` are replaced before the page's scripts run and record their calls.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.test_play_browser import _choose, _start, _tap, _to_draw_step
from tests.support.sounds import RECORDER, recorded

pytestmark = pytest.mark.browser

def _draw_and_discard(page: Any) -> None:
    """Pass the upcard if offered, draw from the stock, then discard (the computer plays)."""
    _to_draw_step(page)
    _tap(page, "Draw from stock")
    card = page.locator(".hand input[name=card][data-acts~=discard]").first
    card.click()
    _tap(page, "Discard")


def test_faces_show_their_symbol_in_the_suit_colour(live_server: str,
                                                    new_page: Callable[..., Any]) -> None:
    page = new_page(360, 640)
    _start(page, live_server)
    faces = page.evaluate("""() => [...document.querySelectorAll('.card:not(.card--back)')]
      .filter(c => c.querySelector('.card__art'))
      .map(c => { const art = c.querySelector('.card__art'), use = art.querySelector('use');
        const box = use.getBoundingClientRect();
        return { href: use.getAttribute('href'), fill: getComputedStyle(art).fill,
                 colour: getComputedStyle(c).color, drawn: box.width > 0 && box.height > 0,
                 code: (c.closest('.slot') || c).querySelector('input')?.value }; })""")
    hand = [f for f in faces if f["code"]]
    assert len(hand) >= 10
    for face in hand:
        assert face["href"].split("#")[1] == face["code"]
        assert face["href"].startswith("/static/cards.svg?v=")
        assert face["drawn"], face  # the sprite loaded and the symbol has a size
        assert face["fill"] == face["colour"]  # the pips take the card's suit colour
    _choose(page, live_server, "card_size-large")
    page.goto(live_server + "/play")
    assert page.locator(".hand .card__art").first.evaluate(
        "e => getComputedStyle(e).display") != "none"


# A court card's art drawn alone on a canvas (its symbol, the sprite's own shapes) and
# the ink it puts under the corner indices: the indices' glyph boxes are measured on a
# card of the table (the hand's or the discard pile's index size) with the court's rank
# and suit written in, mapped into the symbol's 100 x 140 box. The page's CSP admits no
# blob: image, so the canvas is drawn in a blank page of the same browser.
ZONES = """async ([selector, codes]) => {
  const card = document.querySelector(selector);
  const symbols = {C: '\\u2663', D: '\\u2666', H: '\\u2665', S: '\\u2660'};
  const href = card.querySelector('.card__art use').getAttribute('href').split('#')[0];
  const zones = {};
  for (const code of codes) {
    const box = card.getBoundingClientRect();
    zones[code] = [];
    for (const corner of card.querySelectorAll('.card__corner')) {
      corner.children[0].textContent = code[0];
      corner.children[1].textContent = symbols[code[1]];
      for (const glyph of corner.children) {
        const r = glyph.getBoundingClientRect();
        zones[code].push([(r.left - box.left) / box.width * 100,
                          (r.top - box.top) / box.height * 140,
                          (r.right - box.left) / box.width * 100,
                          (r.bottom - box.top) / box.height * 140]);
      }
    }
  }
  return {sprite: await (await fetch(href)).text(), zones};
}"""
INK = """async ({sprite, zones}) => {
  const scale = 4, out = {};
  for (const [code, boxes] of Object.entries(zones)) {
    const svg = sprite.replace('</svg>', '<use href="#' + code + '"/></svg>')
      .replace('<svg ', '<svg viewBox="0 0 100 140" width="400" height="560" color="#c0222b" ');
    const image = new Image();
    image.src = URL.createObjectURL(new Blob([svg], {type: 'image/svg+xml'}));
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = 100 * scale; canvas.height = 140 * scale;
    const ctx = canvas.getContext('2d');
    ctx.drawImage(image, 0, 0);
    const count = (x, y, w, h) => {
      const data = ctx.getImageData(x, y, w, h).data;
      let n = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i] > 64) n++;
      return n;
    };
    out[code] = {drawn: count(0, 0, canvas.width, canvas.height), under: boxes.map(
      ([x0, y0, x1, y1]) => count(Math.floor(x0 * scale), Math.floor(y0 * scale),
                                  Math.ceil((x1 - x0) * scale), Math.ceil((y1 - y0) * scale)))};
  }
  return out;
}"""
COURTS = [rank + suit for rank in "JQK" for suit in "CDHS"]


@pytest.mark.parametrize(("width", "height"), [(360, 640), (390, 844)], ids=["360x640", "390x844"])
def test_court_figures_keep_clear_of_the_corner_indices(
        live_server: str, new_page: Callable[..., Any], width: int, height: int) -> None:
    page = new_page(width, height)
    _start(page, live_server)
    _to_draw_step(page)
    blank = page.context.new_page()
    for selector in (".hand .slot .card", ".pile__top .card"):
        measured = page.evaluate(ZONES, [selector, COURTS])
        found = blank.evaluate(INK, measured)
        for code, art in found.items():
            assert art["drawn"] > 20_000, (selector, code, art)  # a figure was drawn
            assert art["under"] == [0, 0, 0, 0], (selector, code, art,
                                                   measured["zones"][code])


def test_backs_and_felts_apply_to_the_table(live_server: str,
                                            new_page: Callable[..., Any]) -> None:
    page = new_page(390, 844)
    _start(page, live_server)

    def look() -> dict[str, str]:
        return dict(page.evaluate("""() => {
          const s = e => getComputedStyle(document.querySelector(e));
          return { back: s('.pile--stock .card--back').backgroundColor,
                   opponent: s('.opponent__cards .card--back').backgroundColor,
                   felt: s('html').getPropertyValue('--felt').trim(),
                   board: s('.board').backgroundImage,
                   data: document.documentElement.dataset.cardBack + ' '
                         + document.documentElement.dataset.felt }; }"""))

    default = look()
    assert default["data"] == "red green" and default["back"] == "rgb(142, 27, 34)"
    seen = {}
    for back, felt in (("blue", "blue"), ("green", "burgundy"), ("red", "grey")):
        _choose(page, live_server, f"card_back-{back}", f"felt-{felt}")
        page.goto(live_server + "/play")
        now = look()
        assert now["data"] == f"{back} {felt}"
        assert now["back"] == now["opponent"]  # the stock and the computer's cards alike
        seen[back, felt] = now
    assert len({v["back"] for v in seen.values()}) == 3
    assert len({v["board"] for v in seen.values()} | {default["board"]}) == 4
    assert seen["blue", "blue"]["back"] == "rgb(29, 60, 140)"
    _choose(page, live_server, "theme-contrast")  # High contrast keeps its black felt
    page.goto(live_server + "/play")
    assert look()["felt"] == "#000"


@pytest.mark.parametrize("switched", ["on", "off"])
def test_sound_and_vibration_only_when_switched_on(
        live_server: str, new_page: Callable[..., Any], switched: str) -> None:
    page = new_page(390, 844)
    page.add_init_script(RECORDER)
    if switched == "on":
        _choose(page, live_server, "sound-on", "vibration-on")
    _start(page, live_server)
    assert recorded(page)["audio"]["made"] == 0  # nothing before a gesture
    _draw_and_discard(page)
    seen = recorded(page)
    assert "draw" in seen["events"] and "discard" in seen["events"]
    if switched == "on":
        assert seen["audio"]["made"] == 1 and seen["audio"]["resumed"] >= 1
        assert seen["audio"]["started"] >= 2  # a draw and a discard at least
        if "your-turn" in seen["events"]:  # unless the computer ended the hand
            assert 30 in seen["buzz"]
    else:
        assert seen["audio"] == {"made": 0, "resumed": 0, "started": 0}
        assert seen["buzz"] == []


EVENTS = """([headline, matchEnd]) => {
  window.__events = [];
  const table = html => { const d = document.createElement('div'); d.innerHTML = html; return d; };
  const before = table('');
  const after = table('<h2 id="result-title">' + headline + '</h2>'
                      + (matchEnd ? '<div class="match-end"><h2>' + matchEnd + '</h2></div>' : ''));
  document.dispatchEvent(new CustomEvent('gin:swap', { detail: { before, after } }));
  return window.__events;
}"""


def test_each_hand_end_has_its_sound_and_a_knock_against_you_buzzes(
        live_server: str, new_page: Callable[..., Any]) -> None:
    page = new_page(390, 844)
    page.add_init_script(RECORDER)
    _choose(page, live_server, "sound-on", "vibration-on")
    _start(page, live_server)
    page.keyboard.press("Shift")  # a gesture: the sound may start
    page.wait_for_function("() => window.__audio.decoded >= 6")  # every sound file
    cases = {
        ("Gin! You score 31", ""): ["gin"],
        ("Big gin! You score 40", "You won the match, 120 to 30"): ["gin", "match-won"],
        ("Knock! You score 12", ""): ["knock"],
        ("Knock by the computer: it scores 9", ""): ["knock", "knocked-against"],
        ("Gin by the computer: it scores 30", ""): ["gin", "knocked-against"],
        ("Undercut! You knocked; computer scores 27", ""): ["undercut"],
        ("Undercut! The computer knocked; you score 29", ""): ["undercut", "knocked-against"],
    }
    for (headline, match_end), kinds in cases.items():
        started = recorded(page)["audio"]["started"]
        buzzes = len(recorded(page)["buzz"])
        assert page.evaluate(EVENTS, [headline, match_end]) == kinds, headline
        assert recorded(page)["audio"]["started"] > started, headline
        assert len(recorded(page)["buzz"]) == buzzes + ("knocked-against" in kinds), headline
    page.evaluate("Object.defineProperty(document, 'hidden', {value: true, configurable: true})")
    started = recorded(page)["audio"]["started"]
    page.evaluate(EVENTS, ["Knock by the computer: it scores 9", ""])
    assert recorded(page)["audio"]["started"] == started  # silent while hidden
