"""The play screen's table of the match's hands drawn once per language and arguments
(``app.web.render.fragment``, issue 46 "a cheaper tap"): the cached markup is the macro's
own, a change of any argument or of the language is a new fragment, and every macro drawn
this way is context-free (it could not see a render's context)."""

import re
from collections.abc import Iterator

import pytest
from jinja2 import meta
from markupsafe import Markup

from app.core import i18n
from app.table.screen import ScoreRow
from app.web.render import TEMPLATES_DIR, fragment, templates, templates_in

ROWS = (ScoreRow(1, "You", "Knock", 12, (12, 0)), ScoreRow(2, "Computer", "Gin", 31, (12, 31)))
_FRAGMENT_CALL = re.compile(r'fragment\("([^"]+)", "(\w+)"')


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    with i18n.language("en"):  # and the process's language back afterwards
        yield


def rendered_with_context(template: str, macro: str, *args: object) -> str:
    """``macro`` called as a page calls it without the cache: imported with the render's
    context and its messages looked up while rendering."""
    names = ", ".join(f"a{i}" for i in range(len(args)))
    source = f'{{% from "{template}" import {macro} with context %}}{{{{ {macro}({names}) }}}}'
    return templates.env.from_string(source).render(
        **{f"a{i}": arg for i, arg in enumerate(args)})


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_a_fragment_is_the_macros_own_markup_in_the_pages_language(language: str) -> None:
    with i18n.language(language):
        table = fragment("play/_score_table.html", "score_table", ROWS,
                         Markup("The hands"), "Computer")
        assert table == rendered_with_context("play/_score_table.html", "score_table", ROWS,
                                              Markup("The hands"), "Computer")
    if language == "de":
        assert "Punkte" in table and "Points" not in table


def test_a_changed_argument_or_language_is_a_new_fragment_never_an_old_one() -> None:
    before = fragment("play/_score_table.html", "score_table", ROWS[:1], Markup("x"), "Ann")
    after = fragment("play/_score_table.html", "score_table", ROWS, Markup("x"), "Ann")
    assert before.count("<tr>") + 1 == after.count("<tr>")  # the hand that just ended
    assert ">31<" in after and ">31<" not in before
    assert "Bob" in fragment("play/_score_table.html", "score_table", ROWS, Markup("x"), "Bob")
    with i18n.language("de"):
        german = fragment("play/_score_table.html", "score_table", ROWS, Markup("x"), "Ann")
    assert german != fragment("play/_score_table.html", "score_table", ROWS, Markup("x"), "Ann")


def test_an_arguments_type_is_part_of_its_key() -> None:
    # Equal as strings, escaped differently: a str caption is text, a Markup one markup.
    as_text = fragment("play/_score_table.html", "score_table", ROWS, "<i>x</i>", "Ann")
    as_markup = fragment("play/_score_table.html", "score_table", ROWS, Markup("<i>x</i>"), "Ann")
    assert "&lt;i&gt;x&lt;/i&gt;" in as_text and "<i>x</i>" in as_markup


def test_every_macro_drawn_as_a_fragment_is_context_free() -> None:
    # A fragment is rendered from the template's module made without any page's context:
    # a name the template reads that is neither an argument, its own nor a global would be
    # undefined there (and the page would differ from the one rendered with context).
    used = {found for path in TEMPLATES_DIR.rglob("*.html")
            for found in _FRAGMENT_CALL.findall(path.read_text())}
    assert ("play/_score_table.html", "score_table") in used
    environment = templates_in("en").env
    for template, macro in used:
        source = (TEMPLATES_DIR / template).read_text()
        free = meta.find_undeclared_variables(environment.parse(source))
        assert free <= set(environment.globals), (template, free - set(environment.globals))
        assert callable(getattr(environment.get_template(template).module, macro))
