"""A seat at a stored match, as a kind of table (:class:`SeatKind`): the one kind that
play against the computer and a friend match share, the friend match being a mode of
the seats (:attr:`app.table.common.Loaded.turn_level`: the other seat is a person, so
nobody moves after a tap and the other browser is told), not a branch of its own.

Besides ``action`` a seat answers ``client_seed`` (between hands: this seat's own seed
for the next hand) and ``arrange`` (the hand's own order, :mod:`app.table.arrange`);
``sort`` clears the arranged order. Storage: :mod:`app.table.storage`.

A seat's table page (``/play``, either mode) asks :func:`seat_page` what its mode adds
beside the screen, and :func:`waiting_page` for the inviter's page before a friend
joins: the friend feature answers through the :class:`FriendTable` that ``app.main``
passes in (:func:`listen`), as the kit imports no feature.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from fastapi import Request
from sqlalchemy import Engine
from sqlmodel import Session
from starlette.responses import Response

from app.core import metrics
from app.core.i18n import gettext
from app.core.models import PlayMatch
from app.engine import (
    Card,
    Event,
    HandSeed,
    InvalidSeedError,
    MatchAction,
    MatchState,
    NextHand,
    Phase,
    match_view,
)
from app.engine.fairness import check_client_seed
from app.table.arrange import hand_key, keep_order, parse_order
from app.table.common import Loaded, PlayError, StaleTapError, hand_client_seed, sentence
from app.table.storage import load_named, new_server_seed, save_screen, set_client_seed, store
from app.table.tap import TableKind, Tapped, action_from_form, computer_turn
from app.table.tap import tap as table_tap
from app.table.words import turn_record


def client_seed_of(text: str) -> str:
    """``text`` as a client seed (1–64 printable ASCII characters, docs/fairness.md).

    Raises:
        PlayError: anything else, saying why.
    """
    try:
        return check_client_seed(text)
    except InvalidSeedError as error:
        raise PlayError(sentence(error), field="client_seed") from None


@dataclass(frozen=True, slots=True)
class SeatKind(TableKind[Loaded]):
    """The browser ``session_id``'s seat at the match ``form`` names (else its open
    match), against the computer or a friend: :func:`app.table.tap.tap`'s storage."""

    db: Session
    session_id: str
    form: Mapping[str, str]
    other_fields: tuple[str, ...] = ("client_seed", "arrange")

    def load(self) -> Loaded:
        """The seat and its match (:func:`app.table.storage.load_named`).

        Raises:
            NoMatchError: no match yet. NotYourMatchError: the form names another's.
        """
        return load_named(self.db, self.session_id, self.form)

    def me(self, table: Loaded) -> int:
        """The seat this browser plays (1 for the friend who joined)."""
        return table.me

    def version(self, table: Loaded) -> int:
        """The match's version (both seats of a friend match share it)."""
        return table.game.version

    def match(self, table: Loaded) -> MatchState:
        """The match rebuilt on the engine."""
        return table.match

    def sort(self, table: Loaded, sort: str) -> Loaded:
        """Sort the hand; the arranged order is cleared."""
        return save_screen(self.db, table, sort=sort, arranged=None, arranged_for=None)

    def other_tap(self, table: Loaded, form: Mapping[str, str]) -> Loaded | None:
        """``arrange`` (the hand's whole new order), else ``client_seed`` (between hands)
        when the post has no ``action``.

        Raises:
            PlayError: the hand is over (arrange) or not over (client seed), a
                malformed order or seed; nothing changes.
        """
        match = table.match
        if "arrange" in form:
            if match.hand.phase is Phase.OVER:
                raise PlayError(gettext("This hand is over: there are no cards to arrange."))
            order = parse_order(form["arrange"], match_view(match, table.me).hand)
            return save_screen(self.db, table, arranged=" ".join(str(card) for card in order),
                               arranged_for=hand_key(table.game, match))
        if "action" in form:
            return None
        if table.game.board_seeds:
            raise PlayError(gettext("This table deals an event's duplicate boards: every "
                                    "table has the same client seed, so it cannot be "
                                    "changed."))
        if match.hand.phase is not Phase.OVER or match.over:
            raise PlayError(gettext("The client seed can be changed between hands, once "
                                    "this hand is over."))
        return set_client_seed(self.db, table, client_seed_of(form["client_seed"]))

    def parse(self, table: Loaded, form: Mapping[str, str]) -> MatchAction:
        """The seat's action; refused once the match is over; the next hand is dealt
        from the drawn server seed and the seats' client seed."""
        action = action_from_form(table.match, form, table.me)
        if table.match.over:
            raise PlayError(gettext("The match is over: tap New match to play again."))
        if isinstance(action, NextHand):
            game = table.game
            action = NextHand(HandSeed(game.next_server_seed or new_server_seed(),
                                       hand_client_seed(game)))
        return action

    def turn(self, table: Loaded, match: MatchState) -> tuple[MatchState, list[Event]]:
        """The computer's turn at the match's level; nobody's in a friend match."""
        return computer_turn(match, table.turn_level)

    def store(self, table: Loaded, before: MatchState, after: MatchState, action: MatchAction,
              events: list[Event]) -> Loaded:
        """Store the match, and on the seat what the other player just did (kept until
        they act again), the selection (cleared with the hand) and the hand's order."""
        seat, me = table.seat, table.me
        said = seat.computer_said
        if table.turn_level is not None:
            if after.hand.phase is Phase.OVER and not isinstance(action, NextHand):
                said = ""  # the person ended the hand: the result panel tells the rest
            if events or isinstance(action, NextHand):
                said = turn_record(events)
        selected = seat.selected
        hand = after.hand.hands[me]  # the seat's own cards (its view's ``hand``)
        if selected is not None and (after.hand.phase is Phase.OVER
                                     or isinstance(action, NextHand)
                                     or Card.parse(selected) not in hand):
            selected = None  # a new hand starts with nothing selected
        order = keep_order(seat, table.game, before, after, hand)
        return store(self.db, table, after, selected=selected, computer_said=said, **order)


def tap(db: Session, session_id: str, form: Mapping[str, str]) -> Loaded:
    """One tap of a seat (:func:`app.table.tap.tap` with :class:`SeatKind`): the match as
    it now stands, with the events of the computer's turn that answered it."""
    done: Tapped[Loaded] = table_tap(SeatKind(db, session_id, form), form)
    return replace(done.table, events=done.events)


def counted_tap(db: Session, session_id: str, form: Mapping[str, str]) -> Loaded:
    """:func:`tap`, counted by outcome (``gin_taps_total``: applied, stale, refused): a
    browser's tap of the play screen and a bot's action alike.

    Raises:
        StaleTapError: ``version`` is not the stored one; nothing changed.
        PlayError: anything else illegal or malformed; nothing changed.
    """
    try:
        loaded = tap(db, session_id, form)
    except StaleTapError:
        metrics.tapped("stale")
        raise
    except PlayError:
        metrics.tapped("refused")
        raise
    metrics.tapped("applied")
    return loaded


# --- a seat's table page: what the friend mode adds ----------------------------------------


@dataclass(frozen=True, slots=True)
class SeatPage:
    """What a seat's table page shows beside its screen: ``away``, the other seat (a
    person) has had no open table for a while; ``watch_others``, the page listens for
    the browser's other friend matches (to say "your turn in another match")."""

    away: bool = False
    watch_others: bool = False


@dataclass(frozen=True, slots=True)
class FriendTable:
    """What a friend match's table asks of the friend feature (presence, invites),
    which the kit does not import: ``app.main`` passes it in once (:func:`listen`).

    ``away(game, seat, engine)``: seat ``seat`` of ``game`` is away;
    ``others(db, session_id, shown)``: the ids of the browser's other friend matches in
    progress; ``waiting(request, db, session_id, match_id)``: the inviter's waiting page
    when the browser has no dealt seat but an open invite (else ``None``).
    """

    away: Callable[[PlayMatch, int, Engine], bool]
    others: Callable[[Session, str, int | None], list[int]]
    waiting: Callable[[Request, Session, str, int | None], Response | None]


def _nobody_away(game: PlayMatch, seat: int, engine: Engine) -> bool:
    return False


def _no_others(db: Session, session_id: str, shown: int | None) -> list[int]:
    return []


def _no_invite(request: Request, db: Session, session_id: str,
               match_id: int | None) -> Response | None:
    return None


_friend_table = [FriendTable(_nobody_away, _no_others, _no_invite)]


def listen(friend_table: FriendTable) -> None:
    """Use ``friend_table`` (the friend feature's presence and invites) for the seats'
    table pages (``app.main`` calls this once)."""
    _friend_table[0] = friend_table


def seat_page(db: Session, loaded: Loaded, engine: Engine, full: bool) -> SeatPage:
    """What ``loaded``'s table page shows beside its screen (:class:`SeatPage`): nothing
    against the computer; in a friend match whether the friend is away. A ``full`` page
    (not an htmx swap) also says whether it listens for the browser's other friend
    matches, whatever the match shown."""
    hooks = _friend_table[0]
    away = loaded.seats.friend and hooks.away(loaded.game, loaded.seats.other, engine)
    others = hooks.others(db, loaded.seat.session_id, loaded.game.id) if full else []
    return SeatPage(away, bool(others))


def waiting_page(request: Request, db: Session, session_id: str,
                 match_id: int | None) -> Response | None:
    """The inviter's waiting page when the browser has no dealt seat at ``match_id`` (else
    at its open seat) but an open invite there; ``None`` otherwise."""
    return _friend_table[0].waiting(request, db, session_id, match_id)
