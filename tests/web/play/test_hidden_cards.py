"""The computer's cards and the stock order never reach the browser before a hand ends.

A random legal player plays at least 200 complete hands through the play forms (plain
posts and htmx posts, with sorting, selecting, stale taps and client seed changes mixed
in), in :data:`PARTS` tests of :data:`HANDS` hands each, each from its own seed (so that
the lane's workers share them: one test of 200 hands was the web lane's longest, two
minutes on one worker). After every
request the test replays the stored log with the engine — the truth comes from the
database, never from a response — and searches the response's body, headers and
cookies for every card the person cannot see: by code (``7C`` as a token), by full name
("Seven of clubs"), as rank and suit symbol (``7♣``) and as a picture file name; and
for the stock order and for the server seed of the hand in progress and of the next
hand (revealed only once their hand is over). Public cards (the person's own, the discard
pile, the computer's known pickups) may appear; once a hand is over everything may.
"""

from __future__ import annotations

import random
import re

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from app.engine import Card
from app.web.sessions import COOKIE_NAME
from tests.support.browsers import session_id_of
from tests.support.hardening import (
    Replayer,
    Replays,
    StoredPlay,
    action_form,
    hand_is_over,
    hidden_cards,
    leaks,
    random_form,
    response_text,
    secrets_in_play,
    stored_play,
)

HANDS = 50
PARTS = 4


def _row(app: FastAPI, session_id: str) -> StoredPlay:
    row = stored_play(app.state.engine, session_id)
    assert row is not None
    return row


def _everything(response: httpx.Response, client: TestClient) -> str:
    """Body, headers and cookies as text, the session id masked (see ``response_text``)."""
    return response_text(response, client.cookies.jar, client.cookies.get(COOKIE_NAME, ""))


class Checker:
    """Checks each response against the stored match as it stands after the request."""

    def __init__(self, app: FastAPI, client: TestClient) -> None:
        self.app = app
        self.client = client
        self.session_id = session_id_of(client)
        self.replays = Replays()
        self.responses = 0

    def state(self) -> tuple[StoredPlay, Replayer]:
        row = _row(self.app, self.session_id)
        return row, self.replays.advanced(row)

    def check(self, response: httpx.Response, what: str,
              allowed: frozenset[Card] = frozenset()) -> tuple[StoredPlay, Replayer]:
        assert response.status_code < 500, (what, response.status_code, response.text[:500])
        row, replayer = self.state()
        hidden, stock = hidden_cards(replayer.match)
        self.responses += 1
        text = _everything(response, self.client)
        for secret in secrets_in_play(row, replayer.match):
            assert secret not in text, f"{what}: a server seed in play reached the browser"
        found = leaks(text, hidden - allowed)
        assert not found, f"{what}: hidden cards in the response: {found[:3]}"
        # No stock card appears at all, so neither can the stock's order.
        assert set(stock) <= hidden
        return row, replayer


def _htmx(rng: random.Random) -> dict[str, str]:
    return {"HX-Request": "true"} if rng.random() < 0.6 else {}


@pytest.mark.timeout(600)  # 200 hands took 503 s at load 18 on the shared 2-CPU machine
@pytest.mark.parametrize("part", range(PARTS))
def test_hidden_cards_never_reach_the_browser_in_200_hands(
    app: FastAPI, client: TestClient, part: int
) -> None:
    rng = random.Random(20240607 + part)
    assert client.get("/play").status_code == 200  # no match yet: nothing to hide
    checker = Checker(app, client)
    hands = matches = 0
    while hands < HANDS:
        # Mostly the cheaper levels; the hard one now and then (what it shows is the same).
        form = {"level": "hard" if matches % 8 == 3 else rng.choice(["easy", "standard"])}
        if matches:
            form["version"] = str(_row(app, checker.session_id).version)
        checker.check(client.post("/play/new", data=form, follow_redirects=False), "new match")
        row, replayer = checker.check(client.get("/play"), "play page")
        matches += 1
        while True:
            match = replayer.match
            if match.over:
                break
            if hand_is_over(match):
                hands += 1
                if hands % 10 == 0:
                    checker.check(client.get("/play/new"), "new match form mid-match")
                if rng.random() < 0.3:  # a new client seed for the next hand
                    response = client.post("/play", data={"client_seed": f"hand {hands + 1}!",
                                                          "version": str(row.version)},
                                           headers=_htmx(rng), follow_redirects=False)
                    assert response.status_code in (200, 303), response.text[:300]
                    row, replayer = checker.check(response, "client seed")
                response = client.post("/play", data=action_form("next_hand", row.version),
                                       headers=_htmx(rng), follow_redirects=False)
                checker.check(response, "next hand")
                row, replayer = checker.check(client.get("/play"), "play page after next hand")
                continue
            roll = rng.random()
            if roll < 0.08:
                # Screen choices and a stale double tap (409) in between the moves.
                choice = rng.choice([
                    {"sort": rng.choice(["rank", "suit", "melds"])},
                    action_form("draw_stock", row.version - 1),
                ])
                response = client.post("/play", data=choice, headers=_htmx(rng),
                                       follow_redirects=False)
                row, replayer = checker.check(response, f"screen tap {choice}")
                continue
            form = random_form(match, row.version, rng, greedy=0.8)
            response = client.post("/play", data=form, headers=_htmx(rng),
                                   follow_redirects=False)
            assert response.status_code in (200, 303), (form, response.text[:300])
            row, replayer = checker.check(response, f"tap {form}")
            if response.status_code == 303 and rng.random() < 0.5:
                row, replayer = checker.check(client.get("/play"), f"play page after {form}")
    assert checker.responses > HANDS * 5


def test_refusing_a_card_says_the_same_wherever_it_lies(app: FastAPI, client: TestClient) -> None:
    """Naming a card you do not hold gets the same answer whether the computer holds it,
    it lies in the stock or in the discard pile: the refusal is no oracle."""
    client.get("/play")
    client.post("/play/new", data={"level": "standard"})
    session_id = session_id_of(client)
    row = _row(app, session_id)
    match = Replayer.from_row(row).advance(row.log)
    hand = match.hand
    samples = {
        "computer": hand.hands[1][0],
        "stock": hand.stock[0],
        "discard pile": hand.discard_pile[-1],
    }
    answers = {}
    for where, card in samples.items():
        response = client.post("/play", data={"action": "discard", "card": str(card),
                                              "version": str(row.version)})
        assert response.status_code == 400, where
        status = re.search(r'id="status"[^>]*>(.*?)</p>', response.text, re.S)
        assert status is not None
        answers[where] = status.group(1).replace(card.name.lower(), "<card>")
    assert len(set(answers.values())) == 1, answers
