"""One error hierarchy for everything the engine refuses, each refusal by its cause.

An error carries a :class:`Cause` (whose value is the message's English template, with
named placeholders, marked for the catalogue by the no-op :func:`N_`) and the values of
its placeholders: data, never words (a :class:`~app.engine.cards.Card`, a number, a
:class:`Phrase` for a piece that is itself a message, a nested :class:`GameError`).
``str(error)`` is the English sentence, for logs and tests; the web layer puts the same
template and values into the page's language (``app.web.phrases``, docs/translating.md
"The engine's messages"). The engine stays free of translations: no gettext here.

A card value under ``card`` fills ``%(card)s``, ``%(card_acc)s`` and ``%(card_dat)s``
(the card with its article in each grammatical case: English says all three alike, "the
ten of hearts"). An ``int`` fills ``%(x)d`` as it is and ``%(x)s`` with its digits
grouped ("10,000").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue (``make messages`` extracts ``N_``) and return
    it unchanged: the engine stays free of translations; the web layer translates."""
    return message


CASES = ("", "_acc", "_dat")
"""The suffixes of a card placeholder: ``card``, ``card_acc``, ``card_dat``."""


def english(template: str, values: Mapping[str, object]) -> str:
    """``template`` filled with ``values`` in English (see the module docstring)."""
    from .cards import Card  # cards imports this module: resolved when first called

    filled: dict[str, object] = {}
    for key, value in values.items():
        if isinstance(value, Card):
            for case in CASES:
                filled[key + case] = f"the {value.name.lower()}"
        elif isinstance(value, int) and not isinstance(value, bool):
            filled[key] = value if f"%({key})d" in template else f"{value:,}"
        else:
            filled[key] = str(value)
    return template % filled if values else template


@dataclass(frozen=True, slots=True)
class Phrase:
    """A message that is a value of another (what the player may do now, a field's
    label) or stands alone (a score's sum): ``template`` (an ``N_`` message with named
    placeholders) and its ``values`` as (name, value) pairs; ``str`` is the English."""

    template: str
    values: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, template: str, **values: object) -> Phrase:
        """The phrase ``template`` with ``values`` given by name."""
        return cls(template, tuple(values.items()))

    def __str__(self) -> str:
        return english(self.template, dict(self.values))


class Cause(Enum):
    """Why the engine refused something; each cause's value is its English template.

    The placeholders say what the error's values must hold (``card``: a Card; ``now``:
    a :class:`Phrase` of what is allowed; ``problem``: a nested refusal; the rest
    numbers or quoted data). Two raises with the same template are the same cause.
    """

    # A hand (app.engine.hand): out of turn, out of phase, a card not held.
    HAND_OVER = N_("The hand is over: start the next hand.")
    NO_PLAYER = N_("There is no player %(player)s: players are 0 and 1.")
    NOT_YOUR_TURN = N_("It is not your turn: wait for the other player.")
    UPCARD_ON_OFFER = N_("The upcard is on offer: %(now)s.")
    BOTH_PASSED = N_("Both players passed the upcard: you must draw from the stock.")
    DRAW_FIRST = N_("Draw a card first: %(now)s.")
    BIG_GIN_NOT_PLAYED = N_("Big gin is not played at this table.")
    BIG_GIN_NOT_MELDED = N_("Big gin needs all 11 cards in melds.")
    ALREADY_DREW = N_("You have drawn: %(now)s.")
    NOT_HELD = N_("You do not hold %(card_acc)s.")
    UPCARD_JUST_TAKEN = N_("You took %(card_acc)s from the discard pile: discard another "
                           "card this turn.")
    NO_KNOCKING = N_("Only gin ends this hand: there is no knocking.")
    GIN_NOT_MELDED = N_("Gin needs every other card melded; discarding %(card_acc)s leaves "
                        "%(num)d deadwood.")
    KNOCK_TOO_HIGH_GIN_ONLY = N_("Discarding %(card_acc)s leaves %(num)d deadwood: only gin "
                                 "ends this hand.")
    KNOCK_TOO_HIGH = N_("Discarding %(card_acc)s leaves %(num)d deadwood: you may knock "
                        "with %(limit)d or less.")
    UNKNOWN_ACTION = N_("unknown action %(action)s: actions are %(names)s")
    BAD_DEALER = N_("The dealer must be player 0 or 1, not %(dealer)s.")
    BAD_DECK = N_("A deck has 52 different cards.")
    # A match (app.engine.match) and a replayed log (app.engine.review).
    HAND_NOT_OVER = N_("Finish this hand first: the next hand is dealt after it.")
    MATCH_OVER = N_("The match is over: start a new match.")
    TOO_MANY_HANDS = N_("A match has at most %(most)s hands: start a new match.")
    NEEDS_SEEDS = N_("The next hand needs new seeds.")
    LOG_DEALS = N_("A hand's log cannot deal the next hand.")
    LOG_TOO_LONG = N_("The log deals more hands than there are seeds.")
    ACTION_REFUSED = N_("action %(index)s (%(action)s): %(problem)s")
    # Cards and melds (app.engine.cards, melds, layoff).
    UNKNOWN_CARD = N_("unknown card code %(code)s: write rank then suit, ranks %(ranks)s, "
                      "suits %(suits)s (e.g. 'TH')")
    CARD_TWICE = N_("The card %(code)s appears twice; each card may appear once.")
    CARD_COUNT = N_("Expected %(wanted)s cards, got %(count)s.")
    NOT_A_MELD = N_("%(cards)s is not a meld: a set is 3 or 4 cards of one rank, a run 3 "
                    "or more cards in sequence of one suit.")
    MELD_CARD_TWICE = N_("A card of the meld %(meld)s is laid twice.")
    IN_BOTH_HANDS = N_("%(cards)s cannot be in both hands.")
    DEFENDER_CARDS = N_("The defender holds 10 cards, not %(count)s.")
    KNOCKER_CARDS = N_("The knocker lays down 10 cards (11 all melded for big gin), not "
                       "%(count)s.")
    BIG_GIN_OFF_LAY = N_("Big gin is off: the knocker must discard and lay down 10 cards.")
    LAY_ABOVE_LIMIT = N_("Cannot knock with %(count)s deadwood: the limit is %(limit)s.")
    # Scoring (app.engine.scoring): counts entered by hand.
    OKLAHOMA_UPCARD = N_("Oklahoma needs the first upcard: it sets the knock limit")
    BAD_KNOCKER_COUNT = N_("the knocker's deadwood must be a whole number from 0 to "
                           "%(most)s, not %(found)s")
    BAD_DEFENDER_COUNT = N_("the defender's deadwood must be a whole number from 0 to "
                            "%(most)s, not %(found)s")
    BIG_GIN_OFF = N_("big gin is off at this table: turn it on in the options")
    BIG_GIN_DEADWOOD = N_("big gin means all 11 cards melded: deadwood must be 0")
    KNOCK_GIN_ONLY = N_("cannot knock with %(count)s: only gin (0) ends this hand")
    KNOCK_ABOVE_LIMIT = N_("cannot knock with %(count)s: a knock needs deadwood of %(limit)s "
                           "or less")
    AFTER_THE_END = N_("hand %(hand)s comes after the match ended")
    NO_SUCH_WINNER = N_("hand %(hand)s: no player %(player)s")
    # Rules (app.engine.rules).
    RULES_NOT_OBJECT = N_("The rules are a JSON object.")
    RULES_NOT_READ = N_("the text is not valid JSON or holds an unknown rule")
    NOT_TRUE_OR_FALSE = N_("%(key)s must be true or false.")
    NOT_WHOLE = N_("%(key)s must be a whole number.")
    BAD_TARGET = N_("The target must be a positive number of points, not %(num)d.")
    BAD_KNOCK_LIMIT = N_("The knock limit must be 0 to 10, not %(num)d.")
    BAD_GIN_BONUS = N_("The gin bonus must be 0 to 1000, not %(num)d.")
    BAD_UNDERCUT_BONUS = N_("The undercut bonus must be 0 to 1000, not %(num)d.")
    BAD_BIG_GIN_BONUS = N_("The big gin bonus must be 0 to 1000, not %(num)d.")
    BAD_BOX_BONUS = N_("The box bonus must be 0 to 1000, not %(num)d.")
    BAD_GAME_BONUS = N_("The game bonus must be 0 to 1000, not %(num)d.")
    BAD_HANDS = N_("Hands per match must be 0 (play to the target) to 30, not %(num)d.")
    HANDS_HOLLYWOOD = N_("A match of a number of hands is one game: it does not go with "
                         "Hollywood.")
    # Seeds and hand numbers (app.engine.fairness).
    SERVER_SEED_NOT_HEX = N_("The server seed may hold only the hex digits 0-9 and a-f.")
    COMMITMENT_NOT_HEX = N_("The commitment may hold only the hex digits 0-9 and a-f.")
    SERVER_SEED_LENGTH = N_("The server seed must be %(length)s hex characters long, not "
                            "%(found)s.")
    COMMITMENT_LENGTH = N_("The commitment must be %(length)s hex characters long, not "
                           "%(found)s.")
    SERVER_SEED_CASE = N_("The server seed must be written in lowercase hex.")
    CLIENT_SEED_EMPTY = N_("The client seed needs at least one character.")
    CLIENT_SEED_CHARACTER = N_("The client seed may hold only printable ASCII characters "
                               "(letters, digits, space and punctuation), not the character "
                               "%(bad)s.")
    CLIENT_SEED_LENGTH = N_("The client seed may be at most %(length)s characters, not "
                            "%(found)s.")
    HAND_NUMBER_RANGE = N_("The hand number must be from 1 to %(most)s, not %(found)s.")
    HAND_NUMBER_WHOLE = N_("The hand number must be a whole number from 1 to %(most)s.")
    # The computer players (app.engine.bots).
    UNKNOWN_LEVEL = N_("unknown computer level %(level)s: levels are %(levels)s (reference: "
                       "%(references)s)")
    NOT_BOTS_TURN = N_("The computer has no move here: it is not its turn or the hand is "
                       "over.")

    @property
    def template(self) -> str:
        """The English message with named placeholders (the catalogue's msgid)."""
        return str(self.value)


class GameError(Exception):
    """Base class of every error the engine raises for bad input or an illegal action.

    ``cause`` (a :class:`Cause`, or for a module with its own messages, as
    :mod:`app.engine.handhistory`, an ``N_`` template) and ``values`` (its
    placeholders' values, by name); ``template`` is the cause's message and
    ``str(error)`` the English sentence.
    """

    def __init__(self, cause: Cause | str, /, **values: object) -> None:
        self.cause = cause if isinstance(cause, Cause) else None
        self.template = cause.template if isinstance(cause, Cause) else cause
        self.values: dict[str, Any] = values
        super().__init__(english(self.template, values))

    @property
    def phrase(self) -> Phrase:
        """The refusal as a :class:`Phrase` (its template and values)."""
        return Phrase(self.template, tuple(self.values.items()))

    def __reduce__(self) -> tuple[object, ...]:  # crosses the process pool intact
        return (_restore, (type(self), self.args), self.__dict__)


def _restore(cls: type[GameError], args: tuple[object, ...]) -> GameError:
    error = cls.__new__(cls)
    error.args = args
    return error


class InvalidCardError(GameError, ValueError):
    """A card code is unknown, or a card appears twice."""


class InvalidHandError(GameError, ValueError):
    """A collection of cards has the wrong size or is not a valid meld/arrangement."""


class IllegalActionError(GameError):
    """An action is not legal for this player in this phase of the hand."""


class InvalidScoreError(GameError, ValueError):
    """A score entry (deadwood counts, who knocked, the upcard) breaks the rules."""


class RulesError(GameError, ValueError):
    """A rules object has an impossible setting (a target of 0, a negative bonus).

    ``option``: the name of the :class:`~app.engine.rules.Rules` field at fault (a form
    marks that field), or None when no one field is (the rules are not an object).
    """

    def __init__(self, cause: Cause | str, /, *, option: str | None = None,
                 **values: object) -> None:
        super().__init__(cause, **values)
        self.option = option
