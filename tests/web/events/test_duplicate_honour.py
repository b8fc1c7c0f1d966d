"""Duplicate boards and the honour rule over HTTP: a table that finishes a board first
cannot read its seed nor its deal anywhere (its table page, its history, hand files,
Download my data, the event page and export, watching another table) while another
table of the round still plays the same cards; everything opens once every table of
the round has finished, and the seed then checks against the commitment. Real cards:
the deck each table's dealer stacks, shown only to that table's players, and the score
sheets compared board by board. And the way back to the event from its tables.

Each ``TestClient`` is one browser.
"""

from __future__ import annotations

import hashlib
import json
import re

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlmodel import Session, col, select

from app.core.models import EventBoard, PlayHand, PlayMatch
from app.engine import Card, Phase, legal_match_actions
from app.engine.fairness import combine_client_seeds, fair_deal, shuffled
from app.engine.melds import deadwood_by_discard
from tests.support.browsers import session_id_of
from tests.support.hardening import Replayer, action_form, stored_play
from tests.web.events.test_events import create, host_post, players, rows


@pytest.fixture
def engine(app: FastAPI, client: TestClient):  # noqa: ANN201 - the app's engine
    return app.state.engine


def _choose(match, player: int) -> str:  # noqa: ANN001 - a MatchState
    """A legal action that ends hands soon (knock or gin, else the best discard)."""
    actions = [str(a) for a in legal_match_actions(match, player)]
    for prefix in ("big_gin", "gin", "knock"):
        enders = [a for a in actions if a.startswith(prefix)]
        if enders:
            return enders[0]
    discards = [a for a in actions if a.startswith("discard ")]
    if discards:
        left = deadwood_by_discard(match.hand.hands[player], match.rules)
        return min(discards, key=lambda a: left[Card.parse(a.split()[1])])
    return "draw_stock" if "draw_stock" in actions else actions[0]


def play_first_hand(app: FastAPI, seats: tuple[TestClient, TestClient], match_id: int,
                    whole_match: bool = False) -> None:
    """Play hand 1 (``whole_match``: every hand) of the friend match ``match_id`` to its
    end, each seat tapping from its own browser."""
    engine = app.state.engine
    for _ in range(3000):
        row = stored_play(engine, session_id_of(seats[0]))
        assert row is not None and row.match_id == match_id
        match = Replayer.from_row(row).advance(row.log)
        with Session(engine) as db:
            game = db.get(PlayMatch, match_id)
            assert game is not None
            version = game.version
        if match.hand.phase is Phase.OVER:
            if match.over or not whole_match:
                return
            text, player = "next_hand", 0
        else:
            player = match.hand.to_play
            text = _choose(match, player)
        answer = seats[player].post("/play", data={**action_form(text, version),
                                                   "match": str(match_id)})
        assert answer.status_code < 400, answer.text[:800]
    raise AssertionError("the hand did not end")


def end_match(engine, match_id: int) -> None:  # noqa: ANN001
    """Store ``match_id`` as over, its hand 1 finished (won by seat 0 for 20) when it was
    not yet."""
    with Session(engine) as db:
        game = db.get(PlayMatch, match_id)
        hand = db.get(PlayHand, (match_id, 1))
        assert game is not None and hand is not None
        if not hand.finished:
            hand.finished, hand.winner, hand.points, hand.kind = True, 0, 20, "knock"
        game.over = True
        db.add_all([hand, game])
        db.commit()


def test_a_finished_tables_players_cannot_read_a_board_still_in_play_at_another_table(
        app: FastAPI, client: TestClient, engine) -> None:  # noqa: ANN001
    slug, _ = create(client, duplicate="on", rounds="1")
    phones = dict(zip(["Ann", "Bob", "Cy", "Di"],
                      players(app, slug, ["Ann", "Bob", "Cy", "Di"]), strict=True))
    host_post(client, engine, slug, "start")
    event, roster, tables = rows(engine, slug)
    names = {p.id: p.name for p in roster}
    early, late = tables
    assert early.match_id is not None and late.match_id is not None
    seats = (phones[names[early.player_a]], phones[names[early.player_b]])  # type: ignore[index]
    watcher = phones[names[early.player_a]]
    with Session(engine) as db:
        board = db.exec(select(EventBoard).where(EventBoard.event_id == event.id)
                        .order_by(col(EventBoard.board))).first()
        assert board is not None
    seed, sealed = board.server_seed, hashlib.sha256(board.server_seed.encode()).hexdigest()
    # The first table plays board 1 to its end; the other has not played a card.
    play_first_hand(app, seats, early.match_id)
    with Session(engine) as db:
        hand = db.get(PlayHand, (early.match_id, 1))
        assert hand is not None and hand.finished and hand.server_seed == seed
    table = seats[0].get(f"/play?match={early.match_id}")
    assert table.status_code == 200 and "data-board-sealed" in table.text
    assert sealed in table.text and seed not in table.text
    history = f"/play/history/{early.match_id}"
    for phone in seats:
        for path in (f"{history}/1", f"{history}/1.txt", f"{history}.txt"):
            answer = phone.get(path)
            assert answer.status_code == 409, (path, answer.status_code)
            assert seed not in answer.text and "every table of the round" in answer.text
        practice = phone.post(f"{history}/1/practice", data={"step": "1"},
                              follow_redirects=False)
        assert practice.status_code == 409
        data = phone.get("/privacy/data.json").text
        assert seed not in data
        hands = [r for r in json.loads(data)["tables"]["play_hand"]
                 if r["match_id"] == early.match_id]
        assert hands and all(r["log"] is None and r["server_seed"] is None for r in hands)
        for path in (f"/events/{slug}", f"/events/{slug}/results.json",
                     f"/events/{slug}/results.csv", f"/events/{slug}/board"):
            assert seed not in phone.get(path).text
    # Nor may they watch the table still playing those cards (its stream shows them).
    page = watcher.get(f"/events/{slug}").text
    assert f'name="pairing" value="{late.id}"' not in page
    refused = watcher.post(f"/events/{slug}/watch", data={"pairing": str(late.id)},
                           follow_redirects=False)
    assert refused.status_code == 409 and "once every table" in refused.text
    # Nor through a watch link someone else made (the host, who plays no table) and
    # forwarded: the page, its view and its stream refuse an event player's browser.
    made = client.post(f"/events/{slug}/watch", data={"pairing": str(late.id)},
                       follow_redirects=False)
    assert made.status_code == 303, made.text[:800]
    link = str(made.headers["location"])
    assert client.get(link).status_code == 200
    for path in (link, f"{link}/view", f"{link}/events"):
        answer = watcher.get(path)
        assert answer.status_code == 409, (path, answer.status_code)
        assert "once every table" in answer.text and seed not in answer.text
    # Once every table of the round has finished, the seed is out and checks.
    end_match(engine, early.match_id)
    end_match(engine, late.match_id)
    page = seats[0].get(f"/events/{slug}").text  # the event reads its tables' results
    assert seed in page
    table = seats[0].get(f"/play?match={early.match_id}").text
    assert seed in table and "data-board-sealed" not in table
    shown = re.search(r'data-commitment="(\w+)"', table)
    assert shown is not None and shown.group(1) == sealed
    assert hashlib.sha256(seed.encode()).hexdigest() == sealed
    assert seats[0].get(f"{history}/1").status_code == 200
    assert seed in seats[0].get(f"{history}.txt").text
    assert watcher.get(link).status_code == 200  # the round is over: watching is open
    assert seed in seats[1].get("/privacy/data.json").text
    exported = json.loads(client.get(f"/events/{slug}/results.json").text)
    assert exported["boards"][0]["server_seed"] == seed


def test_a_hand_entered_at_a_real_card_table_brings_the_next_board_to_its_polling_phones(
        app: FastAPI, client: TestClient, engine) -> None:  # noqa: ANN001
    slug, _ = create(client, cards="real", duplicate="on", rounds="1")
    phones = players(app, slug, ["Ann", "Bob", "Cy", "Di"])
    host_post(client, engine, slug, "start")
    _, roster, tables = rows(engine, slug)
    by_name = dict(zip(["Ann", "Bob", "Cy", "Di"], phones, strict=True))
    names = {p.id: p.name for p in roster}
    keeper, other = by_name[names[tables[0].player_a]], by_name[names[tables[0].player_b]]
    since = re.search(r"live\?since=([\w.-]+)", other.get(f"/events/{slug}").text)
    assert since is not None and 'data-stack="1-1"' in other.get(f"/events/{slug}").text
    live = f"/events/{slug}/live?since={since.group(1)}"
    assert other.get(live).status_code == 204  # nothing moved yet
    # A small knock (5 points: the match to 100 goes on): the event's version stays.
    answer = keeper.post(f"/score/{tables[0].sheet_id}/hands", data={
        "version": "0", "kind": "knock", "knocker": "0", "knocker_deadwood": "5",
        "defender_deadwood": "10"}, follow_redirects=False)
    assert answer.status_code == 303, answer.text[:2000]
    moved = other.get(live, headers={"HX-Request": "true"})
    assert moved.status_code == 200 and 'data-stack="1-2"' in moved.text
    again = re.search(r"live\?since=([\w.-]+)", moved.text)
    assert again is not None
    assert other.get(f"/events/{slug}/live?since={again.group(1)}").status_code == 204
    # The other table's phones had nothing new: their board is still board 1.
    third = by_name[names[tables[1].player_a]]
    mine = re.search(r"live\?since=([\w.-]+)", third.get(f"/events/{slug}").text)
    assert mine is not None
    assert third.get(f"/events/{slug}/live?since={mine.group(1)}").status_code == 204


def test_a_table_still_playing_after_the_host_set_its_result_keeps_the_boards_hidden(
        app: FastAPI, client: TestClient, engine) -> None:  # noqa: ANN001
    slug, _ = create(client, duplicate="on", rounds="2")
    players(app, slug, ["Ann", "Bob", "Cy", "Di"])
    host_post(client, engine, slug, "start")
    event, _, tables = rows(engine, slug)
    end_match(engine, tables[0].match_id)  # type: ignore[arg-type]
    client.get(f"/events/{slug}")
    host_post(client, engine, slug, "correct", pairing=str(tables[1].id), outcome="a",
              points_a="100", points_b="0")
    ids = [t.match_id for t in tables]

    def revealed() -> list[bool]:
        with Session(engine) as db:
            return [m.boards_revealed_at is not None for m in db.exec(
                select(PlayMatch).where(col(PlayMatch.id).in_(ids))).all()]

    with Session(engine) as db:
        seed = db.exec(select(EventBoard.server_seed).where(
            EventBoard.event_id == event.id, EventBoard.board == 1)).first()
    assert seed is not None
    page = client.get(f"/events/{slug}").text
    assert "Pair round 2" in page and seed not in page and revealed() == [False, False]
    # The host moves on: round 1 is closed, its boards are out (its late hands no
    # longer count).
    host_post(client, engine, slug, "next")
    assert seed in client.get(f"/events/{slug}").text and revealed() == [True, True]


def test_a_real_card_duplicate_table_shows_its_dealer_the_deck_to_stack_and_is_compared(
        app: FastAPI, client: TestClient, engine) -> None:  # noqa: ANN001
    slug, _ = create(client, cards="real", duplicate="on", rounds="1", preset="custom",
                     target="25")
    phones = dict(zip(["Ann", "Bob", "Cy", "Di"],
                      players(app, slug, ["Ann", "Bob", "Cy", "Di"]), strict=True))
    spectator = TestClient(app, base_url="http://testserver")
    spectator.get("/")
    before = phones["Ann"].get(f"/events/{slug}").text
    assert "data-stack" not in before  # not before the round starts
    host_post(client, engine, slug, "start")
    event, roster, tables = rows(engine, slug)
    names = {p.id: p.name for p in roster}
    assert all(t.sheet_id is not None for t in tables)
    with Session(engine) as db:
        boards = {b.board: b.server_seed for b in db.exec(select(EventBoard).where(
            EventBoard.event_id == event.id)).all()}
    assert event.duplicate_seed is not None
    client_seed = combine_client_seeds(event.duplicate_seed, event.duplicate_seed)
    deck = [str(c) for c in shuffled(boards[1], client_seed, 1)]
    online = fair_deal(boards[1], client_seed, 1)  # as an online table deals board 1
    assert deck[0:20:2] == [str(c) for c in online.non_dealer]
    assert deck[20] == str(online.upcard)
    for name, phone in phones.items():
        page = phone.get(f"/events/{slug}").text
        shown = re.search(r'data-stack="1-1".*?<ol class="event-stack__deck">(.*?)</ol>',
                          page, re.S)
        assert shown is not None, name
        assert re.findall(r'data-card="(\w+)"', shown.group(1)) == deck
        assert hashlib.sha256(boards[1].encode()).hexdigest() in page
        assert boards[1] not in page
    # Never on the big screen, to a spectator or to the host (no player of a table).
    for text in (client.get(f"/events/{slug}/board").text,
                 phones["Ann"].get(f"/events/{slug}/live?board=1").text,
                 spectator.get(f"/events/{slug}").text, client.get(f"/events/{slug}").text):
        assert "data-stack" not in text and "event-stack__deck" not in text
    # Hand 1 at each table: table 1's second player goes gin, table 2's first player.
    keepers = [phones[names[t.player_a]] for t in tables]
    for keeper, t, knocker, deadwood in zip(keepers, tables, ("1", "0"), ("30", "10"),
                                            strict=True):
        answer = keeper.post(f"/score/{t.sheet_id}/hands", data={
            "version": "0", "kind": "gin", "knocker": knocker,
            "defender_deadwood": deadwood}, follow_redirects=False)
        assert answer.status_code == 303, answer.text[:2000]
    page = client.get(f"/events/{slug}").text
    got = dict(re.findall(r'data-player="(\w+)">.*?<td data-duplicate>([^<]+)</td>', page,
                          re.S))
    t1, t2 = tables
    a1, b1, a2, b2 = (got[names[t1.player_a]], got[names[t1.player_b]],
                      got[names[t2.player_a]], got[names[t2.player_b]])
    # Table 1's dealer (its first player) lost board 1, table 2's dealer won it: each
    # dealer against the other (2 matchpoints to the better, SPEC §11), the non-dealers
    # the other way round.
    assert (a1, b1, a2, b2) == ("0%", "100%", "100%", "0%")
    assert seed_revealed(page, boards[1])


def test_the_host_keeping_a_sheet_for_two_players_without_phones_sees_their_deck(
        app: FastAPI, client: TestClient, engine) -> None:  # noqa: ANN001
    slug, _ = create(client, cards="real", duplicate="on", rounds="1")
    (ann,) = players(app, slug, ["Ann"])
    for name in ("Bob", "Cy", "Di"):
        host_post(client, engine, slug, "walk-in", name=name)
    host_post(client, engine, slug, "start")
    _, roster, tables = rows(engine, slug)
    names = {p.id: p.name for p in roster}
    walk_ins = next(t for t in tables if "Ann" not in (names[t.player_a], names[t.player_b]))
    page = client.get(f"/events/{slug}").text  # the host plays no table: it keeps that sheet
    assert f'data-stack-table="{walk_ins.table}"' in page
    assert page.count("data-stack=") == 1
    own = ann.get(f"/events/{slug}").text  # Ann sees her own table's deck only
    assert own.count("data-stack=") == 1 and f'data-stack-table="{walk_ins.table}"' not in own
    # Ann, still playing board 1, has no link to the other table's sheet; the host has.
    assert "/score/shared/" not in own and f"/score/{walk_ins.sheet_id}" in page


def seed_revealed(page: str, seed: str) -> bool:
    """The round is over: board 1's seed is on the event page, with its check."""
    return seed in page and "/fair?server_seed=" + seed in page


def test_an_event_table_links_back_to_its_event_during_and_after_the_match(
        app: FastAPI, client: TestClient, engine) -> None:  # noqa: ANN001
    slug, _ = create(client, rounds="1", preset="custom", target="25")
    ann, bob = players(app, slug, ["Ann", "Bob"])
    host_post(client, engine, slug, "start")
    _, _, tables = rows(engine, slug)
    match_id = tables[0].match_id
    assert match_id is not None
    link = f'href="/events/{slug}" data-event-back>Back to Club night<'
    assert link in ann.get(f"/play?match={match_id}").text
    play_first_hand(app, (ann, bob), match_id, whole_match=True)
    ended = bob.get(f"/play?match={match_id}").text
    assert link in ended and "data-event-back-end" in ended
    # A match of no event has no such link.
    other = TestClient(app, base_url="http://testserver")
    other.get("/")
    other.post("/play/new", data={"level": "standard"})
    assert "data-event-back" not in other.get("/play").text
    # Real cards: the score sheet, its shared view, and once its game is over.
    slug2, _ = create(client, name="Pub league", cards="real", preset="custom",
                      target="25", rounds="1")
    cy, di = players(app, slug2, ["Cy", "Di"])
    host_post(client, engine, slug2, "start")
    _, _, tables = rows(engine, slug2)
    sheet_id = tables[0].sheet_id
    back = f'href="/events/{slug2}" data-event-back>Back to Pub league<'
    assert back in cy.get(f"/score/{sheet_id}").text
    shared = re.search(r'href="(/score/shared/[^"]+)"', di.get(f"/events/{slug2}").text)
    assert shared is not None and back in di.get(shared.group(1)).text
    cy.post(f"/score/{sheet_id}/hands", data={"version": "0", "kind": "gin", "knocker": "1",
                                             "defender_deadwood": "30"})
    assert "data-event-back-end" in cy.get(f"/score/{sheet_id}").text
