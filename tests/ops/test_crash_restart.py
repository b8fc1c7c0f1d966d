"""A server killed with SIGKILL — idle, or in the middle of a burst of taps — restarts
with every session at its last committed position.

Several browsers play some moves; some are idle when the process is killed, others are
tapping as fast as they can. After the restart every idle browser's pages are byte for
byte what they were, and every busy browser's match is at least where the last answered
tap left it, its log extends the log it had, and it replays with the engine.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

import httpx
from sqlalchemy import Engine
from sqlmodel import Session, select

from app.core.db import create_db_engine
from app.core.models import ScoreSheetRow
from tests.support.browsers import session_id_of
from tests.support.hardening import Replayer, StoredPlay, random_form, stored_play
from tests.support.waiting import wait_until

if TYPE_CHECKING:
    from tests.support.servers import LiveServer

IDLE = 4
BUSY = 4
SETUP = {"players": "2", "name0": "Ann", "name1": "Bob", "target": "100", "gin_bonus": "25",
         "undercut_bonus": "25", "big_gin_bonus": "31", "box_bonus": "20",
         "game_bonus": "100", "first_dealer": "0"}


def _row(engine: Engine, session_id: str) -> StoredPlay:
    row = stored_play(engine, session_id)
    assert row is not None
    return row


def _play(client: httpx.Client, engine: object, session_id: str, moves: int,
          rng: random.Random) -> None:
    for _ in range(moves):
        row = _row(engine, session_id)
        match = Replayer.from_row(row).advance(row.log)
        if match.over:
            return
        response = client.post("/play", data=random_form(match, row.version, rng))
        assert response.status_code == 303, response.text[:300]


def test_sigkill_idle_and_mid_burst_then_every_session_resumes(
    start_server: Callable[..., LiveServer],
) -> None:
    server = start_server()
    engine = create_db_engine(server.db_url)
    rng = random.Random(99)
    clients = [httpx.Client(base_url=server.url, timeout=30) for _ in range(IDLE + BUSY)]
    try:
        ids = []
        for i, client in enumerate(clients):
            client.get("/")
            ids.append(session_id_of(client, engine))
            assert client.post("/play/new", data={"level": "easy"}).status_code == 303
            _play(client, engine, ids[-1], rng.randint(2, 12), rng)
            if i % 2 == 0:
                assert client.post("/score", data=SETUP).status_code == 303
        idle_pages = {
            ids[i]: [clients[i].get(path).text for path in ("/play", "/score")]
            for i in range(IDLE)
        }
        with Session(engine) as db:
            idle_sheets = {row.session_id: (row.document, row.version) for row in
                           db.exec(select(ScoreSheetRow)).all()}

        # The busy browsers tap as fast as they can; the server dies under them.
        confirmed: dict[str, tuple[int, list[list[object]]]] = {
            sid: (_row(engine, sid).version, _row(engine, sid).log) for sid in ids[IDLE:]
        }
        stop = threading.Event()
        tapped: dict[str, int] = dict.fromkeys(ids[IDLE:], 0)  # confirmed taps per browser

        def hammer(i: int) -> int:
            client, sid, my_rng = clients[i], ids[i], random.Random(i)
            taps = 0
            while not stop.is_set():
                row = _row(engine, sid)
                match = Replayer.from_row(row).advance(row.log)
                if match.over:
                    return taps
                try:
                    response = client.post("/play", data=random_form(match, row.version,
                                                                     my_rng))
                except httpx.TransportError:
                    return taps  # the server is gone
                if response.status_code == 303:
                    confirmed[sid] = (row.version + 1, _row(engine, sid).log)
                    taps += 1
                    tapped[sid] = taps
            return taps

        with ThreadPoolExecutor(BUSY) as pool:
            futures = [pool.submit(hammer, i) for i in range(IDLE, IDLE + BUSY)]
            # Killed mid-burst: once every busy browser has had taps confirmed, while
            # they go on tapping (or as soon as one of them stops, to see why).
            wait_until(lambda: min(tapped.values()) >= 3 or any(f.done() for f in futures),
                       timeout=120, what="three confirmed taps from each busy browser")
            server.kill()
            stop.set()
            taps = [f.result() for f in futures]
        assert sum(taps) > 0, "the busy browsers should have tapped before the kill"

        server.start()
        for i in range(IDLE):
            pages = [clients[i].get(path) for path in ("/play", "/score")]
            assert all("set-cookie" not in p.headers for p in pages)  # same session
            assert [p.text for p in pages] == idle_pages[ids[i]], f"idle browser {i} moved"
        with Session(engine) as db:
            sheets = {row.session_id: (row.document, row.version) for row in
                      db.exec(select(ScoreSheetRow)).all()}
        assert sheets == idle_sheets
        for sid in ids[IDLE:]:
            row = _row(engine, sid)
            version, log = confirmed[sid]
            assert row.version >= version
            assert row.log[:len(log)] == log
            match = Replayer.from_row(row).advance(row.log)  # replays with the engine
            page = clients[ids.index(sid)].get("/play")
            assert page.status_code == 200
            if not match.over:
                assert f'name="version" value="{row.version}"' in page.text
    finally:
        for client in clients:
            client.close()
        engine.dispose()
