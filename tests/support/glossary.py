"""Each language's glossary and forbidden words (issue 52), for the tests that hold the
catalogues and the rendered pages to them.

* ``app/locale/<lang>/glossary.csv`` — the game's terms in that language (columns
  ``source``, ``target``, ``context``, ``developer_comments``: the CSV a Weblate glossary
  component reads; docs/translating.md);
* ``tests/data/forbidden_words/<lang>.txt`` — words and phrases that must not stand in a
  translation, one a line, ``#`` comments: English game words and the terms the glossary
  rejected.

``checked_languages()`` is every language that has either file or that the app offers
(``app.core.i18n.LANGUAGES``, English aside), so a language added by a catalogue or a list
alone is checked too, and one offered without its list fails.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from app.core import i18n

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "app" / "locale"
FORBIDDEN = ROOT / "tests" / "data" / "forbidden_words"
_MARKUP = re.compile(r"<[^>]*>|%\([a-z_]+\)[sd]|%[sd]|https?://\S+")


@dataclass(frozen=True)
class Term:
    """One glossary row: the English ``source``, its ``target`` in the language, the
    ``context`` (a ``msgctxt`` such as ``hand kind``; empty: none) and why."""

    source: str
    target: str
    context: str
    why: str


def checked_languages() -> list[str]:
    """The languages to check: those with a forbidden-words list or a catalogue, and
    those the app offers (English, the source, aside)."""
    found = {path.stem for path in FORBIDDEN.glob("*.txt")}
    found |= {path.parent.parent.name for path in LOCALE.glob("*/LC_MESSAGES/messages.po")}
    found |= set(i18n.LANGUAGES)
    return sorted(found - {i18n.SOURCE})


def glossary_path(language: str) -> Path:
    """Where ``language``'s glossary is (``app/locale/<lang>/glossary.csv``)."""
    return LOCALE / language / "glossary.csv"


@cache
def glossary(language: str) -> tuple[Term, ...]:
    """``language``'s glossary rows (a missing file: FileNotFoundError)."""
    with glossary_path(language).open(encoding="utf-8", newline="") as file:
        return tuple(Term(row["source"].strip(), row["target"].strip(),
                          (row.get("context") or "").strip(),
                          (row.get("developer_comments") or "").strip())
                     for row in csv.DictReader(file))


@cache
def forbidden_words(language: str) -> tuple[str, ...]:
    """``language``'s forbidden words and phrases (a missing list: FileNotFoundError)."""
    lines = (FORBIDDEN / f"{language}.txt").read_text(encoding="utf-8").splitlines()
    return tuple(line.strip() for line in lines if line.strip() and not line.startswith("#"))


@cache
def _patterns(language: str) -> tuple[tuple[str, re.Pattern[str]], ...]:
    return tuple((word, re.compile(r"(?<!\w)" + r"\s+".join(map(re.escape, word.split()))
                                   + r"(?!\w)", re.IGNORECASE))
                 for word in forbidden_words(language))


def plain(text: str) -> str:
    """``text`` without markup, placeholders and links (a ``href="…#straight-gin"`` is no
    word anybody reads)."""
    return _MARKUP.sub(" ", text)


def forbidden_in(text: str, language: str) -> list[str]:
    """The forbidden words of ``language`` that stand whole in ``text`` (markup,
    placeholders and links left out), each once."""
    bare = plain(text)
    return [word for word, pattern in _patterns(language) if pattern.search(bare)]
