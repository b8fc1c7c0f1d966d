"""Translations (app/core/i18n.py): the browser's languages and plural forms by each
language's rule. That every catalogue holds every message of the code and templates,
none empty or fuzzy, is ``tests/unit/tools/test_check_catalogues.py``'s
``test_the_catalogues_of_the_checkout_are_current_and_complete`` (the check of ``make
check``, with the messages' contexts too)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from app.core import i18n

ROOT = Path(__file__).resolve().parents[3]
SINGULAR = {"fr": {0, 1}}
"""The counts a language says in the singular where it is not 1 alone."""
MINUTES = ("Too many codes that opened nothing: try again in %(num)d minute.",
           "Too many codes that opened nothing: try again in %(num)d minutes.")


@pytest.mark.parametrize(("header", "language"), [
    ("de-DE,de;q=0.9,en;q=0.8", "de"),
    ("de-AT", "de"),
    ("fr-FR, es;q=0.5, de;q=0.4", "fr"),
    ("nl-NL, es;q=0.5, de;q=0.4", "es"),
    ("pt-BR,pt;q=0.9", "pt"),
    ("it-CH", "it"),
    ("en-GB,en;q=0.9,de;q=0.8", "en"),
    ("es-419", "es"),
    ("de;q=0, es;q=0.1", "es"),
    ("fr, it", "fr"),
    ("nl, sv", "en"),
    ("*", "en"),
    ("", "en"),
    (None, "en"),
    (";;;,,q=x,de;q=abc", "en"),
    ("de" * 600, "en"),
])
def test_the_browsers_languages_choose_one_of_ours(header: str | None, language: str) -> None:
    assert i18n.negotiate(header) == language


@pytest.mark.parametrize(("language", "forms"), [
    ("en", {0: "minutes", 1: "minute", 2: "minutes", 5: "minutes"}),
    ("de", {0: "Minuten", 1: "Minute", 2: "Minuten", 5: "Minuten"}),
    ("es", {0: "minutos", 1: "minuto", 2: "minutos", 5: "minutos"}),
    ("fr", {0: "minute", 1: "minute", 2: "minutes", 5: "minutes"}),
    ("it", {0: "minuti", 1: "minuto", 2: "minuti", 5: "minuti"}),
    ("pt", {0: "minutos", 1: "minuto", 2: "minutos", 5: "minutos"}),
])
def test_plural_forms_follow_each_languages_rule(language: str, forms: dict[int, str]) -> None:
    with i18n.language(language):
        for n, word in forms.items():
            assert re.search(rf" {n} {word}\b", i18n.ngettext(*MINUTES, n)), (language, n)


def test_a_message_is_translated_in_the_requests_language_and_english_by_default() -> None:
    assert i18n.gettext("Settings") == "Settings"
    with i18n.language("de"):
        assert i18n.gettext("Settings") == "Einstellungen"
        with i18n.language("xx"):
            assert i18n.gettext("Settings") == "Settings"
    with i18n.language("es"):
        assert i18n.number(12345.5, 1) == "12.345,5"
    with i18n.language("de"):
        assert i18n.number(1234.5, 1) == "1.234,5"
    assert i18n.number(1234.5, 1) == "1,234.5"


@pytest.mark.parametrize("language", [lang for lang in i18n.LANGUAGES if lang != "en"])
def test_every_plural_message_takes_the_right_form_for_0_1_2_and_5(language: str) -> None:
    """One for 1 (French: for 0 and 1), the plural for 0, 2 and 5 (the third form of
    Spanish, French, Italian and Portuguese is for a million and its multiples), with the
    English message's placeholders."""
    path = ROOT / "app" / "locale" / language / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as file:
        catalog = read_po(file, locale=language)
    plurals = [m for m in catalog if m.id and m.pluralizable]
    assert plurals, "no plural message in the catalogue"
    names = re.compile(r"%\((\w+)\)")
    for message in plurals:
        singular, plural = message.id
        with i18n.language(language):
            for n in (0, 1, 2, 5):
                form = i18n.lookup_plural(singular, plural, n)
                one = n in SINGULAR.get(language, {1})
                assert form == (message.string[0] if one else message.string[-1]), (
                    singular, n)
                assert set(names.findall(form)) == set(names.findall(plural)), (singular, n)
                if set(names.findall(plural)) == {"num"}:  # the count alone: shown
                    assert str(n) in i18n.ngettext(singular, plural, n), (singular, n)
