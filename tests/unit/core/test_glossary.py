"""One word for one thing (issue 52): each language's glossary
(app/locale/<lang>/glossary.csv) and forbidden words (tests/data/forbidden_words/) hold
for the compiled catalogues: no English game word and no rejected term inside a
translation, each glossary term the label the catalogue shows, two terms never one word
(knock is not close, the stock is not the discard pile)."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from app.core import i18n
from tests.support.glossary import (
    FORBIDDEN,
    checked_languages,
    forbidden_in,
    forbidden_words,
    glossary,
    glossary_path,
)

ROOT = Path(__file__).resolve().parents[3]
LANGUAGES = checked_languages()
DATA_FIELDS = {"upcard must be a card code"}
"""Messages that name a field of a file format (a score sheet's CSV column): the field
is data, written in English in every language."""


def _catalogue(language: str):  # type: ignore[no-untyped-def]
    path = ROOT / "app" / "locale" / language / "LC_MESSAGES" / "messages.po"
    if not path.is_file():
        pytest.fail(f"{language} has a glossary or a word list but no catalogue {path}")
    with path.open("rb") as file:
        return read_po(file, locale=language)


def _strings(message) -> tuple[str, ...]:  # type: ignore[no-untyped-def]
    return tuple(message.string) if isinstance(message.string, tuple | list) else (
        message.string,)


def test_every_offered_language_is_checked() -> None:
    assert set(LANGUAGES) >= set(i18n.LANGUAGES) - {i18n.SOURCE}
    assert "de" in LANGUAGES and "es" in LANGUAGES


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_language_has_a_glossary_and_a_forbidden_words_list(language: str) -> None:
    assert (FORBIDDEN / f"{language}.txt").is_file(), (
        f"add tests/data/forbidden_words/{language}.txt (docs/translating.md)")
    assert glossary_path(language).is_file(), f"add {glossary_path(language)}"
    assert forbidden_words(language)
    terms = glossary(language)
    assert terms and all(term.source and term.target for term in terms), language


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_forbidden_word_stands_inside_a_translation(language: str) -> None:
    found = []
    for message in _catalogue(language):
        if not message.id or message.id in DATA_FIELDS:
            continue
        for string in _strings(message):
            for word in forbidden_in(string or "", language):
                found.append(f"{word!r} in {string!r}")
    assert not found, f"{language}: {len(found)} translations hold a forbidden word:\n  " + (
        "\n  ".join(found[:20]))


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_label_that_is_a_glossary_term_is_the_glossarys_word(language: str) -> None:
    """A message that is a term alone ("Knock", "Close", "Stock"), in the term's context,
    is translated as the glossary says (capitals aside)."""
    terms = {(t.source[:1].upper() + t.source[1:], t.context): t.target
             for t in glossary(language)}
    wrong, matched = [], 0
    for message in _catalogue(language):
        if not isinstance(message.id, str) or not message.id:
            continue
        target = terms.get((message.id, message.context or ""))
        if target is None:
            continue
        matched += 1
        if message.string.casefold() != target.casefold():
            wrong.append(f"{message.context or ''}|{message.id}: {message.string!r}, "
                         f"glossary {target!r}")
    assert matched >= 5, f"{language}: the glossary names almost no label of the catalogue"
    assert not wrong, f"{language}:\n  " + "\n  ".join(wrong)


@pytest.mark.parametrize("language", LANGUAGES)
def test_two_terms_are_never_one_word(language: str) -> None:
    """Knock and close, the stock and the discard pile, ...: each target names one
    English term (in one context)."""
    seen: dict[tuple[str, str], str] = {}
    clashes = []
    for term in glossary(language):
        key = (term.target.casefold(), term.context)
        if key in seen and seen[key].casefold() != term.source.casefold():
            clashes.append(f"{term.target!r}: {seen[key]!r} and {term.source!r}")
        seen.setdefault(key, term.source)
    assert not clashes, f"{language}: " + "; ".join(clashes)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_glossary_word_is_used_by_the_catalogue(language: str) -> None:
    """A glossary term no translation uses is a decision nobody applied."""
    text = " ".join(s.casefold() for m in _catalogue(language) if m.id
                    for s in _strings(m) if s)
    unused = [t.target for t in glossary(language) if t.target.casefold() not in text]
    assert not unused, f"{language}: glossary words in no translation: {unused}"


def test_the_forbidden_words_check_finds_a_word_inside_a_sentence() -> None:
    assert forbidden_in("Das <strong>Commitment</strong> passt.", "de") == ["commitment"]
    assert forbidden_in('<a href="/guide/options#straight-gin">Gin pur</a>', "de") == []
    assert forbidden_in("Sonidos para el undercut", "es") == ["undercut", "el undercut"]
