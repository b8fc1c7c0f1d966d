"""The EAAI panel (issue 51; docs/strength.md, *The EAAI panel*): Expert against the
strongest open gin engines on the EAAI-2021 rules, by a protocol fixed before any of its
games is played. A benchmark, not a test.

**What is fixed here, before running** (changing any of it is a new protocol, with new
seeds, and the old results are reported beside it, never replaced):

- the matchups (:data:`PANEL`): the primary claims, Expert against jdh8's ``mc:512``
  and against its surrogate of MARJJ (``marjj``); the guards, ``mc:256``, jdh8's
  ``eaai`` (the EAAI simple player), OpenSpiel's simple bot and our Hard;
- the rules: the Tournament (EAAI) preset (``app.engine.TOURNAMENT``: to 100, knock 10,
  gin and undercut 25, a tie is an undercut, no big gin and no bonuses; a dead hand is
  redealt by the same dealer, a scored hand passes the deal); jdh8's referee plays it
  as ``--rules eaai``, our own harness (``bench/strength.py``) as House, whose every
  scoring value and dealer rule are the same;
- mirrored pairs with common deals: each seed is played twice, the seats swapped;
- two seed sets (:data:`SEED_SETS` for jdh8's referee, :data:`OUR_SERIES` for ours) and
  the pairs each set plays (:attr:`Matchup.pairs`), all played, no early stop (no
  look at a result decides whether to play on);
- the figures: the match share with its pair-clustered 95 % interval (each pair's
  share is the unit: 1, ½ or 0), points per game, an exact one-sided sign test on the
  pairs one side swept (2–0 against 0–2; split pairs drop out) of "Expert wins more
  than half", with Holm's correction over the whole panel at a family-wise 5 %, and
  Expert's CPU per decision (p50 / p95 / max) and decisions per game;
- the claims: against ``mc:512`` at least 55 % with the interval's lower bound above
  50 %, against ``marjj`` at least 60 %, each also significant after Holm; a guard
  whose sign test fails after Holm is reported as such.

Usage (``make strength-eaai`` runs the whole panel, about a day of one core)::

    .venv/bin/python bench/eaai.py run --jdh8 ../shared/jdh8 --bridge build/jdh8/bin/jdh8-bridge
    .venv/bin/python bench/eaai.py run ... --only eaai --pairs 2 --results /tmp/eaai  # a try
    .venv/bin/python bench/eaai.py render [--results DIR]   # the section, printed

``run`` writes one raw JSONL file per matchup and seed set under
``bench/results/eaai/`` (jdh8's matchups: ``play.py``'s lines, one per game and a
summary; ours are appended to ``bench/results/strength.jsonl.gz`` as every pair of
``bench/strength.py``), then rewrites docs/strength.md (``bench/strength.py render``,
which calls :func:`section`).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import os
import statistics
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results" / "eaai"
"""Where the raw results of jdh8's matchups are kept (committed with the doc)."""


@dataclass(frozen=True)
class Matchup:
    """One pre-registered matchup: its ``name`` (the results' file name), who referees
    (``jdh8``: jdh8's ``Table`` through ``play.py``; ``ours``: ``bench/strength.py``),
    the ``opponent`` as that referee names it, the ``pairs`` of each seed set, whether
    it is a ``primary`` claim or a guard, and the claim's ``target`` match share."""

    name: str
    referee: str
    opponent: str
    pairs: int
    primary: bool = False
    target: float | None = None


PANEL: tuple[Matchup, ...] = (
    Matchup("mc512", "jdh8", "mc:512", 300, primary=True, target=0.55),
    Matchup("marjj", "jdh8", "marjj", 300, primary=True, target=0.60),
    Matchup("mc256", "jdh8", "mc:256", 100),
    Matchup("eaai", "jdh8", "eaai", 100),
    Matchup("openspiel", "ours", "openspiel", 100),
    Matchup("hard", "ours", "hard", 100),
)
"""The panel, fixed before running (issue 51): 2 × 300 pairs for each primary claim
(a 95 % interval of about ±3.5 points at 55 %), 2 × 100 for each guard."""

SEED_SETS = {"A": 510_001, "B": 520_001}
"""jdh8's matchups: ``play.py --seed`` of each set (pair k is dealt from seed + k)."""
OUR_SERIES = {"A": 51, "B": 52}
"""Our matchups: ``bench/strength.py table --seeds`` of each set (seeds s · 100 000 + i)."""
LEVEL = "expert"
ALPHA = 0.05
"""The family-wise error rate of the panel's sign tests (Holm)."""


# --- statistics ---------------------------------------------------------------------------


def mean_ci(values: list[float]) -> tuple[float, float]:
    """The mean of ``values`` (pair shares) and the half-width of its 95 % interval
    (normal approximation over the pairs: pair-clustered); ``nan`` when undefined."""
    n = len(values)
    if n == 0:
        return math.nan, math.nan
    if n == 1:
        return values[0], math.nan
    return statistics.fmean(values), 1.96 * statistics.stdev(values) / math.sqrt(n)


def sign_test(sweeps: int, swept: int) -> float:
    """The exact one-sided p-value of ``sweeps`` pairs won 2–0 against ``swept`` lost
    0–2 under "each side equally likely to sweep": P(X ≥ sweeps), X ~ Bin(n, ½)."""
    n = sweeps + swept
    if n == 0:
        return 1.0
    return sum(math.comb(n, k) for k in range(sweeps, n + 1)) / 2 ** n


def holm(p_values: dict[str, float], alpha: float = ALPHA) -> dict[str, tuple[float, bool]]:
    """Holm's step-down correction: each test's adjusted p-value and whether it is
    rejected at family-wise ``alpha``."""
    order = sorted(p_values, key=lambda name: p_values[name])
    m = len(order)
    adjusted: dict[str, tuple[float, bool]] = {}
    running, rejecting = 0.0, True
    for i, name in enumerate(order):
        running = max(running, min(1.0, (m - i) * p_values[name]))
        rejecting = rejecting and running <= alpha
        adjusted[name] = (running, rejecting)
    return adjusted


# --- the results ---------------------------------------------------------------------------


@dataclass
class SetResult:
    """One seed set of one matchup as saved: each pair's share and point difference,
    the sweeps either way, Expert's CPU per decision and decisions per game."""

    pairs: list[float]
    diffs: list[float]
    points: tuple[float, float]
    cpu: tuple[float, float, float] | None
    decisions_per_game: float | None


def _jdh8_set(path: Path) -> SetResult | None:
    if not path.exists():
        return None
    games: dict[int, list[dict[str, object]]] = {}
    summary: dict[str, object] = {}
    for line in path.read_text().splitlines():
        row = json.loads(line)
        if row.get("type") == "summary":
            summary = row
        elif row.get("type") == "game":
            games.setdefault(int(row["pair"]), []).append(row)  # type: ignore[call-overload]
    full = [pair for pair in games.values() if len(pair) == 2]
    shares = [sum(g["winner"] == "a" for g in pair) / 2 for pair in full]
    diffs = [sum(float(g["score_a"]) - float(g["score_b"]) for g in pair) / 2  # type: ignore[arg-type]
             for pair in full]
    ours = [float(g["score_a"]) for pair in full for g in pair]  # type: ignore[arg-type]
    theirs = [float(g["score_b"]) for pair in full for g in pair]  # type: ignore[arg-type]
    cpu = None
    if "our_cpu_ms_p50" in summary:
        cpu = (float(summary["our_cpu_ms_p50"]), float(summary["our_cpu_ms_p95"]),  # type: ignore[arg-type]
               float(summary["our_cpu_ms_max"]))  # type: ignore[arg-type]
    decisions = summary.get("our_decisions")
    return SetResult(shares, diffs,
                     (statistics.fmean(ours) if ours else math.nan,
                      statistics.fmean(theirs) if theirs else math.nan), cpu,
                     float(decisions) / (2 * len(full)) if decisions and full else None)  # type: ignore[arg-type]


def _our_set(cells: dict[tuple[str, str], Any], opponent: str,
             series: int) -> SetResult | None:
    from bench import strength

    cell = cells.get((LEVEL, opponent))
    if cell is None:
        return None
    pairs = [p for p in cell.pairs if p["seed"] // strength.SERIES == series]
    if not pairs:
        return None
    shares = [(p["m"][0]["a_won"] + p["m"][1]["a_won"]) / 2 for p in pairs]
    diffs = [(p["m"][0]["a_net"] + p["m"][1]["a_net"]) / 2 for p in pairs]
    f = strength.Cell(LEVEL, opponent, pairs).figures()
    decisions = f["decisions"] / (2 * f["timed_pairs"]) if f["timed_pairs"] else None
    return SetResult(shares, diffs, (math.nan, math.nan),
                     (f["cpu50"], f["cpu95"], f["cpumax"]), decisions)


def load(results: Path = RESULTS) -> dict[str, dict[str, SetResult | None]]:
    """Every matchup's seed sets as saved (``None``: not played)."""
    from bench import strength

    cells = strength.load_cells()
    found: dict[str, dict[str, SetResult | None]] = {}
    for matchup in PANEL:
        sets: dict[str, SetResult | None] = {}
        for name in SEED_SETS:
            if matchup.referee == "jdh8":
                sets[name] = _jdh8_set(results / f"{matchup.name}-{name}.jsonl")
            else:
                sets[name] = _our_set(cells, matchup.opponent, OUR_SERIES[name])
        found[matchup.name] = sets
    return found


def _pct(value: float) -> str:
    return "–" if math.isnan(value) else f"{100 * value:.1f} %"


def section(results: Path = RESULTS) -> list[str]:
    """docs/strength.md's section of the EAAI panel: the pre-registered protocol, then
    the figures of the saved results (a matchup short of its pre-registered pairs is
    shown as incomplete: no claim is made from it)."""
    lines = [
        "## The EAAI panel: a pre-registered protocol (issue 51)",
        "",
        "Fixed before any of its games was played (`bench/eaai.py`, where every number",
        "below stands); changing any of it makes a new protocol with new seeds.",
        "",
        "- **Rules**: the Tournament (EAAI) preset: to 100, knock 10, gin 25, undercut 25",
        "  (a tie is an undercut), no big gin, no box, game or shutout bonus; a dead hand is",
        "  redealt by the same dealer, a scored hand passes the deal (tested in",
        "  `tests/unit/engine/test_tournament_preset.py`).",
        "- **Engines**: jdh8's `gin-rummy-engine` 0.2.0 (Apache-2.0; `../shared/jdh8`, built",
        "  offline into `build/jdh8`) refereeing with its own `Table`; our Expert plays one",
        "  seat through its bridge seeing only that seat's view (`play.py`). OpenSpiel's",
        "  simple bot and our Hard play in our own harness (`bench/strength.py`, House rules:",
        "  the same scoring and dealer rule).",
        "- **Matchups and sizes** (mirrored pairs: each deal played with the seats swapped):",
        "",
        "| matchup | role | referee | pairs per seed set | seed sets |",
        "|---|---|---|---|---|",
    ]
    for m in PANEL:
        role = (f"primary: ≥ {m.target * 100:.0f} % with the lower bound above 50 %"
                if m.primary and m.target else "guard")
        seeds = (", ".join(f"{k}: `--seed {v}`" for k, v in SEED_SETS.items())
                 if m.referee == "jdh8" else
                 ", ".join(f"{k}: series {v}" for k, v in OUR_SERIES.items()))
        lines.append(f"| Expert vs {m.opponent} | {role} | {m.referee} | {m.pairs} | {seeds} |")
    lines += [
        "",
        "- **No early stopping**: every pre-registered pair is played; a figure short of",
        "  its pairs is shown as incomplete and supports no claim.",
        "- **Figures**: the match share (pairs' mean of 1, ½, 0) with its pair-clustered",
        "  95 % interval; points per game; an exact one-sided sign test of the pairs Expert",
        "  swept (2–0) against those it was swept in (0–2), split pairs dropping out, with",
        f"  Holm's correction over the {len(PANEL)} matchups at a family-wise "
        f"{ALPHA * 100:.0f} %; Expert's",
        "  CPU per decision (p50 / p95 / max, the process's own CPU time: one core, whatever",
        "  the load; the larger of the two seed sets' figures) and its decisions per game,",
        "  with the compiled core built (`make fast`).",
        "- **Command** (a quiet machine, one core): `make strength-eaai`; raw results in",
        "  `bench/results/eaai/*.jsonl` (jdh8's, a line per game) and",
        "  `bench/results/strength.jsonl.gz` (ours, series 51 and 52).",
        "",
    ]
    found = load(results)
    p_values: dict[str, float] = {}
    rows: list[tuple[Matchup, list[str]]] = []
    complete = True
    for m in PANEL:
        sets = [s for s in found[m.name].values() if s is not None]
        shares = [x for s in sets for x in s.pairs]
        played = [len(s.pairs) for s in found[m.name].values() if s is not None]
        full = len(played) == len(SEED_SETS) and all(n >= m.pairs for n in played)
        complete = complete and full
        if not shares:
            rows.append((m, ["not played"]))
            continue
        share, ci = mean_ci(shares)
        sweeps = sum(x == 1.0 for x in shares)
        swept = sum(x == 0.0 for x in shares)
        p = sign_test(sweeps, swept)
        p_values[m.name] = p
        cpus = [s.cpu for s in sets if s.cpu is not None]
        cpu = (" / ".join(f"{max(c[i] for c in cpus):.0f}" for i in range(3)) + " ms"
               if cpus else "–")
        per_game = [s.decisions_per_game for s in sets if s.decisions_per_game]
        points = [s.points for s in sets if not math.isnan(s.points[0])]
        pts = (f"{statistics.fmean(q[0] for q in points):.1f} – "
               f"{statistics.fmean(q[1] for q in points):.1f}") if points else "–"
        rows.append((m, [
            f"{len(shares)}" + ("" if full else f" (incomplete: {m.pairs * len(SEED_SETS)} "
                                "pre-registered)"),
            f"{_pct(share)} ± {_pct(ci)}" if not math.isnan(ci) else _pct(share),
            pts, f"{sweeps} – {swept}", f"{p:.2g}", cpu,
            f"{statistics.fmean(per_game):.0f}" if per_game else "–"]))
    adjusted = holm(p_values) if p_values else {}
    lines += ["### Results", ""]
    if not p_values:
        lines += ["Not played yet: no figure of this panel exists, and no claim is made.", ""]
        return lines
    lines += ["| matchup | pairs | match share (95 %) | points per game (Expert – them) | "
              "sweeps (2–0 – 0–2) | sign test p | Holm | CPU per decision p50 / p95 / max | "
              "decisions per game |",
              "|---|---|---|---|---|---|---|---|---|"]
    # CPU: the larger of the two seed sets' p50, p95 and max (a set's run keeps no
    # single decision's time, only its percentiles).
    for m, cells in rows:
        if len(cells) == 1:
            lines.append(f"| Expert vs {m.opponent} | {cells[0]} |" + " |" * 7)
            continue
        adj, rejected = adjusted[m.name]
        holm_cell = f"{adj:.2g} ({'significant' if rejected else 'not significant'})"
        lines.append(f"| Expert vs {m.opponent} | " + " | ".join(cells[:5]) + f" | {holm_cell} | "
                     + " | ".join(cells[5:]) + " |")
    lines.append("")
    if not complete:
        lines += ["The panel is **incomplete**: the figures above are not results of the",
                  "protocol and support no claim until every pre-registered pair is played.", ""]
    else:
        for m in PANEL:
            if not m.primary or m.target is None:
                continue
            sets = [s for s in found[m.name].values() if s is not None]
            share, ci = mean_ci([x for s in sets for x in s.pairs])
            met = share >= m.target and share - ci > 0.5 and adjusted[m.name][1]
            lines.append(f"- Expert vs {m.opponent}: claim {'met' if met else 'not met'} "
                         f"({_pct(share)}, lower bound {_pct(share - ci)}, target "
                         f"{m.target * 100:.0f} %).")
        lines.append("")
    return lines


# --- running ---------------------------------------------------------------------------------


def run(args: argparse.Namespace) -> None:
    """Play the pre-registered panel (or ``--only`` some matchups; ``--pairs`` overrides
    the sizes for a try, which must then be written elsewhere than ``bench/results``)."""
    results = Path(args.results)
    if args.pairs is not None and results.resolve() == RESULTS.resolve():
        raise SystemExit("eaai: --pairs changes the pre-registered sizes: write a try "
                         "with --results elsewhere, never into bench/results/eaai")
    results.mkdir(parents=True, exist_ok=True)
    chosen = [m for m in PANEL if not args.only or m.name in args.only]
    env = {**os.environ, "GIN_CHECKOUT": str(ROOT)}
    for m in chosen:
        pairs = args.pairs if args.pairs is not None else m.pairs
        if m.referee == "jdh8":
            for name, seed in SEED_SETS.items():
                out = results / f"{m.name}-{name}.jsonl"
                print(f"eaai: Expert vs {m.opponent}, set {name}: {pairs} pairs from seed "
                      f"{seed} -> {out}", flush=True)
                subprocess.run([sys.executable, str(Path(args.jdh8) / "play.py"),
                                "--bridge", args.bridge, "--level", LEVEL,
                                "--opponent", m.opponent, "--rules", "eaai",
                                "--pairs", str(pairs), "--seed", str(seed), "--out", str(out)],
                               env=env, check=True)
        else:
            if m.opponent == "openspiel" and importlib.util.find_spec("pyspiel") is None:
                print("eaai: installing OpenSpiel (the bench extra) for its simple bot")
                subprocess.run([sys.executable, "-m", "pip", "install", "--quiet",
                                "--disable-pip-version-check", "open-spiel>=1.5"], check=True)
            series = [str(s) for s in OUR_SERIES.values()]
            print(f"eaai: Expert vs {m.opponent}: {pairs} pairs in series "
                  f"{' '.join(series)} (bench/strength.py)", flush=True)
            if args.pairs is not None:
                subprocess.run([sys.executable, str(ROOT / "bench" / "strength.py"), "match",
                                LEVEL, m.opponent, "--pairs", str(pairs),
                                "--seed", series[0]], check=True)
                continue
            subprocess.run([sys.executable, str(ROOT / "bench" / "strength.py"), "table",
                            "--cells", f"{LEVEL}:{m.opponent}", "--pairs", str(pairs),
                            "--seeds", *series, "--workers", "1"], check=True)
    print("\n".join(section(results)))
    if results.resolve() == RESULTS.resolve():
        subprocess.run([sys.executable, str(ROOT / "bench" / "strength.py"), "render"],
                       check=True)


def main(argv: list[str] | None = None) -> None:
    """``run`` or ``render`` (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("run", help="play the pre-registered panel")
    play.add_argument("--jdh8", default=str(ROOT.parent / "shared" / "jdh8"),
                      help="jdh8's folder (its play.py)")
    play.add_argument("--bridge", default=str(ROOT / "build" / "jdh8" / "bin" / "jdh8-bridge"))
    play.add_argument("--only", nargs="+", choices=[m.name for m in PANEL])
    play.add_argument("--pairs", type=int, default=None,
                      help="a try's pairs per seed set (not the protocol's)")
    play.add_argument("--results", default=str(RESULTS))
    show = sub.add_parser("render", help="print the panel's section of docs/strength.md")
    show.add_argument("--results", default=str(RESULTS))
    args = parser.parse_args(argv)
    if args.command == "run":
        run(args)
    else:
        print("\n".join(section(Path(args.results))))


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
