"""Helpers for the tests that need a real server or an event loop of their own (not
fixtures: the fixtures built on them are in ``tests/conftest.py``).

* ``LiveServer`` — one ``python -m app`` process (Uvicorn) on a free port of 127.0.0.1,
  with ``.url``, ``.app_url`` (under its ``BASE_PATH``, if ``env`` sets one), ``.db_url``,
  ``.start()`` (until ``/readyz`` answers 200; ``healthy=False``: once it answers at
  all), ``.stop()``, ``.kill()``
  (SIGKILL), ``.restart()`` and ``.output()``; ``prefix`` runs it under another command
  (``unprivileged()``: file permissions bind it even as root);
* ``sqlite_url(path)``, ``free_port()``, ``unprivileged()``;
* ``run_async(coroutine)`` — run a coroutine in a fresh event loop of its own thread.
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, TypeVar

import httpx

ROOT = Path(__file__).resolve().parent.parent.parent
SERVER_START_SECONDS = 120  # a loaded 2-CPU machine can take 30 s just to import the app

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


def unprivileged() -> list[str]:
    """A command prefix under which file permissions bind the server: as root, Linux's
    ``setpriv`` drops the capabilities that override them; otherwise nothing."""
    if os.geteuid() != 0:
        return []
    return ["setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner",
            "--inh-caps=-all", "--"]


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
    prefix: list[str] = field(default_factory=list)
    process: subprocess.Popen[bytes] | None = None
    log: IO[bytes] = field(default_factory=tempfile.TemporaryFile)  # closed by the fixtures

    @property
    def url(self) -> str:
        """Base URL, e.g. ``http://127.0.0.1:54321`` (no trailing slash)."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def app_url(self) -> str:
        """The app's root URL: :attr:`url` plus the ``BASE_PATH`` of ``env`` (``/gin``)."""
        return self.url + self.env.get("BASE_PATH", "")

    def start(self, *, healthy: bool = True) -> LiveServer:
        """Start the process and wait until ``/readyz`` answers 200 (``healthy=False``:
        until ``/healthz`` answers at all)."""
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
            [*self.prefix, sys.executable, "-m", "app"],
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
                probe = "/readyz" if healthy else "/healthz"
                status = httpx.get(f"{self.app_url}{probe}", timeout=2).status_code
                if status == 200 or not healthy:
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
