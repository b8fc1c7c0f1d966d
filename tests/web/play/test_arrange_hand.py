"""Arrange your hand over HTTP (``POST /play`` with ``arrange``, app/table/arrange.py): the
order is kept for the hand (a reload shows it), every bad order is refused and changes
nothing, a sort clears it, a drawn card joins it at the right end, a new hand starts in
the sort's order.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlmodel import Session

from app.core.models import PlayHand, PlayMatch, PlaySeat
from app.engine import CARDS, Card, MatchState, Phase, replay
from app.engine.hand import Discard, DrawStock, Gin, Knock, Pass
from app.engine.match import match_view
from app.engine.rules import Rules
from app.table.storage import open_seat
from tests.support.browsers import session_id_of
from tests.support.hardening import stored_play

HTMX = {"HX-Request": "true"}


def _start(client: TestClient) -> None:
    form = client.get("/play/new").text
    version = re.search(r'name="version" value="(\d+)"', form)
    assert version is not None
    response = client.post("/play/new", data={"level": "standard", "version": version.group(1)})
    assert response.status_code == 200


def _match(app: FastAPI, client: TestClient) -> tuple[int, MatchState]:
    row = stored_play(app.state.engine, session_id_of(client))
    assert row is not None
    match = replay(Rules.from_dict(row.rules), row.seeds, [(p, t) for p, t in row.log],
                   row.first_dealer)
    return row.version, match


def _shown(html: str) -> list[str]:
    """The hand's cards in the order the page shows them."""
    return re.findall(r'<input class="slot__input" type="radio" name="card" value="(..)"', html)


def _pressed(html: str) -> list[str]:
    return re.findall(r'id="sort-(\w+)"[^>]*aria-pressed="true"', html)


def _rows(app: FastAPI) -> dict[str, list[tuple[Any, ...]]]:
    """The play tables as stored (what a refused post must leave as it was)."""
    out: dict[str, list[tuple[Any, ...]]] = {}
    with Session(app.state.engine) as db:
        for model in (PlaySeat, PlayMatch, PlayHand):
            table = model.__table__  # type: ignore[attr-defined]
            out[table.name] = [tuple(r) for r in db.connection().execute(select(table)).all()]
    return out


def _arrange(client: TestClient, order: list[str], version: int, **extra: str) -> Any:
    return client.post("/play", data={"arrange": " ".join(order), "version": str(version),
                                      **extra}, headers=HTMX)


def _to_discard_step(app: FastAPI, client: TestClient) -> tuple[int, MatchState]:
    """Pass the upcard offer (the computer may take it) and draw from the stock; when the
    computer ends the hand first (it may take the upcard and knock at once), the next."""
    version, match = _match(app, client)
    while match.hand.phase is not Phase.DISCARD or not match_view(match, 0).my_turn:
        view = match_view(match, 0)
        if match.over:
            _start(client)
            version, match = _match(app, client)
            continue
        action = ("next_hand" if match.hand.phase is Phase.OVER
                  else "pass" if Pass() in view.legal else "draw_stock")
        assert action in ("next_hand", "pass") or DrawStock() in view.legal
        assert client.post("/play", data={"action": action, "version": str(version)},
                           headers=HTMX).status_code == 200
        version, match = _match(app, client)
    return version, match


def test_an_arranged_order_is_kept_across_a_reload(app: FastAPI, client: TestClient) -> None:
    _start(client)
    version, match = _match(app, client)
    order = list(reversed(_shown(client.get("/play").text)))
    assert sorted(order) == sorted(str(c) for c in match_view(match, 0).hand)
    response = _arrange(client, order, version)
    assert response.status_code == 200
    assert _shown(response.text) == order
    html = client.get("/play").text
    assert _shown(html) == order
    assert _pressed(html) == []  # the hand is in your own order: no sort pressed
    after, again = _match(app, client)
    assert after == version and again.hand_log == match.hand_log  # a screen choice only


def test_a_plain_form_post_of_an_order_redirects_back(app: FastAPI, client: TestClient) -> None:
    _start(client)
    version, _ = _match(app, client)
    order = list(reversed(_shown(client.get("/play").text)))
    response = client.post("/play", data={"arrange": ",".join(order), "version": str(version)},
                           follow_redirects=False)
    assert response.status_code == 303
    assert _shown(client.get("/play").text) == order


def _bad_orders(hand: list[str]) -> list[tuple[str, list[str], str]]:
    not_held = next(str(c) for c in CARDS if str(c) not in hand)
    return [
        ("a card not held", [*hand[:-1], not_held], "you do not hold"),
        ("a card too many", [*hand, not_held], "you do not hold"),
        ("a card left out", hand[:-1], "leaves out"),
        ("a card twice", [*hand[:-1], hand[0]], "twice"),
        ("nothing at all", [], "leaves out"),
        ("a forged code", [*hand[:-1], "ZZ"], "not a card"),
        ("a lower-case code", [*hand[:-1], hand[-1].lower()], "not a card"),
        ("a ten written 10", [*hand[:-1], "10" + hand[-1][1]] if hand[-1][0] == "T"
         else [*hand[:-1], "1" + hand[-1]], "not a card"),
        ("far too long", hand * 3, "too long"),
    ]


def test_every_bad_order_is_refused_and_changes_nothing(app: FastAPI,
                                                        client: TestClient) -> None:
    _start(client)
    version, _ = _match(app, client)
    hand = _shown(client.get("/play").text)
    _arrange(client, list(reversed(hand)), version)  # an order stored before
    before = _rows(app)
    for name, order, words in _bad_orders(list(reversed(hand))):
        for headers in (HTMX, {}):
            response = client.post("/play", data={"arrange": " ".join(order),
                                                  "version": str(version)}, headers=headers)
            assert response.status_code == 400, name
            assert words in response.text.lower(), (name, words)
            assert _rows(app) == before, name
    assert _shown(client.get("/play").text) == list(reversed(hand))


def test_a_stale_or_versionless_order_is_refused(app: FastAPI, client: TestClient) -> None:
    _start(client)
    old_version, _ = _match(app, client)
    version, match = _to_discard_step(app, client)
    assert version != old_version
    hand = _shown(client.get("/play").text)
    before = _rows(app)
    # The order is the hand's own, but made on an older screen (before the draw).
    stale = _arrange(client, list(reversed(hand)), old_version)
    assert stale.status_code == 409 and "older screen" in stale.text
    missing = client.post("/play", data={"arrange": " ".join(hand)}, headers=HTMX)
    assert missing.status_code == 400 and "reload the page" in missing.text
    assert _rows(app) == before


def test_no_order_once_the_hand_is_over_and_the_next_starts_sorted(
        app: FastAPI, client: TestClient) -> None:
    _start(client)
    version, match = _match(app, client)
    _arrange(client, list(reversed(_shown(client.get("/play").text))), version)
    while match.hand.phase is not Phase.OVER:  # play it out: knock or gin as soon as allowed
        view = match_view(match, 0)
        ends = [a for a in view.legal if isinstance(a, Knock | Gin)]
        discards = [a for a in view.legal if isinstance(a, Discard)]
        if ends:
            data = {"action": str(ends[0]).split()[0], "card": str(ends[0].card)}
        elif discards:
            data = {"action": "discard", "card": str(discards[-1].card)}
        else:
            data = {"action": "pass" if Pass() in view.legal else "draw_stock"}
        assert client.post("/play", data={**data, "version": str(version)},
                           headers=HTMX).status_code == 200
        version, match = _match(app, client)
    before = _rows(app)
    some = [str(c) for c in match.hand.hands[0]]
    response = _arrange(client, some, version)
    assert response.status_code == 400 and "hand is over" in response.text
    assert _rows(app) == before
    with Session(app.state.engine) as db:
        seat = open_seat(db, session_id_of(client))
        assert seat is not None and seat.arranged is None  # it ended with the hand
    if not match.over:
        html = client.post("/play", data={"action": "next_hand", "version": str(version)},
                           headers=HTMX).text
        shown = _shown(html)
        assert shown == sorted(shown, key=lambda code: (Card.parse(code).rank.number,
                                                        Card.parse(code).suit.index))
        assert _pressed(html) == ["rank"]


def test_a_sort_clears_the_arranged_order(app: FastAPI, client: TestClient) -> None:
    _start(client)
    version, _ = _match(app, client)
    by_rank = _shown(client.get("/play").text)
    _arrange(client, list(reversed(by_rank)), version)
    html = client.post("/play", data={"sort": "rank"}, headers=HTMX).text
    assert _shown(html) == by_rank
    assert _pressed(html) == ["rank"]
    assert _shown(client.get("/play").text) == by_rank
    with Session(app.state.engine) as db:
        seat = open_seat(db, session_id_of(client))
        assert seat is not None and seat.arranged is None


def test_a_drawn_card_joins_the_arranged_hand_at_its_right_end(app: FastAPI,
                                                               client: TestClient) -> None:
    _start(client)
    version, match = _match(app, client)
    order = list(reversed(_shown(client.get("/play").text)))
    _arrange(client, order, version)
    version, match = _to_discard_step(app, client)
    held = [str(c) for c in match_view(match, 0).hand]
    shown = _shown(client.get("/play").text)
    if set(order) <= set(held):   # drew from the stock (or took the upcard): one more card
        new = next(c for c in held if c not in order)
        assert shown == [*order, new]
    else:  # pragma: no cover - the person always draws here (it passed the upcard)
        pytest.fail("the person's cards changed before its own draw")
    # A discard leaves the others where they were.
    card = shown[1]
    response = client.post("/play", data={"action": "discard", "card": card,
                                          "version": str(version)}, headers=HTMX)
    assert response.status_code == 200
    version, match = _match(app, client)
    if match.hand.phase is not Phase.OVER:
        kept = [c for c in shown if c != card]
        now = _shown(client.get("/play").text)
        assert now[:len(kept)] == kept  # the computer's turn may have come and gone
