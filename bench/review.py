"""Hand analysis time (issue 15): how long rating the person's decisions of one hand takes.

Run: ``nice -n 10 .venv/bin/python bench/review.py [--hands 30] [--seed 1]``.

Plays ``--hands`` hands (gin-shuffle-v1 deals; the person is played by Easy, the
computer by Standard, so there are mistakes to find), then rates every decision of the
person in each hand with :func:`app.engine.rating.rate_all` (Expert's evaluation with
the review budget, in this one process) and prints the time per hand (p50/p95/max), the
decisions per hand and the marks found. Target: p95 ≤ 2 s per hand.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import time
from collections import Counter

from app.engine import HOUSE, HandSeed, Phase, apply
from app.engine.bots import choose_action
from app.engine.hand import view
from app.engine.rating import REVIEW_BUDGET, rate_all
from app.engine.review import decisions, hand_positions


def main() -> None:
    """Measure and print (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    times: list[float] = []
    counts: list[int] = []
    marks: Counter[str] = Counter()
    for n in range(args.hands):
        rng = random.Random(f"{args.seed}:{n}")
        seed = HandSeed(f"{rng.getrandbits(256):064x}", f"bench {n}")
        state = hand_positions(HOUSE, seed, 1, 1, [])[0].state
        log: list[tuple[int, str]] = []
        while state.phase is not Phase.OVER:
            player = state.to_play
            action = choose_action("easy" if player == 0 else "standard",
                                   view(state, player), rng)
            log.append((player, str(action)))
            state, _ = apply(state, player, action)
        chosen = decisions(hand_positions(HOUSE, seed, 1, 1, log), 0)
        start = time.perf_counter()
        ratings = rate_all(chosen)
        times.append(time.perf_counter() - start)
        counts.append(len(chosen))
        marks.update(r.mark for r in ratings if r.mark)
    times.sort()
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, "
          f"load {os.getloadavg()[0]:.1f}; budget: {REVIEW_BUDGET}")
    print(f"{args.hands} hands, {statistics.mean(counts):.1f} decisions per hand "
          f"(max {max(counts)})")
    print(f"analysis per hand: p50 {statistics.median(times):.2f} s, p95 {p95:.2f} s, "
          f"max {times[-1]:.2f} s")
    print("marks:", dict(marks) or "none")


if __name__ == "__main__":
    main()
