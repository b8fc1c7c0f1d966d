"""An event played to a number of hands per table (issue 49: "match target or number
of hands"): a table's result is its hand points once it has played them (online or on
its score sheet), the standings count them, the table's page says so; bad input is
refused and makes nothing.
"""

from __future__ import annotations

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlmodel import Session, func, select

from app.core.models import Event, PlayHand
from tests.web.events.test_events import create, host_post, players, rows


@pytest.fixture
def engine(app: FastAPI, client: TestClient):  # noqa: ANN201 - the app's engine
    return app.state.engine


def finish(engine, match_id: int, number: int, winner: int, points: int) -> None:  # noqa: ANN001
    """Store hand ``number`` of ``match_id`` as won by ``winner`` for ``points``."""
    with Session(engine) as db:
        hand = db.get(PlayHand, (match_id, number)) or PlayHand(
            match_id=match_id, number=number, dealer=number % 2)
        hand.finished, hand.winner, hand.points, hand.kind = True, winner, points, "knock"
        db.add(hand)
        db.commit()


def real_card_table(app: FastAPI, client: TestClient, engine,  # noqa: ANN001
                    hands: int) -> tuple[str, TestClient, int]:
    """A one-round event of real cards, ``hands`` a table, Ann and Bob joined and the
    event started: ``(slug, Ann's client, the table's score sheet id)``."""
    slug, _ = create(client, cards="real", hands=str(hands), rounds="1")
    ann, _bob = players(app, slug, ["Ann", "Bob"])
    host_post(client, engine, slug, "start")
    sheet_id = rows(engine, slug)[2][0].sheet_id
    assert sheet_id is not None
    return slug, ann, sheet_id


def test_an_online_table_of_two_hands_reports_its_points_after_them(
        app: FastAPI, client: TestClient, engine) -> None:  # noqa: ANN001
    slug, _ = create(client, hands="2", rounds="1")
    ann, bob = players(app, slug, ["Ann", "Bob"])
    assert "2 hands per table" in client.get(f"/events/{slug}").text
    host_post(client, engine, slug, "start")
    _, roster, tables = rows(engine, slug)
    match_id = tables[0].match_id
    assert match_id is not None
    table = ann.get(f"/play?match={match_id}").text
    assert "This table plays 2 hands: its result is the points after them." in table
    finish(engine, match_id, 1, 0, 30)
    client.get(f"/events/{slug}")
    assert rows(engine, slug)[2][0].outcome is None  # one hand of two: still in play
    finish(engine, match_id, 2, 1, 45)
    page = client.get(f"/events/{slug}").text
    done = rows(engine, slug)[2][0]
    names = {p.id: p.name for p in roster}
    assert (done.outcome, done.points_a, done.points_b) == ("b", 30, 45)
    assert f"{names[done.player_b]} won 45–30" in page and "The event is over." in page
    assert "This table&#39;s 2 hands are played" in bob.get(f"/play?match={match_id}").text


def test_a_real_card_table_of_one_hand_is_decided_by_its_sheet_before_the_target(
        app: FastAPI, client: TestClient, engine) -> None:  # noqa: ANN001
    slug, ann, sheet_id = real_card_table(app, client, engine, hands=1)
    assert "This table plays 1 hand" in ann.get(f"/score/{sheet_id}").text
    answer = ann.post(f"/score/{sheet_id}/hands", data={
        "version": "0", "kind": "knock", "knocker": "0", "knocker_deadwood": "3",
        "defender_deadwood": "20"}, follow_redirects=False)
    assert answer.status_code == 303, answer.text[:2000]
    client.get(f"/events/{slug}")
    done = rows(engine, slug)[2][0]
    assert (done.outcome, done.points_a, done.points_b) == ("a", 17, 0)


@pytest.mark.parametrize("hands", ["31", "-1", "two", "1.5", "9999"])
def test_a_bad_number_of_hands_is_refused_and_makes_nothing(
        client: TestClient, engine, hands: str) -> None:  # noqa: ANN001
    answer = client.post("/events", data={"name": "Night", "format": "swiss", "rounds": "3",
                                           "cards": "online", "preset": "house",
                                           "hands": hands})
    assert answer.status_code == 400 and "Hands per table must be" in answer.text
    with Session(engine) as db:
        assert db.exec(select(func.count()).select_from(Event)).one() == 0
