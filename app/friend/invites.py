"""Play a friend: a match between two browsers, started by an invite link.

No accounts: a seat belongs to the browser session that took it.

* **invite** (:func:`create_invite`): the New match form's *Play a friend* makes a
  match with the chosen table options that is not dealt yet (``hands == 0``), with an
  unguessable token (``secrets.token_urlsafe(24)``: 192 bits) valid for
  :data:`INVITE_HOURS`. The inviter's seat (seat 0) points at it at once, so ``/play``
  shows the waiting page with the link. The next hand's server seed is drawn now, so
  its commitment is on both pages before either player's client seed is chosen.
* **accept** (:func:`accept`): the friend's browser (any other session) takes seat 1
  with a name and, optionally, its own client seed; hand 1 is dealt from the server
  seed and both client seeds combined (``docs/fairness.md``). The status moves from
  ``open`` to ``accepted`` in one guarded update, so of two browsers accepting at once
  exactly one gets the seat; afterwards the link admits no one else (it resumes the
  two players' own seats only).
* **cancel** (:func:`cancel`, :func:`decline`): either player, before the match starts.
* **replace**: a browser has at most one open invite. Starting a new one marks every
  earlier open invite of that browser ``replaced``; its link then says so and admits
  nobody (410).

Every refusal is an :class:`InviteError` with a message and a status (400/403/404/409/410)
and changes nothing. Taps are the kit's (:func:`app.table.seats.tap`) like a match against the
computer: the match row's version serialises the two seats' taps.

Presence (:func:`pulse`, :mod:`app.friend.presence`): an open table (SSE stream or
poll) marks its seat as seen in this process's memory, written to ``*_seen_at`` in
batches; a friend not seen for :data:`AWAY_SECONDS` is shown as away. There is no turn
timer.
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Engine, update
from sqlmodel import Session, col, select

from app.core import metrics, switches
from app.core.db import after_commit
from app.core.i18n import N_, gettext
from app.core.models import PlayMatch, PlaySeat, utcnow
from app.engine import HandSeed, Rules, new_match
from app.engine.bots import DEFAULT_LEVEL
from app.engine.fairness import commitment
from app.friend import live, presence
from app.table.common import (
    COMPUTER,
    FRIEND_LEVEL,
    STALE,
    MatchOptions,
    PlayError,
    StaleTapError,
    hand_client_seed,
)
from app.table.storage import (
    bump_match,
    bump_seat,
    hand_row,
    mark_open,
    mirror,
    new_client_seed,
    new_server_seed,
    open_seat,
    planned_seed,
    remember_on_commit,
    take_seat,
)

INVITE_HOURS = 24
"""How long an invite link admits a friend."""
TOKEN_BYTES = 24
"""Random bytes of an invite token (192 bits; 32 URL-safe characters)."""
AWAY_SECONDS = 30
"""A player with no open table for this long is shown as away."""
MAX_NAME = 20
"""The longest player name, in characters."""
WATCH_OTHERS = 8
"""The most other friend matches an open page listens to (their newest seats first)."""

_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")


class InviteError(PlayError):
    """An invite link that admits no one (forged, used, cancelled, expired, ...)."""

    def __init__(self, message: str, status_code: int = 400) -> None:
        super().__init__(message)
        self.status_code = status_code


class InvitesPausedError(PlayError):
    """The operator has paused new invites (``/admin``)."""

    status_code = 503


def new_token() -> str:
    """A fresh invite token: ``secrets.token_urlsafe(24)`` (192 bits)."""
    import secrets

    return secrets.token_urlsafe(TOKEN_BYTES)


def player_name(text: str | None) -> str:
    """A player's name as typed: spaces collapsed, 1–20 printable characters.

    Raises:
        PlayError: empty, too long, or a control character (its ``field`` "name").
    """
    name = " ".join((text or "").split())
    if not name:
        raise PlayError(N_("Choose a name (1 to 20 characters), so your friend knows who "
                           "plays."), field="name")
    if len(name) > MAX_NAME:
        raise PlayError(gettext("A name may be at most %(most)d characters, not %(num)d.",
                                most=MAX_NAME, num=len(name)), field="name")
    if not name.isprintable():
        raise PlayError(N_("A name may hold letters, digits, spaces and punctuation only."),
                        field="name")
    return name


@dataclass(frozen=True, slots=True)
class Waiting:
    """What the inviter's waiting page shows: the link's token, the inviter's name, the
    commitment of hand 1's server seed, when the link expires, the version to watch and
    the invite's match id (the page listens to that match, and opens it once dealt)."""

    token: str
    name: str
    commitment: str
    expires: datetime
    version: int
    match_id: int | None = None


def create_invite(db: Session, session_id: str, options: MatchOptions, name: str,
                  expected_version: int | None = None) -> PlayMatch:
    """Make a friend match with ``options``' rules and point this browser's seat at it
    (seat 0). The match it was playing stays stored (history), as with New match.

    Raises:
        StaleTapError: the seat is not at ``expected_version`` (a stale form).
        InvitesPausedError: the operator has paused new invites (``app.core.switches``).
    """
    if not switches.is_on(db.get_bind(), "invites"):  # type: ignore[arg-type]
        raise InvitesPausedError(N_("New invites are paused on this server for now: play the "
                                 "computer meanwhile, or try again later."))
    seat = open_seat(db, session_id)
    if seat is not None and expected_version != seat.version:
        db.rollback()
        raise StaleTapError(STALE)
    _replace_open_invites(db, session_id)
    game = PlayMatch(session_id=session_id, rules=options.rules.to_dict(),
                     first_dealer=COMPUTER, level=DEFAULT_LEVEL,
                     client_seed=options.client_seed or new_client_seed(), hands=0,
                     friend=True, invite_token=new_token(), invite_status="open",
                     invite_expires=utcnow() + timedelta(hours=INVITE_HOURS),
                     names=[name, ""], next_server_seed=new_server_seed(),
                     host_seen_at=utcnow())
    db.add(game)
    db.flush()
    assert game.id is not None
    if seat is not None:
        bump_seat(db, seat)  # the guard: a simultaneous form of this browser loses
    take_seat(db, session_id, game.id)  # the browser's other matches keep their seats
    return game


def _replace_open_invites(db: Session, session_id: str) -> None:
    """Mark every open invite of this browser ``replaced`` (a new one is being made):
    their links admit nobody from now on, and a page watching one is told."""
    earlier = db.exec(select(PlayMatch).where(
        col(PlayMatch.session_id) == session_id, col(PlayMatch.friend).is_(True),
        col(PlayMatch.invite_status) == "open")).all()
    for game in earlier:
        _close(db, game, "replaced")


def _seat_game(db: Session, session_id: str, match_id: int | None = None) -> PlayMatch | None:
    """The match of this browser's seat in ``match_id``, or of its open seat."""
    if match_id is None:
        seat = open_seat(db, session_id)
        return db.get(PlayMatch, seat.match_id) if seat is not None else None
    if db.get(PlaySeat, (session_id, match_id)) is None:
        return None
    return db.get(PlayMatch, match_id)


def waiting(db: Session, session_id: str, match_id: int | None = None) -> Waiting | None:
    """The open invite this browser made and is waiting on (the invite ``match_id``,
    which then becomes the open seat, else the open seat's), or ``None`` (an expired
    invite admits no one: ``/play`` then offers the New match form again)."""
    game = _seat_game(db, session_id, match_id)
    if game is None or not game.friend or game.hands or game.invite_status != "open" \
            or game.session_id != session_id or _expired(game):
        return None
    assert game.invite_token is not None and game.invite_expires is not None
    assert game.next_server_seed is not None
    if match_id is not None:  # named by the address: it becomes the open seat
        seat = db.get(PlaySeat, (session_id, match_id))
        if seat is not None:
            mark_open(db, seat)
    return Waiting(game.invite_token, (game.names or ["", ""])[0],
                   commitment(game.next_server_seed), game.invite_expires, game.version,
                   game.id)


def _invite(db: Session, token: str) -> PlayMatch:
    """The match of ``token``, any status. Raises InviteError (404) when there is none."""
    game = None
    if _TOKEN.fullmatch(token):
        game = db.exec(select(PlayMatch).where(col(PlayMatch.invite_token) == token)).first()
    if game is None or not game.friend:
        raise InviteError(N_("This invite link is not valid: check that it was copied whole, "
                          "or ask your friend for a new one."), 404)
    return game


def _expired(game: PlayMatch) -> bool:
    return game.invite_expires is not None and game.invite_expires <= utcnow()


@dataclass(frozen=True, slots=True)
class Invitation:
    """What the join page shows to the friend: who invites, the rules, the commitment
    of hand 1's server seed and a random client seed to start from."""

    token: str
    host: str
    rules: dict[str, Any]
    commitment: str
    client_seed: str


def open_invite(db: Session, token: str, session_id: str) -> Invitation | None:
    """The invitation of ``token`` for this browser; ``None`` when this browser already
    plays that match (the link then resumes its seat: the route shows ``/play``).

    Raises:
        InviteError: forged or unknown (404); cancelled, replaced or expired (410); the match has
            started between two other browsers (403); the inviter's own link (409).
    """
    game = _invite(db, token)
    if session_id in (game.session_id, game.guest_session_id) and game.hands:
        _point_seat(db, session_id, game)
        return None
    if game.invite_status == "cancelled":
        raise InviteError(N_("This invite was cancelled: ask your friend for a new link."), 410)
    if game.invite_status == "replaced":
        raise InviteError(N_("This invite was replaced by a newer one: ask your friend for "
                          "the link they sent last."), 410)
    if game.invite_status != "open":
        raise InviteError(N_("This match has already started: the link admits no one else."), 403)
    if _expired(game):
        raise InviteError(gettext("This invite has expired (links last %(hours)d hours): ask "
                                  "your friend for a new one.", hours=INVITE_HOURS), 410)
    if game.session_id == session_id:
        raise InviteError(N_("This is your own invite: send the link to your friend, who "
                          "opens it in their browser."), 409)
    assert game.next_server_seed is not None
    return Invitation(token, (game.names or ["", ""])[0] or gettext("Your friend"), game.rules,
                      commitment(game.next_server_seed), new_client_seed())


def _point_seat(db: Session, session_id: str, game: PlayMatch) -> None:
    """Open this browser's seat in ``game`` (resume by the link), making it if there is
    none; its other matches keep their seats."""
    assert game.id is not None
    seat = db.get(PlaySeat, (session_id, game.id))
    if seat is not None:
        mark_open(db, seat)
        return
    with contextlib.suppress(StaleTapError):  # another request of this browser did it
        take_seat(db, session_id, game.id)


def accept(db: Session, token: str, session_id: str, name: str,
           client_seed: str | None, bot: bool = False) -> PlayMatch:
    """Take seat 1 of the invite ``token`` for this browser and deal hand 1; ``bot``: a
    program takes it through the bot protocol (``PlayMatch.bot_seats``, docs/bots.md).

    Raises:
        InviteError: as :func:`open_invite`, and (409) when another browser took the
            seat a moment ago.
    """
    game = _invite(db, token)
    if open_invite(db, token, session_id) is None:
        return game  # this browser already plays it: nothing to accept
    assert game.id is not None and game.next_server_seed is not None
    host = (game.names or ["", ""])[0]
    values: dict[str, Any] = {
        "invite_status": "accepted", "guest_session_id": session_id, "hands": 1,
        "names": [host, name], "guest_client_seed": client_seed or new_client_seed(),
        "next_server_seed": None, "guest_seen_at": utcnow(),
    }
    if bot:
        values["bot_seats"] = [False, True]
    values["hand_seeds"] = [game.client_seed, values["guest_client_seed"]]
    changed = db.exec(update(PlayMatch)
                      .where(col(PlayMatch.id) == game.id,
                             col(PlayMatch.invite_status) == "open",
                             col(PlayMatch.version) == game.version)
                      .values(version=game.version + 1, **values)
                      .execution_options(synchronize_session=False))
    if changed.rowcount != 1:
        db.rollback()
        raise InviteError(N_("Someone else has just taken this seat: the link admits no one "
                          "else."), 409)
    server_seed = game.next_server_seed
    mirror(game, {**values, "version": game.version + 1})
    match = new_match(Rules.from_dict(game.rules),
                      HandSeed(server_seed, hand_client_seed(game)), first_dealer=COMPUTER)
    db.add(hand_row(game, match))
    live.announce(db, game)
    take_seat(db, session_id, game.id)  # the guest's other matches keep their seats
    remember_on_commit(db, game, game.version, match)
    after_commit(db, lambda: metrics.match_started(FRIEND_LEVEL))
    return game


@dataclass(frozen=True, slots=True)
class SeedSource:
    """Where an event's table draws its deals from (a duplicate event's boards,
    :mod:`app.events`): the server seeds of hands 1, 2, … (``server_seeds``; a hand past
    them gets a fresh one) and the client seed both seats deal with (fixed: no player
    may change it, so every table holding these boards gets the same cards)."""

    server_seeds: tuple[str, ...]
    client_seed: str


def start_between(db: Session, sessions: tuple[str, str], names: tuple[str, str],
                  rules: Rules, seeds: SeedSource | None = None) -> PlayMatch:
    """Start a friend match between two browsers at once, with no invite (an event's
    table, :mod:`app.events`): seat 0 is ``sessions[0]``, seat 1 ``sessions[1]``; each
    gets a random client seed and its seat (its other matches keep theirs), and hand 1
    is dealt from a fresh server seed and both seeds combined, as :func:`accept` deals
    it. The match is ``accepted`` with no link: nobody else can take a seat. With
    ``seeds`` (:class:`SeedSource`), both seats deal with its client seed and each hand
    with its server seed (``PlayMatch.board_seeds``).

    Raises:
        InviteError: (409) both sessions are the same browser.
    """
    if sessions[0] == sessions[1]:
        raise InviteError(N_("A browser cannot play itself."), 409)
    host_seed = new_client_seed() if seeds is None else seeds.client_seed
    guest_seed = new_client_seed() if seeds is None else seeds.client_seed
    game = PlayMatch(session_id=sessions[0], guest_session_id=sessions[1],
                     rules=rules.to_dict(), first_dealer=COMPUTER, level=DEFAULT_LEVEL,
                     client_seed=host_seed, guest_client_seed=guest_seed, hands=1,
                     friend=True, invite_status="accepted", names=list(names),
                     host_seen_at=utcnow(), guest_seen_at=utcnow(),
                     board_seeds=None if seeds is None else list(seeds.server_seeds))
    game.hand_seeds = [game.client_seed, guest_seed]
    db.add(game)
    db.flush()
    assert game.id is not None
    match = new_match(rules, HandSeed(planned_seed(game, 1), hand_client_seed(game)),
                      first_dealer=COMPUTER)
    db.add(hand_row(game, match))
    for session_id in sessions:
        seat = db.get(PlaySeat, (session_id, game.id))
        if seat is None:
            db.add(PlaySeat(session_id=session_id, match_id=game.id, version=1))
    remember_on_commit(db, game, game.version, match)
    after_commit(db, lambda: metrics.match_started(FRIEND_LEVEL))
    return game


def _close(db: Session, game: PlayMatch, status: str = "cancelled") -> None:
    """Close the invite of ``game`` (``status``: cancelled or replaced), telling the
    pages watching it."""
    values = bump_match(db, game, invite_status=status)
    live.announce(db, game)
    db.flush()
    mirror(game, values)


def cancel(db: Session, session_id: str) -> None:
    """The inviter cancels its open invite (before the friend joined): the link then
    admits no one. The seat keeps pointing at the cancelled match (``/play`` shows the
    New match form).

    Raises:
        InviteError: (409) there is no open invite of this browser to cancel.
    """
    game = _seat_game(db, session_id)
    if game is None or not game.friend or game.session_id != session_id \
            or game.invite_status != "open":
        raise InviteError(N_("There is no open invite to cancel: the match has started or "
                          "was cancelled."), 409)
    _close(db, game)


def decline(db: Session, token: str, session_id: str) -> None:
    """The invited friend cancels before the match starts (the link then admits no one).

    Raises:
        InviteError: as :func:`open_invite`.
    """
    game = _invite(db, token)
    if open_invite(db, token, session_id) is None:
        raise InviteError(N_("This match has started: it can no longer be cancelled."), 409)
    _close(db, game)


# --- presence -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Pulse:
    """A table's live state: the match ``version`` and whether the friend is ``away``;
    ``text`` is what the SSE stream and the poll send (no card, no seed).
    ``friend_seen`` (the friend's stored last-seen time) and ``dealt`` (the match has
    begun) let a stream tell when the friend goes away without reading again."""

    version: int
    away: bool
    friend_seen: datetime | None = None
    dealt: bool = True

    @property
    def text(self) -> str:
        """``"<version>-<0|1>"``."""
        return f"{self.version}-{int(self.away)}"


def seat_of(game: PlayMatch, session_id: str) -> int | None:
    """The seat (0, 1) ``session_id`` plays in ``game``, or ``None``."""
    if game.session_id == session_id:
        return 0
    if game.friend and game.guest_session_id == session_id:
        return 1
    return None


def away_since(stored: datetime | None, here: datetime | None, dealt: bool,
               now: datetime | None = None) -> bool:
    """True when the later of the ``stored`` last-seen time and the one this process
    saw (``here``, :func:`app.friend.presence.seen_at`) is over :data:`AWAY_SECONDS`
    ago; never before the match is dealt or when the seat was never seen."""
    seen = max((at for at in (stored, here) if at is not None), default=None)
    if seen is None or not dealt:
        return False
    return (now or utcnow()) - seen > timedelta(seconds=AWAY_SECONDS)


def is_away(game: PlayMatch, seat: int, now: datetime | None = None,
            engine: Engine | None = None) -> bool:
    """True when ``seat``'s browser has had no open table for :data:`AWAY_SECONDS`
    (as stored, and as this process saw it when ``engine`` is given)."""
    stored = game.guest_seen_at if seat == 1 else game.host_seen_at
    here = None
    if engine is not None and game.id is not None:
        here = presence.seen_at(engine, game.id, seat, now)
    return away_since(stored, here, bool(game.hands), now)


def watched_match(db: Session, session_id: str,
                  match_id: int | None = None) -> tuple[int, int] | None:
    """``(match id, seat)`` of this browser's friend match ``match_id`` (else of its open
    seat), or ``None`` (not a friend match of this browser: nothing to watch)."""
    game = _seat_game(db, session_id, match_id)
    if game is None or not game.friend or game.id is None:
        return None
    seat = seat_of(game, session_id)
    return None if seat is None else (game.id, seat)


def other_friend_matches(db: Session, session_id: str, shown: int | None) -> list[int]:
    """The ids of this browser's friend matches in progress (dealt, not over) other than
    ``shown``: the matches whose moves the open page listens for, to say "your turn in
    another match". One read; newest seat first, at most :data:`WATCH_OTHERS`."""
    rows = db.exec(select(PlayMatch.id).join(PlaySeat, col(PlaySeat.match_id) == col(PlayMatch.id))
                   .where(col(PlaySeat.session_id) == session_id, col(PlayMatch.friend).is_(True),
                          col(PlayMatch.hands) > 0, col(PlayMatch.over).is_(False))
                   .order_by(col(PlaySeat.opened_at).desc()).limit(WATCH_OTHERS + 1)).all()
    return [match_id for match_id in rows if match_id is not None and match_id != shown
            ][:WATCH_OTHERS]


def pulse(engine: Engine, match_id: int, seat: int, touch: bool = False) -> Pulse | None:
    """The live state of the match for ``seat``; with ``touch``, first note the seat as
    seen now (in memory, :func:`app.friend.presence.mark`: written in the next batch,
    never here). ``None`` when the match is gone.

    Reads only, in SQLite's lazy transaction: a pulse never queues behind, nor holds
    up, the taps' writes."""
    if touch:
        presence.mark(engine, match_id, seat)
    with Session(engine.execution_options(sqlite_begin="LAZY")) as db:
        game = db.get(PlayMatch, match_id)
        if game is None:
            return None
        friend = 1 - seat
        return Pulse(game.version, is_away(game, friend, engine=engine),
                     game.guest_seen_at if friend == 1 else game.host_seen_at,
                     bool(game.hands))


def other_away(db: Session, session_id: str) -> bool:
    """True when this browser's friend is away (for the table's "Ann is away")."""
    game = _seat_game(db, session_id)
    if game is None or not game.friend:
        return False
    seat = seat_of(game, session_id)
    bind = db.get_bind()
    engine = bind if isinstance(bind, Engine) else bind.engine
    return seat is not None and is_away(game, 1 - seat, engine=engine)
