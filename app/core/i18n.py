"""Translations: the player's language, gettext with named placeholders, plural forms
from each language's rules, numbers in the locale's format (docs/translating.md).

The catalogues are ``app/locale/<language>/LC_MESSAGES/messages.po`` (``make messages``
extracts the messages of the templates and the code and updates them); they are read
once per process and compiled in memory, so no build step makes ``.mo`` files.

The language of a request is a context variable set once, early, by the pages'
dependency (``app.web.deps``), so that the templates and every sentence the game builds
in Python use it without passing it around::

    gettext("Your turn: draw from the stock or take the discard.")
    ngettext("%(num)d card", "%(num)d cards", n)      # num is n unless given
    gettext("%(name)s knocked.", name=name)

English is the source language: a message without a translation is shown in English.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache, lru_cache
from io import BytesIO
from pathlib import Path

from babel import Locale, UnknownLocaleError
from babel.core import negotiate_locale
from babel.dates import format_date, format_time
from babel.lists import format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, format_percent
from babel.support import NullTranslations, Translations

LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch", "es": "Español",
                              "fr": "Français", "it": "Italiano", "pt": "Português"}
"""The languages the app speaks, each named in itself (the Settings' choices). Portuguese
is Portugal's (``pt``: *tu*, its words and its plural rule, :data:`FORMATS`)."""

FORMATS: dict[str, str] = {"pt": "pt_PT"}
"""The Babel locale whose numbers and dates a language uses where it is not the language
itself (Babel's ``pt`` is Brazil's)."""

SOURCE = "en"
LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"

_current: ContextVar[str] = ContextVar("language", default=SOURCE)


def current() -> str:
    """The language of this request (``"en"`` outside one)."""
    return _current.get()


def set_language(language: str) -> None:
    """Make ``language`` the one of this request (an unknown one falls back to English)."""
    _current.set(language if language in LANGUAGES else SOURCE)


@contextmanager
def language(language: str) -> Iterator[None]:
    """Use ``language`` within the ``with`` block (tests, background work)."""
    token = _current.set(language if language in LANGUAGES else SOURCE)
    try:
        yield
    finally:
        _current.reset(token)


def negotiate(accept_language: str | None) -> str:
    """The best of :data:`LANGUAGES` for an ``Accept-Language`` header (quality values
    respected, ``de-AT`` matches ``de``); English when none fits or the header is
    malformed."""
    if not accept_language or len(accept_language) > 1000:
        return SOURCE
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate(accept_language.split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                continue
        if tag and quality > 0:
            ranked.append((-quality, index, tag.strip().replace("_", "-")))
    preferred = [tag for _, _, tag in sorted(ranked)]
    found = negotiate_locale(preferred, list(LANGUAGES), sep="-")
    if found is None:  # "de-AT" against "de": try each tag's language alone
        found = negotiate_locale([t.split("-")[0] for t in preferred], list(LANGUAGES))
    return found or SOURCE


@cache
def translations(language: str) -> NullTranslations:
    """The compiled catalogue of ``language`` (English: none, messages as written)."""
    path = LOCALE_DIR / language / "LC_MESSAGES" / "messages.po"
    if language == SOURCE or not path.is_file():
        return NullTranslations()
    with path.open("rb") as file:
        catalog = read_po(file, locale=language)
    compiled = BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    return Translations(compiled)


def N_(message: str) -> str:
    """Mark ``message`` for translation where it is defined (a constant, a table) and
    return it unchanged; the page translates it when it is shown (``_(label)``)."""
    return message


def NC_(context: str, message: str) -> str:
    """Mark ``message`` with its ``context`` (``msgctxt``: which of two meanings of the
    same English words, "Knock" the button and "Knock" the kind of hand) where it is
    defined, and return it unchanged; shown with :func:`pgettext` and the same context."""
    return message


def pgettext(context: str, message: str, **values: object) -> str:
    """``message`` in ``context`` (its ``msgctxt``), in this request's language, with
    placeholders filled as :func:`gettext` does: one English message that means two
    things (docs/translating.md, "Context")."""
    text = looked_up_in(current(), context, message)
    return text % values if values else text


@lru_cache(maxsize=1024)
def looked_up_in(language: str, context: str, message: str) -> str:
    """``message`` in ``context`` in ``language`` (remembered, as :func:`looked_up`)."""
    return str(translations(language).upgettext(context, message))


def lookup(message: str) -> str:
    """``message`` in this request's language, placeholders left as they are (what
    Jinja2's new-style gettext calls before it fills them, escaping the values).

    Remembered per language and message (:func:`looked_up`): a tap looks up some 120
    messages, most of them the same every time."""
    return looked_up(current(), message)


@lru_cache(maxsize=16_384)
def looked_up(language: str, message: str) -> str:
    """``message`` in ``language`` (one of :data:`LANGUAGES`), as :func:`lookup`; the
    catalogues never change while the app runs, so the answer is kept (the most used
    16,384, more than the catalogue holds: a message built at run time cannot grow it
    without bound)."""
    return str(translations(language).ugettext(message))


def lookup_plural(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` in this request's language, placeholders left as they are."""
    return str(translations(current()).ungettext(singular, plural, n))


def gettext(message: str, **values: object) -> str:
    """``message`` in this request's language, with ``%(name)s`` placeholders filled
    from ``values`` (none: the text as it is)."""
    text = lookup(message)
    return text % values if values else text


def ngettext(singular: str, plural: str, n: int, **values: object) -> str:
    """The form of ``singular``/``plural`` for ``n`` by this language's plural rule, with
    placeholders filled (``num`` is ``n`` unless given)."""
    return lookup_plural(singular, plural, n) % {"num": n, **values}


def number(value: float, digits: int = 0) -> str:
    """``value`` in this language's number format (``1,234.5`` / ``1.234,5``)."""
    pattern = "#,##0" + ("." + "0" * digits if digits else "")
    return format_decimal(value, format=pattern, locale=_locale(current()))


def signed(points: int) -> str:
    """Whole points with their sign: ``+14``, ``−25`` (a true minus sign), ``0`` (the
    daily deal's results, the luck and play of a hand)."""
    return f"+{points}" if points > 0 else f"\u2212{-points}" if points < 0 else "0"


def percent(value: float) -> str:
    """``value`` (a fraction) as a whole percentage in this language's format (``45%``,
    ``45 %``)."""
    return format_percent(value, locale=_locale(current()))


def percentage(value: float) -> str:
    """``value`` (0 to 100: a chance, an accuracy, a rate) as a whole percentage in this
    language's format: ``54%`` in English, ``54 %`` (a no-break space) in German and
    Spanish; the template filter ``|percent``."""
    return percent(value / 100)


def listing(items: Iterable[object]) -> str:
    """``items`` as one list in this language's words (Babel's ``format_list``): ``1, 2
    and 3``, ``1, 2 und 3``, ``1, 2 y 3``; the template filter ``|listing``. English
    lists as the app's English writes (British: no comma before "and")."""
    language = current()
    return str(format_list([str(item) for item in items],
                           locale=_locale("en_GB" if language == SOURCE else language)))


def date(value: dt.date | dt.datetime, form: str = "medium") -> str:
    """The day of ``value`` in this language's format (``form``: Babel's ``short``,
    ``medium``, ``long``: ``1 Dec 2026``, ``01.12.2026``, ``1 dic 2026``)."""
    day = value.date() if isinstance(value, dt.datetime) else value
    return str(format_date(day, format=form, locale=_locale(current())))


def moment(value: dt.datetime) -> str:
    """``value``'s day (medium) and time (hours and minutes) in this language's format
    and order (``Dec 1, 2026, 5:05 PM``, ``01.12.2026, 17:05``), in the time zone
    ``value`` carries (UTC as stored)."""
    locale = _locale(current())
    pattern = str(locale.datetime_formats["medium"])
    return pattern.replace("{1}", str(format_date(value, "medium", locale=locale))).replace(
        "{0}", str(format_time(value, "short", locale=locale)))


@cache
def _locale(language: str) -> Locale:
    try:
        return Locale.parse(FORMATS.get(language, language))
    except (UnknownLocaleError, ValueError):
        return Locale.parse(SOURCE)
