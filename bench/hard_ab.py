"""A/B of the Hard level's knock search (issue 28): a benchmark.

Plays mirrored pairs of matches to 100 (House rules) of a *variant* of the Hard level
against Simple, exactly as ``bench/strength.py`` does (the same seeds, deals and random
sources), and compares each variant pair by pair with the saved pairs of the strength
table: Hard 1 (Hard's evaluation alone) and the current Hard level. Variants
(``--variant``):

- ``gate``: Hard 1's choice is the default; the search leaves it only for a candidate
  :data:`~app.engine.bots.expert.SWITCH_Z` standard errors better (Expert's rule);
- ``impatient``: the committed rule (the highest mean), with both play-out
  continuations knocking at once (``expert.PATIENT_KNOCK = None``).

Usage::

    nice -n 10 .venv/bin/python bench/hard_ab.py run gate --pairs 400 --jobs 2
    .venv/bin/python bench/hard_ab.py compare gate impatient

Results go to ``bench/results/hard_ab.jsonl`` (one line per pair: variant, seed, the two
matches' figures as the strength table saves them).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import multiprocessing
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.engine.bots import _CHOOSERS, expert, hard, hard_search  # noqa: E402
from app.engine.hand import Action, PlayerView  # noqa: E402
from bench import strength  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "hard_ab.jsonl"
VARIANTS = ("gate", "impatient")
DESCRIBED = {"gate": "gate (Hard 1's choice unless a candidate is 2 standard errors better)",
             "impatient": "impatient (both play-out continuations knock at once)"}


def _gated(view: PlayerView, rng: random.Random) -> Action:
    """The ``gate`` variant: Hard 1's choice unless the search beats it clearly."""
    among = hard.knock_candidates(view)
    first = hard.choose(view, rng)
    if not among:
        return first
    among = [first, *(a for a in among if a != first)]
    found = expert.search(view, random.Random(rng.getrandbits(64)), hard_search.BUDGET,
                          among=among)
    return among[found.chosen]


def configure(variant: str) -> None:
    """Put ``variant`` in place of the Hard level (in this process and its children)."""
    hard_search.BUDGET = dataclasses.replace(hard_search.BUDGET, deadline=None)
    if variant == "gate":
        _CHOOSERS["hard"] = _gated
    elif variant == "impatient":
        expert.PATIENT_KNOCK = None
    else:
        raise SystemExit(f"unknown variant {variant}: {', '.join(VARIANTS)}")


def _job(seed: int) -> tuple[int, tuple[strength.MatchOutcome, strength.MatchOutcome]]:
    return seed, strength.play_pair("hard", "simple", seed)


def run(variant: str, pairs: int, first: int, jobs: int) -> None:
    """Play ``pairs`` pairs from seed ``first`` and append them to :data:`RESULTS`."""
    configure(variant)
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    seeds = range(first, first + pairs)
    with multiprocessing.Pool(jobs) as pool, RESULTS.open("a") as out:
        for seed, (a, b) in pool.imap_unordered(_job, seeds):
            out.write(json.dumps({"variant": variant, "seed": seed,
                                  "m": [dataclasses.asdict(a), dataclasses.asdict(b)]})
                      + "\n")
            out.flush()


def _saved(variant: str) -> dict[int, dict[str, object]]:
    found: dict[int, dict[str, object]] = {}
    if RESULTS.exists():
        for line in RESULTS.read_text().splitlines():
            record = json.loads(line)
            if record["variant"] == variant:
                found.setdefault(record["seed"], record)
    return found


def _table(hard_version: int) -> dict[int, dict[str, object]]:
    """The strength table's pairs of Hard ``hard_version`` against the current Simple."""
    want = [hard_version, strength.versions("hard", "simple")[1]]
    return {r["seed"]: r for r in strength.saved_records()  # type: ignore[misc]
            if r["level"] == "hard" and r["opponent"] == "simple" and r["versions"] == want}


def _wins(record: dict[str, object]) -> float:
    matches = record["m"]
    assert isinstance(matches, list)
    return sum(float(m["a_won"]) for m in matches) / len(matches)


def report_lines() -> list[str]:
    """The section of ``docs/strength.md`` on the Hard level's knock search: the
    committed level and each variant, their match wins, and each one's paired
    difference with Hard 1 and with the committed level on the seeds both played
    (empty without results)."""
    current = strength.versions("hard", "simple")[0]
    against = {"Hard 1 (its evaluation alone)": _table(1),
               f"Hard {current} (committed)": _table(current)}
    if not against[f"Hard {current} (committed)"]:
        return []
    lines = ["## The Hard level's knock search: A/B on mirrored matches (issue 28)", "",
             "Hard 2 plays Hard 1's evaluation except at a knock, where it searches knock or",
             "play on (`app/engine/bots/hard_search.py`: 64 samples per candidate, patient",
             "play-outs, each end valued by the chance to win the match) and plays the",
             "highest mean. Variants against Simple on the strength table's seeds and random",
             "sources (`bench/hard_ab.py`), paired by seed with the table's pairs:", ""]
    committed = _table(current)
    old = _table(1)
    common = sorted(set(committed) & set(old))
    if len(common) >= 2:
        gain, gain_ci = strength.mean_ci([_wins(committed[s]) - _wins(old[s]) for s in common])
        lines.append(f"- Hard {current} as committed (the highest mean, patient play-outs) "
                     f"minus Hard 1: {gain:+.1%} ± {gain_ci:.1%} of match wins "
                     f"({len(common)} seeds)")
    for variant in VARIANTS:
        mine = _saved(variant)
        if len(mine) < 2:
            continue
        wins, ci = strength.mean_ci([_wins(r) for r in mine.values()])
        parts = [f"{DESCRIBED[variant]}: {wins:.1%} ± {ci:.1%} of match wins over "
                 f"{len(mine)} pairs"]
        for name, other in against.items():
            common = sorted(set(mine) & set(other))
            if len(common) >= 2:
                gain, gain_ci = strength.mean_ci([_wins(mine[s]) - _wins(other[s])
                                                  for s in common])
                parts.append(f"minus {name} {gain:+.1%} ± {gain_ci:.1%} ({len(common)} seeds)")
        lines.append("- " + "; ".join(parts))
    return [*lines, ""]


def main() -> None:
    """Command line: see the module docstring."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    one = sub.add_parser("run")
    one.add_argument("variant", choices=VARIANTS)
    one.add_argument("--pairs", type=int, default=400)
    one.add_argument("--first", type=int, default=strength.SERIES)
    one.add_argument("--jobs", type=int, default=1)
    sub.add_parser("compare")
    args = parser.parse_args()
    if args.command == "run":
        run(args.variant, args.pairs, args.first, args.jobs)
    print("\n".join(report_lines()))


if __name__ == "__main__":
    main()
