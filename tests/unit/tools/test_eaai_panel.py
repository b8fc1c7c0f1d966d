"""The EAAI panel's pre-registered protocol (bench/eaai.py, docs/strength.md): its sizes
and seeds stay as registered, its statistics are the exact sign test and Holm's
correction, and a panel short of its pairs supports no claim."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from bench import eaai, strength


def test_the_registered_matchups_seeds_and_sizes_are_those_published() -> None:
    # Changing any of these is a new protocol (new seeds, the old results beside it).
    assert [(m.name, m.opponent, m.pairs, m.primary, m.target) for m in eaai.PANEL] == [
        ("mc512", "mc:512", 300, True, 0.55), ("marjj", "marjj", 300, True, 0.60),
        ("mc256", "mc:256", 100, False, None), ("eaai", "eaai", 100, False, None),
        ("openspiel", "openspiel", 100, False, None), ("hard", "hard", 100, False, None)]
    assert eaai.SEED_SETS == {"A": 510_001, "B": 520_001}
    assert eaai.OUR_SERIES == {"A": 51, "B": 52} and eaai.ALPHA == 0.05


def test_the_sign_test_is_the_exact_one_sided_binomial() -> None:
    assert eaai.sign_test(5, 0) == 1 / 32
    assert eaai.sign_test(0, 0) == 1.0
    assert eaai.sign_test(3, 3) == 42 / 64
    assert eaai.sign_test(60, 40) == pytest.approx(0.028443966820490395)


def test_holms_correction_steps_down_and_stops_at_the_first_kept_hypothesis() -> None:
    found = eaai.holm({"a": 0.01, "b": 0.04, "c": 0.03})
    assert found["a"] == (pytest.approx(0.03), True)
    assert found["c"] == (pytest.approx(0.06), False)
    assert found["b"] == (pytest.approx(0.06), False)  # never below an earlier step
    assert eaai.holm({"x": 0.001, "y": 0.02})["y"] == (pytest.approx(0.02), True)


def _games(path: Path, pairs: list[tuple[str, str]]) -> None:
    rows = []
    for pair, winners in enumerate(pairs):
        for game, winner in enumerate(winners):
            rows.append({"type": "game", "pair": pair, "game": 2 * pair + game,
                         "winner": winner, "score_a": 100 if winner == "a" else 40,
                         "score_b": 100 if winner == "b" else 40})
    rows.append({"type": "summary", "our_cpu_ms_p50": 40.0, "our_cpu_ms_p95": 90.0,
                 "our_cpu_ms_max": 130.0, "our_decisions": 100 * len(pairs) * 2})
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))


def test_a_panel_short_of_its_registered_pairs_is_shown_incomplete_with_no_claim(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(strength, "RESULTS", tmp_path / "none.jsonl.gz")  # no guard pairs
    _games(tmp_path / "mc512-A.jsonl", [("a", "a"), ("a", "b"), ("b", "b"), ("a", "a")])
    text = "\n".join(eaai.section(tmp_path))
    row = next(line for line in text.splitlines() if line.startswith("| Expert vs mc:512 | 4"))
    assert "62.5 %" in row and "2 – 1" in row and "40 / 90 / 130 ms" in row
    assert "incomplete: 600 pre-registered" in row
    assert "**incomplete**" in text and "claim met" not in text
    assert "| Expert vs marjj | not played |" in text


def test_a_try_with_other_sizes_is_never_written_among_the_results() -> None:
    args = argparse.Namespace(results=str(eaai.RESULTS), pairs=2, only=["eaai"],
                              jdh8="", bridge="")
    with pytest.raises(SystemExit, match="elsewhere"):
        eaai.run(args)
