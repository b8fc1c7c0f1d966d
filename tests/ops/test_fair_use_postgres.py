"""Fair use across two app instances on one PostgreSQL (app.core.sharedrates): a browser
whose requests go to both instances in turn meets one limit, not one per instance, and
so does a client address whatever its cookies. The counters are in the shared table
``fair_use_counter``, under hashed keys: no cookie or address is written there; a flood
already refused is refused from memory, without a query.

Needs PostgreSQL (``TEST_POSTGRES_URL``; skipped without, like ``tests/ops/test_postgres.py``
whose fixtures start the two servers with the environment set here).
"""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from sqlalchemy import create_engine, event, text

from app.core.fairuse import Rate
from app.core.models import FairUseCounter
from app.core.sharedrates import SqlRates, hashed
from app.web.sessions import COOKIE_NAME
from tests.ops.test_postgres import (  # noqa: F401  (fixtures)
    Server,
    postgres_server,
    postgres_url,
    two_servers,
)

pytestmark = pytest.mark.postgres


@pytest.fixture
def small_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    """Three statistics a browser, five an address, for the servers started after it."""
    monkeypatch.setenv("LIMIT_EXPORTS_PER_BROWSER", "3/10 minutes")
    monkeypatch.setenv("LIMIT_EXPORTS_PER_ADDRESS", "5/10 minutes")


@pytest.fixture
def browsers() -> Iterator[list[httpx.Client]]:
    opened: list[httpx.Client] = []
    yield opened
    for client in opened:
        client.close()


def test_two_instances_share_the_limits_of_a_browser_and_of_an_address(
        small_limits: None, postgres_url: str,  # noqa: F811
        two_servers: tuple[Server, Server],  # noqa: F811
        browsers: list[httpx.Client]) -> None:
    a, b = two_servers

    def browser() -> httpx.Client:
        client = httpx.Client(timeout=30)
        browsers.append(client)
        client.get(f"{a.base_url}/")
        assert COOKIE_NAME in client.cookies
        return client

    ann = browser()
    served = [ann.get(f"{server.base_url}/stats") for server in (a, b, a, b, a)]
    assert [answer.status_code for answer in served] == [200, 200, 200, 429, 429]
    assert all(int(answer.headers["retry-after"]) >= 1 for answer in served[3:])
    # Another cookie of the same address: the address has two of its five left.
    bob = browser()
    assert [bob.get(f"{server.base_url}/stats.json").status_code
            for server in (b, a, b)] == [200, 200, 429]
    third = browser()  # a new cookie meets the address's limit at once, on either
    assert third.get(f"{a.base_url}/stats.csv").status_code == 429
    assert third.get(f"{b.base_url}/stats.csv").status_code == 429
    engine = create_engine(postgres_url)
    try:
        with engine.connect() as conn:
            keys = conn.execute(text("SELECT key FROM fair_use_counter")).scalars().all()
    finally:
        engine.dispose()
    assert keys and not any(ann.cookies[COOKIE_NAME] in key or "127.0.0.1" in key
                            for key in keys)


def test_a_flood_refused_by_the_shared_counters_is_refused_from_memory(
        postgres_url: str) -> None:  # noqa: F811
    store = SqlRates(postgres_url)
    statements: list[str] = []
    try:
        FairUseCounter.__table__.create(store.engine)  # type: ignore[attr-defined]
        rate, other = Rate(2, 60), Rate(100, 60)
        events = [("exports:b:ann", rate), ("exports:a:10.0.0.1", other)]
        assert [store.hit(events) for _ in range(2)] == [0.0, 0.0]
        first = store.hit(events)
        assert first == pytest.approx(30.0, abs=1.0)  # one more every 30 s
        event.listen(store.engine, "before_cursor_execute",
                     lambda *args: statements.append(args[2]))
        assert all(store.hit(events) > 0 for _ in range(100))
        assert statements == []  # remembered: no query for the rest of the flood
        # Refused, nothing counted: the address has spent two of its hundred, not three.
        with store.engine.connect() as conn:
            period_left = conn.execute(text(
                "SELECT full_at - extract(epoch FROM statement_timestamp()) "
                "FROM fair_use_counter WHERE key = :key"),
                {"key": hashed("exports:a:10.0.0.1")}).scalar_one()
        assert period_left == pytest.approx(2 * 60 / 100, abs=0.5)
    finally:
        store.close()
