"""Storage of Play, hand by hand (issues 3, 12 and 14; SPEC §7).

Three tables (:mod:`app.models`):

* ``PlaySeat`` — one per browser: the match it is playing, ``version`` (the guard of
  every change of the game) and the screen choices (selection, sort), stored beside the
  game and never in its log;
* ``PlayMatch`` — one per match, with its own id, kept when another starts: rules,
  level, first dealer, the client seed for the next hand and the next hand's server seed;
* ``PlayHand`` — one per hand: its ``gin-shuffle-v1`` seeds and commitment, its own
  action log and, once over, its result.

**load** reads the seat, the match, the finished hands' results (no logs) and the
current hand, and rebuilds the match with :func:`app.engine.match.resume`, which replays
the current hand only. The state is cached per process under the seat's version, so a
tap normally replays nothing, and a restart (or another worker) replays at most one hand
per match, the first time that match is loaded.

**store** writes what a tap changed: the seat (``UPDATE ... WHERE version = :read``, so
two processes can never both apply a tap to the same version), the current hand's row,
and when a hand ends or starts the match row and the new hand's row. Earlier hands are
never rewritten, so a tap's cost does not grow with the length of the match.

A match stored before this layout (one row, one int seed, the whole log) is split into
hand rows the first time it is loaded (:func:`_split_legacy`); its later hands are dealt
with ``gin-shuffle-v1``.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import Engine, update
from sqlalchemy.orm.attributes import set_committed_value
from sqlmodel import Session, col, select

from app import analysis
from app.engine import HandKind, HandRecord, HandSeed, MatchState, Phase, Rules, replay, tally
from app.engine.bots import LEVELS, UnknownLevelError
from app.engine.match import Seed, dealer_of, resume
from app.models import PlayHand, PlayMatch, PlaySeat, utcnow
from app.play.common import PERSON, STALE, Loaded, StaleTapError

_CACHE_SIZE = 512
_cache: OrderedDict[str, tuple[int, int, MatchState]] = OrderedDict()
_cache_lock = threading.Lock()


def new_server_seed() -> str:
    """A fresh server seed: 32 bytes from ``secrets`` as 64 lowercase hex characters."""
    return secrets.token_hex(32)


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


def rebuild(db: Session, seat: PlaySeat, game: PlayMatch) -> MatchState:
    """The match state of ``seat``: from this process's cache when the version matches,
    else rebuilt from the finished hands' results and the current hand's replay.

    Raises:
        GameError: the stored hand does not replay (a corrupted row);
            ``UnknownLevelError`` when the match's computer level is not one of ``LEVELS``.
    """
    if game.level not in LEVELS:
        raise UnknownLevelError(
            f"stored match {game.id}: unknown computer level {game.level[:20]!r} "
            f"(levels are {', '.join(LEVELS)})")
    with _cache_lock:
        hit = _cache.get(seat.session_id)
        if hit is not None and hit[:2] == (game.id, seat.version):
            _cache.move_to_end(seat.session_id)
            return hit[2]
    if game.legacy_log is not None:
        match = _split_legacy(db, game)
    else:
        assert game.id is not None
        results = db.exec(
            select(PlayHand.winner, PlayHand.points, PlayHand.kind)
            .where(PlayHand.match_id == game.id, col(PlayHand.number) < game.hands)
            .order_by(col(PlayHand.number))
        ).all()
        current = db.get(PlayHand, (game.id, game.hands))
        if current is None or len(results) != game.hands - 1:
            raise ValueError(f"match {game.id} is missing hands")
        finished = [HandRecord(winner, points, HandKind(kind or "void"))
                    for winner, points, kind in results]
        match = resume(Rules.from_dict(game.rules), game.first_dealer, finished,
                       hand_seed(current, game), _pairs(current.log))
    remember(seat.session_id, game, seat.version, match)
    return match


def _split_legacy(db: Session, game: PlayMatch) -> MatchState:
    """Split an old match's whole log into hand rows (once, on its first load)."""
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
    values = {"legacy_log": None, "hands": len(logs), "over": match.over,
              "client_seed": game.client_seed or new_client_seed(),
              "next_server_seed": new_server_seed() if match.hand.phase is Phase.OVER
              and not match.over else None}
    db.flush()
    db.exec(update(PlayMatch).where(col(PlayMatch.id) == game.id)
            .values(**values).execution_options(synchronize_session=False))
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


def remember(session_id: str, game: PlayMatch, version: int, match: MatchState) -> None:
    """Cache ``match`` as the state of ``session_id`` at ``version`` (this process only)."""
    assert game.id is not None
    with _cache_lock:
        _cache[session_id] = (game.id, version, match)
        _cache.move_to_end(session_id)
        while len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)


def forget_cache() -> None:
    """Empty this process's replay cache (tests and benchmarks use it to force replays)."""
    with _cache_lock:
        _cache.clear()


def load(db: Session, session_id: str) -> Loaded | None:
    """The browser's match, or ``None`` when it has not started one."""
    seat = db.get(PlaySeat, session_id)
    if seat is None:
        return None
    game = db.get(PlayMatch, seat.match_id)
    if game is None:  # pragma: no cover - the foreign key forbids it
        return None
    return Loaded(seat, game, rebuild(db, seat, game))


def bump_seat(db: Session, seat: PlaySeat, **changes: Any) -> dict[str, Any]:
    """Write ``changes`` and ``version + 1`` to the seat if it is still at the version
    read (nothing is committed); the values written.

    Raises:
        StaleTapError: the seat moved on (the transaction is rolled back).
    """
    values: dict[str, Any] = {"version": seat.version + 1, "updated_at": utcnow(), **changes}
    result = db.exec(
        update(PlaySeat)
        .where(col(PlaySeat.session_id) == seat.session_id)
        .where(col(PlaySeat.version) == seat.version)
        .values(**values)
        .execution_options(synchronize_session=False)
    )
    if result.rowcount != 1:
        db.rollback()
        raise StaleTapError(STALE)
    return values


def hand_row(game: PlayMatch, match: MatchState) -> PlayHand:
    """A new row for the current hand of ``match`` (its seeds, log and any result)."""
    assert game.id is not None
    seed = match.seed
    row = PlayHand(match_id=game.id, number=match.hand_number, dealer=match.dealer,
                   log=[[p, t] for p, t in match.hand_log])
    if isinstance(seed, HandSeed):
        row.server_seed, row.client_seed = seed.server_seed, seed.client_seed
        row.commitment = seed.commitment
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
    seat_values = bump_seat(db, seat, **seat_changes)
    game_values: dict[str, Any] = {}
    if match.hand_number != before.hand_number:
        db.add(hand_row(game, match))
        game_values.update(hands=match.hand_number, next_server_seed=None)
    else:
        hand_values: dict[str, Any] = {"log": [[p, t] for p, t in match.hand_log]}
        if _ended(before, match):
            record = match.records[-1]
            hand_values.update(finished=True, winner=record.winner, points=record.points,
                               kind=str(record.kind), finished_at=utcnow())
        db.exec(update(PlayHand)
                .where(col(PlayHand.match_id) == game.id)
                .where(col(PlayHand.number) == match.hand_number)
                .values(**hand_values).execution_options(synchronize_session=False))
    if _ended(before, match):
        if match.over:
            game_values["over"] = True
        else:
            game_values["next_server_seed"] = new_server_seed()
    if game_values:
        game_values["updated_at"] = utcnow()
        db.exec(update(PlayMatch).where(col(PlayMatch.id) == game.id)
                .values(**game_values).execution_options(synchronize_session=False))
    db.commit()
    mirror(seat, seat_values)
    mirror(game, game_values)
    remember(seat.session_id, game, seat_values["version"], match)
    if _ended(before, match):
        analyse_hand(db, game, match)
    return Loaded(seat, game, match)


def analyse_hand(db: Session, game: PlayMatch, match: MatchState) -> None:
    """Queue the rating of the person's decisions in the hand of ``match`` that just
    ended (issue 15; :mod:`app.analysis`, off the request path)."""
    assert game.id is not None
    points = tally(match.records[:-1], match.rules).points
    bind = db.get_bind()
    engine = bind if isinstance(bind, Engine) else bind.engine
    analysis.schedule(engine, game.id, match.hand_number, match.rules.to_dict(),
                      match.seed, match.dealer, (points[0], points[1]), list(match.hand_log))


def mirror(row: Any, values: Mapping[str, Any]) -> None:
    """Show the values just written on the loaded row (as stored, not as pending changes)."""
    for key, value in values.items():
        set_committed_value(row, key, value)


def save_screen(db: Session, loaded: Loaded, **values: Any) -> Loaded:
    """Store screen choices (``selected``, ``sort``) that never touch the game: no
    version check, no new version."""
    db.exec(
        update(PlaySeat).where(col(PlaySeat.session_id) == loaded.seat.session_id)
        .values(**values)
        .execution_options(synchronize_session=False)
    )
    db.commit()
    mirror(loaded.seat, values)
    return loaded


def set_client_seed(db: Session, loaded: Loaded, client_seed: str) -> Loaded:
    """Store the client seed for the next hand, if the seat is still at its version.

    Raises:
        StaleTapError: the seat moved on since it was read (nothing written).
    """
    seat_values = bump_seat(db, loaded.seat)
    game_values = {"client_seed": client_seed, "updated_at": utcnow()}
    db.exec(update(PlayMatch).where(col(PlayMatch.id) == loaded.game.id)
            .values(**game_values).execution_options(synchronize_session=False))
    db.commit()
    mirror(loaded.seat, seat_values)
    mirror(loaded.game, game_values)
    remember(loaded.seat.session_id, loaded.game, seat_values["version"], loaded.match)
    return loaded
