"""Watching a friend match in a real browser: two players (two Chromium contexts) let
others watch and make a link; a third context opens it on a 360×640 phone and its page
follows the match live (no reload) while its DOM never holds a card of either hand
that was not face up on the discard pile.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from app.engine import Card
from tests.browser.test_friend_browser import (
    LIVE_TIMEOUT_MS,
    MAX_ACTIONS,
    act,
    my_turn,
    start_friend_match,
    version,
)
from tests.support.hardening import cards_written
from tests.support.tables import at_table

pytestmark = pytest.mark.browser


def _hand(page: Any) -> set[Card]:
    codes = page.evaluate(
        "() => [...document.querySelectorAll('.hand input[name=card]')].map(r => r.value)")
    return {Card.parse(code) for code in codes}


def _shown(watcher: Any) -> str:
    return str(watcher.evaluate("() => document.documentElement.outerHTML"))


def _watch_version(watcher: Any) -> str:
    return str(watcher.evaluate(
        "() => (document.querySelector('#watch [data-version]') || {dataset: {}})"
        ".dataset.version || ''"))


def test_a_watcher_follows_a_friend_match_live_and_never_holds_a_hidden_card(
        start_server: Callable[..., Any], new_page: Callable[..., Any],
        screenshot: Callable[..., Any]) -> None:
    server = start_server()
    ann, bob, watcher = new_page(390, 844), new_page(390, 844), new_page(360, 640)
    start_friend_match(ann, bob, server.url, "Ann", "Bob")
    for page in (ann, bob):
        page.locator("#rules-in-force a", has_text="Let others watch").evaluate(
            "a => a.click()")  # inside the closed Rules in force sheet
        page.get_by_role("button", name="Let others watch", exact=True).click()
        page.get_by_text("You let others watch.").wait_for()
    ann.reload()  # the page says where Bob stands as it was loaded
    ann.get_by_text("Bob lets others watch.").wait_for()
    ann.get_by_role("button", name="Make a watch link").click()
    link = ann.get_by_label("Watch link").input_value()
    assert link.startswith(server.url + "/watch/")
    for page in (ann, bob):
        page.get_by_role("link", name="Back to the table").click()
        at_table(page)

    watcher.goto(link)
    watcher.wait_for_function("() => document.querySelector('#watch [data-version]')")
    assert watcher.evaluate(
        "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    loads = {"n": 0}
    watcher.on("load", lambda _page: loads.__setitem__("n", loads["n"] + 1))
    pages = {"Ann": ann, "Bob": bob}
    public: set[Card] = set()  # every card the watcher saw face up on the pile
    for moves in range(1, MAX_ACTIONS + 1):
        if ann.locator(".result").count():
            break
        actor = next((n for n, p in pages.items() if my_turn(p)), None)
        assert actor is not None, "nobody may act"
        act(pages[actor])
        other = pages["Bob" if actor == "Ann" else "Ann"]
        other.wait_for_function(
            "v => document.querySelector('#table') && "
            "document.querySelector('#table').dataset.version === v",
            arg=version(pages[actor]), timeout=LIVE_TIMEOUT_MS)
        watcher.wait_for_function(
            "v => (document.querySelector('#watch [data-version]') || {dataset: {}})"
            ".dataset.version === v", arg=version(pages[actor]), timeout=LIVE_TIMEOUT_MS)
        html = _shown(watcher)
        if ann.locator(".result").count():
            break
        public |= set(cards_written(watcher.locator(".watch__pile").inner_html()))
        hidden = (_hand(ann) | _hand(bob)) - public
        found = sorted(str(c) for c in set(cards_written(html)) & hidden)
        assert not found, f"move {moves}: the watcher's page holds hidden cards {found}"
        assert f"{actor} " in watcher.locator(".watch__move").inner_text()
        if moves == 3:
            screenshot(watcher, "watch-360x640")
    else:
        pytest.fail("the hand did not end")
    watcher.locator(".watch .result").wait_for(timeout=LIVE_TIMEOUT_MS)
    assert loads["n"] == 0  # every move arrived live, without a reload
    assert watcher.locator("#watch-news").inner_text()  # read out to a screen reader
    screenshot(watcher, "watch-result-360x640")
    assert watcher.evaluate(
        "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    # Ann takes her leave back: the watcher's page says the link was stopped.
    ann.goto(server.url + "/play/watch")
    ann.get_by_role("button", name="Stop letting others watch").click()
    watcher.get_by_role("alert").filter(has_text="This watch link was stopped").wait_for(
        timeout=LIVE_TIMEOUT_MS)
    assert not watcher.locator("#watch-news").inner_text()  # said once, by the alert
