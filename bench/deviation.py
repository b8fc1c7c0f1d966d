"""Does Expert's search improve on Hard's play? A one-step deviation A/B.

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

**Whole hands** (``--whole``): the one-step test cannot see a chain of switches — Expert
declining a knock turn after turn in the same hand, say. Here every deal is played to its
end twice from the true cards: once with Expert deciding every one of seat 0's moves,
once with Hard; the opponent's random sources are the same in both (seeded by the
position). The difference of the two ends is Expert's whole gain in that hand. Also
reported: seat 0's hands won and how often it played on where a knock was legal.

Usage::

    nice -n 10 .venv/bin/python bench/deviation.py --hands 300 --first 5000
    nice -n 10 .venv/bin/python bench/deviation.py --opponent hard --hands 200
    nice -n 10 .venv/bin/python bench/deviation.py --whole --opponent hard --hands 1000
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.engine import HOUSE  # noqa: E402
from app.engine import hand as hand_mod  # noqa: E402
from app.engine.bots import REFERENCES, choose_action, expert  # noqa: E402
from app.engine.bots.equity import match_equity  # noqa: E402
from app.engine.hand import Action, HandState, Knock, PlayerView  # noqa: E402

Chooser = Callable[[PlayerView, random.Random], Action]


def _seed(tag: str, state: HandState) -> str:
    return f"{tag}:{state.turns}:{state.phase}:{len(state.discard_pile)}:{state.to_play}"


def _hard(view: PlayerView, rng: random.Random) -> Action:
    return choose_action("hard", view, rng)


@dataclass
class End:
    """How one play of a hand ended for seat 0: its chance to win the match from the
    score the hand leaves, whether it won the hand, and how many times it played on
    where a knock was legal."""

    equity: float
    won: bool
    declined: int


def play_to_end(state: HandState, scores: tuple[int, int], opponent: str, tag: str,
                seat0: Chooser = _hard) -> End:
    """Play the hand to its end (``seat0`` deciding for seat 0, ``opponent`` at 1, each
    decision's random source seeded by the position)."""
    declined = 0
    while not state.over:
        player = state.to_play
        seen = hand_mod.view(state, player, scores if player == 0 else scores[::-1])
        rng = random.Random(_seed(tag, state))
        if player == 0:
            action = seat0(seen, rng)
            declined += (not isinstance(action, Knock)
                         and any(isinstance(a, Knock) for a in seen.legal))
        else:
            action = choose_action(opponent, seen, rng)
        state, _ = hand_mod.apply(state, player, action)
    result = state.result
    assert result is not None
    return End(_equity(result, scores), result.winner == 0, declined)


def finish(state: HandState, scores: tuple[int, int], opponent: str, tag: str) -> float:
    """Play the hand to its end (Hard at seat 0, ``opponent`` at 1); seat 0's chance to
    win the match from the score it leaves."""
    return play_to_end(state, scores, opponent, tag).equity


def _equity(result: hand_mod.HandResult, scores: tuple[int, int]) -> float:
    """Seat 0's chance to win the match once ``result`` is scored."""
    if result.winner is None:
        return match_equity(HOUSE, *scores)
    if result.winner == 0:
        return match_equity(HOUSE, scores[0] + result.points, scores[1])
    return match_equity(HOUSE, scores[0], scores[1] + result.points)


def _deal(number: int) -> tuple[tuple[int, int], HandState]:
    """Deal ``number``: a random match score for both (0–94 each) and the hand's cards."""
    rng = random.Random(f"deviation:{number}")
    scores = (rng.randrange(0, 95), rng.randrange(0, 95))
    return scores, hand_mod.deal(HOUSE, number % 2, random.Random(f"deviation-deck:{number}"))


def whole_hand(number: int, opponent: str, budget: expert.Budget) -> tuple[End, End]:
    """Deal ``number`` played to its end twice: ``(Hard's end, Expert's end)`` at seat 0."""
    scores, state = _deal(number)

    def by_expert(view: PlayerView, rng: random.Random) -> Action:
        return expert.choose(view, rng, budget)

    tag = f"w{number}"
    return (play_to_end(state, scores, opponent, tag),
            play_to_end(state, scores, opponent, tag, by_expert))


def play_hand(number: int, opponent: str, budget: expert.Budget
              ) -> list[tuple[str, float]]:
    """One hand of Hard against ``opponent``; ``[(kind, gain), ...]`` for every fork."""
    scores, state = _deal(number)
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


def _mean_ci(values: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95 % confidence interval (normal approximation)."""
    n = len(values)
    mean = statistics.fmean(values) if values else math.nan
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(n) if n > 1 else math.nan


def main(argv: list[str] | None = None) -> None:
    """Command line: see the module docstring."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--opponent", default="simple",
                        choices=("easy", "standard", "hard", *REFERENCES))
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--first", type=int, default=0, help="number of the first deal")
    parser.add_argument("--minutes", type=float, default=None,
                        help="start no new hand after this long")
    parser.add_argument("--whole", action="store_true",
                        help="whole hands: Expert plays every move of seat 0 (see above)")
    args = parser.parse_args(argv)
    budget = expert.Budget(**{**{f: getattr(expert.DEFAULT_BUDGET, f)
                                 for f in ("samples", "discards", "verify")},
                              "deadline": None})
    stop = time.monotonic() + args.minutes * 60 if args.minutes else math.inf
    numbers = (n for n in range(args.first, args.first + args.hands) if time.monotonic() < stop)
    cpu = time.process_time()
    about = (f"Expert (samples {budget.samples}, verify {budget.verify}, switch z "
             f"{expert.SWITCH_Z})")
    if args.whole:
        ends = [whole_hand(number, args.opponent, budget) for number in numbers]
        mean, ci = _mean_ci([mine.equity - hard.equity for hard, mine in ends])
        print(f"{about} vs Hard, every move of seat 0, opponent {args.opponent}: {len(ends)} "
              f"hands (deals {args.first}-{args.first + len(ends) - 1}), "
              f"{sum(h.equity != m.equity for h, m in ends)} ended differently")
        print(f"gain in the chance to win the match per hand: {mean:+.4f} ± {ci:.4f} (95 %)")
        for name, side in (("Hard", 0), ("Expert", 1)):
            won = statistics.fmean(end[side].won for end in ends)
            declined = statistics.fmean(end[side].declined for end in ends)
            print(f"  {name:7s} hands won {won:.1%}, played on where it could knock "
                  f"{declined:.3f} times a hand")
    else:
        gains: list[float] = []
        by_kind: dict[str, list[float]] = defaultdict(list)
        for number in numbers:
            forks = play_hand(number, args.opponent, budget)
            gains.append(sum(gain for _, gain in forks))
            for kind, gain in forks:
                by_kind[kind].append(gain)
        mean, ci = _mean_ci(gains)
        print(f"{about} vs Hard's choice, Hard playing on, opponent {args.opponent}: "
              f"{len(gains)} hands (deals {args.first}-{args.first + len(gains) - 1}), "
              f"{sum(len(v) for v in by_kind.values())} forks")
        print(f"gain in the chance to win the match per hand: {mean:+.4f} ± {ci:.4f} (95 %)")
        for kind, values in sorted(by_kind.items()):
            print(f"  {kind:24s} {len(values):5d} forks, "
                  f"mean gain {statistics.fmean(values):+.4f}")
    print(f"CPU {time.process_time() - cpu:.0f} s")


if __name__ == "__main__":
    main()
