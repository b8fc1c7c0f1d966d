"""gin-shuffle-v1 (``docs/fairness.md``): the engine's deal, the stand-alone verifier and the
known-answer vectors of ``docs/fairness.md`` all agree."""

from __future__ import annotations

import importlib.util
import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from app.engine import fairness
from app.engine.fairness import (
    HandSeed,
    InvalidSeedError,
    check_client_seed,
    check_hand_number,
    check_hex,
    commitment,
    fair_deal,
)

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "fairness.md"
TOOL = ROOT / "tools" / "verify_deal.py"


def _load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("verify_deal", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


tool = _load_tool()

_VECTOR = re.compile(
    r"server seed: (?P<seed>\S+)\nclient seed: (?P<client>[^\n]+)\nhand number: (?P<hand>\d+)\n"
    r"algorithm:  gin-shuffle-v1\ncommitment: (?P<commitment>\S+)\n"
    r"non-dealer: (?P<non_dealer>[^\n]+)\ndealer: +(?P<dealer>[^\n]+)\n"
    r"upcard: +(?P<upcard>\S+)\nstock: +(?P<stock>[^\n]+)\n")


def _vectors() -> list[dict[str, str]]:
    return [m.groupdict() for m in _VECTOR.finditer(DOC.read_text(encoding="utf-8"))]


def _codes(cards: object) -> list[str]:
    return [str(card) for card in cards]  # type: ignore[attr-defined]


def test_the_docs_hold_at_least_three_known_answer_vectors() -> None:
    vectors = _vectors()
    assert len(vectors) >= 3
    assert len({v["seed"] for v in vectors}) == len(vectors)


@pytest.mark.parametrize("vector", _vectors(), ids=lambda v: f"hand{v['hand']}")
def test_the_engine_deals_each_known_answer_vector(vector: dict[str, str]) -> None:
    deal = fair_deal(vector["seed"], vector["client"], int(vector["hand"]))
    assert deal.commitment == vector["commitment"] == commitment(vector["seed"])
    assert _codes(deal.non_dealer) == vector["non_dealer"].split()
    assert _codes(deal.dealer) == vector["dealer"].split()
    assert str(deal.upcard) == vector["upcard"]
    assert _codes(deal.stock) == vector["stock"].split()


@pytest.mark.parametrize("vector", _vectors(), ids=lambda v: f"hand{v['hand']}")
def test_the_tool_prints_each_known_answer_vector(
    vector: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    status = tool.main(["verify_deal.py", vector["seed"], vector["client"], vector["hand"],
                        vector["commitment"]])
    out = capsys.readouterr().out
    assert status == 0 and "commitment matches: yes" in out
    expected = ("server seed: {seed}\nclient seed: {client}\nhand number: {hand}\n"
                .format(**vector))
    assert _VECTOR.fullmatch(expected + out.replace("commitment matches: yes\n", ""))


def test_the_engine_and_the_tool_agree_on_10000_random_triples() -> None:
    rng = random.Random(14)
    printable = "".join(chr(c) for c in range(0x20, 0x7F))
    for _ in range(10_000):
        seed = rng.randbytes(32).hex()
        client = "".join(rng.choices(printable, k=rng.randint(1, 64)))
        number = rng.randint(1, 10_000)
        ours = fair_deal(seed, client, number)
        theirs = tool.deal(seed, client, number)
        assert theirs == {
            "commitment": ours.commitment, "non_dealer": _codes(ours.non_dealer),
            "dealer": _codes(ours.dealer), "upcard": str(ours.upcard),
            "stock": _codes(ours.stock),
        }, (seed, client, number)


def test_a_deal_uses_all_52_cards_once() -> None:
    deal = fair_deal("ab" * 32, "x", 3)
    cards = [*deal.non_dealer, *deal.dealer, deal.upcard, *deal.stock]
    assert len(deal.non_dealer) == len(deal.dealer) == 10 and len(deal.stock) == 31
    assert len(set(cards)) == 52


def test_a_value_at_or_above_the_limit_is_rejected_by_engine_and_tool(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    """2^32 - 1 is never below the limit for 52 cards; both draw again, so the same
    stream with that value in front shuffles the same deck."""
    def stream(first: list[int]) -> Iterator[int]:
        yield from first
        value = 0
        while True:
            value = (value * 1103515245 + 12345) % 2**32
            yield value

    def engine_deck(first: list[int]) -> list[str]:
        monkeypatch.setattr(fairness, "random_stream", lambda *_: stream(first))
        return _codes(fairness.shuffled("00" * 32, "a", 1))

    def tool_deck(first: list[int]) -> list[str]:
        monkeypatch.setattr(tool, "numbers", lambda *_: stream(first))
        result = tool.deal("00" * 32, "a", 1)
        return [*result["non_dealer"], *result["dealer"]]

    plain, rejected = engine_deck([]), engine_deck([2**32 - 1])
    assert plain == rejected
    assert tool_deck([]) == tool_deck([2**32 - 1]) == [*plain[0:20:2], *plain[1:20:2]]
    assert engine_deck([5]) != plain  # a value below the limit is used


def test_a_hand_seed_deals_like_fair_deal() -> None:
    seed = HandSeed("0f" * 32, "me")
    deal = fair_deal(seed.server_seed, seed.client_seed, 4)
    assert seed.commitment == deal.commitment
    assert seed.deck(4)[20] == deal.upcard


@pytest.mark.parametrize("text, message", [
    ("", "64 hex characters long, not 0"),
    ("ab" * 31, "64 hex characters long, not 62"),
    ("ab" * 33, "64 hex characters long, not 66"),
    ("zz" * 32, "only the hex digits"),
    ("é" * 64, "only the hex digits"),
    ("０" * 64, "only the hex digits"),
    ("ab" * 31 + "a\n", "64 hex characters long, not 63"),
])
def test_a_malformed_seed_is_refused_with_a_message(text: str, message: str) -> None:
    with pytest.raises(InvalidSeedError, match=message):
        check_hex(text)


def test_a_seed_in_upper_case_or_with_blanks_is_read_as_lower_case_hex() -> None:
    assert check_hex(" " + "AB" * 32 + "\n") == "ab" * 32


@pytest.mark.parametrize("text, message", [
    ("", "at least one character"),
    ("x" * 65, "at most 64 characters, not 65"),
    ("café", "printable ASCII"),
    ("tab\there", "printable ASCII"),
    ("line\n", "printable ASCII"),
    ("nul\x00", "printable ASCII"),
    ("\x7f", "printable ASCII"),
    ("zero\u200bwidth", "printable ASCII"),
])
def test_a_malformed_client_seed_is_refused_with_a_message(text: str, message: str) -> None:
    with pytest.raises(InvalidSeedError, match=message):
        check_client_seed(text)
    with pytest.raises(ValueError):
        tool.deal("00" * 32, text, 1)


@pytest.mark.parametrize("text", [" ", "~", "x" * 64, " spaced out ", "a:b:c"])
def test_every_printable_ascii_client_seed_is_kept_exactly(text: str) -> None:
    assert check_client_seed(text) == text


@pytest.mark.parametrize("number", [0, -1, 10_001, 2**40])
def test_a_hand_number_out_of_range_is_refused(number: int) -> None:
    with pytest.raises(InvalidSeedError, match="from 1 to 10,000"):
        check_hand_number(number)
    with pytest.raises(ValueError):
        tool.deal("00" * 32, "a", number)


def test_the_tool_is_short_and_uses_the_standard_library_only() -> None:
    text = TOOL.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 80
    imported = set(re.findall(r"^import (\w+)|^from (\w+)", text, re.M))
    names = {a or b for a, b in imported}
    assert names <= set(sys.stdlib_module_names), names


def test_the_tool_reports_a_commitment_that_does_not_match(
    capsys: pytest.CaptureFixture[str]
) -> None:
    assert tool.main(["verify_deal.py", "00" * 32, "abc", "1", "11" * 32]) == 1
    assert "commitment matches: NO" in capsys.readouterr().out
    assert tool.main(["verify_deal.py", "00" * 31, "abc", "1"]) == 2
    assert "64 lowercase hex" in capsys.readouterr().err
