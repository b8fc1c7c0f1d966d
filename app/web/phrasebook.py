"""English sentences of the pure layers in the request's language (docs/translating.md
"The engine's messages").

The engine and the score sheet stay pure and write English ("you do not hold the nine
of clubs", "player 2 needs a name"). A :class:`Phrasebook` holds, for each kind of
sentence they write, a regular expression and the catalogue's message for it; its
:meth:`~Phrasebook.translate` finds the first expression that matches a sentence and
gives the message in the request's language, with the expression's named groups as the
message's placeholders, turned into values by the book's ``values`` function (a card's
English name becomes the card with its article, a number an ``int``).

``app.play.refusals`` (the engine's refusals) and ``app.score.refusals`` (the sheet's
sentences) are the two books.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from functools import cache

from app.core.i18n import gettext
from app.engine import CARDS, Card

Values = Callable[[dict[str, str]], Mapping[str, object] | None]
"""The named groups that took part in a match (name → text) → the message's placeholders,
or ``None`` when a text is not one the book knows (then the sentence is not translated)."""


@cache
def card_named(name: str) -> Card | None:
    """The card whose English name is ``name`` ("nine of clubs", any case), or ``None``."""
    return {card.name.lower(): card for card in CARDS}.get(name.lower())


class Phrasebook:
    """Sentences matched by regular expressions, each to a catalogue message.

    ``entries`` are (expression, message) pairs, tried in order: the first whose
    expression matches wins. ``whole`` asks the expression to match the whole sentence
    (else its start, as ``re.match``); ``suffix`` is appended to each expression (``r"\\.?"``
    for an optional full stop); ``flags`` are ``re`` flags.
    """

    def __init__(self, entries: Sequence[tuple[str, str]], values: Values, *,
                 whole: bool = False, suffix: str = "", flags: int = 0) -> None:
        self._entries = tuple((re.compile(pattern + suffix, flags), message)
                              for pattern, message in entries)
        self._values = values
        self._whole = whole

    def translate(self, text: str) -> str | None:
        """``text`` in the request's language, or ``None`` when no entry knows it (or a
        value in it is not one the book knows)."""
        for pattern, message in self._entries:
            found = pattern.fullmatch(text) if self._whole else pattern.match(text)
            if found is None:
                continue
            groups = {key: value for key, value in found.groupdict().items()
                      if value is not None}
            values = self._values(groups)
            return None if values is None else gettext(message, **values)
        return None
