"""Fair use, side by side (issues 27 and "one server, many players, round two"): another
player's tap, quiet and while one client abuses the server, in one run against one
server.

Scenarios, each measured the same way (the victim's taps, one after another: a *sort*
tap of the play screen, ``POST /play`` with htmx, which reads the match and writes the
screen; the victim comes from another client address, 127.0.0.2, so it never shares the
abuser's address limits):

* **quiet** — nothing else runs;
* **hints** — one browser asks ``--hints`` hints at once, in a loop (Expert match);
* **hints10** — ``--cookies`` browsers of one address, each with its own Expert match,
  ask hints in a loop;
* **stats** — ``--cookies`` browsers of one address loop over ``/stats``,
  ``/stats.csv``, ``/stats.json`` and ``/privacy/data.json``;
* **daily** — ``--cookies`` browsers of one address loop over ``/daily``;
* **sheets** — one browser imports ``--sheets`` of the largest score sheets, then
  ``--hints`` loops read them;
* **codes** — ``--cookies`` browsers of one address send wrong device codes in a loop;
* **sign-ins** — ``--cookies`` clients send wrong operator tokens in a loop;
* **importers** — ``--importers`` clients without a cookie upload a ~60 KB hand
  history file in a loop;
* **streams** — one browser opens ``--streams`` event streams of its friend match and
  keeps them open.

Printed: the victim's tap p50 and p95 per scenario, the ratio to quiet (target ≤ 1.5),
the abuser's answers by status, and the server's memory (RSS) before and after. Run it
on a quiet machine only (it prints the load average); a smoke run:
``bench/fair_use.py --taps 5 --hints 2 --cookies 2 --importers 1 --streams 5 --sheets 1``.
The server it starts is pinned to ``--server-core`` (its compute workers too), this
generator to ``--client-core``. Each abuser runs in a process of its own on the
generator's core at ``nice 10``, and the victim's taps are measured once the abuser is
at full strength: the victim's timings then hold the server's slowdown, not the
abuser's own client work.

Usage::

    .venv/bin/python bench/fair_use.py                 # starts a server on a temp DB
    .venv/bin/python bench/fair_use.py --only quiet hints10 stats
    .venv/bin/python bench/fair_use.py --url http://127.0.0.1:8000
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
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


SCENARIOS = ("hints", "hints10", "stats", "daily", "sheets", "codes", "sign-ins",
             "importers", "streams")
EXPORTS = ("/stats", "/stats.csv", "/stats.json", "/privacy/data.json")
ADMIN_TOKEN = "bench-operator-token-0123456789"
"""The operator token of the server started here (the sign-ins send wrong ones)."""


async def _browsers(url: str, count: int) -> list[httpx.AsyncClient]:
    """``count`` browsers, each with its cookie (from a first visit)."""
    clients = [httpx.AsyncClient(base_url=url, timeout=TIMEOUT, limits=LIMITS)
               for _ in range(count)]
    for client in clients:
        await client.get("/")
    return clients


async def abuse(name: str, url: str, args: argparse.Namespace) -> None:
    """The abuser of scenario ``name`` (``--abuse``, a process of its own): says
    ``ready`` on stdout once it is at full strength (the hints asked, the importers
    started, every stream opened or refused), abuses until SIGTERM, then prints its
    answers by status as JSON."""
    stop, statuses = asyncio.Event(), Counter[int]()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)

    def ready() -> None:
        print("ready", flush=True)

    async def hinting(client: httpx.AsyncClient, parallel: int) -> None:
        await client.post("/play/new", data={"level": "expert", "version": "0"})
        form = {"version": await version(client)}
        await asyncio.gather(*(loop(stop, statuses, lambda: client.post(
            "/play/hint", data=form, headers=HX)) for _ in range(parallel)))

    clients: list[httpx.AsyncClient] = []
    try:
        if name == "hints":
            clients = await _browsers(url, 1)
            ready()
            await hinting(clients[0], args.hints)
        elif name == "hints10":
            clients = await _browsers(url, args.cookies)
            ready()
            await asyncio.gather(*(hinting(client, 1) for client in clients))
        elif name in ("stats", "daily"):
            clients = await _browsers(url, args.cookies)
            paths = EXPORTS if name == "stats" else ("/daily",)
            ready()

            async def reading(client: httpx.AsyncClient) -> None:
                index = 0
                while not stop.is_set():
                    with contextlib.suppress(httpx.HTTPError):
                        answer = await client.get(paths[index % len(paths)])
                        statuses[answer.status_code] += 1
                    index += 1

            await asyncio.gather(*(reading(client) for client in clients))
        elif name == "sheets":
            from big_sheets import largest_sheet_export

            clients = await _browsers(url, 1)
            export, ids = largest_sheet_export(), []
            for _ in range(args.sheets):
                made = await clients[0].post("/score/import", data={"json": export})
                ids.append(made.headers.get("location", "/score"))
            ready()
            await asyncio.gather(*(loop(stop, statuses, functools.partial(
                clients[0].get, ids[i % len(ids)])) for i in range(args.hints)))
        elif name in ("codes", "sign-ins"):
            clients = await _browsers(url, args.cookies)
            path, form = (("/devices/join", {"code": "ABCD-EFGH-JKLM"}) if name == "codes"
                          else ("/admin/sign-in", {"token": "not-the-operator-token"}))
            ready()
            await asyncio.gather(*(loop(stop, statuses, functools.partial(
                client.post, path, data=form)) for client in clients))
        elif name == "importers":
            text = sixty_kb_file()
            clients = [httpx.AsyncClient(base_url=url, timeout=TIMEOUT)
                       for _ in range(args.importers)]
            ready()
            await asyncio.gather(*(loop(stop, statuses, functools.partial(
                client.post, "/play/history/import",
                files={"file": ("hand.txt", text.encode())})) for client in clients))
        else:
            clients = await _browsers(url, 2)
            host, guest = clients
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
    finally:
        for client in clients:
            await client.aclose()
    print(json.dumps(statuses), flush=True)


def rss_mb(pid: int | None) -> float | None:
    """The resident memory of process ``pid`` in MB (Linux), or ``None``."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except (OSError, TypeError):
        return None
    found = re.search(r"VmRSS:\s+(\d+) kB", status)
    return int(found.group(1)) / 1024 if found else None


async def run(url: str, args: argparse.Namespace, server_pid: int | None = None) -> None:
    """Each scenario's abuser in a process of its own, niced on the generator's core, so
    that its client work (the abuser's own HTTP client) does not delay the victim's
    measured taps: what is measured is the server's share. The victim connects from
    127.0.0.2: another client address than the abusers'."""
    transport = httpx.AsyncHTTPTransport(local_address="127.0.0.2", limits=LIMITS)
    memory = [rss_mb(server_pid)]
    async with httpx.AsyncClient(base_url=url, timeout=TIMEOUT, transport=transport) as victim:
        await victim.post("/play/new", data={"level": "standard", "version": "0"})
        await taps(victim, 3)  # warm
        results: dict[str, tuple[list[float], Counter[int]]] = {}
        results["quiet"] = (await taps(victim, args.taps), Counter())

        async def under(name: str) -> None:
            child = await asyncio.create_subprocess_exec(
                "nice", "-n", "10", sys.executable, __file__, "--abuse", name, "--url", url,
                "--hints", str(args.hints), "--importers", str(args.importers),
                "--streams", str(args.streams), "--cookies", str(args.cookies),
                "--sheets", str(args.sheets), stdout=asyncio.subprocess.PIPE)
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

        for name in SCENARIOS:
            if name in args.only:
                await under(name)
    memory.append(rss_mb(server_pid))
    quiet = statistics.median(results["quiet"][0])
    labels = {"quiet": "quiet", "hints": f"{args.hints} parallel hints, one cookie",
              "hints10": f"hints from {args.cookies} cookies", "stats":
              f"stats/exports, {args.cookies} cookies", "daily": f"/daily, {args.cookies} cookies",
              "sheets": f"{args.sheets} big sheets, {args.hints} loops",
              "codes": f"device codes, {args.cookies} cookies",
              "sign-ins": f"sign-ins, {args.cookies} clients",
              "importers": f"{args.importers} looping importers",
              "streams": f"{args.streams} streams, one cookie"}
    load = os.getloadavg()
    print(f"another player's tap, {args.taps} taps per scenario, side by side in one run; "
          f"load average {load[0]:.1f}, {load[1]:.1f}, {load[2]:.1f}")
    if None not in memory:
        print(f"server memory (RSS): {memory[0]:.0f} MB before, {memory[1]:.0f} MB after")
    print(f"{'scenario':<30} {'tap p50':>9} {'tap p95':>9} {'× quiet':>8} {'≤ 1.5':>6}  "
          "abuser's answers")
    met = True
    for name, (times, statuses) in results.items():
        p50 = statistics.median(times)
        ok = p50 / quiet <= 1.5
        met = met and ok
        print(f"{labels[name]:<30} {p50:>7.1f}ms {percentile(times, 95):>7.1f}ms "
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
    parser.add_argument("--cookies", type=int, default=10,
                        help="browsers (cookies) of the one abusing address")
    parser.add_argument("--sheets", type=int, default=5,
                        help="largest score sheets the sheets abuser imports")
    parser.add_argument("--only", nargs="+", choices=SCENARIOS, default=list(SCENARIOS),
                        help="the scenarios to run (quiet always runs)")
    parser.add_argument("--settle", type=float, default=2.0,
                        help="seconds the abuse runs before the taps are measured")
    parser.add_argument("--server-core", type=int, default=1,
                        help="the core the server started here (and its compute "
                        "workers) is pinned to (taskset)")
    parser.add_argument("--client-core", type=int, default=0,
                        help="the core this generator is pinned to")
    parser.add_argument("--abuse", choices=SCENARIOS,
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
    os.environ["ADMIN_TOKEN"] = ADMIN_TOKEN  # the server started here has /admin
    process, url, _db = start_server(workdir, workers=1)
    if shutil.which("taskset"):  # every thread of it; its compute workers inherit it
        subprocess.run(["taskset", "-a", "-cp", str(args.server_core), str(process.pid)],
                       check=True, stdout=subprocess.DEVNULL)
    try:
        asyncio.run(run(url, args, process.pid))
    finally:
        process.terminate()
        process.wait(30)
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
