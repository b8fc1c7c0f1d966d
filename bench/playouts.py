"""Play-outs per second of the Expert's search, pure Python or compiled core: a benchmark.

A fixed set of positions (views of hands played a few turns by the Simple player, from
fixed seeds) is searched by Expert with its own budget and no clock; the figure is
play-outs per CPU second of this process (whatever the load), with a fingerprint of
every play-out's value (a faster core must print the same), beside the parts the
play-outs spend their time in: the least deadwood of 10-card hands, the settlement of a
knock on masks (knocks built to be close calls for layoffs, as the tests' are:
``tests/support/core_positions.py``), and sampling the hidden cards.

``--against CHECKOUT`` measures another checkout's engine (say a ``git worktree`` of an
older commit, its compiled core built there) side by side with this one: both at once,
each pinned to its own CPU with ``taskset``, then again with the CPUs swapped, and
prints the ratio of the sums (so that the machine's speed of the moment, which varies a
lot on a shared host, divides out).

Usage::

    .venv/bin/python bench/playouts.py            # the engine as imported
    .venv/bin/python bench/playouts.py --pure     # pure Python even when compiled
    make fast && .venv/bin/python bench/playouts.py   # the compiled core
    git worktree add /tmp/old <commit> && (cd /tmp/old && ../main/.venv/bin/python \\
        tools/fast_core.py build) && .venv/bin/python bench/playouts.py --against /tmp/old
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PARTS = ("search", "least", "settle", "sample")
"""The figures, in µs of CPU each: a play-out of the search (its share of sampling
included), the least deadwood of 10 cards, a knock's settlement, one sample."""


def measure(positions: int) -> dict[str, object]:
    """The figures of the engine on ``sys.path`` (see the module docstring), printed."""
    from app.engine import HOUSE, Phase, apply, compiled_core, deal, view
    from app.engine.bots import choose_action, expert
    from app.engine.bots.hard import build_model
    from app.engine.bots.rollout import settle_masks
    from app.engine.melds import least_deadwood_mask
    from app.engine.scoring import KnockLimit
    from tests.support.core_positions import knock_position

    budget = dataclasses.replace(expert.DEFAULT_BUDGET, deadline=None)
    views = []
    seed = 0
    while len(views) < positions:
        seed += 1
        state = deal(HOUSE, dealer=seed % 2, rng=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 16)):
            if state.phase is Phase.OVER:
                break
            state, _ = apply(state, state.to_play,
                             choose_action("simple", view(state, state.to_play), rng))
        if state.phase is not Phase.OVER and len(view(state, state.to_play).legal) > 1:
            views.append(view(state, state.to_play))
    engine = "compiled core" if compiled_core() else "pure Python (no compiled core)"
    print(f"engine: {engine} from {Path(expert.__file__).parents[3]}; load average "
          f"{os.getloadavg()[0]:.2f}, {os.cpu_count()} CPUs")
    figures: dict[str, object] = {}

    start = time.process_time()
    playouts = 0
    fingerprint = hashlib.sha256()
    for number, seen in enumerate(views):
        result = expert.search(seen, random.Random(number), budget)
        playouts += sum(len(values) for values in result.values)
        fingerprint.update(repr((result.actions, result.values, result.dropped,
                                 result.chosen)).encode())
    spent = time.process_time() - start
    figures["search"] = spent / playouts * 1e6
    figures["fingerprint"] = fingerprint.hexdigest()[:16]
    print(f"  Expert's search: {playouts} play-outs in {spent:.2f} s CPU: "
          f"{playouts / spent:,.0f} play-outs/s ({spent / playouts * 1e6:.0f} µs each); "
          f"fingerprint {figures['fingerprint']} (the same on every engine and core "
          f"revision: the same value of every play-out)")

    rng = random.Random(7)
    hands = [sum(1 << i for i in rng.sample(range(52), 10)) for _ in range(200_000)]
    start = time.process_time()
    for hand in hands:
        least_deadwood_mask(hand, HOUSE)
    figures["least"] = (time.process_time() - start) / len(hands) * 1e6
    print(f"  least deadwood (10 cards): {figures['least']:.2f} µs")

    limit = KnockLimit(10)
    knocks = [knock_position(rng, HOUSE, limit) for _ in range(3_000)]
    start = time.process_time()
    for hand, defender in knocks:
        settle_masks(hand, defender, HOUSE, limit)
    figures["settle"] = (time.process_time() - start) / len(knocks) * 1e6
    print(f"  settlement of a knock (masks): {figures['settle']:.2f} µs")

    try:  # the sampler of one view, built once (older checkouts: one call a sample)
        from app.engine.bots.inference import Sampler
    except ImportError:
        Sampler = None  # noqa: N806
    models = [(seen, build_model(seen)) for seen in views]
    start = time.process_time()
    count = 0
    for seen, model in models:
        if Sampler is not None:
            sampler = Sampler(seen, model)
        for _ in range(200):
            if Sampler is not None:
                sampler.hidden(rng)
            else:
                expert.sample_hidden(seen, model, rng)
            count += 1
    figures["sample"] = (time.process_time() - start) / count * 1e6
    print(f"  sampling the hidden cards: {figures['sample']:.1f} µs")
    return figures


def side_by_side(other: Path, positions: int) -> int:
    """Measure ``other``'s engine and this checkout's at once on the two CPUs, twice
    with the CPUs swapped; print each run and the ratios of the sums."""
    sums: dict[str, dict[str, float]] = {"other": {}, "this": {}}
    prints: dict[str, set[str]] = {"other": set(), "this": set()}
    for cpus in ((0, 1), (1, 0)):
        runs = {}
        for name, root, cpu in (("other", other, cpus[0]), ("this", ROOT, cpus[1])):
            runs[name] = subprocess.Popen(
                ["taskset", "-c", str(cpu), sys.executable, __file__, "--engine", str(root),
                 "--positions", str(positions), "--json"],
                stdout=subprocess.PIPE, text=True)
        for name, run in runs.items():
            out, _ = run.communicate()
            *lines, last = out.strip().splitlines()
            print("\n".join(lines))
            figures = json.loads(last)
            prints[name].add(figures["fingerprint"])
            for part in PARTS:
                sums[name][part] = sums[name].get(part, 0.0) + figures[part]
    print(f"side by side, {other} against {ROOT} (time of this checkout's engine over "
          "the other's, both CPUs once each):")
    for part in PARTS:
        print(f"  {part}: {sums['other'][part] / 2:.2f} µs against {sums['this'][part] / 2:.2f}"
              f" µs: {sums['other'][part] / sums['this'][part]:.2f}× as fast")
    same = prints["other"] == prints["this"] and len(prints["this"]) == 1
    print(f"  fingerprints: {' '.join(sorted(prints['other'] | prints['this']))} "
          f"({'the same play-outs' if same else 'DIFFERENT play-outs'})")
    return 0 if same else 1


def main(argv: list[str] | None = None) -> int:
    """Command line: see the module docstring."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pure", action="store_true", help="load the engine from source")
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--against", type=Path, metavar="CHECKOUT",
                        help="another checkout's engine, measured side by side")
    parser.add_argument("--engine", type=Path, default=ROOT, help=argparse.SUPPRESS)
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.against is not None:
        return side_by_side(args.against.resolve(), args.positions)
    sys.path.insert(0, str(args.engine))
    if args.pure:
        from tools import pure_engine

        pure_engine.install()
    figures = measure(args.positions)
    if args.json:
        print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
