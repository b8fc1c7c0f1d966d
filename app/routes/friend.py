"""Play a friend (issue 18): invites, the join page and the live table's signals.

* ``POST /play/friend`` — *Play a friend* from the New match form (name, client seed,
  table options, version): makes the invite, 303 to ``/play`` (the waiting page).
* ``POST /play/friend/cancel`` — the inviter cancels the open invite.
* ``GET /play/friend/{token}`` — the join page (choose a name, maybe a client seed), a
  refusal page (4xx: forged, used, cancelled, expired, your own) or, for a browser that
  already plays that match, 303 to ``/play`` (the link resumes the seat).
* ``POST /play/friend/{token}`` — take the seat and start the match (303 to ``/play``).
* ``POST /play/friend/{token}/decline`` — the friend cancels before the match starts.
* ``GET /play/friend/qr.svg`` — the inviter's link as a QR code (SVG, drawn here).
* ``GET /play/events`` — Server-Sent Events for a friend match: ``event: move`` with
  ``data: <version>-<away>`` whenever the match changes (or the friend's away state
  does); a comment every :data:`PING_SECONDS` keeps proxies from closing it. 204 when
  this browser plays no friend match (EventSource then stops).
* ``GET /play/pulse`` — the same ``<version>-<away>`` as plain text: the poll fallback.

Nothing sent by the last two holds a card: the browser fetches its own screen.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
from collections.abc import AsyncIterator
from typing import Any

from fastapi import APIRouter, Request
from sqlmodel import Session
from starlette.concurrency import run_in_threadpool
from starlette.responses import PlainTextResponse, RedirectResponse, Response, StreamingResponse

from app import play
from app.core.inputs import checked
from app.engine import Rules
from app.friend import invites as friend
from app.friend import live
from app.play.words import rules_summary
from app.routes.play import FieldsDep, new_match_page
from app.web.render import render
from app.web.sessions import DbDep, SessionDep

router = APIRouter()

PING_SECONDS = 10
"""The SSE stream checks presence and sends a keep-alive comment this often."""


def invite_url(request: Request, token: str) -> str:
    """The invite link as a full URL (what the inviter copies or shares)."""
    return str(request.url_for("friend_join", token=token))


@router.post("/play/friend")
def create(request: Request, session: SessionDep, db: DbDep, fields: FieldsDep) -> Response:
    """Make an invite with the New match form's options; 303 to the waiting page."""
    expected = play.whole_number(fields.get("version", ""))
    try:
        options = play.options_from_form({**fields, "level": ""})
        name = friend.player_name(fields.get("name"))
        friend.create_invite(db, session.id, options, name, expected)
    except play.PlayError as error:
        db.rollback()
        values: dict[str, Any] = {**play.default_options(None), **fields}
        for option in play.SWITCH_OPTIONS:
            values[option] = checked(fields.get(option))
        return new_match_page(request, db, session.id, notice=error.message, values=values,
                              status_code=error.status_code)
    return RedirectResponse("/play", status_code=303)


def waiting_page(request: Request, waiting: friend.Waiting, notice: str = "",
                 status_code: int = 200) -> Response:
    """The inviter's page while the friend has not joined: the link, its QR code,
    Cancel, and the live signal that reloads into the table once the friend joins."""
    return render(request, "friend/wait.html",
                  {"w": waiting, "url": invite_url(request, waiting.token), "notice": notice,
                   "hours": friend.INVITE_HOURS}, status_code=status_code)


@router.post("/play/friend/cancel")
def cancel(request: Request, session: SessionDep, db: DbDep) -> Response:
    """The inviter cancels the open invite; 303 to the New match form."""
    try:
        friend.cancel(db, session.id)
    except play.PlayError as error:
        db.rollback()
        return _refusal(request, error)
    return RedirectResponse("/play/new", status_code=303)


def _refusal(request: Request, error: play.PlayError) -> Response:
    return render(request, "friend/refused.html", {"message": error.message},
                  status_code=error.status_code)


@router.get("/play/friend/qr.svg")
def qr_code(request: Request, session: SessionDep, db: DbDep) -> Response:
    """The open invite's link as a QR code (SVG); 404 without an open invite."""
    waiting = friend.waiting(db, session.id)
    db.rollback()
    if waiting is None:
        return PlainTextResponse("No open invite.", status_code=404)
    import segno

    out = io.BytesIO()
    segno.make(invite_url(request, waiting.token), error="m").save(
        out, kind="svg", scale=4, border=2, title="Invite link as a QR code", svgclass=None,
        lineclass=None)
    return Response(out.getvalue(), media_type="image/svg+xml",
                    headers={"Cache-Control": "no-store"})


@router.get("/play/friend/{token}", name="friend_join")
def join_page(request: Request, token: str, session: SessionDep, db: DbDep,
              notice: str = "", status_code: int = 200) -> Response:
    """The join page of an invite (or a refusal, or 303 to /play for its players)."""
    try:
        invitation = friend.open_invite(db, token, session.id)
    except play.PlayError as error:
        db.rollback()
        return _refusal(request, error)
    db.rollback()
    if invitation is None:
        return RedirectResponse("/play", status_code=303)
    return render(request, "friend/join.html", {
        "i": invitation, "notice": notice,
        "rules": rules_summary(Rules.from_dict(invitation.rules), "",
                               play.Seats(0, invitation.host, True))[1:],
    }, status_code=status_code)


@router.post("/play/friend/{token}")
def join(request: Request, token: str, session: SessionDep, db: DbDep,
         fields: FieldsDep) -> Response:
    """Take the friend's seat and start the match; 303 to /play."""
    try:
        name = friend.player_name(fields.get("name"))
        seed = fields.get("client_seed") or None
        if seed is not None:
            seed = play.options_from_form({"client_seed": seed}).client_seed
        friend.accept(db, token, session.id, name, seed)
    except friend.InviteError as error:
        db.rollback()
        return _refusal(request, error)
    except play.PlayError as error:
        db.rollback()
        return join_page(request, token, session, db, notice=error.message,
                         status_code=error.status_code)
    return RedirectResponse("/play", status_code=303)


@router.post("/play/friend/{token}/decline")
def decline(request: Request, token: str, session: SessionDep, db: DbDep) -> Response:
    """The friend cancels the invite before the match starts."""
    try:
        friend.decline(db, token, session.id)
    except play.PlayError as error:
        db.rollback()
        return _refusal(request, error)
    return render(request, "friend/refused.html",
                  {"message": "You cancelled the invite: the link admits no one now.",
                   "title": "Invite cancelled"})


# --- live signals --------------------------------------------------------------------------


@router.get("/play/pulse")
def pulse(request: Request, session: SessionDep, db: DbDep) -> Response:
    """The poll fallback: ``<version>-<away>`` of this browser's friend match (and mark
    the seat as seen); 204 without one."""
    watched = friend.watched_match(db, session.id)
    db.rollback()
    if watched is None:
        return Response(status_code=204)
    found = friend.pulse(request.app.state.engine, watched[0], watched[1], touch=True)
    if found is None:
        return Response(status_code=204)
    return PlainTextResponse(found.text, headers={"Cache-Control": "no-store"})


def _watched_match(db: Session, session_id: str) -> tuple[int, int] | None:
    try:
        return friend.watched_match(db, session_id)
    finally:
        db.close()  # the stream holds no transaction


@router.get("/play/events")
async def events(request: Request, session: SessionDep, db: DbDep) -> Response:
    """Server-Sent Events of this browser's friend match (see the module docstring)."""
    watched = await run_in_threadpool(_watched_match, db, session.id)
    if watched is None:
        return Response(status_code=204)
    engine = request.app.state.engine
    match_id, seat = watched
    return StreamingResponse(_stream(engine, match_id, seat), media_type="text/event-stream",
                             headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})


async def _stream(engine: Any, match_id: int, seat: int) -> AsyncIterator[str]:
    """The event stream of one table: the match's live state, read at the start, when a
    change comes without its version and at least every :data:`PING_SECONDS` (marking
    the seat as seen every ``TOUCH_SECONDS``); a move's announced version goes out at
    once, with the friend's away state as last read, without touching the database."""
    loop = asyncio.get_running_loop()
    with live.watch(match_id) as watcher:
        yield "retry: 2000\n\n"
        sent: str | None = None
        last: friend.Pulse | None = None
        touched = 0.0
        while True:
            watcher.changed.clear()
            touch = loop.time() - touched >= friend.TOUCH_SECONDS
            version = watcher.announced()
            if version is not None and last is not None and not touch:
                found: friend.Pulse | None = friend.Pulse(max(version, last.version), last.away)
            else:
                found = await run_in_threadpool(friend.pulse, engine, match_id, seat, touch)
                if touch:
                    touched = loop.time()
            if found is None:
                return
            last = found
            if found.text != sent:
                sent = found.text
                yield f"event: move\ndata: {sent}\n\n"
            else:
                yield ": ping\n\n"
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(watcher.changed.wait(), timeout=PING_SECONDS)
