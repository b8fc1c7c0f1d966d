"""Arrange your hand in a friend match: each seat arranges its own cards only (the other
seat's cards are refused as not held), each order is kept on its own seat through the
other player's moves, and no order ever shows the other seat's cards.
"""

from __future__ import annotations

import re

from fastapi import FastAPI
from fastapi.testclient import TestClient

from app.engine.match import match_view
from tests.support.friends import choose
from tests.web.friend.test_friend import check_hidden, start, stored_match

HTMX = {"HX-Request": "true"}


def _shown(html: str) -> list[str]:
    return re.findall(r'<input class="slot__input" type="radio" name="card" value="(..)"', html)


def _version(client: TestClient) -> str:
    found = re.search(r'name="version" value="(\d+)"', client.get("/play").text)
    assert found is not None
    return found.group(1)


def test_each_seat_arranges_its_own_hand_and_keeps_it(app: FastAPI) -> None:
    host, guest, _ = start(app)
    orders: dict[int, list[str]] = {}
    for seat, client in ((0, host), (1, guest)):
        order = list(reversed(_shown(client.get("/play").text)))
        response = client.post("/play", data={"arrange": " ".join(order),
                                              "version": _version(client)}, headers=HTMX)
        assert response.status_code == 200
        check_hidden(app, client, response, seat, f"seat {seat} arranges")
        orders[seat] = order
    # The other seat's cards are not this seat's to arrange.
    _, match = stored_match(app, host)
    theirs = [str(c) for c in match_view(match, 1).hand]
    refused = host.post("/play", data={"arrange": " ".join(theirs),
                                       "version": _version(host)}, headers=HTMX)
    assert refused.status_code == 400 and "you do not hold" in refused.text.lower()
    assert _shown(host.get("/play").text) == orders[0]
    # A move of whoever is to play leaves the other seat's order as it was.
    _, match = stored_match(app, host)
    mover = 0 if match_view(match, 0).my_turn else 1
    client = host if mover == 0 else guest
    action = choose(match, mover)
    data = {"version": _version(client)}
    name, _, card = action.partition(" ")
    data["action"] = name
    if card:
        data["card"] = card
    assert client.post("/play", data=data, headers=HTMX).status_code == 200
    other = guest if mover == 0 else host
    assert _shown(other.get("/play").text) == orders[1 - mover]
