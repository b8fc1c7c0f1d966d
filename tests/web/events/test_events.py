"""Events over HTTP: creating one (the host code shown once, stored as a hash), joining
from several browsers, the host's actions, the tables the rounds start (friend matches,
score sheets), results flowing in, corrections, refusals that change nothing, the live
poll and the exports.

Each ``TestClient`` is one browser. A friend match's end is written into its rows the
way the kit stores a finished match (its hands, ``over``); the browser test plays one.
"""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlmodel import Session, col, select

from app.core.models import (
    Event,
    EventHost,
    EventPairing,
    EventPlayer,
    PlayHand,
    PlayMatch,
    PlaySeat,
    ScoreSheetRow,
    WatchLink,
)
from app.devices.codes import code_hash
from app.events.pairing import round_robin
from tests.support.browsers import session_id_of

CODE = re.compile(r'id="host-code-value">([0-9A-Z-]+)<')
SLUG = re.compile(r"/events/([A-Za-z0-9_-]{12})/")


def browser(app: FastAPI) -> TestClient:
    """A new browser on ``app`` with a session."""
    client = TestClient(app, base_url="http://testserver")
    client.get("/")
    return client


@pytest.fixture
def engine(app: FastAPI, client: TestClient):  # noqa: ANN201 - the app's engine
    return app.state.engine


def create(host: TestClient, **fields: str) -> tuple[str, str]:
    """Create an event; ``(slug, host code)``."""
    form = {"name": "Club night", "format": "swiss", "rounds": "3", "cards": "online",
            "preset": "house", **fields}
    response = host.post("/events", data=form)
    assert response.status_code == 200, response.text[:2000]
    code = CODE.search(response.text)
    slug = SLUG.search(response.text)
    assert code and slug
    return slug.group(1), code.group(1)


def version(db_engine, slug: str) -> str:  # noqa: ANN001
    with Session(db_engine) as db:
        event = db.exec(select(Event).where(Event.slug == slug)).one()
        return str(event.version)


def host_post(host: TestClient, engine, slug: str, action: str,  # noqa: ANN001
              expect: int = 303, **fields: str):  # noqa: ANN201
    response = host.post(f"/events/{slug}/{action}",
                         data={"version": version(engine, slug), **fields},
                         follow_redirects=False)
    assert response.status_code == expect, response.text[:3000]
    return response


def players(app: FastAPI, slug: str, names: list[str]) -> list[TestClient]:
    found = []
    for name in names:
        phone = browser(app)
        response = phone.post(f"/events/{slug}/join", data={"name": name},
                              follow_redirects=False)
        assert response.status_code == 303, response.text[:2000]
        found.append(phone)
    return found


def rows(engine, slug: str) -> tuple[Event, list[EventPlayer], list[EventPairing]]:  # noqa: ANN001
    with Session(engine) as db:
        event = db.exec(select(Event).where(Event.slug == slug)).one()
        roster = list(db.exec(select(EventPlayer).where(EventPlayer.event_id == event.id)
                              .order_by(col(EventPlayer.number))).all())
        tables = list(db.exec(select(EventPairing).where(EventPairing.event_id == event.id)
                              .order_by(col(EventPairing.round), col(EventPairing.table))).all())
        return event, roster, tables


def finish_match(engine, match_id: int, winner: int, points: tuple[int, int]) -> None:  # noqa: ANN001
    """Store ``match_id`` as over, its one finished hand won by ``winner`` (the game's
    final totals come from the engine's tally: ``points[winner]`` as hand points)."""
    with Session(engine) as db:
        game = db.get(PlayMatch, match_id)
        assert game is not None
        hand = db.get(PlayHand, (match_id, 1))
        assert hand is not None
        hand.finished, hand.winner, hand.points, hand.kind = True, winner, points[winner], "knock"
        game.over = True
        db.add_all([hand, game])
        db.commit()


def test_an_event_is_made_with_a_host_code_shown_once_and_stored_as_a_hash(
        client: TestClient, engine) -> None:  # noqa: ANN001
    slug, code = create(client)
    with Session(engine) as db:
        event = db.exec(select(Event).where(Event.slug == slug)).one()
        assert event.host_code_hash == code_hash(code.replace("-", ""))
        assert db.exec(select(EventHost)).one().session_id == session_id_of(client)
    page = client.get(f"/events/{slug}").text  # a reload: the code is not shown again
    assert code not in page and code.replace("-", "") not in page
    assert "Start the event" in page
    assert len(client.get("/events").text.split("Club night")) == 2  # one event, once
    assert f"/events/{slug}/qr.svg" in client.get(f"/events/{slug}/board").text  # the TV's
    qr = client.get(f"/events/{slug}/qr.svg")
    assert qr.status_code == 200 and qr.headers["content-type"].startswith("image/svg")


def test_bad_setup_is_refused_and_nothing_is_made(client: TestClient, engine) -> None:  # noqa: ANN001
    for form in ({"name": ""}, {"name": "x" * 61}, {"name": "A", "format": "knockout"},
                 {"name": "A", "rounds": "0"}, {"name": "A", "rounds": "99"},
                 {"name": "A", "cards": "paper"}, {"name": "A", "target": "-4"}):
        response = client.post("/events", data=form)
        assert response.status_code == 400, form
        assert 'role="status"' in response.text
    with Session(engine) as db:
        assert db.exec(select(Event)).all() == []


def test_joining_twice_a_taken_name_a_finished_or_forged_event_get_clear_answers(
        app: FastAPI, client: TestClient, engine) -> None:  # noqa: ANN001
    slug, _ = create(client)
    ann, = players(app, slug, ["Ann"])
    again = ann.post(f"/events/{slug}/join", data={"name": "Ann B"})
    assert again.status_code == 409 and "already joined this event as Ann" in again.text
    bob = browser(app)
    taken = bob.post(f"/events/{slug}/join", data={"name": "ann"})
    assert taken.status_code == 409 and "choose another name" in taken.text
    empty = bob.post(f"/events/{slug}/join", data={"name": "  "})
    assert empty.status_code == 400
    assert bob.get("/events/NoSuchEvent0").status_code == 404
    assert bob.post("/events/NoSuchEvent0/join", data={"name": "Bob"}).status_code == 404
    assert bob.post(f"/events/{slug}/explode", data={}).status_code == 404
    _, roster, _ = rows(engine, slug)
    assert [p.name for p in roster] == ["Ann"]
    players(app, slug, ["Bob"])
    host_post(client, engine, slug, "start")
    host_post(client, engine, slug, "finish")
    late = browser(app).post(f"/events/{slug}/join", data={"name": "Cy"})
    assert late.status_code == 410 and "over" in late.text


def test_only_a_host_acts_and_a_stale_form_changes_nothing(
        app: FastAPI, client: TestClient, engine) -> None:  # noqa: ANN001
    slug, _ = create(client)
    ann, bob = players(app, slug, ["Ann", "Bob"])
    refused = ann.post(f"/events/{slug}/start", data={"version": version(engine, slug)})
    assert refused.status_code == 403 and "host code" in refused.text
    stale = client.post(f"/events/{slug}/start", data={"version": "0"})
    assert stale.status_code == 409
    forged = client.post(f"/events/{slug}/start", data={"version": "x"})
    assert forged.status_code == 409
    event, _, tables = rows(engine, slug)
    assert event.status == "open" and tables == []


def test_a_round_starts_friend_matches_between_the_two_browsers(
        app: FastAPI, client: TestClient, engine) -> None:  # noqa: ANN001
    slug, _ = create(client)
    ann, bob, cy = players(app, slug, ["Ann", "Bob", "Cy"])
    host_post(client, engine, slug, "start")
    event, roster, tables = rows(engine, slug)
    assert event.status == "running" and event.round == 1 and event.rounds == 3
    played = [t for t in tables if t.player_b is not None]
    byes = [t for t in tables if t.player_b is None]
    assert len(played) == 1 and len(byes) == 1 and byes[0].outcome == "bye"
    table = played[0]
    by_id = {p.id: p for p in roster}
    with Session(engine) as db:
        game = db.get(PlayMatch, table.match_id)
        assert game is not None and game.friend and game.hands == 1
        assert {game.session_id, game.guest_session_id} == {
            by_id[table.player_a].session_id, by_id[table.player_b].session_id}
        assert game.session_id == by_id[table.player_a].session_id
        seats = db.exec(select(PlaySeat).where(PlaySeat.match_id == game.id)).all()
        assert len(seats) == 2
    phones = {"Ann": ann, "Bob": bob, "Cy": cy}
    a = phones[by_id[table.player_a].name]
    page = a.get(f"/events/{slug}").text
    assert f"/play?match={table.match_id}" in page and "Go to your table" in page
    assert a.get(f"/play?match={table.match_id}").status_code == 200
    bye = phones[by_id[byes[0].player_a].name].get(f"/events/{slug}").text
    assert "You have a bye this round" in bye


def test_results_flow_in_the_standings_follow_and_the_last_round_finishes(
        app: FastAPI, client: TestClient, engine) -> None:  # noqa: ANN001
    slug, _ = create(client, rounds="2")
    players(app, slug, ["Ann", "Bob", "Cy", "Di"])
    host_post(client, engine, slug, "start")
    early = client.post(f"/events/{slug}/next", data={"version": version(engine, slug)})
    assert early.status_code == 409 and "no result yet" in early.text
    for round_ in (1, 2):
        _, roster, tables = rows(engine, slug)
        for t in tables:
            if t.round == round_:
                assert t.match_id is not None
                finish_match(engine, t.match_id, 0, (110, 0))
        before = version(engine, slug)
        live = client.get(f"/events/{slug}/live", params={"since": before},
                          headers={"HX-Request": "true"})
        assert live.status_code == 200 and 'id="event-live"' in live.text
        # The page's status word follows too (an open phone read "Running" under "The
        # event is over."): the board has none.
        status = re.search(r'<span id="event-status"[^>]*hx-swap-oob[^>]*>([^<]*)<', live.text)
        assert status and status.group(1) == ("Running" if round_ == 1 else "Finished")
        board = client.get(f"/events/{slug}/live", params={"since": before, "board": "1"})
        assert 'id="event-live"' in board.text and 'id="event-status"' not in board.text
        assert "qr.svg" not in board.text  # the join code goes from the TV once it starts
        assert client.get(f"/events/{slug}/live", params={"since": version(engine, slug)},
                          headers={"HX-Request": "true"}).status_code == 204
        if round_ == 1:
            host_post(client, engine, slug, "next")
    event, roster, tables = rows(engine, slug)
    assert event.status == "finished"
    pairs = [frozenset((t.player_a, t.player_b)) for t in tables]
    assert len(set(pairs)) == 4  # no repeat
    page = client.get(f"/events/{slug}").text
    assert "Final standings" in page
    # Every winner was seat 0 (player a): each has 1 point per win, 110 for per win.
    wins = {p.id: 0 for p in roster}
    for t in tables:
        wins[t.player_a] += 1
    top = max(wins.values())
    leaders = [p.name for p in roster if wins[p.id] == top]
    assert re.search(r'data-player="(\w+)"', page).group(1) in leaders


def test_the_host_corrects_a_disputed_result_and_the_standings_recompute(
        app: FastAPI, client: TestClient, engine) -> None:  # noqa: ANN001
    slug, _ = create(client, cards="real")
    ann, bob = players(app, slug, ["Ann", "Bob"])
    host_post(client, engine, slug, "start")
    _, roster, tables = rows(engine, slug)
    table = tables[0]
    assert table.sheet_id is not None and table.match_id is None
    with Session(engine) as db:
        sheet = db.get(ScoreSheetRow, table.sheet_id)
        assert sheet is not None and sheet.session_id == roster[0].session_id
    bad = client.post(f"/events/{slug}/correct", data={
        "version": version(engine, slug), "pairing": str(table.id), "outcome": "a",
        "points_a": "abc", "points_b": "0"})
    assert bad.status_code == 400
    for fields in ({"pairing": "999999", "outcome": "a"}, {"pairing": "x", "outcome": "a"}):
        response = client.post(f"/events/{slug}/correct",
                               data={"version": version(engine, slug), **fields})
        assert response.status_code == 404
    assert client.post(f"/events/{slug}/correct", data={
        "version": version(engine, slug), "pairing": str(table.id),
        "outcome": "nobody"}).status_code == 400
    # Points that say the other side won, or a draw of unequal points: refused, nothing
    # changed (House rules: no boxes, so the winner ends with more points).
    for outcome, points_a, points_b in (("b", "50", "0"), ("a", "20", "20"),
                                        ("a", "0", "7"), ("draw", "50", "10")):
        before = rows(engine, slug)[2][0]
        refused = client.post(f"/events/{slug}/correct", data={
            "version": version(engine, slug), "pairing": str(table.id), "outcome": outcome,
            "points_a": points_a, "points_b": points_b}, headers={"accept": "text/html"})
        assert refused.status_code == 400, (outcome, points_a, points_b)
        assert "points" in refused.text
        after = rows(engine, slug)[2][0]
        assert (after.outcome, after.points_a, after.points_b, after.corrected) == (
            before.outcome, before.points_a, before.points_b, before.corrected)
    host_post(client, engine, slug, "correct", pairing=str(table.id), outcome="b",
              points_a="40", points_b="125")
    page = ann.get(f"/events/{slug}").text
    assert "Bob won 125–40" in page and "set by the host" in page
    first = re.search(r'data-player="(\w+)"', page)
    assert first and first.group(1) == "Bob"
    host_post(client, engine, slug, "correct", pairing=str(table.id), outcome="a",
              points_a="130", points_b="20")
    page = bob.get(f"/events/{slug}").text
    first = re.search(r'data-player="(\w+)"', page)
    assert first and first.group(1) == "Ann"


def test_a_real_cards_table_reports_its_sheet_when_the_game_is_over(
        app: FastAPI, client: TestClient, engine) -> None:  # noqa: ANN001
    slug, _ = create(client, cards="real", preset="custom", target="25")
    ann, bob = players(app, slug, ["Ann", "Bob"])
    host_post(client, engine, slug, "start")
    _, _, tables = rows(engine, slug)
    sheet_id = tables[0].sheet_id
    page = ann.get(f"/events/{slug}").text
    assert f"/score/{sheet_id}" in page
    assert "/score/shared/" in bob.get(f"/events/{slug}").text
    response = ann.post(f"/score/{sheet_id}/hands", data={
        "version": "0", "kind": "gin", "knocker": "1", "defender_deadwood": "30"},
        follow_redirects=False)
    assert response.status_code in (200, 303), response.text[:2000]
    _, _, tables = rows(engine, slug)
    client.get(f"/events/{slug}")
    _, _, tables = rows(engine, slug)
    assert tables[0].outcome == "b", tables[0]


def test_walk_ins_pause_drop_and_a_late_arrival(
        app: FastAPI, client: TestClient, engine) -> None:  # noqa: ANN001
    slug, _ = create(client)
    players(app, slug, ["Ann", "Bob"])
    host_post(client, engine, slug, "walk-in", name="Cy")
    dup = client.post(f"/events/{slug}/walk-in", data={"version": version(engine, slug),
                                                       "name": "Cy"})
    assert dup.status_code == 409
    host_post(client, engine, slug, "start")
    _, roster, tables = rows(engine, slug)
    cy = next(p for p in roster if p.name == "Cy")
    assert cy.session_id is None
    cy_table = next((t for t in tables if cy.id in (t.player_a, t.player_b)), None)
    assert cy_table is not None
    if cy_table.player_b is not None:
        assert cy_table.sheet_id is not None  # a walk-in plays with real cards
    dan = players(app, slug, ["Dan"])[0]
    assert "paired from the next round" not in dan.get(f"/events/{slug}").text
    _, roster, _ = rows(engine, slug)
    assert next(p for p in roster if p.name == "Dan").joined_round == 2
    host_post(client, engine, slug, "pause")
    assert client.post(f"/events/{slug}/pause", data={
        "version": version(engine, slug)}).status_code == 409
    for t in tables:
        if t.outcome is None:
            host_post(client, engine, slug, "correct", pairing=str(t.id), outcome="a",
                      points_a="100", points_b="0")
    paused = client.post(f"/events/{slug}/next", data={"version": version(engine, slug)})
    assert paused.status_code == 409
    host_post(client, engine, slug, "resume")
    host_post(client, engine, slug, "drop", player=str(cy.id))
    assert client.post(f"/events/{slug}/drop", data={"version": version(engine, slug),
                                                     "player": "999999"}).status_code == 404
    host_post(client, engine, slug, "next")
    _, roster, tables = rows(engine, slug)
    second = [t for t in tables if t.round == 2]
    paired = {p for t in second for p in (t.player_a, t.player_b) if p is not None}
    assert cy.id not in paired
    assert next(p for p in roster if p.name == "Dan").id in paired


def test_a_round_robin_refuses_a_late_arrival(app: FastAPI, client: TestClient,
                                             engine) -> None:  # noqa: ANN001
    slug, _ = create(client, format="roundrobin")
    players(app, slug, ["Ann", "Bob", "Cy"])
    host_post(client, engine, slug, "start")
    event, roster, tables = rows(engine, slug)
    assert event.rounds == 3
    expected = round_robin([p.id for p in roster])[0]
    assert [(t.player_a, t.player_b) for t in tables] == expected
    late = browser(app).post(f"/events/{slug}/join", data={"name": "Di"})
    assert late.status_code == 409 and "round robin has started" in late.text


def test_another_device_continues_hosting_with_the_code(
        app: FastAPI, client: TestClient, engine) -> None:  # noqa: ANN001
    slug, code = create(client)
    players(app, slug, ["Ann", "Bob"])
    spare = browser(app)
    wrong = spare.post("/events/host", data={"code": "0000-0000-0000-0000-0000"})
    assert wrong.status_code == 400
    assert spare.post("/events/host", data={"code": "x" * 500}).status_code == 400
    for _ in range(5):
        spare.post("/events/host", data={"code": "ZZZZ"})
    # The right code always gets in, however many wrong ones came first.
    right = spare.post("/events/host", data={"code": code.lower()}, follow_redirects=False)
    assert right.status_code == 303 and right.headers["location"].endswith(f"/events/{slug}")
    host_post(spare, engine, slug, "start")
    assert rows(engine, slug)[0].status == "running"
    held = browser(app)
    answers = [held.post("/events/host", data={"code": "ZZZZ"}).status_code
               for _ in range(7)]
    assert answers[-1] == 429


def test_exports_hold_names_and_results_but_no_secret(
        app: FastAPI, client: TestClient, engine) -> None:  # noqa: ANN001
    slug, code = create(client, name="=Night")
    ann, bob = players(app, slug, ["Ann", "-Bob"])
    host_post(client, engine, slug, "start")
    _, _, tables = rows(engine, slug)
    finish_match(engine, tables[0].match_id, 1, (0, 120))
    data = client.get(f"/events/{slug}/results.json")
    assert data.status_code == 200 and "attachment" in data.headers["content-disposition"]
    parsed = json.loads(data.text)
    assert parsed["event"]["status"] == "finished"
    assert parsed["standings"][0]["name"] == "-Bob"
    assert parsed["standings"][0]["match_points"] == "1"
    text = client.get(f"/events/{slug}/results.csv").text
    lines = list(csv.reader(io.StringIO(text)))
    assert lines[0][0] == "rank"
    assert any(cell == "'-Bob" for line in lines for cell in line)
    with Session(engine) as db:
        secrets = [code, code.replace("-", ""), slug]
        secrets += [s for p in db.exec(select(EventPlayer)).all() for s in [p.session_id] if s]
        secrets += [db.exec(select(Event)).one().host_code_hash]
    for export in (data.text, text):
        for secret in secrets:
            assert secret not in export
    assert client.get(f"/events/{slug}/results.xml").status_code == 404


def test_the_board_shows_the_round_and_standings_without_host_controls(
        app: FastAPI, client: TestClient, engine) -> None:  # noqa: ANN001
    slug, _ = create(client)
    players(app, slug, ["Ann", "Bob"])
    host_post(client, engine, slug, "start")
    board = browser(app).get(f"/events/{slug}/board").text
    assert "Round 1 of 1" in board and "Ann v Bob" in board
    assert "Start the event" not in board and "board=1" in board
    host_board = client.get(f"/events/{slug}/board").text
    assert "Set or correct a result" not in host_board


HAND = re.compile(r'<label data-card="(\w+)"')


def test_a_duplicate_round_deals_the_same_cards_at_every_table_and_scores_them(
        app: FastAPI, client: TestClient, engine) -> None:  # noqa: ANN001
    import hashlib

    from app.core.models import EventBoard

    slug, _ = create(client, duplicate="on", rounds="2")
    phones = dict(zip(["Ann", "Bob", "Cy", "Di"],
                      players(app, slug, ["Ann", "Bob", "Cy", "Di"]), strict=True))
    host_post(client, engine, slug, "start")
    event, roster, tables = rows(engine, slug)
    names = {p.id: p.name for p in roster}
    assert event.duplicate_seed and len(tables) == 2
    with Session(engine) as db:
        boards = db.exec(select(EventBoard).where(EventBoard.event_id == event.id,
                                                  EventBoard.round == 1)
                         .order_by(col(EventBoard.board))).all()
        first = [db.get(PlayHand, (t.match_id, 1)) for t in tables]
        assert all(h is not None and h.server_seed == boards[0].server_seed for h in first)
        assert first[0].client_seed == first[1].client_seed  # type: ignore[union-attr]
    # Each table's first player (the non-dealer of hand 1) holds the same ten cards.
    held = [sorted(HAND.findall(phones[names[t.player_a]].get(
        f"/play?match={t.match_id}").text)) for t in tables]
    assert len(held[0]) == 10 and held[0] == held[1]
    # Nobody can change the table's client seed (every table shares it).
    t = tables[0]
    with Session(engine) as db:
        game = db.get(PlayMatch, t.match_id)
        assert game is not None
        seat_version = str(game.version)
    refused = phones[names[t.player_a]].post(
        "/play", data={"client_seed": "mine", "version": seat_version,
                       "match": str(t.match_id)})
    assert "every table has the same client seed" in refused.text
    with Session(engine) as db:
        game = db.get(PlayMatch, t.match_id)
        assert game is not None and game.client_seed == event.duplicate_seed
    # The board's commitment is on the page, its seed not until the round is done; no
    # board's seed is in a player's page or their Download my data.
    page = client.get(f"/events/{slug}").text
    seed = boards[0].server_seed
    assert hashlib.sha256(seed.encode()).hexdigest() in page and seed not in page
    for phone in phones.values():
        for text in (phone.get(f"/events/{slug}").text, phone.get("/privacy/data.json").text,
                     phone.get(f"/events/{slug}/results.json").text):
            assert not any(b.server_seed in text for b in boards)
    # Table 1: its first player (the non-dealer) wins board 1 by 25, so the dealer's net
    # is -25; table 2: the dealer wins by 10 (+10). Dealer 2 beats dealer 1 (2 of 2
    # matchpoints: 100 %, dealer 1 0 %); table 1's non-dealer (+25) beats table 2's
    # (-10): 100 %, and table 2's 0 % (SPEC §11).
    with Session(engine) as db:
        for t, (winner, points) in zip(tables, ((0, 25), (1, 10)), strict=True):
            hand = db.get(PlayHand, (t.match_id, 1))
            assert hand is not None and hand.dealer == 1
            hand.finished, hand.winner, hand.points, hand.kind = True, winner, points, "knock"
            db.add(hand)
        db.commit()
    page = client.get(f"/events/{slug}").text
    got = dict(re.findall(r'data-player="(\w+)">.*?<td data-duplicate>([^<]+)</td>', page,
                          re.S))
    t1, t2 = tables
    assert got == {names[t1.player_a]: "100%", names[t1.player_b]: "0%",
                   names[t2.player_a]: "0%", names[t2.player_b]: "100%"}
    order = re.findall(r'data-player="(\w+)"', page)
    assert set(order[:2]) == {names[t1.player_a], names[t2.player_b]}
    exported = json.loads(client.get(f"/events/{slug}/results.json").text)
    assert exported["event"]["duplicate"] is True and len(exported["boards"]) == 30
    assert exported["boards"][0]["server_seed"] is None  # the round is not done
    # Once the round is done the seeds are shown, and /fair deals board 1 from them:
    # the first player's ten cards (the non-dealer's) as they held them.
    for t in tables:
        with Session(engine) as db:
            game = db.get(PlayMatch, t.match_id)
            assert game is not None
            game.over = True
            db.add(game)
            db.commit()
    page = client.get(f"/events/{slug}").text
    assert seed in page
    check = re.search(r'href="(/fair\?server_seed=' + seed + r'[^"]+)"', page)
    assert check is not None
    fair = client.get(check.group(1).replace("&amp;", "&"))
    assert fair.status_code == 200 and 'aria-invalid' not in fair.text
    dealt = re.search(r'data-commitment="(\w+)".*?data-cards="([^"]+)"', fair.text, re.S)
    assert dealt and dealt.group(1) == hashlib.sha256(seed.encode()).hexdigest()
    assert sorted(dealt.group(2).split()) == held[0]


def test_an_online_table_in_play_has_a_watch_link_showing_public_information_only(
        app: FastAPI, client: TestClient, engine) -> None:  # noqa: ANN001
    slug, _ = create(client)
    seated = players(app, slug, ["Ann", "Bob"])
    host_post(client, engine, slug, "start")
    _, _, tables = rows(engine, slug)
    table = tables[0]
    for page in (client.get(f"/events/{slug}").text, client.get(f"/events/{slug}/board").text):
        assert 'data-watch-table="1"' in page and f'name="pairing" value="{table.id}"' in page
    for player in seated:  # its own table: *Go to your table*, never *Watch*
        own = player.get(f"/events/{slug}").text
        assert "Go to your table" in own and 'data-watch-table="1"' not in own
    watcher = browser(app)  # anyone who sees the event, not a player
    answer = watcher.post(f"/events/{slug}/watch", data={"pairing": str(table.id)},
                          follow_redirects=False)
    assert answer.status_code == 303 and "/watch/" in answer.headers["location"]
    page = watcher.get(answer.headers["location"])
    assert page.status_code == 200 and "Ann" in page.text
    with Session(engine) as db:
        hand = db.get(PlayHand, (table.match_id, 1))
        assert hand is not None and hand.server_seed and hand.server_seed not in page.text
    assert 'data-card="' not in re.sub(r'pile__top"[^>]*data-card="\w+"', "", page.text)
    for bad in ("999999", "x", ""):
        refused = watcher.post(f"/events/{slug}/watch", data={"pairing": bad})
        assert refused.status_code == 404 and "no such table" in refused.text
    from app.events import hosting
    with Session(engine) as db:  # as many open links as a table admits: one more is 429
        db.add_all(WatchLink(token_hash=f"{i:064x}", match_id=table.match_id)
                   for i in range(hosting.MOST_WATCH_LINKS))
        db.commit()
    crowded = watcher.post(f"/events/{slug}/watch", data={"pairing": str(table.id)})
    assert crowded.status_code == 429 and "as many watchers" in crowded.text
    finish_match(engine, table.match_id, 0, (110, 0))
    client.get(f"/events/{slug}")  # the result is read
    assert watcher.post(f"/events/{slug}/watch",
                        data={"pairing": str(table.id)}).status_code == 409


@pytest.mark.parametrize(("fields", "said", "unsaid"), [
    ({"preset": "classic", "duplicate": "on"}, ["Duplicate boards", "Classic"], ["House"]),
    ({"preset": "house"}, ["House"], ["Duplicate boards", "Classic"]),
    ({"preset": "custom", "target": "150", "box_bonus": "10"}, ["first to 150"],
     ["Duplicate boards", "House", "Classic", "Tournament"]),
])
def test_the_events_heading_says_its_boards_and_its_scoring(
        client: TestClient, fields: dict[str, str], said: list[str],
        unsaid: list[str]) -> None:
    """Under the event's name, what a player joining needs to know: the format, the
    cards, duplicate boards when the deals are shared, the scoring preset the host chose
    (none named for the host's own scoring: each table's rules panel has it), the
    target."""
    slug, _ = create(client, **fields)
    meta = re.search(r'<p class="event-meta">(.*?)</p>', client.get(f"/events/{slug}").text,
                     re.S)
    assert meta, "the event's heading line"
    for words in said:
        assert words in meta[1], (words, meta[1])
    for words in unsaid:
        assert words not in meta[1], (words, meta[1])
