"""Fixtures and settings shared by every lane (tests/unit, tests/web, tests/browser,
tests/ops: the folder is the lane, see ``docs/development.md``).

* Hypothesis profiles: ``ci`` (derandomised: the same examples on every run, no example
  database), loaded when the ``CI`` environment variable is set; ``dev`` otherwise (fresh
  examples on every run, failures replayed from ``.hypothesis/``). ``HYPOTHESIS_PROFILE``
  picks one by name. Under ``ci`` the app's new server and client seeds are named after
  the test too (``_reproducible_deals``), so the matches played through the app in the
  test process deal the same cards on every run.
* The lanes are checked at collection: a test outside ``tests/{unit,web,browser,ops}``,
  a unit test that asks for the app or a database, or a ``browser`` mark outside
  ``tests/browser`` stops the run, saying which. Every test in ``tests/browser`` is
  marked ``browser``.
* Every test has a time limit (pytest-timeout, ``LANE_TIMEOUTS``: seconds per test,
  its fixtures included, by lane): a stalled test fails with its stack instead of
  hanging the lane. A test's own ``@pytest.mark.timeout(n)`` or ``--timeout=n`` on the
  command line (``0``: none) wins.
* ``db_url`` — a migrated SQLite database of the test's own (a copy of one migrated once
  per test session, so it is cheap).
* ``settings`` — ``Settings`` for that database; ``app`` — ``create_app(settings)``;
  ``client`` — a ``TestClient`` (keeps cookies, runs the app's lifespan). Requests carry
  no ``Origin`` header, so form posts pass the cross-site check.
* ``live_server`` — base URL of a real ``python -m app`` process on a free port with its own
  migrated database, shared by the test session; ``start_server`` starts (and at the end
  stops) servers of the test's own: ``start_server(db_url=None) -> LiveServer`` (see
  ``tests/support/servers.py``).

The browser fixtures (``browser``, ``page``, ``new_page``, ``screenshot``) are in
``tests/browser/conftest.py``.
"""

from __future__ import annotations

import hashlib
import itertools
import os
import shutil
import threading
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette: "use httpx2" (not installable here)
    from fastapi.testclient import TestClient

from app.core import collector
from app.core.config import Settings
from app.core.db import run_migrations
from app.daily import days, deal
from app.main import create_app
from app.review import analysis
from app.table import storage
from tests.support.servers import LiveServer, sqlite_url

# --- The engine's compiled core -------------------------------------------------------------


def pytest_sessionstart(session: pytest.Session) -> None:
    """Refuse to test a compiled core older than its source (``make fast`` rebuilds it,
    ``make fast-clean`` removes it): Python would import the old extension, not the
    edited ``.py``."""
    from tools import fast_core

    if fast_core.status() == "stale":
        raise pytest.UsageError(
            "the engine's compiled core is older than its source (tools/fast_core.py): "
            "run `make fast` to rebuild it or `make fast-clean` to test the pure engine")


# The daily deal's par (a whole hand of Expert's full search, app.daily.days) is not
# computed by the apps and servers the tests start, unless a test asks for it
# (``Settings(daily_pars=True)``, a server's ``env={"DAILY_PARS": "1"}``).
os.environ.setdefault("DAILY_PARS", "0")
# Nor is a daily puzzle generated when no analysed hand makes one (app.review.puzzle):
# ``Settings(generate_puzzles=True)``, ``env={"GENERATE_PUZZLES": "1"}``, or
# ``puzzle.prepare(engine, day, generate_one=True)``.
os.environ.setdefault("GENERATE_PUZZLES", "0")

# Every app a test starts tunes the collector while it serves (app.core.collector): with
# the heap frozen here once, none of them walks the whole heap of the test process to
# collect and freeze it again (a fraction of a second per app, a few minutes a lane).
collector.freeze_heap()

# --- Hypothesis ---------------------------------------------------------------------------

# Registered before any test module is imported, so the tests' own ``@settings(...)``
# (which set max_examples) inherit the profile's other values. No deadline: Hypothesis's
# default fails an example slower than 200 ms, a timed assertion in effect, which a busy
# machine broke (tests/unit/devices/test_codes.py at 302 ms, load 27); its "too slow"
# health check times the examples' generation the same way. Speed targets live in bench/.
UNTIMED = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
hypothesis_settings.register_profile("ci", derandomize=True, database=None, print_blob=True,
                                     **UNTIMED)
hypothesis_settings.register_profile("dev", print_blob=True, **UNTIMED)
hypothesis_settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev"))


class _NamedSeeds:
    """Stands in for ``secrets`` in ``app.table.storage`` under the ``ci`` profile: the
    server and client seeds of new matches are hashes of the test's name and a counter,
    so a match played over HTTP deals the same cards on every run (the computer's moves
    follow from the seeds already)."""

    def __init__(self, name: str) -> None:
        self.name, self.count = name, itertools.count()

    def token_hex(self, nbytes: int = 32) -> str:
        text = f"{self.name}#{next(self.count)}".encode()
        return hashlib.shake_256(text).hexdigest(nbytes)


@pytest.fixture(autouse=True)
def _reproducible_deals(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    if hypothesis_settings.default.derandomize:
        monkeypatch.setattr(storage, "secrets", _NamedSeeds(request.node.nodeid))


@pytest.fixture(autouse=True)
def _fresh_switches() -> None:
    """Each test starts with the process-wide switches of a fresh server process: an app's
    lifespan sets them from its settings (the daily pars, the hand analysis), and one that
    a test left turned off would otherwise stay off for the next test of this process."""
    days.configure(budget=deal.PAR_BUDGET, enabled=True)
    analysis.configure(enabled=True)


@pytest.fixture(scope="session", autouse=True)
def _no_app_left_running() -> Iterator[None]:
    """At the end of each test process, no app's lifespan is still running: a
    ``TestClient`` entered and never exited (``close()`` is not an exit) keeps its event
    loop's thread and the app's background tasks (the friend tables' presence, the
    purges) alive until the interpreter shuts down under them."""
    yield
    portals = [t.name for t in threading.enumerate() if t.name.startswith("asyncio-portal")]
    assert not portals, (f"{len(portals)} started TestClient(s) never exited: enter them "
                         "with `with` or an ExitStack")


# --- the lanes ----------------------------------------------------------------------------

TESTS = Path(__file__).resolve().parent
LANES = ("unit", "web", "browser", "ops")
APP_FIXTURES = {"db_url", "settings", "app", "client", "migrated_template", "start_server",
                "live_server"}


# Seconds per test (with its fixtures: a session's first test also starts the shared
# server and Chromium), by lane: several times what the slowest healthy test takes on a
# loaded 2-CPU machine (docs/development.md, "The lanes"), so it never fires there; the
# few longer tests (hundreds of hands played over HTTP) carry their own mark.
LANE_TIMEOUTS = {"unit": 120, "web": 300, "ops": 300, "browser": 300}


def lane_of(path: Path) -> str | None:
    """``unit``, ``web``, ``browser`` or ``ops`` for a test file; ``None`` outside them."""
    parts = path.resolve().relative_to(TESTS).parts
    return parts[0] if len(parts) > 1 and parts[0] in LANES else None


def pytest_configure(config: pytest.Config) -> None:
    # Each lane runs on its own (`make unit`, ...): a test file outside them would never run.
    strays = sorted(str(path.relative_to(TESTS)) for path in TESTS.rglob("test_*.py")
                    if lane_of(path) is None)
    if strays:
        raise pytest.UsageError(f"test files outside the lanes tests/{{{','.join(LANES)}}}: "
                                + ", ".join(strays))
    # pytest imports test files by their base name: two of one name in different folders
    # stop a run that collects both ("import file mismatch").
    names: dict[str, list[str]] = {}
    for path in TESTS.rglob("test_*.py"):
        names.setdefault(path.name, []).append(str(path.relative_to(TESTS)))
    twice = sorted(" and ".join(sorted(paths)) for paths in names.values() if len(paths) > 1)
    if twice:
        raise pytest.UsageError("test files of the same name (rename one): " + "; ".join(twice))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    misplaced = []
    timed = (config.getoption("timeout", None) is None and not config.getini("timeout")
             and not os.environ.get("PYTEST_TIMEOUT"))
    for item in items:
        lane = lane_of(item.path)
        if timed and lane is not None and item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(LANE_TIMEOUTS[lane]))
        if lane is None:
            misplaced.append(f"{item.nodeid}: outside the lanes tests/{{{','.join(LANES)}}}")
        elif lane == "browser":
            item.add_marker(pytest.mark.browser)
        elif item.get_closest_marker("browser"):
            misplaced.append(f"{item.nodeid}: marked browser, belongs in tests/browser")
        if lane == "unit" and APP_FIXTURES & set(getattr(item, "fixturenames", ())):
            misplaced.append(f"{item.nodeid}: a unit test using the app or a database "
                             "belongs in tests/web or tests/ops")
    if misplaced:
        raise pytest.UsageError("tests in the wrong lane:\n  " + "\n  ".join(misplaced))
    # The few tests with a longer time limit of their own than their lane's (hundreds of
    # hands) run first: the lane's two workers then share the rest around them, instead
    # of one starting a long test when the other has little left.
    items.sort(key=lambda item: not _longer_than_its_lane(item))


def _longer_than_its_lane(item: pytest.Item) -> bool:
    """Whether ``item`` has a time limit of its own above its lane's."""
    lane, mark = lane_of(item.path), item.get_closest_marker("timeout")
    seconds = (mark.args[0] if mark.args else mark.kwargs.get("timeout")) if mark else None
    return lane is not None and seconds is not None and seconds > LANE_TIMEOUTS[lane]


# --- database and app ---------------------------------------------------------------------


@pytest.fixture(scope="session")
def migrated_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file migrated to head once per test session (copied for each test)."""
    path = tmp_path_factory.mktemp("template") / "template.db"
    run_migrations(sqlite_url(path))
    return path


@pytest.fixture
def db_url(tmp_path: Path, migrated_template: Path) -> str:
    """URL of a migrated SQLite database of this test's own."""
    path = tmp_path / "gin.db"
    shutil.copyfile(migrated_template, path)
    return sqlite_url(path)


@pytest.fixture
def settings(db_url: str) -> Settings:
    """Settings for the test database (everything else at its default, except that
    finished hands are not analysed: tests of the analysis turn it on)."""
    return Settings(database_url=db_url, analyse_hands=False)


@pytest.fixture
def app(settings: Settings) -> FastAPI:
    """The app on the test database."""
    return create_app(settings)


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    """An HTTP client for ``app`` that keeps cookies like one browser."""
    with TestClient(app, base_url="http://testserver") as test_client:
        yield test_client


# --- real server processes ----------------------------------------------------------------


@pytest.fixture
def start_server(tmp_path: Path, migrated_template: Path) -> Iterator[Callable[..., LiveServer]]:
    """Start servers of this test's own: ``start_server(db_url=None, env=None,
    prefix=None)`` (``prefix``: a command to run it under, ``LiveServer.prefix``).

    Without ``db_url`` each server gets a fresh migrated SQLite file. All are stopped at
    the end of the test.
    """
    servers: list[LiveServer] = []

    def start(db_url: str | None = None, env: dict[str, str] | None = None,
              prefix: list[str] | None = None) -> LiveServer:
        if db_url is None:
            path = tmp_path / f"server{len(servers)}.db"
            shutil.copyfile(migrated_template, path)
            db_url = sqlite_url(path)
        server = LiveServer(db_url=db_url, env=env or {}, prefix=prefix or [])
        servers.append(server)
        return server.start()

    yield start
    for server in servers:
        server.stop()
        server.log.close()


@pytest.fixture(scope="session")
def live_server(
    tmp_path_factory: pytest.TempPathFactory, migrated_template: Path
) -> Iterator[str]:
    """Base URL of a real server shared by the test session (fresh migrated database)."""
    path = tmp_path_factory.mktemp("live") / "gin.db"
    shutil.copyfile(migrated_template, path)
    server = LiveServer(db_url=sqlite_url(path)).start()
    yield server.url
    server.stop()
    server.log.close()
