"""Input checks of the score sheet without the app (issue 7): JSON size and depth, player
names (NFC, no invisible or control characters, duplicates after case folding)."""

from __future__ import annotations

import pytest

from app.core.inputs import InputError, json_depth, load_json
from app.score.sheet import SheetError, check_names


def test_brackets_inside_strings_do_not_count_as_depth() -> None:
    assert json_depth('{"a": "[[[[[[[[[[[[[[[[[[[[\\"[[[["}') == 1
    assert json_depth("[[1], [[2]]]") == 3
    assert json_depth("7") == 0


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"\xff\xfe[1]", "not UTF-8"),
        ("[1, 2", "not valid JSON"),
        ("1" * 5000, "not valid JSON"),  # longer than int() converts
        ("x" * 70_000, "larger than"),
        ("[" * 100_000, "larger than"),
    ],
)
def test_load_json_refuses_with_a_sentence(data: str | bytes, message: str) -> None:
    with pytest.raises(InputError) as caught:
        load_json(data, max_bytes=60_000, max_depth=8)
    assert message in str(caught.value)


INVISIBLE = {
    "NUL": "\x00", "escape": "\x1b", "delete": "\x7f", "zero-width space": "\u200b",
    "zero-width joiner": "\u200d", "right-to-left override": "\u202e",
    "left-to-right isolate": "\u2066", "byte order mark": "\ufeff", "soft hyphen": "\u00ad",
    "private use": "\ue000", "lone surrogate": "\ud800",
}


@pytest.mark.parametrize("char", INVISIBLE.values(), ids=INVISIBLE.keys())
@pytest.mark.parametrize("where", ["inside", "alone"])
def test_names_with_control_or_format_characters_are_refused(char: str, where: str) -> None:
    name = f"An{char}n" if where == "inside" else char
    with pytest.raises(SheetError) as caught:
        check_names([name, "Bob"], 2)
    assert caught.value.field == "name0"
    assert "invisible or control" in str(caught.value)


@pytest.mark.parametrize(
    ("first", "second"),
    [("Ann", "ann"), ("Ann", "ANN"), ("Ann", "Ａｎｎ"), ("Zoë", "Zoe\u0308"),
     ("Straße", "STRASSE"), ("Ann Lee", "Ann\u00a0 Lee"), ("Ann", " Ann\t")],
)
def test_duplicate_names_are_compared_after_normalising_and_case_folding(
    first: str, second: str
) -> None:
    with pytest.raises(SheetError) as caught:
        check_names([first, second], 2)
    assert caught.value.field == "name1"


def test_names_are_stored_in_nfc() -> None:
    assert check_names(["Zoe\u0308", "Bob\u00a0 Lee"], 2) == ("Zo\u00eb", "Bob Lee")
