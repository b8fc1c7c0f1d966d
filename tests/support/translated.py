"""Checks that a page rendered in German or Spanish holds none of the English messages
of the catalogue (tests of each translated area: tests/web/*/test_*_in_german_and_spanish.py).

:func:`english_left` reads the page's text (text nodes and the accessible names:
``aria-label``, ``title``, ``alt``, ``placeholder``) and returns every English message
of the catalogue — one with a translation that differs from it — that stands there
whole. Messages with placeholders are matched by their fixed words between them.
"""

from __future__ import annotations

import re
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
ATTRIBUTES = ("aria-label", "title", "alt", "placeholder")
PLACEHOLDER = re.compile(r"%\([a-z_]+\)[sd]|<[^>]+>")


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._skip += 1
        for name, value in attrs:
            if name in ATTRIBUTES and value:
                self.parts.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style") and self._skip:
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.parts.append(data)


def page_text(html: str) -> str:
    """The page's visible text and accessible names, blanks collapsed."""
    parser = _Text()
    parser.feed(html)
    return " ".join(" ".join(parser.parts).split())


@cache
def _messages(language: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    path = ROOT / "app" / "locale" / language / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as file:
        catalog = read_po(file, locale=language)
    found = []
    for message in catalog:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for english in ids:
            if not english or english in strings:
                continue  # the same word in both languages ("Gin", "Code") is no sign
            pieces = tuple(p.strip() for p in PLACEHOLDER.split(english) if len(p.strip()) > 3)
            if pieces and sum(map(len, pieces)) >= 12:
                found.append((english, pieces))
    return tuple(found)


def english_left(html: str, language: str) -> list[str]:
    """The catalogue's English messages (translated differently in ``language``) whose
    every fixed piece stands in the page's text, in order."""
    text = page_text(html)
    left = []
    for english, pieces in _messages(language):
        at = 0
        for piece in pieces:
            at = text.find(piece, at)
            if at < 0:
                break
            at += len(piece)
        else:
            left.append(english)
    return left
