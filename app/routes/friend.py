"""Play a friend: invites, the join page and the live table's signals.

* ``POST /play/friend`` — *Play a friend* from the New match form (name, client seed,
  table options, version): makes the invite, 303 to ``/play`` (the waiting page).
* ``POST /play/friend/cancel`` — the inviter cancels the open invite.
* ``GET /play/friend/{token}`` — the join page (choose a name, maybe a client seed), a
  refusal page (4xx: forged, used, cancelled, expired, your own) or, for a browser that
  already plays that match, 303 to ``/play`` (the link resumes the seat).
* ``POST /play/friend/{token}`` — take the seat and start the match (303 to ``/play``).
* ``POST /play/friend/{token}/decline`` — the friend cancels before the match starts.
* ``GET /play/friend/qr.svg`` — the inviter's link as a QR code (SVG, drawn here).
* ``GET /play/events`` — Server-Sent Events for a friend match (``?match=<id>``, else
  the open one): ``event: move`` with ``data: <version>-<away>`` whenever the match
  changes (or the friend's away state does); with ``?match``, ``event: turn`` with the
  ids of the browser's other friend matches that moved (several matches at once); a
  comment every ``app.friend.stream.PING_SECONDS`` keeps proxies from closing it (the
  stream itself is :mod:`app.friend.stream`). 204 when this browser plays no friend
  match to hear (EventSource then stops); 429 with ``Retry-After`` beyond the open
  streams allowed per browser and per address (``LIMIT_STREAMS_*``).
* ``GET /play/pulse`` — the same ``<version>-<away>`` as plain text: the poll fallback.

Nothing sent by the last two holds a card: the browser fetches its own screen.
"""

from __future__ import annotations

import io

from fastapi import APIRouter, Request
from starlette.background import BackgroundTask
from starlette.concurrency import run_in_threadpool
from starlette.responses import PlainTextResponse, Response, StreamingResponse

from app import play
from app.core.i18n import gettext
from app.core.inputs import whole_number
from app.engine import Rules
from app.friend import invites as friend
from app.friend.pages import invite_url
from app.friend.stream import events as event_stream
from app.play.pages import new_match_page, posted_options
from app.table.common import FriendSeats, PlayError
from app.table.words import rules_summary
from app.web.deps import DbDep, FieldsDep, SessionDep
from app.web.limits import held_until_closed, stream_slot
from app.web.links import see_other
from app.web.render import refused_at, render

router = APIRouter()


@router.post("/play/friend")
def create(request: Request, session: SessionDep, db: DbDep, fields: FieldsDep) -> Response:
    """Make an invite with the New match form's options (replacing this browser's
    earlier open invite); 303 to the waiting page. 429 beyond the invite limits."""
    expected = whole_number(fields.get("version", ""))
    try:
        options = play.options_from_form({**fields, "level": ""})
        name = friend.player_name(fields.get("name"))
        friend.create_invite(db, session.id, options, name, expected)
    except PlayError as error:
        return new_match_page(request, db, session.id, notice=error.message,
                              field=error.field, values=posted_options(fields),
                              status_code=error.status_code)
    return see_other(request, "/play")


@router.post("/play/friend/cancel")
def cancel(request: Request, session: SessionDep, db: DbDep, _form: FieldsDep) -> Response:
    """The inviter cancels the open invite; 303 to the New match form."""
    try:
        friend.cancel(db, session.id)
    except PlayError as error:
        return _refusal(request, error)
    return see_other(request, "/play/new")


def _refusal(request: Request, error: PlayError) -> Response:
    return render(request, "friend/refused.html", {"message": error.message},
                  status_code=error.status_code)


@router.get("/play/friend/qr.svg")
def qr_code(request: Request, session: SessionDep, db: DbDep) -> Response:
    """The open invite's link as a QR code (SVG); 404 without an open invite."""
    waiting = friend.waiting(db, session.id)
    if waiting is None:
        return PlainTextResponse("No open invite.", status_code=404)
    import segno

    out = io.BytesIO()
    segno.make(invite_url(request, waiting.token), error="m").save(
        out, kind="svg", scale=4, border=2, title=gettext("Invite link as a QR code"),
        svgclass=None,
        lineclass=None)
    return Response(out.getvalue(), media_type="image/svg+xml",
                    headers={"Cache-Control": "no-store"})


@router.get("/play/friend/{token}", name="friend_join")
def join_page(request: Request, token: str, session: SessionDep, db: DbDep) -> Response:
    """The join page of an invite (or a refusal, or 303 to /play for its players). Its
    query string is ignored: no notice or status comes from the link."""
    return _join_page(request, token, session, db)


def _join_page(request: Request, token: str, session: SessionDep, db: DbDep, *,
               notice: str = "", field: str = "", typed: dict[str, str] | None = None,
               status_code: int = 200) -> Response:
    """The join page with a refusal of the posted form (``notice``, ``status_code``): at
    the form ``field`` it names, else in the status line; the ``typed`` name and client
    seed shown again."""
    try:
        invitation = friend.open_invite(db, token, session.id)
    except PlayError as error:
        return _refusal(request, error)
    if invitation is None:
        return see_other(request, "/play")
    return render(request, "friend/join.html", {
        "i": invitation, **refused_at(notice, field), "typed": typed or {},
        "rules": rules_summary(Rules.from_dict(invitation.rules), "",
                               FriendSeats(0, invitation.host))[1:],
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
        return _refusal(request, error)
    except PlayError as error:
        return _join_page(request, token, session, db, notice=error.message,
                          field=error.field, status_code=error.status_code,
                          typed={key: fields.get(key, "") for key in ("name", "client_seed")})
    return see_other(request, "/play")


@router.post("/play/friend/{token}/decline")
def decline(request: Request, token: str, session: SessionDep, db: DbDep,
            _form: FieldsDep) -> Response:
    """The friend cancels the invite before the match starts (the empty form is read
    first: a request cut off by a hang-up changes nothing)."""
    try:
        friend.decline(db, token, session.id)
    except PlayError as error:
        return _refusal(request, error)
    return render(request, "friend/refused.html",
                  {"message": gettext("You cancelled the invite: the link admits no one now."),
                   "title": gettext("Invite cancelled")})


# --- live signals --------------------------------------------------------------------------


@router.get("/play/pulse")
def pulse(request: Request, session: SessionDep, db: DbDep,
          match: str | None = None) -> Response:
    """The poll fallback: ``<version>-<away>`` of this browser's friend match (the one
    ``match`` names, else the open one; and mark the seat as seen); 204 without one."""
    watched, _ = _watched(db, session.id, match, others=False)
    if watched is None:
        return Response(status_code=204)
    found = friend.pulse(request.app.state.engine, watched[0], watched[1], touch=True)
    if found is None:
        return Response(status_code=204)
    return PlainTextResponse(found.text, headers={"Cache-Control": "no-store"})


def _watched(db: DbDep, session_id: str, match: str | None,
             others: bool = True) -> tuple[tuple[int, int] | None, list[int]]:
    """The friend match to watch (``match``, else the open seat's) as ``(id, seat)``, and
    the browser's other friend matches in progress (with ``others``)."""
    try:
        match_id = None if match is None else whole_number(match)
        if match is not None and match_id is None:
            return None, []
        watched = friend.watched_match(db, session_id, match_id)
        shown = watched[0] if watched is not None else match_id
        return watched, (friend.other_friend_matches(db, session_id, shown)
                         if others and match is not None else [])
    finally:
        db.close()  # only read: a pulse or the stream holds no transaction meanwhile


@router.get("/play/events")
async def events(request: Request, session: SessionDep, db: DbDep,
                 match: str | None = None) -> Response:
    """Server-Sent Events of this browser's friend match (``match``, else the open one)
    and, for a page that names its ``match``, of its other friend matches (see the
    module docstring and :mod:`app.friend.stream`)."""
    watched, others = await run_in_threadpool(_watched, db, session.id, match)
    if watched is None and not others:
        return Response(status_code=204)
    release = stream_slot(request)  # 429 beyond the streams per browser or address
    engine = request.app.state.engine
    match_id, seat = watched if watched is not None else (None, 0)
    # SQLite served by several processes: a move made in another one wakes nobody here.
    poll = engine.dialect.name == "sqlite" and request.app.state.settings.workers > 1
    stream = event_stream(engine, match_id, seat, poll, others)
    return StreamingResponse(held_until_closed(release, stream),
                             media_type="text/event-stream",
                             headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
                             background=BackgroundTask(release))
