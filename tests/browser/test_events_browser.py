"""An event in real browsers: a host creates a Swiss event, six players join by its
link on their own phones (360×640 contexts), three rounds are paired without a repeat,
one online table of round 1 is played to its end by its two players (a match to 1
point: one hand), the other results are set by the host, and the standings on every
phone and on the board (a TV-sized context, updated live by its poll) agree with a hand
computation of the match points and points difference.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.test_friend_browser import act, my_turn, version
from tests.support.tables import at_table

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]
LIVE_MS = 10_000
"""The pages poll every 3 s; generous for a loaded machine."""
PAIR = re.compile(r"^(\S+) v (\S+) · (.*)$")
WON = re.compile(r"^(\S+) won (\d+)–(\d+)$")


def standings(page: Any) -> dict[str, tuple[str, str]]:
    """The standings table on ``page``: name → (match points, difference)."""
    rows = page.evaluate(
        "() => [...document.querySelectorAll('[data-standings] tbody tr[data-player]')]"
        ".map(r => [r.dataset.player, r.querySelector('[data-points]').textContent.trim(),"
        " r.querySelector('[data-difference]').textContent.trim()])")
    return {name: (points, diff) for name, points, diff in rows}


def current_tables(page: Any, round_: int = 1) -> list[tuple[str, str, str]]:
    """The tables of round ``round_`` on ``page`` as (a, b, result words), once the page
    shows that round (a click that starts or pairs it navigates: read the new page, not
    the one it leaves)."""
    page.locator("#round-title", has_text=re.compile(rf"^Round {round_} of")).wait_for()
    page.locator("#round-title + .event-tables li").first.wait_for()
    texts = page.locator("#round-title + .event-tables li").all_inner_texts()
    found = []
    for text in texts:
        text = re.sub(r"^\d+\s+", "", text.strip())
        match = PAIR.match(text)
        assert match, text
        found.append((match.group(1), match.group(2), match.group(3).split(" (")[0]))
    return found


def join(new_page: Callable[..., Any], link: str, names: list[str]) -> dict[str, Any]:
    """A phone (360×640) per name, each joined to the event of ``link``."""
    phones: dict[str, Any] = {}
    for name in names:
        phone = new_page(360, 640)
        phone.goto(link)
        phone.get_by_label("Your name").fill(name)
        phone.get_by_role("button", name="Join").click()
        assert phone.locator(".event-you").inner_text() == f"You play as {name}."
        phones[name] = phone
    return phones


def host_sets(host: Any, round_: int, table: int, outcome: str, points: tuple[int, int],
              reload: bool = False) -> None:
    """The host sets the result of ``round_``'s ``table`` with the correction form (the
    page is the answer to the host's last post, else ``reload`` it first)."""
    if reload:
        host.reload()
    host.locator("details.event-correct summary").click()
    options = host.locator("#correct-table option").evaluate_all(
        "os => os.map(o => [o.value, o.textContent])")
    value = next(v for v, text in options if text.startswith(f"Round {round_}, table {table}:"))
    host.locator("#correct-table").select_option(value)
    host.locator(f"input[name=outcome][value={outcome}]").check()
    host.get_by_label("First player's points").fill(str(points[0]))
    host.get_by_label("Second player's points").fill(str(points[1]))
    host.get_by_role("button", name="Save the result").click()
    host.wait_for_load_state("load")
    assert host.locator("[role=alert]").count() == 0, host.locator("[role=alert]").inner_text()


def test_a_swiss_night_of_six_phones_pairs_plays_and_agrees_on_the_standings(
        start_server: Callable[..., Any], new_page: Callable[..., Any],
        screenshot: Callable[..., Any]) -> None:
    started = time.monotonic()
    server = start_server()
    host = new_page(360, 640)
    host.goto(server.url + "/events")
    host.get_by_label("Event name").fill("Club night")
    host.locator("input[name=preset][value=custom]").check()
    host.locator("details.options summary").click()
    host.locator("#opt-target").fill("1")
    host.get_by_role("button", name="Create the event").click()
    code = host.locator("#host-code-value").inner_text()
    assert re.fullmatch(r"[0-9A-Z]{4}(-[0-9A-Z]{4}){4}", code)
    link = host.locator("#event-link").input_value()
    assert link.startswith(server.url + "/events/")
    board = new_page(1280, 720)
    board.goto(link + "/board")

    phones = join(new_page, link, NAMES)
    board.wait_for_function("() => document.querySelector('#event-news').textContent"
                            ".includes('6 players')", timeout=LIVE_MS)
    print(f"joined at {time.monotonic() - started:.1f} s")
    host.reload()
    host.get_by_role("button", name="Start the event").click()
    screenshot(host, "event-host-360x640")
    # Every phone learns its table from the poll, no reload.
    for phone in phones.values():
        phone.locator("a[data-event-table]").wait_for(timeout=LIVE_MS)
    tables = current_tables(host)
    assert len(tables) == 3 and sorted(n for t in tables for n in t[:2]) == sorted(NAMES)

    # Round 1, table 1: its two players go to their table and play it to its end.
    a, b = tables[0][0], tables[0][1]
    pages = {a: phones[a], b: phones[b]}
    for page in pages.values():
        page.locator("a[data-event-table]").click()
        at_table(page)
    for _ in range(400):
        ended = [p for p in pages.values() if p.locator(".result").count()]
        if len(ended) == 2:
            if all(p.get_by_role("button", name="Next hand").count() == 0
                   for p in pages.values()):
                break  # the match is over
            # A void hand: deal the next one, and wait for it (until the answer comes,
            # the page still shows the void result and its Next hand button).
            before = version(pages[a])
            pages[a].get_by_role("button", name="Next hand").click()
            pages[a].wait_for_function(
                "v => document.querySelector('#table').dataset.version !== v", arg=before)
            continue
        actor = next((p for p in pages.values() if my_turn(p)), None)
        if actor is None:
            pages[a].wait_for_timeout(100)  # the other table's live swap is on its way
            continue
        act(actor)
    else:
        pytest.fail("the match did not end")
    print(f"hand played at {time.monotonic() - started:.1f} s")
    for page in pages.values():
        page.goto(link)
    board.wait_for_function(
        "() => !document.querySelector('#round-title + .event-tables li')"
        ".textContent.includes('In play')", timeout=LIVE_MS)
    played = current_tables(board)[0]
    won = WON.match(played[2])
    assert won and won.group(1) in (a, b), played

    results: list[tuple[str, str, str, int, int]] = []  # a, b, winner, points a, points b
    winner, high, low = won.group(1), int(won.group(2)), int(won.group(3))
    loser = b if winner == a else a
    results.append((winner, loser, winner, high, low))
    host_sets(host, 1, 2, "a", (100, 20), reload=True)
    results.append((tables[1][0], tables[1][1], tables[1][0], 100, 20))
    host_sets(host, 1, 3, "b", (30, 110))
    results.append((tables[2][0], tables[2][1], tables[2][1], 30, 110))

    for round_ in (2, 3):
        host.get_by_role("button", name=f"Pair round {round_}").click()
        tables = current_tables(host, round_)
        assert len(tables) == 3
        for table, (left, right, _) in enumerate(tables, start=1):
            outcome = "a" if table % 2 else "b"  # the winner with the more points
            points = (90 + table, 10 * table) if outcome == "a" else (10 * table, 90 + table)
            host_sets(host, round_, table, outcome, points)
            results.append((left, right, left if outcome == "a" else right, *points))
    print(f"rounds done at {time.monotonic() - started:.1f} s")
    pairs = [frozenset(r[:2]) for r in results]
    assert len(pairs) == len(set(pairs)) == 9, "a pairing repeated"

    expected_points = dict.fromkeys(NAMES, 0)
    expected_diff = dict.fromkeys(NAMES, 0)
    for left, right, win, points_left, points_right in results:
        expected_points[win] += 1
        expected_diff[left] += points_left - points_right
        expected_diff[right] += points_right - points_left
    expected = {n: (str(expected_points[n]), str(expected_diff[n])) for n in NAMES}
    assert host.locator("#standings-title").inner_text() == "Final standings"
    board.wait_for_function("() => document.querySelector('#event-news').textContent"
                            ".includes('over')", timeout=LIVE_MS)
    for name, page in {**phones, "board": board, "host": host}.items():
        if name != "board" and name != "host":
            page.wait_for_function(
                "() => document.querySelector('#event-news').textContent.includes('over')",
                timeout=LIVE_MS)
        assert standings(page) == expected, name
    ordered = list(standings(board))
    assert [expected_points[n] for n in ordered] == sorted(expected_points.values(),
                                                           reverse=True)
    page_width = phones["Ann"].evaluate("() => document.documentElement.scrollWidth")
    assert page_width <= 360, "the event page scrolls sideways on a phone"
    screenshot(phones["Ann"], "event-final-360x640")
    screenshot(board, "event-board-1280x720")
