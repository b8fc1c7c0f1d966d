"""Several matches at once (issue 29): a browser plays a match against the computer and
friend matches together, each resumable; every form names its match, and a match id
that is not the browser's own is refused and changes nothing.

The truth comes from the database (``app.table.storage.load``), never from a response.
"""

from __future__ import annotations

import asyncio
import re

from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlmodel import Session

from app.core.models import PlayMatch
from app.engine import Phase, legal_match_actions
from app.friend.stream import events as event_stream
from app.table.common import Loaded
from app.table.storage import load
from tests.support.browsers import session_id_of
from tests.support.hardening import action_form
from tests.support.servers import run_async
from tests.web.friend.test_friend import TOKEN, browser, choose, join

MATCH_FIELD = re.compile(r'name="match" value="(\d+)"')


def _sid(client: TestClient) -> str:
    return session_id_of(client)


def form_version(client: TestClient) -> str:
    """The version the New match form carries (the browser's open seat's)."""
    form = client.get("/play/new").text
    version = re.search(r'name="version" value="(\d+)"', form)
    assert version, form[:1000]
    return version.group(1)


def invite(host: TestClient) -> str:
    """Ann's invite from the New match form (its version); the link's token."""
    response = host.post("/play/friend", data={"name": "Ann",
                                               "version": form_version(host)},
                         follow_redirects=False)
    assert response.status_code == 303, response.text[:500]
    found = TOKEN.search(host.get("/play").text)
    assert found
    return found.group(1)


def computer_match(client: TestClient) -> int:
    """Start a match against the computer from the New match form; its id."""
    response = client.post("/play/new", data={"level": "standard", "target": "100",
                                              "version": form_version(client)},
                           follow_redirects=False)
    assert response.status_code == 303, response.text[:500]
    return shown_match(client.get("/play").text)


def shown_match(page: str) -> int:
    """The id of the match a play page shows (its forms' ``match`` field)."""
    found = MATCH_FIELD.search(page)
    assert found, page[:2000]
    return int(found.group(1))


def loaded(app: FastAPI, client: TestClient, match_id: int) -> Loaded:
    with Session(app.state.engine) as db:
        found = load(db, _sid(client), match_id)
        assert found is not None
        return found


def stored(app: FastAPI, match_id: int) -> tuple[int, int]:
    """(version, hands) of match ``match_id`` as stored."""
    with Session(app.state.engine) as db:
        game = db.get(PlayMatch, match_id)
        assert game is not None
        return game.version, game.hands


def move(app: FastAPI, client: TestClient, match_id: int, **extra: str) -> int:
    """Make a legal move of ``client`` in ``match_id`` (a form that names it); the status."""
    now = loaded(app, client, match_id)
    text = "next_hand" if now.match.hand.phase is Phase.OVER else choose(now.match, now.me)
    form = {**action_form(text, now.game.version), "match": str(match_id), **extra}
    return client.post("/play", data=form, headers={"HX-Request": "true"}).status_code


def both(app: FastAPI) -> tuple[TestClient, TestClient, int, int]:
    """Ann plays the computer, then invites Bob: (ann, bob, computer id, friend id)."""
    ann, bob = browser(app), browser(app)
    computer = computer_match(ann)
    assert join(bob, invite(ann)).status_code == 303
    friend = shown_match(ann.get("/play").text)
    assert friend != computer
    return ann, bob, computer, friend


def test_a_friend_match_and_a_computer_match_are_both_in_progress_and_resumable(
        app: FastAPI) -> None:
    ann, bob, computer, friend = both(app)
    # Joining and inviting ended nothing: both matches open, each at its own seat.
    page = ann.get(f"/play?match={computer}")
    assert page.status_code == 200 and shown_match(page.text) == computer
    assert "Standard" in page.text and 'id="matches"' in page.text
    assert f"/play?match={friend}" in page.text
    # /play without a match now shows the match opened last: the computer's.
    assert shown_match(ann.get("/play").text) == computer

    # A move in the computer match leaves the friend match as it was, and back.
    before_friend = stored(app, friend)
    before_computer = stored(app, computer)
    assert move(app, ann, computer) == 200
    assert stored(app, friend) == before_friend
    assert stored(app, computer)[0] > before_computer[0]

    now = loaded(app, ann, friend)
    mover = ann if now.match.hand.to_play == 0 else bob
    before_computer = stored(app, computer)
    assert move(app, mover, friend) == 200
    assert stored(app, computer) == before_computer
    assert stored(app, friend)[0] == before_friend[0] + 1

    # Both resume after the tabs are gone (a new page load of each).
    assert shown_match(ann.get(f"/play?match={friend}").text) == friend
    assert shown_match(ann.get(f"/play?match={computer}").text) == computer
    # Bob's own computer match does not end his friend match either.
    bobs_computer = computer_match(bob)
    assert shown_match(bob.get(f"/play?match={friend}").text) == friend
    assert shown_match(bob.get(f"/play?match={bobs_computer}").text) == bobs_computer


def test_a_new_computer_match_keeps_the_friend_matches(app: FastAPI) -> None:
    ann, _bob, computer, friend = both(app)
    newer = computer_match(ann)
    assert newer != computer
    lines = ann.get("/play/matches").text
    assert f"match={friend}" in lines and f"match={newer}" in lines
    assert f"match={computer}" not in lines  # one match against the computer at a time
    assert ann.get(f"/play?match={computer}").status_code == 404


def test_a_plain_post_returns_to_the_match_it_named(app: FastAPI) -> None:
    ann, _bob, computer, _friend = both(app)
    now = loaded(app, ann, computer)
    form = {**action_form(choose(now.match, now.me), now.game.version),
            "match": str(computer)}
    response = ann.post("/play", data=form, follow_redirects=False)
    assert response.status_code == 303
    assert response.headers["location"].endswith(f"/play?match={computer}")


def test_forged_match_ids_are_refused_and_change_nothing(app: FastAPI) -> None:
    ann, bob, computer, friend = both(app)
    mallory = browser(app)
    own = computer_match(mallory)
    before = {match_id: stored(app, match_id) for match_id in (computer, friend, own)}
    version = str(before[computer][0])
    for forged in (str(computer), str(friend), "999999", "abc", "-1", ""):
        for path, data in (("/play", {"action": "draw_stock", "version": version}),
                           ("/play", {"sort": "suit"}),
                           ("/play/hint", {"version": version}),
                           ("/play/rematch", {"version": version})):
            response = mallory.post(path, data={**data, "match": forged},
                                    headers={"HX-Request": "true"})
            assert response.status_code == 404, (path, forged, response.status_code)
        assert mallory.get(f"/play?match={forged}").status_code == 404
        assert mallory.get(f"/play/pulse?match={forged}").status_code == 204
        assert mallory.get(f"/play/events?match={forged}").status_code == 204
    assert {match_id: stored(app, match_id) for match_id in before} == before
    # Bob plays the friend match but not Ann's computer match.
    assert bob.get(f"/play?match={computer}").status_code == 404
    assert "Standard" not in mallory.get("/play/matches").text.split("Your matches")[0]
    lines = mallory.get("/play/matches").text
    assert f"match={computer}" not in lines and f"match={friend}" not in lines


def test_the_list_shows_whose_turn_and_the_notice_follows_the_friend(app: FastAPI) -> None:
    ann, bob, computer, friend = both(app)
    now = loaded(app, ann, friend)
    assert not now.match.over
    to_play = now.match.hand.to_play
    ann_lines = ann.get(f"/play/matches?match={computer}").text
    bob_lines = bob.get("/play/matches").text
    if to_play == 0:
        assert "Your turn against Bob" in ann_lines and "Ann&#39;s turn" in bob_lines
    else:
        assert "Bob&#39;s turn" in ann_lines and "Your turn against Ann" in bob_lines
    # Whoever is to play moves; the other's computer table then says it is their turn.
    mover, waiter = (ann, bob) if to_play == 0 else (bob, ann)
    waiter_name, mover_name = ("Bob", "Ann") if to_play == 0 else ("Ann", "Bob")
    waiter_computer = computer if waiter is ann else computer_match(bob)
    actions = legal_match_actions(loaded(app, mover, friend).match, to_play)
    while loaded(app, mover, friend).match.hand.to_play == to_play and actions:
        assert move(app, mover, friend) == 200
        actions = legal_match_actions(loaded(app, mover, friend).match, to_play)
    page = waiter.get(f"/play?match={waiter_computer}").text
    assert f"Your turn against {mover_name}" in page
    assert 'id="live"' in page  # the computer table listens for the friend match
    assert f"{waiter_name}&#39;s turn" in mover.get("/play/matches").text


def test_the_stream_of_a_computer_table_tells_of_a_move_in_the_friend_match(
        app: FastAPI) -> None:
    ann, bob, computer, friend = both(app)
    now = loaded(app, ann, friend)
    mover = ann if now.match.hand.to_play == 0 else bob

    async def watch() -> list[str]:
        stream = event_stream(app.state.engine, None, 0, others=[friend])
        got = [await anext(stream), await anext(stream)]  # retry, then a ping
        await asyncio.to_thread(move, app, mover, friend)
        got.append(await asyncio.wait_for(anext(stream), 10))
        await stream.aclose()
        return got

    retry, ping, turn = run_async(watch())
    assert retry.startswith("retry:") and ping == ": ping\n\n"
    assert turn == f"event: turn\ndata: {friend}\n\n"  # ids only: no card, no score


def test_an_invite_waits_beside_the_computer_match_and_opens_once_taken(
        app: FastAPI) -> None:
    ann, bob = browser(app), browser(app)
    token = invite(ann)
    invited = int(re.search(r'data-events="[^"]*\?match=(\d+)"', ann.get("/play").text)
                  .group(1))  # type: ignore[union-attr]
    computer = computer_match(ann)
    lines = ann.get("/play/matches").text
    assert f"match={invited}" in lines and "Waiting for your friend" in lines
    # Back to the invite by the list: the waiting page, listening to that match.
    page = ann.get(f"/play?match={invited}").text
    assert token in page and f"/play/events?match={invited}" in page
    assert f'data-open="/play?match={invited}"' in page
    assert join(bob, token).status_code == 303
    assert shown_match(ann.get(f"/play?match={invited}").text) == invited
    assert shown_match(ann.get(f"/play?match={computer}").text) == computer
