"""Play a friend in two real browsers: two Chromium contexts (two cookie
jars, two people) on one server play a whole hand; each sees the other's moves appear
live (Server-Sent Events, no reload) and only their own hand.

Screenshots (390×844) go to test-results/: the waiting page with the invite link and
QR code, and each player's table after the other's move.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest

from tests.support.tables import at_table

pytestmark = pytest.mark.browser

MAX_ACTIONS = 120
LIVE_TIMEOUT_MS = 5_000
"""Generous for a loaded test machine; bench/friends.py measures the real latency."""


def version(page: Any) -> str:
    return str(page.evaluate("() => document.querySelector('#table').dataset.version"))


def enabled(page: Any, name: str) -> bool:
    button = page.get_by_role("button", name=name, exact=True)
    return bool(button.count() == 1 and button.is_enabled()
                and button.get_attribute("aria-disabled") != "true")


def cards(page: Any) -> list[dict[str, Any]]:
    return list(page.evaluate(
        "() => [...document.querySelectorAll('.hand input[name=card]')].map(r => ({"
        "name: r.getAttribute('aria-label'), left: Number(r.dataset.left || 99),"
        "acts: (r.dataset.acts || '').split(' ')}))"))


def act(page: Any) -> str:
    """One action of the player whose turn it is on ``page``: pass the upcard, draw
    from the stock, or knock/gin/discard the card leaving least deadwood."""
    before = version(page)
    if enabled(page, "Pass"):
        name = "Pass"
        page.get_by_role("button", name="Pass", exact=True).click()
    elif enabled(page, "Draw from stock"):
        name = "Draw from stock"
        page.get_by_role("button", name="Draw from stock", exact=True).click()
    else:
        hand = [c for c in cards(page) if "discard" in c["acts"]]
        best = min(hand, key=lambda c: c["left"])
        page.get_by_role("radio", name=best["name"], exact=True).click()
        name = "Gin" if "gin" in best["acts"] else "Knock" if "knock" in best["acts"] \
            else "Discard"
        page.get_by_role("button", name=name, exact=True).click()
    page.wait_for_function("v => document.querySelector('#table').dataset.version !== v",
                           arg=before)
    return name


def my_turn(page: Any) -> bool:
    """True when a game button of ``page`` is enabled (Discard waits for a selection
    with aria-disabled, but is not disabled, in the discard step)."""
    return bool(page.evaluate(
        "() => ['a-pass', 'a-draw_stock', 'a-discard'].some(id => {"
        " const b = document.getElementById(id); return b && !b.disabled; })"))


def start_friend_match(host: Any, guest: Any, url: str, host_name: str, guest_name: str,
                       choose: Callable[[Any], None] | None = None) -> None:
    """``host`` invites from the New match form at ``url`` (after ``choose(host)`` sets
    any table options), ``guest`` joins by the invite link; both at their tables."""
    host.goto(url + "/play/new")
    host.get_by_label("Your name").fill(host_name)
    if choose is not None:
        choose(host)
    host.get_by_role("button", name="Play a friend").click()
    link = host.get_by_label("Invite link")
    link.wait_for()
    guest.goto(link.input_value())
    guest.get_by_label("Your name").fill(guest_name)
    guest.get_by_role("button", name="Join the match").click()
    at_table(guest)
    at_table(host, timeout=LIVE_TIMEOUT_MS)


def test_two_people_play_a_whole_hand_each_seeing_the_others_moves_live(
        start_server: Callable[..., Any], new_page: Callable[..., Any],
        screenshot: Callable[..., Any]) -> None:
    server = start_server()
    ann, bob = new_page(390, 844), new_page(390, 844)
    reloads = {"ann": 0, "bob": 0}
    ann.on("load", lambda _page: reloads.__setitem__("ann", reloads["ann"] + 1))
    bob.on("load", lambda _page: reloads.__setitem__("bob", reloads["bob"] + 1))

    ann.goto(server.url + "/play/new")
    ann.get_by_label("Your name").fill("Ann")
    ann.get_by_role("button", name="Play a friend").click()
    link = ann.get_by_label("Invite link")
    link.wait_for()
    url = link.input_value()
    assert url.startswith(server.url + "/play/friend/")
    # The QR code is an <img> of its own request: wait for it to load, then check it drew.
    ann.wait_for_function("() => document.querySelector('img.invite-qr').complete")
    assert ann.locator("img.invite-qr").evaluate("img => img.naturalWidth > 0")
    screenshot(ann, "friend-invite-390x844")

    bob.goto(url)
    join = bob.get_by_role("button", name="Join the match").bounding_box()
    cancel = bob.get_by_role("button", name="No thanks: cancel the invite").bounding_box()
    assert join is not None and cancel is not None
    gap = cancel["y"] - (join["y"] + join["height"])
    assert gap >= 24, f"Cancel sits {gap:.0f} px under Join: a thumb hits the wrong one"
    bob.get_by_label("Your name").fill("Bob")
    bob.get_by_role("button", name="Join the match").click()
    at_table(bob)
    # Ann's waiting page turns into the table by itself.
    at_table(ann, timeout=LIVE_TIMEOUT_MS)
    pages = {"Ann": ann, "Bob": bob}
    assert "Bob" in ann.locator(".opponent").inner_text()
    assert "Ann" in bob.locator(".opponent").inner_text()
    assert bob.get_by_role("button", name="Hint").count() == 0  # no hints against a friend
    loads = dict(reloads)

    latencies: list[float] = []
    shots: set[str] = set()
    for _ in range(MAX_ACTIONS):
        if ann.locator(".result").count() and bob.locator(".result").count():
            break
        actor = next((n for n, p in pages.items() if my_turn(p)), None)
        assert actor is not None, ("nobody may act", len(latencies), {
            n: (p.locator("#status").inner_text(), version(p)) for n, p in pages.items()})
        watcher_name = "Bob" if actor == "Ann" else "Ann"
        player, watcher = pages[actor], pages[watcher_name]
        # Only the player to act has enabled game buttons.
        assert not my_turn(watcher)
        focused = watcher.evaluate("() => document.activeElement.id")
        act(player)
        started = time.monotonic()
        watcher.wait_for_function(
            "v => document.querySelector('#table') && "
            "document.querySelector('#table').dataset.version === v",
            arg=version(player), timeout=LIVE_TIMEOUT_MS)
        latencies.append(time.monotonic() - started)
        # The friend's move never moves the watcher's focus.
        assert watcher.evaluate("() => document.activeElement.id") == focused
        if watcher.locator(".result").count() == 0:
            said = watcher.locator("#said").inner_text()
            assert said.startswith(f"Your friend {actor} "), said
            if watcher_name not in shots and "discarded" in said:
                watcher.evaluate("() => document.activeElement.blur()")
                screenshot(watcher, f"friend-table-{watcher_name.lower()}-390x844")
                shots.add(watcher_name)
    else:
        pytest.fail("the hand did not end")
    # No page reloaded during the hand: every move arrived live.
    assert reloads == loads
    for name, page in pages.items():
        assert page.locator(".result").is_visible()
        assert page.get_by_role("button", name="Next hand").is_enabled()
        screenshot(page, f"friend-result-{name.lower()}-390x844")
    print(f"move to the other screen: max {max(latencies):.3f} s over {len(latencies)} moves")


def test_the_meta_line_of_an_oklahoma_friend_match_keeps_to_two_lines_on_a_small_phone(
        start_server: Callable[..., Any], new_page: Callable[..., Any]) -> None:
    """At 360 px the score bar's meta line (the Oklahoma knock limit, the hand, who deals)
    wraps to two lines at most with a long name: "Friend match" is dropped there (the
    friend's name is on the score), as " computer" is against the computer."""
    server = start_server()
    ann, bob = new_page(360, 640), new_page(360, 640)

    def oklahoma(page: Any) -> None:
        page.locator("details.options summary").click()
        page.locator("input[name=oklahoma]").check()

    start_friend_match(ann, bob, server.url, "Annabelle", "Maximilianonymous", oklahoma)
    for page in (ann, bob):
        meta = page.locator(".scorebar__meta")
        # The limit is the upcard's: "Knock at 7", or "Gin only this hand" under an ace.
        limit = "Gin only" if "Gin only" in meta.inner_text() else "Knock at"
        assert limit in meta.inner_text() and "Friend match" not in meta.inner_text()
        lines = meta.evaluate(
            "el => el.getBoundingClientRect().height"
            " / parseFloat(getComputedStyle(el).lineHeight)")
        assert lines < 2.5, f"the meta line takes {lines:.1f} lines: {meta.inner_text()!r}"
    ann.set_viewport_size({"width": 844, "height": 390})  # room enough: the words are back
    assert "Friend match" in ann.locator(".scorebar__meta").inner_text()
