"""An event of a number of hands per table starts its tables as matches of that many
hands (``Rules.hands``, docs/rules.md §5): the online table itself ends after them (no
Next hand, the match-end panel, Next hand refused), its result reaches the event and
the standings; a real-card table's score sheet ends after them; an event stored before
the option (its rules without ``hands``) still reads its tables' results."""

from __future__ import annotations

import re

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlmodel import Session, func, select

from app.core.models import Event, PlayMatch
from app.engine import Phase, Rules
from tests.support.browsers import session_id_of
from tests.support.friends import choose
from tests.support.hardening import Replayer, action_form, stored_play
from tests.web.events.test_events import create, host_post, players, rows
from tests.web.events.test_hands_format import finish, real_card_table


@pytest.fixture
def engine(app: FastAPI, client: TestClient):  # noqa: ANN201 - the app's engine
    return app.state.engine


def _version(page: str) -> int:
    found = re.search(r'data-version="(\d+)"', page)
    assert found is not None
    return int(found.group(1))


def play_hand(engine, clients: tuple[TestClient, TestClient]) -> None:  # noqa: ANN001
    """Play the table's current hand to its end, each seat through its own browser."""
    session = session_id_of(clients[0])
    while True:
        row = stored_play(engine, session)
        assert row is not None
        match = Replayer.from_row(row).advance(row.log, row.seeds)
        if match.hand.phase is Phase.OVER:
            return
        player = match.hand.to_play
        page = clients[player].get("/play").text
        answer = clients[player].post("/play", data=action_form(
            choose(match, player), _version(page)), follow_redirects=False)
        assert answer.status_code == 303, answer.text[:500]


def test_an_online_table_of_two_hands_ends_itself_and_reports_to_the_event(
        app: FastAPI, client: TestClient, engine) -> None:  # noqa: ANN001
    slug, _ = create(client, hands="2", rounds="1")
    ann, bob = players(app, slug, ["Ann", "Bob"])
    host_post(client, engine, slug, "start")
    _, roster, tables = rows(engine, slug)
    match_id = tables[0].match_id
    assert match_id is not None
    with Session(engine) as db:
        game = db.get(PlayMatch, match_id)
        assert game is not None and Rules.from_dict(game.rules).hands == 2
    seats = {p.id: phone for p, phone in zip(roster, (ann, bob), strict=True)}
    clients = (seats[tables[0].player_a], seats[tables[0].player_b])
    play_hand(engine, clients)
    page = clients[0].get("/play").text
    assert 'id="a-next_hand"' in page and "Match over" not in page
    answer = clients[0].post("/play", data=action_form("next_hand", _version(page)),
                             follow_redirects=False)
    assert answer.status_code == 303, answer.text[:500]
    play_hand(engine, clients)
    page = clients[0].get("/play").text
    # The match is over: no Next hand, the match-end panel says how it was decided.
    assert 'id="a-next_hand"' not in page and "2 hands played:" in page
    assert "Match over" in page
    with Session(engine) as db:
        game = db.get(PlayMatch, match_id)
        assert game is not None and game.over and game.hands == 2
    refused = clients[0].post("/play", data=action_form("next_hand", _version(page)),
                              follow_redirects=False)
    assert refused.status_code in (400, 409), refused.status_code
    with Session(engine) as db:
        game = db.get(PlayMatch, match_id)
        assert game is not None and game.hands == 2
    # The event reads the result: the table's hand points, the standings follow.
    event_page = client.get(f"/events/{slug}").text
    done = rows(engine, slug)[2][0]
    assert done.outcome in ("a", "b", "draw") and "The event is over." in event_page


def test_a_real_card_table_of_two_hands_ends_its_sheet(
        app: FastAPI, client: TestClient, engine) -> None:  # noqa: ANN001
    slug, ann, sheet_id = real_card_table(app, client, engine, hands=2)
    hands = [{"kind": "void"}, {"kind": "knock", "knocker": "1", "knocker_deadwood": "4",
                                "defender_deadwood": "10"}]
    for number, hand in enumerate(hands):
        answer = ann.post(f"/score/{sheet_id}/hands", data={"version": str(number), **hand},
                          follow_redirects=False)
        assert answer.status_code == 303, answer.text[:2000]
    sheet = ann.get(f"/score/{sheet_id}").text
    assert "Game over" in sheet
    late = ann.post(f"/score/{sheet_id}/hands", data={
        "version": "2", "kind": "knock", "knocker": "0", "knocker_deadwood": "3",
        "defender_deadwood": "20"}, follow_redirects=False)
    assert late.status_code >= 400
    client.get(f"/events/{slug}")
    done = rows(engine, slug)[2][0]
    assert (done.outcome, done.points_a, done.points_b) == ("b", 0, 6)


def test_an_event_stored_before_the_option_still_reads_its_tables(
        app: FastAPI, client: TestClient, engine) -> None:  # noqa: ANN001
    slug, _ = create(client, hands="2", rounds="1")
    players(app, slug, ["Ann", "Bob"])
    with Session(engine) as db:  # the rules as an older version stored them
        event = rows(engine, slug)[0]
        stored = db.get(Event, event.id)
        assert stored is not None and stored.rules["hands"] == 2
        stored.rules = {k: v for k, v in stored.rules.items() if k != "hands"}
        db.add(stored)
        db.commit()
    host_post(client, engine, slug, "start")
    match_id = rows(engine, slug)[2][0].match_id
    assert match_id is not None
    with Session(engine) as db:
        game = db.get(PlayMatch, match_id)
        assert game is not None
        assert Rules.from_dict(game.rules).hands == 2  # its tables get the option too
        # A table started before the option: its rules have no hands, it never ends.
        game.rules = {k: v for k, v in game.rules.items() if k != "hands"}
        db.add(game)
        db.commit()
    finish(engine, match_id, 1, 0, 30)
    finish(engine, match_id, 2, 1, 10)
    client.get(f"/events/{slug}")
    done = rows(engine, slug)[2][0]
    assert (done.outcome, done.points_a, done.points_b) == ("a", 30, 10)


def test_hands_per_table_with_hollywood_is_refused_and_makes_nothing(
        client: TestClient, engine) -> None:  # noqa: ANN001
    answer = client.post("/events", data={"name": "Night", "format": "swiss", "rounds": "3",
                                           "cards": "online", "preset": "house",
                                           "hands": "4", "hollywood": "on"})
    assert answer.status_code == 400 and "does not go with Hollywood" in answer.text
    with Session(engine) as db:
        assert db.exec(select(func.count()).select_from(Event)).one() == 0
