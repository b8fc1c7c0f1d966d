"""Play-outs per second of the Expert's search, pure Python or compiled core: a benchmark.

A fixed set of positions (views of hands played a few turns by the Simple player, from
fixed seeds) is searched by Expert with a fixed, clock-free budget; the figure is
play-outs per CPU second of this process (whatever the load), with a fingerprint of
every play-out's value (a faster core must print the same), beside the parts the
play-outs spend their time in: the least deadwood of 10-card hands, the settlement of a
knock on masks, and sampling the hidden cards.

Usage::

    .venv/bin/python bench/playouts.py            # the engine as imported
    .venv/bin/python bench/playouts.py --pure     # pure Python even when compiled
    make fast && .venv/bin/python bench/playouts.py   # the compiled core
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main(argv: list[str] | None = None) -> int:
    """Command line: see the module docstring."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pure", action="store_true", help="load the engine from source")
    parser.add_argument("--positions", type=int, default=12)
    args = parser.parse_args(argv)
    if args.pure:
        from tools import pure_engine

        pure_engine.install()
    from app.engine import HOUSE, Phase, apply, compiled_core, deal, view
    from app.engine.bots import choose_action, expert
    from app.engine.bots.hard import build_model
    from app.engine.bots.inference import Sampler
    from app.engine.bots.rollout import settle_masks
    from app.engine.melds import least_deadwood_mask
    from app.engine.scoring import KnockLimit

    budget = expert.Budget(samples=64, batch=16, playouts=1_000_000, deadline=None)
    views = []
    seed = 0
    while len(views) < args.positions:
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
    print(f"engine: {'compiled core' if compiled_core() else 'pure Python (no compiled core)'};"
          f" load average {os.getloadavg()[0]:.2f}, {os.cpu_count()} CPUs")

    start = time.process_time()
    playouts = 0
    fingerprint = hashlib.sha256()
    for number, seen in enumerate(views):
        result = expert.search(seen, random.Random(number), budget)
        playouts += sum(len(values) for values in result.values)
        fingerprint.update(repr((result.actions, result.values, result.dropped,
                                 result.chosen)).encode())
    spent = time.process_time() - start
    print(f"  Expert's search: {playouts} play-outs in {spent:.2f} s CPU: "
          f"{playouts / spent:,.0f} play-outs/s ({spent / playouts * 1e6:.0f} µs each); "
          f"fingerprint {fingerprint.hexdigest()[:16]} (the same on every engine and "
          f"core revision: the same values of every play-out)")

    rng = random.Random(7)
    hands = [sum(1 << i for i in rng.sample(range(52), 10)) for _ in range(20_000)]
    start = time.process_time()
    for hand in hands:
        least_deadwood_mask(hand, HOUSE)
    spent = time.process_time() - start
    print(f"  least deadwood (10 cards): {spent / len(hands) * 1e6:.2f} µs")

    limit = KnockLimit(10)
    knocks = []
    while len(knocks) < 3_000:
        cards = rng.sample(range(52), 20)
        hand = sum(1 << i for i in cards[:10])
        if least_deadwood_mask(hand, HOUSE) <= 10:
            knocks.append((hand, sum(1 << i for i in cards[10:])))
    start = time.process_time()
    for hand, defender in knocks:
        settle_masks(hand, defender, HOUSE, limit)
    spent = time.process_time() - start
    print(f"  settlement of a knock (masks): {spent / len(knocks) * 1e6:.2f} µs")

    samplers = [Sampler(seen, build_model(seen)) for seen in views]
    start = time.process_time()
    count = 0
    for sampler in samplers:
        for _ in range(200):
            sampler.hidden(rng)
            count += 1
    spent = time.process_time() - start
    print(f"  sampling the hidden cards: {spent / count * 1e6:.1f} µs")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
