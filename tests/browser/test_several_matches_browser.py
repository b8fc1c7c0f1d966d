"""Several matches at once in two real browsers (issue 29): Ann plays Bob and the
computer at the same time; while her computer table is open, Bob's move makes it her
turn in the friend match, and her page says so by itself (the stream's "turn" event,
no reload). The list of her matches shows both, with whose turn it is.

Screenshots (390×844) go to test-results/: the computer table with the notice, and the
list of matches.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.test_friend_browser import LIVE_TIMEOUT_MS, act, my_turn, start_friend_match
from tests.support.tables import at_table

pytestmark = pytest.mark.browser

TABLE_TOP = "() => document.getElementById('table').getBoundingClientRect().top"
COVERED = """() => {
  const hits = (a, b) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const pills = [...document.querySelectorAll('#turns > *')].map(e => e.getBoundingClientRect());
  return ['#status', '#step-help', '.scorebar__score', '.scorebar__meta'].filter(sel => {
    const box = document.querySelector(sel).getBoundingClientRect();
    return pills.some(pill => hits(pill, box)); }); }"""
"""Which of the status line, its help link and the score bar a pill of #turns covers."""


def test_the_your_turn_notice_appears_on_the_computer_table(
        start_server: Callable[..., Any], new_page: Callable[..., Any],
        screenshot: Callable[..., Any]) -> None:
    server = start_server()
    ann, bob = new_page(390, 844), new_page(390, 844)
    start_friend_match(ann, bob, server.url, "Ann", "Bob")
    # Ann plays until it is Bob's turn, then starts a match against the computer.
    while my_turn(ann):
        act(ann)
    bob.wait_for_function("() => ['a-pass', 'a-draw_stock', 'a-discard'].some(id => {"
                          " const b = document.getElementById(id); return b && !b.disabled; })",
                          timeout=LIVE_TIMEOUT_MS)
    ann.goto(server.url + "/play/new")
    ann.get_by_role("button", name="Start match").click()
    at_table(ann)
    assert "Standard" in ann.locator(".scorebar__meta").inner_text()
    assert ann.locator("#turns .turns__note").count() == 0  # Bob is to play
    matches = ann.get_by_role("button", name="Matches (1)")
    assert matches.is_visible()

    table_top = ann.evaluate(TABLE_TOP)

    # Bob plays until it is Ann's turn: her computer table says so, unreloaded.
    ann.evaluate("() => { window.__kept = true; }")
    while my_turn(bob):
        act(bob)
    note = ann.locator("#turns .turns__note")
    note.wait_for(timeout=LIVE_TIMEOUT_MS)
    assert note.inner_text().startswith("Your turn against Bob")
    assert ann.evaluate("() => window.__kept === true")  # the same page: no reload
    # #turns is fetched anew whenever a match moves (it may be swapped just now): wait
    # for the notice to stand wholly on the 390 px screen.
    ann.wait_for_function("""() => {
      const note = document.querySelector('#turns .turns__note');
      if (!note) return false;
      const box = note.getBoundingClientRect();
      return box.width > 0 && box.left >= 0 && box.right <= 390; }""",
                          timeout=LIVE_TIMEOUT_MS)
    screenshot(ann, "several-matches-notice-390x844")
    # The notice came into room kept for it: the table did not move, and at every size
    # the notice covers neither the status line nor the score, and the page still fits.
    assert ann.evaluate(TABLE_TOP) == table_top
    for width, height in ((390, 844), (360, 640), (844, 390), (1280, 800)):
        ann.set_viewport_size({"width": width, "height": height})
        ann.wait_for_function(f"() => document.documentElement.clientWidth === {width}")
        size = (width, height)
        assert ann.evaluate(COVERED) == [], size
        assert ann.evaluate("() => document.documentElement.scrollHeight") <= height, size
    # A long status line (a refusal is one) beside the notice: the notice gives way, and
    # neither is drawn over the other.
    ann.evaluate("""() => { document.querySelector('#status .play-status__text').textContent =
      'You can only knock with 10 or less deadwood: discard a card, or go gin with it.'; }""")
    for width, height in ((640, 360), (844, 390), (390, 844)):
        ann.set_viewport_size({"width": width, "height": height})
        ann.wait_for_function(f"() => document.documentElement.clientWidth === {width}")
        assert ann.evaluate(COVERED) == [], ("long status", width, height)
    ann.set_viewport_size({"width": 390, "height": 844})

    ann.get_by_role("button", name="Matches (1)").click()
    sheet = ann.locator("#matches")
    sheet.wait_for()
    assert "Bob" in sheet.inner_text() and "Your turn" in sheet.inner_text()
    assert "Computer (Standard)" in sheet.inner_text()
    screenshot(ann, "several-matches-list-390x844")

    # The notice opens the friend match, where it is indeed Ann's turn.
    sheet.get_by_role("button", name="Close").click()
    note.click()
    ann.wait_for_url("**/play?match=*")
    at_table(ann)
    assert "Bob" in ann.locator(".opponent").inner_text()
    assert my_turn(ann)
