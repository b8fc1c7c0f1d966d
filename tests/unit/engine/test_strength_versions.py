"""The strength table counts only pairs played by the current version of both players."""

from __future__ import annotations

import dataclasses
import gzip
import json
from pathlib import Path

import pytest

from app.engine.bots import VERSIONS
from bench import strength


def _save(path: Path, text: str) -> None:
    """Write ``text`` as the benchmark writes its results file (gzip)."""
    path.write_bytes(gzip.compress(text.encode()))


def _record(level: str, opponent: str, seed: int, versions: list[int] | None,
            won: bool = True) -> str:
    match = {"a_won": won, "hands": 1, "voids": 0, "a_hands": 1, "b_hands": 0, "a_net": 10,
             "a_gins": 0, "b_gins": 0, "a_undercuts": 0, "b_undercuts": 0, "times": {},
             "max_time": 0.0}
    record: dict[str, object] = {"level": level, "opponent": opponent, "seed": seed,
                                 "m": [match, match]}
    if versions is not None:
        record["versions"] = versions
    return json.dumps(record)


def test_pairs_of_an_earlier_version_are_set_aside(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    current = VERSIONS.get("expert", 1)
    now = strength.versions("expert", "simple")
    results = tmp_path / "strength.jsonl.gz"
    _save(results, "\n".join([
        _record("expert", "simple", 1, None),  # saved before versions: version 1
        _record("expert", "simple", 2, [current - 1, now[1]]),
        _record("expert", "simple", 3, now),
        _record("expert", "simple", 3, now),  # a seed is counted once
        _record("hard", "openspiel", 1, strength.versions("hard", "openspiel")),
        _record("hard", "openspiel", 2, [VERSIONS.get("hard", 1), 1]),  # OpenSpiel is 1
    ]) + "\n")
    monkeypatch.setattr(strength, "RESULTS", results)
    stale: dict[tuple[str, str], int] = {}
    cells = strength.load_cells(stale)
    assert current >= 2
    assert [p["seed"] for p in cells[("expert", "simple")].pairs] == [3]
    assert [p["seed"] for p in cells[("hard", "openspiel")].pairs] == [1, 2]
    assert stale == {("expert", "simple"): 2}
    assert strength.versions("expert", "hard") == [current, VERSIONS.get("hard", 1)]


def test_versions_are_compared_on_the_seeds_both_played(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    current = VERSIONS.get("expert", 1)
    results = tmp_path / "strength.jsonl.gz"
    _save(results, "\n".join([
        _record("expert", "simple", 1, None, won=False),
        _record("expert", "simple", 2, None, won=False),
        _record("expert", "simple", 3, None, won=False),  # not played by the current one
        _record("expert", "simple", 1, strength.versions("expert", "simple")),
        _record("expert", "simple", 2, strength.versions("expert", "simple"), won=False),
    ]) + "\n")
    monkeypatch.setattr(strength, "RESULTS", results)
    lines = strength.compare_versions("expert", "simple")
    assert lines[0].startswith("- expert 1 vs simple 1: match wins 0.0%")  # unversioned
    assert "over 3 pairs" in lines[0]
    assert "(current)" in lines[1] and "over 2 pairs" in lines[1]
    simple = VERSIONS.get("simple", 1)
    assert lines[2].startswith(f"- expert {current} vs simple {simple} minus expert 1 vs simple"
                               " 1 on the 2 seeds both played: +50.0%")


def test_a_headline_needs_two_seed_series_of_a_thousand_pairs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert strength.full_series([1 * strength.SERIES + i for i in range(1000)]
                                + [2 * strength.SERIES + i for i in range(999)]) == 1
    results = tmp_path / "strength.jsonl.gz"
    _save(results, "\n".join(
        _record("hard", "simple", series * strength.SERIES + i, strength.versions("hard", "simple"))
        for series in (1, 2) for i in range(1000)) + "\n"
        + _record("easy", "simple", strength.SERIES, strength.versions("easy", "simple")) + "\n")
    monkeypatch.setattr(strength, "RESULTS", results)
    text = strength.render()
    assert "hard vs simple: 100.0% ± 0.0% over 2000 pairs (a headline figure)" in text
    assert "easy vs simple: 100.0% over 1 pairs (below the headline's 2 × 1,000 pairs)" in text


def test_cpu_per_decision_is_judged_against_its_target_over_all_current_cells() -> None:
    def cell(level: str, opponent: str, millis: list[float]) -> strength.Cell:
        match = strength.MatchOutcome()
        for ms in millis:
            match.timed(ms / 1000, ms / 1000)
        record = {"seed": 1, "m": [dataclasses.asdict(match), dataclasses.asdict(match)]}
        return strength.Cell(level, opponent, [record])

    quick = {("hard", "simple"): cell("hard", "simple", [5.0] * 95 + [20.0] * 5),
             ("hard", "openspiel"): cell("hard", "openspiel", [6.0] * 10)}
    [line] = strength.cpu_verdicts(quick)
    assert line.startswith("- hard CPU per decision (one core, 220 decisions")
    assert line.endswith("target p95 ≤ 30 ms: **met**")
    slow = {("hard", "simple"): cell("hard", "simple", [5.0] * 90 + [45.0] * 10),
            ("expert", "simple"): cell("expert", "simple", [100.0] * 99 + [1200.0])}
    hard_line, expert_line = strength.cpu_verdicts(slow)
    assert hard_line.endswith("target p95 ≤ 30 ms: **not met**")
    # Expert's p95 is within 400 ms but its longest decision is over 1 s.
    assert expert_line.endswith("target p95 ≤ 400 ms, max ≤ 1000 ms: **not met**")


def test_the_core_section_reads_the_budget_figures_from_the_saved_ab(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The 512-worlds paragraph quotes the A/B as saved, not figures typed by hand.
    results = tmp_path / "expert_ab.jsonl"
    lines = [json.dumps({"name": name, "opponent": "simple", "seed": seed,
                         "settings": {}, "net": [net, 0], "cpu": [cpu, cpu / 2]})
             for seed in range(3)
             for name, net, cpu in (("e5", 2, 0.040), ("w512", 4 + seed, 0.250))]
    results.write_text("\n".join(lines) + "\n")
    monkeypatch.setattr(strength.expert_ab, "RESULTS", results)
    text = "\n".join(strength.core_section())
    assert "{" not in text and "}" not in text
    assert "decision p50 250 / p95 250 / max 250 ms, against" in text
    assert "p50 40 / p95 40 / max 40 ms for the level's own budget" in text
    assert "w512 minus e5 vs simple: +1.50 ± " in text
    assert strength.expert_ab.cpu_figure("nobody") == "not measured"
