"""Play screen weight and speed: first-load bytes, bytes per tap, server time per tap.

Run: ``.venv/bin/python bench/web.py [--taps 400] [--level standard] [--seed 1]``.

Prints:

* the first page load of ``/play`` with a match in progress: the HTML and every asset it
  links (CSS, htmx, favicon; the cards are HTML + CSS, there is no card art to fetch),
  each as sent gzip-compressed by the app (target: total ≤ 60 KB);
* the size of each tap's htmx response as sent (gzip), by kind of tap: game actions
  (the person's move and the computer's reply), selecting a card, sorting (target:
  ≤ 8 KB each);
* the server time per tap, p50/p95/max, measured around the in-process ASGI call (the
  request goes through every middleware, the SQLite database on disk, the replay cache
  and the template), for game actions including the computer's reply (target p95 ≤ 20 ms).
  A second figure forces a cold rebuild on every tap (what the first tap after a restart
  costs: the finished hands' results are read, the current hand alone is replayed).

Matches are played by a random legal player (taps a card, then Discard/Knock/Gin, with
knocks taken 70% of the time) against the computer at ``--level``; new matches are
started as needed until ``--taps`` game actions have been timed.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import re
import statistics
import sys
import tempfile
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

import httpx  # noqa: E402
from sqlmodel import Session  # noqa: E402

from app import play  # noqa: E402
from app.core.config import Settings  # noqa: E402
from app.core.db import run_migrations  # noqa: E402
from app.engine import HandSeed, NextHand, Phase, Rules, apply_match, new_match  # noqa: E402
from app.engine.bots import choose_action  # noqa: E402
from app.engine.hand import BigGin, Discard, Gin, Knock  # noqa: E402
from app.engine.match import match_view, resume  # noqa: E402
from app.main import create_app  # noqa: E402
from app.table import storage  # noqa: E402
from app.web.sessions import COOKIE_NAME, read_session_id  # noqa: E402

FIRST_LOAD_TARGET = 60 * 1024
TAP_TARGET = 8 * 1024
P95_TARGET_MS = 20.0
GZIP = {"Accept-Encoding": "gzip"}
HTMX = {"HX-Request": "true", "Accept-Encoding": "gzip"}


def wire_bytes(response: httpx.Response) -> int:
    """Bytes of the body as sent (compressed when the app gzipped it)."""
    return int(response.num_bytes_downloaded)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def first_load(client: TestClient) -> list[tuple[str, int, int]]:
    """(URL, bytes as sent, bytes uncompressed) of /play and every asset it links."""
    page = client.get("/play", headers=GZIP)
    rows = [("/play", wire_bytes(page), len(page.content))]
    for url in re.findall(r'(?:href|src)="(/static/[^"]+)"', page.text):
        asset = client.get(url, headers=GZIP)
        assert asset.status_code == 200, url
        rows.append((url.split("?")[0], wire_bytes(asset), len(asset.content)))
    return rows


class Bench:
    """Plays through the htmx endpoints and records size and time per tap."""

    def __init__(self, client: TestClient, app_engine: object, rng: random.Random,
                 level: str, cold: bool) -> None:
        self.client, self.engine, self.rng, self.level, self.cold = \
            client, app_engine, rng, level, cold
        self.times: dict[str, list[float]] = {"action": [], "select": [], "sort": []}
        self.longest_log = 0
        self.sizes: dict[str, list[int]] = {"action": [], "select": [], "sort": []}

    def stored(self) -> tuple[Any, play.MatchState]:  # type: ignore[name-defined]
        with Session(self.engine) as db:  # type: ignore[arg-type]
            loaded = storage.load(db, read_session_id(
                self.engine, self.client.cookies[COOKIE_NAME]) or "")  # type: ignore[arg-type]
            assert loaded is not None
            return loaded.seat, loaded.match

    def tap(self, kind: str, data: dict[str, str]) -> httpx.Response:
        if self.cold:
            play.forget_cache()
        start = time.perf_counter()
        response = self.client.post("/play", data=data, headers=HTMX)
        elapsed = (time.perf_counter() - start) * 1000
        assert response.status_code == 200, response.text[:300]
        self.times[kind].append(elapsed)
        self.sizes[kind].append(wire_bytes(response))
        return response

    def run(self, taps: int) -> None:
        self.client.post("/play/new", data={"level": self.level})
        while len(self.times["action"]) < taps:
            row, match = self.stored()
            version = str(row.version)
            self.longest_log = max(self.longest_log, len(match.hand_log))
            if match.over:
                self.client.post("/play/new", data={"level": self.level,
                                                    "version": version})
                continue
            view = match_view(match, 0)
            if view.phase is Phase.OVER:
                self.tap("action", {"action": "next_hand", "version": version})
                continue
            if view.phase is not Phase.DISCARD:
                choice = self.rng.choice([str(a) for a in view.legal])
                self.tap("action", {"action": choice, "version": version})
                continue
            if self.rng.random() < 0.1:
                self.tap("sort", {"sort": self.rng.choice(play.SORTS)})
            finishing = [a for a in view.legal if isinstance(a, Knock | Gin | BigGin)]
            if finishing and self.rng.random() < 0.7:
                action = self.rng.choice(finishing)
            else:
                action = self.rng.choice([a for a in view.legal if isinstance(a, Discard)])
            if isinstance(action, BigGin):
                self.tap("action", {"action": "big_gin", "version": version})
                continue
            self.tap("select", {"select": str(action.card)})
            self.tap("action", {"action": str(action).split()[0], "version": version})


def report(name: str, values: list[float], fmt: Callable[[float], str]) -> str:
    return (f"  {name:<34} n={len(values):<5} p50 {fmt(statistics.median(values))}"
            f"  p95 {fmt(percentile(values, 95))}  max {fmt(max(values))}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--taps", type=int, default=400, help="game actions to time")
    parser.add_argument("--level", default="standard")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'bench.db'}"
        run_migrations(url)
        app = create_app(Settings(database_url=url, log_level="warning"))
        with TestClient(app) as client:
            print(f"Python {platform.python_version()} on {platform.machine()}, "
                  f"{os.cpu_count()} CPUs, load average "
                  f"{os.getloadavg()[0]:.1f}; SQLite file, in-process ASGI")
            warm = Bench(client, app.state.engine, random.Random(args.seed), args.level,
                         cold=False)
            warm.run(args.taps)

            print("\nFirst load of /play (match in progress), bytes as sent (gzip):")
            rows = first_load(client)
            for url_path, sent, raw in rows:
                print(f"  {url_path:<26} {sent:>7,} B  ({raw:,} B uncompressed)")
            total = sum(sent for _, sent, _ in rows)
            print(f"  {'total':<26} {total:>7,} B  = {total / 1024:.1f} KB  "
                  f"(target ≤ {FIRST_LOAD_TARGET // 1024} KB: "
                  f"{'ok' if total <= FIRST_LOAD_TARGET else 'OVER'})")

            print("\nTap responses (htmx), bytes as sent (gzip):")
            for kind, sizes in warm.sizes.items():
                if sizes:
                    print(report(kind, [float(s) for s in sizes], lambda v: f"{v:6,.0f} B"))
            biggest = max(max(s) for s in warm.sizes.values() if s)
            print(f"  largest tap response {biggest:,} B (target ≤ {TAP_TARGET // 1024} KB: "
                  f"{'ok' if biggest <= TAP_TARGET else 'OVER'})")

            print("\nServer time per tap, ms (request in, response out):")
            for kind, times in warm.times.items():
                if times:
                    label = "action + computer reply" if kind == "action" else kind
                    print(report(label, times, lambda v: f"{v:6.2f}"))
            p95 = percentile(warm.times["action"], 95)
            print(f"  action p95 {p95:.2f} ms (target ≤ {P95_TARGET_MS:.0f} ms: "
                  f"{'ok' if p95 <= P95_TARGET_MS else 'OVER'})")

        # Cold: the replay cache emptied before every tap (a restart before each tap).
        app = create_app(Settings(database_url=url, log_level="warning"))
        with TestClient(app) as client:
            cold = Bench(client, app.state.engine, random.Random(args.seed + 1), args.level,
                         cold=True)
            cold.run(max(100, args.taps // 2))
            print(report("action, cold replay every tap", cold.times["action"],
                         lambda v: f"{v:6.2f}"))
            print(f"  (cold taps replayed hand logs of up to {cold.longest_log} actions)")

        # The replay itself: a cold tap rebuilds the current hand only, from the
        # finished hands' results; here the longest hand of a whole computer-vs-computer
        # match, resumed at its end.
        rng = random.Random(args.seed)
        match = new_match(Rules(), HandSeed(rng.randbytes(32).hex(), "bench"))
        longest = match
        while not match.over:
            if match.hand.phase is Phase.OVER:
                match, _ = apply_match(match, 0, NextHand(HandSeed(rng.randbytes(32).hex(),
                                                                   "bench")))
                continue
            seat = match.hand.to_play
            action = choose_action(args.level, match_view(match, seat), rng)
            match, _ = apply_match(match, seat, action)
            if len(match.hand_log) > len(longest.hand_log):
                longest = match
        replays = []
        finished = longest.records[:longest.hand_number - 1]
        for _ in range(20):
            start = time.perf_counter()
            resume(longest.rules, longest.first_dealer, finished, longest.seed,
                   longest.hand_log)
            replays.append((time.perf_counter() - start) * 1000)
        print(f"  replay of the longest hand of a {args.level}-vs-{args.level} match "
              f"({len(longest.hand_log)} actions; the match had {match.hand_number} hands): "
              f"median {statistics.median(replays):.2f} ms — the most a cold tap adds")


if __name__ == "__main__":
    main()
