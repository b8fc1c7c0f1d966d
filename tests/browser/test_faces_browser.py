"""Card faces, backs, felts, sound and vibration in Chromium (issue 26).

Faces: every face-up card shows its symbol of ``static/cards.svg`` (drawn, in the suit's
colour), on Large cards too (the whole card is bigger, issue 48). Backs and felts: the
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
