"""The scripts name no id or ``data-*`` attribute that the markup contract
(``app.web.markup``) does not list, and the contract lists none that its scripts no
longer name.

The names are read from the scripts under ``static/`` (all but the vendored htmx):
``getElementById("…")``, ``#id`` and ``[data-…]`` in any string (a selector),
a string that is a whole ``data-…`` name (``getAttribute("data-turns")``) and
``dataset.name`` (``dataset.computerTurnMs`` is ``data-computer-turn-ms``). A name
ending in ``-`` is the prefix of a family (``"c-" + code``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from app.web.markup import HOOKS, hook

STATIC = Path(__file__).resolve().parents[3] / "static"
SCRIPTS = sorted(path for path in STATIC.rglob("*.js") if path.name != "htmx.min.js")

# A string literal or a comment, whichever starts first (comments are skipped, strings kept).
_TOKEN = re.compile(r'''("(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`)'''
                    r'''|(//[^\n]*|/\*.*?\*/)''', re.S)
_SELECTOR_ID = re.compile(r"#([A-Za-z][\w-]*)")
_SELECTOR_DATA = re.compile(r"\[(data-[\w-]+)")
_BY_ID = re.compile(r'''getElementById\(\s*["']([^"']+)["']''')
_DATASET = re.compile(r"\.dataset\.(\w+)")


def names(source: str) -> set[tuple[str, str]]:
    """The (kind, name) pairs a script's ``source`` names: kind ``id`` or ``data``."""
    strings: list[str] = []
    code: list[str] = []
    last = 0
    for token in _TOKEN.finditer(source):
        code.append(source[last:token.start()])
        last = token.end()
        if token.group(1):
            strings.append(token.group(1)[1:-1])
            code.append('""')
    code.append(source[last:])
    found = {("id", name) for name in _BY_ID.findall(source)}
    for text in strings:
        found |= {("id", name) for name in _SELECTOR_ID.findall(text)}
        found |= {("data", name) for name in _SELECTOR_DATA.findall(text)}
        if re.fullmatch(r"data-[\w-]+", text):
            found.add(("data", text))
    for name in _DATASET.findall("".join(code)):
        found.add(("data", "data-" + re.sub(r"[A-Z]", lambda c: "-" + c.group().lower(), name)))
    return found


def test_the_scanner_finds_what_a_script_names() -> None:
    source = """
      // #not-an-id in a comment, nor [data-commented]
      var t = document.getElementById("table"), c = document.getElementById("c-" + code);
      el.querySelector('.hand .slot[data-card="' + x + '"]'); el.closest("#read-table");
      root.dataset.computerTurnMs; el.getAttribute("data-turn-text");
    """
    assert names(source) == {("id", "table"), ("id", "c-"), ("data", "data-card"),
                             ("id", "read-table"), ("data", "data-computer-turn-ms"),
                             ("data", "data-turn-text")}


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.relative_to(STATIC).as_posix())
def test_every_name_a_script_uses_is_in_the_contract(script: Path) -> None:
    where = script.relative_to(STATIC).as_posix()
    unknown = sorted(f"{kind} {name}" for kind, name in names(script.read_text())
                     if (entry := hook(name)) is None or entry.kind != kind)
    assert unknown == [], f"{where} names what app/web/markup.py does not list: {unknown}"


def test_every_hook_is_still_named_by_its_scripts() -> None:
    stale = []
    for entry in HOOKS:
        wanted = entry.prefix or entry.name
        texts = [(STATIC / script).read_text() for script in entry.scripts]
        dataset = re.sub(r"-([a-z])", lambda c: c.group(1).upper(), entry.name[5:])
        if not any(wanted in text or (entry.kind == "data" and dataset in text)
                   for text in texts):
            stale.append(entry.name)
    assert stale == [], f"listed in app/web/markup.py but no longer named by its scripts: {stale}"


def test_the_play_table_has_no_script_over_400_lines() -> None:
    long = [path.name for path in (STATIC / "table").glob("*.js")
            if len(path.read_text().splitlines()) > 400]
    assert long == []


_IMPORT = re.compile(r'import \{([^}]*)\} from "(\./[\w./-]+)";')
_EXPORT = re.compile(r"export (?:function|const|let) (\w+)")


def test_every_import_of_a_module_names_a_file_and_what_it_exports() -> None:
    # No build step checks the modules: a misspelt import would stop the table's script.
    broken = []
    for script in SCRIPTS:
        for imported, relative in _IMPORT.findall(script.read_text()):
            target = (script.parent / relative).resolve()
            exported = set(_EXPORT.findall(target.read_text())) if target.is_file() else set()
            for name in imported.split(","):
                name = name.split(" as ")[0].strip()
                if name and name not in exported:
                    broken.append(f"{script.name}: {name} from {relative}")
    assert broken == []
