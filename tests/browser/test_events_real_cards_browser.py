"""An event with real cards in real browsers: four players join on their phones, the
host starts a one-round Swiss event, table 1's first player keeps the table's score
sheet (the one the event made) and enters its hand on the scorekeeper from the phone,
the host sets table 2's result, and the standings on every phone and on the board
(updated live by their poll) agree with a hand computation.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.test_events_browser import (
    LIVE_MS,
    current_tables,
    host_sets,
    join,
    standings,
)
from tests.browser.test_score_browser import enter_hand

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Bob", "Cy", "Di"]
WINS_BY = re.compile(r"Game over: (\S+) wins by (\d+)\.")


def test_a_real_card_table_is_entered_on_its_sheet_and_the_standings_agree(
        start_server: Callable[..., Any], new_page: Callable[..., Any]) -> None:
    server = start_server()
    host = new_page(360, 640)
    host.goto(server.url + "/events")
    host.get_by_label("Event name").fill("Card night")
    host.locator("input[name=cards][value=real]").check()
    host.get_by_label("Swiss rounds").fill("1")
    host.locator("input[name=preset][value=custom]").check()
    host.locator("details.options summary").click()
    host.locator("#opt-target").fill("1")
    host.get_by_role("button", name="Create the event").click()
    link = host.locator("#event-link").input_value()
    board = new_page(1280, 720)
    board.goto(link + "/board")
    phones = join(new_page, link, NAMES)
    host.reload()
    host.get_by_role("button", name="Start the event").click()
    tables = current_tables(host)
    assert len(tables) == 2
    a, b = tables[0][0], tables[0][1]

    # Table 1's first player keeps its sheet: the event's page takes them to it.
    keeper = phones[a]
    keeper.locator("a[data-event-table]").wait_for(timeout=LIVE_MS)
    keeper.locator("a[data-event-table]").click()
    keeper.wait_for_url("**/score/*")
    assert keeper.get_by_role("heading", level=1).inner_text() == f"{a} v {b}"
    enter_hand(keeper, "Knock", a, "6", "28")  # a knocks: 28 − 6 = 22 (to 1: game over)
    keeper.get_by_role("button", name="Record hand").click()
    over = WINS_BY.search(keeper.locator("main").inner_text())
    assert over and over.group(1) == a, keeper.locator("main").inner_text()[:500]
    margin = int(over.group(2))
    assert margin >= 22  # the hand's 22 and the sheet's bonuses

    # The event reads the sheet: the board shows table 1's result without a reload.
    keeper.goto(link)
    board.wait_for_function(
        "() => !(document.querySelector('#round-title + .event-tables li')?.textContent"
        " ?? 'In play').includes('In play')", timeout=LIVE_MS)
    host_sets(host, 1, 2, "b", (40, 120), reload=True)

    # The hand computation: a win is 1 point; the difference is the margin.
    expected = {a: ("1", str(margin)), b: ("0", str(-margin)),
                tables[1][0]: ("0", "-80"), tables[1][1]: ("1", "80")}
    for name, page in {**phones, "board": board}.items():
        page.wait_for_function(
            "() => (document.querySelector('#event-news')?.textContent ?? '')"
            ".includes('over')",
            timeout=LIVE_MS)
        assert standings(page) == expected, name
    assert standings(host) == expected
