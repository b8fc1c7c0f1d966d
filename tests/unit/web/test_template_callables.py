"""The Python callables the templates use instead of Jinja2's context functions and
macros (``app.web.render``): the same markup, escaped the same way, in each language."""

from collections.abc import Iterator

import pytest
from markupsafe import Markup

from app.core import i18n
from app.web.render import card_back, page_gettext, page_ngettext, templates


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    with i18n.language("en"):  # and the process's language back afterwards
        yield


def render(source: str, **values: object) -> str:
    return templates.env.from_string(source).render(**values)


def test_a_value_in_a_translated_sentence_is_escaped() -> None:
    assert render('{{ _("Play against %(name)s", name=who) }}', who="<b>Ann</b>") == \
        "Play against &lt;b&gt;Ann&lt;/b&gt;"
    assert page_gettext("Play against %(name)s", name=Markup("<b>Ann</b>")) == \
        "Play against <b>Ann</b>"


def test_a_sentence_without_values_is_still_a_format_string() -> None:
    # As Jinja2's new-style gettext: "%%" is one "%", the same with or without values.
    assert page_gettext("100%% sure") == "100% sure"


def test_trans_blocks_and_plurals_fill_count_and_num() -> None:
    source = "{% trans count=n %}{{ count }} card{% pluralize %}{{ count }} cards{% endtrans %}"
    assert render(source, n=1) == "1 card"
    assert render(source, n=7) == "7 cards"
    assert page_ngettext("%(num)s card", "%(num)s cards", 3) == "3 cards"


def test_sentences_inside_loops_and_blocks_follow_the_language() -> None:
    source = '{% for _x in [1, 2] %}{{ _("Pass") }} {% endfor %}'
    assert render(source) == "Pass Pass "
    i18n.set_language("de")
    assert render(source) == f"{i18n.lookup('Pass')} {i18n.lookup('Pass')} "
    assert i18n.lookup("Pass") != "Pass"


def test_a_card_back_is_named_decorative_or_labelled() -> None:
    assert card_back("xs", None) == \
        '<span class="card card--xs card--back" aria-hidden="true"></span>'
    assert card_back("md", False, "pile") == \
        '<span class="card card--md card--back pile" aria-hidden="true"></span>'
    assert card_back() == \
        '<span class="card card--sm card--back" role="img" aria-label="Face-down card"></span>'
    assert card_back("sm", 'Ann\'s "card"') == (
        '<span class="card card--sm card--back" role="img" '
        'aria-label="Ann&#39;s &#34;card&#34;"></span>')


def test_the_card_back_macro_draws_the_same_as_the_callable() -> None:
    source = ('{% import "_cards.html" as cards with context %}'
              '{{ cards.back("xs", label=none) }}|{{ cards.back() }}')
    assert render(source, base="") == f"{card_back('xs', None)}|{card_back()}"


def test_a_card_back_is_named_in_the_language_of_the_page() -> None:
    i18n.set_language("es")
    assert i18n.lookup("Face-down card") in card_back()
    assert i18n.lookup("Face-down card") != "Face-down card"
