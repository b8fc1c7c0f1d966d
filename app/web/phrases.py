"""The engine's messages in the page's language: the one mapping from a refusal or a
hand's sum to words (docs/translating.md "The engine's messages").

The engine and the other pure layers (the score sheet, the bounds of outside input)
never write a sentence for a page: a refusal carries its template (an ``N_`` message,
the catalogue's msgid) and its values, a hand's score its terms
(:attr:`app.engine.HandScore.terms`). :func:`in_words` looks the template up in the
request's catalogue and fills it with the values said in the same language:

* a :class:`~app.engine.Card` under ``card`` fills ``%(card)s``, ``%(card_acc)s`` and
  ``%(card_dat)s``, the card with its article in each case
  (:func:`app.web.cardwords.card_values`);
* a :class:`~app.engine.Phrase` or a nested refusal is said the same way, in turn;
* a number fills ``%(x)d`` as it is and ``%(x)s`` in the page's digits;
* text (a name, a card code, a quoted value) as it is.

No pattern is matched against English here: a message the catalogue lacks shows in
English, the template filled.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from app.core.i18n import gettext, number
from app.engine import Card, HandScore, Phrase
from app.web.cardwords import card_values


class Said(Protocol):
    """A message of pure code: a refusal (:class:`~app.engine.GameError`,
    :class:`~app.core.inputs.InputError`) with its template and values."""

    @property
    def template(self) -> str:
        """The ``N_`` message with named placeholders."""

    @property
    def values(self) -> Mapping[str, object]:
        """The placeholders' values by name."""


def _parts(message: Said | Phrase) -> tuple[str, Mapping[str, object]]:
    if isinstance(message, Phrase):
        return message.template, dict(message.values)
    return message.template, message.values


def _value(template: str, key: str, value: object) -> dict[str, object]:
    if isinstance(value, Card):
        return dict(card_values(value, key))
    if isinstance(value, Phrase) or (hasattr(value, "template") and hasattr(value, "values")):
        return {key: in_words(value)}
    if isinstance(value, int) and not isinstance(value, bool):
        return {key: value if f"%({key})d" in template else number(value)}
    return {key: str(value)}


def in_words(message: Said | Phrase) -> str:
    """``message`` (a refusal or a :class:`~app.engine.Phrase`) in the request's
    language: its template through the catalogue, its values said as the module
    docstring describes."""
    template, values = _parts(message)
    filled: dict[str, object] = {}
    for key, value in values.items():
        filled.update(_value(template, key, value))
    return gettext(template, **filled)


def sentence(message: Said | Phrase) -> str:
    """``message`` in words (:func:`in_words`) as a sentence: a capital first letter
    and a final stop, as the play table's status line shows a refusal."""
    text = in_words(message).strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def score_words(score: HandScore) -> str:
    """A hand's sum in the request's language (docs/rules.md §4): ``"undercut: 25 + 8 −
    5 = 28"`` as ``"Unterbieten: 25 + 8 − 5 = 28"``, a void hand's "no score"; the one
    place the play table, the scorekeeper and the guide take it from."""
    return in_words(score.terms)


def by_field(messages: Mapping[str, Said | Phrase]) -> dict[str, str]:
    """A form's messages by field (:meth:`app.score.sheet.SheetError.by_field`), each in
    the request's language."""
    return {field: in_words(message) for field, message in messages.items()}


__all__ = ["Said", "by_field", "in_words", "score_words", "sentence"]
