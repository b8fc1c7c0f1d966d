"""Review together in two real browsers (issue 50): Ann and Bob play a friend match's
first hand to its end (their moves posted with each browser's own cookie), both open
*Review together* of that hand, and a step taken by either (buttons, keys) moves both
pages to the same position, live. Each page shows its own seat: at a position before
the end, its own hand face up and the friend's face down; no card that stayed in the
stock at the hand's end is anywhere in either page.

Screenshots go to test-results/ (together-ann-360x640, together-bob-1280x800).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine
from sqlmodel import Session, col, select

from app.core.models import PlayMatch
from app.engine.review import hand_positions
from app.review import history as hist
from app.web.sessions import COOKIE_NAME
from tests.browser.test_friend_browser import start_friend_match
from tests.support.browsers import session_id_of
from tests.support.friends import tap_next

pytestmark = pytest.mark.browser

MOVES = 200
"""More than any hand takes (the stock runs out before)."""


def _client(page: Any, url: str) -> httpx.Client:
    """An HTTP client with ``page``'s session cookie: the same browser, faster hands."""
    cookie = next(c["value"] for c in page.context.cookies() if c["name"] == COOKIE_NAME)
    return httpx.Client(base_url=url, cookies={COOKIE_NAME: cookie}, timeout=30)


def _at(page: Any, step: int) -> None:
    """Wait until ``page`` shows position ``step`` of the review."""
    page.locator(f'#review .review-step.is-current[data-step="{step}"]').wait_for()


def _faces(where: Any) -> set[str]:
    """The codes of the face-up cards in the element(s) ``where`` (a locator), shown or
    not."""
    return set(where.evaluate_all(
        "els => els.flatMap(el => [...el.querySelectorAll('.card use')]).map("
        "u => u.getAttribute('href').split('#')[1])"))


def test_two_players_step_through_a_finished_hand_together_each_from_their_seat(
        start_server: Callable[..., Any], new_page: Callable[..., Any],
        screenshot: Callable[..., Any]) -> None:
    server = start_server()
    ann, bob = new_page(360, 640), new_page(1280, 800)
    start_friend_match(ann, bob, server.url, "Ann", "Bob")
    for page in (ann, bob):  # the hand is played over HTTP: no table to keep up to date
        page.goto(server.url + "/guide")
    engine = create_engine(server.db_url)
    clients = (_client(ann, server.url), _client(bob, server.url))
    try:
        ann_id = session_id_of(clients[0], engine)
        for _ in range(MOVES):
            if tap_next(engine, ann_id, clients) is None:
                break
        else:
            pytest.fail("the hand did not end")
        with Session(engine) as db:
            game = db.exec(select(PlayMatch).where(col(PlayMatch.session_id) == ann_id)).one()
            facts = hist.hand_facts(db, ann_id, game.id, 1)
    finally:
        for client in clients:
            client.close()
        engine.dispose()
    positions = hand_positions(facts.rules, facts.seed, facts.number, facts.dealer,
                               facts.log)
    last = len(positions) - 1
    path = f"/play/history/{game.id}/1/together"
    for page in (ann, bob):
        page.goto(server.url + path)
        page.locator("#review.review--js").wait_for(state="attached")
        _at(page, 0)

    # Ann steps forward once, then three times in a burst (faster than a post's
    # answer): both pages end at the fourth position.
    forward = ann.get_by_role("button", name="Forward one action")
    forward.click()
    _at(bob, 1)
    forward.evaluate("b => { b.click(); b.click(); b.click(); }")
    _at(ann, 4)
    _at(bob, 4)
    _at(ann, 4)  # and stays there: no answer to an earlier post takes it back
    # Bob steps by key: the End key to the last position, then back one.
    bob.locator("body").press("End")
    _at(ann, last)
    bob.get_by_role("button", name="Back one action").click()
    _at(bob, last - 1)
    _at(ann, last - 1)
    # Ann's page keeps the step Bob chose after a reload.
    ann.reload()
    _at(ann, last - 1)

    # Each sees their own seat: before the end, their own hand face up, the friend's
    # face down; the cards still in the stock at the end are in neither page.
    middle = positions[last - 1].state
    for page, seat in ((ann, 0), (bob, 1)):
        rows = page.locator(f'#review .review-step[data-step="{last - 1}"] .review-row')
        assert rows.count() == 2 and "face down" in rows.first.inner_text()
        assert not _faces(rows.first)
        assert _faces(rows.last) == {str(c) for c in middle.hands[seat]}
        hidden = {str(c) for c in positions[last].state.stock}
        everything = _faces(page.locator("body"))
        assert hidden and not hidden & everything, "a card left in the stock is shown"
    screenshot(ann, "together-ann-360x640")
    screenshot(bob, "together-bob-1280x800")
