"""A stored row that cannot be read — of every kind a browser owns: a match, its hands,
its seat, a friend match, a score sheet, a review, a practice hand, display settings, a
lesson, a daily hand, an access code, the session itself, and any table added later
(found in the models) — never gives its owner a 500: it is set aside (kept whole in
``set_aside_row``, logged with its id) and the owner gets a fresh table with a notice,
on every page."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import JSON, DateTime, Integer, Table, literal
from sqlalchemy import select as select_rows
from sqlmodel import Session, SQLModel, select

from app.core import setaside
from app.core.models import DailyPuzzle, PlayMatch, ScoreSheetRow, SetAsideRow
from app.daily import days
from app.review import history as hist
from app.review import puzzle
from app.table import storage
from tests.support.browsers import session_id_of
from tests.support.events import an_event
from tests.support.hardening import filled_paths, finish_hand
from tests.support.histories import mark_mistakes
from tests.support.seasons import a_season
from tests.web.friend.test_friend import start as start_friend_match

SHEET = {"players": "2", "name0": "Ann", "name1": "Bob", "target": "100", "gin_bonus": "25",
         "undercut_bonus": "25", "big_gin_bonus": "31", "box_bonus": "20",
         "game_bonus": "100", "first_dealer": "0"}
NOTICE = "could not be read, so it was set aside"
HTML = {"accept": "text/html"}

# kind: (the corruption, the table whose row is set aside; None: nothing needs to be)
CORRUPTIONS: dict[str, tuple[str, str | None]] = {
    "hand log cut short": ("UPDATE play_hand SET log = '[[0, \"discard'", "play_match"),
    "hand log with a card that is none": (
        "UPDATE play_hand SET log = '[[0, \"discard ZZ\"]]'", "play_match"),
    "hand result of no kind": ("UPDATE play_hand SET kind = 'weird' WHERE finished",
                               "play_match"),
    "match rules cut short": ("UPDATE play_match SET rules = '{\"target\": '", "play_match"),
    "match rules out of range": ("UPDATE play_match SET rules = '{\"target\": -5}'",
                                 "play_match"),
    "match time not a time": ("UPDATE play_match SET created_at = 'not a time'",
                              "play_match"),
    "match level unknown": ("UPDATE play_match SET level = 'grandmaster'", "play_match"),
    "seat time not a time": ("UPDATE play_seat SET updated_at = 'garbage'", "play_seat"),
    "seat selected card that is none": ("UPDATE play_seat SET selected = 'ZZ'", "play_seat"),
    "seat sort of no kind": ("UPDATE play_seat SET sort = 'weird'", None),
    "lesson steps not a number": ("UPDATE learn_lesson SET done = 'many'", "learn_lesson"),
    "lesson time not a time": ("UPDATE learn_lesson SET updated_at = 'x'", "learn_lesson"),
    "score sheet cut short": ("UPDATE score_sheet SET document = '{\"names\": '",
                              "score_sheet"),
    "score sheet undo stack cut short": ("UPDATE score_sheet SET redo = '[{'", "score_sheet"),
    "review ratings cut short": ("UPDATE hand_review SET ratings = '[{'", "hand_review"),
    "review ratings of no shape": ("UPDATE hand_review SET ratings = '[{\"x\": 1}]'",
                                   "hand_review"),
    "practice log cut short": ("UPDATE practice_hand SET log = '[[0'", "practice_hand"),
    "display settings time not a time": ("UPDATE display_prefs SET updated_at = 'x'",
                                         "display_prefs"),
    "display setting of no choice": ("UPDATE display_prefs SET theme = 'purple'", None),
    "session time not a time": ("UPDATE browser_session SET last_seen = 'garbage'",
                                "browser_session"),
}


@pytest.fixture
def owner(app: FastAPI) -> Iterator[tuple[TestClient, dict[str, Any]]]:
    """A browser owning a row of every kind: a match with a finished hand (reviewed) and
    one in progress, a practice hand, a shared hand, a score sheet with an undo, display
    settings, a daily hand, a lesson, a recovery code."""
    with TestClient(app, raise_server_exceptions=False) as client:
        client.get("/play")
        assert client.post("/play/new", data={"level": "easy"}).status_code == 200
        played = finish_hand(app, client)
        practice = client.post(
            f"/play/history/{played['match_id']}/{played['number']}/practice",
            data={"step": str(played["step"])})
        assert practice.status_code == 200, practice.text[:300]
        shared = client.post(f"/play/history/{played['match_id']}/{played['number']}/share")
        assert shared.status_code == 200, shared.text[:300]  # a shared hand's link
        assert client.post("/score", data=SHEET).status_code == 200
        sid = session_id_of(client)
        with Session(app.state.engine) as db:
            sheet = db.exec(select(ScoreSheetRow).where(ScoreSheetRow.session_id == sid)).one()
        with app.state.engine.begin() as conn:
            conn.exec_driver_sql(
                "INSERT INTO hand_review (match_id, number, seat, status, ratings, created_at) "
                "SELECT match_id, number, 0, 'done', '[]', created_at FROM play_hand "
                "WHERE finished")
            conn.exec_driver_sql(
                "INSERT INTO display_prefs (session_id, card_size, deck, theme, motion, "
                "computer_speed, card_back, felt, sound, vibration, updated_at) VALUES "
                "(?, 'large', 'four', 'dark', 'reduced', 'slow', 'blue', 'grey', 'off', "
                "'off', '2026-01-01 00:00:00')", (sid,))
            conn.exec_driver_sql("UPDATE score_sheet SET redo = '[]'")
            # Today's daily hand, begun (as its first tap stores it).
            conn.exec_driver_sql(
                "INSERT INTO daily_play (session_id, day, attempt, log, version, sort, "
                "started_at) VALUES (?, ?, 1, '[]', 1, 'rank', '2026-01-01 00:00:00')",
                (sid, days.today().isoformat()))
        _train(app, client, sid)  # a drill question and today's puzzle answered
        assert client.post("/learn/start", data={"back": "/"}).status_code == 200  # a lesson
        assert client.post("/devices/recovery").status_code == 200  # a recovery code
        event = an_event(client)  # hosted (event_host) and played (event_player)
        assert client.post(f"/events/{event}/join", data={"name": "Ann"},
                           follow_redirects=False).status_code == 303
        season = a_season(client)  # hosted (season_host), holding the event (season_event)
        assert client.post(f"/seasons/{season}/attach", data={"event": event},
                           follow_redirects=False).status_code == 303
        yield client, {"sheet_id": sheet.id, "number": played["number"],
                       "token": sheet.share_token, "slug": "knocking",
                       "match_id": played["match_id"], "event_slug": event,
                       "season_slug": season}


def _train(app: FastAPI, client: TestClient, sid: str) -> None:
    """The browser's finished hand rated (all blunders), one drill question answered
    (drill_card, drill_day) and today's puzzle, made from that hand, answered
    (puzzle_answer, puzzle_rating)."""
    mark_mistakes(app.state.engine, sid)
    page = client.get("/train").text
    item = re.search(r'name="item" value="([^"]+)"', page)
    version = re.search(r'name="version" value="(\d+)"', page)
    move = re.search(r'name="move" value="([^"]+)"', page)
    assert item and version and move, page[:300]
    assert client.post("/train/answer", data={"item": item.group(1), "version": version.group(1),
                                              "move": move.group(1)}).status_code == 200
    day = puzzle.today()
    with Session(app.state.engine) as db:
        candidate = puzzle.eligible(db, day)[0]
        game = db.get(PlayMatch, candidate.match_id)
        assert game is not None
        facts = hist.hand_facts(db, sid, candidate.match_id, candidate.number)
    ranked = puzzle.rank_decision(facts.rules.to_dict(), facts.seed, facts.number,
                                  facts.dealer, facts.scores, list(facts.log),
                                  candidate.seat, candidate.index)
    assert ranked is not None
    spot, choices = ranked
    with Session(app.state.engine) as db:
        db.add(DailyPuzzle(day=day, source=candidate.source, spot=spot, choices=choices,
                           best=str(choices[0][0])))
        db.commit()
    assert client.post("/train/puzzle", data={"day": day.isoformat(),
                                              "move": str(choices[0][0])}).status_code == 200


def every_page(app: FastAPI, params: dict[str, Any]) -> list[str]:
    return [p for p in filled_paths(app, "GET", params) if p != "/play/events"]


@pytest.mark.parametrize("kind", list(CORRUPTIONS))
def test_an_unreadable_row_is_set_aside_and_its_owner_starts_afresh(
    app: FastAPI, owner: tuple[TestClient, dict[str, Any]], kind: str,
    caplog: pytest.LogCaptureFixture,
) -> None:
    client, params = owner
    sql, table = CORRUPTIONS[kind]
    engine = app.state.engine
    with engine.begin() as conn:
        conn.exec_driver_sql(sql)
    storage.forget_cache()  # as after a restart: the row is read from the database

    with caplog.at_level(logging.WARNING, logger="app.setaside"):
        first = client.get("/play", headers=HTML)
        failures, told = {}, []
        for path in ["/play", "/play/new", "/learn", *every_page(app, params)]:
            answer = client.get(path, headers=HTML)
            if answer.status_code >= 500:
                failures[path] = answer.status_code
            if NOTICE in answer.text:
                told.append(path)
    assert failures == {}, failures
    assert first.status_code == 200
    with Session(engine) as db:
        kept = db.exec(select(SetAsideRow)).all()
    if table is None:  # read with the defaults: nothing had to go
        assert kept == [] and told == []
        return
    if NOTICE in first.text:
        told.insert(0, "/play")
    assert len(told) == 1, told  # the page that met the row says so, once
    assert NOTICE not in client.get(told[0], headers=HTML).text
    # Every row the corruption reached (one, or two reviews when both hands' analyses
    # were stored in time), and only those.
    assert kept and {row.table_name for row in kept} == {table}
    for row in kept:
        assert row.session_id == session_id_of(client)
        assert json.loads(row.data)["row"]  # kept for the operator, as it was
        assert any(row.row_key in r.getMessage() for r in caplog.records)  # logged, with its id
    # A fresh table: a new match starts, and the pages keep working.
    if table in ("play_match", "play_seat"):
        assert told == ["/play"] and 'name="level"' in first.text  # the New match form
        seat = json.loads(kept[0].data)["row"]
        version = seat.get("version", 0) if table == "play_seat" else 0
        again = client.post("/play/new", data={"level": "easy", "version": str(version)})
        assert again.status_code == 200
        assert 'id="table"' in again.text
        if table == "play_match":
            assert {"play_hand", "play_seat"} <= set(json.loads(kept[0].data)["with"])


def test_a_tap_on_an_unreadable_match_gets_the_new_match_form(
    app: FastAPI, owner: tuple[TestClient, dict[str, Any]]
) -> None:
    client, _ = owner
    with app.state.engine.begin() as conn:
        conn.exec_driver_sql("UPDATE play_hand SET log = '[[0, \"discard'")
    storage.forget_cache()
    tap = client.post("/play", data={"action": "draw_stock", "version": "1"},
                      headers={"HX-Request": "true"})
    assert tap.status_code == 200
    assert tap.url.path == "/play"  # sent back to the page, now with a fresh table


def test_an_unreadable_friend_match_is_set_aside_for_both_players(app: FastAPI) -> None:
    host, guest, _ = start_friend_match(app)
    with app.state.engine.begin() as conn:
        conn.exec_driver_sql("UPDATE play_match SET names = '[\"Ann\", ' WHERE friend")
    storage.forget_cache()
    for client in (guest, host):
        page = client.get("/play", headers=HTML)
        assert page.status_code == 200
        assert 'name="level"' in page.text or NOTICE in page.text
        assert client.get("/play/pulse").status_code < 500
    with Session(app.state.engine) as db:
        assert [r.table_name for r in db.exec(select(SetAsideRow)).all()] == ["play_match"]


READ_BY_KEY_ONLY = frozenset({"browser_token"})
"""Owned tables no page loads as rows: a cookie's hash is looked up for its session id
alone (``app.web.sessions.session_id_for``), so no other column of it is ever read."""


THE_OPERATORS = frozenset({"bot_account"})
"""Tables with an owner column that no browser's cookie ever opens: a bot's account
belongs to a history made for the bot by the operator (``python -m app bot add``), and a
bot's requests carry its token, never a cookie, so no page of a browser reads it."""


def owned_tables() -> list[str]:
    """Every table a browser owns (``app.core.setaside``'s rule: an owner column, or the
    session row itself), read from the models: a new table is covered as it is added."""
    return sorted(table.name for table in SQLModel.metadata.sorted_tables
                  if table.name != SetAsideRow.__tablename__
                  and table.name not in THE_OPERATORS
                  and (table.name == "browser_session"
                       or any(name in table.c for name in setaside.OWNER_COLUMNS)))


def _wrong_value(table: Table) -> tuple[str, str]:
    """A column of ``table`` to corrupt and the garbage for it: a time that is not a
    time, else JSON cut short, else text in a number's place."""
    columns = [column for column in table.c if not column.primary_key
               and not column.foreign_keys]
    for kind, garbage in ((DateTime, "not a time"), (JSON, '{"cut'), (Integer, "many")):
        for column in columns:
            if isinstance(getattr(column.type, "impl", column.type), kind):
                return column.name, garbage
    raise AssertionError(f"{table.name} has no column this test knows how to corrupt")


@pytest.mark.parametrize("table_name", owned_tables())
def test_an_unreadable_row_of_every_table_a_browser_owns_is_set_aside(
    app: FastAPI, owner: tuple[TestClient, dict[str, Any]], table_name: str,
) -> None:
    client, params = owner
    sid = session_id_of(client)
    table = SQLModel.metadata.tables[table_name]
    mine = setaside._owned(table, sid)  # noqa: SLF001 - the module's own rule of ownership
    engine = app.state.engine
    with engine.begin() as conn:
        assert conn.execute(select_rows(table).where(mine)).first(), \
            f"the test's browser owns no {table_name} row: make one above"
        column, garbage = _wrong_value(table)
        conn.execute(table.update().where(mine).values({column: literal(garbage)}))
    storage.forget_cache()  # as after a restart: the row is read from the database

    failures, told = {}, []
    for path in ["/play", "/learn", "/daily", "/devices", *every_page(app, params)]:
        answer = client.get(path, headers=HTML)
        if answer.status_code >= 500:
            failures[path] = answer.status_code
        if NOTICE in answer.text:
            told.append(path)
    assert failures == {}, failures
    if table_name in READ_BY_KEY_ONLY:
        # Never loaded as a row: the garbage is never read, and the browser keeps its
        # history (it is not made to start afresh for a column no page reads).
        assert session_id_of(client) == sid and not told
        return
    with Session(engine) as db:
        kept = {row.table_name for row in db.exec(select(SetAsideRow)).all()}
    assert table_name in kept, (column, told)
    assert told, "the browser was told"
