"""Hand analysis time: how long rating the person's decisions of one hand
takes, and whether a computer move waits for an analysis.

Run: ``nice -n 10 .venv/bin/python bench/review.py [--hands 30] [--seed 1] [--workers 2]``.

Plays ``--hands`` hands (gin-shuffle-v1 deals; the person is played by Easy, the
computer by Standard, so there are mistakes to find), then:

1. **one process**: rates every decision of the person in each hand with
   :func:`app.engine.rating.rate_all` in this process (Expert's evaluation with the
   review budget; the CPU cost of a hand's analysis);
2. **the app's path**: analyses each hand with :func:`app.review.analysis.analyse` through the
   shared pool of ``--workers`` processes (:mod:`app.core.workers`, the decisions of a hand
   as background jobs), hand after hand as the app's dispatcher does; both must give
   the same ratings;
3. **a computer move during an analysis**: times Expert moves
   (:func:`app.core.workers.decide`) on an idle pool, then while the analysis of ten hands
   is queued at once as background work — during play (one process kept free), and
   as after a quiet spell (no process kept free, ``RESERVE_SECONDS`` = 0);
4. **the app's path while a person plays**: analyses half the hands while another
   thread asks for an Expert move every second.

Prints p50/p95/max per hand (target: p95 ≤ 2 s, docs/benchmarks.md), the decisions per hand,
the marks found, and the computer-move times. Ends after ``--hands`` hands; every stage
is bounded by the hands played.

``--compare DIR`` instead rates the same hands through the app's path with the checkout
``DIR`` (the code before a change, its compiled core built) and with this one, in turns,
``--rounds`` times, each in a process of its own, and prints the pool's CPU and the wall
time per hand of each, their ratio, the load and how far the ratings agree (issue 46);
with ``--interleave`` both checkouts keep running side by side and each hand is analysed
by one and then the other (the first alternating), so a change of the machine's load
falls on both alike.
``--record PATH`` writes the hands and their ratings as JSON (the fixture of
``tests/unit/engine/test_review_ratings.py``).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
from concurrent.futures import Future
from pathlib import Path
from typing import Any

from app.core import workers
from app.engine import HOUSE, HandSeed, Phase, PlayerView, apply
from app.engine.bots import choose_action
from app.engine.hand import view
from app.engine.rating import REVIEW_BUDGET, Rating, rate_all
from app.engine.review import decisions, hand_positions
from app.review import analysis

Hand = tuple[HandSeed, list[tuple[int, str]]]


def _percentiles(times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (f"p50 {statistics.median(ordered):.2f} s, p95 {p95:.2f} s, "
            f"max {ordered[-1]:.2f} s")


def _play(count: int, seed: int) -> list[Hand]:
    hands: list[Hand] = []
    for n in range(count):
        rng = random.Random(f"{seed}:{n}")
        hand_seed = HandSeed(f"{rng.getrandbits(256):064x}", f"bench {n}")
        state = hand_positions(HOUSE, hand_seed, 1, 1, [])[0].state
        log: list[tuple[int, str]] = []
        while state.phase is not Phase.OVER:
            player = state.to_play
            action = choose_action("easy" if player == 0 else "standard",
                                   view(state, player), rng)
            log.append((player, str(action)))
            state, _ = apply(state, player, action)
        hands.append((hand_seed, log))
    return hands


FIXTURE_SCORES = ((0, 0), (40, 70), (90, 20))
"""The hand points before each hand of a recorded fixture, in turn (the ratings depend on
the score through the chance to win the match)."""


def _record(path: str, hands: list[Hand]) -> None:
    """Write ``hands`` with their person's ratings as JSON to ``path``."""
    out = []
    for n, (hand_seed, log) in enumerate(hands):
        scores = FIXTURE_SCORES[n % len(FIXTURE_SCORES)]
        chosen = decisions(hand_positions(HOUSE, hand_seed, 1, 1, log), 0, scores)
        out.append({"server": hand_seed.server_seed, "client": hand_seed.client_seed,
                    "scores": list(scores), "log": [list(entry) for entry in log],
                    "ratings": [r.to_dict() for r in rate_all(chosen)]})
    with open(path, "w", encoding="utf-8") as file:
        # One line per hand: small, and a diff shows which hand moved.
        hands = ",\n  ".join(json.dumps(h) for h in out)
        file.write(f'{{"budget": {json.dumps(str(REVIEW_BUDGET))},\n "hands": [\n  {hands}\n ]}}\n')
    print(f"recorded {len(out)} hands, {sum(len(h['ratings']) for h in out)} decisions "
          f"to {path}")


def _cpu_seconds(pids: list[int]) -> float:
    """User and system CPU seconds of processes ``pids`` so far (from /proc)."""
    total = 0.0
    for pid in pids:
        with open(f"/proc/{pid}/stat", encoding="ascii") as file:
            fields = file.read().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def _side(size: int) -> None:
    """One side of ``--compare`` (run by it, in the checkout on ``PYTHONPATH``): read
    hands as JSON from stdin, analyse each through the app's path
    (:func:`app.review.analysis.analyse`, a pool of ``size`` processes), print JSON:
    the pool's CPU seconds (this process and its workers), the wall seconds and the
    ratings."""
    import multiprocessing  # noqa: PLC0415 - only this side needs it

    hands = [(HandSeed(server, client), [(p, a) for p, a in log])
             for server, client, log in json.load(sys.stdin)]
    rules = HOUSE.to_dict()
    workers.configure(size)
    try:
        analysis.analyse(rules, hands[0][0], 1, 1, (0, 0), hands[0][1])  # start the pool
        pids = [os.getpid(), *(p.pid for p in multiprocessing.active_children())]
        cpu, wall = _cpu_seconds(pids), time.perf_counter()
        ratings = [analysis.analyse(rules, seed, 1, 1, (0, 0), log)[0] for seed, log in hands]
        pids = [os.getpid(), *(p.pid for p in multiprocessing.active_children())]
        print(json.dumps({"cpu": _cpu_seconds(pids) - cpu,
                          "wall": time.perf_counter() - wall, "ratings": ratings}))
    finally:
        workers.shutdown()


def _serve(size: int) -> None:
    """One side of ``--compare --interleave`` (in the checkout on ``PYTHONPATH``): read
    hands from stdin, one JSON line each, analyse each through the app's path (a pool
    of ``size`` processes, started on the first hand, whose answer is not timed) and
    answer each with a JSON line: the pool's CPU seconds for that hand (this process and
    its workers), its wall seconds and its ratings."""
    import multiprocessing  # noqa: PLC0415 - only this side needs it

    rules = HOUSE.to_dict()
    workers.configure(size)
    try:
        for line in sys.stdin:
            server, client, log = json.loads(line)
            seed, moves = HandSeed(server, client), [(p, a) for p, a in log]
            pids = [os.getpid(), *(p.pid for p in multiprocessing.active_children())]
            cpu, wall = _cpu_seconds(pids), time.perf_counter()
            ratings = analysis.analyse(rules, seed, 1, 1, (0, 0), moves)[0]
            pids = [os.getpid(), *(p.pid for p in multiprocessing.active_children())]
            print(json.dumps({"cpu": _cpu_seconds(pids) - cpu,
                              "wall": time.perf_counter() - wall, "ratings": ratings}),
                  flush=True)
    finally:
        workers.shutdown()


def _interleaved(args: argparse.Namespace, hands: list[Hand]) -> None:
    """``--compare --interleave``: both checkouts kept running side by side, each hand
    analysed by one and then the other (which goes first alternates hand by hand), so a
    change of the machine's load falls on both alike; per round the pool's CPU and wall
    time per hand of each, their ratio, the load and how far the ratings agree."""
    here = str(Path(__file__).resolve().parent.parent)
    sides = []
    for root in (args.compare, here):
        sides.append(subprocess.Popen(  # noqa: S603 - this very script
            [sys.executable, __file__, "--serve", "1", "--workers", str(args.workers)],
            env={**os.environ, "PYTHONPATH": root}, cwd=root, stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, text=True))

    def ask(side: subprocess.Popen[str], hand: Hand) -> dict[str, Any]:
        assert side.stdin is not None and side.stdout is not None
        side.stdin.write(json.dumps([hand[0].server_seed, hand[0].client_seed, hand[1]])
                         + "\n")
        side.stdin.flush()
        answer: dict[str, Any] = json.loads(side.stdout.readline())
        return answer

    n = len(hands)
    print(f"{n} hands, a pool of {args.workers}, interleaved hand by hand; before: "
          f"{args.compare}; after: {here}")
    try:
        for side in sides:
            ask(side, hands[0])  # start the pool
        for turn in range(1, args.rounds + 1):
            load = os.getloadavg()[0]
            totals = [{"cpu": 0.0, "wall": 0.0, "ratings": []} for _ in sides]
            for number, hand in enumerate(hands):
                for which in ((0, 1) if (number + turn) % 2 else (1, 0)):
                    answer = ask(sides[which], hand)
                    totals[which]["cpu"] += answer["cpu"]
                    totals[which]["wall"] += answer["wall"]
                    totals[which]["ratings"].append(answer["ratings"])
            _report(turn, load, n, totals[0], totals[1])
    finally:
        for side in sides:
            assert side.stdin is not None
            side.stdin.close()
            side.wait()


def _report(turn: int, load: float, n: int, before: dict[str, Any],
            after: dict[str, Any]) -> None:
    """Print one round of ``--compare``: CPU and wall per hand of each side, their
    ratio, the load and how far the ratings agree."""
    pairs = [(Rating.from_stored(b), Rating.from_stored(a))
             for old, new in zip(before["ratings"], after["ratings"], strict=True)
             for b, a in zip(old, new, strict=True)]
    same = sum(b.mark == a.mark for b, a in pairs) / len(pairs)
    gap = statistics.mean(abs(b.loss - a.loss) for b, a in pairs)
    print(f"round {turn} [load {load:.1f} before, {os.getloadavg()[0]:.1f} after]: "
          f"CPU per hand {1000 * before['cpu'] / n:.1f} ms before, "
          f"{1000 * after['cpu'] / n:.1f} ms after ({after['cpu'] / before['cpu']:.0%}); "
          f"wall per hand {1000 * before['wall'] / n:.1f} / "
          f"{1000 * after['wall'] / n:.1f} ms; {len(pairs)} decisions, marks the same "
          f"{same:.1%}, mean |loss change| {gap:.2f} points", flush=True)


def _compare(args: argparse.Namespace, hands: list[Hand]) -> None:
    """Analyse ``hands`` with the checkout ``args.compare`` (before) and with this one
    (after), in turns, ``args.rounds`` times; print CPU and wall time per hand of each,
    their ratio, the load, and how far the ratings agree."""
    here = str(Path(__file__).resolve().parent.parent)
    data = json.dumps([[s.server_seed, s.client_seed, log] for s, log in hands])

    def run(root: str) -> dict[str, Any]:
        env = {**os.environ, "PYTHONPATH": root}
        done = subprocess.run([sys.executable, __file__, "--side", "1",
                               "--workers", str(args.workers)], input=data, env=env,
                              cwd=root, capture_output=True, text=True, check=True)
        result: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
        return result

    n = len(hands)
    print(f"{n} hands, a pool of {args.workers}; before: {args.compare}; after: {here}")
    for turn in range(1, args.rounds + 1):
        load = os.getloadavg()[0]
        before, after = run(args.compare), run(here)
        _report(turn, load, n, before, after)


def _computer_views(hands: list[Hand], count: int) -> list[PlayerView]:
    """Positions where the computer (player 1) had a real choice."""
    out: list[PlayerView] = []
    for hand_seed, log in hands:
        for position in hand_positions(HOUSE, hand_seed, 1, 1, log):
            if position.player == 1 and position.before is not None:
                seen = view(position.before, 1)
                if len(seen.legal) > 1:
                    out.append(seen)
                    if len(out) == count:
                        return out
    return out


def _moves(views: list[PlayerView]) -> list[float]:
    times = []
    for i, seen in enumerate(views):
        start = time.perf_counter()
        workers.decide("expert", seen, f"bench move {i}")
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    """Measure and print (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2,
                        help="processes of the shared pool (COMPUTE_WORKERS)")
    parser.add_argument("--moves", type=int, default=20,
                        help="computer moves timed in stage 3")
    parser.add_argument("--compare", metavar="DIR",
                        help="a checkout of the code before (e.g. `git archive REV | tar -x "
                             "-C DIR`, its core built with tools/fast_core.py): rate the same "
                             "hands with it and with this checkout, in turns, and stop")
    parser.add_argument("--rounds", type=int, default=3, help="turns of --compare")
    parser.add_argument("--interleave", action="store_true",
                        help="with --compare: keep both checkouts running and analyse "
                             "each hand with one then the other (the load falls on both)")
    parser.add_argument("--side", help=argparse.SUPPRESS)
    parser.add_argument("--serve", help=argparse.SUPPRESS)
    parser.add_argument("--record", metavar="PATH",
                        help="write the hands and their ratings to PATH (JSON: the "
                             "fixture of tests/unit/engine/test_review_ratings.py) and stop")
    args = parser.parse_args()
    if args.side:
        _side(args.workers)
        return
    if args.serve:
        _serve(args.workers)
        return
    hands = _play(args.hands, args.seed)
    if args.compare:
        (_interleaved if args.interleave else _compare)(args, hands)
        return
    if args.record:
        _record(args.record, hands)
        return
    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, "
          f"load {os.getloadavg()[0]:.1f}; budget: {REVIEW_BUDGET}")

    serial: list[float] = []
    cpus: list[float] = []
    counts: list[int] = []
    marks: Counter[str] = Counter()
    expected: list[list[list[Any]]] = []
    for hand_seed, log in hands:
        chosen = decisions(hand_positions(HOUSE, hand_seed, 1, 1, log), 0)
        start, cpu = time.perf_counter(), time.process_time()
        ratings = rate_all(chosen)
        serial.append(time.perf_counter() - start)
        cpus.append(time.process_time() - cpu)
        counts.append(len(chosen))
        marks.update(r.mark for r in ratings if r.mark)
        expected.append([r.to_stored() for r in ratings])
    print(f"{args.hands} hands, {statistics.mean(counts):.1f} decisions per hand "
          f"(max {max(counts)}); marks: {dict(marks) or 'none'}")
    print(f"1. one process, per hand: {_percentiles(serial)}; CPU time {_percentiles(cpus)}")

    workers.configure(args.workers)
    try:
        _pooled(args, hands, expected)
    finally:
        workers.shutdown()


def _backlog(hands: list[Hand]) -> list[Future[list[Any]]]:
    """Queue the analysis of every decision of ``hands`` at once."""
    return [workers.background(analysis.rate_decision, decision)
            for hand_seed, log in hands
            for decision in decisions(hand_positions(HOUSE, hand_seed, 1, 1, log), 0)]


def _pooled(args: argparse.Namespace, hands: list[Hand],
            expected: list[list[list[Any]]]) -> None:
    rules = HOUSE.to_dict()
    for job in _backlog(hands[:1]):  # start the pool's processes, no interactive job yet
        job.result()
    pooled: list[float] = []
    for (hand_seed, log), want in zip(hands, expected, strict=True):
        ratings, seconds = analysis.analyse(rules, hand_seed, 1, 1, (0, 0), log)
        assert ratings == want, "the pool rated differently"
        pooled.append(seconds)
    print(f"2. the app's path, {args.workers} workers, nobody playing: per hand "
          f"{_percentiles(pooled)} [load {os.getloadavg()[0]:.1f}]")

    views = _computer_views(hands, args.moves)
    idle = _moves(views)
    print(f"3. Expert move, idle pool: {_percentiles(idle)}")
    for reserve, label in ((workers.RESERVE_SECONDS, "during play"),
                           (0.0, "after a quiet spell (no process kept free)")):
        saved, workers.RESERVE_SECONDS = workers.RESERVE_SECONDS, reserve
        try:
            backlog = _backlog(hands[:10])
            busy = _moves(views)
            waiting = sum(not job.done() for job in backlog)
            for job in backlog:
                job.result()
        finally:
            workers.RESERVE_SECONDS = saved
        print(f"   the same while {len(backlog)} decisions were queued for analysis, "
              f"{label}: {_percentiles(busy)} ({waiting} still queued after the last "
              f"move) [load {os.getloadavg()[0]:.1f}]")

    stop = threading.Event()

    def player() -> None:  # a person playing Expert: a computer move every second
        i = 0
        while not stop.wait(1.0):
            workers.decide("expert", views[i % len(views)], f"player {i}")
            i += 1

    thread = threading.Thread(target=player)
    thread.start()
    try:
        during: list[float] = []
        for hand_seed, log in hands[:args.hands // 2]:
            during.append(analysis.analyse(rules, hand_seed, 1, 1, (0, 0), log)[1])
    finally:
        stop.set()
        thread.join()
    print(f"4. the app's path while a person plays Expert (a move a second): per hand "
          f"{_percentiles(during)} over {len(during)} hands [load {os.getloadavg()[0]:.1f}]")


if __name__ == "__main__":
    main()
