"""A page's module script comes with a modulepreload for each module it imports
(``app.web.render.module_preloads``), so a browser asks for them all at once instead of
one import depth after another (seven deep for the table)."""

from __future__ import annotations

import re

import pytest

from app.web.render import STATIC_DIR, module_preloads, templates

IMPORT = re.compile(r"""import\s+(?:[^"';]*?\s+from\s+)?["'](\./[\w-]+\.js)["']""")


def _imports_of(path: str) -> set[str]:
    """What the module at ``static/<path>`` imports, read by a pattern of its own."""
    folder = (STATIC_DIR / path).parent
    text = (STATIC_DIR / path).read_text(encoding="utf-8")
    return {(folder / name).resolve().relative_to(STATIC_DIR).as_posix()
            for name in IMPORT.findall(text)}


def _closure(entry: str) -> set[str]:
    seen: set[str] = set()
    todo = [entry]
    while todo:
        for path in _imports_of(todo.pop()) - seen - {entry}:
            seen.add(path)
            todo.append(path)
    return seen


@pytest.mark.parametrize("entry", ["table/tablepage.js", "table/main.js", "app.js", "learn.js"])
def test_every_module_an_entry_imports_is_preloaded_once(entry: str) -> None:
    preloads = module_preloads(entry)
    assert len(preloads) == len(set(preloads))
    assert {p.removeprefix("/static/") for p in preloads} == _closure(entry)


def test_the_tables_entry_preloads_every_table_module_but_itself() -> None:
    table = {p.name for p in (STATIC_DIR / "table").glob("*.js")}
    preloaded = {p.rsplit("/", 1)[1] for p in module_preloads("table/tablepage.js")}
    # main.js is the other pages' entry (New match, a friend's wait), not the table's.
    assert preloaded == table - {"tablepage.js", "main.js"}


def test_a_missing_module_is_refused() -> None:
    with pytest.raises(ValueError):
        module_preloads("table/nothing.js")


def test_the_macro_writes_the_script_and_its_preloads_under_the_base() -> None:
    html = templates.env.from_string(
        '{% from "_scripts.html" import module_script with context %}'
        "{{ module_script('table/main.js') }}").render(base="/gin")
    assert re.match(r'<script type="module" src="/gin/static/table/main\.js\?v=\w+"></script>',
                    html)
    assert re.findall(r'<link rel="modulepreload" href="([^"]+)">', html) == [
        "/gin" + p for p in module_preloads("table/main.js")]
