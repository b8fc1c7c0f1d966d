"""The one tap of every table (docs/rules.md §1 and §7): play against the computer, a
friend match, the daily deal, a practice hand and the lesson all answer a tap here.

:func:`tap` parses the form, checks the version it was rendered with (an older screen's
tap, a double tap: :class:`~app.table.common.StaleTapError`, 409, nothing changes and
the route shows the table as it stands with the notice), applies the person's action
on the engine (refused: :class:`~app.table.common.PlayError`, 400, saying why), then
the other seat's turn (the computer's, or nobody's when the other seat is a person) and
stores the result with the kind's own storage, which refuses a lost race as stale too.
It returns the table as stored and the events of the other seat's turn, for the table
to play out.

What differs between the kinds of table is their storage and their words, passed in as
a :class:`TableKind` (a small protocol: ``load``, ``store`` and a few optional hooks).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from app.core.i18n import N_, gettext
from app.engine import (
    BigGin,
    Card,
    Discard,
    DrawStock,
    Event,
    GameError,
    Gin,
    Knock,
    MatchAction,
    MatchState,
    NextHand,
    Pass,
    Phase,
    TakeDiscard,
    TakeUpcard,
    apply_match,
)
from app.table.common import PERSON, PlayError, check_version, parse_sort, sentence
from app.table.computer import advance
from app.web.cardwords import card_values

SIMPLE_ACTIONS: dict[str, MatchAction] = {
    "take_upcard": TakeUpcard(), "pass": Pass(), "draw_stock": DrawStock(),
    "take_discard": TakeDiscard(), "big_gin": BigGin(), "next_hand": NextHand(),
}
"""The form's ``action`` values that name an action by themselves."""
CARD_ACTIONS: dict[str, type[Discard] | type[Knock] | type[Gin]] = {
    "discard": Discard, "knock": Knock, "gin": Gin,
}
"""The form's ``action`` values that take the card of the form's ``card`` field."""


def _held_card(match: MatchState, text: str, me: int = PERSON) -> Card:
    try:
        card = Card.parse(text)
    except GameError:
        raise PlayError(gettext("%(text)s is not a card: tap one of your cards.",
                                text=repr(text[:20]))) from None
    # The seat's own cards as its view shows them (``PlayerView.hand``), without building
    # the whole view (its legal actions, the scores) for one look-up.
    if match.hand.phase is Phase.OVER or card not in match.hand.hands[me]:
        raise PlayError(gettext("You do not hold %(card_acc)s: tap one of your cards.",
                                **card_values(card)))
    return card


def action_from_form(match: MatchState, form: Mapping[str, str],
                      me: int = PERSON) -> MatchAction:
    """The engine's action a tap's ``form`` names (``action``, and ``card`` for discard,
    knock and gin: a card held by seat ``me``): built as a value here, written as text
    only when the log stores it.

    Raises:
        PlayError: an unknown action, a card action without its card, a card that is
            none or not held; nothing changes.
    """
    name = form.get("action", "")
    if name in SIMPLE_ACTIONS:
        return SIMPLE_ACTIONS[name]
    if name in CARD_ACTIONS:
        code = form.get("card")
        if not code:
            raise PlayError(gettext(_SELECT_FIRST[name]))
        return CARD_ACTIONS[name](_held_card(match, code, me))
    raise PlayError(gettext("Unknown action %(name)s: use the buttons on the screen.",
                            name=repr(name[:20])))


_SELECT_FIRST = {
    "discard": N_("Select the card to discard first, then tap Discard."),
    "knock": N_("Select the card to knock with first, then tap Knock."),
    "gin": N_("Select the card to gin with first, then tap Gin."),
}


T = TypeVar("T")

NOTHING_TO_DO = N_("Nothing to do: tap a card or one of the buttons.")
"""The refusal of a post that names no action (nor any other tap the table knows)."""


class TableKind(Protocol[T]):
    """A kind of table as the one :func:`tap` sees it: its storage and its few words.
    ``T`` is the kind's own loaded table (a seat and its match, a daily play, a practice
    hand, a lesson).

    A kind implements :meth:`load`, :meth:`store`, :meth:`version` and :meth:`match`,
    and :meth:`turn` when the other seat moves by itself (:func:`computer_turn`); the
    other methods have defaults (a kind subclasses this protocol to inherit them).
    """

    other_fields: tuple[str, ...] = ()
    """Form fields besides ``action`` that the kind answers itself (:meth:`other_tap`),
    after the version check (a seat: ``client_seed`` and ``arrange``)."""
    nothing_to_do: str = NOTHING_TO_DO
    """The refusal of a post with neither ``sort``, ``action`` nor :attr:`other_fields`
    (a catalogue message), raised as :attr:`refusal`."""
    refusal: type[PlayError] = PlayError
    """The kind's own refusal (the daily deal's, the lesson's)."""

    def load(self) -> T:
        """The table as stored now.

        Raises:
            PlayError: there is none (the kind's own error: 400/404).
        """
        ...

    def version(self, table: T) -> int:
        """The version a tap's form must carry to act on ``table``."""
        ...

    def match(self, table: T) -> MatchState:
        """``table``'s match as it stands."""
        ...

    def store(self, table: T, before: MatchState, after: MatchState, action: MatchAction,
              events: list[Event]) -> T:
        """Store ``after`` (the person's ``action`` applied to ``before``, then the other
        seat's turn, ``events``) if ``table`` is still at the version read, and return
        the table as stored.

        Raises:
            StaleTapError: another tap was stored since ``table`` was read.
        """
        ...

    def me(self, table: T) -> int:
        """The seat the tapping browser plays (1 only for the friend who joined)."""
        return PERSON

    def sort(self, table: T, sort: str) -> T:
        """Store the hand's sort (a screen choice: no version, nothing of the game);
        by default the kind has no sort of its own and refuses it."""
        raise self.refusal(gettext(self.nothing_to_do))

    def check_version(self, table: T, form: Mapping[str, str]) -> None:
        """Refuse a form rendered for another version of ``table``
        (:func:`app.table.common.check_version`)."""
        check_version(form, self.version(table))

    def other_tap(self, table: T, form: Mapping[str, str]) -> T | None:
        """Answer a post of one of :attr:`other_fields` (the version already checked);
        ``None``: the post is the person's ``action``, for the engine."""
        return None

    def parse(self, table: T, form: Mapping[str, str]) -> MatchAction:
        """The person's action the form names, or the kind's refusal of it now
        (default: :func:`action_from_form` for seat :meth:`me`)."""
        return action_from_form(self.match(table), form, self.me(table))

    def turn(self, table: T, match: MatchState) -> tuple[MatchState, list[Event]]:
        """The other seat's turn after the person's action: by default nobody moves
        (the other seat is a person); against the computer, :func:`computer_turn` at
        the kind's level."""
        return match, []


@dataclass(frozen=True, slots=True)
class Tapped(Generic[T]):
    """What a tap did: the kind's table as now stored and the events of the other seat's
    turn that answered it (none for a screen choice), for the table to play out."""

    table: T
    events: tuple[Event, ...] = ()


def computer_turn(match: MatchState, level: str | None) -> tuple[MatchState, list[Event]]:
    """The computer's turn at ``level`` (``None``: the other seat is a person, nobody
    moves): :func:`app.table.computer.advance`, for :meth:`TableKind.turn`."""
    return advance(match, level)


def tap(kind: TableKind[T], form: Mapping[str, str]) -> Tapped[T]:
    """One tap of a table of ``kind``: ``sort`` (a screen choice), one of the kind's
    :attr:`~TableKind.other_fields`, or ``action`` (``card`` for discard, knock and gin)
    with ``version``: the person's action on the engine, the other seat's turn, stored.

    Raises:
        StaleTapError: ``version`` is not the stored one, or another tap was stored
            first; nothing changed.
        PlayError: no such table, nothing to do, a malformed form, or an action the
            kind or the engine refuses now; nothing changed, the message says why.
    """
    table = kind.load()
    if "sort" in form:
        return Tapped(kind.sort(table, parse_sort(form["sort"])))
    others = [name for name in kind.other_fields if name in form]
    if "action" not in form and not others:
        raise kind.refusal(gettext(kind.nothing_to_do))
    kind.check_version(table, form)
    other = kind.other_tap(table, form) if others else None
    if other is not None:
        return Tapped(other)
    action = kind.parse(table, form)
    before = kind.match(table)
    try:
        match, _ = apply_match(before, kind.me(table), action)
    except GameError as error:
        raise PlayError(sentence(error)) from None
    match, events = kind.turn(table, match)
    return Tapped(kind.store(table, before, match, action, events), tuple(events))
