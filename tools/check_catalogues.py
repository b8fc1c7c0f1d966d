"""The catalogues are ready for translators (issue 52; ``make check`` runs this):

* ``app/locale/messages.pot`` holds exactly the messages of the code and templates (as
  ``make messages`` extracts them, contexts included): a message added, changed or
  removed without ``make messages`` fails;
* every language the app offers (``app.core.i18n.LANGUAGES``) has
  ``app/locale/<lang>/LC_MESSAGES/messages.po`` (gettext's layout, which Weblate reads)
  with every message of the template, none empty, none fuzzy, no plural short of forms.

``python tools/check_catalogues.py`` prints each problem and exits 1, or says how many
messages each catalogue holds and exits 0.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "app" / "locale"
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "N_": None,
            "pgettext": ((1, "c"), 2), "NC_": ((1, "c"), 2)}
"""The Makefile's ``-k`` options of ``make messages``."""
METHODS = [("app/**.py", "python"), ("templates/**.html", "jinja2")]
OPTIONS = {"templates/**.html": {"trim_blocks": "true", "lstrip_blocks": "true"}}

Key = tuple[str | None, str]


def extracted(root: Path = ROOT) -> set[Key]:
    """Every (context, message) of the code and templates under ``root``."""
    found: set[Key] = set()
    for _, _, message, _, context in extract_from_dir(str(root), METHODS, OPTIONS,
                                                      keywords=KEYWORDS):
        found.add((context or None, message[0] if isinstance(message, tuple) else message))
    return found


def _read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=locale)


def _keys(catalog: Catalog) -> set[Key]:
    return {(m.context or None, m.id[0] if isinstance(m.id, tuple) else m.id)
            for m in catalog if m.id}


def problems(root: Path = ROOT, languages: list[str] | None = None,
             locale: Path | None = None) -> list[str]:
    """What keeps the catalogues (in ``locale``, default ``root/app/locale``) from being
    current with the code under ``root`` and complete for ``languages`` (default: those
    the app offers, English aside); empty when all is well."""
    if languages is None:
        from app.core.i18n import LANGUAGES, SOURCE
        languages = [language for language in LANGUAGES if language != SOURCE]
    locale = locale or root / "app" / "locale"
    found: list[str] = []
    pot = _keys(_read(locale / "messages.pot"))
    code = extracted(root)
    for context, message in sorted(code - pot, key=str)[:10]:
        found.append(f"messages.pot lacks {message!r} (context {context}): run make messages")
    for context, message in sorted(pot - code, key=str)[:10]:
        found.append(f"messages.pot still has {message!r} (context {context}), which no "
                     "code says: run make messages")
    for language in languages:
        path = locale / language / "LC_MESSAGES" / "messages.po"
        if not path.is_file():
            found.append(f"{language}: no {path} (make messages starts it)")
            continue
        catalog = _read(path, language)
        missing = pot - _keys(catalog)
        if missing:
            found.append(f"{language}: {len(missing)} messages of the template missing, "
                         f"e.g. {sorted(missing, key=str)[0]!r}: run make messages")
        for m in catalog:
            if not m.id:
                continue
            strings = m.string if isinstance(m.string, tuple | list) else (m.string,)
            if m.fuzzy:
                found.append(f"{language}: fuzzy: {m.id!r}")
            elif not all(strings) or (m.pluralizable and len(strings) != catalog.num_plurals):
                found.append(f"{language}: untranslated: {m.id!r}")
    return found


def main() -> int:
    """Print the problems (exit 1) or a line per catalogue (exit 0)."""
    found = problems()
    for line in found:
        print(f"catalogues: {line}")
    if not found:
        print("catalogues: messages.pot is current; every offered language is complete")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
