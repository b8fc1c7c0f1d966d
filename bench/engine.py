"""Engine speed over the oracle hands, against OpenSpiel when it is installed.

Run: ``.venv/bin/python bench/engine.py`` (or ``make bench``). Optional OpenSpiel:
``.venv/bin/pip install -e '.[bench]'`` (PyPI ``open-spiel``, imported as ``pyspiel``).

Prints the median time per call of ``least_deadwood`` (10 cards), ``best_discards``
(11 cards) and ``settle`` (the knocker's melds as given) over the hands of
``deadwood.jsonl`` and ``layoff.jsonl``; with OpenSpiel, the same 10- and 11-card hands
through ``GinRummyUtils(13, 4, 10).min_deadwood``, the ratio ours/theirs from the same
run, and how many 11-card hands OpenSpiel gets wrong (its 11-card shortcut: best melds of
all 11 cards, then drop the highest deadwood card) while ours match the oracle.

Method: each timed pass calls the function once per hand (inputs converted beforehand,
a plain ``for`` loop around the call); the figure is the median over the passes of the
mean time per call. Ours and theirs alternate pass by pass, so both see the same machine
load. The engine keeps no cache between calls, so every call is cold.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.engine import HOUSE, Card, best_discards, least_deadwood, parse_cards, settle  # noqa: E402
from app.engine.cards import to_mask  # noqa: E402
from app.engine.melds import deadwood_by_discard_mask, least_deadwood_mask  # noqa: E402

TARGET_RATIO = 1.5


def oracle_dir(given: str | None) -> Path:
    """``--oracle``, else ``$GIN_ORACLE_DIR``, else the repository's copy, ``tests/data/oracle``."""
    if given:
        return Path(given)
    configured = os.environ.get("GIN_ORACLE_DIR")
    return Path(configured) if configured else ROOT / "tests" / "data" / "oracle"


def load(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def cards(codes: Sequence[str]) -> list[Card]:
    return parse_cards(" ".join(codes))


def per_call(function: Callable[[Any], object], inputs: Sequence[Any]) -> float:
    """Mean seconds per call over one pass through ``inputs``."""
    start = time.perf_counter()
    for item in inputs:
        function(item)
    return (time.perf_counter() - start) / len(inputs)


def timed(jobs: dict[str, tuple[Callable[[Any], object], Sequence[Any]]],
          repeats: int) -> dict[str, list[float]]:
    """Per-pass mean seconds per call of each job, the jobs interleaved pass by pass."""
    samples: dict[str, list[float]] = {name: [] for name in jobs}
    for function, inputs in jobs.values():  # warm-up pass
        per_call(function, inputs[: min(200, len(inputs))])
    for _ in range(repeats):
        for name, (function, inputs) in jobs.items():
            samples[name].append(per_call(function, inputs))
    return samples


def load_openspiel() -> Any | None:
    """OpenSpiel's gin rummy utilities, or ``None`` when ``pyspiel`` is not installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)  # ranks, suits, hand size
    if not hasattr(utils, "min_deadwood"):
        return None
    return utils


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--oracle", help="directory of deadwood.jsonl and layoff.jsonl")
    parser.add_argument("--repeats", type=int, default=21, help="timed passes (default 21)")
    args = parser.parse_args(argv)

    directory = oracle_dir(args.oracle)
    if not (directory / "deadwood.jsonl").is_file():
        print(f"no oracle at {directory}: pass --oracle DIR or set GIN_ORACLE_DIR")
        return 2
    deadwood_rows = load(directory / "deadwood.jsonl")
    layoff_rows = load(directory / "layoff.jsonl")
    rows10 = [row for row in deadwood_rows if row["n"] == 10]
    rows11 = [row for row in deadwood_rows if row["n"] == 11]
    hands10 = [cards(row["hand"]) for row in rows10]
    hands11 = [cards(row["hand"]) for row in rows11]
    masks10 = [to_mask(hand) for hand in hands10]
    masks11 = [to_mask(hand) for hand in hands11]
    knocks = [([cards(meld) for meld in row["knocker_melds"]],
               cards(row["knocker_deadwood_cards"]), cards(row["defender_hand"]))
              for row in layoff_rows]

    # Exactness first (not timed): ours against the oracle.
    ours_wrong10 = sum(least_deadwood(h) != r["min_deadwood"]
                       for h, r in zip(hands10, rows10, strict=True))
    ours_wrong11 = sum(best_discards(h)[0] != r["min_deadwood"]
                       for h, r in zip(hands11, rows11, strict=True))
    ours_wrong_settle = sum(settle(*knock).defender_deadwood != row["defender_deadwood"]
                            for knock, row in zip(knocks, layoff_rows, strict=True))

    jobs: dict[str, tuple[Callable[[Any], object], Sequence[Any]]] = {
        "least_deadwood 10": (least_deadwood, hands10),
        "best_discards 11": (best_discards, hands11),
        "settle": (lambda knock: settle(*knock), knocks),
        "least_deadwood_mask 10": (lambda m: least_deadwood_mask(m, HOUSE), masks10),
        "deadwood_by_discard_mask 11": (lambda m: deadwood_by_discard_mask(m, HOUSE), masks11),
    }
    utils = load_openspiel()
    theirs_wrong11 = None
    if utils is not None:
        def spiel(hand: Sequence[Card]) -> list[int]:
            return list(utils.card_strings_to_card_ints(
                [str(card)[0] + str(card)[1].lower() for card in hand]))

        ints10 = [spiel(hand) for hand in hands10]
        ints11 = [spiel(hand) for hand in hands11]
        theirs_wrong10 = sum(utils.min_deadwood(i) != r["min_deadwood"]
                             for i, r in zip(ints10, rows10, strict=True))
        wrong11 = [utils.min_deadwood(i) != r["min_deadwood"]
                   for i, r in zip(ints11, rows11, strict=True)]
        theirs_wrong11 = sum(wrong11)
        only_ours_exact = sum(
            w and best_discards(h)[0] == r["min_deadwood"]
            for w, h, r in zip(wrong11, hands11, rows11, strict=True))
        jobs["openspiel min_deadwood 10"] = (utils.min_deadwood, ints10)
        jobs["openspiel min_deadwood 11"] = (utils.min_deadwood, ints11)

    samples = timed(jobs, args.repeats)
    medians = {name: statistics.median(values) for name, values in samples.items()}
    best = {name: min(values) for name, values in samples.items()}

    print("Engine benchmark over the oracle hands")
    print(f"  python {platform.python_version()} on {platform.machine()}, "
          f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}; "
          f"{args.repeats} passes, median of per-pass mean per call")
    print(f"  hands: {len(hands10)} of 10 cards, {len(hands11)} of 11 cards, "
          f"{len(knocks)} knocks\n")
    print(f"  {'call':<32}{'median per call':>18}{'best pass':>14}")
    for name, seconds in medians.items():
        print(f"  {name:<32}{seconds * 1e6:>15.2f} µs{best[name] * 1e6:>11.2f} µs")
    print()
    print(f"  exact vs oracle (ours): 10-card wrong {ours_wrong10}, 11-card wrong "
          f"{ours_wrong11}, settle wrong {ours_wrong_settle}")
    if utils is None:
        print("  OpenSpiel: not installed (pip install open-spiel, the `bench` extra)")
        return 0
    ratio10 = medians["least_deadwood 10"] / medians["openspiel min_deadwood 10"]
    ratio10_mask = medians["least_deadwood_mask 10"] / medians["openspiel min_deadwood 10"]
    ratio11 = medians["best_discards 11"] / medians["openspiel min_deadwood 11"]
    best10 = best["least_deadwood 10"] / best["openspiel min_deadwood 10"]
    verdict = "meets" if ratio10 <= TARGET_RATIO else "MISSES"
    print(f"  OpenSpiel 10-card wrong {theirs_wrong10}; 11-card wrong {theirs_wrong11} of "
          f"{len(hands11)}, of which ours exact on {only_ours_exact}")
    print(f"  ratio ours/theirs, 10 cards: {ratio10:.2f} (cards API, medians; {verdict} "
          f"target <= {TARGET_RATIO}); best passes {best10:.2f}; mask API {ratio10_mask:.2f}")
    print(f"  ratio ours/theirs, 11 cards: {ratio11:.2f} (ours checks all 11 discards "
          "exactly; theirs is the shortcut)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
