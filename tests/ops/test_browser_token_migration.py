"""Migration 0025 (browser tokens): a browser of an upgraded install keeps its history with
the cookie it already holds, the old id (that cookie) is stored nowhere any more, every
row that referred to it follows the history to its new id, and the way down leaves the
histories in place without a token. On SQLite and, where a server is reachable, on
PostgreSQL (foreign keys enforced while the rows move)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, create_engine, inspect, text

from alembic import command
from app.core.config import Settings
from app.core.db import alembic_config
from app.devices.codes import CodeKind, code_hash, new_code
from app.engine import HOUSE
from app.main import create_app
from app.score.sheet import ScoreSheet, SheetOptions
from app.web.sessions import COOKIE_NAME, new_token
from tests.ops.test_postgres import postgres_server, postgres_url  # noqa: F401
from tests.support.browsers import session_id_of, stored_with

WHEN = "2026-11-30 10:00:00.000000"


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database: a SQLite file, or a PostgreSQL schema of the test's own."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'old.db'}"
    return str(request.getfixturevalue("postgres_url"))


def _no_dangling_keys(engine: Engine) -> None:
    """Every foreign key of every row points at a row (PostgreSQL enforces them)."""
    if engine.dialect.name == "sqlite":
        with engine.connect() as conn:
            assert conn.execute(text("PRAGMA foreign_key_check")).all() == []


def _at_0024(url: str, ann: str, bob: str, recovery: str) -> None:
    """A database at 0024 as 0.4 left it: two browsers whose ids are their cookies, Ann
    with settings, a score sheet, a recovery code, a lesson, a friend match she invited
    Bob to (both seats) and a row set aside; Bob with his seat."""
    command.upgrade(alembic_config(url), "0024")
    engine = create_engine(url)
    sheet = ScoreSheet.new(SheetOptions(), ["Zebedee", "Quintessa"]).to_json()
    try:
        with engine.begin() as conn:
            def run(sql: str, **values: object) -> None:
                conn.execute(text(sql), {"at": WHEN, **values})
            for sid in (ann, bob):
                run("INSERT INTO browser_session (id, created_at, last_seen) "
                    "VALUES (:id, :at, :at)", id=sid)
            run("INSERT INTO display_prefs (session_id, card_size, deck, theme, motion, "
                "computer_speed, card_back, felt, sound, vibration, language, updated_at) "
                "VALUES (:sid, 'normal', 'two', 'dark', 'device', 'normal', 'red', 'green', "
                "'off', 'off', 'auto', :at)", sid=ann)
            run("INSERT INTO score_sheet (session_id, share_token, title, document, "
                "version, created_at, updated_at) VALUES (:sid, 'share-me', 'Evening', "
                ":doc, 0, :at, :at)", sid=ann, doc=sheet)
            run("INSERT INTO access_code (code_hash, session_id, kind, created_at) "
                "VALUES (:hash, :sid, 'recovery', :at)", hash=code_hash(recovery), sid=ann)
            run("INSERT INTO learn_lesson (session_id, done, version, sort, back, "
                "offer_closed, updated_at) VALUES (:sid, 2, 2, 'rank', '/', :closed, :at)",
                sid=ann, closed=True)
            run("INSERT INTO play_match (id, session_id, guest_session_id, rules, "
                "first_dealer, level, client_seed, hands, over, friend, names, "
                "guest_client_seed, hints_used, version, created_at, updated_at) VALUES "
                "(1, :ann, :bob, :rules, 1, 'standard', 'seed', 0, :over, :friend, "
                ":names, '', 0, 3, :at, :at)", ann=ann, bob=bob,
                rules=json.dumps(HOUSE.to_dict()), over=True, friend=True,
                names=json.dumps(["Ann", "Bob"]))
            for sid in (ann, bob):
                run("INSERT INTO play_seat (session_id, match_id, version, opened_at, sort, "
                    "computer_said, updated_at) VALUES (:sid, 1, 3, :at, 'rank', '', :at)",
                    sid=sid)
            run("INSERT INTO set_aside_row (table_name, row_key, session_id, reason, data, "
                "created_at) VALUES ('display_prefs', :key, :sid, 'test', :data, :at)",
                key=json.dumps({"session_id": ann}), sid=ann,
                data=json.dumps({"row": {"session_id": ann, "theme": "?"}, "with": {}}))
    finally:
        engine.dispose()


def test_an_upgraded_browser_keeps_its_history_and_its_cookie_is_stored_nowhere(
        url: str) -> None:
    ann, bob = new_token(), new_token()  # before 0025 a session's id was its cookie
    recovery = new_code(CodeKind.RECOVERY)
    _at_0024(url, ann, bob, recovery)
    command.upgrade(alembic_config(url), "head")
    engine = create_engine(url)
    try:
        assert stored_with(engine, [ann, bob]) == []
        _no_dangling_keys(engine)
        with engine.connect() as conn:
            hashes = set(conn.execute(text("SELECT token_hash FROM browser_token")).scalars())
            ids = set(conn.execute(text("SELECT id FROM browser_session")).scalars())
            aside = conn.execute(text("SELECT session_id, data FROM set_aside_row")).one()
        assert hashes == {hashlib.sha256(c.encode()).hexdigest() for c in (ann, bob)}
        assert len(ids) == 2 and aside.session_id in ids and aside.session_id in aside.data
    finally:
        engine.dispose()
    app = create_app(Settings(database_url=url, analyse_hands=False))
    with TestClient(app) as old_ann, TestClient(app) as new_device:
        old_ann.cookies.set(COOKIE_NAME, ann, domain="testserver.local")
        assert 'data-theme="dark"' in old_ann.get("/").text
        assert "Zebedee" in old_ann.get("/score").text
        assert old_ann.cookies[COOKIE_NAME] == ann  # the same cookie (its Max-Age renewed)
        mine = old_ann.get("/privacy/data.json")
        (friend_match,) = mine.json()["tables"]["play_match"]
        assert (friend_match["session_id"], friend_match["guest_session_id"]) == ("you", "Bob")
        assert ann not in mine.text and bob not in mine.text
        # Her recovery code, made before the upgrade, opens the history on a new device.
        new_device.get("/")
        assert new_device.post("/devices/join", data={"code": recovery},
                               follow_redirects=False).status_code == 303
        assert "Zebedee" in new_device.get("/score").text
        assert session_id_of(new_device) == session_id_of(old_ann)
    assert stored_with(app.state.engine, [ann, bob]) == []


def test_the_way_down_keeps_the_histories_without_their_tokens(url: str) -> None:
    ann, bob = new_token(), new_token()
    _at_0024(url, ann, bob, new_code(CodeKind.RECOVERY))
    config = alembic_config(url)
    command.upgrade(config, "head")
    command.downgrade(config, "0024")
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            ids = set(conn.execute(text("SELECT id FROM browser_session")).scalars())
            owners = set(conn.execute(text("SELECT session_id FROM play_seat")).scalars())
        assert len(ids) == 2 and owners == ids and not ids & {ann, bob}
        assert "browser_token" not in inspect(engine).get_table_names()
    finally:
        engine.dispose()
    command.upgrade(config, "head")  # and up again
