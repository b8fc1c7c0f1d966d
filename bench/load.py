"""Load benchmark: many simulated players against one running server.

Each simulated player is its own browser (own cookie) and plays whole hands through the
play screen the way a person does — it reads the page it was sent, picks a card (locally,
as the phone table does) and taps Discard, Knock or Gin with it; takes or passes the
upcard; draws; taps Next hand; starts a New match when one ends — with a realistic pause
between taps. Taps are htmx requests (the blocks), as in a browser with JavaScript.

While the players play, a closed loop of clients fetches the trivial ``/healthz`` for the
last seconds of the run; its throughput is printed next to the players' as a ratio.

At the end every stored match is checked: its log replays with the engine, after every
action the hand holds 52 different cards, and the scores the server last showed each
player equal the scores of the replayed log.

Usage::

    .venv/bin/python bench/load.py                      # starts a server on a temp DB
    .venv/bin/python bench/load.py --players 300 --duration 120
    .venv/bin/python bench/load.py --players 60 --expert-share 0.25   # Expert thinking
    .venv/bin/python bench/load.py --url http://127.0.0.1:8000 --db-url sqlite:///data/gin.db

Targets on a 2-core machine: 0 errors, 0 damaged states, p99 ≤ 100 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.core.collector import tuned_gc  # noqa: E402
from app.engine import CARDS, Rules  # noqa: E402
from app.engine.match import NextHand, apply_match, new_match, parse_match_action  # noqa: E402

HTMX = {"HX-Request": "true"}
_VERSION = re.compile(r'name="version" value="(\d+)"')
_ENABLED = re.compile(r'<button id="a-(\w+)"[^>]*value="(\w+)"(?![^>]*\bdisabled\b)[^>]*>')
# A card of the person's hand on the phone table: a radio carrying what its discard allows.
_CARD = re.compile(r'name="card" value="([A2-9TJQK][CDHS])"[^>]*?data-acts="([^"]*)"')
_SCORES = re.compile(r"You <strong>(\d+)</strong></span> <span>Computer <strong>(\d+)</strong>")
_NEW_MATCH_FORM_FIELD = 'name="level"'


# --- measurements ---------------------------------------------------------------------------


@dataclass
class Stats:
    """Request latencies (seconds) and failures, by kind."""

    latencies: list[float] = field(default_factory=list)
    warmup: list[float] = field(default_factory=list)
    probe_window: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    refused: int = 0
    hands: int = 0
    matches: int = 0


@dataclass
class Seen:
    """What the server last showed one player: page version and match scores."""

    version: int | None = None
    scores: tuple[int, int] | None = None


def percentile(values: list[float], p: float) -> float:
    """The ``p``-th percentile (0–100) by nearest rank."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))
    return ordered[index]


# --- one simulated player ----------------------------------------------------------------------


class Player:
    """A person at one browser, playing against the computer until the run ends."""

    def __init__(self, url: str, stats: Stats, rng: random.Random, pause: tuple[float, float],
                 warm_until: float, probe_from: float, level: str = "standard") -> None:
        self.client = httpx.AsyncClient(base_url=url, timeout=30)
        self.stats = stats
        self.rng = rng
        self.pause = pause
        self.warm_until = warm_until
        self.probe_from = probe_from
        self.seen = Seen()
        self.session_id = ""
        self.level = level

    async def request(self, method: str, path: str, data: dict[str, str] | None = None,
                      htmx: bool = True) -> str:
        start = time.perf_counter()
        try:
            response = await self.client.request(
                method, path, data=data, headers=HTMX if htmx else None,
                follow_redirects=False,
            )
        except httpx.HTTPError as error:
            self.stats.errors.append(f"{method} {path}: {type(error).__name__}")
            return ""
        elapsed = time.perf_counter() - start
        if start < self.warm_until:
            self.stats.warmup.append(elapsed)
        elif start >= self.probe_from:
            self.stats.probe_window.append(elapsed)
        else:
            self.stats.latencies.append(elapsed)
        if response.status_code >= 500:
            self.stats.errors.append(f"{method} {path}: {response.status_code}")
            return ""
        if response.status_code >= 400:
            self.stats.refused += 1
        if response.status_code == 303:
            return await self.request("GET", response.headers["location"], htmx=False)
        text = response.text
        version = _VERSION.search(text)
        if version and _NEW_MATCH_FORM_FIELD not in text:
            self.seen.version = int(version.group(1))
        scores = _SCORES.search(text)
        if scores:
            self.seen.scores = (int(scores.group(1)), int(scores.group(2)))
        return text

    async def think(self) -> None:
        await asyncio.sleep(self.rng.uniform(*self.pause))

    async def play(self, deadline: float) -> None:
        """Play until ``deadline`` (monotonic seconds), one tap at a time."""
        page = await self.request("GET", "/play", htmx=False)
        self.session_id = self.client.cookies.get("gin_session") or ""
        while time.monotonic() < deadline:
            await self.think()
            if not page:
                page = await self.request("GET", "/play", htmx=False)
                continue
            page = await self.tap(page)

    async def tap(self, page: str) -> str:
        version = _VERSION.search(page)
        if _NEW_MATCH_FORM_FIELD in page:  # the New match form: no match yet, or it ended
            self.stats.matches += 1
            form = {"level": self.level, "version": version.group(1) if version else "0"}
            return await self.request("POST", "/play/new", form, htmx=False)
        if version is None:  # the match is over: tap New match
            return await self.request("GET", "/play/new", htmx=False)
        form = {"version": version.group(1)}
        enabled = {value for _id, value in _ENABLED.findall(page)}
        cards = _CARD.findall(page)
        if "next_hand" in enabled:
            self.stats.hands += 1
            return await self.request("POST", "/play", {**form, "action": "next_hand"})
        for take, chance in (("take_upcard", 0.3), ("take_discard", 0.25)):
            if take in enabled and self.rng.random() < chance:
                return await self.request("POST", "/play", {**form, "action": take})
        for step in ("pass", "draw_stock"):
            if step in enabled:
                return await self.request("POST", "/play", {**form, "action": step})
        # The discard step: selecting a card is local (no request); the tap that counts
        # posts the card with Gin, Knock or Discard, whichever its discard allows.
        playable = [(code, acts.split()) for code, acts in cards if "discard" in acts.split()]
        if playable:
            code, acts = self.rng.choice(playable)
            finish = next(f for f in ("gin", "knock", "discard") if f in acts)
            return await self.request("POST", "/play", {**form, "action": finish, "card": code})
        return await self.request("GET", "/play", htmx=False)

    async def close(self) -> None:
        await self.client.aclose()


async def probe_healthz(url: str, start_at: float, deadline: float, clients: int
                        ) -> tuple[int, float]:
    """Closed loop of ``clients`` fetching /healthz from ``start_at`` to ``deadline``."""
    await asyncio.sleep(max(0.0, start_at - time.monotonic()))
    count = 0
    began = time.monotonic()

    async def loop() -> None:
        nonlocal count
        async with httpx.AsyncClient(base_url=url, timeout=30) as client:
            while time.monotonic() < deadline:
                try:
                    response = await client.get("/healthz")
                except httpx.HTTPError:
                    await asyncio.sleep(0.1)
                    continue
                if response.status_code == 200:
                    count += 1

    await asyncio.gather(*(loop() for _ in range(clients)))
    return count, time.monotonic() - began


# --- integrity ------------------------------------------------------------------------------


def check_integrity(db_url: str, seen: dict[str, Seen]
                    ) -> tuple[int, int, int, list[str]]:
    """Replay every stored match; return (matches checked, actions replayed, scores
    compared with what the server last showed, problems)."""
    from sqlmodel import Session, select

    from app.core.db import create_db_engine
    from app.core.models import PlayMatch, PlaySeat
    from app.table.storage import match_history
    from app.web.sessions import read_session_id

    engine = create_db_engine(db_url)
    # ``seen`` is by cookie; the rows name the history a cookie opens.
    by_history = {read_session_id(engine, cookie): shown for cookie, shown in seen.items()}
    problems: list[str] = []
    actions = compared = 0
    with Session(engine) as db:
        rows = []
        for seat in db.exec(select(PlaySeat)).all():
            game = db.get(PlayMatch, seat.match_id)
            assert game is not None
            rows.append((seat, game, *match_history(db, game)))
    engine.dispose()
    full_deck = set(CARDS)
    for row, game, seeds, log in rows:
        try:
            match = new_match(Rules.from_dict(game.rules), seeds[0], game.first_dealer)
            for player, text in log:
                action = parse_match_action(text)
                if isinstance(action, NextHand) and len(seeds) > 1:
                    action = NextHand(seeds[match.hand_number])
                match, _ = apply_match(match, player, action)
                actions += 1
                cards = match.hand.cards_in_play()
                if len(cards) != 52 or set(cards) != full_deck:
                    problems.append(f"{row.session_id[:8]}: {len(cards)} cards after {text!r}")
                    break
        except Exception as error:  # a log that does not replay is a damaged state
            problems.append(f"{row.session_id[:8]}: does not replay: {error}")
            continue
        last = by_history.get(row.session_id)
        if last is not None and last.version == row.version and last.scores is not None:
            compared += 1
            if last.scores != match.scores:
                problems.append(f"{row.session_id[:8]}: showed {last.scores}, "
                                f"replay gives {match.scores}")
    return len(rows), actions, compared, problems


def server_times(log: Path) -> list[float]:
    """Milliseconds per request from the server's access log (``"POST /play" 200 3.1ms``),
    /healthz left out: the time inside the app, without the client's or the network's."""
    pattern = re.compile(r'"(?:GET|POST) (/\S*)" \d+ ([0-9.]+)ms')
    return [float(m.group(2)) for m in pattern.finditer(log.read_text(errors="replace"))
            if m.group(1) != "/healthz"]


# --- a server of our own ------------------------------------------------------------------------


def cpu_seconds(pid: int) -> tuple[float, float]:
    """CPU seconds (user + system) used so far by process ``pid`` and, apart, by all its
    live descendants (the compute workers), read from ``/proc``; (nan, nan) elsewhere."""
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100

    def stat(p: int) -> tuple[int, float]:
        with open(f"/proc/{p}/stat") as file:
            fields = file.read().rsplit(")", 1)[1].split()
        return int(fields[1]), (int(fields[11]) + int(fields[12])) / tick

    try:
        own = stat(pid)[1]
    except OSError:
        return float("nan"), float("nan")
    parents, family = {pid}, 0.0
    rows = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                rows.append((int(entry), *stat(int(entry))))
            except OSError:
                continue
    grew = True
    while grew:
        grew = False
        for child, parent, seconds in rows:
            if parent in parents and child not in parents:
                parents.add(child)
                family += seconds
                grew = True
    return own, family


def free_port() -> int:
    """A free TCP port on 127.0.0.1."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(workdir: Path, workers: int) -> tuple[subprocess.Popen[bytes], str, str]:
    """Migrate a fresh SQLite file and start ``python -m app`` on it; (process, url, db)."""
    from app.core.db import run_migrations

    db_url = f"sqlite:///{workdir / 'load.db'}"
    run_migrations(db_url)
    port = free_port()
    env = {**os.environ, "DATABASE_URL": db_url, "HOST": "127.0.0.1", "PORT": str(port),
           "WORKERS": str(workers), "LOG_LEVEL": "info",  # one access-log line a request
           # No daily par: a whole hand of Expert's full search, started with the server,
           # would be counted in the figures (every benchmark's server has it off).
           "DAILY_PARS": "0"}
    log = open(workdir / "server.log", "wb")  # noqa: SIM115 - closed with the process
    process = subprocess.Popen([sys.executable, "-m", "app"], cwd=ROOT, env=env,
                               stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"server exited: {(workdir / 'server.log').read_text()[-2000:]}")
        try:
            if httpx.get(f"{url}/healthz", timeout=2).status_code == 200:
                return process, url, db_url
        except httpx.TransportError:
            pass
        time.sleep(0.1)
    process.kill()
    raise SystemExit("server did not become healthy in 30 s")


# --- main ---------------------------------------------------------------------------------


async def run(url: str, players: int, duration: float, pause: tuple[float, float],
              warmup: float, probe_seconds: float, probe_clients: int, seed: int,
              expert_share: float = 0.0) -> tuple[Stats, dict[str, Seen], tuple[int, float]]:
    """Run the players and the /healthz probe; return the stats, what each player last saw
    (by session id) and the probe's (count, seconds). The first ``expert_share`` of the
    players play the Expert computer, the others Standard."""
    stats = Stats()
    start = time.monotonic()
    deadline = start + duration
    probe_from = deadline - probe_seconds
    # Players' latencies are filed by perf_counter against the warm-up and probe windows.
    now = time.perf_counter()
    warm_until, probe_from_perf = now + warmup, now + (probe_from - start)
    rng = random.Random(seed)
    experts = round(expert_share * players)
    crowd = [Player(url, stats, random.Random(rng.random()), pause, warm_until,
                    probe_from_perf, "expert" if i < experts else "standard")
             for i in range(players)]

    async def staggered(i: int, player: Player) -> None:
        await asyncio.sleep(pause[1] * i / players)  # arrive over one pause, not at once
        await player.play(deadline)

    probe = asyncio.create_task(probe_healthz(url, probe_from, deadline, probe_clients))
    await asyncio.gather(*(staggered(i, p) for i, p in enumerate(crowd)))
    health = await probe
    for player in crowd:
        await player.close()
    return stats, {p.session_id: p.seen for p in crowd}, health


def main() -> None:
    """Parse the arguments, run the load, check the stored states, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="a running server (default: start one on a temp DB)")
    parser.add_argument("--db-url", help="the running server's DATABASE_URL, for the check")
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--duration", type=float, default=60.0, help="seconds")
    parser.add_argument("--pause", type=float, nargs=2, default=(0.5, 2.0),
                        metavar=("MIN", "MAX"), help="seconds between a player's taps")
    parser.add_argument("--warmup", type=float, default=10.0,
                        help="first seconds (everyone starting a match) reported apart")
    parser.add_argument("--probe-seconds", type=float, default=10.0,
                        help="the last seconds, during which /healthz is also measured")
    parser.add_argument("--probe-clients", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--expert-share", type=float, default=0.0,
                        help="fraction of the players playing the Expert computer (issue 13)")
    parser.add_argument("--workers", type=int, default=1,
                        help="Uvicorn worker processes of the server this script starts")
    args = parser.parse_args()

    workdir = Path(tempfile.mkdtemp(prefix="gin-load-"))
    process = None
    url, db_url = args.url, args.db_url
    if url is None:
        process, url, db_url = start_server(workdir, args.workers)
    load_before = os.getloadavg()[0]
    cpu_before = cpu_seconds(process.pid) if process else (float("nan"), float("nan"))
    try:
        began = time.monotonic()
        with tuned_gc():  # the players share one process: its pauses are not the server's
            stats, seen, (health_count, health_seconds) = asyncio.run(run(
                url, args.players, args.duration, tuple(args.pause), args.warmup,
                args.probe_seconds, args.probe_clients, args.seed, args.expert_share))
        elapsed = time.monotonic() - began
        cpu_after = cpu_seconds(process.pid) if process else (float("nan"), float("nan"))
    finally:
        if process is not None:
            if process.poll() is not None:
                print(f"the server died (exit {process.returncode}); its log: "
                      f"{workdir / 'server.log'}")
                raise SystemExit(1)
            process.send_signal(signal.SIGTERM)
            process.wait(timeout=15)

    all_latencies = stats.latencies + stats.warmup + stats.probe_window
    total = len(all_latencies) + len(stats.errors)
    rps = len(all_latencies) / elapsed
    health_rps = health_count / health_seconds if health_seconds else float("nan")
    ms = [x * 1000 for x in stats.latencies]
    ms_probe = [x * 1000 for x in stats.probe_window]
    server = f"own, {args.workers} worker(s)" if process else url
    print(f"players {args.players} ({args.expert_share:.0%} against Expert), "
          f"{args.duration:.0f} s, pauses {args.pause[0]}–"
          f"{args.pause[1]} s, {os.cpu_count()} CPUs, server {server}; load average "
          f"{load_before:.1f} before, {os.getloadavg()[0]:.1f} after")
    print(f"requests {total} ({rps:.1f}/s), errors {len(stats.errors)}, refused (4xx) "
          f"{stats.refused}, hands finished {stats.hands}, matches started {stats.matches}")
    ms_warm = [x * 1000 for x in stats.warmup]
    print(f"latency ms (first {args.warmup:.0f} s, all players arriving, n={len(ms_warm)}): "
          f"p50 {percentile(ms_warm, 50):.1f}, p95 {percentile(ms_warm, 95):.1f}, "
          f"p99 {percentile(ms_warm, 99):.1f}")
    print(f"latency ms (steady play, n={len(ms)}): "
          f"p50 {percentile(ms, 50):.1f}, p95 {percentile(ms, 95):.1f}, "
          f"p99 {percentile(ms, 99):.1f}, max {max(ms, default=float('nan')):.1f}, "
          f"mean {statistics.fmean(ms) if ms else float('nan'):.1f}")
    print(f"latency ms (during the /healthz window, n={len(ms_probe)}): "
          f"p50 {percentile(ms_probe, 50):.1f}, p95 {percentile(ms_probe, 95):.1f}, "
          f"p99 {percentile(ms_probe, 99):.1f}")
    print(f"/healthz closed loop ({args.probe_clients} clients, {health_seconds:.1f} s, "
          f"alongside the players): {health_rps:.0f} req/s; players' {rps:.1f} req/s is "
          f"{rps / health_rps:.3f} of it")
    for error in stats.errors[:10]:
        print("  error:", error)
    if db_url is None:
        print("integrity: skipped (give --db-url for a server started elsewhere)")
        damaged = 0
    else:
        checked, actions, compared, problems = check_integrity(db_url, seen)
        damaged = len(problems)
        print(f"integrity: {checked} stored matches, {actions} actions replayed (52 distinct "
              f"cards after each), {compared} shown scores equal to the replay, "
              f"{damaged} damaged")
        for problem in problems[:10]:
            print("  damaged:", problem)
    if process is not None:
        server_ms = server_times(workdir / "server.log")
        print(f"server-side time ms (its access log, n={len(server_ms)}): "
              f"p50 {percentile(server_ms, 50):.1f}, p95 {percentile(server_ms, 95):.1f}, "
              f"p99 {percentile(server_ms, 99):.1f}")
        own, family = (after - before for after, before in zip(cpu_after, cpu_before, strict=True))
        print(f"server CPU over the run: {own:.1f} s in the server process "
              f"({own / elapsed:.0%} of one core, {own / max(1, total) * 1000:.1f} ms per "
              f"request), {family:.1f} s in its compute workers (computer moves, hand "
              f"analysis at low priority)")
        shutil.rmtree(workdir, ignore_errors=True)
    ok = not stats.errors and not damaged and percentile(ms, 99) <= 100
    print("targets (0 errors, 0 damaged, p99 <= 100 ms):", "met" if ok else "NOT met")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
