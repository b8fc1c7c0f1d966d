"""The app's languages for tests that run in each (issue 31): a page's words as the page
shows them in its language, so one test serves English, German and Spanish.

* ``LANGUAGES`` — ``("en", "de", "es")``, the source first; ``LOCALES`` a browser's
  locale for each;
* ``said(language, message, **values)`` — the catalogue's ``message`` in ``language``
  (English while the catalogue has no translation: then the page shows English too);
* ``page_language(page)`` — a Playwright page's ``<html lang>``;
* ``say(page, message, **values)`` — ``message`` in the page's language (a button's
  name to click: ``page.get_by_role("button", name=say(page, "Start match"))``);
* ``key(page, action)`` — the keyboard key of a table action in the page's language.
"""

from __future__ import annotations

from typing import Any

from app.core import i18n

LANGUAGES = tuple(i18n.LANGUAGES)
LOCALES = {"en": "en-GB", "de": "de-DE", "es": "es-ES", "fr": "fr-FR", "it": "it-IT",
           "pt": "pt-PT"}
"""A browser's locale for each language (Playwright's ``locale``: its Accept-Language)."""


def said(language: str, message: str, **values: object) -> str:
    """``message`` (a catalogue msgid) in ``language``, placeholders filled."""
    with i18n.language(language):
        return i18n.gettext(message, **values)


def page_language(page: Any) -> str:
    """The language the page says it is in (``<html lang>``; English when it says none).

    Read through a locator, which waits for the document: a page still navigating has no
    root element for a moment, and ``document.documentElement`` is then null.
    """
    return str(page.locator("html").get_attribute("lang") or i18n.SOURCE)


def key(page: Any, action: str) -> str:
    """The keyboard key of ``action`` (``app.web.render.KEYS``: ``"knock"``,
    ``"draw_stock"``) in the language of ``page`` (Spanish knocks with ``c``)."""
    from app.web.render import key as key_in

    with i18n.language(page_language(page)):
        return key_in(action)


def say(page: Any, message: str, **values: object) -> str:
    """``message`` in the language of ``page``."""
    return said(page_language(page), message, **values)
