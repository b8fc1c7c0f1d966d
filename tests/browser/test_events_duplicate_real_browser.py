"""A duplicate event with real cards in real browsers: when the round starts, each
table's phones (360×640) show the dealer board 1's deck to stack (52 numbered cards,
the same at every table, fitting the screen), the big screen shows none; the keeper
enters the hand on the table's score sheet, goes back to the event from there, and
the event's page then shows board 2.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.test_events_browser import LIVE_MS, current_tables, join
from tests.browser.test_score_browser import enter_hand

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Bob", "Cy", "Di"]


def deck(page: Any) -> list[str]:
    """The cards of the deck to stack on ``page``, top first."""
    return [str(code) for code in page.locator(".event-stack__deck li").evaluate_all(
        "items => items.map(item => item.dataset.card)")]


def test_each_table_stacks_the_same_board_from_its_phones_and_finds_its_way_back(
        start_server: Callable[..., Any], new_page: Callable[..., Any]) -> None:
    server = start_server()
    host = new_page(360, 640)
    host.goto(server.url + "/events")
    host.get_by_label("Event name").fill("Card night")
    host.locator("input[name=cards][value=real]").check()
    host.locator("input[name=duplicate]").check()
    host.get_by_label("Swiss rounds").fill("1")
    host.get_by_role("button", name="Create the event").click()
    link = host.locator("#event-link").input_value()
    board = new_page(1280, 720)
    board.goto(link + "/board")
    phones = join(new_page, link, NAMES)
    host.reload()
    host.get_by_role("button", name="Start the event").click()
    tables = current_tables(host)
    assert len(tables) == 2
    decks = []
    for name, phone in phones.items():
        phone.locator(".event-stack__deck").wait_for(timeout=LIVE_MS)
        stacked = deck(phone)
        assert len(stacked) == 52 and len(set(stacked)) == 52, name
        decks.append(stacked)
        assert phone.locator("[data-stack]").get_attribute("data-stack") == "1-1"
        assert phone.evaluate("document.documentElement.scrollWidth") <= 360, name
    assert all(d == decks[0] for d in decks)  # the same board at every table
    assert board.locator(".event-stack__deck").count() == 0
    assert host.locator(".event-stack__deck").count() == 0  # the host plays no table

    a, b = tables[0][0], tables[0][1]
    keeper = phones[a]
    keeper.locator("a[data-event-table]").click()
    keeper.wait_for_url("**/score/*")
    enter_hand(keeper, "Knock", a, "6", "28")
    keeper.get_by_role("button", name="Record hand").click()
    keeper.get_by_role("link", name="Back to Card night").first.click()
    keeper.wait_for_url(link)
    keeper.locator("[data-stack='1-2']").wait_for(timeout=LIVE_MS)
    assert deck(keeper) != decks[0]
    assert phones[tables[1][0]].locator("[data-stack]").get_attribute("data-stack") == "1-1"
    assert b in keeper.locator(".event-mine").first.inner_text()
