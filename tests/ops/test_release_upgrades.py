"""Every release upgrades: a database made by each release's own code
(``tests/data/releases/<version>/``, made by ``tools/release_fixture.py``) is upgraded to
head on SQLite and on PostgreSQL; then every page answers 200 for each of the release's
browsers (by the session cookie the release gave them), the data is what the release
stored (:func:`tools.release_fixture.facts`: match scores, hands, sheets, reviews,
settings, access codes) and the models equal the migrated schema.

Before migration 0024, a 0.3.0 database upgraded to head without 0014, 0015 and 0018 and
these pages answered 500 (docs/operating.md, "Upgrading")."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import psycopg
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine
from sqlalchemy.engine import make_url

from app.core.config import Settings
from app.core.db import run_migrations
from app.main import create_app
from app.web.sessions import COOKIE_NAME
from tests.ops.test_postgres import postgres_server, postgres_url  # noqa: F401  (fixtures)
from tests.support.migration_checks import differences_at_head
from tools.release_fixture import facts

RELEASES = Path(__file__).resolve().parents[2] / "tests" / "data" / "releases"
FIXTURES = sorted(path.name for path in RELEASES.iterdir() if (path / "fixture.json").exists())
PAGES = ("/", "/play", "/learn", "/play/history", "/stats", "/score", "/devices", "/privacy",
         "/privacy/data.json", "/daily", "/guide", "/settings")


def fixture(version: str) -> dict[str, Any]:
    """The release's ``fixture.json``: its browsers and facts."""
    loaded: dict[str, Any] = json.loads((RELEASES / version / "fixture.json").read_text())
    return loaded


def pages_of(browser: dict[str, Any], found: dict[str, Any]) -> list[str]:
    """Every page the browser should see: the fixed ones, each match in progress at the
    table, the report and finished hands of each of its matches that has some, each of
    its score sheets."""
    paths = list(PAGES)
    paths += [f"/play?match={m}" for m in browser["in_progress"]]
    for match in browser["matches"]:  # a match without a finished hand has no report
        finished = found["matches"][str(match)]["finished_hands"]
        paths += [f"/play/history/{match}"] if finished else []
        paths += [f"/play/history/{match}/{n}" for n in range(1, finished + 1)]
    paths += [f"/score/{sheet}" for sheet in browser["sheets"]]
    return paths


def check_upgraded(url: str, version: str) -> None:
    """Upgrade ``url`` (the release's database) to head and check it (module docstring)."""
    release = fixture(version)
    run_migrations(url)
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            assert facts(conn) == release["facts"]
        assert differences_at_head(url, engine) == []
    finally:
        engine.dispose()
    app = create_app(Settings(database_url=url, analyse_hands=False))
    # One client (one start of the app: its start-up looks for the day's puzzle among the
    # release's analysed hands, searching in its pool, and its end waits for that), each
    # browser in turn by its cookie alone.
    with TestClient(app, base_url="http://testserver") as client:
        for name, browser in release["browsers"].items():
            client.cookies.clear()
            client.cookies.set(COOKIE_NAME, browser["cookie"])
            failed = {path: client.get(path).status_code
                      for path in pages_of(browser, release["facts"])}
            assert {p: s for p, s in failed.items() if s != 200} == {}, name
            history = client.get("/play/history").text
            for match in browser["matches"]:
                if release["facts"]["matches"][str(match)]["finished_hands"]:
                    assert f"/play/history/{match}" in history, (name, match)
            sheets = client.get("/score").text
            for sheet in browser["sheets"]:
                assert f"/score/{sheet}" in sheets, (name, sheet)
    app.state.engine.dispose()


def load_postgres(url: str, version: str) -> None:
    """Run the release's ``postgres.sql`` in the schema ``url``'s search_path names."""
    dump = (RELEASES / version / "postgres.sql").read_text()
    libpq = make_url(url).set(drivername="postgresql")
    with psycopg.connect(libpq.render_as_string(hide_password=False)) as conn:
        conn.execute(dump.encode())  # no parameters: one simple query of many statements


@pytest.mark.parametrize("version", FIXTURES)
def test_a_sqlite_database_of_each_release_upgrades_to_head_whole(
        version: str, tmp_path: Path) -> None:
    database = tmp_path / "gin.db"
    database.write_bytes((RELEASES / version / "gin.db").read_bytes())
    check_upgraded(f"sqlite:///{database}", version)


@pytest.mark.postgres
@pytest.mark.parametrize("version", FIXTURES)
def test_a_postgresql_database_of_each_release_upgrades_to_head_whole(
        version: str, postgres_url: str) -> None:  # noqa: F811
    load_postgres(postgres_url, version)
    check_upgraded(postgres_url, version)


def test_every_release_has_an_upgrade_fixture() -> None:
    recorded = [line.split()[0] for line in (RELEASES.parents[2] / "RELEASES").read_text()
                .splitlines() if line.strip() and not line.startswith("#")]
    for version in recorded:
        assert version in FIXTURES, f"make release-fixture VERSION={version}"
        assert (RELEASES / version / "postgres.sql").exists(), version
