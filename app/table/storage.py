"""Storage of Play, hand by hand (docs/rules.md §7).

Three tables (:mod:`app.core.models`):

* ``PlaySeat`` — one per browser and match it plays (several matches at once: at most
  one against the computer in progress, any number of friend matches), with its own
  ``version`` (bumped with every change it makes), the screen choices (selection, sort)
  stored beside the game and never in its log, and ``opened_at``: the seat opened last
  is the *open* match, the one ``/play`` shows when the address names none;
* ``PlayMatch`` — one per match, with its own id, kept when another starts: rules,
  level, first dealer, the client seed for the next hand, the next hand's server seed
  and ``version``, the guard of every change of the game. Two browsers share a friend
  match, so the guard sits on the shared row; against the computer the
  match's version equals its seat's;
* ``PlayHand`` — one per hand: its ``gin-shuffle-v1`` seeds and commitment, its own
  action log and, once over, its result.

**load** reads the seat (of the match a form or address names, else the open one),
the match, the finished hands' results (no logs) and the
current hand, and rebuilds the match with :func:`app.engine.match.resume`, which replays
the current hand only. The state is cached per process under the match's id and
version, so a tap normally replays nothing, and a restart (or another worker) replays at
most one hand per match, the first time that match is loaded.

**store** writes what a tap changed: the match row (``UPDATE ... WHERE version =
:read``, so two requests — two processes, or the two seats of a friend match — can never
both apply a tap to the same version), the tapping seat, the current hand's row,
and when a hand ends or starts the match row and the new hand's row. Earlier hands are
never rewritten, so a tap's cost does not grow with the length of the match.

Nothing here commits (but the one-off split below): the request's unit of work does
(``app.web.unitofwork.get_session``). What must follow a stored change is handed back to run
after that commit (``app.core.db.after_commit``): the replay cache is updated, and the
listeners that ``app.main`` passes in with :func:`listen` hear of it — ``changed`` inside
the transaction (a friend match's other browser is woken once it commits), ``hand_over``
after the commit of a change that ended a hand (its analysis is queued). Play imports
neither of the features that listen.

A match stored before this layout (one row, one int seed, the whole log) is split into
hand rows the first time it is loaded (:func:`_split_legacy`); its later hands are dealt
with ``gin-shuffle-v1``.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, Table, bindparam, delete, or_, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.sql.dml import Update
from sqlmodel import Session, col, select

from app.core import metrics, statcache
from app.core.db import after_commit
from app.core.i18n import gettext
from app.core.models import PlayHand, PlayMatch, PlaySeat, utcnow
from app.core.setaside import Finding
from app.engine import (
    Card,
    Cause,
    HandKind,
    HandRecord,
    HandSeed,
    MatchState,
    Phase,
    Rules,
    replay,
)
from app.engine.bots import LEVELS, REFERENCES, UnknownLevelError
from app.engine.match import Seed, dealer_of, resume
from app.table.common import (
    NO_MATCH,
    NOT_YOURS,
    PERSON,
    SORTS,
    STALE,
    Loaded,
    NoMatchError,
    NotYourMatchError,
    StaleTapError,
    counted_level,
    mode_of,
    named_match,
    turn_level,
)

MatchChanged = Callable[[Session, PlayMatch, "int | None"], None]
"""Told of every change of a match inside its transaction: ``(db, match row, its new
version or None)``. Play a friend passes ``app.friend.live.announce`` (the other
browser is woken once the change commits)."""
HandOver = Callable[[Engine, PlayMatch, MatchState], None]
"""Told, once the change is committed, that a hand of the match ended: ``(engine, match
row, the state that ended it)``. The review passes ``app.review.analysis.queue_hand``."""


@dataclass(slots=True)
class _Listeners:
    changed: MatchChanged | None = None
    hand_over: HandOver | None = None


_listeners = _Listeners()


def listen(*, changed: MatchChanged | None = None, hand_over: HandOver | None = None) -> None:
    """Set who is told of changes to the stored matches (``app.main.create_app`` wires the
    features above this package in: Play imports none of them). Replaces the earlier
    listeners; ``None`` tells no one."""
    _listeners.changed, _listeners.hand_over = changed, hand_over


def _changed(db: Session, game: PlayMatch, version: int | None) -> None:
    if _listeners.changed is not None:
        _listeners.changed(db, game, version)


CACHE_BYTES = 64 * 1024 * 1024
"""The replay cache's budget per process: about 5,000 matches in play (a busy server's
every match stays cached, so a tap replays nothing; 512 entries did not: CPU per tap
rose from 3.6 to 5.9 ms past 512 matches, issue 46). Entries are weighed by
:func:`cached_bytes` and the least recently used leave first."""
_cache: OrderedDict[int, tuple[int, MatchState, int]] = OrderedDict()
_cache_bytes = 0
_cache_lock = threading.Lock()


def cached_bytes(match: MatchState) -> int:
    """About how much memory a cached ``match`` holds, in bytes: measured with
    ``tracemalloc`` on random matches (3.6 KB for the state and its hand, 106 bytes a
    logged action, a few hundred a finished hand's record), rounded up."""
    return 4096 + 128 * len(match.hand_log) + 512 * len(match.records)


def new_server_seed() -> str:
    """A fresh server seed: 32 bytes from ``secrets`` as 64 lowercase hex characters."""
    return secrets.token_hex(32)


def planned_seed(game: PlayMatch, hand_number: int) -> str:
    """The server seed hand ``hand_number`` (1-based) of ``game`` is dealt from: a duplicate
    event's board seed (``PlayMatch.board_seeds``) while there is one, else a fresh one."""
    boards = game.board_seeds or []
    return boards[hand_number - 1] if 1 <= hand_number <= len(boards) else new_server_seed()


def sealed(game: PlayMatch, server_seed: str | None = None) -> bool:
    """True while ``game`` is a duplicate event's table whose boards the event has not
    revealed (``PlayMatch.boards_revealed_at``): another table may still be playing the
    same cards, so no page, export or stream may show a board's seed or the deal of one
    of its hands (the honour rule, ``docs/fairness.md``). With ``server_seed``: whether
    that hand's seed is one of those boards (a hand past them is dealt fresh)."""
    if not game.board_seeds or game.boards_revealed_at is not None:
        return False
    return server_seed is None or server_seed in game.board_seeds


def new_client_seed() -> str:
    """A random default client seed (16 hex characters), shown and changeable."""
    return secrets.token_hex(8)


def _pairs(log: Sequence[Sequence[Any]]) -> list[tuple[int, str]]:
    return [(int(player), str(text)) for player, text in log]


def hand_seed(hand: PlayHand, game: PlayMatch) -> Seed:
    """What dealt ``hand``: its ``gin-shuffle-v1`` seeds, or the old match's int seed."""
    if hand.server_seed is not None and hand.client_seed is not None:
        return HandSeed(hand.server_seed, hand.client_seed)
    if game.legacy_seed is None:
        raise ValueError(f"hand {hand.number} of match {game.id} has no seed")
    return game.legacy_seed


def rebuild(db: Session, seat: PlaySeat | None, game: PlayMatch) -> MatchState:
    """The state of ``game`` (the match ``seat`` plays; ``None``: read by no seat, as a
    watcher reads it): from this process's cache when the match's version matches, else
    rebuilt from the finished hands' results and the current hand's replay.

    Raises:
        GameError: the stored hand does not replay (a corrupted row);
            ``UnknownLevelError`` when the match's computer level is not one of ``LEVELS``.
        ValueError: without a seat, a match stored before provable deals (its old log is
            split by its seat's first load).
    """
    if turn_level(game) not in (None, *LEVELS):
        raise _unknown_level(game)
    assert game.id is not None
    with _cache_lock:
        hit = _cache.get(game.id)
        if hit is not None and hit[0] == game.version:
            _cache.move_to_end(game.id)
            return hit[1]
    if game.legacy_log is not None:
        if seat is None:
            raise ValueError(f"match {game.id} is stored before provable deals")
        match = _split_legacy(db, game, seat.version)
    else:
        current = _current_hand(db, game)
        results = db.exec(
            select(PlayHand.winner, PlayHand.points, PlayHand.kind)
            .where(PlayHand.match_id == game.id, col(PlayHand.number) < game.hands)
            .order_by(col(PlayHand.number))
        ).all()
        if len(results) != game.hands - 1:
            raise ValueError(f"match {game.id} is missing hands")
        finished = [HandRecord(winner, points, HandKind(kind or "void"))
                    for winner, points, kind in results]
        match = resume(Rules.from_dict(game.rules), game.first_dealer, finished,
                       hand_seed(current, game), _pairs(current.log))
    remember(game, game.version, match)
    return match


def _current_hand(db: Session, game: PlayMatch) -> PlayHand:
    """The row of the current hand of ``game``, read together with the match's version.

    PostgreSQL reads each statement of a transaction afresh (READ COMMITTED), so the
    other seat of a friend match may commit between the read of ``game`` and this one.
    When the version read with the hand is not ``game.version``, ``game`` is read again
    and so is the hand: the state rebuilt always belongs to the version it is cached
    under. (SQLite's transaction is one snapshot: the first read always agrees.)

    Raises:
        ValueError: the hand's row is missing.
    """
    while True:
        row = db.exec(
            select(PlayHand, PlayMatch.version)
            .join(PlayMatch, col(PlayMatch.id) == col(PlayHand.match_id))
            .where(PlayHand.match_id == game.id, PlayHand.number == game.hands)
        ).first()
        if row is None:
            raise ValueError(f"match {game.id} is missing hands")
        current, version = row
        if version == game.version:
            return current
        db.refresh(game)  # it moved on meanwhile: the newer version, with its own hand


def _split_legacy(db: Session, game: PlayMatch, version: int) -> MatchState:
    """Split an old match's whole log into hand rows (once, on its first load); the
    match takes ``version``, its seat's (the guard of the forms already open)."""
    assert game.id is not None and game.legacy_log is not None and game.legacy_seed is not None
    rules = Rules.from_dict(game.rules)
    log = _pairs(game.legacy_log)
    match = replay(rules, game.legacy_seed, log, game.first_dealer)
    logs: list[list[tuple[int, str]]] = [[]]
    for player, text in log:
        if text.strip() == "next_hand":
            logs.append([])
        else:
            logs[-1].append((player, text))
    for number, hand_log in enumerate(logs, start=1):
        records = match.records[:number - 1]
        row = PlayHand(match_id=game.id, number=number,
                       dealer=dealer_of(rules, game.first_dealer, records),
                       log=[[p, t] for p, t in hand_log])
        if number <= len(match.records):
            _finish(row, match.records[number - 1])
        db.add(row)
    values = {"legacy_log": None, "hands": len(logs), "over": match.over, "version": version,
              "client_seed": game.client_seed or new_client_seed(),
              "next_server_seed": new_server_seed() if match.hand.phase is Phase.OVER
              and not match.over else None}
    db.flush()
    db.exec(update(PlayMatch).where(col(PlayMatch.id) == game.id)
            .values(**values).execution_options(synchronize_session=False))
    statcache.bump(db, (game.session_id, game.guest_session_id))  # its hands now count
    # Committed at once, unlike the request's own changes: an upgrade of old rows that
    # a refused tap later in the request must not undo (the cache below records it).
    db.commit()
    mirror(game, values)
    return match


def _finish(row: PlayHand, record: HandRecord) -> None:
    row.finished, row.winner, row.points, row.kind = True, record.winner, record.points, \
        str(record.kind)
    row.finished_at = utcnow()


def match_history(db: Session, game: PlayMatch) -> tuple[list[Seed], list[tuple[int, str]]]:
    """Every hand's seed and the match's whole log, the hands' logs joined by
    ``next_hand`` entries, for :func:`app.engine.match.replay` (a history view, an
    integrity check). A tap never needs it. A match not yet split has one int seed.
    """
    if game.legacy_log is not None:
        assert game.legacy_seed is not None
        return [game.legacy_seed], _pairs(game.legacy_log)
    hands = db.exec(select(PlayHand).where(PlayHand.match_id == game.id)
                    .order_by(col(PlayHand.number))).all()
    seeds: list[Seed] = []
    log: list[tuple[int, str]] = []
    for hand in hands:
        seeds.append(hand_seed(hand, game))
        if hand.number > 1:
            log.append((PERSON, "next_hand"))
        log.extend(_pairs(hand.log))
    return seeds, log


def remember(game: PlayMatch, version: int, match: MatchState) -> None:
    """Cache ``match`` as the state of ``game`` at ``version`` (this process only; the
    least recently used matches leave once the cache holds more than
    :data:`CACHE_BYTES`)."""
    global _cache_bytes
    assert game.id is not None
    size = cached_bytes(match)
    with _cache_lock:
        old = _cache.get(game.id)
        if old is not None:
            _cache_bytes -= old[2]
        _cache[game.id] = (version, match, size)
        _cache_bytes += size
        _cache.move_to_end(game.id)
        while _cache_bytes > CACHE_BYTES and len(_cache) > 1:
            _cache_bytes -= _cache.popitem(last=False)[1][2]


def cache_use() -> tuple[int, int]:
    """``(matches, bytes)`` in this process's replay cache now (by :func:`cached_bytes`)."""
    with _cache_lock:
        return len(_cache), _cache_bytes


def remember_on_commit(db: Session, game: PlayMatch, version: int, match: MatchState) -> None:
    """:func:`remember` once the transaction of ``db`` commits (a change that rolls back
    leaves the cache as it was)."""
    after_commit(db, lambda: remember(game, version, match))


def forget_cache() -> None:
    """Empty this process's replay cache (tests and benchmarks use it to force replays)."""
    global _cache_bytes
    with _cache_lock:
        _cache.clear()
        _cache_bytes = 0


# The statements of a tap, built once (with named parameters): building a statement again
# on every tap cost more than sending it. ``load``'s: the seat and its match in one.
_SEAT_AND_MATCH = (select(PlaySeat, PlayMatch)
                   .join(PlayMatch, col(PlayMatch.id) == col(PlaySeat.match_id))
                   .where(col(PlaySeat.session_id) == bindparam("key_session_id")))
_OPENED_LAST = (col(PlaySeat.opened_at).desc(), col(PlaySeat.match_id).desc())
"""The order of a browser's seats, its open one (the seat opened last) first."""
_OPEN_SEAT = _SEAT_AND_MATCH.order_by(*_OPENED_LAST).limit(1)
_NAMED_SEAT = _SEAT_AND_MATCH.where(col(PlaySeat.match_id) == bindparam("key_match_id")).limit(1)
# ``_bump``'s and ``store``'s UPDATEs: the row by its key (and the version read); their SET
# clause is the parameters named like columns.
_MATCH_TABLE: Table = PlayMatch.__table__  # type: ignore[attr-defined]
_SEAT_TABLE: Table = PlaySeat.__table__  # type: ignore[attr-defined]
_HAND_TABLE: Table = PlayHand.__table__  # type: ignore[attr-defined]
_BUMP_MATCH = update(_MATCH_TABLE).where(_MATCH_TABLE.c.id == bindparam("key_id"),
                                         _MATCH_TABLE.c.version == bindparam("read_version"))
_BUMP_SEAT = update(_SEAT_TABLE).where(_SEAT_TABLE.c.session_id == bindparam("key_session_id"),
                                       _SEAT_TABLE.c.match_id == bindparam("key_match_id"),
                                       _SEAT_TABLE.c.version == bindparam("read_version"))
_WRITE_HAND = update(_HAND_TABLE).where(_HAND_TABLE.c.match_id == bindparam("key_match_id"),
                                        _HAND_TABLE.c.number == bindparam("key_number"))


def load(db: Session, session_id: str, match_id: int | None = None) -> Loaded | None:
    """The browser's match ``match_id`` (its seat in it), or without ``match_id`` its
    open match (the seat opened last); ``None`` when it has no such seat, or the friend
    match has not started (an open or cancelled invite, see :mod:`app.friend.invites`).
    A match of another browser is never loaded: the seat is this browser's own."""
    query, params = (_OPEN_SEAT, {"key_session_id": session_id}) if match_id is None else \
        (_NAMED_SEAT, {"key_session_id": session_id, "key_match_id": match_id})
    found = db.exec(query, params=params).first()
    if found is None:
        return None
    seat, game = found
    mode = mode_of(game)
    if mode.waiting(game):  # waiting for the friend, or cancelled
        return None
    return Loaded(seat, game, rebuild(db, seat, game), me=mode.seat_of(game, session_id))


def load_named(db: Session, session_id: str, form: Mapping[str, str]) -> Loaded:
    """The match a form acts on: the one its ``match`` field names (this browser's seat
    in it), else the open match (a form without the field).

    Raises:
        NotYourMatchError: the form names a match this browser does not play (404).
        NoMatchError: it names none and the browser has no match.
    """
    match_id = named_match(form)
    loaded = load(db, session_id, match_id)
    if loaded is None and match_id is not None:
        raise NotYourMatchError(gettext(NOT_YOURS))
    if loaded is None:
        raise NoMatchError(NO_MATCH)
    return loaded


def open_seat(db: Session, session_id: str) -> PlaySeat | None:
    """This browser's open seat (the one opened last), ``None`` without any."""
    return db.exec(select(PlaySeat).where(col(PlaySeat.session_id) == session_id)
                   .order_by(*_OPENED_LAST).limit(1)).first()


def seat_version(db: Session, session_id: str) -> int:
    """The version of this browser's open seat (0 without one): what a New match or
    invite form must carry, whether or not the seat has a match to show (a cancelled
    or waiting invite leaves the seat without one)."""
    seat = open_seat(db, session_id)
    return 0 if seat is None else seat.version


def take_seat(db: Session, session_id: str, match_id: int, version: int = 1,
              **values: Any) -> PlaySeat:
    """Open this browser's seat in match ``match_id``, making it (at ``version``, with
    ``values``) when there is none yet, else bumping it with ``values``; the other
    seats of the browser (its other matches) stay as they are.

    Raises:
        StaleTapError: another request of this browser made or bumped it just now.
    """
    seat = db.get(PlaySeat, (session_id, match_id))
    if seat is None:
        seat = PlaySeat(session_id=session_id, match_id=match_id, version=version, **values)
        db.add(seat)
        commit_seat(db)
        return seat
    mirror(seat, bump_seat(db, seat, opened_at=utcnow(), **values))
    return seat


def drop_computer_seats(db: Session, session_id: str) -> int:
    """Remove this browser's seats in matches against the computer (a new one is being
    dealt: one at a time); the matches themselves stay stored for the history, and the
    seats of friend matches stay. Returns how many seats it removed."""
    computer = select(PlayMatch.id).where(col(PlayMatch.friend).is_(False))
    result = db.exec(delete(PlaySeat).where(col(PlaySeat.session_id) == session_id,
                                            col(PlaySeat.match_id).in_(computer))
                     .execution_options(synchronize_session=False))
    return int(result.rowcount or 0)


def mark_open(db: Session, seat: PlaySeat) -> None:
    """Make ``seat`` the browser's open seat (``/play`` without a match shows it), unless
    it is already: one ``UPDATE`` of ``opened_at``, no new version."""
    current = open_seat(db, seat.session_id)
    if current is not None and current.match_id == seat.match_id:
        return
    db.exec(update(PlaySeat).where(col(PlaySeat.session_id) == seat.session_id,
                                   col(PlaySeat.match_id) == seat.match_id)
            .values(opened_at=utcnow()).execution_options(synchronize_session=False))


def commit_seat(db: Session) -> None:
    """Send (flush) a change that may insert this browser's seat (or a row keyed like
    another request's): when another request of the same browser inserted it first (two
    taps at once), nothing is written and the tap is stale. The request commits it.

    Raises:
        StaleTapError: the insert collided (the transaction is rolled back).
    """
    try:
        db.flush()
    except IntegrityError:
        db.rollback()
        raise StaleTapError(STALE) from None


def bump_match(db: Session, game: PlayMatch, **changes: Any) -> dict[str, Any]:
    """Write ``changes`` and ``version + 1`` to the match row if it is still at the
    version read (nothing is committed); the values written. The one guard of the game
    for every seat playing it.

    Raises:
        StaleTapError: the match moved on (the transaction is rolled back).
    """
    return _bump(db, _BUMP_MATCH, {"key_id": game.id}, game.version, changes)


def bump_seat(db: Session, seat: PlaySeat, **changes: Any) -> dict[str, Any]:
    """Write ``changes`` and ``version + 1`` to the seat if it is still at the version
    read (nothing is committed); the values written.

    Raises:
        StaleTapError: the seat moved on (the transaction is rolled back).
    """
    return _bump(db, _BUMP_SEAT, {"key_session_id": seat.session_id,
                                  "key_match_id": seat.match_id}, seat.version, changes)


def _bump(db: Session, statement: Update, key: Mapping[str, Any], version: int,
          changes: Mapping[str, Any]) -> dict[str, Any]:
    values: dict[str, Any] = {"version": version + 1, "updated_at": utcnow(), **changes}
    # A plain UPDATE on the session's connection: no ORM flush or bulk-update machinery.
    result = db.connection().execute(statement, {**values, **key, "read_version": version})
    if result.rowcount != 1:
        db.rollback()
        raise StaleTapError(STALE)
    return values


def seat_seeds(game: PlayMatch) -> list[str] | None:
    """The two players' own client seeds a friend match's next hand is dealt with
    (seat 0's first; their combination is its client seed), ``None`` against the
    computer (``docs/fairness.md``)."""
    return mode_of(game).seat_seeds(game)


def hand_row(game: PlayMatch, match: MatchState) -> PlayHand:
    """A new row for the current hand of ``match`` (its seeds — in a friend match both
    players' own client seeds too —, log and any result)."""
    assert game.id is not None
    seed = match.seed
    row = PlayHand(match_id=game.id, number=match.hand_number, dealer=match.dealer,
                   log=[[p, t] for p, t in match.hand_log])
    if isinstance(seed, HandSeed):
        row.server_seed, row.client_seed = seed.server_seed, seed.client_seed
        row.commitment = seed.commitment
        row.seat_seeds = seat_seeds(game)
    if match.hand.phase is Phase.OVER:
        _finish(row, match.records[-1])
    return row


def _ended(before: MatchState | None, after: MatchState) -> bool:
    """True when the current hand of ``after`` ended in this change."""
    if after.hand.phase is not Phase.OVER:
        return False
    return before is None or before.hand_number != after.hand_number \
        or before.hand.phase is not Phase.OVER


def store(db: Session, loaded: Loaded, match: MatchState, **seat_changes: Any) -> Loaded:
    """Write what changed from ``loaded.match`` to ``match`` (one tap), if the seat is
    still at the version read; the rows then show the stored values.

    Writes the seat, the current hand's row (a new row when ``match`` dealt the next
    hand) and, when a hand ended or started, the match row: never an earlier hand.

    Raises:
        StaleTapError: the seat moved on since it was read (nothing written).
    """
    seat, game, before = loaded.seat, loaded.game, loaded.match
    ended = _ended(before, match)
    game_values: dict[str, Any] = {}
    new_hand = hand_row(game, match) if match.hand_number != before.hand_number else None
    if new_hand is not None:
        game_values.update(hands=match.hand_number, next_server_seed=None)
        if seat_seeds(game) is not None:
            game_values["hand_seeds"] = new_hand.seat_seeds
    if ended:
        if match.over:
            game_values["over"] = True
            level = counted_level(game)
            after_commit(db, lambda: metrics.match_finished(level))
        else:
            game_values["next_server_seed"] = planned_seed(game, match.hand_number + 1)
    # The version guard first: a simultaneous tap that lost the race writes nothing (its
    # new hand's row would otherwise collide with the winner's: an IntegrityError, a 500).
    game_values = bump_match(db, game, **game_values)
    if new_hand is not None:
        db.add(new_hand)
    else:
        hand_values: dict[str, Any] = {"log": [[p, t] for p, t in match.hand_log]}
        if ended:
            record = match.records[-1]
            hand_values.update(finished=True, winner=record.winner, points=record.points,
                               kind=str(record.kind), finished_at=utcnow())
        db.connection().execute(_WRITE_HAND, {**hand_values, "key_match_id": game.id,
                                              "key_number": match.hand_number})
    if ended:  # both players' statistics move (app.core.statcache)
        statcache.bump(db, (game.session_id, game.guest_session_id))
    seat_values = bump_seat(db, seat, **seat_changes)
    _changed(db, game, game_values["version"])
    db.flush()
    mirror(seat, seat_values)
    mirror(game, game_values)
    remember_on_commit(db, game, game_values["version"], match)
    hand_over = _listeners.hand_over
    if ended and hand_over is not None:
        bind = db.get_bind()
        engine = bind if isinstance(bind, Engine) else bind.engine
        after_commit(db, lambda: hand_over(engine, game, match))
    return Loaded(seat, game, match, me=loaded.me)


def mirror(row: Any, values: Mapping[str, Any]) -> None:
    """Show the values just written on the loaded row (as stored, not as pending changes)."""
    for key, value in values.items():
        set_committed_value(row, key, value)


def save_screen(db: Session, loaded: Loaded, **values: Any) -> Loaded:
    """Store screen choices (``selected``, ``sort``) that never touch the game: no
    version check, no new version."""
    db.exec(
        update(PlaySeat).where(col(PlaySeat.session_id) == loaded.seat.session_id,
                               col(PlaySeat.match_id) == loaded.seat.match_id)
        .values(**values)
        .execution_options(synchronize_session=False)
    )
    mirror(loaded.seat, values)
    return loaded


def set_client_seed(db: Session, loaded: Loaded, client_seed: str) -> Loaded:
    """Store this seat's client seed for the next hand (the friend's seat has its own,
    ``guest_client_seed``), if the match is still at its version.

    Raises:
        StaleTapError: the match moved on since it was read (nothing written).
    """
    column = "guest_client_seed" if loaded.me == 1 else "client_seed"
    game_values = bump_match(db, loaded.game, **{column: client_seed})
    seat_values = bump_seat(db, loaded.seat)
    _changed(db, loaded.game, game_values["version"])
    mirror(loaded.seat, seat_values)
    mirror(loaded.game, game_values)
    remember_on_commit(db, loaded.game, game_values["version"], loaded.match)
    return loaded


def unreadable(db: Session, session_id: str) -> list[Finding]:
    """The matches of browser ``session_id`` (either seat) that load but cannot be
    played or shown: an unknown computer level, rules that do not parse, a hand missing,
    a result of no known kind, a log that does not replay. An ``app.core.setaside``
    check (reads only; ``app.main`` registers it)."""
    found = []
    ids = db.exec(select(PlayMatch.id).where(or_(
        col(PlayMatch.session_id) == session_id,
        col(PlayMatch.guest_session_id) == session_id))).all()
    for match_id in ids:
        try:
            game = db.get(PlayMatch, match_id)
            if game is not None:
                _check(db, game)
        except Exception as error:
            found.append(Finding.of(PlayMatch.__tablename__, {"id": match_id}, error))
        finally:
            db.rollback()
    return found


def unreadable_seats(db: Session, session_id: str) -> list[Finding]:
    """The seats of browser ``session_id`` whose screen choices cannot be shown: a sort
    of no kind, a selected or arranged card that is no card. An ``app.core.setaside``
    check (reads only; ``app.main`` registers it)."""
    found = []
    for seat in db.exec(select(PlaySeat).where(PlaySeat.session_id == session_id)).all():
        try:
            if seat.sort not in SORTS:
                raise ValueError(f"unknown sort {seat.sort[:20]!r}")
            for code in [seat.selected or "", *(seat.arranged or "").split()]:
                if code and str(Card.parse(code)) != code:
                    raise ValueError(f"{code[:20]!r} is not a card")
        except Exception as error:
            key = {"session_id": seat.session_id, "match_id": seat.match_id}
            found.append(Finding.of(PlaySeat.__tablename__, key, error))
    return found


def _unknown_level(game: PlayMatch) -> UnknownLevelError:
    return UnknownLevelError(Cause.UNKNOWN_LEVEL, level=repr(game.level[:20]),
                             levels=", ".join(LEVELS), references=", ".join(REFERENCES))


def _check(db: Session, game: PlayMatch) -> None:
    """Raise what showing or playing ``game`` would raise (every hand replayed)."""
    if turn_level(game) not in (None, *LEVELS):
        raise _unknown_level(game)
    rules = Rules.from_dict(game.rules)
    if game.legacy_log is None and game.hands == 0:
        return  # an invite not taken up yet: no hand to replay
    seeds, log = match_history(db, game)
    if game.legacy_log is None:
        hands = db.exec(select(PlayHand.number, PlayHand.finished, PlayHand.kind)
                        .where(PlayHand.match_id == game.id)).all()
        if sorted(number for number, _, _ in hands) != list(range(1, game.hands + 1)):
            raise ValueError(f"match {game.id} is missing hands")
        for _, finished, kind in hands:
            if finished:
                HandKind(kind or "void")
    replay(rules, seeds, log, game.first_dealer)
