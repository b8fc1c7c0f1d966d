"""The catalogue check of ``make check`` (tools/check_catalogues.py): current and
complete catalogues pass; a stale template, an empty, fuzzy or missing translation and
an offered language without a catalogue each fail with a line that says so."""

from __future__ import annotations

import shutil
from pathlib import Path

from tools import check_catalogues

ROOT = Path(__file__).resolve().parents[3]


def _copy(tmp_path: Path) -> Path:
    locale = tmp_path / "locale"
    shutil.copytree(ROOT / "app" / "locale", locale)
    return locale


def test_the_catalogues_of_the_checkout_are_current_and_complete() -> None:
    assert check_catalogues.problems() == []


def test_an_empty_a_fuzzy_or_a_missing_translation_fails(tmp_path: Path) -> None:
    locale = _copy(tmp_path)
    po = locale / "de" / "LC_MESSAGES" / "messages.po"
    text = po.read_text(encoding="utf-8")
    text = text.replace('msgid "Settings"\nmsgstr "Einstellungen"',
                        'msgid "Settings"\nmsgstr ""')
    text = text.replace('msgid "Rules"\nmsgstr "Regeln"',
                        '#, fuzzy\nmsgid "Rules"\nmsgstr "Regeln"')
    po.write_text(text, encoding="utf-8")
    found = check_catalogues.problems(languages=["de", "es", "xx"], locale=locale)
    assert "de: untranslated: 'Settings'" in found
    assert "de: fuzzy: 'Rules'" in found
    assert any(line.startswith("xx: no ") for line in found)
    assert not any(line.startswith("es:") for line in found)


def test_a_template_behind_the_code_fails(tmp_path: Path) -> None:
    locale = _copy(tmp_path)
    pot = locale / "messages.pot"
    pot.write_text(pot.read_text(encoding="utf-8").replace(
        'msgid "Settings"\nmsgstr ""\n', ""), encoding="utf-8")
    found = check_catalogues.problems(languages=[], locale=locale)
    assert any("lacks 'Settings'" in line for line in found), found
