"""How far a hand's analysis is from many more samples, before and after issue 46.

Run: ``nice -n 5 .venv/bin/python bench/review_noise.py [--hands 30] [--seeds 1 2]``.

Plays ``--hands`` hands per seed as ``bench/review.py`` does (Easy as the person,
Standard as the computer; the scores of its fixture in turn), and for each of the
person's decisions:

* draws 48 samples of the hidden cards with Expert's own sampler and seed (the samples
  the analysis before issue 46 drew, ``c90881e``) and plays out every candidate on each;
* **the old rating**: every candidate on the first 12 (what ``c90881e`` computed: the
  best is the highest mean); **the old rating again** on samples 13–24 (its own noise);
* **the reference**: every candidate on samples 13–48 (36 samples, independent of the
  old rating's);
* **the new rating**: :func:`app.engine.rating.rate_all` of the hand as it is (its own
  sampler, sequential rule and samples carried over from the decision before), counting
  the samples of the hidden cards it draws, those it plays out (drawn or carried over)
  and the play-outs.

Prints, for the old and the new rating, the mean distance of the loss from the
reference's loss (percentage points; its 95th percentile and largest), how often its mark
is the reference's, its mean signed distance (the highest of several noisy means
overstates the best's chance), the new rating's distance from the old and the old
rating's from itself on other samples, and the work per decision.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import random
import statistics
from math import fsum
from pathlib import Path
from typing import Any

from app.engine import HOUSE, rating
from app.engine.bots import expert
from app.engine.bots.hard import Evaluator, build_model
from app.engine.bots.inference import Sampler
from app.engine.review import Decision, decisions, hand_positions

SAMPLES = 48
OLD = 12


def _review_bench() -> Any:
    """``bench/review.py`` as a module (its hands and fixture scores)."""
    path = Path(__file__).with_name("review.py")
    spec = importlib.util.spec_from_file_location("bench_review", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _old_values(decision: Decision) -> tuple[list[list[float]], int]:
    """Every candidate's value on :data:`SAMPLES` samples of Expert's own sampler and
    the decision's seed (the first 12 are the old rating's), and the index of the
    decision taken."""
    view = decision.view
    rng = random.Random(rating.decision_seed(decision.index))
    model = build_model(view)
    ev = Evaluator(model, view.limit.limit)
    rng.getrandbits(64)  # Expert's search seeds Hard's default first
    actions = expert.candidates(view, model, None, rating.REVIEW_BUDGET, ev)
    if decision.action not in actions:
        actions.append(decision.action)
    playouts = expert.Playouts(view)
    sampler = Sampler(view, model)
    rows = []
    for _ in range(SAMPLES):
        base = playouts.deal(*sampler.hidden(rng))
        rows.append([playouts.value(action, base) for action in actions])
    return rows, actions.index(decision.action)


def _loss(rows: list[list[float]], mine: int) -> float:
    """The loss (points) of candidate ``mine`` with every candidate on ``rows``."""
    means = [fsum(row[i] for row in rows) / len(rows) for i in range(len(rows[0]))]
    return max(0.0, 100.0 * (max(means) - means[mine]))


class _Counted:
    """Counts the samples drawn and used and the play-outs of
    :func:`app.engine.rating.rate_all`."""

    samples = 0
    used = 0
    playouts = 0

    def __init__(self) -> None:
        self.sampler = rating.Sampler
        self.values = expert.Playouts.values
        self.chances = rating._chances
        counted = self

        def chances(*args: Any, **kwargs: Any) -> Any:
            answer = counted.chances(*args, **kwargs)
            counted.used += len(answer[3])
            return answer

        class Sampling:
            def __init__(self, *args: Any, **kwargs: Any) -> None:
                self.inner = counted.sampler(*args, **kwargs)

            def hidden(self, rng: random.Random) -> tuple[int, list[int]]:
                counted.samples += 1
                return self.inner.hidden(rng)

        def values(playouts: expert.Playouts, steps: Any, among: list[int],
                   base: Any) -> list[float]:
            counted.playouts += len(among)
            return counted.values(playouts, steps, among, base)

        rating.Sampler = Sampling  # type: ignore[misc,assignment]
        rating._chances = chances
        expert.Playouts.values = values  # type: ignore[method-assign,assignment]


def _summary(name: str, errors: list[float], signed: list[float], marks: int) -> str:
    ordered = sorted(errors)
    return (f"{name}: loss off the reference by {statistics.mean(errors):.2f} points on "
            f"average (signed {statistics.mean(signed):+.2f}; p95 "
            f"{ordered[int(0.95 * len(ordered))]:.1f}, max {ordered[-1]:.1f}, over 10 points "
            f"{sum(e > 10 for e in errors)} times); mark the reference's "
            f"{marks / len(errors):.1%}")


def main() -> None:
    """Measure and print (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args()
    bench = _review_bench()
    counted = _Counted()
    old_err: list[float] = []
    old_signed: list[float] = []
    new_err: list[float] = []
    new_signed: list[float] = []
    old_marks = new_marks = 0
    moved: list[float] = []
    moved_marks = 0
    again: list[float] = []
    again_marks = 0
    rated = old_playouts = new_playouts = 0
    accurate = [0, 0, 0]  # old, new, reference
    for seed in args.seeds:
        for n, (hand_seed, log) in enumerate(bench._play(args.hands, seed)):
            scores = bench.FIXTURE_SCORES[n % len(bench.FIXTURE_SCORES)]
            chosen = decisions(hand_positions(HOUSE, hand_seed, 1, 1, log), 0, scores)
            before = counted.playouts
            news = [rated_.loss for rated_ in rating.rate_all(chosen)]
            new_playouts += counted.playouts - before
            for decision, new in zip(chosen, news, strict=True):
                rows, mine = _old_values(decision)
                old_playouts += OLD * len(rows[0])
                reference = _loss(rows[OLD:], mine)
                old = _loss(rows[:OLD], mine)
                other = _loss(rows[OLD:2 * OLD], mine)
                mark = rating.mark_for(reference)
                old_err.append(abs(old - reference))
                old_signed.append(old - reference)
                new_err.append(abs(new - reference))
                new_signed.append(new - reference)
                old_marks += rating.mark_for(old) == mark
                new_marks += rating.mark_for(new) == mark
                moved.append(abs(new - old))
                moved_marks += rating.mark_for(new) != rating.mark_for(old)
                again.append(abs(other - old))
                again_marks += rating.mark_for(other) != rating.mark_for(old)
                for which, loss in enumerate((old, new, reference)):
                    accurate[which] += loss < rating.ACCURATE_WITHIN
                rated += 1
    print(f"{rated} decisions ({args.hands} hands x seeds {args.seeds}), reference: "
          f"{SAMPLES - OLD} samples of every candidate [load {os.getloadavg()[0]:.1f}]")
    print(_summary(f"old (every candidate, {OLD} samples)", old_err, old_signed, old_marks))
    print(_summary("new (rating.rate_all)", new_err, new_signed, new_marks))
    print(f"new against old: loss moved {statistics.mean(moved):.2f} points on average, "
          f"{moved_marks / rated:.1%} of marks changed; old on {OLD} other samples: "
          f"{statistics.mean(again):.2f} points, {again_marks / rated:.1%}")
    print("decisions within {} points of the best (accuracy): old {:.1%}, new {:.1%}, "
          "reference {:.1%}".format(rating.ACCURATE_WITHIN, *(a / rated for a in accurate)))
    print(f"work per decision: old {OLD} samples of the hidden cards, "
          f"{old_playouts / rated:.2f} play-outs; new {counted.samples / rated:.2f} "
          f"samples drawn ({counted.used / rated:.2f} played out, with those carried "
          f"over), {new_playouts / rated:.2f} play-outs")


if __name__ == "__main__":
    main()
