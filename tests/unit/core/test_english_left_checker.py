"""The checker of tests/web/test_no_english_left.py catches what it must
(tests/support/untranslated.py): a planted unmarked word, an attribute a screen reader
reads, an untranslated message on a German or Spanish page; and lets data through."""

from __future__ import annotations

import pytest

from app.core import i18n
from app.web.render import templates
from tests.support.untranslated import (
    OPEN,
    english_messages,
    pseudo_english,
    pseudo_locale,
    stray_words,
    unmarked,
)

PAGE = """<html lang="{{ lang }}"><head><title>{{ _("Settings") }} · {{ _("Gin Rummy") }}</title>
<script>const words = "English in a script is not shown";</script></head><body>
<p>{{ _("Card size") }}: 7C 10H Q&spades; 3fa9c2d1e0 v0.3.0 /play https://x.test/a</p>
<p>Ann · Bob · 12:30 UTC · 1.234,5 · 42%</p>
{planted}
</body></html>"""


def render(planted: str = "", language: str = "en") -> str:
    source = PAGE.replace("{planted}", planted)
    with i18n.language(language):
        return templates.env.from_string(source).render(lang=language)


def test_every_catalogue_message_is_wrapped_in_the_pseudo_locale() -> None:
    with pseudo_locale():
        assert i18n.gettext("Settings") == f"{OPEN}Settings\u27e7"
        with i18n.language("de"):
            assert i18n.gettext("Settings") == "Einstellungen"  # real languages untouched
    assert i18n.gettext("Settings") == "Settings"  # and nothing is left patched
    assert pseudo_english().ugettext("Not a message of the catalogue") == (
        "Not a message of the catalogue")


def test_a_marked_page_with_data_only_passes() -> None:
    with pseudo_locale():
        assert unmarked(render()) == []


@pytest.mark.parametrize(("planted", "fault"), [
    ("<p>Shuffle</p>", "text: Shuffle"),
    ("<p>{{ _('Card size') }} and more</p>", "text: \u27e6Card size\u27e7 and more"),
    ('<button aria-label="Draw a card">7C</button>', "<button aria-label>: Draw a card"),
    ('<img alt="Your hand" src="/x.svg">', "<img alt>: Your hand"),
    ('<input placeholder="Your name">', "<input placeholder>: Your name"),
    ('<input type="submit" value="Save">', "<input value>: Save"),
    ('<span title="Deadwood">12</span>', "<span title>: Deadwood"),
    ("<p>{{ _('A string make messages never saw') }}</p>",
     "text: A string make messages never saw"),
])
def test_a_planted_unmarked_word_fails(planted: str, fault: str) -> None:
    with pseudo_locale():
        assert unmarked(render(planted)) == [fault]


def test_a_buttons_value_and_a_scripts_text_are_not_shown() -> None:
    with pseudo_locale():
        assert unmarked(render('<button name="action" value="draw_stock">7C</button>')) == []


def test_data_is_not_a_message() -> None:
    data = "TH AS 9\u2663\ufe0e \u2660 10D 0123abcdef99 (Ann) v1.2.3 +25 \u00d7 2 K"
    assert stray_words(data) == []
    assert stray_words("\u27e6Du hast \u27e6Herz-Neun\u27e7 abgeworfen\u27e7 to") == ["to"]


def test_an_english_message_on_a_german_or_spanish_page_is_reported() -> None:
    # "Save settings" is translated in both catalogues (the Settings page).
    for language in ("de", "es"):
        planted = render('<button>Save settings</button>', language)
        assert english_messages(planted, language) == [
            "English shown: Save settings (as 'Save settings')"]
        translated = render("<button>{{ _('Save settings') }}</button>", language)
        assert english_messages(translated, language) == []


def test_a_message_with_inline_markup_is_marked_across_its_text_nodes() -> None:
    with pseudo_locale():
        page = render("<p>{% trans %}Count <b>before layoffs</b>, then after{% endtrans %}"
                      "</p><p>Stray</p>")
    assert "\u27e6Count" not in page  # a message of no catalogue: it stays unmarked
    marked = page.replace("Count <b>", "\u27e6Count <b>").replace("then after",
                                                                   "then after\u27e7")
    assert unmarked(marked) == ["text: Stray"]
