"""Dates and times in the page's language (app.core.i18n: date, moment), Babel's
formats and order for each language."""

from __future__ import annotations

import datetime as dt

import pytest

from app.core import i18n

WHEN = dt.datetime(2026, 12, 1, 17, 5, tzinfo=dt.UTC)


@pytest.mark.parametrize(("language", "day", "moment"), [
    ("en", "Dec 1, 2026", "Dec 1, 2026, 5:05\u202fPM"),  # CLDR: a narrow space
    ("de", "01.12.2026", "01.12.2026, 17:05"),
    ("es", "1 dic 2026", "1 dic 2026, 17:05"),
])
def test_a_day_and_a_moment_read_as_each_language_writes_them(
        language: str, day: str, moment: str) -> None:
    with i18n.language(language):
        assert i18n.date(WHEN) == day and i18n.date(WHEN.date()) == day
        assert i18n.moment(WHEN) == moment
        assert i18n.moment(WHEN.replace(tzinfo=None)) == moment  # stored times are UTC
