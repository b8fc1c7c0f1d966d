"""What a tap costs, side by side with the minimal app, in one run (issue 27).

Method (docs/benchmarks.md, "Tap cost"):

* the server under test is pinned to one core (``taskset -c 1``, ``--server-core``) and
  this generator to the other (``--client-core``, its own affinity), so neither measures
  the other;
* the generator is light: plain asyncio sockets speaking HTTP/1.1 with keep-alive, one
  connection per player, no HTTP library; its own CPU per request is printed;
* every client (its connection, its cookie, its match) is made before the warm-up
  window starts; the warm-up's requests are not measured;
* the app (``python -m app``, one worker, ``COMPUTE_WORKERS=0`` so all its work is in the
  pinned process, players against the Standard computer playing real draws and
  discards) and the minimal app (``bench/minimal_app.py``: FastAPI + Jinja2 + gzip, one
  SQLite read and one write, a page of the app's average tap answer size) are measured
  by the same generator in the same run, one after the other on the same core.

Two measurements per server:

1. **CPU per tap**: ``--clients`` closed-loop clients tap for ``--seconds``; the server
   process's CPU time (``/proc``) over that window divided by the taps answered;
2. **players at p99 ≤ 100 ms**: players pausing ``--pause`` seconds between taps (as a
   person does), in steps of ``--step-seconds``, more players each step (×``--growth``)
   until a step's p99 exceeds 100 ms; the last step within it is reported.

Printed: both servers' CPU per tap and its ratio (target ≤ 1.5), both servers' players at
p99 ≤ 100 ms on one core and their ratio, the generator's CPU per request. Run it on a
quiet machine only. A smoke run (seconds)::

    .venv/bin/python bench/tap_cost.py --clients 2 --seconds 2 --warmup 1 \\
        --start-players 5 --step-seconds 2 --max-steps 2

The figures: ``.venv/bin/python bench/tap_cost.py`` (defaults). Before and after a change,
side by side: ``git worktree add /tmp/base main`` and ``--baseline /tmp/base --rounds 3
--no-players`` (each round measures the baseline, this checkout and the minimal app, one
after the other on the same core). ``--profile tap.prof`` runs this checkout's app with every
thread under ``cProfile`` (its last round; ``bench/profile_app.py``).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zlib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load import (  # noqa: E402
    _CARD,
    _ENABLED,
    _NEW_MATCH_FORM_FIELD,
    _VERSION,
    ROOT,
    cpu_seconds,
    free_port,
    percentile,
)

_COOKIE = re.compile(rb"gin_session=([A-Za-z0-9_-]+)")
Form = tuple[str, dict[str, str]]


# --- a light HTTP/1.1 client ------------------------------------------------------------


class Connection:
    """One keep-alive HTTP/1.1 connection: requests one at a time, gzip accepted."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookie = b""
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, form: dict[str, str] | None = None,
                      htmx: bool = True) -> tuple[int, str]:
        """Send one request; (status, body as text). Reconnects when the server closed
        the connection, as a browser does: after ``Connection: close``, or when an idle
        connection outlived the server's keep-alive (the answer is then an empty line,
        and the request is sent again on a new connection)."""
        if self.writer is None or self.writer.is_closing():
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        assert self.reader is not None and self.writer is not None
        body = urlencode(form).encode() if form is not None else b""
        head = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{self.port}",
                "Accept-Encoding: gzip"]
        if htmx:
            head.append("HX-Request: true")
        if form is not None:
            head += ["Content-Type: application/x-www-form-urlencoded",
                     f"Content-Length: {len(body)}"]
        raw = ("\r\n".join(head) + "\r\n").encode()
        if self.cookie:
            raw += b"Cookie: gin_session=" + self.cookie + b"\r\n"
        self.writer.write(raw + b"\r\n" + body)
        try:
            status_line = await self.reader.readline()
        except ConnectionError:
            status_line = b""
        if not status_line:  # closed while idle: once more on a new connection
            self.writer.close()
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
            self.writer.write(raw + b"\r\n" + body)
            status_line = await self.reader.readline()
        status = int(status_line.split()[1])
        length, chunked, gzipped, closing = 0, False, False, False
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.partition(b":")
            name = name.strip().lower()
            if name == b"content-length":
                length = int(value)
            elif name == b"transfer-encoding":
                chunked = b"chunked" in value.lower()
            elif name == b"content-encoding":
                gzipped = b"gzip" in value.lower()
            elif name == b"connection":
                closing = b"close" in value.lower()
            elif name == b"set-cookie":
                found = _COOKIE.search(value)
                if found:
                    self.cookie = found.group(1)
        if chunked:
            parts = []
            while (size := int((await self.reader.readline()).strip() or b"0", 16)):
                parts.append(await self.reader.readexactly(size))
                await self.reader.readline()
            await self.reader.readline()
            data = b"".join(parts)
        else:
            data = await self.reader.readexactly(length)
        if closing:
            self.writer.close()
        if gzipped:
            data = zlib.decompress(data, 31)
        return status, data.decode("utf-8", "replace")

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


# --- what a player taps -------------------------------------------------------------------


class AppPlayer:
    """A player of the app: reads the table it was sent and taps the next draw or discard
    (a new match when one ends), as ``bench/load.py``'s players do."""

    def __init__(self, port: int, rng: random.Random) -> None:
        self.conn = Connection(port)
        self.rng = rng
        self.page = ""
        self.taps = 0
        self.size = 0

    async def start(self) -> None:
        """Get a cookie and a match (before the warm-up)."""
        _, page = await self.conn.request("GET", "/play", htmx=False)
        version = _VERSION.search(page)
        await self.conn.request("POST", "/play/new", {
            "level": "standard", "version": version.group(1) if version else "0"}, htmx=False)
        _, self.page = await self.conn.request("GET", "/play", htmx=False)

    def next_form(self) -> tuple[str, dict[str, str] | None, bool]:
        page, version = self.page, _VERSION.search(self.page)
        if _NEW_MATCH_FORM_FIELD in page:
            return "/play/new", {"level": "standard",
                                 "version": version.group(1) if version else "0"}, False
        if version is None:  # the match is over: New match
            return "/play/new", None, False
        form = {"version": version.group(1)}
        enabled = {value for _id, value in _ENABLED.findall(page)}
        for step in ("next_hand", "pass", "draw_stock"):
            if step in enabled:
                return "/play", {**form, "action": step}, True
        playable = [(code, acts.split()) for code, acts in _CARD.findall(page)
                    if "discard" in acts.split()]
        if playable:
            code, acts = self.rng.choice(playable)
            finish = next(f for f in ("gin", "knock", "discard") if f in acts)
            return "/play", {**form, "action": finish, "card": code}, True
        return "/play/new", None, False  # nothing to tap (the match's end): New match

    async def tap(self) -> int:
        """One request; its status. A full page is fetched after a match ends (not a tap)."""
        path, form, is_tap = self.next_form()
        status, text = await self.conn.request("POST" if form else "GET", path, form,
                                               htmx=is_tap)
        if status == 303:
            _, text = await self.conn.request("GET", "/play", htmx=False)
        if is_tap:
            self.taps += 1
            self.size += len(text)
        self.page = text
        return status


class MinimalPlayer:
    """A player of the minimal app: ``POST /tap``."""

    def __init__(self, port: int, rng: random.Random) -> None:
        self.conn = Connection(port)
        self.form = {"player": f"{rng.getrandbits(128):032x}"}
        self.taps = 0
        self.size = 0

    async def start(self) -> None:
        await self.tap()

    async def tap(self) -> int:
        status, text = await self.conn.request("POST", "/tap", self.form)
        self.taps += 1
        self.size += len(text)
        return status


Player = AppPlayer | MinimalPlayer


# --- the two servers ----------------------------------------------------------------------


@dataclass
class Server:
    name: str
    process: subprocess.Popen[bytes]
    port: int
    make: Callable[[int, random.Random], Player]
    log: Path
    taps_per_second: float = 0.0
    cpu_ms: float = float("nan")
    players: int = 0
    steps: list[str] = field(default_factory=list)
    statuses: Counter[int] = field(default_factory=Counter)


def _pinned(core: int | None) -> list[str]:
    if core is None:
        return []
    if shutil.which("taskset") is None:
        print("warning: no taskset: the server is not pinned", file=sys.stderr)
        return []
    return ["taskset", "-c", str(core)]


def _wait_healthy(process: subprocess.Popen[bytes], port: int, log: Path) -> None:
    deadline = time.monotonic() + 60

    async def probe() -> int:
        conn = Connection(port)
        try:
            return (await conn.request("GET", "/healthz", htmx=False))[0]
        finally:
            conn.close()

    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"server exited: {log.read_text()[-2000:]}")
        try:
            if asyncio.run(probe()) == 200:
                return
        except (OSError, ValueError, IndexError, asyncio.IncompleteReadError):
            pass
        time.sleep(0.2)
    process.kill()
    raise SystemExit("server did not become healthy in 60 s")


def start_app(workdir: Path, core: int | None, root: Path = ROOT, name: str = "app",
              profile: Path | None = None) -> Server:
    """``python -m app`` of the checkout ``root`` (this one, or ``--baseline``'s) on a
    fresh SQLite file, one worker, no compute processes; every thread under ``cProfile``
    (``bench/profile_app.py``), writing ``profile`` when it stops, if given."""
    from app.core.db import run_migrations

    db_url = f"sqlite:///{workdir / (name + '.db')}"
    run_migrations(db_url)
    port = free_port()
    env = {**os.environ, "DATABASE_URL": db_url, "HOST": "127.0.0.1", "PORT": str(port),
           "WORKERS": "1", "COMPUTE_WORKERS": "0", "LOG_LEVEL": "warning", "DAILY_PARS": "0",
           "ANALYSE_HANDS": "false", "LIMIT_POSTS_PER_ADDRESS": "1000000/minute",
           "LIMIT_POSTS_PER_BROWSER": "1000000/minute"}
    log = workdir / f"{name}.log"
    command = (["-m", "app"] if profile is None
               else [str(ROOT / "bench" / "profile_app.py"), str(profile)])
    process = subprocess.Popen([*_pinned(core), sys.executable, *command],
                               cwd=root, env=env, stdout=log.open("wb"),
                               stderr=subprocess.STDOUT)
    _wait_healthy(process, port, log)
    return Server(name, process, port, AppPlayer, log)


def start_minimal(workdir: Path, core: int | None, page_bytes: int) -> Server:
    """``bench/minimal_app.py`` under Uvicorn, pages of ``page_bytes`` characters."""
    port = free_port()
    env = {**os.environ, "MINIMAL_DB": str(workdir / "minimal.db"),
           "MINIMAL_PAGE_BYTES": str(page_bytes)}
    log = workdir / "minimal.log"
    process = subprocess.Popen(
        [*_pinned(core), sys.executable, "-m", "uvicorn", "--app-dir", str(ROOT / "bench"),
         "minimal_app:app", "--host", "127.0.0.1", "--port", str(port), "--log-level",
         "warning", "--no-access-log"], cwd=ROOT, env=env, stdout=log.open("wb"),
        stderr=subprocess.STDOUT)
    _wait_healthy(process, port, log)
    return Server("minimal", process, port, MinimalPlayer, log)


def stop(server: Server) -> None:
    server.process.terminate()
    try:
        server.process.wait(15)
    except subprocess.TimeoutExpired:
        server.process.kill()


# --- the measurements ---------------------------------------------------------------------


@dataclass
class Generator:
    """This process's own CPU per request, over every measured window."""

    cpu: float = 0.0
    requests: int = 0


async def _players(server: Server, count: int, seed: int) -> list[Player]:
    rng = random.Random(seed)
    players = [server.make(server.port, random.Random(rng.random())) for _ in range(count)]
    for index in range(0, count, 20):  # made in batches before the warm-up starts
        await asyncio.gather(*(p.start() for p in players[index:index + 20]))
    return players


async def cpu_per_tap(server: Server, clients: int, warmup: float, seconds: float,
                      generator: Generator, seed: int) -> int:
    """Closed loop: ``clients`` players tap without pause; the server's CPU ms per tap
    over ``seconds`` after ``warmup``. Returns the mean answer size (characters)."""
    players = await _players(server, clients, seed)
    stop_at = time.monotonic() + warmup + seconds
    measuring = {"on": False}
    counted = [0]

    async def loop(player: Player) -> None:
        while time.monotonic() < stop_at:
            status = await player.tap()
            if measuring["on"]:
                counted[0] += 1
                server.statuses[status] += 1
    tasks = [asyncio.create_task(loop(p)) for p in players]
    await asyncio.sleep(warmup)
    measuring["on"] = True
    sizes_before = sum(p.size for p in players), sum(p.taps for p in players)
    cpu0, own0, t0 = cpu_seconds(server.process.pid)[0], time.process_time(), time.monotonic()
    await asyncio.sleep(seconds)
    cpu1, own1, t1 = cpu_seconds(server.process.pid)[0], time.process_time(), time.monotonic()
    answered = counted[0]
    measuring["on"] = False
    await asyncio.gather(*tasks)
    for p in players:
        p.conn.close()
    generator.cpu += own1 - own0
    generator.requests += answered
    server.cpu_ms = (cpu1 - cpu0) / max(1, answered) * 1000
    server.taps_per_second = answered / (t1 - t0)
    size = sum(p.size for p in players) - sizes_before[0]
    taps = sum(p.taps for p in players) - sizes_before[1]
    return size // max(1, taps)


async def players_at_p99(server: Server, start: int, growth: float, step_seconds: float,
                         warmup: float, pause: tuple[float, float], max_steps: int,
                         generator: Generator, seed: int) -> None:
    """Steps of more and more pausing players: the most whose taps' p99 ≤ 100 ms."""
    count = start
    for step in range(max_steps):
        players = await _players(server, count, seed + step)
        own0 = time.process_time()
        latencies = await _step(players, pause, warmup, step_seconds, random.Random(seed))
        generator.cpu += time.process_time() - own0
        generator.requests += len(latencies)
        for player in players:
            player.conn.close()
        p99 = percentile(latencies, 99) * 1000
        server.steps.append(f"{count} players: p99 {p99:.0f} ms (n={len(latencies)})")
        if not latencies or p99 > 100:
            return
        server.players = count
        count = max(count + 1, round(count * growth))


async def _step(players: list[Player], pause: tuple[float, float], warmup: float,
                seconds: float, rng: random.Random) -> list[float]:
    """Every player taps after a pause, for ``warmup`` + ``seconds``; the latencies (s)
    of the taps sent after the warm-up."""
    latencies: list[float] = []
    begin = time.monotonic()
    measure_from, stop_at = begin + warmup, begin + warmup + seconds

    async def play(player: Player) -> None:
        await asyncio.sleep(rng.uniform(0, pause[1]))  # arrive over one pause
        while time.monotonic() < stop_at:
            await asyncio.sleep(rng.uniform(*pause))
            measured = time.monotonic() >= measure_from
            sent = time.perf_counter()
            await player.tap()
            if measured:
                latencies.append(time.perf_counter() - sent)

    await asyncio.gather(*(play(p) for p in players))
    return latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--server-core", type=int, default=1)
    parser.add_argument("--client-core", type=int, default=0)
    parser.add_argument("--clients", type=int, default=8,
                        help="closed-loop clients of the CPU-per-tap measurement")
    parser.add_argument("--seconds", type=float, default=30.0,
                        help="measured seconds of the CPU-per-tap measurement")
    parser.add_argument("--warmup", type=float, default=10.0,
                        help="seconds tapped, not measured, before each measurement")
    parser.add_argument("--start-players", type=int, default=50)
    parser.add_argument("--growth", type=float, default=1.25)
    parser.add_argument("--step-seconds", type=float, default=30.0)
    parser.add_argument("--max-steps", type=int, default=12)
    parser.add_argument("--pause", type=float, nargs=2, default=(0.5, 2.0),
                        metavar=("MIN", "MAX"), help="seconds between a player's taps")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--baseline", type=Path, default=None,
                        help="another checkout (e.g. `git worktree add /tmp/base main`) "
                        "measured in the same run, CPU per tap only, interleaved")
    parser.add_argument("--rounds", type=int, default=1,
                        help="CPU-per-tap rounds (baseline, app, minimal each round)")
    parser.add_argument("--no-players", action="store_true",
                        help="CPU per tap only: skip the players-at-p99 steps")
    parser.add_argument("--profile", type=Path, default=None,
                        help="run the app under cProfile, its stats written here")
    args = parser.parse_args()
    if args.client_core is not None and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {args.client_core})
    workdir = Path(tempfile.mkdtemp(prefix="gin-tap-cost-"))
    generator = Generator()
    load_before = os.getloadavg()[0]

    def measure(server: Server, players: bool) -> int:
        """Both measurements of ``server`` (the players' only if ``players``), then stop
        it; the mean tap answer's size."""
        try:
            size = asyncio.run(cpu_per_tap(server, args.clients, args.warmup, args.seconds,
                                           generator, args.seed))
            if players:
                asyncio.run(players_at_p99(server, args.start_players, args.growth,
                                           args.step_seconds, args.warmup,
                                           tuple(args.pause), args.max_steps, generator,
                                           args.seed))
            return size
        finally:
            stop(server)

    rounds: list[list[Server]] = []
    page = 0
    try:
        for number in range(args.rounds):
            last = number == args.rounds - 1
            players = last and not args.no_players
            done: list[Server] = []
            if args.baseline is not None:
                base = start_app(workdir, args.server_core, args.baseline.resolve(), "baseline")
                measure(base, False)
                done.append(base)
            app = start_app(workdir, args.server_core,
                            profile=args.profile if last else None)
            page = measure(app, players)
            minimal = start_minimal(workdir, args.server_core, page)
            measure(minimal, players)
            rounds.append([*done, app, minimal])
            print(f"round {number + 1}: " + ", ".join(
                f"{server.name} {server.cpu_ms:.2f} ms" for server in rounds[-1])
                + f" (load average {os.getloadavg()[0]:.1f})", flush=True)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    print(f"server on core {args.server_core}, generator on core {args.client_core}; "
          f"{os.cpu_count()} CPUs; load average {load_before:.1f} before, "
          f"{os.getloadavg()[0]:.1f} after; a tap's answer {page:,} characters (the "
          "minimal app's page the same)")
    print(f"{'':<8} {'CPU/tap':>9} {'taps/s':>8} {'players p99<=100ms':>19}")
    for server in rounds[-1]:
        print(f"{server.name:<8} {server.cpu_ms:>7.2f}ms {server.taps_per_second:>8.0f} "
              f"{server.players:>19}   answers {dict(sorted(server.statuses.items()))}")
        for step in server.steps:
            print(f"           {step}")
    for number, servers in enumerate(rounds, 1):
        ms = {server.name: server.cpu_ms for server in servers}
        ratios = ", ".join(f"{name} {ms[name] / ms['minimal']:.2f}"
                           for name in ms if name != "minimal")
        print(f"round {number}: CPU per tap / the minimal app's: {ratios} (target <= 1.5)")
    app, minimal = rounds[-1][-2], rounds[-1][-1]
    if not args.no_players:
        players_ratio = minimal.players / app.players if app.players else float("nan")
        print(f"players minimal / app {players_ratio:.2f}")
    print(f"generator: {generator.cpu / max(1, generator.requests) * 1000:.2f} ms CPU per "
          f"request ({generator.requests} requests measured)")

if __name__ == "__main__":
    main()
