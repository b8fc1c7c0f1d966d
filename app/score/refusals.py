"""The score sheet's English sentences in the page's language (issue 31).

The pure sheet (:mod:`app.score.sheet`, engine-only imports) refuses an entry and
describes an options change in English; the pages show them through :func:`in_words`,
which matches each known sentence and gives the catalogue's message with the same
values. A sentence the table does not know is shown as the sheet wrote it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from app.core.i18n import N_, gettext
from app.engine import CARDS
from app.web.cardwords import card_values

_CARDS = {card.name.lower(): card for card in CARDS}
"""An English card name as the sheet writes it ("ten of hearts") to its card."""

SENTENCES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), message) for pattern, message in (
        (r"^say what happened: knock, gin, big gin or void$",
         N_("say what happened: knock, gin, big gin or void")),
        (r"^Oklahoma: enter the first upcard, it sets the knock limit$",
         N_("Oklahoma: enter the first upcard, it sets the knock limit")),
        (r"^choose who knocked or went out: one of the two players of the hand$",
         N_("choose who knocked or went out: one of the two players of the hand")),
        (r"^big gin is off at this table: turn it on in the options$",
         N_("big gin is off at this table: turn it on in the options")),
        (r"^big gin means the knocker's deadwood is 0",
         N_("big gin means the knocker's deadwood is 0 (a count above 0 is a knock)")),
        (r"^gin means the knocker's deadwood is 0",
         N_("gin means the knocker's deadwood is 0 (a count above 0 is a knock)")),
        (r"^cannot knock with (?P<count>\d+): straight gin",
         N_("cannot knock with %(count)s: straight gin: there is no knocking, only gin (0) "
            "ends a hand")),
        (r"^cannot knock with (?P<count>\d+): the upcard is the (?P<card>[a-z ]+): only gin",
         N_("cannot knock with %(count)s: the upcard is %(card)s: only gin (0) ends this "
            "hand")),
        (r"^cannot knock with (?P<count>\d+): the upcard, the (?P<card>[a-z ]+), sets this "
         r"hand's knock limit to (?P<limit>\d+)",
         N_("cannot knock with %(count)s: the upcard, %(card)s, sets this hand's knock limit "
            "to %(limit)s, so the knocker's deadwood must be %(limit)s or less")),
        (r"^cannot knock with (?P<count>\d+): the knocker's deadwood must be (?P<limit>\d+) "
         r"or less to knock$",
         N_("cannot knock with %(count)s: the knocker's deadwood must be %(limit)s or less "
            "to knock")),
        (r"^the game is over: no more hands can be recorded$",
         N_("the game is over: no more hands can be recorded")),
        (r"^each player needs a different name$", N_("each player needs a different name")),
        (r"^player (?P<number>\d) needs a name$", N_("player %(number)s needs a name")),
        (r"^a name has at most (?P<most>\d+) characters$",
         N_("a name has at most %(most)s characters")),
        (r"^the number of players cannot change once hands are recorded$",
         N_("the number of players cannot change once hands are recorded")),
        (r"^the game is not over yet: finish it before a rematch$",
         N_("the game is not over yet: finish it before a rematch")),
        (r"^This ends the game\.$", N_("This ends the game.")),
        (r"^This re-opens the game: nobody has won it any more\.$",
         N_("This re-opens the game: nobody has won it any more.")),
        (r"^(?P<name>.+) wins\.$", N_("%(name)s wins.")),
    ))
"""Each English sentence of the sheet that a page shows, and its catalogue message."""

_HAND = re.compile(r"^hand (?P<number>\d+): (?P<rest>.+)$")


def in_words(text: str) -> str:
    """``text`` (a sentence of :mod:`app.score.sheet`) in the page's language; a
    sentence starting "hand 3: " keeps its hand in front."""
    found = _HAND.match(text)
    if found:
        return gettext("hand %(number)s: %(problem)s", number=found["number"],
                       problem=in_words(found["rest"]))
    for pattern, message in SENTENCES:
        match = pattern.match(text)
        if match:
            values: dict[str, str] = dict(match.groupdict())
            if values.get("card") in _CARDS:
                values["card"] = card_values(_CARDS[values["card"]])["card"]
            return gettext(message, **values)
    return text


def errors_in_words(errors: Mapping[str, str]) -> dict[str, str]:
    """A form's messages by field (:meth:`app.score.sheet.SheetError.by_field`), each in
    the page's language."""
    return {field: in_words(message) for field, message in errors.items()}
