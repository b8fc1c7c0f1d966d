"""Match reports and statistics: every figure equals the one recomputed from
the stored hands by replaying them; practice hands never count; another browser sees
nothing; the charts are server-drawn SVG.
"""

from __future__ import annotations

import csv
import io
import random
import re

from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlmodel import Session, col, select

from app.core.models import PlayHand, PlayMatch
from app.engine import HandKind, HandRecord, Phase, Rules
from app.engine.match import resume
from app.review.skill import Skill, glicko2, level_skill
from app.table.storage import hand_seed
from tests.support.browsers import session_id_of
from tests.support.hardening import action_form, random_form, stored_play
from tests.web.fair.test_fair_play import _replayed, _stored
from tests.web.friend.test_friend import browser, choose, invite, join, stored_match
from tests.web.review.test_history import _finish_hand


def _play_hands(app: FastAPI, client: TestClient, count: int, seed: int) -> int:
    """Finish ``count`` hands of a new match; its id."""
    match_id, _ = _finish_hand(app, client, seed)
    rng = random.Random(seed)
    for _ in range(count - 1):
        row = _stored(app, client)
        if _replayed(row).over:
            break
        client.post("/play", data={"action": "next_hand", "version": str(row.version)})
        while True:
            row = _stored(app, client)
            match = _replayed(row)
            if match.hand.phase.value == "over":
                break
            client.post("/play", data=random_form(match, row.version, rng, greedy=0.9))
    return match_id


def _recomputed(app: FastAPI, seat: int = 0,
                friend: bool = False) -> dict[str, float | int | None]:
    """The figures, recomputed by resuming each stored hand from its predecessors: of
    the matches against the computer, or (``friend``) of the friend matches seen from
    ``seat``."""
    with Session(app.state.engine) as db:
        games = db.exec(select(PlayMatch).where(PlayMatch.friend == friend)
                        .order_by(col(PlayMatch.id))).all()
        won = lost = gins = hands = given = received = streak = best = 0
        deadwood: list[int] = []
        turns: list[int] = []
        points = net = 0
        for game in games:
            rows = db.exec(select(PlayHand).where(PlayHand.match_id == game.id,
                                                  col(PlayHand.finished))
                           .order_by(col(PlayHand.number))).all()
            records: list[HandRecord] = []
            for row in rows:
                log = [(int(p), str(t)) for p, t in row.log]
                match = resume(Rules.from_dict(game.rules), game.first_dealer, records,
                               hand_seed(row, game), log)
                result = match.hand.result
                assert result is not None
                hands += 1
                streak = streak + 1 if result.winner == seat else 0
                best = max(best, streak)
                if result.winner == seat:
                    won += 1
                    points += result.points
                    net += result.points
                    gins += result.kind in (HandKind.GIN, HandKind.BIG_GIN)
                    given += result.kind is HandKind.UNDERCUT
                elif result.winner == 1 - seat:
                    lost += 1
                    net -= result.points
                    received += result.kind is HandKind.UNDERCUT
                if result.knocker == seat and result.kind in (HandKind.KNOCK,
                                                              HandKind.UNDERCUT):
                    assert result.settlement is not None
                    deadwood.append(result.settlement.knocker_deadwood)
                    turns.append(sum(1 for p, t in log if p == seat and t in (
                        "draw_stock", "take_discard", "take_upcard")))
                records.append(HandRecord(result.winner, result.points, result.kind))
    return {"hands": hands, "won": won, "lost": lost, "voids": hands - won - lost,
            "gins": gins, "undercuts-given": given, "undercuts-received": received,
            "knocks": len(deadwood), "streak": best, "points": points / hands,
            "net": net / hands,
            "deadwood": sum(deadwood) / len(deadwood) if deadwood else None,
            "turns": sum(turns) / len(turns) if turns else None}


def _shown(html: str, name: str, prefix: str = "stat") -> str:
    found = re.search(rf'id="{prefix}-{name}">([^<]*)<', html)
    assert found is not None, name
    return found.group(1)


def _assert_figures(html: str, expected: dict[str, float | int | None],
                    prefix: str = "stat") -> None:
    """Every hand figure of a statistics page (ids ``prefix-name``) equals ``expected``."""
    for name in ("hands", "won", "lost", "voids", "gins", "undercuts-given",
                 "undercuts-received", "knocks", "streak"):
        assert _shown(html, name, prefix) == str(expected[name]), name
    for name in ("points", "net", "deadwood", "turns"):
        value = expected[name]
        assert _shown(html, name, prefix) == ("–" if value is None else f"{value:.1f}"), name


def test_statistics_equal_those_recomputed_from_the_stored_hands(
        app: FastAPI, client: TestClient) -> None:
    _play_hands(app, client, 3, seed=21)
    _play_hands(app, client, 2, seed=22)
    expected = _recomputed(app)
    page = client.get("/stats")
    assert page.status_code == 200
    _assert_figures(page.text, expected)
    data = client.get("/stats.json").json()
    assert len(data["hands"]) == expected["hands"] and len(data["matches"]) == 2
    knocked = [h for h in data["hands"] if h["knocker"] == 0 and h["kind"] in (
        "knock", "undercut")]
    if knocked:
        assert sum(h["person_turns"] for h in knocked) / len(knocked) == expected["turns"]
    rows = list(csv.DictReader(io.StringIO(client.get("/stats.csv").text)))
    assert len(rows) == expected["hands"]
    assert sum(int(r["points"]) for r in rows if r["winner"] == "0") == \
        round(float(expected["points"] or 0) * int(expected["hands"] or 0))


def test_practice_hands_and_other_browsers_are_not_counted(app: FastAPI,
                                                           client: TestClient) -> None:
    match_id, number = _finish_hand(app, client, seed=23)
    before = client.get("/stats.json").json()
    with Session(app.state.engine) as db:
        hand = db.get(PlayHand, (match_id, number))
        assert hand is not None
        start = next(i for i, (p, _) in enumerate(hand.log, start=1) if p == 0)
        name, _, code = str(hand.log[start - 1][1]).partition(" ")
    page = client.post(f"/play/history/{match_id}/{number}/practice", data={"step": str(start)})
    version = re.search(r'name="version" value="(\d+)"', page.text)
    assert version is not None
    client.post("/play/practice", data={"action": name, "card": code,
                                        "version": version.group(1)})
    assert client.get("/stats.json").json() == before
    with TestClient(app) as other:
        other.get("/")
        assert other.get("/stats.json").json() == {"matches": [], "hands": []}
        assert "No finished hands yet" in other.get("/stats").text
        assert other.get(f"/play/history/{match_id}").status_code == 404


def test_the_match_report_charts_the_chance_to_win_hand_by_hand(
        app: FastAPI, client: TestClient) -> None:
    match_id = _play_hands(app, client, 2, seed=24)
    page = client.get(f"/play/history/{match_id}")
    assert page.status_code == 200
    assert "Chance to win the match" in page.text
    polyline = re.search(r'<polyline points="([^"]+)"', page.text)
    assert polyline is not None
    with Session(app.state.engine) as db:
        finished = db.exec(select(PlayHand).where(PlayHand.match_id == match_id,
                                                  col(PlayHand.finished))).all()
    assert len(polyline.group(1).split()) == len(finished) + 1
    assert "<script" not in page.text.split("<main")[1] and "style=" not in page.text
    assert client.get("/play/history/report").status_code == 200


def test_matches_and_win_rate_by_level_equal_the_finished_matches(
        app: FastAPI, client: TestClient) -> None:
    _play_hands(app, client, 200, seed=24)  # to the end of the match
    _play_hands(app, client, 1, seed=25)  # a match not finished: not counted
    finished: list[bool] = []
    with Session(app.state.engine) as db:
        for game in db.exec(select(PlayMatch).order_by(col(PlayMatch.id))).all():
            rows = db.exec(select(PlayHand).where(PlayHand.match_id == game.id,
                                                  col(PlayHand.finished))
                           .order_by(col(PlayHand.number))).all()
            records: list[HandRecord] = []
            match = None
            for row in rows:
                match = resume(Rules.from_dict(game.rules), game.first_dealer, records,
                               hand_seed(row, game), [(int(p), str(t)) for p, t in row.log])
                result = match.hand.result
                assert result is not None
                records.append(HandRecord(result.winner, result.points, result.kind))
            assert match is not None
            if match.over:
                finished.append(match.tally.winner == 0)
    assert len(finished) == 1
    rows = re.findall(r"<tr><td>([^<]*)</td><td class=\"num\">(\d+)</td>"
                      r"<td class=\"num\">(\d+)</td><td class=\"num\">(\d+)%</td></tr>",
                      client.get("/stats").text)
    assert rows == [("Easy", "1", str(sum(finished)), f"{100 * sum(finished):.0f}")]
    # The rating counts the finished match: one result against Easy from the start.
    after = glicko2(Skill(), [(level_skill("easy"), float(finished[0]))])
    page = client.get("/stats").text
    assert _shown(page, "rating", "skill") == f"{after.rating:.0f}"
    assert _shown(page, "rd", "skill") == f"{1.96 * after.rd:.0f}"
    assert "provisional" in page


def _friend_match_to_the_end(app: FastAPI, host: TestClient, guest: TestClient,
                             **options: str) -> int:
    """Ann (``host``) invites Bob (``guest``) to a match to 25 (or with the New match
    form's ``options``), played to its end by both browsers; its id."""
    row = stored_play(app.state.engine, session_id_of(host))
    version = str(row.version) if row is not None else "0"  # "0": no match yet
    fields = {"target": "25", **options}
    assert join(guest, invite(host, version=version, **fields)).status_code == 303
    clients = (host, guest)
    game, match = stored_match(app, host)
    moves = 0
    while not match.over:
        if match.hand.phase is Phase.OVER:
            clients[moves % 2].post("/play", data=action_form("next_hand", game.version))
        else:
            player = match.hand.to_play
            response = clients[player].post("/play", data=action_form(
                choose(match, player), game.version))
            assert response.status_code in (200, 303), response.text[:500]
        game, match = stored_match(app, host)
        moves += 1
        assert moves < 2000
    assert game.id is not None
    return game.id


def test_friend_matches_are_counted_apart_from_the_computers_levels(
        app: FastAPI, client: TestClient) -> None:
    _play_hands(app, client, 2, seed=26)  # Ann against the computer (Easy)
    guest = browser(app)
    match_id = _friend_match_to_the_end(app, client, guest)
    with Session(app.state.engine) as db:
        rows = db.exec(select(PlayHand).where(PlayHand.match_id == match_id,
                                              col(PlayHand.finished))).all()
    totals = [0, 0]
    for row in rows:
        if row.winner is not None:
            totals[row.winner] += row.points
    table = re.compile(r"<tr><td>([^<]*)</td><td class=\"num\">(\d+)</td>"
                       r"<td class=\"num\">(\d+)</td><td class=\"num\">(\d+)%</td></tr>")
    # Ann: the computer's figures hold only her Easy match; the friend match has its own.
    page = client.get("/stats").text
    computer, friends = page.split('id="friends-title"', 1)
    _assert_figures(computer, _recomputed(app))
    _assert_figures(friends, _recomputed(app, seat=0, friend=True), "friend-stat")
    assert all(level != "Friends" for level, *_ in table.findall(computer))
    won = int(totals[0] > totals[1])
    assert table.findall(friends) == [("Friends", "1", str(won), f"{100 * won}")]
    # The friend match rates Ann against Bob's rating (new: no match against the computer).
    score = 1.0 if totals[0] > totals[1] else 0.5 if totals[0] == totals[1] else 0.0
    assert _shown(computer, "rating", "skill") == \
        f"{glicko2(Skill(), [(Skill(), score)]).rating:.0f}"
    # Bob, who joined: no match against the computer; the friend match from his seat.
    page = guest.get("/stats").text
    assert "No finished hand against the computer yet" in page
    assert 'id="stat-hands"' not in page
    _assert_figures(page, _recomputed(app, seat=1, friend=True), "friend-stat")
    assert table.findall(page) == [("Friends", "1", str(1 - won), f"{100 * (1 - won)}")]
    data = guest.get("/stats.json").json()
    assert [m["level"] for m in data["matches"]] == ["friend"]
    assert len(data["hands"]) == len(rows) and {h["seat"] for h in data["hands"]} == {1}
