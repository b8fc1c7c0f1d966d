"""How a friend's move reaches the other table (app/friend/live.py): a move is
announced with the match's new version, and the event stream passes it on without
reading the database; any other change is read from the match."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlmodel import Session

from app.core.models import PlayMatch
from app.engine import MatchState
from app.friend import invites as friend
from app.friend import live
from app.friend.stream import events as _stream
from tests.support.browsers import session_id_of
from tests.support.friends import choose
from tests.support.servers import run_async
from tests.web.friend.test_friend import browser, start, stored_match


def _pulses_counted(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    calls: list[bool] = []
    real = friend.pulse

    def counted(engine: Any, match_id: int, seat: int, touch: bool) -> friend.Pulse | None:
        calls.append(touch)
        return real(engine, match_id, seat, touch)

    monkeypatch.setattr(friend, "pulse", counted)
    return calls


def _started(app: FastAPI, monkeypatch: pytest.MonkeyPatch) -> tuple[
        tuple[TestClient, TestClient], PlayMatch, MatchState, list[bool]]:
    """A friend match just started: both browsers, its row and state, and the list of
    the database reads (pulses) its streams make from now on."""
    host, guest, _ = start(app)
    game, match = stored_match(app, host)
    assert game.id is not None
    return (host, guest), game, match, _pulses_counted(monkeypatch)


def test_a_move_reaches_the_other_stream_with_its_version_and_no_database_read(
        app: FastAPI, monkeypatch: pytest.MonkeyPatch) -> None:
    browsers, game, match, pulses = _started(app, monkeypatch)
    mover = browsers[match.hand.to_play]

    async def watch() -> list[str]:
        stream = _stream(app.state.engine, game.id, 1 - match.hand.to_play)
        got = [await anext(stream), await anext(stream)]  # retry, then the table as stored
        # The move is made by a request in the threadpool, as the app does.
        await asyncio.to_thread(
            mover.post, "/play", data={"action": choose(match, match.hand.to_play),
                                       "version": str(game.version)},
            headers={"HX-Request": "true"})
        got.append(await asyncio.wait_for(anext(stream), 10))
        await stream.aclose()
        return got

    retry, first, moved = run_async(watch())
    assert retry.startswith("retry:")
    assert first == f"event: move\ndata: {game.version}-0\n\n"
    assert moved == f"event: move\ndata: {game.version + 1}-0\n\n"
    assert pulses == [True]  # only the first look read (and touched) the match


def test_a_change_without_a_version_is_read_from_the_match(
        app: FastAPI, monkeypatch: pytest.MonkeyPatch) -> None:
    _browsers, game, _match, pulses = _started(app, monkeypatch)

    async def watch() -> tuple[str, str]:
        stream = _stream(app.state.engine, game.id, 0)
        await anext(stream)
        first = await anext(stream)
        live.wake(game.id)  # a change that wrote no version (an invite's end, say)
        second = await asyncio.wait_for(anext(stream), 10)
        await stream.aclose()
        return first, second

    first, second = run_async(watch())
    assert first == f"event: move\ndata: {game.version}-0\n\n"
    assert second == ": ping\n\n"  # read again: nothing new to tell
    assert pulses == [True, False]


def test_a_browser_without_a_friend_match_has_nothing_to_watch(app: FastAPI) -> None:
    stranger = browser(app)
    with Session(app.state.engine) as db:
        assert friend.watched_match(db, session_id_of(stranger)) is None


def test_idle_streams_make_no_database_write_nor_read(
        app: FastAPI, monkeypatch: pytest.MonkeyPatch) -> None:
    # Two idle tables ping many times: after the first look neither touches the
    # database; presence is kept in memory (app.friend.presence) and written in one
    # batch by the app, not by the streams.
    from sqlalchemy import event

    from app.friend import presence, stream

    _browsers, game, _match, _pulses = _started(app, monkeypatch)
    engine = app.state.engine
    statements: list[str] = []
    monkeypatch.setattr(stream, "PING_SECONDS", 0.001)

    def seen(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        statements.append(statement)

    async def idle() -> tuple[list[str], list[str]]:
        tables = [_stream(engine, game.id, seat) for seat in (0, 1)]
        for table in tables:
            await anext(table)  # retry
            await anext(table)  # the first look: one read
        event.listen(engine, "before_cursor_execute", seen)
        try:
            pings = [await asyncio.wait_for(anext(table), 10)
                     for _ in range(20) for table in tables]
        finally:
            event.remove(engine, "before_cursor_execute", seen)
        assert presence.is_open_here(engine, game.id, 0)
        for table in tables:
            await table.aclose()
        return pings, list(statements)

    pings, during = run_async(idle())
    assert set(pings) == {": ping\n\n"}
    assert during == []
    assert presence.flush(engine) >= 2  # the batch writes both seats, once
    with Session(engine) as db:
        stored = db.get(PlayMatch, game.id)
        assert stored is not None and stored.host_seen_at and stored.guest_seen_at
