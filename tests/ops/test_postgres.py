"""The app on PostgreSQL: migrations both ways, and two servers sharing one database.

These tests need a PostgreSQL server. They read its URL from ``TEST_POSTGRES_URL``
(default ``postgresql+psycopg://gin:gin@127.0.0.1:5432/gin_test``; ``.ci/run`` installs
and starts one with ``.ci/postgres-up.sh``) and are skipped, saying why, when none
answers; with ``TEST_POSTGRES_REQUIRED=1`` (as in CI) they fail instead.
Each test works in a schema of its own, dropped afterwards, so they can run in parallel.

Two real Uvicorn processes on different ports play the part of a load balancer with no
session affinity: one browser (one cookie jar) sends its requests to them in turn, and
nothing may be lost between them. A browsing sequence is a function of an
``AlternatingBrowser`` and an engine on the shared database; add one to ``SEQUENCES`` to
run it through both servers. ``play_a_match`` plays a whole match to 100 that way.
"""

from __future__ import annotations

import os
import random
import secrets
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import IO, Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import make_url
from sqlmodel import Session

import app.core.models  # noqa: F401  (registers the tables on SQLModel.metadata)
from app.core.config import Settings
from app.core.db import run_migrations
from app.core.models import PlayMatch
from app.engine import Phase, Rules, replay
from app.engine.hand import BigGin, Discard, Gin, Knock
from app.engine.match import MatchState, match_view
from app.main import create_app
from app.table import storage
from app.table.storage import open_seat
from app.web.sessions import COOKIE_NAME
from tests.support.browsers import session_id_of
from tests.support.hardening import StoredPlay, stored_play
from tests.support.migration_checks import assert_stairway, differences_at_head

pytestmark = pytest.mark.postgres

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_URL = "postgresql+psycopg://gin:gin@127.0.0.1:5432/gin_test"
SERVER_START_SECONDS = 120  # a loaded 2-CPU machine can take 30 s just to import the app
MAX_PLAY_REQUESTS = 2000  # a match to 100 takes a few hundred


# --- the server and a schema of our own ---------------------------------------------------


def _server_url() -> str:
    return os.environ.get("TEST_POSTGRES_URL") or DEFAULT_URL


@pytest.fixture(scope="session")
def postgres_server() -> str:
    """The URL of a reachable PostgreSQL server, or skip every test here saying why."""
    url = _server_url()
    shown = make_url(url).render_as_string(hide_password=True)
    try:
        import psycopg  # noqa: F401
    except ImportError:
        pytest.skip("psycopg is not installed (pip install -e '.[postgres]')")
    try:
        engine = create_engine(url, connect_args={"connect_timeout": 3})
        with engine.connect() as conn:
            conn.execute(text("SELECT 1"))
        engine.dispose()
    except Exception as error:  # any failure to connect means: no server for these tests
        first_line = str(error).strip().splitlines()[0] if str(error).strip() else ""
        reason = (
            f"no PostgreSQL server reachable at {shown} ({type(error).__name__}: "
            f"{first_line}); set TEST_POSTGRES_URL, or run .ci/postgres-up.sh as root"
        )
        if os.environ.get("TEST_POSTGRES_REQUIRED") == "1":  # CI: a missing server fails
            pytest.fail(reason)
        pytest.skip(reason)
    return url


@pytest.fixture
def postgres_url(postgres_server: str) -> Iterator[str]:
    """A URL whose connections work in a fresh, empty schema, dropped after the test."""
    schema = f"test_{secrets.token_hex(6)}"
    admin = create_engine(postgres_server)
    with admin.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    url = make_url(postgres_server).update_query_dict({"options": f"-csearch_path={schema}"})
    try:
        yield url.render_as_string(hide_password=False)
    finally:
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


@pytest.fixture
def engine(postgres_url: str) -> Iterator[Engine]:
    """An engine on the test's own schema."""
    engine = create_engine(postgres_url)
    yield engine
    engine.dispose()


# --- migrations -----------------------------------------------------------------------


def test_every_migration_upgrades_and_downgrades_on_postgresql(
    postgres_url: str, engine: Engine
) -> None:
    """Stairway: each revision goes up, down to its parent and up again, from base to head."""
    assert_stairway(postgres_url, engine)


def test_models_and_migrations_agree_on_postgresql(postgres_url: str, engine: Engine) -> None:
    """After `upgrade head`, autogenerate finds nothing to change on PostgreSQL either."""
    assert differences_at_head(postgres_url, engine) == []


# --- two servers, one database ------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Server:
    """One ``python -m app`` process, configured through the environment like in the image."""

    base_url: str
    process: subprocess.Popen[bytes]
    log: IO[bytes]

    def output(self) -> str:
        self.log.flush()
        self.log.seek(0)
        return self.log.read().decode(errors="replace")[-4000:]


def _start_server(database_url: str, log: IO[bytes]) -> Server:
    port = _free_port()
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "HOST": "127.0.0.1",
        "PORT": str(port),
        "WORKERS": "1",
        "LOG_LEVEL": "warning",
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "app"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT
    )
    return Server(f"http://127.0.0.1:{port}", process, log)


def _wait_healthy(server: Server) -> None:
    deadline = time.monotonic() + SERVER_START_SECONDS
    while True:
        if server.process.poll() is not None:
            pytest.fail(f"server {server.base_url} exited:\n{server.output()}")
        try:
            if httpx.get(f"{server.base_url}/healthz", timeout=2).status_code == 200:
                return
        except httpx.TransportError:
            pass
        if time.monotonic() > deadline:
            pytest.fail(f"server {server.base_url} not healthy in time:\n{server.output()}")
        time.sleep(0.2)


def _stop(server: Server) -> None:
    server.process.terminate()
    try:
        server.process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.process.kill()
        server.process.wait(timeout=10)


@pytest.fixture
def two_servers(postgres_url: str) -> Iterator[tuple[Server, Server]]:
    """Migrate the schema with the `alembic` command, then start two servers on it."""
    env = {**os.environ, "DATABASE_URL": postgres_url}
    migrate = subprocess.run(
        [sys.executable, "-m", "alembic", "upgrade", "head"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert migrate.returncode == 0, migrate.stdout + migrate.stderr
    with tempfile.TemporaryFile() as log_a, tempfile.TemporaryFile() as log_b:
        servers = (_start_server(postgres_url, log_a), _start_server(postgres_url, log_b))
        try:
            for server in servers:
                _wait_healthy(server)
            yield servers
        finally:
            for server in servers:
                _stop(server)


@dataclass
class AlternatingBrowser:
    """One browser whose requests go to the servers in turn (A, B, A, …).

    It keeps one cookie jar, as a browser behind a load balancer does, and checks on every
    response that no server replaced its session: once set, the session cookie never
    changes. ``served_by`` records which server answered each request.
    """

    servers: tuple[Server, ...]
    client: httpx.Client = field(
        default_factory=lambda: httpx.Client(timeout=30, follow_redirects=True)
    )
    served_by: list[str] = field(default_factory=list)
    session_id: str | None = None
    """The browser's cookie (a token, not the history's id: :meth:`history`)."""

    def request(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        server = self.servers[len(self.served_by) % len(self.servers)]
        self.served_by.append(server.base_url)
        # Cookies go to whichever port answers: one jar for the host, like a real browser.
        response = self.client.request(method, f"{server.base_url}{path}", **kwargs)
        assert response.status_code < 500, f"{method} {path} on {server.base_url}: {response}"
        cookie = self.client.cookies.get(COOKIE_NAME)
        if self.session_id is None:
            self.session_id = cookie
        assert cookie == self.session_id, f"{server.base_url} replaced the session cookie"
        return response

    def history(self, engine: Engine) -> str:
        """The id of the history the cookie opens."""
        return session_id_of(self.client, engine)

    def get(self, path: str, **kwargs: Any) -> httpx.Response:
        return self.request("GET", path, **kwargs)

    def post(self, path: str, **kwargs: Any) -> httpx.Response:
        return self.request("POST", path, **kwargs)


def session_persists(browser: AlternatingBrowser, engine: Engine) -> None:
    """The session made by one server is the one the other server finds."""
    first = browser.get("/")
    assert first.status_code == 200
    assert browser.session_id is not None, "the home page set no session cookie"
    for _ in range(4):
        page = browser.get("/")
        assert page.status_code == 200
        assert COOKIE_NAME not in page.headers.get("set-cookie", ""), "a new session was made"
    for server in browser.servers:
        assert httpx.get(f"{server.base_url}/healthz", timeout=5).json()["status"] == "ok"
    with engine.connect() as conn:
        ids = conn.execute(text("SELECT id FROM browser_session")).scalars().all()
    assert ids == [browser.history(engine)]


class _PlayForm(HTMLParser):
    """The play screen's ``version`` field: the state of the match the page was made from."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.version: str | None = None
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "input" and a.get("name") == "version":
            self.version = a.get("value")


def _stored_match(engine: Engine, session_id: str) -> tuple[StoredPlay, MatchState]:
    """The browser's match as PostgreSQL holds it, rebuilt by replaying its log."""
    row = stored_play(engine, session_id)
    assert row is not None, "no match stored for this browser"
    log = [(player, text) for player, text in row.log]
    return row, replay(Rules.from_dict(row.rules), row.seeds, log, row.first_dealer)


def play_a_match(browser: AlternatingBrowser, engine: Engine) -> None:
    """A match to 100, every tap served by the other server than the one before.

    Before each move the page (rendered by one server) must show the version PostgreSQL
    holds; each move must be stored (one more version, a longer log) whichever server
    took it. Half the card moves select the card on one server and act on the other, so
    the selection has to travel through the database too.
    """
    rng = random.Random(8)
    response = browser.post("/play/new", data={"level": "standard"})
    assert response.status_code == 200, response.text[:500]
    assert browser.session_id is not None
    for _ in range(MAX_PLAY_REQUESTS):
        row, match = _stored_match(engine, browser.history(engine))
        if match.over:
            assert "Match over" in response.text
            return
        form = _PlayForm(response.text)
        assert form.version == str(row.version), "a server showed an old state of the match"
        view = match_view(match, 0)
        if view.phase is Phase.OVER:
            data = {"action": "next_hand"}
        elif view.phase is not Phase.DISCARD:
            data = {"action": rng.choice(sorted(str(action) for action in view.legal))}
        else:
            finishing = [a for a in view.legal if isinstance(a, Knock | Gin | BigGin)]
            discards = [a for a in view.legal if isinstance(a, Discard)]
            action = rng.choice(finishing if finishing and rng.random() < 0.7 else discards)
            name = str(action).split()[0]
            if isinstance(action, BigGin):
                data = {"action": name}
            else:
                data = {"action": name, "card": str(action.card)}
        response = browser.post("/play", data={**data, "version": str(row.version)})
        assert response.status_code == 200, f"{data}: {response.text[:500]}"
        after, _ = _stored_match(engine, browser.history(engine))
        assert after.version == row.version + 1, f"{data} was not stored"
        assert len(after.log) > len(row.log)
    pytest.fail(f"no match over after {MAX_PLAY_REQUESTS} moves")


def _start_match_at(server: Server, cookies: dict[str, str], start: threading.Barrier) -> int:
    """POST a first "Start match" to ``server`` as the browser with ``cookies``, in step."""
    with httpx.Client(timeout=30, cookies=cookies) as client:
        start.wait()
        return client.post(f"{server.base_url}/play/new", data={"level": "easy"}).status_code


def simultaneous_first_matches(browser: AlternatingBrowser, engine: Engine) -> None:
    """Two first "Start match" taps of one browser, one to each server at the same moment:
    one match is stored, the other tap is told the screen is out of date — never a 5xx."""
    for _ in range(6):
        browser.client.cookies.clear()
        browser.session_id = None
        browser.get("/")
        cookies = {COOKIE_NAME: browser.client.cookies[COOKIE_NAME]}
        start = threading.Barrier(2)
        with ThreadPoolExecutor(2) as pool:
            codes = sorted(pool.map(_start_match_at, browser.servers, [cookies] * 2,
                                    [start] * 2))
        assert all(code < 500 for code in codes), codes
        assert codes[0] == 303 and codes[1] in (303, 409), codes
        assert browser.session_id is not None
        _stored_match(engine, browser.history(engine))  # exactly one row, replayable


# Browsing sequences run through both servers, each a function of browser and engine.
SEQUENCES: list[Callable[[AlternatingBrowser, Engine], None]] = [
    session_persists, play_a_match, simultaneous_first_matches]


@pytest.mark.parametrize("sequence", SEQUENCES, ids=lambda sequence: sequence.__name__)
def test_two_servers_share_one_database(
    two_servers: tuple[Server, Server],
    engine: Engine,
    sequence: Callable[[AlternatingBrowser, Engine], None],
) -> None:
    """A browser served alternately by two processes loses nothing between them."""
    browser = AlternatingBrowser(two_servers)
    try:
        sequence(browser, engine)
    finally:
        browser.client.close()
    assert len(set(browser.served_by)) == 2, "both servers must have answered"


# --- reads that span a commit -------------------------------------------------------------


def test_a_state_rebuilt_across_a_commit_belongs_to_the_version_it_is_cached_under(
        postgres_url: str) -> None:
    # PostgreSQL reads each statement afresh: a move committed between the read of the
    # match row and the read of its hand must not pair the old version with the new hand.
    run_migrations(postgres_url)
    app = create_app(Settings(database_url=postgres_url, compute_workers=0,
                              analyse_hands=False))
    with TestClient(app) as client:
        assert client.post("/play/new", data={"level": "standard"}).status_code == 200
        engine = app.state.engine
        session_id = session_id_of(client)
        with Session(engine) as db:
            seat = open_seat(db, session_id)
            assert seat is not None
            game = db.get(PlayMatch, seat.match_id)
            assert game is not None
            before = game.version
            # The move lands now, from another connection (as from the other seat).
            match = storage.rebuild(db, seat, game)
            move = str(match_view(match, 0).legal[0]).split()[0]
            assert client.post("/play", data={"action": move,
                                              "version": str(before)}).status_code == 200
            storage.forget_cache()
            rebuilt = storage.rebuild(db, seat, game)
            assert game.version > before  # read again, with the hand
        with Session(engine) as fresh:
            stored = fresh.get(PlayMatch, game.id)
            assert stored is not None and stored.version == game.version
            storage.forget_cache()
            seat_now = open_seat(fresh, session_id)
            assert seat_now is not None
            assert storage.rebuild(fresh, seat_now, stored).hand_log == rebuilt.hand_log
