"""``tools/fast_core.py can-build`` (what ``make run`` asks before installing mypyc):
it succeeds where a C compiler and Python's headers are, and otherwise says why in one
line and fails."""

from __future__ import annotations

import shutil

import pytest

from tools import fast_core


def test_without_a_compiler_it_says_so_in_one_line(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    assert fast_core.missing_tools().startswith("no C compiler")
    assert fast_core.main(["can-build"]) == 1
    said = capsys.readouterr().out
    assert said.count("\n") == 1 and "pure Python engine" in said


def test_with_a_compiler_and_headers_it_can(monkeypatch: pytest.MonkeyPatch) -> None:
    if fast_core.missing_tools():
        pytest.skip(f"this machine cannot build: {fast_core.missing_tools()}")
    assert fast_core.main(["can-build"]) == 0
