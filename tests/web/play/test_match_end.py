"""The end of a match against the computer over HTTP: the result screen (final score,
boxes and bonuses, the match chart as SVG with its values as text, Rematch and the
match's review) and Rematch itself (a new match with the same level and table options,
refused before the match is over and from an older screen).
"""

from __future__ import annotations

import re

from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlmodel import Session, select

from app.core.models import PlayMatch
from app.engine import Rules, new_match
from tests.support.browsers import session_id_of
from tests.support.positions import bot_until, store_position

RULES = Rules(target=60, shutout=True, box_bonus=25, game_bonus=100, big_gin=True)


def _finished(app: FastAPI, client: TestClient, rules: Rules = RULES,
              level: str = "hard") -> int:
    client.get("/play")
    position = bot_until((new_match(rules, seed=5, first_dealer=1), []), lambda m: m.over)
    return store_position(app.state.engine, session_id_of(client), position, level)


def _games(app: FastAPI, client: TestClient) -> list[PlayMatch]:
    with Session(app.state.engine) as db:
        return list(db.exec(select(PlayMatch).where(
            PlayMatch.session_id == session_id_of(client)).order_by(PlayMatch.id)).all())


def test_the_match_end_shows_the_score_its_making_and_the_chart(app: FastAPI,
                                                                client: TestClient) -> None:
    match_id = _finished(app, client)
    html = client.get("/play").text
    title = re.search(r'id="match-title".*?</h2>', html)
    assert title and re.fullmatch(r"(You|The computer) won the match, \d+ to \d+",
                                  re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", title.group(0)
                                                            .split(">", 1)[1])).strip())
    for label in ("Hand points", "Boxes (25 each)", "Game bonus", "Final score"):
        assert label in html
    # The chart is an inline SVG drawn on the server, its values repeated as text.
    svg = re.search(r'<svg[^>]*aria-label="Points after each hand: start: You 0, Computer 0; '
                    r'hand 1: You \d+, Computer \d+[^"]*"', html)
    assert svg, "no accessible match chart"
    assert html.count('class="chart__line chart__line--you"') == 1
    assert 'class="chart__mark"' in html  # the target
    assert '<button id="a-rematch"' in html
    assert f'href="/play/history/{match_id}">Review the match</a>' in html
    assert client.get(f"/play/history/{match_id}").status_code == 200
    assert 'id="last-hand"' in html and 'id="result-title"' in html


def test_rematch_deals_a_match_with_the_same_level_and_options(app: FastAPI,
                                                               client: TestClient) -> None:
    _finished(app, client)
    version = re.search(r'name="version" value="(\d+)"', client.get("/play").text)
    assert version is not None
    response = client.post("/play/rematch", data={"version": version.group(1)},
                           follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"] == "/play"
    old, new = _games(app, client)[-2:]
    assert new.id != old.id and not new.over
    assert new.level == old.level == "hard"
    assert Rules.from_dict(new.rules) == Rules.from_dict(old.rules) == RULES
    assert "to 60" in client.get("/play").text


def test_rematch_is_refused_before_the_end_and_from_an_older_screen(
        app: FastAPI, client: TestClient) -> None:
    _finished(app, client)
    stale = client.post("/play/rematch", data={"version": "0"})
    assert stale.status_code == 409 and len(_games(app, client)) == 1
    version = re.search(r'name="version" value="(\d+)"', client.get("/play").text)
    assert version is not None
    assert client.post("/play/rematch", data={"version": version.group(1)}).status_code == 200
    current = re.search(r'name="version" value="(\d+)"', client.get("/play").text)
    assert current is not None
    early = client.post("/play/rematch", data={"version": current.group(1)})
    assert early.status_code == 400 and "once the match is over" in early.text
    assert len(_games(app, client)) == 2
    garbage = client.post("/play/rematch", data={"version": "x" * 50})
    assert garbage.status_code == 409 and len(_games(app, client)) == 2


def test_a_friend_match_ends_on_the_same_screen_without_rematch(app: FastAPI,
                                                                client: TestClient) -> None:
    client.get("/play")
    position = bot_until((new_match(RULES, seed=5, first_dealer=1), []), lambda m: m.over)
    match_id = store_position(app.state.engine, session_id_of(client), position,
                              names=("Ann", "Bob"))
    html = client.get("/play").text
    assert 'id="match-title"' in html and 'class="chart__line chart__line--other"' in html
    assert "Points after each hand: start: You 0, Bob 0;" in html
    assert 'id="a-rematch"' not in html
    assert f'href="/play/history/{match_id}">Review the match</a>' in html
    assert "Tap New match to play again." in html
    version = re.search(r'data-version="(\d+)"', html)
    assert version is not None
    refused = client.post("/play/rematch", data={"version": version.group(1)})
    assert refused.status_code == 400 and "new invitation" in refused.text
