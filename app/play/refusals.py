"""The engine's refusals in the player's language (docs/translating.md "The engine's
messages").

The engine stays pure and English: an :class:`~app.engine.errors.GameError` says in
English why an action is illegal and what is allowed ("you do not hold the nine of
clubs"). :func:`refusal` looks that text up in :data:`PATTERNS` (a
:class:`~app.web.phrasebook.Phrasebook`), one pattern per kind of message the engine
writes, and gives the catalogue's sentence for it with the same values (a card named in
English becomes the card in the request's language, with its article). A message no
pattern knows is shown as the engine wrote it, as a sentence.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from app.core.i18n import N_, gettext
from app.web.cardwords import card_values
from app.web.phrasebook import Phrasebook, card_named

_CARD = r"the (?P<card>[a-z]+ of [a-z]+)"

_NOW = {
    "take the upcard or pass": N_("take the upcard or pass"),
    "draw from the stock (both players passed the upcard)":
        N_("draw from the stock (both players passed the upcard)"),
    "draw from the stock or take the discard": N_("draw from the stock or take the discard"),
    "discard a card (or knock or go gin with your discard)":
        N_("discard a card (or knock or go gin with your discard)"),
}
"""What the player may do now, as the engine appends it to a refusal."""

PATTERNS: tuple[tuple[str, str], ...] = (
    (r"the hand is over: start the next hand", N_("The hand is over: start the next hand.")),
    (r"it is not your turn: wait for the other player",
     N_("It is not your turn: wait for the other player.")),
    (r"the upcard is on offer: (?P<now>.+)", N_("The upcard is on offer: %(now)s.")),
    (r"both players passed the upcard: you must draw from the stock",
     N_("Both players passed the upcard: you must draw from the stock.")),
    (r"draw a card first: (?P<now>.+)", N_("Draw a card first: %(now)s.")),
    (r"big gin is not played at this table", N_("Big gin is not played at this table.")),
    (r"big gin needs all 11 cards in melds", N_("Big gin needs all 11 cards in melds.")),
    (r"you have drawn: (?P<now>.+)", N_("You have drawn: %(now)s.")),
    (rf"you do not hold {_CARD}", N_("You do not hold %(card_acc)s.")),
    (rf"you took {_CARD} from the discard pile: discard another card this turn",
     N_("You took %(card_acc)s from the discard pile: discard another card this turn.")),
    (r"only gin ends this hand: there is no knocking",
     N_("Only gin ends this hand: there is no knocking.")),
    (rf"gin needs every other card melded; discarding {_CARD} leaves (?P<num>\d+) deadwood",
     N_("Gin needs every other card melded; discarding %(card_acc)s leaves %(num)d "
        "deadwood.")),
    (rf"discarding {_CARD} leaves (?P<num>\d+) deadwood: only gin ends this hand",
     N_("Discarding %(card_acc)s leaves %(num)d deadwood: only gin ends this hand.")),
    (rf"discarding {_CARD} leaves (?P<num>\d+) deadwood: you may knock with (?P<limit>\d+) "
     r"or less",
     N_("Discarding %(card_acc)s leaves %(num)d deadwood: you may knock with %(limit)d or "
        "less.")),
    (r"finish this hand first: the next hand is dealt after it",
     N_("Finish this hand first: the next hand is dealt after it.")),
    (r"the match is over: start a new match", N_("The match is over: start a new match.")),
    (r"The client seed needs at least one character",
     N_("The client seed needs at least one character.")),
    (r"The client seed may hold only printable ASCII characters \(letters, digits, space "
     r"and punctuation\), not the character (?P<char>.+?)",
     N_("The client seed may hold only printable ASCII characters (letters, digits, space "
        "and punctuation), not the character %(char)s.")),
    (r"The client seed may be at most (?P<most>\d+) characters, not (?P<num>\d+)",
     N_("The client seed may be at most %(most)d characters, not %(num)d.")),
    (r"The server seed may hold only the hex digits 0-9 and a-f",
     N_("The server seed may hold only the hex digits 0-9 and a-f.")),
    (r"The server seed must be (?P<length>\d+) hex characters long, not (?P<found>\d+)",
     N_("The server seed must be %(length)s hex characters long, not %(found)s.")),
    (r"The server seed must be written in lowercase hex",
     N_("The server seed must be written in lowercase hex.")),
    (r"the rules are a JSON object", N_("The rules are a JSON object.")),
    (r"(?P<key>[a-z_]+) must be true or false", N_("%(key)s must be true or false.")),
    (r"(?P<key>[a-z_]+) must be a whole number", N_("%(key)s must be a whole number.")),
    (r"unknown card code (?P<code>'[^']*'): write rank then suit, ranks (?P<ranks>[^,]+), "
     r"suits (?P<suits>[A-Z ]+) \(e\.g\. 'TH'\)",
     N_("unknown card code %(code)s: write rank then suit, ranks %(ranks)s, suits "
        "%(suits)s (e.g. 'TH')")),
    (r"target must be a positive number of points, not (?P<num>-?\d+)",
     N_("The target must be a positive number of points, not %(num)d.")),
    (r"knock limit must be 0 to 10, not (?P<num>-?\d+)",
     N_("The knock limit must be 0 to 10, not %(num)d.")),
    (r"gin bonus must be 0 to 1000, not (?P<num>-?\d+)",
     N_("The gin bonus must be 0 to 1000, not %(num)d.")),
    (r"undercut bonus must be 0 to 1000, not (?P<num>-?\d+)",
     N_("The undercut bonus must be 0 to 1000, not %(num)d.")),
    (r"big gin bonus must be 0 to 1000, not (?P<num>-?\d+)",
     N_("The big gin bonus must be 0 to 1000, not %(num)d.")),
    (r"box bonus must be 0 to 1000, not (?P<num>-?\d+)",
     N_("The box bonus must be 0 to 1000, not %(num)d.")),
    (r"game bonus must be 0 to 1000, not (?P<num>-?\d+)",
     N_("The game bonus must be 0 to 1000, not %(num)d.")),
)
"""(the engine's English message as a regular expression, its catalogue message): the
named groups are the message's placeholders (``card`` gives ``card``, ``card_acc`` and
``card_dat``; ``now`` is one of :data:`_NOW`; ``char`` a character as the engine quoted
it, ``key`` a rule's name in a file, ``code``, ``ranks`` and ``suits`` card codes (data,
kept as written); ``num``, ``found``, ``length``, ``most``, ``limit`` numbers). The last
seed, rules and card code patterns serve the imports (``app.review.imports.refusal``,
``app.score.refusals``)."""


_KEPT = ("char", "key", "code", "ranks", "suits")
"""Groups kept as the engine wrote them (data, not words)."""


def _values(groups: dict[str, str]) -> Mapping[str, object] | None:
    values: dict[str, object] = {}
    for key, value in groups.items():
        if key == "card":
            card = card_named(value)
            if card is None:
                return None
            values.update(card_values(card))
        elif key == "now":
            if value not in _NOW:
                return None
            values["now"] = gettext(_NOW[value])
        elif key in _KEPT:
            values[key] = value
        else:
            values[key] = int(value)
    return values


_BOOK = Phrasebook(PATTERNS, _values, whole=True, suffix=r"\.?", flags=re.IGNORECASE)


def refusal(text: str) -> str | None:
    """The engine's English ``text`` in the request's language, as a sentence, or
    ``None`` when no pattern knows it."""
    return _BOOK.translate(text.strip())
