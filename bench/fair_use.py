"""Fair use, side by side (issue 27): another player's tap, quiet and while one client
abuses the server, in one run against one server.

Scenarios, each measured the same way (the victim's taps, one after another: a *sort*
tap of the play screen, ``POST /play`` with htmx, which reads the match and writes the
screen):

* **quiet** — nothing else runs;
* **hints** — one browser asks ``--hints`` hints at once, in a loop (Expert match);
* **importers** — ``--importers`` clients without a cookie upload a ~60 KB hand
  history file in a loop;
* **streams** — one browser opens ``--streams`` event streams of its friend match and
  keeps them open.

Printed: the victim's tap p50 and p95 per scenario, the ratio to quiet (target ≤ 1.5),
and how many of the abuser's requests were answered 429. Run it on a quiet machine
only; a smoke run: ``bench/fair_use.py --taps 5 --hints 2 --importers 1 --streams 5``.
The server it starts is pinned to ``--server-core`` (its compute workers too), this
generator to ``--client-core``.

Usage::

    .venv/bin/python bench/fair_use.py                 # starts a server on a temp DB
    .venv/bin/python bench/fair_use.py --url http://127.0.0.1:8000
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from load import percentile, start_server  # noqa: E402

from tests.support.histories import match_file  # noqa: E402

HX = {"HX-Request": "true"}
VERSION = re.compile(r'name="version" value="(\d+)"')
TOKEN = re.compile(r"/play/friend/([A-Za-z0-9_-]{32})")


def sixty_kb_file() -> str:
    """A valid hand history of about 60 KB: a match of random legal hands
    (``tests.support.histories.match_file``), read and checked whole by every import."""
    hands = 30
    while len(text := match_file(hands)) < 58_000:  # under the 64 KB an import may be
        hands += 1
    return text


async def version(client: httpx.AsyncClient) -> str:
    found = VERSION.search((await client.get("/play")).text)
    return found.group(1) if found else "0"


async def taps(victim: httpx.AsyncClient, count: int) -> list[float]:
    """``count`` sort taps one after another: their times in ms."""
    times = []
    for index in range(count):
        start = time.perf_counter()
        response = await victim.post("/play", data={"sort": ("rank", "suit")[index % 2]},
                                     headers=HX)
        times.append((time.perf_counter() - start) * 1000)
        response.raise_for_status()
    return times


async def loop(stop: asyncio.Event, statuses: Counter[int],
               request: Callable[[], Awaitable[httpx.Response]]) -> None:
    while not stop.is_set():
        with contextlib.suppress(httpx.HTTPError):
            statuses[(await request()).status_code] += 1


async def run(url: str, args: argparse.Namespace) -> None:
    limits = httpx.Limits(max_connections=None, max_keepalive_connections=None)
    timeout = httpx.Timeout(120)
    async with httpx.AsyncClient(base_url=url, timeout=timeout, limits=limits) as victim:
        await victim.post("/play/new", data={"level": "standard", "version": "0"})
        await taps(victim, 3)  # warm
        results: dict[str, tuple[list[float], Counter[int]]] = {}
        results["quiet"] = (await taps(victim, args.taps), Counter())

        async def under(name: str, abuse: Callable[[asyncio.Event, Counter[int]],
                                                   Awaitable[None]]) -> None:
            stop, statuses = asyncio.Event(), Counter[int]()
            task = asyncio.create_task(abuse(stop, statuses))
            await asyncio.sleep(args.settle)
            measured = await taps(victim, args.taps)
            stop.set()
            await task
            results[name] = (measured, statuses)

        async def hints(stop: asyncio.Event, statuses: Counter[int]) -> None:
            async with httpx.AsyncClient(base_url=url, timeout=timeout, limits=limits) as one:
                await one.post("/play/new", data={"level": "expert", "version": "0"})
                form = {"version": await version(one)}
                await asyncio.gather(*(loop(stop, statuses, lambda: one.post(
                    "/play/hint", data=form, headers=HX)) for _ in range(args.hints)))

        async def importers(stop: asyncio.Event, statuses: Counter[int]) -> None:
            text = sixty_kb_file()
            clients = [httpx.AsyncClient(base_url=url, timeout=timeout)
                       for _ in range(args.importers)]
            try:
                await asyncio.gather(*(loop(stop, statuses, lambda c=client: c.post(
                    "/play/history/import", files={"file": ("hand.txt", text.encode())}))
                    for client in clients))
            finally:
                for client in clients:
                    await client.aclose()

        async def streams(stop: asyncio.Event, statuses: Counter[int]) -> None:
            async with httpx.AsyncClient(base_url=url, timeout=timeout, limits=limits) as host, \
                    httpx.AsyncClient(base_url=url, timeout=timeout) as guest:
                await host.post("/play/friend", data={"name": "Ann", "version": "0"})
                token = TOKEN.search((await host.get("/play")).text)
                assert token, "no invite link"
                await guest.post(f"/play/friend/{token.group(1)}", data={"name": "Bob"})
                async with contextlib.AsyncExitStack() as stack:
                    for _ in range(args.streams):
                        response = await stack.enter_async_context(
                            host.stream("GET", "/play/events"))
                        statuses[response.status_code] += 1
                    await stop.wait()

        await under("hints", hints)
        await under("importers", importers)
        await under("streams", streams)

    quiet = statistics.median(results["quiet"][0])
    labels = {"quiet": "quiet", "hints": f"{args.hints} parallel hints",
              "importers": f"{args.importers} looping importers",
              "streams": f"{args.streams} streams, one cookie"}
    print(f"another player's tap, {args.taps} taps per scenario, side by side in one run")
    print(f"{'scenario':<26} {'tap p50':>9} {'tap p95':>9} {'× quiet':>8} {'≤ 1.5':>6}  "
          "abuser's answers")
    met = True
    for name, (times, statuses) in results.items():
        p50 = statistics.median(times)
        ok = p50 / quiet <= 1.5
        met = met and ok
        print(f"{labels[name]:<26} {p50:>7.1f}ms {percentile(times, 95):>7.1f}ms "
              f"{p50 / quiet:>8.2f} {'yes' if ok else 'NO':>6}  "
              f"{dict(sorted(statuses.items()))}")
    print("target (each p50 ≤ 1.5 × quiet):", "met" if met else "NOT met")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="a running server (default: start one)")
    parser.add_argument("--taps", type=int, default=200)
    parser.add_argument("--hints", type=int, default=8)
    parser.add_argument("--importers", type=int, default=3)
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--settle", type=float, default=2.0,
                        help="seconds the abuse runs before the taps are measured")
    parser.add_argument("--server-core", type=int, default=1,
                        help="the core the server started here (and its compute "
                        "workers) is pinned to (taskset)")
    parser.add_argument("--client-core", type=int, default=0,
                        help="the core this generator is pinned to")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {args.client_core})
    if args.url:
        asyncio.run(run(args.url, args))
        return
    workdir = Path(tempfile.mkdtemp(prefix="fair-use-"))
    process, url, _db = start_server(workdir, workers=1)
    if shutil.which("taskset"):  # every thread of it; its compute workers inherit it
        subprocess.run(["taskset", "-a", "-cp", str(args.server_core), str(process.pid)],
                       check=True, stdout=subprocess.DEVNULL)
    try:
        asyncio.run(run(url, args))
    finally:
        process.terminate()
        process.wait(30)
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
