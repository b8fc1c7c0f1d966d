"""Head to head (``/play/h2h``): this browser's record against each player of its
friend matches, checked against a computation from the stored hands and each match's
own report, both players' pages mirror each other, and a view sends the same
statements whatever the history."""

from __future__ import annotations

import re
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlmodel import Session, col, select

from app.core.models import PlayHand, PlayMatch
from app.engine import HandRecord, Rules, match_tally
from app.review import stats
from tests.support.browsers import session_id_of
from tests.support.histories import store_history
from tests.web.play.test_tap_cost import counted


def _sid(client: TestClient) -> str:
    client.get("/")
    return session_id_of(client)


def _expected(app: FastAPI, sid: str, ids: list[int]) -> dict[str, Any]:
    """The record of ``sid`` (seat 0 of the matches ``ids``) computed from the stored
    hands, and its luck and play summed from each match's own report."""
    won = lost = hands = points_for = points_against = analysed = 0
    luck = play = 0.0
    with Session(app.state.engine) as db:
        for match_id in ids:
            game = db.get(PlayMatch, match_id)
            assert game is not None
            rows = db.exec(select(PlayHand).where(PlayHand.match_id == match_id,
                                                  col(PlayHand.finished))).all()
            hands += len(rows)
            points_for += sum(h.points for h in rows if h.winner == 0)
            points_against += sum(h.points for h in rows if h.winner == 1)
            if game.over:
                winner = match_tally([HandRecord(h.winner, h.points) for h in sorted(
                    rows, key=lambda h: h.number)], Rules.from_dict(game.rules)).winner
                won += winner == 0
                lost += winner == 1
            report = stats.match_report(db, sid, match_id)
            if report.luck is not None and report.play is not None:
                luck += report.luck
                play += report.play
                analysed += 1
    return {"won": won, "lost": lost, "hands": hands, "for": points_for,
            "against": points_against, "luck": luck, "play": play, "analysed": analysed}


def test_a_browser_without_friend_matches_sees_a_clear_empty_state(client: TestClient) -> None:
    page = client.get("/play/h2h")
    assert page.status_code == 200
    assert "No friend match yet" in page.text


def test_the_record_and_the_luck_split_agree_with_the_stored_hands(
        app: FastAPI, client: TestClient) -> None:
    me = _sid(client)
    other = TestClient(app, base_url="http://testserver")
    rival = _sid(other)
    # This browser invited (seat 0, "Ann"), the rival joined (seat 1, "Bob"); about half
    # the hands have this browser's analysis (never the rival's).
    ids = store_history(app.state.engine, rival, 4, seed=3, target=60, friend=me)
    store_history(app.state.engine, me, 2, seed=5, target=60, unfinished=False)  # computer
    want = _expected(app, me, ids)
    with Session(app.state.engine) as db:
        [found] = stats.head_to_head(db, me)
    assert (found.name, found.won, found.lost, found.playing) == (
        "Bob", want["won"], want["lost"], 1)
    assert (found.hands, found.points_for, found.points_against) == (
        want["hands"], want["for"], want["against"])
    assert found.analysed == want["analysed"] > 0
    assert abs(found.luck - want["luck"]) < 1e-6 and abs(found.play - want["play"]) < 1e-6
    page = client.get("/play/h2h").text
    assert found.record in page.replace("&ndash;", "–")
    # The record names the leader and puts the leader's count first.
    assert found.record == (f"You lead Bob {found.won}–{found.lost}" if found.won > found.lost
                            else f"Bob leads you {found.lost}–{found.won}"
                            if found.lost > found.won
                            else f"You and Bob are level at {found.won}–{found.lost}")
    assert "points of your chance to win" in page
    # The rival's page: the same record from the other side, without this browser's
    # analysis (theirs is not stored).
    theirs = other.get("/play/h2h").text
    mirrored = re.search(r"<h2 id=\"rival-1\">([^<]+)</h2>", theirs)
    assert mirrored is not None
    a, b = found.won, found.lost
    assert mirrored.group(1) == (f"Ann leads you {a}–{b}" if a > b else
                                 f"You lead Ann {b}–{a}" if b > a else
                                 f"You and Ann are level at {b}–{a}")
    assert "No analysed hand yet" in theirs


def _statements(engine: Any, client: TestClient) -> list[str]:
    with counted(engine) as seen:
        assert client.get("/play/h2h").status_code == 200
    gate = [i for i, sql in enumerate(seen) if "alembic_version" in sql]
    drop = {j for i in gate for j in (i - 1, i)
            if j >= 0 and (j == i or seen[j].startswith("BEGIN"))}
    return [sql for i, sql in enumerate(seen) if i not in drop]


def test_a_head_to_head_view_sends_the_same_statements_at_3_and_30_matches(
        app: FastAPI, client: TestClient) -> None:
    engine = app.state.engine
    me = _sid(client)
    counts = {}
    for size, grow in ((3, 3), (30, 27)):
        for index in range(grow):  # several rivals, a few matches each
            store_history(engine, f"rival-{size}-{index % 5}", 1, seed=size + index,
                          target=10, friend=me, unfinished=False)
        client.get("/play/h2h")  # the kept facts built once
        counts[size] = _statements(engine, client)
    assert len(counts[3]) == len(counts[30])
    # Nothing replayed nor re-rated: the hands and the ratings are not read again (the
    # analyses are only counted, to see whether the kept facts are current).
    assert not [s for s in counts[30] if "play_hand" in s or "hand_review.ratings" in s]
