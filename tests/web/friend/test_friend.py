"""Play a friend over HTTP: invites, seats, and a whole hand between two
browsers, each refused what is not theirs.

Two ``TestClient`` objects on one app are two browsers (each its own session cookie).
The truth comes from the database (the stored log replayed with the engine), never from
a response; every response to either browser is searched for the cards that browser
may not see.
"""

from __future__ import annotations

import re
import weakref
from datetime import timedelta

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlmodel import Session, select

from app.core.models import PlayHand, PlayMatch, utcnow
from app.engine import Card, MatchState, Phase, legal_match_actions
from app.engine.fairness import combine_client_seeds
from app.friend import presence
from app.table.storage import open_seat
from app.web.sessions import COOKIE_NAME
from tests.support.browsers import session_id_of
from tests.support.friends import choose, shows_result
from tests.support.hardening import (
    Replays,
    StoredPlay,
    action_form,
    diff,
    hidden_cards,
    leaks,
    response_text,
    secrets_in_play,
    snapshot,
    stored_play,
)

TOKEN = re.compile(r"/play/friend/([A-Za-z0-9_-]{32})(?![A-Za-z0-9_-])")


def browser(app: FastAPI) -> TestClient:
    """A new browser on ``app`` (its own cookies), with a session already."""
    client = TestClient(app, base_url="http://testserver")
    client.get("/")
    return client


def invite(host: TestClient, name: str = "Ann", **fields: str) -> str:
    """Post *Play a friend* from the New match form; the invite link's token."""
    response = host.post("/play/friend", data={"name": name, "version": "0", **fields},
                         follow_redirects=False)
    assert response.status_code == 303, response.text[:500]
    page = host.get("/play").text
    found = TOKEN.search(page)
    assert found, page[:2000]
    return found.group(1)


def join(guest: TestClient, token: str, name: str = "Bob", **fields: str) -> httpx.Response:
    return guest.post(f"/play/friend/{token}", data={"name": name, **fields},
                      follow_redirects=False)


def start(app: FastAPI, **fields: str) -> tuple[TestClient, TestClient, str]:
    """A friend match between two new browsers (Ann invites, Bob joins)."""
    host, guest = browser(app), browser(app)
    token = invite(host, **fields)
    assert join(guest, token).status_code == 303
    return host, guest, token


_replays: weakref.WeakKeyDictionary[FastAPI, Replays] = weakref.WeakKeyDictionary()
"""The stored matches' replays of each app, kept as long as its app. Keyed by the app
itself: a key of ``id(app)`` outlived its app, and a later test's app born at the same
address (its match 1 too) would have been replayed from the earlier test's deal."""


def replayed(app: FastAPI, row: StoredPlay) -> MatchState:
    """The stored match replayed with the engine (incrementally, one replayer per app
    and match)."""
    return _replays.setdefault(app, Replays()).advanced(row).match


def stored_match(app: FastAPI, client: TestClient) -> tuple[PlayMatch, MatchState]:
    """The friend match of ``client`` as stored: its row and the replayed state."""
    row = stored_play(app.state.engine, session_id_of(client))
    assert row is not None
    match = replayed(app, row)
    with Session(app.state.engine) as db:
        game = db.get(PlayMatch, row.match_id)
        assert game is not None
        db.expunge(game)
    return game, match


def check_hidden(app: FastAPI, client: TestClient, response: httpx.Response, seat: int,
                 what: str, sent: frozenset[Card] = frozenset()) -> None:
    """Nothing ``seat`` may not see is in ``response`` (body, headers, cookies), except
    the cards the browser named itself (``sent``: a refusal repeats them)."""
    assert response.status_code < 500, (what, response.text[:500])
    row = stored_play(app.state.engine, session_id_of(client))
    assert row is not None
    match = replayed(app, row)
    text = response_text(response, client.cookies.jar, client.cookies[COOKIE_NAME])
    for secret in secrets_in_play(row, match):
        assert secret not in text, f"{what}: a server seed in play reached seat {seat}"
    hidden, _stock = hidden_cards(match, seat)
    found = leaks(text, hidden - sent)
    assert not found, f"{what}: seat {seat} was sent hidden cards {found[:3]}"


def test_two_browsers_play_a_whole_hand_each_seeing_only_their_own_cards(
        app: FastAPI) -> None:
    host, guest = browser(app), browser(app)
    token = invite(host, client_seed="ann's seed")
    join_page = guest.get(f"/play/friend/{token}")
    assert join_page.status_code == 200 and "Ann invites you" in join_page.text
    assert join(guest, token, client_seed="bob's seed").status_code == 303
    clients = (host, guest)
    game, match = stored_match(app, host)
    assert game.names == ["Ann", "Bob"] and match.hand_number == 1
    said = {0: "Your friend Bob", 1: "Your friend Ann"}
    moves = 0
    while match.hand.phase is not Phase.OVER:
        player = match.hand.to_play
        text = choose(match, player)
        response = clients[player].post("/play", data=action_form(text, game.version),
                                        headers={"HX-Request": "true"})
        assert response.status_code == 200, response.text[:800]
        check_hidden(app, clients[player], response, player, f"{text} by seat {player}")
        other = clients[1 - player].get("/play")
        check_hidden(app, clients[1 - player], other, 1 - player, f"seat {1 - player} watches")
        game, match = stored_match(app, host)
        if match.hand.phase is not Phase.OVER:
            # The other browser is told, in words, what its friend just did.
            assert said[1 - player] in other.text, other.text[:3000]
        moves += 1
        assert moves < 200
    # The hand is over: both see the result; the hand was dealt from both client seeds.
    for seat, client in enumerate(clients):
        page = client.get("/play")
        assert page.status_code == 200 and shows_result(page.text)
        check_hidden(app, client, page, seat, "result")
    with Session(app.state.engine) as db:
        hand = db.get(PlayHand, (game.id, 1))
        assert hand is not None and hand.finished
        assert hand.client_seed == combine_client_seeds("ann's seed", "bob's seed")
    # Either may deal the next hand.
    response = guest.post("/play", data=action_form("next_hand", game.version))
    assert response.status_code in (200, 303)
    game, match = stored_match(app, host)
    assert match.hand_number == 2


def test_out_of_turn_for_the_other_seat_twice_or_stale_changes_nothing(app: FastAPI) -> None:
    host, guest, _token = start(app)
    game, match = stored_match(app, host)
    to_play = match.hand.to_play
    clients = (host, guest)
    waiting = clients[1 - to_play]
    before = snapshot(app.state.engine)
    legal = str(legal_match_actions(match, to_play)[0])
    # The waiting player tries the other seat's legal move, and a card it does not hold.
    response = waiting.post("/play", data=action_form(legal, game.version))
    assert response.status_code == 400
    assert "turn" in response.text.lower()
    # A card of the other hand and a card of the stock get the same refusal: no oracle.
    refusals = []
    for card in (match.hand.hands[to_play][0], match.hand.stock[0]):
        response = waiting.post("/play", data={"action": "discard", "card": str(card),
                                               "version": str(game.version)})
        assert response.status_code == 400
        check_hidden(app, waiting, response, 1 - to_play, "refusal", frozenset([card]))
        refusals.append(response.text.replace(card.name.lower(), "CARD"))
    assert refusals[0] == refusals[1]
    assert diff(before, snapshot(app.state.engine)) == {}
    # The player to act taps twice with the same version: the second is stale.
    first = clients[to_play].post("/play", data=action_form(legal, game.version))
    assert first.status_code in (200, 303)
    after_first = snapshot(app.state.engine)
    second = clients[to_play].post("/play", data=action_form(legal, game.version))
    assert second.status_code == 409
    assert diff(after_first, snapshot(app.state.engine)) == {}


def test_invite_tokens_are_long_random_and_admit_one_friend_only(app: FastAPI) -> None:
    tokens = {invite(browser(app)) for _ in range(5)}
    assert len(tokens) == 5
    assert all(len(t) == 32 for t in tokens)  # token_urlsafe(24): 192 bits
    host, guest, token = start(app)
    third = browser(app)
    before = snapshot(app.state.engine)
    for response in (third.get(f"/play/friend/{token}"), join(third, token, "Eve")):
        assert response.status_code == 403
        assert "already started" in response.text
    assert diff(before, snapshot(app.state.engine)) == {}
    # The third browser cannot see or act in the match either.
    assert "Your friend" not in third.get("/play").text
    assert third.get("/play/pulse").status_code == 204
    assert third.get("/play/events").status_code == 204


@pytest.mark.parametrize("token", [
    "x" * 32, "A" * 31 + "!", "short", "../../etc/passwd", "%00" * 12, "é" * 32, "1" * 65,
])
def test_forged_tokens_are_refused_and_change_nothing(app: FastAPI, token: str) -> None:
    invite(browser(app))
    guest = browser(app)
    before = snapshot(app.state.engine)
    for response in (guest.get(f"/play/friend/{token}"), join(guest, token)):
        assert response.status_code in (404, 405), response.status_code
        if response.status_code == 404:
            assert "not valid" in response.text or "Not Found" in response.text
    assert diff(before, snapshot(app.state.engine)) == {}


def test_a_cancelled_invite_admits_no_one(app: FastAPI) -> None:
    host, guest = browser(app), browser(app)
    token = invite(host)
    assert host.post("/play/friend/cancel", follow_redirects=False).status_code == 303
    assert "New match" in host.get("/play").text
    before = snapshot(app.state.engine)
    for response in (guest.get(f"/play/friend/{token}"), join(guest, token)):
        assert response.status_code == 410 and "cancelled" in response.text
    assert diff(before, snapshot(app.state.engine)) == {}
    # Cancelling twice is refused too.
    assert host.post("/play/friend/cancel").status_code == 409


def test_the_friend_may_cancel_before_the_match_starts(app: FastAPI) -> None:
    host, guest = browser(app), browser(app)
    token = invite(host)
    response = guest.post(f"/play/friend/{token}/decline")
    assert response.status_code == 200 and "cancelled" in response.text
    assert join(guest, token).status_code == 410
    assert "New match" in host.get("/play").text


def _form_version(page: str) -> str:
    found = re.search(r'name="version" value="(\d+)"', page)
    assert found, page[:2000]
    return found.group(1)


def _end_invite(how: str, app: FastAPI, host: TestClient, token: str) -> None:
    if how == "cancelled":
        assert host.post("/play/friend/cancel", follow_redirects=False).status_code == 303
    elif how == "declined":
        assert browser(app).post(f"/play/friend/{token}/decline").status_code == 200
    else:
        with Session(app.state.engine) as db:
            game = db.exec(select(PlayMatch).where(PlayMatch.invite_token == token)).one()
            game.invite_expires = utcnow() - timedelta(seconds=1)
            db.add(game)
            db.commit()


@pytest.mark.parametrize("how", ["cancelled", "declined", "expired"])
@pytest.mark.parametrize("had_a_match", [False, True])
def test_after_an_invite_ends_the_new_match_form_starts_a_match(
        app: FastAPI, how: str, had_a_match: bool) -> None:
    # The New match form shown after a cancelled, declined or expired invite must carry
    # the seat's own version: its Start match and Play a friend work at once.
    host = browser(app)
    if had_a_match:
        assert host.post("/play/new", data={"level": "easy"}).status_code == 200
    version = _form_version(host.get("/play/new").text)
    response = host.post("/play/friend", data={"name": "Ann", "version": version},
                         follow_redirects=False)
    assert response.status_code == 303, response.text[:500]
    found = TOKEN.search(host.get("/play").text)
    assert found
    _end_invite(how, app, host, found.group(1))
    page = host.get("/play").text
    assert "Start match" in page
    started = host.post("/play/new", data={"level": "easy", "version": _form_version(page)})
    assert started.status_code == 200, started.text[:500]
    assert 'id="table"' in started.text
    again = host.post("/play/friend", data={"name": "Ann",
                                            "version": _form_version(
                                                host.get("/play/new").text)},
                      follow_redirects=False)
    assert again.status_code == 303, again.text[:500]


def test_an_expired_invite_admits_no_one(app: FastAPI) -> None:
    host, guest = browser(app), browser(app)
    token = invite(host)
    with Session(app.state.engine) as db:
        game = db.exec(select(PlayMatch).where(PlayMatch.invite_token == token)).one()
        game.invite_expires = utcnow() - timedelta(seconds=1)
        db.add(game)
        db.commit()
    response = join(guest, token)
    assert response.status_code == 410 and "expired" in response.text
    assert guest.get(f"/play/friend/{token}").status_code == 410


def test_the_inviter_cannot_take_the_friends_seat(app: FastAPI) -> None:
    host = browser(app)
    token = invite(host)
    assert host.get(f"/play/friend/{token}").status_code == 409
    assert join(host, token).status_code == 409
    assert TOKEN.search(host.get("/play").text)  # still waiting


def test_bad_names_are_refused_and_change_nothing(app: FastAPI) -> None:
    host, guest = browser(app), browser(app)
    response = host.post("/play/friend", data={"name": "", "version": "0"})
    assert response.status_code == 400 and "Choose a name" in response.text
    token = invite(host)
    before = snapshot(app.state.engine)
    for name in ("", " ", "x" * 21, "a\x00b", "tab\u200bx\x07"):
        response = join(guest, token, name)
        assert response.status_code == 400, (name, response.status_code)
    response = join(guest, token, client_seed="é")
    assert response.status_code == 400
    assert diff(before, snapshot(app.state.engine)) == {}


def test_reopening_the_link_or_play_resumes_each_seat(app: FastAPI) -> None:
    host, guest, token = start(app)
    game, _ = stored_match(app, host)
    # The friend starts a match against the computer, then opens the link again.
    guest.post("/play/new", data={"level": "easy", "version": str(
        stored_play(app.state.engine, session_id_of(guest)).version)})  # type: ignore[union-attr]
    assert "Your friend" not in guest.get("/play").text
    response = guest.get(f"/play/friend/{token}", follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"] == "/play"
    page = guest.get("/play").text
    assert "Ann" in page and 'id="live"' in page
    with Session(app.state.engine) as db:
        seat = open_seat(db, session_id_of(guest))
        assert seat is not None and seat.match_id == game.id
    # A new browser session for the host (a cleared cookie) gets nothing.
    stranger = browser(app)
    assert stranger.get(f"/play/friend/{token}").status_code == 403


def test_two_friends_accepting_at_once_get_one_seat(app: FastAPI) -> None:
    host = browser(app)
    token = invite(host)
    first, second = browser(app), browser(app)
    assert join(first, token).status_code == 303
    assert join(second, token).status_code == 403
    with Session(app.state.engine) as db:
        game = db.exec(select(PlayMatch).where(PlayMatch.invite_token == token)).one()
        assert game.guest_session_id == session_id_of(first)


def test_the_friend_shows_as_away_after_30_seconds_without_a_table(app: FastAPI) -> None:
    host, guest, _token = start(app)
    assert "is away" not in guest.get("/play").text
    assert host.get("/play/pulse").text.endswith("-0")
    with Session(app.state.engine) as db:
        seat = open_seat(db, session_id_of(host))
        assert seat is not None
        game = db.get(PlayMatch, seat.match_id)
        assert game is not None
        game.host_seen_at = utcnow() - timedelta(seconds=31)
        db.add(game)
        db.commit()
        assert game.id is not None
        # Presence is also kept in this process's memory (app.friend.presence): the
        # host's last poll there is made as old as the stored one.
        presence.mark(app.state.engine, game.id, 0, game.host_seen_at)
    assert "Ann is away" in guest.get("/play").text
    assert guest.get("/play/pulse").text.endswith("-1")
    host.get("/play/pulse")  # the host's table is back
    assert "is away" not in guest.get("/play").text


def test_no_hints_in_a_friend_match(app: FastAPI) -> None:
    host, guest, _token = start(app)
    game, match = stored_match(app, host)
    client = (host, guest)[match.hand.to_play]
    response = client.post("/play/hint", data={"version": str(game.version)})
    assert response.status_code == 400 and "No hints" in response.text


def test_the_waiting_page_shows_the_full_link_and_a_qr_code(app: FastAPI) -> None:
    host = browser(app)
    token = invite(host)
    page = host.get("/play").text
    assert f"http://testserver/play/friend/{token}" in page
    svg = host.get("/play/friend/qr.svg")
    assert svg.status_code == 200 and svg.headers["content-type"].startswith("image/svg+xml")
    assert svg.text.lstrip().startswith("<?xml") and "<svg" in svg.text
    assert browser(app).get("/play/friend/qr.svg").status_code == 404


def test_a_friend_match_is_in_both_players_history_each_from_their_side(
        app: FastAPI) -> None:
    host, guest, _token = start(app)
    game, match = stored_match(app, host)
    clients = (host, guest)
    while match.hand.phase is not Phase.OVER:
        player = match.hand.to_play
        clients[player].post("/play", data=action_form(choose(match, player), game.version))
        game, match = stored_match(app, host)
    record = match.records[-1]
    for seat, client in enumerate(clients):
        page = client.get("/play/history")
        assert page.status_code == 200
        other = ("Bob", "Ann")[seat]
        assert f"against your friend {other}" in page.text
        mine, theirs = (0, 0) if record.winner is None else (
            (record.points, 0) if record.winner == seat else (0, record.points))
        assert f"You <strong>{mine}</strong> · {other} <strong>{theirs}</strong>" in page.text
        check_hidden(app, client, page, seat, "history")
    # Each opens the hand's review and the match report from their own side
    # (tests/web/friend/test_friend_review.py checks whose decisions are rated).
    for seat, client in enumerate(clients):
        assert f'href="/play/history/{game.id}/1"' in client.get("/play/history").text
        review = client.get(f"/play/history/{game.id}/1")
        assert review.status_code == 200
        assert f"Against your friend {('Bob', 'Ann')[seat]}" in review.text
        check_hidden(app, client, review, seat, "review of a finished hand")
