"""Friend matches under load: simultaneous matches between two browsers, each
browser with its Server-Sent Events stream open, as on the friend table.

For each match one simulated browser makes the invite and another accepts it; both open
``/play/events`` and keep it open. The player whose turn it is reads its table (the
htmx blocks), waits a person's pause (``--think`` seconds, uniform), then taps: passes,
draws from the stock, or knocks / goes gin / discards the card leaving least deadwood;
after a hand, either taps Next hand. The **move-to-other-screen latency** runs from the
moment a tap is sent to the moment the other browser has its new table: its SSE event
arrived and its ``GET /play`` (what static/table/live.js then fetches) came back.

Two runs: one instance on SQLite (in-process notification), then, with ``--postgres
URL``, two instances sharing PostgreSQL (LISTEN/NOTIFY; the inviter's browsers on
instance A, the friends' on B, so every move crosses instances). A run prints the
latency p50/p95/p99, errors (any 5xx, refused tap, broken stream or a move that never
arrived), moves, the SSE connections open at the end, and each server's peak memory
(RSS, from /proc).

Usage::

    nice -n 10 .venv/bin/python bench/friends.py                     # 100 matches, 60 s
    nice -n 10 .venv/bin/python bench/friends.py --matches 20 --seconds 20
    nice -n 10 .venv/bin/python bench/friends.py --postgres postgresql+psycopg://gin:gin@127.0.0.1/gin_test

Targets: p99 ≤ 1 s, 0 errors.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.core.collector import tuned_gc  # noqa: E402

HTMX = {"HX-Request": "true"}
_VERSION = re.compile(r'data-version="(\d+)"')
_TOKEN = re.compile(r"/play/friend/([A-Za-z0-9_-]{32})")
_RADIO = re.compile(
    r'value="([A2-9TJQK][CDHS])" id="c-\w\w"[^>]*data-left="(\d+)" data-acts="([a-z ]*)"')


def _enabled(page: str, action: str) -> bool:
    found = re.search(rf'<button id="a-{action}"[^>]*>', page)
    return found is not None and " disabled" not in found.group(0)


def _version(page: str) -> int | None:
    found = _VERSION.search(page)
    return int(found.group(1)) if found else None


@dataclass
class Stats:
    """What a run measured."""

    latencies: list[float] = field(default_factory=list)
    parts: dict[str, list[float]] = field(default_factory=lambda: {
        "the tap's answer": [], "then the other's event": [], "then its table": []})
    errors: list[str] = field(default_factory=list)
    moves: int = 0
    open_streams: int = 0

    def error(self, what: str) -> None:
        if len(self.errors) < 1000:
            self.errors.append(what)


class Browser:
    """One simulated browser: a cookie jar on one server, and its SSE stream."""

    def __init__(self, base_url: str, stats: Stats) -> None:
        # Uvicorn closes a connection idle for 5 s. A browser that sends a request on a
        # connection the server is closing at that moment sends it again on a new one;
        # httpx does not, so this client never reuses a connection idle for 4 s.
        self.client = httpx.AsyncClient(base_url=base_url, timeout=30,
                                        limits=httpx.Limits(max_connections=4,
                                                            keepalive_expiry=4.0))
        self.stats = stats
        self.version = -1
        self.arrived = asyncio.Event()
        self.stream_task: asyncio.Task[None] | None = None
        self.streaming = False

    async def listen(self) -> None:
        """Read ``move`` events for ever, noting the newest version."""
        try:
            async with self.client.stream("GET", "/play/events",
                                          timeout=httpx.Timeout(30, read=None)) as response:
                if response.status_code != 200:
                    self.stats.error(f"events: {response.status_code}")
                    return
                self.streaming = True
                event = ""
                async for line in response.aiter_lines():
                    if line.startswith("event: "):
                        event = line[7:]
                    elif line.startswith("data: ") and event == "move":
                        self.version = max(self.version, int(line[6:].split("-")[0]))
                        self.arrived.set()
        except asyncio.CancelledError:
            raise
        except Exception as error:  # a broken stream is an error of the run
            self.stats.error(f"stream: {type(error).__name__}")
        finally:
            self.streaming = False

    async def wait_version(self, version: int, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while self.version < version:
            self.arrived.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            try:
                await asyncio.wait_for(self.arrived.wait(), left)
            except TimeoutError:
                return False
        return True


async def setup_match(host: Browser, guest: Browser, stats: Stats,
                      gate: asyncio.Semaphore) -> bool:
    """Invite and accept (a few matches at a time); both streams open. False on error."""
    try:
        async with gate:
            return await _setup(host, guest, stats)
    except httpx.HTTPError as error:
        stats.error(f"setup: {type(error).__name__}")
        return False


async def _setup(host: Browser, guest: Browser, stats: Stats) -> bool:
    await host.client.get("/")
    response = await host.client.post("/play/friend", data={"name": "Ann", "version": "0",
                                                             "target": "10000"})
    page = (await host.client.get("/play")).text
    token = _TOKEN.search(page)
    if response.status_code != 303 or token is None:
        stats.error(f"invite: {response.status_code}")
        return False
    host.stream_task = asyncio.create_task(host.listen())
    await guest.client.get("/")
    response = await guest.client.post(f"/play/friend/{token.group(1)}", data={"name": "Bob"})
    if response.status_code != 303:
        stats.error(f"join: {response.status_code}")
        return False
    guest.stream_task = asyncio.create_task(guest.listen())
    return True


async def play_match(host: Browser, guest: Browser, stats: Stats, until: float,
                     think: tuple[float, float], rng: random.Random) -> None:
    """Play until ``until`` (monotonic seconds); any exception counts as an error."""
    try:
        await _play(host, guest, stats, until, think, rng)
    except httpx.HTTPError as error:
        stats.error(f"play: {type(error).__name__}")


async def _play(host: Browser, guest: Browser, stats: Stats, until: float,
                think: tuple[float, float], rng: random.Random) -> None:
    players = (host, guest)
    pages = [(await b.client.get("/play", headers=HTMX)).text for b in players]
    while time.monotonic() < until:
        actor = next((i for i, p in enumerate(pages) if any(
            _enabled(p, a) for a in ("pass", "draw_stock", "discard", "next_hand"))), None)
        if actor is None:
            pages = [(await b.client.get("/play", headers=HTMX)).text for b in players]
            await asyncio.sleep(0.2)
            continue
        await asyncio.sleep(rng.uniform(*think))
        page = pages[actor]
        version = _version(page)
        form: dict[str, str] = {"version": str(version)}
        if _enabled(page, "next_hand"):
            form["action"] = "next_hand"
        elif _enabled(page, "pass"):
            form["action"] = "pass"
        elif _enabled(page, "draw_stock"):
            form["action"] = "draw_stock"
        else:
            cards = [(int(left), acts.split(), code) for code, left, acts in _RADIO.findall(page)]
            cards = [c for c in cards if "discard" in c[1]]
            if not cards:
                stats.error("no card to discard")
                return
            left, acts, code = min(cards)
            form["action"] = "gin" if "gin" in acts else "knock" if "knock" in acts else "discard"
            form["card"] = code
        sent = time.monotonic()
        response = await players[actor].client.post("/play", data=form, headers=HTMX)
        if response.status_code != 200:
            stats.error(f"tap {form['action']}: {response.status_code}")
            pages = [(await b.client.get("/play", headers=HTMX)).text for b in players]
            continue
        answered = time.monotonic()
        pages[actor] = response.text
        new_version = _version(response.text)
        other = players[1 - actor]
        if new_version is None or not await other.wait_version(new_version, 10):
            stats.error("the move never reached the other stream")
        arrived = time.monotonic()
        pages[1 - actor] = (await other.client.get("/play", headers=HTMX)).text
        done = time.monotonic()
        stats.latencies.append(done - sent)
        steps = (answered - sent, arrived - answered, done - arrived)
        for part, seconds in zip(stats.parts.values(), steps, strict=True):
            part.append(seconds)
        stats.moves += 1


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _rss_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


@contextmanager
def servers(database_url: str, count: int) -> Iterator[list[tuple[str, subprocess.Popen[bytes]]]]:
    """Migrate ``database_url`` and start ``count`` app instances on it."""
    env = {**os.environ, "DATABASE_URL": database_url, "WORKERS": "1", "LOG_LEVEL": "warning",
           "ANALYSE_HANDS": "false", "DAILY_PARS": "0"}
    subprocess.run([sys.executable, "-m", "alembic", "upgrade", "head"], cwd=ROOT, env=env,
                   check=True, capture_output=True)
    started = []
    try:
        for _ in range(count):
            port = _free_port()
            process = subprocess.Popen([sys.executable, "-m", "app"], cwd=ROOT,
                                       env={**env, "HOST": "127.0.0.1", "PORT": str(port)},
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            started.append((f"http://127.0.0.1:{port}", process))
        for url, _process in started:
            for _ in range(600):
                try:
                    if httpx.get(url + "/healthz", timeout=2).status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                time.sleep(0.2)
        yield started
    finally:
        for _url, process in started:
            process.terminate()
            process.wait(timeout=20)


async def run(urls: list[str], pids: list[int], matches: int, seconds: float,
              think: tuple[float, float]) -> tuple[Stats, list[int]]:
    stats = Stats()
    rng = random.Random(18)
    hosts = [Browser(urls[0], stats) for _ in range(matches)]
    guests = [Browser(urls[-1], stats) for _ in range(matches)]
    peaks = [0] * len(pids)

    async def watch_memory() -> None:
        while True:
            for i, pid in enumerate(pids):
                peaks[i] = max(peaks[i], _rss_kib(pid))
            await asyncio.sleep(1)

    memory = asyncio.create_task(watch_memory())
    gate = asyncio.Semaphore(8)
    ready = await asyncio.gather(*(setup_match(h, g, stats, gate)
                                   for h, g in zip(hosts, guests, strict=True)))
    await asyncio.sleep(1)  # the streams connect
    until = time.monotonic() + seconds
    await asyncio.gather(*(play_match(h, g, stats, until, think, random.Random(rng.random()))
                           for h, g, ok in zip(hosts, guests, ready, strict=True) if ok))
    stats.open_streams = sum(b.streaming for b in hosts + guests)
    memory.cancel()
    for browser in hosts + guests:
        if browser.stream_task is not None:
            browser.stream_task.cancel()
        await browser.client.aclose()
    return stats, peaks


def report(title: str, stats: Stats, peaks: list[int], matches: int) -> None:
    def pct(p: float, values: list[float] = stats.latencies) -> str:
        lat = sorted(values)
        return f"{lat[min(len(lat) - 1, int(p * len(lat)))] * 1000:.0f} ms" if lat else "-"

    print(f"\n{title}")
    print(f"  matches {matches}, browsers {2 * matches}, moves {stats.moves}")
    print(f"  move-to-other-screen latency: p50 {pct(0.50)}, p95 {pct(0.95)}, p99 {pct(0.99)}, "
          f"max {pct(1.0)}")
    for part, values in stats.parts.items():
        print(f"    {part}: p50 {pct(0.5, values)}, p95 {pct(0.95, values)}, "
              f"p99 {pct(0.99, values)}")
    first = f" (first: {stats.errors[:3]})" if stats.errors else ""
    print(f"  errors {len(stats.errors)}{first}")
    print(f"  SSE connections open at the end: {stats.open_streams} of {2 * matches}")
    print("  server peak memory (RSS): " + ", ".join(f"{kib / 1024:.0f} MiB" for kib in peaks))


def _postgres_schema(url: str) -> tuple[str, str]:
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    schema = f"bench_{secrets.token_hex(4)}"
    admin = create_engine(url)
    with admin.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    admin.dispose()
    scoped = make_url(url).update_query_dict({"options": f"-csearch_path={schema}"})
    return scoped.render_as_string(hide_password=False), schema


def _drop_schema(url: str, schema: str) -> None:
    from sqlalchemy import create_engine, text

    admin = create_engine(url)
    with admin.begin() as conn:
        conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
    admin.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--think", type=float, nargs=2, default=(2.0, 4.0),
                        help="a person's pause before a tap, seconds (uniform)")
    parser.add_argument("--postgres", help="also run two instances on this PostgreSQL URL")
    parser.add_argument("--skip-sqlite", action="store_true")
    args = parser.parse_args()
    think = (args.think[0], args.think[1])
    with tuned_gc():  # 200 browsers in one process: its own pauses are not the server's
        _runs(args, think)


def _runs(args: argparse.Namespace, think: tuple[float, float]) -> None:
    if not args.skip_sqlite:
        folder = Path(tempfile.mkdtemp(prefix="friends-bench-"))
        try:
            with servers(f"sqlite:///{folder / 'gin.db'}", 1) as started:
                stats, peaks = asyncio.run(run([u for u, _ in started],
                                               [p.pid for _, p in started],
                                               args.matches, args.seconds, think))
            report("One instance, SQLite (in-process notification)", stats, peaks, args.matches)
        finally:
            shutil.rmtree(folder, ignore_errors=True)
    if args.postgres:
        url, schema = _postgres_schema(args.postgres)
        try:
            with servers(url, 2) as started:
                stats, peaks = asyncio.run(run([u for u, _ in started],
                                               [p.pid for _, p in started],
                                               args.matches, args.seconds, think))
            report("Two instances, PostgreSQL (LISTEN/NOTIFY; every move crosses instances)",
                   stats, peaks, args.matches)
        finally:
            _drop_schema(args.postgres, schema)


if __name__ == "__main__":
    main()
