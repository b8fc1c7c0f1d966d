"""The open bot protocol (docs/bots.md): a bot plays a whole friend match through the
API against a browser, sees only its own seat, is refused without its token or while
the operator keeps bots off, meets the same fair-use limits and is marked as a bot."""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlmodel import Session

from app.core import botaccounts
from app.core.config import Settings
from app.core.fairuse import Rate
from app.core.models import BotAccount
from app.engine import Phase
from app.main import create_app
from app.table import storage
from app.table.storage import load
from tests.support.bots import add_bot, bearer, invite, sample_client
from tests.support.browsers import session_id_of
from tests.support.friends import choose
from tests.support.hardening import action_form


def _app(settings: Settings, **changes: Any) -> FastAPI:
    return create_app(settings.model_copy(update={"bots": True, **changes}))


@pytest.fixture(autouse=True)
def _fresh_replays() -> Iterator[None]:
    """Each test's database numbers its matches from 1: no replay of another's is kept."""
    storage.forget_cache()
    yield
    storage.forget_cache()


@pytest.fixture
def bots_app(settings: Settings) -> FastAPI:
    """The app with bots on."""
    return _app(settings)


@pytest.fixture
def host(bots_app: FastAPI) -> Iterator[TestClient]:
    """The inviter's browser."""
    with TestClient(bots_app, base_url="http://testserver") as client:
        yield client


@pytest.fixture
def robot(bots_app: FastAPI, host: TestClient) -> Iterator[tuple[TestClient, str]]:
    """A bot's HTTP client (no cookie) and its token."""
    token = add_bot(bots_app.state.engine)
    with TestClient(bots_app, base_url="http://testserver", cookies=None) as client:
        client.headers.update(bearer(token))
        yield client, token


def _hidden(bots_app: FastAPI, host_sid: str, match_id: int) -> set[str]:
    """The host's cards the bot may not know and the stock, as the server holds them."""
    with Session(bots_app.state.engine) as db:
        loaded = load(db, host_sid, match_id)
        assert loaded is not None
        hand = loaded.match.hand
        known = hand.known[0]
        return {str(c) for c in hand.hands[0] if c not in known} | {str(c) for c in hand.stock}


def _host_moves(bots_app: FastAPI, host: TestClient, host_sid: str, match_id: int) -> bool:
    """The host makes a sensible move through its browser when it is its turn."""
    with Session(bots_app.state.engine) as db:
        loaded = load(db, host_sid, match_id)
        assert loaded is not None
        match, version = loaded.match, loaded.game.version
    if match.over or match.hand.phase is Phase.OVER or match.hand.to_play != 0:
        return False
    response = host.post("/play", data={**action_form(choose(match, 0), version),
                                        "match": str(match_id)}, follow_redirects=False)
    assert response.status_code == 303, response.text[:300]
    return True


def test_a_bot_plays_a_whole_friend_match_against_a_browser_seeing_only_its_seat(
        bots_app: FastAPI, host: TestClient, robot: tuple[TestClient, str]) -> None:
    bot, _ = robot
    policy = sample_client()
    token = invite(host, "Ann")
    joined = bot.post("/api/bot/join", json={"invite": f"http://testserver/play/friend/{token}"})
    assert joined.status_code == 200, joined.text
    view = joined.json()
    match_id, host_sid = view["match"], session_id_of(host)
    assert view["seat"] == 1 and view["opponent"] == {"name": "Ann", "bot": False}
    assert view["players"][1] == {"seat": 1, "name": "Robbie", "bot": True, "you": True}
    scanned = 0
    for _ in range(5000):
        if view["match_over"]:
            break
        if view["result"] is None:  # in play: nothing of the other hand nor the stock
            text = json.dumps(view)
            leaked = [c for c in _hidden(bots_app, host_sid, match_id) if f'"{c}"' in text]
            assert not leaked, (leaked, view)
            scanned += 1
        if _host_moves(bots_app, host, host_sid, match_id):
            view = bot.get(f"/api/bot/matches/{match_id}").json()
            continue
        action = policy.choose(view)
        assert action is not None, view
        answer = bot.post(f"/api/bot/matches/{match_id}", json={"version": view["version"],
                                                                 **action})
        assert answer.status_code == 200, answer.text
        view = answer.json()
    assert view["match_over"] and view["winner"] in (0, 1)
    assert scanned > 20
    # The host's table and history mark the bot.
    table = host.get(f"/play?match={match_id}", headers={"Accept": "text/html"}).text
    assert 'class="bot-mark"' in table
    assert 'class="bot-mark"' in host.get("/play/history").text


def test_the_bot_view_is_built_from_its_seat_alone_and_says_whose_turn(
        bots_app: FastAPI, host: TestClient, robot: tuple[TestClient, str]) -> None:
    bot, _ = robot
    view = bot.post("/api/bot/join", json={"invite": invite(host)}).json()
    assert len(view["hand"]) in (10, 11) and view["stock_count"] == 31
    assert view["opponent_card_count"] == 10 and "stock" not in view
    assert set(view) >= {"version", "legal", "your_turn", "discard_pile", "scores"}
    # Another browser's match is not the bot's: 404 by cause.
    other = TestClient(bots_app, base_url="http://testserver")
    other.post("/play/new", data={"level": "easy", "version": "0"})
    with Session(bots_app.state.engine) as db:
        theirs = load(db, session_id_of(other))
        assert theirs is not None
    refused = bot.get(f"/api/bot/matches/{theirs.game.id}")
    assert refused.status_code == 404 and refused.json()["cause"] == "not_your_match"


def test_a_bot_is_refused_without_its_token_with_a_wrong_one_and_once_revoked(
        bots_app: FastAPI, robot: tuple[TestClient, str]) -> None:
    _, token = robot
    with TestClient(bots_app, base_url="http://testserver") as anonymous:
        for headers, cause in (({}, "no_token"), (bearer("not-a-token"), "no_token"),
                               ({"Authorization": f"Basic {token}"}, "no_token"),
                               (bearer(botaccounts.new_token()), "wrong_token")):
            answer = anonymous.get("/api/bot/me", headers=headers)
            assert answer.status_code == 401, (headers, answer.text)
            assert answer.json()["cause"] == cause
            assert answer.headers["www-authenticate"].startswith("Bearer")
        assert anonymous.get("/api/bot/me", headers=bearer(token)).json()["name"] == "Robbie"
        with Session(bots_app.state.engine) as db:
            botaccounts.revoke(db, "Robbie")
            db.commit()
        answer = anonymous.get("/api/bot/me", headers=bearer(token))
        assert answer.status_code == 401 and answer.json()["cause"] == "wrong_token"


def test_bots_are_refused_while_the_operator_keeps_them_off(settings: Settings) -> None:
    off = create_app(settings)  # BOTS unset: off by default
    assert settings.bots is False
    token = add_bot(off.state.engine)
    with TestClient(off, base_url="http://testserver") as client:
        for method, path in (("GET", "/api/bot/me"), ("POST", "/api/bot/join"),
                             ("GET", "/api/bot/matches/1"), ("POST", "/api/bot/matches/1"),
                             ("GET", "/api/bot/matches/1/events")):
            answer = client.request(method, path, headers=bearer(token), json={})
            assert answer.status_code == 404, (path, answer.text)
            assert answer.json()["cause"] == "bots_off"


def test_a_bots_refusals_say_their_cause_with_the_tables_messages_in_its_language(
        bots_app: FastAPI, host: TestClient, robot: tuple[TestClient, str]) -> None:
    bot, _ = robot
    view = bot.post("/api/bot/join", json={"invite": invite(host)}).json()
    url = f"/api/bot/matches/{view['match']}"
    stale = bot.post(url, json={"version": view["version"] - 1, "action": "pass"})
    assert stale.status_code == 409 and stale.json()["cause"] == "stale"
    assert stale.json()["error"] == "That tap came from an older screen: nothing changed."
    card = view["hand"][0]
    wrong = bot.post(url, json={"version": view["version"], "action": "discard", "card": card})
    assert wrong.status_code == 400 and wrong.json()["cause"].startswith("illegal:"), wrong.json()
    german = bot.post(url, json={"version": view["version"] - 1, "action": "pass"},
                      headers={"Accept-Language": "de"})
    assert german.json()["error"] != stale.json()["error"] and german.json()["cause"] == "stale"
    for body in ("[1]", "{not json", json.dumps({"version": [1], "action": "pass"})):
        bad = bot.post(url, content=body, headers={"Content-Type": "application/json"})
        assert bad.status_code == 400 and bad.json()["cause"] == "bad_request", body
    unknown = bot.post("/api/bot/join", json={"invite": "no-such-invite-code-here"})
    assert unknown.status_code == 404 and unknown.json()["cause"] == "refused"
    assert bot.get(url).json()["version"] == view["version"]  # nothing changed


def test_a_bot_meets_the_fair_use_limits_of_a_player(settings: Settings) -> None:
    app = _app(settings, limit_posts_per_browser=Rate.parse("3/minute"))
    token = add_bot(app.state.engine)
    with TestClient(app, base_url="http://testserver") as bot:
        bot.headers.update(bearer(token))
        answers = [bot.post("/api/bot/join", json={"invite": "x" * 20}) for _ in range(4)]
    assert [a.status_code for a in answers[:3]] == [404] * 3
    assert answers[3].status_code == 429 and int(answers[3].headers["retry-after"]) >= 1
    assert answers[3].json()["cause"] == "limit:posts"


def test_the_bots_token_is_stored_only_as_its_hash(bots_app: FastAPI) -> None:
    token = add_bot(bots_app.state.engine, "Hal")
    assert token.startswith("gbot_") and botaccounts.is_valid_token(token)
    with Session(bots_app.state.engine) as db:
        row = db.get(BotAccount, botaccounts.token_hash(token))
        assert row is not None and row.name == "Hal"
        assert token not in json.dumps(row.model_dump(mode="json"))
    assert secrets.compare_digest(row.token_hash, botaccounts.token_hash(token))


@pytest.mark.parametrize(("language", "title", "word"), [
    ("en", "A program plays this seat through the bot protocol", "bot"),
    ("de", "Ein Programm spielt diesen Platz über das Bot-Protokoll", "Bot"),
    ("es", "Un programa juega este puesto mediante el protocolo de bots", "bot"),
])
def test_the_bot_mark_beside_its_name_is_in_the_pages_language(
        bots_app: FastAPI, host: TestClient, robot: tuple[TestClient, str], language: str,
        title: str, word: str) -> None:
    bot, _ = robot
    match_id = bot.post("/api/bot/join", json={"invite": invite(host)}).json()["match"]
    page = host.get(f"/play?match={match_id}",
                    headers={"Accept": "text/html", "Accept-Language": language}).text
    assert f'<span class="bot-mark" title="{title}">{word}</span>' in page
    assert page.count('class="bot-mark"') == 2  # the opponent's line and the score bar
