"""Shared fixtures for the web tests.

* ``db_url`` — a migrated SQLite database of the test's own (a copy of one migrated once
  per test session, so it is cheap).
* ``settings`` — ``Settings`` for that database; ``app`` — ``create_app(settings)``;
  ``client`` — a ``TestClient`` (keeps cookies, runs the app's lifespan). Requests carry
  no ``Origin`` header, so form posts pass the cross-site check.
* ``live_server`` — base URL of a real ``python -m app`` process on a free port with its own
  migrated database, shared by the test session; ``start_server`` starts (and at the end
  stops) servers of the test's own: ``start_server(db_url=None) -> LiveServer``, with
  ``.url``, ``.db_url``, ``.stop()``, ``.kill()`` (SIGKILL) and ``.restart()``.
* ``browser`` — Playwright Chromium (``/usr/bin/chromium``), skipped when it is missing;
  ``page`` — a fresh browser context (own cookies) at 390×844; ``new_page(width, height)``
  for other sizes; ``screenshot(page, name)`` saves ``test-results/<name>.png``.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import warnings
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, TypeVar

import httpx
import pytest
from fastapi import FastAPI

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette: "use httpx2" (not installable here)
    from fastapi.testclient import TestClient

from app.core.config import Settings
from app.core.db import run_migrations
from app.main import create_app

ROOT = Path(__file__).resolve().parent.parent
RESULTS_DIR = ROOT / "test-results"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SERVER_START_SECONDS = 120  # a loaded 2-CPU machine can take 30 s just to import the app


# --- database and app ---------------------------------------------------------------------


T = TypeVar("T")


def run_async(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run ``coroutine`` to the end in a fresh event loop of its own thread: the
    browser tests' Playwright keeps a loop running in the main thread, where
    ``asyncio.run`` is refused."""
    with ThreadPoolExecutor(max_workers=1) as thread:
        return thread.submit(asyncio.run, coroutine).result()


def sqlite_url(path: Path) -> str:
    """The SQLAlchemy URL of a SQLite file."""
    return f"sqlite:///{path}"


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


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class LiveServer:
    """One ``python -m app`` process (Uvicorn) on 127.0.0.1."""

    db_url: str
    port: int = field(default_factory=free_port)
    env: dict[str, str] = field(default_factory=dict)
    process: subprocess.Popen[bytes] | None = None
    log: IO[bytes] = field(default_factory=tempfile.TemporaryFile)  # closed by the fixtures

    @property
    def url(self) -> str:
        """Base URL, e.g. ``http://127.0.0.1:54321`` (no trailing slash)."""
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> LiveServer:
        """Start the process and wait until ``/healthz`` answers 200."""
        env = {
            **os.environ,
            "DATABASE_URL": self.db_url,
            "HOST": "127.0.0.1",
            "PORT": str(self.port),
            "WORKERS": "1",
            "LOG_LEVEL": "warning",
            **self.env,
        }
        self.process = subprocess.Popen(
            [sys.executable, "-m", "app"],
            cwd=ROOT,
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + SERVER_START_SECONDS
        while True:
            if self.process.poll() is not None:
                code = self.process.returncode
                raise RuntimeError(f"server exited with {code}:\n{self.output()}")
            try:
                if httpx.get(f"{self.url}/healthz", timeout=2).status_code == 200:
                    return self
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(
                    f"server not healthy in {SERVER_START_SECONDS}s:\n{self.output()}"
                )
            time.sleep(0.1)

    def stop(self) -> None:
        """Stop gracefully (SIGTERM), killing it after 10 s."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)

    def kill(self) -> None:
        """Kill it with SIGKILL, as a crash would (no clean shutdown)."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)

    def restart(self) -> LiveServer:
        """Stop if running, then start again on the same port and database."""
        self.stop()
        return self.start()

    def output(self) -> str:
        """The last 4000 characters the server printed."""
        self.log.flush()
        self.log.seek(0)
        return self.log.read().decode(errors="replace")[-4000:]


@pytest.fixture
def start_server(tmp_path: Path, migrated_template: Path) -> Iterator[Callable[..., LiveServer]]:
    """Start servers of this test's own: ``start_server(db_url=None, env=None)``.

    Without ``db_url`` each server gets a fresh migrated SQLite file. All are stopped at
    the end of the test.
    """
    servers: list[LiveServer] = []

    def start(db_url: str | None = None, env: dict[str, str] | None = None) -> LiveServer:
        if db_url is None:
            path = tmp_path / f"server{len(servers)}.db"
            shutil.copyfile(migrated_template, path)
            db_url = sqlite_url(path)
        server = LiveServer(db_url=db_url, env=env or {})
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


# --- browser ------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Chromium from the system (never downloaded), or skip saying why."""
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is missing: run `make browser-deps` (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
        )
        yield chromium
        chromium.close()


@pytest.fixture
def new_page(browser: Any) -> Iterator[Callable[..., Any]]:
    """Make pages: ``new_page(width=390, height=844)``, each in its own context (cookies)."""
    contexts: list[Any] = []

    def make(width: int = 390, height: int = 844) -> Any:
        context = browser.new_context(viewport={"width": width, "height": height})
        context.set_default_timeout(10_000)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def page(new_page: Callable[..., Any]) -> Any:
    """A phone-sized page (390×844) in a fresh browser context."""
    return new_page(390, 844)


@pytest.fixture
def screenshot() -> Callable[[Any, str], Path]:
    """``screenshot(page, name)`` saves ``test-results/<name>.png`` and returns its path."""

    def save(page: Any, name: str) -> Path:
        RESULTS_DIR.mkdir(exist_ok=True)
        path = RESULTS_DIR / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return save
