"""Watching a friend match: a secret link that shows the table's public side, live.

**Who agrees.** A friend match is watched only by both players' leave: each seat has
its own *Let others watch* (:func:`allow`, a :class:`~app.core.models.WatchConsent` row
per seat), and a watch link is made (:func:`make_link`, by either player) only while
both allow it. Taking one's leave back stops every link of the match at once (so does
*Stop all watch links*, :func:`stop`); a new link needs both again. An event's table
(issue 49) is watched by the event's leave instead: the event calls :func:`issue`,
which makes a link of any started friend match without asking its seats.

**The link** is a secret link (:mod:`app.web.secretlinks`: only its SHA-256 is kept in
``watch_link``), shown once, when it is made; whoever opens it sees :func:`watched`,
the kit's public screen (:func:`app.table.watch.watch_screen`): the piles, the counts,
the last move, whose turn, the score, and at the end of a hand what both players were
shown. Never a card of a hand in play, the stock's order, a seed, a session or the
link's own token. An unknown, malformed or stopped link is a :class:`WatchError`
(404, saying which).

**Live.** :func:`events` is the watcher's Server-Sent Events stream, on the friend
match's own live signal (:mod:`app.friend.live`): ``event: move`` with the match's
version when it changes (the page then fetches the public view again), ``event:
gone`` when the link is stopped, a comment every :data:`PING_SECONDS`. Like the
players' stream, nothing sent holds a card.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, delete, func, update
from sqlmodel import Session, col, select
from starlette.concurrency import run_in_threadpool

from app.core.i18n import N_
from app.core.models import PlayMatch, PlaySeat, WatchConsent, WatchLink, utcnow
from app.friend import live
from app.friend.invites import seat_of
from app.table.common import PlayError
from app.table.storage import open_seat, rebuild
from app.table.watch import WatchScreen, watch_screen
from app.web.secretlinks import lookup, new_link

PING_SECONDS = 10
"""The watcher's stream looks at its link and sends a keep-alive this often."""

UNKNOWN = N_("This link does not lead to a match to watch. Check that it was copied whole.")
STOPPED = N_("This watch link was stopped: the players no longer let others watch with "
             "it. Ask them for a new one.")
NOT_YOURS = N_("This is not one of your friend matches, or it has not started yet.")
NO_LEAVE = N_("A watch link needs both players' leave: your friend has not turned on "
              "Let others watch yet.")
NO_LEAVE_YOURS = N_("Turn on Let others watch first: a watch link needs both players' "
                    "leave.")


class WatchError(PlayError):
    """A watch link that leads nowhere (unknown, malformed or stopped: 404), or a
    player's request the match refuses (409)."""

    status_code = 404


class StoppedLinkError(WatchError):
    """The link was stopped (a player took their leave back, or stopped the links)."""


class ViewerRefusedError(WatchError):
    """The link is good, but this browser may not watch the match now (409): a check
    registered with :func:`refuse_viewers` says why."""

    status_code = 409


ViewerCheck = Callable[[Session, int, str], str | None]
"""``check(db, match_id, session_id)``: why the browser ``session_id`` may not watch the
match now (a message marked with ``N_``), or ``None``."""

_VIEWER_CHECKS: list[ViewerCheck] = []


def refuse_viewers(check: ViewerCheck) -> None:
    """Have every watch page and stream ask ``check`` about its viewer's browser (the
    layers above the friend feature register theirs at start: an event's duplicate
    boards, ``app.events.hosting.may_watch``)."""
    if check not in _VIEWER_CHECKS:
        _VIEWER_CHECKS.append(check)


def check_viewer(db: Session, match_id: int, session_id: str | None) -> None:
    """Raise :class:`ViewerRefusedError` when a registered check refuses the browser
    ``session_id`` (``None``: a browser without a session, never refused) the match
    ``match_id``."""
    if session_id is None:
        return
    for check in _VIEWER_CHECKS:
        why = check(db, match_id, session_id)
        if why is not None:
            raise ViewerRefusedError(why)


class NoLeaveError(WatchError):
    """A link was asked for before both players allowed watching."""

    status_code = 409


@dataclass(frozen=True, slots=True)
class Watching:
    """A player's view of watching their friend match: the match, the friend's name,
    whether this seat (``mine``) and the friend's (``theirs``) let others watch, and how
    many links are open (``links``)."""

    match_id: int
    me: int
    friend: str
    mine: bool
    theirs: bool
    links: int

    @property
    def both(self) -> bool:
        """True when both players let others watch (a link may be made)."""
        return self.mine and self.theirs


def _seat_game(db: Session, session_id: str, match_id: int | None) -> tuple[PlayMatch, int]:
    """This browser's started friend match ``match_id`` (else its open seat's) and its
    seat. Raises WatchError (404) otherwise."""
    if match_id is None:
        seat = open_seat(db, session_id)
        match_id = seat.match_id if seat is not None else None
    game = db.get(PlayMatch, match_id) if match_id is not None else None
    me = seat_of(game, session_id) if game is not None else None
    if game is None or me is None or not game.friend or not game.hands or \
            game.guest_session_id is None or db.get(PlaySeat, (session_id, game.id)) is None:
        raise WatchError(NOT_YOURS)
    return game, me


def watching(db: Session, session_id: str, match_id: int | None = None) -> Watching:
    """Where watching of this browser's friend match ``match_id`` (else its open one)
    stands. Three reads.

    Raises:
        WatchError: not a started friend match of this browser (404).
    """
    game, me = _seat_game(db, session_id, match_id)
    assert game.id is not None
    seats = {row.seat for row in db.exec(select(WatchConsent).where(
        col(WatchConsent.match_id) == game.id)).all()}
    links = db.exec(select(func.count()).select_from(WatchLink).where(
        col(WatchLink.match_id) == game.id, col(WatchLink.revoked_at).is_(None))).one()
    names = game.names or ["", ""]
    return Watching(game.id, me, names[1 - me], me in seats, 1 - me in seats, links)


def allow(db: Session, session_id: str, match_id: int | None, on: bool) -> Watching:
    """Turn this seat's *Let others watch* on or off. Off stops every link of the match
    (their watchers are told: the link then says it was stopped).

    Raises:
        WatchError: not a started friend match of this browser (404).
    """
    game, me = _seat_game(db, session_id, match_id)
    assert game.id is not None
    if on and db.get(WatchConsent, (game.id, me)) is None:
        db.add(WatchConsent(match_id=game.id, seat=me))
        db.flush()
    elif not on:
        db.exec(delete(WatchConsent).where(
            col(WatchConsent.match_id) == game.id, col(WatchConsent.seat) == me))
        _revoke(db, game)
    return watching(db, session_id, game.id)


def make_link(db: Session, session_id: str, match_id: int | None) -> tuple[str, Watching]:
    """A new watch link of this browser's friend match, made while both players let
    others watch: its token (shown once; only its hash is kept) and where watching
    stands now.

    Raises:
        WatchError: not a started friend match of this browser (404).
        NoLeaveError: a player has not allowed watching (409).
    """
    state = watching(db, session_id, match_id)
    if not state.both:
        raise NoLeaveError(NO_LEAVE if state.mine else NO_LEAVE_YOURS)
    token = issue(db, state.match_id, state.me)
    return token, watching(db, session_id, state.match_id)


def issue(db: Session, match_id: int, seat: int | None = None) -> str:
    """Make a watch link of the started friend match ``match_id`` and return its token
    (the only time it is known). ``seat``: the player who asked (``None``: an event's
    table, watched by the event's leave: no player's consent is asked here, the caller
    decides). Stopped with the match's other links (:func:`stop`, or a player taking
    their leave back).

    Raises:
        WatchError: no such started friend match (404).
    """
    game = db.get(PlayMatch, match_id)
    if game is None or not game.friend or not game.hands:
        raise WatchError(NOT_YOURS)
    token, hashed = new_link()
    db.add(WatchLink(token_hash=hashed, match_id=match_id, seat=seat))
    db.flush()
    return token


def _revoke(db: Session, game: PlayMatch) -> int:
    """Stop every open link of ``game`` and tell their watchers; the number stopped."""
    result = db.exec(update(WatchLink).where(
        col(WatchLink.match_id) == game.id, col(WatchLink.revoked_at).is_(None))
        .values(revoked_at=utcnow()))
    stopped = int(result.rowcount or 0)
    if stopped:
        live.announce(db, game)  # without a version: the streams read their link again
    return stopped


def stop(db: Session, session_id: str, match_id: int | None) -> Watching:
    """Stop every watch link of this browser's friend match (either player may); the
    players' leave stays as it was.

    Raises:
        WatchError: not a started friend match of this browser (404).
    """
    game, _ = _seat_game(db, session_id, match_id)
    _revoke(db, game)
    return watching(db, session_id, game.id)


def stop_all(db: Session, match_id: int) -> int:
    """Stop every watch link of match ``match_id`` (for an event ending a table); the
    number stopped."""
    game = db.get(PlayMatch, match_id)
    return 0 if game is None else _revoke(db, game)


def find(db: Session, token: str) -> WatchLink:
    """The open link ``token`` as sent.

    Raises:
        WatchError: malformed or unknown (404).
        StoppedLinkError: stopped (404, saying so).
    """
    row = lookup(db, WatchLink, token)
    if row is None:
        raise WatchError(UNKNOWN)
    if row.revoked_at is not None:
        raise StoppedLinkError(STOPPED)
    return row


def watched(db: Session, token: str, viewer: str | None = None) -> WatchScreen:
    """The public table the link ``token`` shows (module docstring) to the browser
    ``viewer`` (its session id, ``None`` for one without a session).

    Raises:
        WatchError: as :func:`find`, or the match is gone (404).
        ViewerRefusedError: a registered check refuses ``viewer`` (409).
    """
    row = find(db, token)
    check_viewer(db, row.match_id, viewer)
    game = db.get(PlayMatch, row.match_id)
    if game is None or not game.hands:
        raise WatchError(UNKNOWN)
    names = game.names or ["", ""]
    return watch_screen(rebuild(db, None, game), (names[0], names[1]), game.version)


def _link_state(engine: Engine, token: str) -> tuple[int, int] | None:
    """``(match id, version)`` of the open link ``token``, or ``None`` when it leads
    nowhere now. Reads only."""
    with Session(engine.execution_options(sqlite_begin="LAZY")) as db:
        try:
            row = find(db, token)
        except WatchError:
            return None
        game = db.get(PlayMatch, row.match_id)
        return None if game is None else (row.match_id, game.version)


async def events(engine: Any, token: str, match_id: int, poll: bool = False
                 ) -> AsyncIterator[str]:
    """The watcher's event stream of the link ``token`` of match ``match_id`` (module
    docstring). ``poll``: read the link and the match at every ping too (SQLite served
    by several processes, where a move elsewhere wakes nobody here)."""
    with live.watch(match_id) as watcher:
        yield "retry: 2000\n\n"
        sent: int | None = None
        first = True
        while True:
            watcher.changed.clear()
            read = first or poll or watcher.needs_read()
            version = watcher.announced()
            first = False
            if read:
                state = await run_in_threadpool(_link_state, engine, token)
                if state is None:
                    yield "event: gone\ndata: 0\n\n"
                    return
                version = max(state[1], version or 0)
            if version is not None and version != sent:
                sent = version
                yield f"event: move\ndata: {version}\n\n"
            else:
                yield ": ping\n\n"
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(watcher.changed.wait(), timeout=PING_SECONDS)
