"""Waiting for the play table in a browser (Playwright): the table's version, and a
tap's answer swapped in (the lesson's, the daily deal's and play's tables alike)."""

from __future__ import annotations

from typing import Any


def table_version(page: Any) -> str:
    """The version the table on ``page`` posts back (``#table``'s ``data-version``)."""
    return str(page.evaluate("() => document.querySelector('#table').dataset.version"))


def settled(page: Any, before: str) -> None:
    """Wait for a new version of the table and no request in flight."""
    page.wait_for_function(
        "v => document.querySelector('#table').dataset.version !== v"
        " && !document.documentElement.classList.contains('is-busy')", arg=before)


def two_frames(page: Any) -> None:
    """Wait for two animation frames: what a change of the page (a new viewport, a
    class) set off is done — its resize events dispatched and the scripts' answers to
    them made."""
    page.evaluate("() => new Promise(done => requestAnimationFrame(() =>"
                  " requestAnimationFrame(done)))")


# The table's markup is there as soon as the page is parsed; its script (a module, run
# after parsing) makes keys, drags and the hint work without a page load. Until then a
# key does nothing and a tap posts the no-script form.
TABLE_LIVE = "html[data-play-ready] #table[data-version]"


def at_table(page: Any, timeout: float | None = None) -> None:
    """Wait until ``page`` shows a table whose script is live and whose page has loaded
    (its ``load`` event fired): call it after a click that navigates to a table (Start
    match, Join the match, a friend's waiting page turning into the table) before
    pressing keys, dragging or counting page loads. ``timeout`` in milliseconds (the
    context's default when None)."""
    page.locator(TABLE_LIVE).wait_for(state="attached", timeout=timeout)
    page.wait_for_load_state("load", timeout=timeout)


def slow_network(page: Any, latency_ms: float) -> None:
    """Give every request of ``page`` ``latency_ms`` more round trip (Chromium's own
    network emulation; 0 takes it away). Unlike a route handler that sleeps, nothing
    waits in the test's thread: the test watches the page while a request is in flight
    (``aria-busy``, the card on its way) instead of missing it."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": latency_ms, "downloadThroughput": -1,
        "uploadThroughput": -1})


def at_rest(page: Any) -> None:
    """Wait until ``page`` is at rest: no request in flight, no animation running, no
    card in flight. Measure a card's place only then: while the hand slides a drawn card
    in, what is under a point is another card than the slot's own box says."""
    page.wait_for_function(
        "() => !document.documentElement.classList.contains('is-busy')"
        " && document.getAnimations().every(a => a.playState !== 'running')"
        " && !document.querySelector('.flyer, .ghost')")


def in_sight(page: Any, code: str) -> dict[str, float]:
    """The part of the hand's card ``code`` in sight (the hand is a fan: the next card
    covers the rest of it), as a box: its slot's left and width, its card's top and
    height. Press a card there with the mouse, not at the middle of its whole face."""
    slot = page.locator(f'.hand .slot[data-card="{code}"]').bounding_box()
    card = page.locator(f'.hand .slot[data-card="{code}"] .card').bounding_box()
    return {"x": slot["x"], "width": slot["width"], "y": card["y"], "height": card["height"]}
