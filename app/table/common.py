"""What every part of the play glue shares: the seats, the errors, the loaded match
(and :func:`~app.core.inputs.whole_number`, the forms' one number parser, re-exported).

docs/rules.md §1 and §7. No I/O here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from app.core.botaccounts import is_bot_seat
from app.core.i18n import N_, gettext, lookup
from app.core.inputs import one_of, whole_number
from app.core.models import PlayMatch, PlaySeat
from app.engine import HOUSE, Event, MatchState, Rules
from app.engine.bots import DEFAULT_LEVEL
from app.engine.fairness import combine_client_seeds
from app.web.phrases import sentence

PERSON = 0
"""The person's seat (player 0)."""
COMPUTER = 1
"""The computer's seat (player 1)."""
SORTS = ("rank", "suit", "melds")
LEVEL_LABELS = {"easy": N_("Easy"), "standard": N_("Standard"), "hard": N_("Hard"),
                "expert": N_("Expert")}
"""Each level's name (a catalogue message: show it with ``gettext`` or ``_()``)."""
FRIEND_LEVEL = "friend"
"""A friend match's level in the metrics (``gin_matches_started_total{level="friend"}``)."""

class PlayError(Exception):
    """A tap that changed nothing; ``message`` says why and what is allowed, in the
    request's language (a message marked with ``N_`` is translated here, one already
    filled by ``gettext`` is kept as it is). ``field``: the name of the form field at
    fault (the form shows the message there and marks it), "" when no one field is."""

    status_code = 400

    def __init__(self, message: str, field: str = "") -> None:
        message = lookup(message)
        super().__init__(message)
        self.message = message
        self.field = field


def parse_sort(value: str) -> str:
    """The hand's sort posted by a table (play, practice, the daily deal, the lesson):
    one of :data:`SORTS`.

    Raises:
        PlayError: anything else (400), saying the choices; nothing changes.
    """
    sort = one_of(value, SORTS)
    if sort is None:
        raise PlayError(gettext("Unknown sort %(sort)s: sort by rank, by suit or melds "
                                "first.", sort=repr(value[:20])))
    return sort


class StaleTapError(PlayError):
    """The form was rendered for an older version of the match (a double tap, old tab)."""

    status_code = 409


class NoMatchError(PlayError):
    """The browser has no match yet."""


class NotYourMatchError(PlayError):
    """The form or address names a match this browser does not play (forged, or
    another browser's): refused with 404, nothing changed."""

    status_code = 404


NOT_YOURS = N_("That match is not one of yours: open one from the list of your matches.")
"""The refusal of a match id this browser does not play (shown with ``gettext``)."""


def named_match(form: Mapping[str, str]) -> int | None:
    """The match id a form names (its ``match`` field), ``None`` when it names none (a
    form of a page served before several matches at once: it acts on the open match).

    Raises:
        NotYourMatchError: the field is there but not a whole number.
    """
    text = form.get("match")
    if text is None:
        return None
    match_id = whole_number(text)
    if match_id is None:
        raise NotYourMatchError(gettext(NOT_YOURS))
    return match_id


@dataclass(frozen=True, slots=True)
class Seats:
    """Who is who on a screen against the computer: ``me`` is the viewer's seat (0 or 1)
    and the other seat is the computer (:class:`FriendSeats`: a friend, by name).

    Every sentence and label of the table takes its names from here, so the same table
    serves a match against the computer and one against a friend; the words are in the
    request's language (:mod:`app.core.i18n`).
    """

    me: int = PERSON
    given_name: str = ""
    """The friend's name in a friend match (empty against the computer)."""
    other_bot: bool = False
    """The other seat is a program playing through the bot protocol (``docs/bots.md``):
    every name of it shown carries the "bot" mark (``templates/_badges.html``)."""
    friend: ClassVar[bool] = False
    """True when the other seat is a person (:class:`FriendSeats`)."""

    @property
    def other_name(self) -> str:
        """The other seat's name as a label: "Computer" (translated) or the friend's."""
        return gettext("Computer")

    @property
    def other(self) -> int:
        """The other seat (0 or 1)."""
        return 1 - self.me

    def who(self, player: int) -> str:
        """"You" for the viewer's seat, else the other's name ("Computer", "Ann")."""
        return gettext("You") if player == self.me else self.other_name

    @property
    def subject(self) -> str:
        """The other player at the start of a sentence: "Computer", "Your friend Ann"."""
        return gettext("Computer")

    @property
    def named(self) -> str:
        """The other player inside a sentence: "the computer", "Ann"."""
        return gettext("the computer")

    @property
    def them(self) -> str:
        """The other player in a score line: "computer" (lower case), "Ann"."""
        return gettext("computer")

    @property
    def rematch(self) -> bool:
        """True when the match end offers Rematch: against the computer (with a friend,
        a rematch is a new invitation)."""
        return True

    @property
    def refusal_of_rematch(self) -> str | None:
        """Why Rematch is refused whatever the match's state (``None``: it is not)."""
        return None

    @property
    def refusal_of_hint(self) -> str | None:
        """Why a hint is refused whatever the match's state (``None``: it is not)."""
        return None


@dataclass(frozen=True, slots=True)
class FriendSeats(Seats):
    """Who is who in a friend match: the other seat is the friend ``given_name``."""

    friend: ClassVar[bool] = True

    @property
    def other_name(self) -> str:
        """The friend's name."""
        return self.given_name

    @property
    def subject(self) -> str:
        """"Your friend Ann"."""
        return gettext("Your friend %(name)s", name=self.given_name)

    @property
    def named(self) -> str:
        """"Ann"."""
        return self.given_name

    @property
    def them(self) -> str:
        """"Ann"."""
        return self.given_name

    @property
    def rematch(self) -> bool:
        """False: a rematch with a friend is a new invitation."""
        return False

    @property
    def refusal_of_rematch(self) -> str | None:
        """A rematch with a friend is a new invitation."""
        return gettext("A rematch with a friend is a new invitation: tap New match, then "
                       "Play a friend.")

    @property
    def refusal_of_hint(self) -> str | None:
        """No hints against a friend."""
        return gettext("No hints in a match against a friend: the Expert stays out of it.")


VS_COMPUTER = Seats()
"""The person (seat 0) against the computer (seat 1)."""


@dataclass(frozen=True, slots=True)
class Loaded:
    """A browser's seat, its match's row and the rebuilt match state (server side only);
    ``events`` are those of the computer's turn that answered this tap (none on a plain
    load), for the table to play it out; ``me`` the seat this browser plays (1 only for
    the friend who accepted an invite).

    ``seat`` holds the version and the screen choices; ``game`` the match's rules,
    level and client seed; ``match`` the engine's state of the current hand.
    """

    seat: PlaySeat
    game: PlayMatch
    match: MatchState
    events: tuple[Event, ...] = ()
    me: int = PERSON

    @property
    def mode(self) -> SeatMode:
        """The match's seat mode (against the computer, or a friend)."""
        return mode_of(self.game)

    @property
    def seats(self) -> Seats:
        """Who is who for this browser (the computer, or the friend by name)."""
        return self.mode.seats(self.game, self.me)

    @property
    def turn_level(self) -> str | None:
        """The level the other seat moves at by itself after a tap (the computer's);
        ``None`` when the other seat is a person (a friend match): nobody moves."""
        return self.mode.turn_level(self.game)


class SeatMode:
    """Who sits in the other seat of a stored match (``PlayMatch``): the computer at the
    match's level (this class, :data:`AGAINST_COMPUTER`) or a friend
    (:class:`FriendMode`, :data:`AGAINST_FRIEND`). :func:`mode_of` is the one place
    that reads ``PlayMatch.friend`` to choose; the rest asks the mode."""

    friend: ClassVar[bool] = False

    def turn_level(self, game: PlayMatch) -> str | None:
        """The computer's level: it moves by itself after each tap."""
        return game.level

    def counted_level(self, game: PlayMatch) -> str:
        """``game``'s level as the metrics count it."""
        return game.level

    def seat_of(self, game: PlayMatch, session_id: str) -> int:
        """The person's seat (0): the only browser at the table."""
        return PERSON

    def seats(self, game: PlayMatch, me: int) -> Seats:
        """The person against the computer."""
        return VS_COMPUTER

    def waiting(self, game: PlayMatch) -> bool:
        """True while the match is not dealt yet (never against the computer)."""
        return False

    def hand_client_seed(self, game: PlayMatch) -> str:
        """The person's own client seed."""
        return game.client_seed

    def seat_seeds(self, game: PlayMatch) -> list[str] | None:
        """The players' own seeds of the next hand: none against the computer."""
        return None


class FriendMode(SeatMode):
    """A friend match: two people, one in each seat; nobody moves for the other."""

    friend: ClassVar[bool] = True

    def turn_level(self, game: PlayMatch) -> str | None:
        """``None``: the other seat is a person."""
        return None

    def counted_level(self, game: PlayMatch) -> str:
        """:data:`FRIEND_LEVEL`."""
        return FRIEND_LEVEL

    def seat_of(self, game: PlayMatch, session_id: str) -> int:
        """1 for the friend who joined, else the inviter's seat (0)."""
        return 1 if game.guest_session_id == session_id else PERSON

    def seats(self, game: PlayMatch, me: int) -> Seats:
        """The friend by name (else "Friend" or "Host"), marked when a bot plays it."""
        names = list(game.names or ["", ""]) + ["", ""]
        other = names[1 - me] or (gettext("Friend") if me == 0 else gettext("Host"))
        return FriendSeats(me, other, is_bot_seat(game, 1 - me))

    def waiting(self, game: PlayMatch) -> bool:
        """True while the invite is open (or was cancelled): no hand dealt."""
        return game.hands == 0

    def hand_client_seed(self, game: PlayMatch) -> str:
        """Both players' seeds combined (:func:`app.engine.fairness.combine_client_seeds`,
        ``docs/fairness.md``)."""
        return combine_client_seeds(game.client_seed, game.guest_client_seed)

    def seat_seeds(self, game: PlayMatch) -> list[str] | None:
        """The two players' own seeds, seat 0's first."""
        return [game.client_seed, game.guest_client_seed]


AGAINST_COMPUTER = SeatMode()
"""The seat mode of a match against the computer."""
AGAINST_FRIEND = FriendMode()
"""The seat mode of a friend match."""


def mode_of(game: PlayMatch) -> SeatMode:
    """The seat mode of ``game``: :data:`AGAINST_FRIEND` or :data:`AGAINST_COMPUTER`."""
    return AGAINST_FRIEND if game.friend else AGAINST_COMPUTER


def turn_level(game: PlayMatch) -> str | None:
    """The seat mode of ``game``: the computer's level, or ``None`` when both seats are
    people (a friend match)."""
    return mode_of(game).turn_level(game)


def counted_level(game: PlayMatch) -> str:
    """``game``'s level as the metrics count it: the computer's, or :data:`FRIEND_LEVEL`."""
    return mode_of(game).counted_level(game)


def seat_of(game: PlayMatch, session_id: str) -> int:
    """The seat browser ``session_id`` plays in ``game``: 1 for the friend who joined a
    friend match, else the person's (0)."""
    return mode_of(game).seat_of(game, session_id)


def seats_of(game: PlayMatch, me: int) -> Seats:
    """The :class:`Seats` of ``game`` seen from seat ``me``."""
    return mode_of(game).seats(game, me)


NO_MATCH = N_("There is no match yet: tap New match to start one.")
"""The refusal of a tap, a hint or a rematch before any match was started."""
STALE = N_("That tap came from an older screen: nothing changed.")
"""The refusal of a tap rendered for an older version of the match (short: it shares the
play screen's status line, two lines on a phone, with the step)."""

def check_version(form: Mapping[str, str], current: int) -> None:
    """Check the ``version`` a tap's form was rendered with against the stored one.

    Raises:
        PlayError: it is missing or not a whole number (nothing changes).
        StaleTapError: it is not ``current``: an older screen's tap (nothing changes).
    """
    version = whole_number(form.get("version", ""))
    if version is None:
        raise PlayError(gettext("The form's version is missing or not a number: reload "
                                "the page and tap again."))
    if version != current:
        raise StaleTapError(STALE)


@dataclass(frozen=True, slots=True)
class MatchOptions:
    """What the New match form chose: the computer's level, the table's rules and the
    client seed the hands are dealt with (``None``: a random one)."""

    level: str = DEFAULT_LEVEL
    rules: Rules = HOUSE
    client_seed: str | None = None


def hand_client_seed(game: PlayMatch) -> str:
    """The client seed the next hand of ``game`` is dealt with: the person's own against
    the computer; in a friend match both players' seeds combined
    (:func:`app.engine.fairness.combine_client_seeds`, ``docs/fairness.md``)."""
    return mode_of(game).hand_client_seed(game)


__all__ = [
    "MatchOptions", "hand_client_seed",
    "COMPUTER", "counted_level", "seat_of", "turn_level",
    "LEVEL_LABELS", "NO_MATCH", "PERSON", "SORTS", "STALE", "VS_COMPUTER", "Loaded",
    "parse_sort",
    "check_version",
    "NOT_YOURS", "NoMatchError", "NotYourMatchError", "PlayError", "named_match", "Seats",
    "StaleTapError", "seats_of", "sentence",
    "AGAINST_COMPUTER", "AGAINST_FRIEND", "FriendMode", "FriendSeats", "SeatMode", "mode_of",
    "whole_number",
]
