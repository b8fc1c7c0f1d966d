"""Does Expert's search improve on Hard's play? A one-step deviation A/B (issue 13).

A benchmark, not a test. Expert is Hard's play unless its search finds a better move, so
its strength over Hard lies in the few decisions where the two differ. Match pairs
measure that with a lot of noise (an Expert pair costs about a minute of one core, and a
few hundred pairs are needed for ±4 %). This measures it directly:

- Hard plays hands against an opponent (``simple`` by default) from random deals, each
  at a random match score (both scores drawn from 0–94, House rules).
- At each of Hard's decisions Expert decides too, from the same view (its own random
  source). Where Expert's action differs from Hard's, both are played, each followed by
  Hard to the end of the hand from the **true** cards (the same deal, the same random
  sources): a *fork*.
- The difference of the two ends, in the chance to win the match (the match-equity
  table of :mod:`app.engine.bots.equity`), is Expert's gain at that decision. Hands
  without a fork add 0.

Reported: forks, Expert's mean gain per hand with its 95 % confidence interval (the hand
is the unit), and the mean gain per fork by kind of switch (Hard's action > Expert's).
The chance to win adds up over the hands of a match, so a gain of 0.01 per hand is
worth very roughly 10 points of match-win percentage over a match of ~10 hands. A
positive figure means Expert's switches beat Hard's choice when Hard plays on; it is
not a match result.

Usage::

    nice -n 10 .venv/bin/python bench/deviation.py --hands 300 --first 5000
    nice -n 10 .venv/bin/python bench/deviation.py --opponent hard --hands 200
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.engine import HOUSE  # noqa: E402
from app.engine import hand as hand_mod  # noqa: E402
from app.engine.bots import REFERENCES, choose_action, expert  # noqa: E402
from app.engine.bots.equity import match_equity  # noqa: E402
from app.engine.hand import Action, HandState  # noqa: E402


def _seed(tag: str, state: HandState) -> str:
    return f"{tag}:{state.turns}:{state.phase}:{len(state.discard_pile)}:{state.to_play}"


def finish(state: HandState, scores: tuple[int, int], opponent: str, tag: str) -> float:
    """Play the hand to its end (Hard at seat 0, ``opponent`` at 1); seat 0's chance to
    win the match from the score it leaves."""
    while not state.over:
        player = state.to_play
        seen = hand_mod.view(state, player, scores if player == 0 else scores[::-1])
        level = "hard" if player == 0 else opponent
        state, _ = hand_mod.apply(state, player,
                                  choose_action(level, seen, random.Random(_seed(tag, state))))
    result = state.result
    assert result is not None
    if result.winner is None:
        return match_equity(HOUSE, *scores)
    if result.winner == 0:
        return match_equity(HOUSE, scores[0] + result.points, scores[1])
    return match_equity(HOUSE, scores[0], scores[1] + result.points)


def play_hand(number: int, opponent: str, budget: expert.Budget
              ) -> list[tuple[str, float]]:
    """One hand of Hard against ``opponent``; ``[(kind, gain), ...]`` for every fork."""
    rng = random.Random(f"deviation:{number}")
    scores = (rng.randrange(0, 95), rng.randrange(0, 95))
    state = hand_mod.deal(HOUSE, number % 2, random.Random(f"deviation-deck:{number}"))
    tag = f"h{number}"
    forks: list[tuple[str, float]] = []
    while not state.over:
        player = state.to_play
        seen = hand_mod.view(state, player, scores if player == 0 else scores[::-1])
        seed = _seed(tag, state)
        action: Action = choose_action("hard" if player == 0 else opponent, seen,
                                       random.Random(seed))
        if player == 0 and len(seen.legal) > 1:
            mine = expert.choose(seen, random.Random("expert:" + seed), budget)
            if mine != action:
                kept = finish(hand_mod.apply(state, 0, action)[0], scores, opponent, tag + "+")
                switched = finish(hand_mod.apply(state, 0, mine)[0], scores, opponent,
                                  tag + "+")
                forks.append((f"{type(action).__name__} > {type(mine).__name__}",
                              switched - kept))
        state, _ = hand_mod.apply(state, player, action)
    return forks


def main(argv: list[str] | None = None) -> None:
    """Command line: see the module docstring."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--opponent", default="simple",
                        choices=("easy", "standard", "hard", *REFERENCES))
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--first", type=int, default=0, help="number of the first deal")
    parser.add_argument("--minutes", type=float, default=None,
                        help="start no new hand after this long")
    args = parser.parse_args(argv)
    budget = expert.Budget(**{**{f: getattr(expert.DEFAULT_BUDGET, f)
                                 for f in ("samples", "discards", "verify")},
                              "deadline": None})
    stop = time.monotonic() + args.minutes * 60 if args.minutes else math.inf
    gains: list[float] = []
    by_kind: dict[str, list[float]] = defaultdict(list)
    cpu = time.process_time()
    for number in range(args.first, args.first + args.hands):
        if time.monotonic() > stop:
            break
        forks = play_hand(number, args.opponent, budget)
        gains.append(sum(gain for _, gain in forks))
        for kind, gain in forks:
            by_kind[kind].append(gain)
    n = len(gains)
    mean = statistics.fmean(gains) if gains else math.nan
    ci = 1.96 * statistics.stdev(gains) / math.sqrt(n) if n > 1 else math.nan
    total = sum(len(v) for v in by_kind.values())
    print(f"Expert (samples {budget.samples}, verify {budget.verify}, switch z "
          f"{expert.SWITCH_Z}) vs Hard's choice, Hard playing on, opponent {args.opponent}: "
          f"{n} hands (deals {args.first}-{args.first + n - 1}), {total} forks")
    print(f"gain in the chance to win the match per hand: {mean:+.4f} ± {ci:.4f} (95 %)")
    for kind, values in sorted(by_kind.items()):
        print(f"  {kind:24s} {len(values):5d} forks, mean gain {statistics.fmean(values):+.4f}")
    print(f"CPU {time.process_time() - cpu:.0f} s")


if __name__ == "__main__":
    main()
