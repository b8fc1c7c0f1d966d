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
generator to ``--client-core``. Each abuser runs in a process of its own on the
generator's core at ``nice 10``, and the victim's taps are measured once the abuser is
at full strength (the streams all opened): the victim's timings then hold the server's
slowdown, not the abuser's own client work (with both in one event loop the flood of
answers to the abuser delayed the victim's taps in the generator).

Usage::

    .venv/bin/python bench/fair_use.py                 # starts a server on a temp DB
    .venv/bin/python bench/fair_use.py --url http://127.0.0.1:8000
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import shutil
import signal
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
LIMITS = httpx.Limits(max_connections=None, max_keepalive_connections=None)
TIMEOUT = httpx.Timeout(120)
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


async def abuse(name: str, url: str, args: argparse.Namespace) -> None:
    """The abuser of scenario ``name`` (``--abuse``, a process of its own): says
    ``ready`` on stdout once it is at full strength (the hints asked, the importers
    started, every stream opened or refused), abuses until SIGTERM, then prints its
    answers by status as JSON."""
    stop, statuses = asyncio.Event(), Counter[int]()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)

    def ready() -> None:
        print("ready", flush=True)

    if name == "hints":
        async with httpx.AsyncClient(base_url=url, timeout=TIMEOUT, limits=LIMITS) as one:
            await one.post("/play/new", data={"level": "expert", "version": "0"})
            form = {"version": await version(one)}
            ready()
            await asyncio.gather(*(loop(stop, statuses, lambda: one.post(
                "/play/hint", data=form, headers=HX)) for _ in range(args.hints)))
    elif name == "importers":
        text = sixty_kb_file()
        clients = [httpx.AsyncClient(base_url=url, timeout=TIMEOUT)
                   for _ in range(args.importers)]
        ready()
        try:
            await asyncio.gather(*(loop(stop, statuses, lambda c=client: c.post(
                "/play/history/import", files={"file": ("hand.txt", text.encode())}))
                for client in clients))
        finally:
            for client in clients:
                await client.aclose()
    else:
        async with httpx.AsyncClient(base_url=url, timeout=TIMEOUT, limits=LIMITS) as host, \
                httpx.AsyncClient(base_url=url, timeout=TIMEOUT) as guest:
            await host.post("/play/friend", data={"name": "Ann", "version": "0"})
            token = TOKEN.search((await host.get("/play")).text)
            assert token, "no invite link"
            await guest.post(f"/play/friend/{token.group(1)}", data={"name": "Bob"})
            async with contextlib.AsyncExitStack() as stack:
                for _ in range(args.streams):
                    response = await stack.enter_async_context(
                        host.stream("GET", "/play/events"))
                    statuses[response.status_code] += 1
                ready()  # measured while the streams are held, not while they open
                await stop.wait()
    print(json.dumps(statuses), flush=True)


async def run(url: str, args: argparse.Namespace) -> None:
    """Each scenario's abuser in a process of its own, niced on the generator's core, so
    that its client work (the abuser's own HTTP client) does not delay the victim's
    measured taps: what is measured is the server's share."""
    async with httpx.AsyncClient(base_url=url, timeout=TIMEOUT, limits=LIMITS) as victim:
        await victim.post("/play/new", data={"level": "standard", "version": "0"})
        await taps(victim, 3)  # warm
        results: dict[str, tuple[list[float], Counter[int]]] = {}
        results["quiet"] = (await taps(victim, args.taps), Counter())

        async def under(name: str) -> None:
            child = await asyncio.create_subprocess_exec(
                "nice", "-n", "10", sys.executable, __file__, "--abuse", name, "--url", url,
                "--hints", str(args.hints), "--importers", str(args.importers),
                "--streams", str(args.streams), stdout=asyncio.subprocess.PIPE)
            assert child.stdout is not None
            while (line := await child.stdout.readline()) != b"ready\n":
                if not line:
                    raise RuntimeError(f"the {name} abuser ended before it was ready")
            await asyncio.sleep(args.settle)
            measured = await taps(victim, args.taps)
            child.terminate()
            answers = json.loads((await child.stdout.read()).decode() or "{}")
            await child.wait()
            results[name] = (measured, Counter({int(k): v for k, v in answers.items()}))

        for name in ("hints", "importers", "streams"):
            await under(name)
    quiet = statistics.median(results["quiet"][0])
    labels = {"quiet": "quiet", "hints": f"{args.hints} parallel hints",
              "importers": f"{args.importers} looping importers",
              "streams": f"{args.streams} streams, one cookie"}
    load = os.getloadavg()
    print(f"another player's tap, {args.taps} taps per scenario, side by side in one run; "
          f"load average {load[0]:.1f}, {load[1]:.1f}, {load[2]:.1f}")
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
    parser.add_argument("--abuse", choices=("hints", "importers", "streams"),
                        help=argparse.SUPPRESS)  # the abuser's own process (run)
    args = parser.parse_args()
    if args.abuse:
        asyncio.run(abuse(args.abuse, args.url, args))
        return
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
