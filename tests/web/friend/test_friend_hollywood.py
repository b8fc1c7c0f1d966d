"""A Hollywood match against a friend (issue 32): offered by the invite, stated in the
rules the friend joins, played by both browsers to its end, which each sees from their
own seat with the three games; the history and statistics of each agree."""

from __future__ import annotations

import re

from fastapi import FastAPI
from fastapi.testclient import TestClient

from app.engine import Rules, hollywood_tally, match_tally
from app.table.common import FriendSeats
from app.table.words import game_lines, match_result
from tests.web.friend.test_friend import browser, invite, stored_match
from tests.web.review.test_stats import _friend_match_to_the_end

LEVELS = re.compile(r"<tr><td>Friends</td><td class=\"num\">1</td>"
                    r"<td class=\"num\">(\d)</td>")


def test_the_invite_offers_hollywood_and_the_friend_joins_knowing_it(
    app: FastAPI, client: TestClient
) -> None:
    token = invite(client, hollywood="on")
    page = browser(app).get(f"/play/friend/{token}").text
    assert "<dt>Hollywood</dt><dd>on: three games at once</dd>" in page


def test_a_hollywood_friend_match_is_played_to_its_end_and_each_sees_the_three_games(
    app: FastAPI, client: TestClient
) -> None:
    client.get("/")  # a session
    guest = browser(app)
    match_id = _friend_match_to_the_end(app, client, guest, hollywood="on")
    game, match = stored_match(app, client)
    assert game.id == match_id and Rules.from_dict(game.rules).hollywood
    records, rules = list(match.records), match.rules
    board, tally = hollywood_tally(records, rules), match_tally(records, rules)
    assert match.over and board.over  # over once all three games have closed
    for me, browser_, other in ((0, client, "Bob"), (1, guest, "Ann")):
        seats = FriendSeats(me, other)
        page = browser_.get("/play").text
        shown = " ".join(re.sub(r"<[^>]+>", "", page).split())  # the page's text
        assert match_result(tally, seats) in shown
        for line in game_lines(board, seats):
            assert f"{line}." in page  # the match end, each game's line
            assert f"<li>{line}</li>" in browser_.get("/play/history").text
        won = int(tally.winner == me)
        assert LEVELS.findall(browser_.get("/stats").text) == [str(won)]
