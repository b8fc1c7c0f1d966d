"""Every refusal of a hand history import in German and Spanish (issue 31): one broken
file per message of ``app.engine.handhistory`` (the nested rules, seed and move
refusals too); the German and Spanish answers hold no English, the English answer keeps
the engine's sentence."""

from __future__ import annotations

import html
import re
from functools import cache

import pytest
from fastapi.testclient import TestClient

from app.engine.handhistory import MAX_ACTIONS, MAX_BYTES, MAX_HANDS, HandHistoryError, check, parse
from tests.support.histories import match_file
from tests.support.translated import english_left
from tests.support.untranslated import pseudo_locale, unmarked

HEAD = "gin-hand-history 1\n"


@cache
def _file(hands: int) -> str:
    return match_file(hands)


def _blocks(text: str) -> tuple[str, list[str]]:
    """The file's header and its hands' blocks (each from ``hand N`` to ``end``)."""
    head, *hands = re.split(r"(?m)^(?=hand \d+$)", text)
    return head, hands


def _hands(hands: int, keep: list[int]) -> str:
    head, blocks = _blocks(_file(hands))
    return head + "".join(blocks[i] for i in keep)


def _discard_not_held(text: str) -> str:
    """``text`` with seat 0's first discard made the card seat 1 discards next: a card
    seat 1 held or drew then, so never one in seat 0's hand."""
    mine = re.search(r"^0 discard (\w\w)$", text, re.M)
    assert mine is not None
    theirs = re.search(r"^1 discard (\w\w)$", text[mine.end():], re.M)
    assert theirs is not None
    return text[:mine.start()] + f"0 discard {theirs.group(1)}" + text[mine.end():]


def _edit_hand(hands: int, index: int, old: str, new: str) -> str:
    head, blocks = _blocks(_file(hands))
    blocks[index] = re.sub(old, new, blocks[index], count=1, flags=re.M)
    return head + "".join(blocks)


def _empty_hand(number: int) -> str:
    return f"hand {number}\ndealer 1\nscores 0 0\nlegacy-seed 1\nend\n"


def _cut_hand() -> str:
    head, blocks = _blocks(_file(1))
    lines = blocks[0].splitlines()
    return head + "\n".join(lines[:12] + ["end"]) + "\n"


CASES: dict[str, tuple[object, str]] = {
    "file ends": (lambda: HEAD, "the rules line is missing"),
    "expected line": (lambda: _file(1).replace("level standard", "levels standard"),
                      "expected 'level ...'"),
    "whole number": (lambda: _file(1).replace("hand 1\n", "hand x\n"),
                     "must be a whole number from 0 to 10,000"),
    "player": (lambda: _file(1).replace("first-dealer 1", "first-dealer 7"),
               "the first dealer must be 0 or 1"),
    "too large": (lambda: HEAD + "# " + "x" * MAX_BYTES, "at most 60 KB"),
    "long line": (lambda: _file(1).replace("level ", "level " + "x" * 500),
                  "is longer than 400 characters"),
    "first line": (lambda: "hello\n", "a hand history starts with"),
    "rules out of range": (lambda: _file(1).replace('"target": 5000', '"target": -5'),
                           "target must be a positive number"),
    "rules not json": (lambda: re.sub(r"rules \{.*\}", "rules {oops", _file(1)),
                       "the rules do not read"),
    "rules not an object": (lambda: re.sub(r"rules \{.*\}", "rules [1]", _file(1)),
                            "The rules are a JSON object"),
    "rule not a number": (lambda: _file(1).replace('"knock_limit": 10', '"knock_limit": "x"'),
                          "knock_limit must be a whole number"),
    "rule not true or false": (lambda: _file(1).replace('"big_gin": false', '"big_gin": 3'),
                               "big_gin must be true or false"),
    "level": (lambda: _file(1).replace("level standard", "level grandmaster"),
              "the level is one of"),
    "too many hands": (lambda: _file(1).split("hand 1\n")[0]
                       + "".join(_empty_hand(n) for n in range(1, MAX_HANDS + 2)),
                       f"at most {MAX_HANDS} hands"),
    "hand 0": (lambda: _file(1).replace("hand 1\n", "hand 0\n"), "numbered from 1"),
    "scores": (lambda: _file(1).replace("scores 0 0", "scores 0"), "takes two numbers"),
    "legacy seed": (lambda: _file(1).split("hand 1\n")[0]
                    + _empty_hand(1).replace("legacy-seed 1", "legacy-seed " + "9" * 19),
                    "below 2**63"),
    "client seed line": (lambda: _file(1).replace("client-seed test", "clientseed test"),
                         "expected 'client-seed ...'"),
    "server seed": (lambda: re.sub(r"server-seed 0+1", "server-seed zz", _file(1)),
                    "may hold only the hex digits"),
    "server seed length": (lambda: re.sub(r"server-seed 0+1", "server-seed abc", _file(1)),
                           "must be 64 hex characters long"),
    "action": (lambda: _file(1).replace("0 take_upcard", "0 Fly"), "expected '<player"),
    "unknown action": (lambda: _file(1).replace("0 take_upcard", "0 fly"), "unknown action"),
    "unknown card": (lambda: _file(1).replace("0 discard QS", "0 discard 1S"),
                     "unknown card code"),
    "too many actions": (lambda: _file(1).split("hand 1\n")[0] + _empty_hand(1).replace(
        "end", "0 pass\n" * (MAX_ACTIONS + 1) + "end"), f"at most {MAX_ACTIONS} actions"),
    "hand 1 scores": (lambda: _file(1).replace("scores 0 0", "scores 5 0"),
                      "Hand 1 starts at 0 to 0"),
    "hands follow": (lambda: _hands(3, [0, 2]), "hands must follow each other"),
    "dealer": (lambda: _edit_hand(2, 1, r"^dealer (\d)$", "dealer 9"), "must be 0 or 1"),
    "wrong dealer": (lambda: _edit_hand(2, 1, r"^dealer 0$", "dealer 1")
                     if "\ndealer 0\n" in _blocks(_file(2))[1][1]
                     else _edit_hand(2, 1, r"^dealer 1$", "dealer 0"), "deals it, not player"),
    "wrong scores": (lambda: _edit_hand(2, 1, r"^scores \d+ \d+$", "scores 1 1"),
                     "the scores before it are"),
    "over before": (lambda: _hands(2, [1]).replace(
        re.search(r"scores \d+ \d+", _blocks(_file(2))[1][1]).group(0),  # type: ignore[union-attr]
        "scores 5000 0"), "reaches the target"),
    "illegal move": (lambda: _discard_not_held(_file(1)), "You do not hold"),
    "stops before end": (_cut_hand, "stops before its end"),
}
"""Each refusal: a function making its broken file, and words of its English sentence."""


def _notice(page: str) -> str:
    found = re.search(r'class="error"[^>]*>(.*?)</', page, re.S)
    assert found is not None, page[:2000]
    return html.unescape(re.sub(r"<[^>]+>", "", found.group(1)))


@pytest.mark.parametrize("name", list(CASES))
def test_every_import_refusal_is_said_in_german_and_spanish(
        client: TestClient, name: str) -> None:
    make, english = CASES[name]
    text = make()  # type: ignore[operator]
    with pytest.raises(HandHistoryError) as refused:
        check(parse(text))
    assert english in str(refused.value)
    answer = client.post("/play/history/import", data={"text": text})
    assert answer.status_code == 400
    assert english.lower() in _notice(answer.text).lower()
    for language in ("de", "es", "fr", "it", "pt"):
        page = client.post("/play/history/import", data={"text": text},
                           headers={"Accept-Language": language})
        assert page.status_code == 400
        assert english_left(page.text, language) == [], (language, _notice(page.text))
        assert english not in _notice(page.text), (language, _notice(page.text))
    with pseudo_locale():
        marked = client.post("/play/history/import", data={"text": text})
    assert [word for word in unmarked(marked.text) if word.isalpha() and len(word) > 3] == []
