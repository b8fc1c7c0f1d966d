"""Play a friend across two app instances sharing PostgreSQL: the inviter
plays on server A, the friend on server B; every move made on one reaches the other
player's Server-Sent Events stream, served by the other instance (LISTEN/NOTIFY), and
a whole hand is played that way.

Needs PostgreSQL (``TEST_POSTGRES_URL``; skipped without, like ``tests/ops/test_postgres.py``
whose fixtures start the two servers). No timed assertion: the waits are generous and
the latency is printed; ``bench/friends.py`` measures it under load.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import httpx
import pytest
from sqlalchemy import create_engine

from tests.ops.test_postgres import (  # noqa: F401  (fixtures)
    Server,
    postgres_server,
    postgres_url,
    two_servers,
)
from tests.support.browsers import session_id_of
from tests.support.friends import Stream, shows_result, tap_next

pytestmark = pytest.mark.postgres

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
        session_id = session_id_of(ann, engine)
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
            assert shows_result(client.get("/play").text)
    finally:
        for stream in streams:
            stream.close()
        engine.dispose()
    latencies.sort()
    print(f"cross-instance move to the other stream: {len(latencies)} moves, "
          f"p50 {latencies[len(latencies) // 2]:.3f} s, max {latencies[-1]:.3f} s")
