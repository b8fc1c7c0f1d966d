"""Every refusal of an imported score sheet in German and Spanish (issue 31): one broken
export per message of ``app.score.sheet``'s file checks (and the entry, name and rules
refusals a file can bring); the German and Spanish answers hold no English, the English
answer keeps the sheet's sentence."""

from __future__ import annotations

import copy
import html
import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.score.forms import import_sheet
from app.score.sheet import MAX_HANDS, SheetError
from tests.support.translated import english_left

GIN = {"kind": "gin", "knocker": 0, "knocker_deadwood": 0, "defender_deadwood": 30}
EXPORT: dict[str, Any] = {
    "format": "gin-rummy-score-sheet", "version": 1, "names": ["Ann", "Bob"],
    "options": {"rules": {"target": 100, "knock_limit": 10, "gin_bonus": 25,
                          "undercut_bonus": 25, "big_gin": False, "big_gin_bonus": 31,
                          "box_bonus": 20, "game_bonus": 100, "shutout": True,
                          "oklahoma": False, "oklahoma_spade_double": True,
                          "straight_gin": False, "round_the_corner": False,
                          "loser_deals": False, "knocker_best_arrangement": False,
                          "hollywood": False},
                "hollywood": False, "players": 2, "first_dealer": 0, "first_sitter": 2},
    "hands": [GIN],
}


def _edit(change: Callable[[dict[str, Any]], object]) -> Callable[[], str]:
    def make() -> str:
        data = copy.deepcopy(EXPORT)
        change(data)
        return json.dumps(data)
    return make


def _set(path: str, value: object) -> Callable[[], str]:
    *keys, last = path.split(".")

    def change(data: dict[str, Any]) -> None:
        for key in keys:
            data = data[int(key)] if key.isdigit() else data[key]  # type: ignore[index]
        data[int(last) if last.isdigit() else last] = value  # type: ignore[index]
    return _edit(change)


CASES: dict[str, tuple[Callable[[], str], str]] = {
    "not json": (lambda: "{oops", "not valid JSON"),
    "too deep": (lambda: "[" * 40 + "]" * 40, "more than"),
    "not a sheet": (_set("format", "nope"), "not a Gin Rummy score sheet"),
    "no version": (_set("version", "one"), "no valid version number"),
    "newer version": (_set("version", 99), "this app reads up to version"),
    "no options": (_set("options", None), "the export has no options"),
    "names": (_set("names", [1, 2]), "names must be a list of text"),
    "hands": (_set("hands", [1]), "hands must be a list"),
    "too many hands": (_set("hands", [GIN] * (MAX_HANDS + 1)), "at most"),
    "no rules": (_set("options.rules", None), "the options have no rules"),
    "rules out of range": (_set("options.rules.target", -5), "the rules are invalid"),
    "rule of the wrong type": (_set("options.rules.shutout", 3), "must be true or false"),
    "option type": (_set("options.players", "2"), "option players has the wrong type"),
    "players": (_set("options.players", 5), "a sheet is for 2 players"),
    "first dealer": (_set("options.first_dealer", 4), "the first dealer must be player"),
    "first sitter": (_edit(lambda d: d["options"].update(players=3, first_sitter=7) or
                           d.update(names=["Ann", "Bob", "Cy"], hands=[])),
                     "the first to sit out"),
    "sitter deals": (_edit(lambda d: d["options"].update(players=3, first_sitter=0) or
                           d.update(names=["Ann", "Bob", "Cy"], hands=[])),
                     "cannot deal the first hand"),
    "kind": (_set("hands.0.kind", "fold"), "unknown hand kind"),
    "whole number": (_set("hands.0.knocker_deadwood", "x"), "must be a whole number"),
    "upcard type": (_set("hands.0.upcard", 7), "upcard must be a card code"),
    "upcard code": (_set("hands.0.upcard", "ZZ"), "unknown card code"),
    "pair": (_set("hands.0.pair", [0]), "pair must be two player numbers"),
    "pair for two": (_set("hands.0.pair", [0, 1]), "only gin for three says"),
    "void knocker": (_set("hands.0", {"kind": "void", "knocker": 0}), "no knocker"),
    "names count": (_set("names", ["Ann"]), "names"),
    "same names": (_set("names", ["Ann", "Ann"]), "a different name"),
    "control character": (_set("names", ["Ann", "B\u0007b"]), "invisible or control"),
    "after the end": (_set("hands", [{**GIN, "defender_deadwood": 90}, GIN]),
                      "cannot come after the end of the game"),
    "knock limit": (_set("hands.0", {"kind": "knock", "knocker": 0, "knocker_deadwood": 12,
                                     "defender_deadwood": 30}), "cannot knock with 12"),
}
"""Each refusal: a function making its broken export, and words of its English sentence."""


def _notice(page: str) -> str:
    found = re.search(r"Could not import: [^<]*|[^>]*(?:importieren|importar)[^<]*", page)
    assert found is not None, page[:3000]
    return html.unescape(found.group(0))


@pytest.mark.parametrize("name", list(CASES))
def test_every_sheet_import_refusal_is_said_in_german_and_spanish(
        client: TestClient, name: str) -> None:
    make, english = CASES[name]
    text = make()
    with pytest.raises(SheetError) as refused:
        import_sheet(text)
    assert english in str(refused.value)
    answer = client.post("/score/import", data={"json": text})
    assert answer.status_code == 422
    assert english.lower() in html.unescape(answer.text).lower()
    for language in ("de", "es", "fr", "it", "pt"):
        page = client.post("/score/import", data={"json": text},
                           headers={"Accept-Language": language})
        assert page.status_code == 422
        assert english_left(page.text, language) == [], language
        # What the page says (its text, not its markup: a class name may hold a word),
        # the pasted export aside.
        shown = html.unescape(re.sub(r"<[^>]+>", " ",
                                     re.sub(r"(?s)<textarea.*?</textarea>", "", page.text)))
        assert english not in shown, (language, name)
