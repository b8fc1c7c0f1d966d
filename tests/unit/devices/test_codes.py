"""Device and recovery codes (app/devices/codes.py)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from app.devices.codes import ALPHABET, CodeKind, code_hash, new_code, read, shown


def test_codes_are_random_from_the_alphabet_at_their_kinds_length() -> None:
    for kind in CodeKind:
        codes = {new_code(kind) for _ in range(200)}
        assert len(codes) == 200
        assert all(len(c) == kind.length and set(c) <= set(ALPHABET) for c in codes)


@given(st.sampled_from(list(CodeKind)), st.data())
def test_a_code_reads_back_however_it_was_copied(kind: CodeKind, data: st.DataObject) -> None:
    code = new_code(kind)
    typed = shown(code)
    if data.draw(st.booleans()):
        typed = typed.lower()
    if data.draw(st.booleans()):
        typed = " " + typed.replace("-", " ") + " "
    typed = typed.replace("0", data.draw(st.sampled_from(["0", "O", "o"])))
    typed = typed.replace("1", data.draw(st.sampled_from(["1", "I", "l", "L"])))
    assert read(typed) == (kind, code)


@given(st.text(max_size=80))
def test_anything_else_reads_as_no_code_or_a_well_formed_one(typed: str) -> None:
    found = read(typed)
    if found is not None:
        kind, code = found
        assert len(code) == kind.length and set(code) <= set(ALPHABET)


def test_what_cannot_be_a_code() -> None:
    for typed in ["", "1234567", "123456789", "ABCD-EFGU", "ABCD*EFG", "Ä" * 8, "A" * 65,
                  "' OR 1=1 --"]:
        assert read(typed) is None, typed


def test_the_stored_form_is_a_hash() -> None:
    assert code_hash("7KQ2M9XD") != "7KQ2M9XD" and len(code_hash("7KQ2M9XD")) == 64
