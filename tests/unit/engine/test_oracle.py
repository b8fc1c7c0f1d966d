"""Every line of the known-answer vectors in ``tests/data/oracle/`` (or ``$GIN_ORACLE_DIR``).

The vectors are an independent implementation's, copied from the project's shared folder
(``tests/data/oracle/README.md``): a clone alone runs every line, and a missing file fails.

``deadwood.jsonl``: least deadwood of 10 cards (with gin / can-knock), and for 11 cards
the least deadwood after a discard, every discard reaching it, the deadwood after each
discard, and whether gin or a knock is possible.

``layoff.jsonl``: :func:`settle` with the knocker's melds laid exactly as given must find
the defender's deadwood before and after layoffs and the score; its layoffs must be
legal card by card and leave exactly that deadwood.

Each file is one test that checks every line, collects every mismatch, and reports how
many lines it checked (in the test id, as a ``lines_checked`` property, and printed).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from app.engine import (
    HOUSE,
    Card,
    MeldKind,
    best_arrangement,
    best_discards,
    deadwood_by_discard,
    least_deadwood,
    make_meld,
    parse_cards,
    settle,
)
from app.engine.melds import meld_kind

ROOT = Path(__file__).resolve().parents[3]
ORACLE = ROOT / "tests" / "data" / "oracle"
"""The copy of the vectors in the repository (its README names their origin)."""


def oracle_dir() -> Path:
    """``$GIN_ORACLE_DIR`` when set, else the repository's copy, ``tests/data/oracle``."""
    configured = os.environ.get("GIN_ORACLE_DIR")
    return Path(configured) if configured else ORACLE


def load(name: str) -> list[dict[str, Any]]:
    """The JSON objects of one oracle file, one per non-blank line."""
    with (oracle_dir() / name).open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def line_count(name: str) -> int | None:
    """Non-blank lines of an oracle file, or ``None`` when it is missing (for test ids)."""
    path = oracle_dir() / name
    if not path.is_file():
        return None
    with path.open(encoding="utf-8") as handle:
        return sum(1 for line in handle if line.strip())


def require(name: str) -> list[dict[str, Any]]:
    """Load an oracle file, failing (never skipping) when it is missing or empty."""
    path = oracle_dir() / name
    assert path.is_file(), (f"oracle file {path} not found: the repository holds a copy in "
                            "tests/data/oracle/ ($GIN_ORACLE_DIR, when set, must hold "
                            "deadwood.jsonl and layoff.jsonl)")
    rows = load(name)
    assert rows, f"{path} is empty"
    return rows


def report(record_property: Any, name: str, checked: int, total: int) -> None:
    record_property("lines_checked", checked)
    print(f"\n{name}: checked {checked} of {total} lines")
    assert checked == total, f"{name}: checked {checked} lines but the file has {total}"


def cards(codes: list[str]) -> list[Card]:
    return parse_cards(" ".join(codes))


def codes(items: list[Card] | tuple[Card, ...]) -> set[str]:
    return {str(card) for card in items}


def _id(name: str) -> str:
    count = line_count(name)
    return f"{name}: {count} lines" if count is not None else f"{name}: missing"


# --- deadwood.jsonl ---------------------------------------------------------------------


def check_deadwood_line(row: dict[str, Any]) -> list[str]:
    """Every mismatch of one deadwood line, as readable strings."""
    hand = cards(row["hand"])
    problems: list[str] = []
    if row["n"] == 10:
        value = least_deadwood(hand, HOUSE)
        if value != row["min_deadwood"]:
            problems.append(f"least_deadwood {value} != {row['min_deadwood']}")
        if (value == 0) != row["is_gin"]:
            problems.append(f"is_gin: deadwood {value} vs {row['is_gin']}")
        if (value <= 10) != row["can_knock"]:
            problems.append(f"can_knock: deadwood {value} vs {row['can_knock']}")
        arrangement = best_arrangement(hand, HOUSE)
        if arrangement.deadwood != row["min_deadwood"]:
            problems.append(f"best_arrangement deadwood {arrangement.deadwood}")
        example = [make_meld(cards(meld), HOUSE) for meld in row["melds_example"]]
        melded = set().union(*(codes(meld.cards) for meld in example)) if example else set()
        example_deadwood = sum(card.points for card in hand if str(card) not in melded)
        if example_deadwood != row["min_deadwood"]:
            problems.append(f"melds_example leaves {example_deadwood}")
        return problems
    if row["n"] != 11:
        return [f"unexpected n={row['n']}"]
    least, discards = best_discards(hand, HOUSE)
    if least != row["min_deadwood"]:
        problems.append(f"best_discards deadwood {least} != {row['min_deadwood']}")
    if codes(discards) != set(row["best_discards"]):
        problems.append(f"best_discards {sorted(codes(discards))} != {row['best_discards']}")
    by_discard = {str(card): value for card, value in deadwood_by_discard(hand, HOUSE).items()}
    if by_discard != row["deadwood_by_discard"]:
        wrong = {code: (by_discard.get(code), want)
                 for code, want in row["deadwood_by_discard"].items()
                 if by_discard.get(code) != want}
        problems.append(f"deadwood_by_discard (ours, oracle): {wrong}")
    if (least == 0) != row["gin_possible"]:
        problems.append(f"gin_possible: least {least} vs {row['gin_possible']}")
    if (least <= 10) != row["knock_possible"]:
        problems.append(f"knock_possible: least {least} vs {row['knock_possible']}")
    return problems


def check_every_line(rows: list[dict[str, Any]],
                     check: Callable[[dict[str, Any]], list[str]]) -> int:
    """Run ``check`` on every row, fail with the first 30 problems, return rows checked."""
    mismatches = [f"{row['id']}: {problem}" for row in rows for problem in check(row)]
    assert not mismatches, f"{len(mismatches)} mismatches:\n" + "\n".join(mismatches[:30])
    return len(rows)


@pytest.mark.parametrize("name", ["deadwood.jsonl"], ids=_id)
def test_every_deadwood_line_matches_the_oracle(name: str, record_property: Any) -> None:
    rows = require(name)
    checked = check_every_line(
        rows, lambda row: [f"{' '.join(row['hand'])}: {p}" for p in check_deadwood_line(row)])
    assert {row["n"] for row in rows} == {10, 11}, "expected both 10- and 11-card lines"
    report(record_property, name, checked, len(rows))


# --- layoff.jsonl -----------------------------------------------------------------------


def replay_layoffs(knocker_melds: list[list[Card]], layoffs: list[tuple[Card, int]],
                   defender: set[str]) -> list[str]:
    """Lay the cards off one by one onto the melds as laid; say what is illegal."""
    problems: list[str] = []
    melds = [list(meld) for meld in knocker_melds]
    used: set[str] = set()
    for card, index in layoffs:
        if str(card) not in defender:
            problems.append(f"laid off {card}, which the defender does not hold")
            continue
        if str(card) in used:
            problems.append(f"laid off {card} twice")
        used.add(str(card))
        if not 0 <= index < len(melds):
            problems.append(f"laid {card} onto meld {index}, which does not exist")
            continue
        meld = melds[index]
        ranks = {c.rank for c in meld}
        if len(ranks) == 1 and len(meld) in (3, 4):  # a set
            legal = card.rank in ranks and len(meld) == 3
        else:  # a run, aces low (house rules)
            numbers = sorted(c.rank.number for c in meld)
            legal = card.suit == meld[0].suit and card.rank.number in (
                numbers[0] - 1, numbers[-1] + 1)
        if not legal:
            problems.append(f"{card} does not fit onto {' '.join(map(str, meld))}")
        meld.append(card)
    return problems


def check_layoff_line(row: dict[str, Any]) -> list[str]:
    """Every mismatch of one layoff line."""
    knocker_melds = [cards(meld) for meld in row["knocker_melds"]]
    defender = cards(row["defender_hand"])
    result = settle(knocker_melds, cards(row["knocker_deadwood_cards"]), defender, HOUSE)
    problems: list[str] = []
    score = row["score"]
    expected = {
        "defender_deadwood": row["defender_deadwood"],
        "defender_deadwood_before_layoffs": row["defender_deadwood_before_layoffs"],
        "knocker_deadwood": row["knocker_deadwood"],
        "kind": score["type"],
        "winner": score["winner"],
        "points": score["points"],
    }
    got = {
        "defender_deadwood": result.defender_deadwood,
        "defender_deadwood_before_layoffs": result.defender_deadwood_before_layoffs,
        "knocker_deadwood": result.knocker_deadwood,
        "kind": str(result.kind),
        "winner": str(result.winner),
        "points": result.points,
    }
    problems.extend(f"{key} {got[key]!r} != {want!r}" for key, want in expected.items()
                    if got[key] != want)
    # The melds are laid exactly as given.
    if [codes(meld.cards) for meld in result.knocker_melds] != [set(m) for m in
                                                                 row["knocker_melds"]]:
        problems.append("knocker melds were not laid as given")
    # The layoffs are legal, and with the defender's own melds leave that deadwood.
    if row["knocker_deadwood"] == 0 and result.layoffs:
        problems.append(f"layoffs against gin: {result.layoffs}")
    problems.extend(replay_layoffs(knocker_melds, result.layoffs, codes(defender)))
    laid_off = {str(card) for card, _ in result.layoffs}
    own: set[str] = set()
    for meld in result.defender_melds:
        if meld_kind(meld.mask, HOUSE) is None:
            problems.append(f"defender meld {meld} is not a meld")
        if own & codes(meld.cards):
            problems.append(f"defender meld {meld} overlaps another")
        own |= codes(meld.cards)
    dead = codes(result.defender_deadwood_cards)
    if own & laid_off or dead & laid_off or own & dead:
        problems.append("a defender card is in two places")
    if own | dead | laid_off != codes(defender):
        problems.append("the defender's cards are not all accounted for")
    left = sum(card.points for card in result.defender_deadwood_cards)
    if left != row["defender_deadwood"]:
        problems.append(f"defender deadwood cards add up to {left}")
    return problems


@pytest.mark.parametrize("name", ["layoff.jsonl"], ids=_id)
def test_every_layoff_line_matches_the_oracle(name: str, record_property: Any) -> None:
    rows = require(name)
    checked = check_every_line(rows, check_layoff_line)
    report(record_property, name, checked, len(rows))


def test_oracle_melds_examples_are_melds() -> None:
    """A sanity check of the meld checker used above on the oracle's own examples."""
    rows = require("deadwood.jsonl")
    kinds = {make_meld(cards(meld), HOUSE).kind
             for row in rows for meld in row.get("melds_example", [])}
    assert kinds == {MeldKind.SET, MeldKind.RUN}
