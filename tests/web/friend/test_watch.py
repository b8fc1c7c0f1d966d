"""Watching a friend match by its link: both players' leave, public information only,
live, revocable.

The truth comes from the database (the stored log replayed with the engine); every
page, view and stream message a watcher gets is searched for the cards nobody outside
the hands may see (every card but the discard pile and the cards either player took
from it, while a hand is in play), the stock, the seeds in play, both players'
session ids and cookies, and the link's own token.
"""

from __future__ import annotations

import asyncio
import random
import re

import httpx
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlmodel import Session, select

from app.core.models import WatchLink
from app.engine import CARDS, MatchState, Phase, legal_match_actions
from app.friend import watch
from app.web.sessions import COOKIE_NAME, token_hash
from tests.support.browsers import session_id_of
from tests.support.friends import choose
from tests.support.hardening import action_form, leaks, secrets_in_play, stored_play
from tests.support.servers import run_async
from tests.web.friend.test_friend import browser, replayed, start, stored_match

LINK = re.compile(r"/watch/([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])")


def _allow(client: TestClient, match_id: int, on: bool = True) -> httpx.Response:
    return client.post("/play/watch", data={"match": str(match_id), "allow": "1" if on else "0"},
                       follow_redirects=False)


def _link(client: TestClient, match_id: int) -> httpx.Response:
    return client.post("/play/watch/link", data={"match": str(match_id)})


def _watched(app: FastAPI) -> tuple[TestClient, TestClient, int, str]:
    """A friend match both players let others watch, and a link one of them made."""
    host, guest, _ = start(app, target="2000")
    game, _match = stored_match(app, host)
    assert game.id is not None
    assert _allow(host, game.id).status_code == 303
    assert _allow(guest, game.id).status_code == 303
    made = _link(host, game.id)
    assert made.status_code == 200, made.text[:500]
    found = LINK.search(made.text)
    assert found, made.text[:2000]
    return host, guest, game.id, found.group(1)


def _public_hidden(match: MatchState) -> set:
    """Every card a watcher may not see now (none once the hand is over)."""
    hand = match.hand
    if hand.phase is Phase.OVER:
        return set()
    return set(CARDS) - set(hand.discard_pile) - set(hand.known[0]) - set(hand.known[1])


def _check_watcher(app: FastAPI, text: str, players: tuple[TestClient, TestClient],
                   token: str, what: str) -> None:
    """Nothing hidden in ``text``, one of the watcher's answers."""
    row = stored_play(app.state.engine, session_id_of(players[0]))
    assert row is not None
    match = replayed(app, row)
    for secret in secrets_in_play(row, match):
        assert secret not in text, f"{what}: a server seed in play reached the watcher"
    for player in players:
        assert session_id_of(player) not in text, f"{what}: a session id"
        assert player.cookies[COOKIE_NAME] not in text, f"{what}: a session cookie"
    assert token not in text and token_hash(token) not in text, f"{what}: the link's token"
    found = leaks(text, _public_hidden(match))
    assert not found, f"{what}: the watcher was sent hidden cards {found[:3]}"


def test_a_watch_link_needs_both_players_leave(app: FastAPI) -> None:
    host, guest, _ = start(app)
    game, _ = stored_match(app, host)
    assert game.id is not None
    page = host.get(f"/play/watch?match={game.id}")
    assert page.status_code == 200 and "Let others watch" in page.text
    assert _link(host, game.id).status_code == 409
    assert _allow(host, game.id).status_code == 303
    refused = _link(host, game.id)
    assert refused.status_code == 409 and "Bob has not turned on" in refused.text
    assert not LINK.search(refused.text)
    assert _allow(guest, game.id).status_code == 303
    made = _link(guest, game.id)
    assert made.status_code == 200 and LINK.search(made.text)
    with Session(app.state.engine) as db:
        [row] = db.exec(select(WatchLink)).all()
    token = LINK.search(made.text).group(1)  # type: ignore[union-attr]
    assert row.token_hash == token_hash(token) and row.seat == 1  # only the hash is kept
    stranger = TestClient(app, base_url="http://testserver")  # no cookie, no session
    seen = stranger.get(f"/watch/{token}")
    assert seen.status_code == 200 and "Watching Ann and Bob" in seen.text
    assert seen.headers["Cache-Control"] == "no-store"


def test_a_stranger_cannot_see_or_change_watching_of_someone_elses_match(app: FastAPI) -> None:
    host, _guest, _ = start(app)
    game, _ = stored_match(app, host)
    other = browser(app)
    assert other.get(f"/play/watch?match={game.id}").status_code == 404
    assert _allow(other, game.id).status_code == 404  # type: ignore[arg-type]
    assert _link(other, game.id).status_code == 404  # type: ignore[arg-type]
    assert other.post("/play/watch/stop", data={"match": str(game.id)}).status_code == 404
    assert host.post("/play/watch", data={"match": str(game.id), "allow": "yes"}
                     ).status_code == 400


def test_forged_and_malformed_links_are_404_saying_so(app: FastAPI) -> None:
    _host, _guest, _match_id, token = _watched(app)
    stranger = TestClient(app, base_url="http://testserver")
    forged = token[:-1] + ("A" if token[-1] != "A" else "B")
    for bad in (forged, "short", "x" * 43, token + "x", "%00" * 10):
        for suffix in ("", "/view", "/events"):
            response = stranger.get(f"/watch/{bad}{suffix}")
            assert response.status_code == 404, (bad, suffix)
            assert "does not lead to a match to watch" in response.text
    assert stranger.get(f"/watch/{token}/view", headers={"HX-Request": "true"}
                        ).status_code == 200


def test_taking_leave_back_or_stopping_the_links_stops_every_link(app: FastAPI) -> None:
    host, guest, match_id, first = _watched(app)
    second = LINK.search(_link(guest, match_id).text).group(1)  # type: ignore[union-attr]
    stranger = TestClient(app, base_url="http://testserver")
    assert _allow(guest, match_id, on=False).status_code == 303
    for token in (first, second):
        gone = stranger.get(f"/watch/{token}")
        assert gone.status_code == 404 and "This watch link was stopped" in gone.text
        assert stranger.get(f"/watch/{token}/events").status_code == 404
    assert _link(host, match_id).status_code == 409  # a new link needs both again
    assert _allow(guest, match_id).status_code == 303
    third = LINK.search(_link(host, match_id).text).group(1)  # type: ignore[union-attr]
    assert stranger.get(f"/watch/{third}").status_code == 200
    page = host.get(f"/play/watch?match={match_id}")
    assert "1 watch link is open" in page.text and third not in page.text
    assert host.post("/play/watch/stop", data={"match": str(match_id)},
                     follow_redirects=False).status_code == 303
    assert stranger.get(f"/watch/{third}").status_code == 404


def test_an_event_issues_a_link_without_asking_the_seats(app: FastAPI) -> None:
    host, _guest, _ = start(app)
    game, _ = stored_match(app, host)
    assert game.id is not None
    with Session(app.state.engine) as db:
        token = watch.issue(db, game.id)
        db.commit()
    stranger = TestClient(app, base_url="http://testserver")
    assert stranger.get(f"/watch/{token}").status_code == 200
    with Session(app.state.engine) as db:
        assert watch.stop_all(db, game.id) == 1
        db.commit()
    assert stranger.get(f"/watch/{token}").status_code == 404


def test_the_watcher_sees_the_table_live_and_never_a_hidden_card_through_a_match(
        app: FastAPI) -> None:
    rng = random.Random(49)
    host, guest, match_id, token = _watched(app)
    players = (host, guest)
    watcher = TestClient(app, base_url="http://testserver")
    hands = moves = 0
    seen_results = 0
    while hands < 6:
        game, match = stored_match(app, host)
        if match.over:
            break
        if match.hand.phase is Phase.OVER:
            view = watcher.get(f"/watch/{token}/view", headers={"HX-Request": "true"})
            _check_watcher(app, view.text, players, token, "hand over")
            seen_results += "result__sides" in view.text
            hands += 1
            response = players[rng.randrange(2)].post(
                "/play", data=action_form("next_hand", game.version))
            assert response.status_code in (200, 303)
            continue
        player = match.hand.to_play
        text = choose(match, player) if rng.random() < 0.8 else str(
            rng.choice(legal_match_actions(match, player)))
        response = players[player].post("/play", data=action_form(text, game.version),
                                        follow_redirects=False)
        assert response.status_code in (200, 303), response.text[:300]
        moves += 1
        path = f"/watch/{token}" if moves % 7 == 0 else f"/watch/{token}/view"
        seen = watcher.get(path, headers={} if moves % 7 == 0 else {"HX-Request": "true"})
        assert seen.status_code == 200
        _check_watcher(app, seen.text, players, token, text)
        _game, after = stored_match(app, host)
        if after.hand.phase is not Phase.OVER:
            assert f"{len(after.hand.stock)} cards" in seen.text  # the stock's size
    assert hands >= 3 and seen_results >= 3


def test_the_stream_tells_each_move_by_version_and_ends_when_stopped(app: FastAPI) -> None:
    host, guest, match_id, token = _watched(app)
    game, match = stored_match(app, host)
    mover = (host, guest)[match.hand.to_play]

    async def follow() -> list[str]:
        stream = watch.events(app.state.engine, token, match_id)
        got = [await anext(stream), await anext(stream)]
        await asyncio.to_thread(mover.post, "/play", data=action_form(
            choose(match, match.hand.to_play), game.version))
        got.append(await asyncio.wait_for(anext(stream), 10))
        await asyncio.to_thread(_allow, host, match_id, False)
        got.append(await asyncio.wait_for(anext(stream), 10))
        await stream.aclose()
        return got

    retry, first, moved, gone = run_async(follow())
    assert retry.startswith("retry:")
    assert first == f"event: move\ndata: {game.version}\n\n"
    assert moved == f"event: move\ndata: {game.version + 1}\n\n"
    assert gone == "event: gone\ndata: 0\n\n"


def test_a_finished_match_shows_who_won_by_name(app: FastAPI) -> None:
    from app.core.models import PlayMatch
    from tests.support.histories import store_history

    [match_id] = store_history(app.state.engine, "watch-bob", 1, seed=4, target=30,
                               friend="watch-ann", unfinished=False)
    with Session(app.state.engine) as db:
        game = db.get(PlayMatch, match_id)
        assert game is not None and game.over
        token = watch.issue(db, match_id)
        db.commit()
    page = TestClient(app, base_url="http://testserver").get(f"/watch/{token}")
    assert page.status_code == 200
    assert re.search(r"(Ann|Bob) won the match, \d+ to \d+|The match is a tie", page.text)
    assert "You " not in page.text  # nobody is "you" to a watcher
