"""No English left behind (issue 31): what a page shows, and the English in it that
nobody translated or nobody marked.

Two checks, one per kind of fault:

* **Unmarked text.** ``pseudo_english()`` is a catalogue compiled in memory from
  ``app/locale/messages.pot`` in which every message is itself wrapped in
  :data:`OPEN` … :data:`CLOSE`; a page rendered with it as English's catalogue
  (``pseudo_locale``) shows every catalogue message between the markers, so any word
  left outside them (``unmarked(page)``) is text that never went through the catalogue:
  a template string without ``_()``, a Python sentence without ``gettext``, a ``_()`` of
  a string that ``make messages`` never extracted. Data is not a message: numbers, card
  codes and suit symbols, hex seeds and commitments, URLs and paths, the version, the
  product's name, and the names typed by the test's players (:data:`DATA_WORDS`).
* **Untranslated messages.** ``english_messages(page, language)``: the catalogue's
  English messages that the real German or Spanish page shows as they are (the message
  has no translation yet, or the page was built without the request's language). A
  message whose translation is the English itself (``Gin``, ``OK``) is not counted.

What "shown" means (``shown(html)``): every text node outside ``<script>``,
``<style>``, ``<code>`` and ``<samp>`` (hidden ones too: a sheet or a panel opens
later), and the attributes a person or a screen reader meets (:data:`TEXT_ATTRIBUTES`;
``value`` of a submit or button input; ``content`` of the description meta; the data
attributes static/table/ writes into the page, :data:`SHOWN_DATA`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from html.parser import HTMLParser
from io import BytesIO
from pathlib import Path
from typing import Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

from app.core import i18n
from app.web import cardwords, render

ROOT = Path(__file__).resolve().parents[2]
POT = ROOT / "app" / "locale" / "messages.pot"
OPEN, CLOSE = "\u27e6", "\u27e7"  # ⟦ ⟧: in no message and no data of the app

TEXT_ATTRIBUTES = {"aria-label", "aria-description", "aria-roledescription",
                   "aria-valuetext", "aria-placeholder", "title", "alt", "placeholder",
                   "label"}
SHOWN_DATA = {"data-note", "data-default"}
"""Data attributes whose text static/table/select.js puts on the screen (the hand's note)."""
BUTTON_INPUTS = {"submit", "button", "reset"}
SKIPPED = {"script", "style", "code", "samp"}
"""Elements whose text is not shown as words: scripts, styles, and code (a command line
to type, a file's format), which stays as written in every language."""

DATA_PHRASES = tuple(i18n.LANGUAGES.values())
"""Each language's name in itself (the Settings' choices: "Deutsch" on the English page
too). The brand is a message (``_("Gin Rummy")``: "Gin Rommé" in German, issue 52), so
a title that writes it as text is unmarked."""
DATA_WORDS = {"Ann", "Bob", "CSV", "JSON", "UTC", "AM", "PM", "Jan", "Feb", "Mar", "Apr",
              "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}
"""The names the tests' players type (their events and seasons too), the files'
formats (the same name in every language), the time zone's name after a time, and what Babel
writes in an English date (``Dec 1, 2026, 7:08 PM``: the locale's data, German and
Spanish pages show their own). (Beside these, a capital letter alone is data: a card
face's rank, a key to press.)"""
_CARD = r"(?:10|[2-9TJQKA])[CDHS\u2660\u2665\u2666\u2663]\ufe0e?"
_DATA_TOKEN = re.compile(
    rf"^(?:{_CARD}|[A-Z]|[0-9a-f]{{8,}}|[A-Za-z0-9_-]{{32,}}|https?://\S+|/\S*|v\d+(?:\.\d+)+(?:\.dev\d+)?"
    r"|[^\w]*|[\d\W_]+)$")
_WORD = re.compile(r"[^\W\d_]")
_WORDS = re.compile(r"[^\W\d_]+")


@dataclass(frozen=True)
class Shown:
    """One piece of what a page shows: ``where`` (``"text"``, ``"<button aria-label>"``)
    and ``text`` (whitespace as the browser collapses it)."""

    where: str
    text: str


class _Shown(HTMLParser):
    """Collects :class:`Shown` pieces of an HTML page or fragment."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[Shown] = []
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        if tag in SKIPPED:
            self.skip += 1
        for name, value in values.items():
            shown = (name in TEXT_ATTRIBUTES or name in SHOWN_DATA
                     or (name == "value" and tag == "input"
                         and values.get("type", "") in BUTTON_INPUTS)
                     or (name == "content" and tag == "meta"
                         and values.get("name") in ("description", "apple-mobile-web-app-title",
                                                    "application-name")))
            if shown and value.strip():
                self.found.append(Shown(f"<{tag} {name}>", " ".join(value.split())))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag in SKIPPED:
            self.skip -= 1

    def handle_endtag(self, tag: str) -> None:
        if tag in SKIPPED:
            self.skip = max(0, self.skip - 1)

    def handle_data(self, data: str) -> None:
        if not self.skip and data.strip():
            self.found.append(Shown("text", " ".join(data.split())))


def shown(html: str) -> list[Shown]:
    """Every text node and shown attribute of ``html``, in the page's order."""
    parser = _Shown()
    parser.feed(html)
    parser.close()
    return parser.found


def _outside_markers(text: str, depth: int = 0) -> tuple[str, int]:
    """``text`` without what stands between the markers (nested ones too), starting
    ``depth`` markers deep; and the depth at its end (a message with inline markup opens
    in one text node and closes in a later one)."""
    kept = []
    for char in text:
        if char == OPEN:
            depth += 1
            kept.append(" ")
        elif char == CLOSE:
            depth = max(0, depth - 1)
            kept.append(" ")
        elif depth == 0:
            kept.append(char)
    return "".join(kept), depth


def stray_words(text: str, depth: int = 0) -> list[str]:
    """The words of ``text`` outside the markers that are not data (empty: all marked),
    ``text`` starting ``depth`` markers deep."""
    rest, _ = _outside_markers(text, depth)
    for phrase in DATA_PHRASES:
        rest = rest.replace(phrase, " ")
    words = []
    for token in rest.split():
        bare = token.strip("()[]{}.,;:!?¡¿'\"«»“”‘’·—–-…")
        if (bare and _WORD.search(bare) and bare not in DATA_WORDS
                and not _DATA_TOKEN.match(bare)):
            words.append(bare)
    return words


def unmarked(html: str) -> list[str]:
    """What a page rendered with :func:`pseudo_english` shows outside the markers: one
    line per piece (``"<button title>: Draw a card"``), data left out."""
    faults = []
    depth = 0  # of the page's text, read in order (an attribute stands alone)
    for piece in shown(html):
        start = depth if piece.where == "text" else 0
        if stray_words(piece.text, start):
            faults.append(f"{piece.where}: {piece.text}")
        if piece.where == "text":
            depth = _outside_markers(piece.text, depth)[1]
    return faults


# --- the pseudo-locale ---------------------------------------------------------------------


@cache
def pseudo_english(pot: Path = POT) -> NullTranslations:
    """English's messages each wrapped in the markers, compiled in memory from ``pot``
    (plural forms English's: one, other)."""
    with pot.open("rb") as file:
        catalog = read_po(file, locale="en")
    for message in catalog:
        if not message.id:
            continue
        if isinstance(message.id, tuple | list):
            message.string = tuple(f"{OPEN}{form}{CLOSE}" for form in message.id[:2])
        else:
            message.string = f"{OPEN}{message.id}{CLOSE}"
    compiled = BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return Translations(compiled)


@contextmanager
def pseudo_locale(catalogue: NullTranslations | None = None) -> Iterator[None]:
    """English pages (and every sentence built in Python) use the pseudo catalogue
    within the block; German and Spanish stay as they are."""
    pseudo = catalogue if catalogue is not None else pseudo_english()
    real = i18n.translations

    def translations(language: str) -> NullTranslations:
        return pseudo if language == i18n.SOURCE else real(language)

    # Messages, card faces, names and the templates compiled per language are kept by
    # language ("en" here too): drop the English ones both ways.
    forget = (i18n.looked_up.cache_clear, i18n.looked_up_in.cache_clear,
              render._page_text.cache_clear,
              render.templates_in.cache_clear, render._card_face.cache_clear,
              cardwords._name_in.cache_clear)
    for clear in forget:
        clear()
    i18n.translations = translations  # type: ignore[assignment]
    try:
        yield
    finally:
        i18n.translations = real  # type: ignore[assignment]
        for clear in forget:
            clear()


# --- the real German and Spanish pages -------------------------------------------------------


NUMBERS = {"number", "count", "n", "points", "most", "target", "game", "round", "hands"}
"""Placeholders that always hold a number: matched as digits only, so that "Match
%(number)s" is not found in French's "Match nul" (a draw)."""


def _pattern(message: str) -> tuple[re.Pattern[str], tuple[str, ...]]:
    """A message as the page shows it: placeholders are any text (a number's,
    :data:`NUMBERS` or ``%d``, digits only), markup is gone (the page's text nodes are
    joined by a ``\\x00``), spaces are any space. With the pattern, the literal pieces it
    matches as they are (its words and punctuation): text holding a match holds each of
    them, so a text missing one cannot match (``english_messages`` skips the search)."""
    parts = re.split(r"(%\([a-z_]+\)[sd]|%[sd]|<[^>]+>|\s+)", message)
    out, literals = [], []
    for part in parts:
        if not part:
            continue
        if part.startswith("%") and (part.endswith("d") or part[2:-2] in NUMBERS):
            out.append(r"[\d\s.,\u00a0\u202f+\u2212-]{1,20}?")  # a number as Babel writes it
        elif part.startswith("%"):
            out.append(r"[^\x00]{1,80}?")  # within one text node: bounded, no backtracking storm
        elif part.startswith("<"):
            out.append(r"[\s\x00]*")
        elif part.isspace():
            out.append(r"[\s\x00]+")
        else:
            literals.append(part.replace("%%", "%"))
            out.append(re.escape(literals[-1]))
    return re.compile(r"(?<!\w)" + "".join(out) + r"(?!\w)"), tuple(literals)


@cache
def _english(language: str) -> tuple[tuple[str, re.Pattern[str], tuple[str, ...], bool], ...]:
    """The catalogue's English messages that ``language`` translates differently: the
    message, its pattern and literal pieces (``_pattern``), and whether it is one word
    (matched only as a whole piece)."""
    path = ROOT / "app" / "locale" / language / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as file:
        catalog = read_po(file, locale=language)
    found = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
        strings = (message.string if isinstance(message.string, tuple | list)
                   else (message.string,))
        for english in ids:
            if english in strings or not _WORD.search(english) or english in DATA_PHRASES:
                continue  # the same word in this language (Gin, Hollywood); the app's name
            text = re.sub(r"%\([a-z_]+\)[sd]", "", english)
            own = {word.casefold() for word in _WORDS.findall(" ".join(str(x) for x in strings
                                                                   if x))}
            if all(word.casefold() in own for word in _WORDS.findall(text)):
                continue  # every word the same in this language ("Computer %(actions)s.",
                #           Italian "Computer %(level)s" for "%(level)s computer")
            if len(_WORD.findall(text)) < 3:
                continue  # "OK", "%(n)s ×": too short to tell
            # One word beside placeholders and markup ("Hand %(number)s", "%(name)s scores
            # <strong>%(points)s</strong>") is a German, French… word too: matched only as
            # a whole piece, like a message of one word.
            found.append((english, *_pattern(english),
                          len(re.sub(r"<[^>]+>", " ", text).split()) < 2))
    return tuple(found)


def english_messages(html: str, language: str) -> list[str]:
    """The catalogue's English messages that a page in ``language`` shows untranslated:
    one line per message (``"English shown: Draw from the stock"``)."""
    pieces = shown(html)
    joined = "\x00".join(piece.text for piece in pieces)
    whole = {piece.text for piece in pieces}
    faults = []
    for english, pattern, literals, one_word in _english(language):
        if not all(literal in joined for literal in literals):
            continue  # a piece of it is nowhere on the page: no match (0.25 s a page saved)
        found = (next((text for text in whole if pattern.fullmatch(text)), None) if one_word
                 else (hit.group(0) if (hit := pattern.search(joined)) else None))
        if found is not None:
            faults.append(f"English shown: {english} (as {found.replace(chr(0), ' ')!r})")
    return faults


def manifest_texts(manifest: dict[str, Any]) -> Iterable[Shown]:
    """The words of a web app manifest a person sees (name, description, shortcuts)."""
    for key in ("name", "short_name", "description"):
        if manifest.get(key):
            yield Shown(f"manifest {key}", str(manifest[key]))
    for shortcut in manifest.get("shortcuts", []):
        for key in ("name", "short_name", "description"):
            if shortcut.get(key):
                yield Shown(f"manifest shortcut {key}", str(shortcut[key]))
