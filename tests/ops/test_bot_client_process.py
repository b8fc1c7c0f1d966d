"""The bot protocol end to end between processes (docs/bots.md): the operator admits a
bot with ``python -m app bot add`` (the token printed once, only its hash stored), a
real server runs with ``BOTS=true``, and ``tools/bot_client.py`` (standard library
only) joins a browser's invite and plays the whole friend match to its end."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import httpx
from sqlmodel import Session, select

from app.core.botaccounts import token_hash
from app.core.db import create_db_engine
from app.core.models import BotAccount, PlayMatch
from app.table.storage import load
from app.web.sessions import COOKIE_NAME, read_session_id
from tests.support.bots import CLIENT, INVITE
from tests.support.friends import choose
from tests.support.hardening import action_form
from tests.support.servers import ROOT, LiveServer, sqlite_url
from tests.support.waiting import wait_until


def _bot_command(db_url: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "app", "bot", *args], cwd=ROOT, text=True,
                          capture_output=True, timeout=60,
                          env={**os.environ, "DATABASE_URL": db_url}, check=False)


def test_the_operator_admits_a_bot_whose_token_is_printed_once_and_stored_as_a_hash(
        tmp_path: Path, migrated_template: Path) -> None:
    path = tmp_path / "gin.db"
    shutil.copyfile(migrated_template, path)
    added = _bot_command(sqlite_url(path), "add", "Sample")
    assert added.returncode == 0, added.stderr
    token = added.stdout.strip().splitlines()[-1]
    assert token.startswith("gbot_") and "BOTS=true" in added.stderr  # off by default
    assert token.encode() not in path.read_bytes()
    engine = create_db_engine(sqlite_url(path))
    with Session(engine) as db:
        assert [row.token_hash for row in db.exec(select(BotAccount)).all()] == [
            token_hash(token)]
    engine.dispose()
    again = _bot_command(sqlite_url(path), "add", "Sample")
    assert again.returncode == 1 and "exists" in again.stderr
    listed = _bot_command(sqlite_url(path), "list")
    assert listed.stdout.startswith("Sample\tactive") and token not in listed.stdout
    assert _bot_command(sqlite_url(path), "revoke", "Sample").returncode == 0
    assert "revoked" in _bot_command(sqlite_url(path), "list").stdout


def test_the_sample_client_plays_a_whole_friend_match_against_a_browser_on_a_live_server(
        tmp_path: Path, migrated_template: Path,
        start_server: Callable[..., LiveServer]) -> None:
    path = tmp_path / "gin.db"
    shutil.copyfile(migrated_template, path)
    db_url = sqlite_url(path)
    token = _bot_command(db_url, "add", "Sample").stdout.strip().splitlines()[-1]
    server = start_server(db_url=db_url, env={"BOTS": "true"})
    engine = create_db_engine(db_url)
    with httpx.Client(base_url=server.url, timeout=30) as host:
        host.post("/play/friend", data={"name": "Ann", "version": "0"})
        found = INVITE.search(host.get("/play").text)
        assert found is not None
        host_sid = read_session_id(engine, host.cookies.get(COOKIE_NAME))
        assert host_sid is not None
        bot = subprocess.Popen(
            [sys.executable, str(CLIENT), "--server", server.url,
             "--invite", f"{server.url}/play/friend/{found.group(1)}"],
            env={**os.environ, "GIN_BOT_TOKEN": token}, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True)
        try:
            def host_to_move() -> tuple[int, int, str] | str | None:
                if bot.poll() is not None:
                    return "ended"
                with Session(engine) as db:
                    loaded = load(db, host_sid)
                    if loaded is None or loaded.match.over or loaded.match.hand.to_play != 0 \
                            or loaded.match.hand.phase.value == "over":
                        return None
                    assert loaded.game.id is not None
                    return loaded.game.id, loaded.game.version, choose(loaded.match, 0)

            moves = 0
            while True:
                found_move = wait_until(host_to_move, timeout=120,
                                        what="the host's turn or the bot's end")
                if found_move == "ended":
                    break
                assert isinstance(found_move, tuple)
                match_id, version, text = found_move
                answer = host.post("/play", data={**action_form(text, version),
                                                  "match": str(match_id)})
                assert answer.status_code in (303, 409), answer.text[:300]  # 409: a race
                moves += 1
            out, err = bot.communicate(timeout=30)
        finally:
            if bot.poll() is None:
                bot.kill()  # our own child, by its handle
                bot.wait()
    assert bot.returncode == 0, (out, err)
    assert "joined match" in out and "over: the bot" in out.splitlines()[-1], out
    with Session(engine) as db:
        game = db.exec(select(PlayMatch).where(PlayMatch.friend)).one()
        assert game.over and game.bot_seats == [False, True] and moves > 10
    engine.dispose()
