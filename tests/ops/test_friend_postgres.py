"""Play a friend across two app instances sharing PostgreSQL: the inviter
plays on server A, the friend on server B; every move made on one reaches the other
player's Server-Sent Events stream, served by the other instance (LISTEN/NOTIFY), and
a whole hand is played that way.

Needs PostgreSQL (``TEST_POSTGRES_URL``; skipped without, like ``tests/ops/test_postgres.py``
whose fixtures start the two servers). No timed assertion: the waits are generous and
the latency is printed; ``bench/friends.py`` measures it under load.
"""

from __future__ import annotations

import queue
import re
import threading
import time
from collections.abc import Iterator

import httpx
import pytest
from sqlalchemy import Engine, create_engine

from app.engine import Card, MatchState, Phase, deadwood_by_discard, legal_match_actions
from app.web.sessions import COOKIE_NAME
from tests.ops.test_postgres import (  # noqa: F401  (fixtures)
    Server,
    postgres_server,
    postgres_url,
    two_servers,
)
from tests.support.hardening import Replayer, action_form, stored_play

pytestmark = pytest.mark.postgres

EVENT_TIMEOUT = 15.0
"""Seconds to wait for an event (a loaded machine); the printed figures are the real ones."""


class Stream:
    """One browser's SSE connection: ``move`` events' data, read in a thread."""

    def __init__(self, client: httpx.Client, url: str) -> None:
        self.events: queue.Queue[str] = queue.Queue()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._read, args=(client, url), daemon=True)
        self._thread.start()

    def _read(self, client: httpx.Client, url: str) -> None:
        try:
            self._stream(client, url)
        except (httpx.HTTPError, RuntimeError):
            if not self._stop.is_set():  # the test closes its clients when it is done
                raise

    def _stream(self, client: httpx.Client, url: str) -> None:
        with client.stream("GET", url, timeout=httpx.Timeout(5, read=None)) as response:
            assert response.status_code == 200
            event = ""
            for line in response.iter_lines():
                if self._stop.is_set():
                    return
                if line.startswith("event: "):
                    event = line[7:]
                elif line.startswith("data: ") and event == "move":
                    self.events.put(line[6:])

    def wait_for_version(self, version: int) -> float:
        """Seconds until an event with ``version`` (or later) arrives."""
        started = time.monotonic()
        while True:
            left = EVENT_TIMEOUT - (time.monotonic() - started)
            data = self.events.get(timeout=max(left, 0.01))
            if int(data.split("-")[0]) >= version:
                return time.monotonic() - started

    def close(self) -> None:
        self._stop.set()


def choose(match: MatchState, player: int) -> str:
    actions = [str(a) for a in legal_match_actions(match, player)]
    for prefix in ("big_gin", "gin", "knock"):
        for action in actions:
            if action.startswith(prefix):
                return action
    discards = [a for a in actions if a.startswith("discard ")]
    if discards:
        left = deadwood_by_discard(match.hand.hands[player], match.rules)
        return min(discards, key=lambda a: left[Card.parse(a.split()[1])])
    return "draw_stock" if "draw_stock" in actions else actions[0]


def tap_next(engine: Engine, session_id: str,
             clients: tuple[httpx.Client, httpx.Client]) -> tuple[int, int] | None:
    """The player to move (seat 0 is ``session_id``'s) makes a sensible move through
    their own client; ``(that seat, the version it moved from)``, ``None`` once the hand
    is over."""
    row = stored_play(engine, session_id)
    assert row is not None
    match = Replayer.from_row(row).advance(row.log, row.seeds)
    if match.hand.phase is Phase.OVER:
        return None
    player = match.hand.to_play
    version = int(re.search(r'data-version="(\d+)"',  # type: ignore[union-attr]
                            clients[player].get("/play").text).group(1))
    response = clients[player].post("/play", data=action_form(
        choose(match, player), version), follow_redirects=False)
    assert response.status_code == 303, response.text[:500]
    return player, version


@pytest.fixture
def people(two_servers: tuple[Server, Server],  # noqa: F811
           ) -> Iterator[tuple[httpx.Client, httpx.Client]]:
    a, b = two_servers
    with httpx.Client(base_url=a.base_url, timeout=30) as ann, \
            httpx.Client(base_url=b.base_url, timeout=30) as bob:
        yield ann, bob


def test_a_hand_between_two_instances_reaches_each_player_live(
        postgres_url: str, people: tuple[httpx.Client, httpx.Client]) -> None:  # noqa: F811
    ann, bob = people
    ann.get("/")
    assert ann.post("/play/friend", data={"name": "Ann", "version": "0"}).status_code == 303
    found = re.search(r"/play/friend/([A-Za-z0-9_-]{32})", ann.get("/play").text)
    assert found
    ann_stream = Stream(ann, "/play/events")  # on server A, waiting for the friend
    bob.get("/")
    assert bob.post(f"/play/friend/{found.group(1)}", data={"name": "Bob"}).status_code == 303
    latencies = [ann_stream.wait_for_version(1)]  # the accept, made on server B
    bob_stream = Stream(bob, "/play/events")  # on server B
    clients, streams = (ann, bob), (ann_stream, bob_stream)
    engine = create_engine(postgres_url)
    try:
        session_id = ann.cookies[COOKIE_NAME]
        for _ in range(200):
            moved = tap_next(engine, session_id, clients)
            if moved is None:
                break
            player, version = moved
            latencies.append(streams[1 - player].wait_for_version(version + 1))
            page = clients[1 - player].get("/play").text
            assert f'data-version="{version + 1}"' in page
        else:
            pytest.fail("the hand did not end")
        for client in clients:
            assert 'class="result panel"' in client.get("/play").text
    finally:
        for stream in streams:
            stream.close()
        engine.dispose()
    latencies.sort()
    print(f"cross-instance move to the other stream: {len(latencies)} moves, "
          f"p50 {latencies[len(latencies) // 2]:.3f} s, max {latencies[-1]:.3f} s")
