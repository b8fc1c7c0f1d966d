"""Play a friend on SQLite with more than one server process: a move stored by one
process reaches the other player's Server-Sent Events stream served by another
(``PRAGMA data_version``, checked every ``app.friend.live.POLL_SECONDS`` by a process
with open tables), with two processes on one file and with ``WORKERS=2``.

Each move must arrive before the stream's own periodic look at the match
(``app.friend.stream.PING_SECONDS``) could have brought it: that bound is what tells the
mechanism from the fallback, not a speed limit (the poll is a fraction of a second).
"""

from __future__ import annotations

import contextlib
import queue
import re
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from sqlalchemy import create_engine

from app.friend.stream import PING_SECONDS
from tests.support.browsers import session_id_of
from tests.support.friends import Stream, tap_next
from tests.support.servers import LiveServer, sqlite_url

MOVES = 6
"""Moves played (each one waited for on the other stream), or until the hand ends."""
WITHIN = PING_SECONDS * 0.8
"""Seconds a move may take to reach the other stream: less than the periodic look."""


def arrives(stream: Stream, version: int) -> float:
    """Seconds until ``stream`` tells ``version`` (or later); fails after :data:`WITHIN`."""
    started = time.monotonic()
    while True:
        left = WITHIN - (time.monotonic() - started)
        try:
            data = stream.events.get(timeout=max(left, 0.01))
        except queue.Empty:
            pytest.fail(f"version {version} did not reach the other stream "
                        f"within {WITHIN:g} s")
        if int(data.split("-")[0]) >= version:
            return time.monotonic() - started


@pytest.fixture
def database(tmp_path: Path, migrated_template: Path) -> str:
    path = tmp_path / "gin.db"
    shutil.copyfile(migrated_template, path)
    return sqlite_url(path)


@contextlib.contextmanager
def servers(db_url: str, *envs: dict[str, str]) -> Iterator[list[LiveServer]]:
    started = [LiveServer(db_url=db_url, env=env) for env in envs]
    try:
        yield [server.start() for server in started]
    finally:
        for server in started:
            server.stop()
            server.log.close()


def play_moves(db_url: str, ann: httpx.Client, bob: httpx.Client) -> list[float]:
    """Ann invites, Bob joins; then each move reaches the other player's stream."""
    ann.get("/")
    assert ann.post("/play/friend", data={"name": "Ann", "version": "0"}).status_code == 303
    found = re.search(r"/play/friend/([A-Za-z0-9_-]{32})", ann.get("/play").text)
    assert found
    bob.get("/")
    assert bob.post(f"/play/friend/{found.group(1)}", data={"name": "Bob"}).status_code == 303
    clients = (ann, bob)
    streams = (Stream(ann, "/play/events"), Stream(bob, "/play/events"))
    engine = create_engine(db_url)
    latencies = []
    try:
        for stream in streams:  # each stream's first look at the match
            stream.events.get(timeout=60)
        for _ in range(MOVES):
            moved = tap_next(engine, session_id_of(ann, engine), clients)
            if moved is None:
                break
            player, version = moved
            latencies.append(arrives(streams[1 - player], version + 1))
    finally:
        for stream in streams:
            stream.close()
        engine.dispose()
    assert latencies
    latencies.sort()
    print(f"move to the other process's stream: {len(latencies)} moves, "
          f"p50 {latencies[len(latencies) // 2]:.3f} s, max {latencies[-1]:.3f} s")
    return latencies


def test_two_processes_on_one_sqlite_file_tell_each_other_the_moves(database: str) -> None:
    with servers(database, {}, {}) as (a, b), \
            httpx.Client(base_url=a.url, timeout=30) as ann, \
            httpx.Client(base_url=b.url, timeout=30) as bob:
        play_moves(database, ann, bob)


def test_with_two_workers_on_sqlite_every_move_reaches_the_other_stream(
        database: str) -> None:
    with servers(database, {"WORKERS": "2"}) as (server,), \
            httpx.Client(base_url=server.url, timeout=30) as ann, \
            httpx.Client(base_url=server.url, timeout=30) as bob:
        play_moves(database, ann, bob)
