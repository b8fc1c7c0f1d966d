"""An event's storage and rules of running it: creating one, joining, the host's code
and actions, the rounds and their tables, the results read from the tables, and the
host's corrections.

* **create** (:func:`create_event`): a name, the format (round robin or Swiss), the
  Swiss rounds, the cards (online or real), the table options and, with online
  tables, **duplicate boards** (below). The host's code is
  made here and returned once (only its SHA-256 is stored, as a device code's); the
  browser that made the event is a host.
* **host** (:func:`claim_host`): any browser that enters the code becomes a host too
  (the host's phone died); a wrong code is counted by the route (``app.core.attempts``).
* **join** (:func:`join`): a browser joins with a name, once; the host adds a walk-in
  by name (:func:`add_walk_in`). Refused, with the reason and nothing changed: a second
  join from the same browser (it is already in: 409), a name already taken (409), a
  full event (:data:`MOST_PLAYERS`, 409), a finished one (410), a round robin that has
  started (409). A late arrival in a Swiss event is paired from the next round.
* **rounds** (:func:`start`, :func:`next_round`): round robin (the circle method over
  the players at the start, at most :data:`~app.events.pairing.ROUND_ROBIN_MOST`; more
  play Swiss), or Swiss (:func:`app.events.pairing.swiss` on the standings). Each
  pairing gets its table at once: online, a friend match between the two browsers
  (:func:`app.friend.invites.start_between`); with real cards, or when a player has no
  browser (a walk-in), a score sheet with the event's options kept by one phone at the
  table (:func:`app.score.storage.create_sheet`: the first player's browser, else the
  host's). A bye scores at once; a dropped player's opponent in a round robin has a bye.
* **results** (:func:`sync`): no feature knows about events; a pending pairing's table
  is read when a page or the live poll of its event asks (one read of the round's
  matches or sheets): a finished match or sheet becomes the pairing's outcome and points
  (its final totals). The last round's last result finishes the event.
* **duplicate boards** (a duplicate event): when a round is paired, :data:`BOARDS`
  server seeds are drawn for it (``event_board``), one per board (the hand number
  within a table's match); every table of the round is a friend match whose hand ``n``
  is dealt from board ``n``'s seed and the event's public client seed
  (:class:`app.friend.invites.SeedSource`), so every table gets the same cards. The
  boards' SHA-256 commitments are on the event page from the round's start, the seeds
  once the round is done (each checkable on ``/fair``). :func:`duplicate_scores` scores
  each table's hands against the other tables' (:mod:`app.events.duplicate`); the
  standings rank those points first. A pairing with a walk-in (a score sheet) is
  not compared.
* **watching** (:func:`watch_table`): anyone who sees the event may watch an online
  table in play: a watch link of its friend match (:func:`app.friend.watch.issue`, by
  the event's leave), showing only what a watcher may see (the watch page).
* **corrections** (:func:`correct`): the host sets a pairing's outcome and points; the
  table's own result no longer overrides it; the standings are computed from the
  results on every read, so they follow.

Every change bumps the event's ``version`` (the live pages poll it); a host's form
carries the version it was shown with, so a stale or doubled form changes nothing (409).
Every refusal is an :class:`EventError` with a message in the request's language and a
status.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, update
from sqlmodel import Session, col, select

from app.core.i18n import N_, gettext, lookup, ngettext
from app.core.models import (
    Event,
    EventBoard,
    EventHost,
    EventPairing,
    EventPlayer,
    PlayHand,
    PlayMatch,
    ScoreSheetRow,
    WatchLink,
    utcnow,
)
from app.devices.codes import CodeKind, code_hash, new_code
from app.engine import HandKind, HandRecord, Rules, match_tally
from app.engine.cards import Card
from app.engine.fairness import combine_client_seeds, commitment, shuffled
from app.events import finders
from app.events.duplicate import BoardResult, DuplicateScore, net_score
from app.events.duplicate import duplicate_scores as board_scores
from app.events.pairing import ROUND_ROBIN_MOST, round_robin, swiss
from app.events.standings import Outcome, Result, Standing, standings
from app.friend import watch
from app.friend.invites import SeedSource, player_name, start_between
from app.score import storage as sheets
from app.score.sheet import ScoreSheet, SheetError, SheetOptions
from app.table.common import PlayError
from app.table.storage import new_client_seed, new_server_seed

MOST_PLAYERS = 64
"""The most players an event admits."""
MOST_ROUNDS = 15
"""The most Swiss rounds an event may have."""
MAX_NAME = 60
"""The longest event name, in characters."""
FORMATS = ("swiss", "roundrobin")
CARDS = ("online", "real")
SLUG_BYTES = 9
"""Random bytes of an event's public slug (12 URL-safe characters)."""
STATUSES = ("open", "running", "paused", "finished")
BOARDS = 30
"""The boards drawn for each round of a duplicate event (a match's hand past them is
dealt from a fresh seed and not compared)."""


class EventError(Exception):
    """A request about an event that changed nothing; ``message`` says why, in the
    request's language; ``status_code`` is the HTTP answer (400/403/404/409/410);
    ``field`` the name of the form field at fault (the form shows the message there and
    marks it), "" when no one field is."""

    def __init__(self, message: str, status_code: int = 400, field: str = "") -> None:
        message = lookup(message)
        super().__init__(message)
        self.message = message
        self.status_code = status_code
        self.field = field


STALE = N_("The event changed since this page was shown: nothing was done. Look at it "
           "again, then choose.")
NOT_HOST = N_("Only the event's host can do this. Enter the host code to run it from "
              "this device.")


@dataclass(frozen=True, slots=True)
class Created:
    """A new event and its host code (shown once, in groups of four)."""

    event: Event
    code: str


def event_name(text: str | None) -> str:
    """An event's name as typed: spaces collapsed, 1–60 printable characters.

    Raises:
        EventError: empty, too long, or a control character.
    """
    name = " ".join((text or "").split())
    if not name or len(name) > MAX_NAME or not name.isprintable():
        raise EventError(gettext("Give the event a name of 1 to %(most)d letters, digits or "
                                 "spaces.", most=MAX_NAME), field="name")
    return name


def parse_setup(fields: dict[str, str]) -> tuple[str, str, int]:
    """The event form's format, cards and Swiss rounds.

    Raises:
        EventError: an unknown format or cards, rounds not a whole number from 1 to
            :data:`MOST_ROUNDS`.
    """
    format_ = fields.get("format", "swiss")
    cards = fields.get("cards", "online")
    if format_ not in FORMATS:
        raise EventError(N_("Choose round robin or Swiss."), field="format")
    if cards not in CARDS:
        raise EventError(N_("Choose online tables or real cards."), field="cards")
    text = (fields.get("rounds") or "3").strip()
    rounds = int(text) if text.isdigit() and len(text) <= 3 else 0
    if not 1 <= rounds <= MOST_ROUNDS:
        raise EventError(gettext("Rounds must be a whole number from 1 to %(most)d.",
                                 most=MOST_ROUNDS), field="rounds")
    return format_, cards, rounds


def parse_hands(fields: dict[str, str]) -> int:
    """The event form's hands per table (``hands``): empty or 0, each table plays a match
    to the rules' target; else 1 to :data:`BOARDS` hands, and a table's result is its
    hand points after them.

    Raises:
        EventError: not a whole number from 0 to :data:`BOARDS`.
    """
    text = (fields.get("hands") or "0").strip()
    hands = int(text) if text.isdigit() and len(text) <= 3 else -1
    if not 0 <= hands <= BOARDS:
        raise EventError(gettext("Hands per table must be a whole number from 1 to "
                                 "%(most)d, or empty to play each match to its target.",
                                 most=BOARDS), field="hands")
    return hands


def parse_duplicate(fields: dict[str, str], cards: str) -> bool:
    """The event form's duplicate option (a checkbox, ``duplicate=on``): online tables
    deal the boards, real-card tables stack them (:func:`stacked_board`)."""
    return fields.get("duplicate", "") in ("on", "1", "true")


def create_event(db: Session, session_id: str, name: str, format_: str, cards: str,
                 rounds: int, rules: Rules, duplicate: bool = False,
                 hands: int = 0) -> Created:
    """Make an event (open for joining) with this browser as its host; ``duplicate``:
    its rounds deal duplicate boards (a public client seed is drawn now); ``hands``:
    0, each table plays a match to the target, else that many hands (its points)."""
    code = new_code(CodeKind.RECOVERY)
    event = Event(slug=secrets.token_urlsafe(SLUG_BYTES), host_code_hash=code_hash(code),
                  name=name, format=format_, cards=cards, rounds=rounds,
                  rules=rules.to_dict(), hands=hands,
                  duplicate_seed=new_client_seed() if duplicate else None)
    db.add(event)
    db.flush()
    assert event.id is not None
    db.add(EventHost(event_id=event.id, session_id=session_id))
    db.flush()
    return Created(event, code)


def find(db: Session, slug: str) -> Event:
    """The event of ``slug``.

    Raises:
        EventError: (404) no such event.
    """
    event = finders.by_slug(db, Event, slug)
    if event is None:
        raise EventError(N_("There is no such event: check that the link was copied whole."),
                         404)
    return event


def is_host(db: Session, event: Event, session_id: str) -> bool:
    """True when this browser may run ``event``."""
    return db.get(EventHost, (event.id, session_id)) is not None


def by_code(db: Session, typed: str) -> Event | None:
    """The event whose host code was typed (case, spaces and dashes do not matter), or
    ``None`` (not a code, or no event's)."""
    return finders.by_code(db, Event, typed)


def claim_host(db: Session, typed: str, session_id: str) -> Event:
    """Make this browser a host of the event whose code was typed.

    Raises:
        EventError: (400) the code opens no event (the route counts the failure).
    """
    event = by_code(db, typed)
    if event is None:
        raise EventError(N_("That host code opens no event: check it and type it again."))
    if not is_host(db, event, session_id):
        assert event.id is not None
        db.add(EventHost(event_id=event.id, session_id=session_id))
        db.flush()
    return event


def players(db: Session, event: Event) -> list[EventPlayer]:
    """The event's players in seeding order (the order they joined)."""
    return list(db.exec(select(EventPlayer).where(col(EventPlayer.event_id) == event.id)
                        .order_by(col(EventPlayer.number), col(EventPlayer.id))).all())


def pairings(db: Session, event: Event) -> list[EventPairing]:
    """Every pairing of the event, by round and table."""
    return list(db.exec(select(EventPairing).where(col(EventPairing.event_id) == event.id)
                        .order_by(col(EventPairing.round), col(EventPairing.table))).all())


def me(db: Session, event: Event, session_id: str) -> EventPlayer | None:
    """This browser's player in ``event``, or ``None``."""
    return db.exec(select(EventPlayer).where(col(EventPlayer.event_id) == event.id,
                                             col(EventPlayer.session_id) == session_id)).first()


def bump(db: Session, event: Event, expected: int | None = None, **values: Any) -> None:
    """Bump the event's version (with ``values``), guarded by ``expected`` when given.

    Raises:
        EventError: (409) the event is not at ``expected`` (a stale or doubled form).
    """
    read_version = event.version if expected is None else expected
    changed = db.exec(update(Event).where(col(Event.id) == event.id,
                                          col(Event.version) == read_version)
                      .values(version=read_version + 1, updated_at=utcnow(), **values)
                      .execution_options(synchronize_session=False))
    if changed.rowcount != 1:
        db.rollback()
        raise EventError(STALE, 409)
    event.version = read_version + 1
    for key, value in values.items():
        setattr(event, key, value)


def _add_player(db: Session, event: Event, name: str, session_id: str | None) -> EventPlayer:
    if event.status == "finished":
        raise EventError(N_("This event is over: it admits no one now. Its results are on "
                            "its page."), 410)
    if event.status != "open" and event.format == "roundrobin":
        raise EventError(N_("This round robin has started: its rounds are fixed, so it "
                            "admits no one now."), 409)
    others = players(db, event)
    if len(others) >= MOST_PLAYERS:
        raise EventError(gettext("This event is full (%(most)d players).", most=MOST_PLAYERS),
                         409)
    if any(p.name.casefold() == name.casefold() for p in others):
        raise EventError(gettext("%(name)s has already joined: choose another name (add an "
                                 "initial).", name=name), 409, field="name")
    assert event.id is not None
    player = EventPlayer(event_id=event.id, session_id=session_id, name=name,
                         number=len(others) + 1, joined_round=max(1, event.round + 1))
    db.add(player)
    db.flush()
    return player


def join(db: Session, event: Event, session_id: str, typed_name: str | None) -> EventPlayer:
    """This browser joins ``event`` with a name.

    Raises:
        EventError: see the module docstring (and an invalid name, 400).
    """
    already = me(db, event, session_id)
    if already is not None:
        raise EventError(gettext("You have already joined this event as %(name)s.",
                                 name=already.name), 409)
    name = _name(typed_name)
    player = _add_player(db, event, name, session_id)
    bump(db, event)
    return player


def _name(typed: str | None) -> str:
    try:
        return player_name(typed)
    except PlayError as error:  # the friend feature's refusal, in the same words
        raise EventError(error.message, field=error.field) from error


def _host(db: Session, event: Event, session_id: str, expected: int | None) -> None:
    if not is_host(db, event, session_id):
        raise EventError(NOT_HOST, 403)
    if expected is None or expected != event.version:
        raise EventError(STALE, 409)


def add_walk_in(db: Session, event: Event, session_id: str, expected: int | None,
                typed_name: str | None) -> EventPlayer:
    """The host adds a player with no browser (their tables are kept on a score sheet).

    Raises:
        EventError: not a host (403), a stale form (409), or as :func:`join`.
    """
    _host(db, event, session_id, expected)
    player = _add_player(db, event, _name(typed_name), None)
    bump(db, event, expected)
    return player


def drop(db: Session, event: Event, session_id: str, expected: int | None,
         player_id: int | None) -> None:
    """The host drops a player: paired no more (a result already played stays; the
    current table's result, if it never comes, is the host's to set).

    Raises:
        EventError: not a host (403), a stale form (409), no such player (404).
    """
    _host(db, event, session_id, expected)
    player = db.get(EventPlayer, player_id) if player_id is not None else None
    if player is None or player.event_id != event.id:
        raise EventError(N_("There is no such player in this event."), 404)
    player.dropped = True
    db.add(player)
    bump(db, event, expected)


def set_paused(db: Session, event: Event, session_id: str, expected: int | None,
               paused: bool) -> None:
    """The host pauses the event (no next round until it resumes; tables in play go on)
    or resumes it.

    Raises:
        EventError: not a host (403), a stale form (409), an event not running (or not
            paused) (409).
    """
    _host(db, event, session_id, expected)
    if event.status != ("running" if paused else "paused"):
        raise EventError(N_("Only a running event can be paused, and only a paused one "
                            "resumed."), 409)
    bump(db, event, expected, status="paused" if paused else "running")


def active(event: Event, roster: Sequence[EventPlayer], round_: int) -> list[EventPlayer]:
    """The players paired in ``round_``: not dropped, joined by then."""
    return [p for p in roster if not p.dropped and p.joined_round <= round_]


def start(db: Session, event: Event, session_id: str, expected: int | None) -> None:
    """The host starts the event: round 1 is paired and its tables started. A round robin
    of more than :data:`~app.events.pairing.ROUND_ROBIN_MOST` players plays Swiss; its
    rounds are the circle's (one fewer than the players, or as many when odd).

    Raises:
        EventError: not a host (403), a stale form (409), started already (409), fewer
            than two players (409).
    """
    _host(db, event, session_id, expected)
    if event.status != "open":
        raise EventError(N_("This event has started already."), 409)
    roster = active(event, players(db, event), 1)
    if len(roster) < 2:
        raise EventError(N_("An event needs at least two players to start."), 409)
    values: dict[str, Any] = {"status": "running"}
    if event.format == "roundrobin" and len(roster) > ROUND_ROBIN_MOST:
        values["format"] = "swiss"
        values["rounds"] = min(event.rounds, len(roster) - 1)
    elif event.format == "roundrobin":
        values["rounds"] = len(round_robin([p.id for p in roster]))
    else:
        values["rounds"] = min(event.rounds, len(roster) - 1 + len(roster) % 2)
    bump(db, event, expected, **values)
    _pair_round(db, event, 1, session_id)


def round_done(db: Session, event: Event) -> bool:
    """True when every pairing of the current round has its result."""
    return all(p.outcome is not None for p in pairings(db, event) if p.round == event.round)


def next_round(db: Session, event: Event, session_id: str, expected: int | None) -> None:
    """The host pairs the next round (every result of this one is in).

    Raises:
        EventError: not a host (403), a stale form (409), not running (paused, open or
            over) (409), results still missing (409), the last round played (409).
    """
    _host(db, event, session_id, expected)
    if event.status != "running":
        raise EventError(N_("The next round can be paired only while the event runs (not "
                            "paused, not over)."), 409)
    if not round_done(db, event):
        raise EventError(N_("Some tables of this round have no result yet: wait for them, "
                            "or set their result."), 409)
    if event.round >= event.rounds:
        raise EventError(N_("That was the last round."), 409)
    bump(db, event, expected)
    _pair_round(db, event, event.round + 1, session_id)


def finish(db: Session, event: Event, session_id: str, expected: int | None) -> None:
    """The host ends the event now (the standings as they are are final).

    Raises:
        EventError: not a host (403), a stale form (409), already over (409).
    """
    _host(db, event, session_id, expected)
    if event.status == "finished":
        raise EventError(N_("This event is over already."), 409)
    bump(db, event, expected, status="finished")
    _reveal_if_done(db, event)


def results(event: Event, rows: Sequence[EventPairing]) -> list[Result[int]]:
    """The finished pairings as the standings read them."""
    found: list[Result[int]] = []
    for row in rows:
        if row.outcome is None:
            continue
        found.append(Result(row.player_a, row.player_b, Outcome(row.outcome), row.points_a,
                            row.points_b))
    return found


def table(event: Event, roster: Sequence[EventPlayer], rows: Sequence[EventPairing],
          duplicate: dict[int, DuplicateScore] | None = None) -> list[Standing[int]]:
    """The event's standings now (every player, dropped ones included); ``duplicate``:
    a duplicate event's matchpoints (:func:`duplicate_scores`), their percentage ranked
    first."""
    return standings([p.id for p in roster if p.id is not None], results(event, rows),
                     swiss=event.format == "swiss", duplicate=duplicate)


@dataclass(frozen=True, slots=True)
class Board:
    """A board of a duplicate round as the event page shows it: its number, the
    commitment (SHA-256 of its server seed) and the seed once the round is done
    (else ``None``)."""

    round: int
    number: int
    commitment: str
    server_seed: str | None


def boards(db: Session, event: Event) -> list[Board]:
    """A duplicate event's boards, by round and number; a round's seeds are revealed
    once every table of it has finished (:func:`round_revealed`: the honour rule)."""
    if event.duplicate_seed is None:
        return []
    rows = db.exec(select(EventBoard).where(col(EventBoard.event_id) == event.id)
                   .order_by(col(EventBoard.round), col(EventBoard.board))).all()
    hidden = None if round_revealed(db, event) else event.round
    return [Board(b.round, b.board, commitment(b.server_seed),
                  None if b.round == hidden else b.server_seed) for b in rows]


def round_revealed(db: Session, event: Event, rows: Sequence[EventPairing] | None = None
                   ) -> bool:
    """True when the current round's boards may be shown to anyone (the honour rule):
    every table of the round has its result and every online table's match is over
    (a table still playing after the host set its result keeps them hidden), or the
    host has ended the event. Earlier rounds' boards always may (the next round is
    paired only once this one is done)."""
    if event.status == "finished":
        return True
    current = [p for p in (pairings(db, event) if rows is None else rows)
               if p.round == event.round]
    if any(p.outcome is None for p in current):
        return False
    # A table's result read from its hands (a number of hands) means they are played;
    # a result the host set may leave a table still playing.
    ids = [p.match_id for p in current if p.match_id is not None
           and (p.corrected or not event.hands)]
    return not ids or not db.exec(select(func.count()).select_from(PlayMatch).where(
        col(PlayMatch.id).in_(ids), col(PlayMatch.over).is_(False))).one()


def reveal(db: Session, event: Event, round_: int | None = None) -> None:
    """Let the tables of ``round_`` (default every round up to the current one) show
    their boards (``PlayMatch.boards_revealed_at``, read by
    :func:`app.table.storage.sealed`); call it once :func:`round_revealed` holds."""
    query = select(EventPairing.match_id).where(col(EventPairing.event_id) == event.id,
                                                col(EventPairing.match_id).is_not(None))
    if round_ is not None:
        query = query.where(col(EventPairing.round) == round_)
    ids = [i for i in db.exec(query).all() if i is not None]
    if ids:
        db.execute(update(PlayMatch).where(col(PlayMatch.id).in_(ids),
                                           col(PlayMatch.boards_revealed_at).is_(None))
                   .values(boards_revealed_at=utcnow())
                   .execution_options(synchronize_session=False))


def board_client_seed(event: Event) -> str:
    """The client seed every table of a duplicate event deals its boards with: the
    event's seed combined with itself (both seats' seeds are the event's)."""
    assert event.duplicate_seed is not None
    return combine_client_seeds(event.duplicate_seed, event.duplicate_seed)


@dataclass(frozen=True, slots=True)
class StackedBoard:
    """A board of a real-card duplicate table as its dealer's phone shows it: its round
    and number (the table's hand number), the commitment, and the deck to stack, top
    card first (dealt one at a time, non-dealer first: 20 cards, then the upcard, then
    the stock: the order an online table deals this board in)."""

    round: int
    number: int
    commitment: str
    deck: tuple[Card, ...]


def stacked_board(db: Session, event: Event, row: EventPairing) -> StackedBoard | None:
    """The next board to deal at ``row``'s real-card table of a duplicate event (its
    score sheet's next hand), or ``None``: not such a table, its game over, or past the
    round's :data:`BOARDS`. The caller shows it only to that table's players."""
    if event.duplicate_seed is None or event.cards != "real" or row.sheet_id is None \
            or row.outcome is not None or row.round != event.round:
        return None
    kept = db.get(ScoreSheetRow, row.sheet_id)
    if kept is None:
        return None
    result = sheets.load(kept).result()
    number = len(result.rows) + 1
    if result.over or number > (event.hands or BOARDS):
        return None
    board = db.get(EventBoard, (event.id, row.round, number))
    if board is None:
        return None
    deck = shuffled(board.server_seed, board_client_seed(event), number)
    return StackedBoard(row.round, number, commitment(board.server_seed), tuple(deck))


def duplicate_scores(db: Session, event: Event,
                     rows: Sequence[EventPairing]) -> dict[int, DuplicateScore] | None:
    """A duplicate event's matchpoints per player (:mod:`app.events.duplicate`) from
    every finished hand its tables dealt from one of its boards; ``None`` when the event
    is not duplicate."""
    if event.duplicate_seed is None:
        return None
    drawn = db.exec(select(EventBoard).where(col(EventBoard.event_id) == event.id)).all()
    seeds = {b.server_seed for b in drawn}
    found: list[BoardResult[int]] = []
    tables = {r.match_id: r for r in rows if r.match_id is not None and r.player_b is not None}
    if tables:
        revealed = dict(db.exec(select(PlayMatch.id, PlayMatch.boards_revealed_at).where(
            col(PlayMatch.id).in_(list(tables)))).all())
        hands = db.exec(select(PlayHand).where(col(PlayHand.match_id).in_(list(tables)),
                                               col(PlayHand.finished).is_(True))).all()
        for hand in hands:
            shown_at = revealed.get(hand.match_id)
            if event.hands and hand.number > event.hands:
                continue  # past the event's hands: not counted
            if hand.server_seed not in seeds or (  # a hand played once the boards were out
                    shown_at is not None and hand.finished_at is not None
                    and hand.finished_at > shown_at):
                continue
            row = tables[hand.match_id]
            assert row.player_b is not None
            found.append(_board_result(hand.server_seed, (row.player_a, row.player_b),
                                       hand.dealer, hand.winner, hand.points))
    if event.cards == "real":  # the score sheets of stacked decks: hand n is board n
        by_board = {(b.round, b.board): b.server_seed for b in drawn}
        kept = {r.sheet_id: r for r in rows if r.sheet_id is not None and r.player_b is not None}
        for sheet in (db.exec(select(ScoreSheetRow).where(col(ScoreSheetRow.id).in_(
                list(kept)))).all() if kept else []):
            row = kept[sheet.id or 0]
            assert row.player_b is not None
            for entered in sheets.load(sheet).result().rows[:event.hands or None]:
                seed = by_board.get((row.round, entered.number))
                if seed is not None:
                    found.append(_board_result(seed, (row.player_a, row.player_b),
                                               entered.dealer, entered.winner,
                                               entered.points))
    return board_scores(found)


def _board_result(board: str, seats: tuple[int, int], dealer: int, winner: int | None,
                  points: int) -> BoardResult[int]:
    return BoardResult(board, seats[dealer], seats[1 - dealer],
                       net_score(dealer, winner, points))


def _pair_round(db: Session, event: Event, number: int, host_session: str) -> None:
    """Pair round ``number`` and start its tables (the event's ``round`` becomes it)."""
    roster = players(db, event)
    rows = pairings(db, event)
    pairs: list[tuple[int, int | None]]
    if event.format == "roundrobin":
        first = [p.id for p in roster if p.joined_round <= 1 and p.id is not None]
        dropped = {p.id for p in roster if p.dropped}
        pairs = []
        for a, b in round_robin(first)[number - 1]:
            if a in dropped and (b is None or b in dropped):
                continue
            if b in dropped:
                pairs.append((a, None))
            elif a in dropped:
                assert b is not None
                pairs.append((b, None))
            else:
                pairs.append((a, b))
    else:
        playing = {p.id for p in active(event, roster, number)}
        now = table(event, roster, rows, duplicate_scores(db, event, rows))
        ranked = [line.player for line in now if line.player in playing]
        scores = {line.player: line.match_points for line in now}
        met = {frozenset((r.player_a, r.player_b)) for r in rows if r.player_b is not None}
        had_bye = {r.player_a for r in rows if r.player_b is None}
        pairs = swiss(ranked, scores, met, had_bye) if len(ranked) >= 2 else \
            [(p, None) for p in ranked]
    by_id = {p.id: p for p in roster}
    rules = table_rules(event)
    assert event.id is not None
    seeds: SeedSource | None = None
    if event.duplicate_seed is not None and number > 1:
        reveal(db, event, number - 1)  # its tables' late hands no longer count
    if event.duplicate_seed is not None:
        drawn = tuple(new_server_seed() for _ in range(BOARDS))
        db.add_all(EventBoard(event_id=event.id, round=number, board=i, server_seed=seed)
                   for i, seed in enumerate(drawn, start=1))
        seeds = SeedSource(drawn, event.duplicate_seed)
    for number_at, (a, b) in enumerate(pairs, start=1):
        row = EventPairing(event_id=event.id, round=number, table=number_at, player_a=a,
                           player_b=b)
        if b is None:
            row.outcome, row.finished_at = Outcome.BYE.value, utcnow()
        else:
            _start_table(db, event, row, by_id[a], by_id[b], rules, host_session, seeds)
        db.add(row)
    db.execute(update(Event).where(col(Event.id) == event.id).values(round=number)
               .execution_options(synchronize_session=False))
    event.round = number
    db.flush()


def table_rules(event: Event) -> Rules:
    """The rules ``event``'s tables start with: its table options, and with hands per
    table the match of that many hands (``Rules.hands``: the table itself ends after
    them, docs/rules.md §5). An event made before the option (its stored rules have no
    ``hands``) gets it here too; one of those with Hollywood keeps playing to the target
    (the two do not go together) and its result is still cut at its hands
    (:func:`sync`)."""
    rules = Rules.from_dict(event.rules)
    if event.hands and not rules.hands and not rules.hollywood:
        rules = rules.with_options(hands=event.hands)
    return rules


def _start_table(db: Session, event: Event, row: EventPairing, a: EventPlayer,
                 b: EventPlayer, rules: Rules, host_session: str,
                 seeds: SeedSource | None = None) -> None:
    """Start the table of ``row``: a friend match (dealing ``seeds``, a duplicate
    round's boards), or a score sheet (see the module)."""
    if event.cards == "online" and a.session_id and b.session_id \
            and a.session_id != b.session_id:
        game = start_between(db, (a.session_id, b.session_id), (a.name, b.name), rules,
                             seeds)
        row.match_id = game.id
        return
    keeper = a.session_id or b.session_id or host_session
    sheet = ScoreSheet.new(SheetOptions(rules=rules, hollywood=rules.hollywood),
                           (a.name, b.name))
    try:
        stored = sheets.create_sheet(db, keeper, sheet)
    except SheetError:  # that browser keeps too many sheets: the host's phone keeps it
        stored = sheets.create_sheet(db, host_session, sheet)
    row.sheet_id = stored.id


def sync(db: Session, event: Event) -> bool:
    """Read the results of the event's pending tables (finished matches and sheets);
    True when one came in (the event's version is bumped; the last round's last result
    finishes the event)."""
    pending = [p for p in pairings(db, event) if p.outcome is None and not p.corrected]
    changed = False
    match_ids = [p.match_id for p in pending if p.match_id is not None]
    ended = select(PlayMatch).where(col(PlayMatch.id).in_(match_ids))
    if not event.hands:  # a number of hands: any table may have played them
        ended = ended.where(col(PlayMatch.over).is_(True))
    games = {g.id: g for g in db.exec(ended).all()} if match_ids else {}
    sheet_ids = [p.sheet_id for p in pending if p.sheet_id is not None]
    kept = {s.id: s for s in db.exec(select(ScoreSheetRow).where(
        col(ScoreSheetRow.id).in_(sheet_ids))).all()} if sheet_ids else {}
    for row in pending:
        found: tuple[Outcome, int, int] | None = None
        if row.match_id in games:
            found = _match_result(db, games[row.match_id], event.hands)
        elif row.sheet_id in kept:
            found = _sheet_result(kept[row.sheet_id], event.hands)
        if found is None:
            continue
        done = db.exec(update(EventPairing).where(col(EventPairing.id) == row.id,
                                                  col(EventPairing.outcome).is_(None))
                       .values(outcome=found[0].value, points_a=found[1], points_b=found[2],
                               finished_at=utcnow())
                       .execution_options(synchronize_session=False))
        if done.rowcount == 1:
            row.outcome, row.points_a, row.points_b = found[0].value, found[1], found[2]
            changed = True
    if changed:
        _bump_unguarded(db, event)
        _reveal_if_done(db, event)
    return changed


def _reveal_if_done(db: Session, event: Event) -> None:
    """Reveal the current round's boards to its tables once :func:`round_revealed`."""
    if event.duplicate_seed is not None and event.round and round_revealed(db, event):
        reveal(db, event, None if event.status == "finished" else event.round)


def _bump_unguarded(db: Session, event: Event) -> None:
    """Bump the version after results came in; the event is over after its last round."""
    last = event.status in ("running", "paused") and event.round >= event.rounds \
        and round_done(db, event)
    values: dict[str, Any] = {"version": col(Event.version) + 1, "updated_at": utcnow()}
    if last:
        values["status"] = "finished"
    db.execute(update(Event).where(col(Event.id) == event.id).values(**values)
               .execution_options(synchronize_session=False))
    db.flush()
    db.refresh(event)


def _match_result(db: Session, game: PlayMatch,
                  count: int = 0) -> tuple[Outcome, int, int] | None:
    """A friend match's outcome (seat 0 is ``a``) and totals: once it is over, its final
    totals; with ``count`` hands (an event of a number of hands), its hand points once
    it has played them (or is over), else ``None``."""
    hands = db.exec(select(PlayHand).where(col(PlayHand.match_id) == game.id,
                                           col(PlayHand.finished).is_(True))
                    .order_by(col(PlayHand.number))).all()
    if count:
        if len(hands) < count and not game.over:
            return None
        return _by_points([(h.winner, h.points) for h in hands[:count]])
    records = [HandRecord(h.winner, h.points, HandKind(h.kind or "void")) for h in hands]
    tally = match_tally(records, Rules.from_dict(game.rules))
    return _outcome(tally.winner if tally.over else None, tally.final)


def _sheet_result(row: ScoreSheetRow, count: int = 0) -> tuple[Outcome, int, int] | None:
    """A score sheet's outcome and totals once its game is over (with ``count`` hands:
    its hand points once it has that many, or is over), else ``None``."""
    result = sheets.load(row).result()
    if count and (len(result.rows) >= count or result.over):
        return _by_points([(r.winner, r.points) for r in result.rows[:count]])
    if not result.over:
        return None
    return _outcome(result.winner, result.totals)


def _by_points(hands: Sequence[tuple[int | None, int]]) -> tuple[Outcome, int, int]:
    """The result of a number of hands, each ``(winner, points)``: each side's hand
    points, the higher wins (equal: a draw)."""
    totals = [sum(p for w, p in hands if w == seat) for seat in (0, 1)]
    winner = None if totals[0] == totals[1] else int(totals[1] > totals[0])
    return _outcome(winner, totals)


def _outcome(winner: int | None, totals: Sequence[int]) -> tuple[Outcome, int, int]:
    outcome = Outcome.DRAW if winner is None else (Outcome.A if winner == 0 else Outcome.B)
    return outcome, int(totals[0]), int(totals[1])


MOST_WATCH_LINKS = 200
"""The most open watch links an event's table may have (each Watch press makes one)."""


def watch_table(db: Session, event: Event, pairing_text: str | None,
                session_id: str | None = None) -> str:
    """A new watch link's token for the online table ``pairing_text`` (a pairing's id)
    of ``event`` that is still in play (:func:`app.friend.watch.issue`), for the browser
    ``session_id``.

    Raises:
        EventError: no such table in this event, a score sheet or a bye (404), a
            finished table (409), a player of a duplicate event while its round's boards
            are hidden (409: the watched table shows cards of the boards),
            :data:`MOST_WATCH_LINKS` open already (429).
    """
    text = (pairing_text or "").strip()
    row = db.get(EventPairing, int(text)) if text.isdigit() and len(text) < 12 else None
    if row is None or row.event_id != event.id or row.match_id is None:
        raise EventError(N_("There is no such table in this event."), 404)
    if row.outcome is not None:
        raise EventError(N_("This table has finished: its result is in the standings."), 409)
    if event.duplicate_seed is not None and session_id is not None \
            and me(db, event, session_id) is not None and not round_revealed(db, event):
        raise EventError(SEALED_WATCH, 409)
    open_links = db.exec(select(func.count()).select_from(WatchLink).where(
        col(WatchLink.match_id) == row.match_id, col(WatchLink.revoked_at).is_(None))).one()
    if open_links >= MOST_WATCH_LINKS:
        raise EventError(N_("This table has as many watchers as it admits: try again "
                            "later."), 429)
    try:
        return watch.issue(db, row.match_id)
    except watch.WatchError as error:
        raise EventError(error.message, 404) from error


SEALED_WATCH = N_("Every table of this round plays the same duplicate boards: the event's "
                  "players can watch its tables once every table of the round has finished.")
"""Why an event's player may not watch a table of a duplicate round still in play."""


def may_watch(db: Session, match_id: int, session_id: str) -> str | None:
    """Why the browser ``session_id`` may not watch the match ``match_id`` now, or
    ``None``: a player of the duplicate event the match is a table of, while that
    round's boards are hidden (the honour rule; a forwarded watch link included).
    Registered with :func:`app.friend.watch.refuse_viewers` at start."""
    row = db.exec(select(EventPairing).where(col(EventPairing.match_id) == match_id)).first()
    event = db.get(Event, row.event_id) if row is not None else None
    if event is None or event.duplicate_seed is None or row is None \
            or row.round != event.round or me(db, event, session_id) is None:
        return None
    return None if round_revealed(db, event) else SEALED_WATCH


MOST_POINTS = 9999
"""The most game points a corrected result may give a side."""


def _check_points_agree(rules: Rules, outcome: Outcome, points_a: int, points_b: int) -> None:
    """Refuse a corrected result whose points contradict who won: under the event's rules
    the winner of a match ends with more points than the loser (to a target, the loser
    is short of it; of a number of hands, the more points win) and a draw with equal
    ones. Boxes (a loser may win more hands) and Hollywood's three games make any
    points possible; 0–0 is a result without points (a forfeit), accepted with any
    outcome.

    Raises:
        EventError: (400) the points say the other side won, or a draw has unequal points.
    """
    if (points_a, points_b) == (0, 0) or rules.box_bonus or rules.hollywood:
        return
    if outcome is Outcome.DRAW and points_a != points_b:
        raise EventError(N_("A draw has equal points: correct the points or the winner."),
                         field="points_a")
    if ((outcome is Outcome.A and points_a <= points_b)
            or (outcome is Outcome.B and points_b <= points_a)):
        raise EventError(N_("The winner has more points than the loser under this event's "
                            "rules: correct the points or the winner."), field="points_a")


def correct(db: Session, event: Event, session_id: str, expected: int | None,
            fields: dict[str, str]) -> None:
    """The host sets a pairing's result (``pairing``, ``outcome`` a/b/draw, ``points_a``,
    ``points_b``): a disputed or never-coming result. The standings follow.

    Raises:
        EventError: not a host (403), a stale form (409), no such pairing (404), a bye
            (409), an unknown outcome, points not whole numbers from 0 to 9999 or points
            that contradict the outcome (400: :func:`_check_points_agree`).
    """
    _host(db, event, session_id, expected)
    text = fields.get("pairing", "")
    row = db.get(EventPairing, int(text)) if text.isdigit() and len(text) < 12 else None
    if row is None or row.event_id != event.id:
        raise EventError(N_("There is no such table in this event."), 404)
    if row.player_b is None:
        raise EventError(N_("A bye has no result to correct."), 409)
    outcome = fields.get("outcome", "")
    if outcome not in (Outcome.A.value, Outcome.B.value, Outcome.DRAW.value):
        raise EventError(N_("Choose who won, or a draw."), field="outcome")
    points = []
    for name in ("points_a", "points_b"):
        value = (fields.get(name) or "0").strip()
        if not value.isdigit() or len(value) > 4 or int(value) > MOST_POINTS:
            raise EventError(gettext("Points must be whole numbers from 0 to %(most)d.",
                                     most=MOST_POINTS), field=name)
        points.append(int(value))
    _check_points_agree(table_rules(event), Outcome(outcome), points[0], points[1])
    row.outcome, row.points_a, row.points_b = outcome, points[0], points[1]
    row.corrected, row.finished_at = True, utcnow()
    db.add(row)
    db.flush()
    last = event.status in ("running", "paused") and event.round >= event.rounds \
        and round_done(db, event)
    bump(db, event, expected, **({"status": "finished"} if last else {}))
    _reveal_if_done(db, event)


@dataclass(frozen=True, slots=True)
class BackLink:
    """The way back from an event's table to its event: the event's name and page
    (an app path)."""

    name: str
    path: str
    note: str = ""
    """With a number of hands: how many, and whether this table has played them."""


def back_link(db: Session, *, match_id: int | None = None,
              sheet_id: int | None = None) -> BackLink | None:
    """The event whose table is the friend match ``match_id`` or the score sheet
    ``sheet_id``, as a :class:`BackLink`, or ``None`` (not an event's table)."""
    if match_id is None and sheet_id is None:
        return None
    where = col(EventPairing.match_id) == match_id if match_id is not None \
        else col(EventPairing.sheet_id) == sheet_id
    found = db.exec(select(Event, EventPairing).join(
        EventPairing, col(EventPairing.event_id) == col(Event.id)).where(where)).first()
    if found is None:
        return None
    event, row = found
    note = ""
    if event.hands and row.outcome is not None:
        note = ngettext("This table's %(num)d hand is played: its result is in.",
                        "This table's %(num)d hands are played: its result is in.",
                        event.hands)
    elif event.hands:
        note = ngettext("This table plays %(num)d hand: its result is the points after it.",
                        "This table plays %(num)d hands: its result is the points after "
                        "them.", event.hands)
    return BackLink(event.name, f"/events/{event.slug}", note)


def my_events(db: Session, session_id: str) -> list[tuple[Event, bool]]:
    """The events this browser hosts or plays in, newest first, with whether it hosts."""
    hosted = {e.id: e for e in db.exec(select(Event).join(
        EventHost, col(EventHost.event_id) == col(Event.id))
        .where(col(EventHost.session_id) == session_id)).all()}
    played = {e.id: e for e in db.exec(select(Event).join(
        EventPlayer, col(EventPlayer.event_id) == col(Event.id))
        .where(col(EventPlayer.session_id) == session_id)).all()}
    every = {**played, **hosted}
    return sorted(((e, e.id in hosted) for e in every.values()),
                  key=lambda pair: pair[0].created_at, reverse=True)
