"""The templates compiled per language (``app.web.render.PageEnvironment``, issue 27): a
message with no values is the page's text once compiled, and every page reads the same as
when each message was looked up while rendering."""

from collections.abc import Iterator

import pytest
from jinja2 import nodes

from app.core import i18n
from app.web.render import templates, templates_in

SOURCE = """<h2 title="{{ _('Show the whole pile') }}">{{ _("Your hand") }}</h2>
{% trans %}Draw from stock{% endtrans %} · {{ _("Hint") ~ "!" }} · {{ _(word) }}
{{ _("Play against %(name)s", name=who) }} · {{ _("100%% sure") }}
{% trans count=n %}{{ count }} card{% pluralize %}{{ count }} cards{% endtrans %}
{% set label = _("Hint") %}{{ label|upper }}"""
VALUES = {"who": "<b>Ann</b>", "word": "Hint", "n": 3}


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    with i18n.language("en"):  # and the process's language back afterwards
        yield


def compiled(language: str, source: str) -> str:
    """The Python source Jinja2 makes of ``source`` for ``language``."""
    return str(templates_in(language).env.compile(source, raw=True))


@pytest.mark.parametrize("language", sorted(i18n.LANGUAGES))
def test_a_page_reads_the_same_as_when_each_message_is_looked_up_on_rendering(
        language: str) -> None:
    with i18n.language(language):
        looked_up = templates.env.from_string(SOURCE).render(**VALUES)
        translated = templates_in(language).env.from_string(SOURCE).render(**VALUES)
    assert translated == looked_up
    if language == "de":
        assert "Vom Stapel ziehen" in translated and "Tipp!" in translated
        assert "Ann" in translated and "&lt;b&gt;" in translated


def test_a_message_without_values_is_text_in_the_compiled_template() -> None:
    code = compiled("de", '<p>{{ _("Draw from stock") }}</p>{% trans %}Hint{% endtrans %}')
    assert "Vom Stapel ziehen" in code and "Tipp" in code
    assert "Draw from stock" not in code and "'Hint'" not in code
    assert "context.call" not in code


def test_values_plurals_and_names_are_still_looked_up_when_rendering() -> None:
    code = compiled("de", '{{ _("Play against %(name)s", name=who) }}{{ _(word) }}'
                          '{% trans count=n %}{{ count }} card{% pluralize %}{{ count }} cards'
                          '{% endtrans %}')
    assert code.count("context.call") == 3


@pytest.mark.parametrize("source", [
    '{% for _ in range(2) %}{% endfor %}{{ _("Hint") }}',
    '{% set gettext = 1 %}{% trans %}Hint{% endtrans %}',
    '{% macro m(_) %}{{ _("Hint") }}{% endmacro %}',
])
def test_a_template_that_binds_the_name_itself_is_left_to_rendering(source: str) -> None:
    assert "Tipp" not in compiled("de", source)


def test_the_base_templates_look_every_message_up_when_rendering() -> None:
    code = str(templates.env.compile('{{ _("Hint") }}', raw=True))
    assert "context.call" in code


def test_a_template_has_the_globals_as_one_plain_dict_and_its_own_win() -> None:
    template = templates_in("en").env.from_string("{{ app_version }}", globals={"extra": 1})
    assert type(template.globals) is dict
    assert template.globals["card_face"] is templates.env.globals["card_face"]
    assert template.globals["extra"] == 1
    shadowed = templates.env.from_string("{{ number }}", globals={"number": "mine"})
    assert shadowed.render() == "mine"


def test_each_language_has_its_own_compiled_templates_with_the_same_globals() -> None:
    german, spanish = templates_in("de").env, templates_in("es").env
    assert templates_in("de") is templates_in("de")
    assert german is not spanish
    assert german.globals is spanish.globals is templates.env.globals
    page = "play/table.html"
    assert german.get_template(page) is not spanish.get_template(page)


def test_no_template_binds_the_translation_names_so_each_has_its_messages_compiled_in() -> None:
    names = templates.env.list_templates(filter_func=lambda name: not name.endswith(".svg"))
    binding = [name for name in names if any(
        found.name in ("_", "gettext") and found.ctx != "load"
        for found in templates.env.parse(templates.env.loader.get_source(
            templates.env, name)[0]).find_all(nodes.Name))]
    assert binding == []
