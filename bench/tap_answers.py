"""The bench's taps in process, seeded: a hash of every answer, or their CPU (issue 46).

``bench/tap_cost.py``'s players (the vs-computer table, Standard level: real draws and
discards, Next hand, New match when one ends) play through the app in this process, by a
lean ASGI driver (no HTTP client, no sockets), with every random value the server draws
(server seeds, client seeds, cookies, tokens) taken from one seeded generator, so two
runs of the same code send and receive the same bytes. Run from a checkout's root (or
with ``--root``), so another checkout (``git archive <rev> | tar -x -C DIR``) can be
compared with this one:

* ``--hash``: one SHA-256 over every answer's status, headers and (inflated) body, but
  the date, the request id and the cookie; the pages are byte for byte the same before
  and after a change when the two checkouts print the same hash;
* ``--cpu``: the process's CPU per request (``time.process_time``) over the requests
  after the first ``--warmup`` ones; ``--repeat`` runs of the sequence; for
  ``valgrind --tool=callgrind`` the taps after the warm-up alone, with
  ``TAP_ANSWERS_CALLGRIND=1`` (``callgrind_control`` zeroes the counts before them and
  dumps them after: the dump's ``summary`` over ``--requests`` is the instructions a tap).

Usage::

    .venv/bin/python bench/tap_answers.py --hash                     # this checkout
    .venv/bin/python bench/tap_answers.py --hash --root /tmp/base    # another one
    nice -n 10 .venv/bin/python bench/tap_answers.py --cpu --players 8 --requests 400
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import hashlib
import os
import random
import resource
import secrets
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

HERE = Path(__file__).resolve().parent
_SKIPPED_HEADERS = {b"date", b"x-request-id", b"set-cookie"}


class Seeded:
    """``secrets``' functions drawn from one seeded generator (the cookies, the seeds)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def install(self) -> None:
        secrets.token_bytes = self.token_bytes  # type: ignore[assignment]
        secrets.token_hex = lambda n=32: self.token_bytes(n).hex()  # type: ignore[assignment]
        secrets.token_urlsafe = self.token_urlsafe  # type: ignore[assignment]
        secrets.choice = self.rng.choice  # type: ignore[assignment]
        secrets.randbelow = self.rng.randrange  # type: ignore[assignment]

    def token_bytes(self, n: int | None = 32) -> bytes:
        return self.rng.randbytes(32 if n is None else n)

    def token_urlsafe(self, n: int | None = 32) -> str:
        import base64
        return base64.urlsafe_b64encode(self.token_bytes(n)).rstrip(b"=").decode("ascii")


class Driver:
    """One browser talking to the ASGI ``app`` directly: its cookie, gzip accepted."""

    def __init__(self, app: Any, digest: Any | None, language: str = "") -> None:
        self.app = app
        self.cookie = b""
        self.digest = digest
        self.language = language.encode()
        self.statuses: Counter[int] = Counter()

    async def request(self, method: str, path: str, form: dict[str, str] | None = None,
                      htmx: bool = True) -> tuple[int, str]:
        """One request; (status, body as text), as ``bench/tap_cost.py``'s connection."""
        body = urlencode(form).encode() if form is not None else b""
        path, _, query = path.partition("?")
        headers = [(b"host", b"127.0.0.1"), (b"accept-encoding", b"gzip")]
        if htmx:
            headers.append((b"hx-request", b"true"))
        if self.language:
            headers.append((b"accept-language", self.language))
        if form is not None:
            headers += [(b"content-type", b"application/x-www-form-urlencoded"),
                        (b"content-length", str(len(body)).encode())]
        if self.cookie:
            headers.append((b"cookie", b"gin_session=" + self.cookie))
        scope = {"type": "http", "asgi": {"version": "3.0", "spec_version": "2.3"},
                 "http_version": "1.1", "method": method, "scheme": "http", "path": path,
                 "raw_path": path.encode(), "root_path": "", "query_string": query.encode(),
                 "headers": headers, "client": ("127.0.0.1", 50000),
                 "server": ("127.0.0.1", 8000), "state": {}}
        sent = False
        answer: dict[str, Any] = {"body": []}

        async def receive() -> dict[str, Any]:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            await asyncio.Event().wait()  # never: a disconnect is not simulated
            return {}

        async def send(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                answer["status"] = message["status"]
                answer["headers"] = message.get("headers", [])
            elif message["type"] == "http.response.body":
                answer["body"].append(message.get("body", b""))

        await self.app(scope, receive, send)
        self.statuses[answer["status"]] += 1
        data = b"".join(answer["body"])
        gzipped = False
        for name, value in answer["headers"]:
            name = name.lower()
            if name == b"set-cookie" and value.startswith(b"gin_session="):
                self.cookie = value.split(b";", 1)[0].split(b"=", 1)[1]
            elif name == b"content-encoding" and b"gzip" in value:
                gzipped = True
        if gzipped:
            data = gzip.decompress(data)
        if self.digest is not None:
            self.digest.update(f"{method} {path}?{query} {answer['status']}\n".encode())
            for name, value in answer["headers"]:
                if name.lower() not in _SKIPPED_HEADERS and not (
                        gzipped and name.lower() == b"content-length"):
                    self.digest.update(name.lower() + b": " + value + b"\n")
            self.digest.update(data)
        return answer["status"], data.decode("utf-8", "replace")


async def play(players: int, requests: int, seed: int, digest: Any | None, warmup: int,
               languages: list[str]) -> tuple[Counter[int], float]:
    """``players`` browsers (their languages in turn from ``languages``) take turns, one
    tap each, ``requests`` taps in all after ``warmup`` more; (the answers by status,
    the CPU seconds of the measured taps)."""
    from tap_cost import AppPlayer

    from app.main import create_app

    app = create_app()
    rng = random.Random(seed)
    statuses: Counter[int] = Counter()
    async with app.router.lifespan_context(app):
        made = []
        for index in range(players):
            player = AppPlayer(0, random.Random(rng.random()))
            player.conn = Driver(app, digest,  # type: ignore[assignment]
                                 languages[index % len(languages)])
            await player.start()
            made.append(player)
        cpu = 0.0
        usage = resource.getrusage(resource.RUSAGE_SELF)
        for index in range(warmup + requests):
            if index == warmup:
                _callgrind("--zero")
                cpu = time.process_time()
                usage = resource.getrusage(resource.RUSAGE_SELF)
            await made[index % players].tap()
        cpu = time.process_time() - cpu
        USAGE[:] = _used(usage, resource.getrusage(resource.RUSAGE_SELF))
        _callgrind("--dump")
        for player in made:
            statuses.update(player.conn.statuses)  # type: ignore[attr-defined]
        return statuses, cpu


USAGE: list[float] = []
"""The measured taps' user and system CPU seconds and context switches (voluntary,
involuntary), from ``getrusage``: the kernel's part of a tap (a thread hand-off's wake-ups
are system time and voluntary switches), which ``process_time`` lumps in."""


def _used(before: Any, after: Any) -> list[float]:
    return [after.ru_utime - before.ru_utime, after.ru_stime - before.ru_stime,
            after.ru_nvcsw - before.ru_nvcsw, after.ru_nivcsw - before.ru_nivcsw]


def _callgrind(command: str) -> None:
    """Under ``valgrind --tool=callgrind``: zero its counts or dump them (the measured
    taps alone; ``callgrind_control``), else nothing."""
    if os.environ.get("TAP_ANSWERS_CALLGRIND"):
        import subprocess
        subprocess.run(["callgrind_control", command, str(os.getpid())], check=True,
                       stdout=subprocess.DEVNULL)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=HERE.parent,
                        help="the checkout whose app plays (default: this one)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--warmup", type=int, default=0)
    parser.add_argument("--seed", type=int, default=46)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--languages", default="",
                        help="Accept-Language of each player in turn, e.g. en,de,fr")
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--hash", action="store_true")
    mode.add_argument("--cpu", action="store_true")
    parser.add_argument("--profile", type=Path, default=None,
                        help="with --cpu: every thread under cProfile (CPU time), "
                        "written to this file (bench/profile_app.py)")
    args = parser.parse_args()

    root = args.root.resolve()
    sys.path[:0] = [str(HERE), str(root)]
    os.chdir(root)
    workdir = Path(tempfile.mkdtemp(prefix="tap-answers-"))
    os.environ.update({
        "DATABASE_URL": f"sqlite:///{workdir / 'app.db'}", "WORKERS": "1",
        "COMPUTE_WORKERS": "0", "LOG_LEVEL": "warning", "DAILY_PARS": "0",
        "ANALYSE_HANDS": "false", "LIMIT_POSTS_PER_ADDRESS": "1000000/minute",
        "LIMIT_POSTS_PER_BROWSER": "1000000/minute"})
    Seeded(args.seed).install()
    from app.core.db import run_migrations

    run_migrations(os.environ["DATABASE_URL"])
    if args.profile is not None:
        import threading

        import profile_app
        threading.setprofile(profile_app._profile_this_thread)
        main_profile = profile_app.cpu_profile()
        profile_app.PROFILES.append(main_profile)
        main_profile.enable()
    figures = []
    for _ in range(args.repeat):
        digest = hashlib.sha256() if args.hash else None
        statuses, cpu = asyncio.run(play(args.players, args.requests, args.seed, digest,
                                         args.warmup, args.languages.split(",")))
        answers = ", ".join(f"{count} × {status}" for status, count in sorted(statuses.items()))
        if digest is not None:
            print(f"{digest.hexdigest()}  {root} ({args.players} players: {answers})")
        else:
            done = args.requests
            figures.append(cpu / done * 1000)
            user, system, switches, preempted = USAGE
            print(f"{root}: {cpu / done * 1000:.3f} ms CPU a tap ({done} taps; {answers}); "
                  f"user {user / done * 1000:.3f} ms, system {system / done * 1000:.3f} ms, "
                  f"{switches / done:.2f} voluntary and {preempted / done:.2f} involuntary "
                  "context switches a tap")
    if args.profile is not None:
        profile_app._write(str(args.profile))
    if len(figures) > 1:
        figures.sort()
        print(f"median {figures[len(figures) // 2]:.3f} ms, "
              f"spread {figures[0]:.3f}-{figures[-1]:.3f}")


if __name__ == "__main__":
    main()
