"""Watching a friend match (``app.friend.watch``).

The players (their session):

* ``GET /play/watch`` — where watching stands for the friend match ``?match=<id>`` (else
  the open one): this seat's *Let others watch*, the friend's, the open links;
* ``POST /play/watch`` — ``allow`` = ``1`` or ``0`` (and ``match``): this seat's leave;
  off stops every link; 303 back;
* ``POST /play/watch/link`` — a new link (both must allow it: 409 otherwise), shown
  this once;
* ``POST /play/watch/stop`` — stop every link of the match; 303 back.

Whoever holds a link (no session needed):

* ``GET /watch/{token}`` — the public table, live; ``…/view`` the table alone (the
  page fetches it when told of a move); ``…/events`` the Server-Sent Events
  (``event: move`` with the match's version, ``event: gone`` once the link is stopped;
  429 beyond the open streams allowed per browser and per address). An unknown,
  malformed or stopped link is 404 with a message.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from starlette.background import BackgroundTask
from starlette.concurrency import run_in_threadpool
from starlette.responses import Response, StreamingResponse

from app.core.i18n import gettext
from app.core.inputs import whole_number
from app.friend import watch
from app.web.deps import DbDep, FieldsDep, SessionDep, known_session_id
from app.web.limits import held_until_closed, stream_slot
from app.web.links import see_other
from app.web.render import render

router = APIRouter()

NO_STORE = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer",
            "X-Robots-Tag": "noindex"}
"""A watch page is never cached, never sends its address on, never indexed."""


def _match(value: str | None) -> int | None:
    """The ``match`` of a query or form (``None`` when absent or not a number)."""
    return None if value is None else whole_number(value)


def _players_page(request: Request, state: watch.Watching, *, link: str = "",
                  notice: str = "", status_code: int = 200) -> Response:
    return render(request, "friend/watching.html",
                  {"w": state, "link": link, "notice": notice},
                  status_code=status_code, headers={"Cache-Control": "no-store"})


def _refused(request: Request, error: watch.WatchError) -> Response:
    return render(request, "friend/refused.html", {
        "message": error.message, "title": gettext("Watching")},
        status_code=error.status_code)


@router.get("/play/watch", name="watching")
def watching_page(request: Request, session: SessionDep, db: DbDep,
                  match: str | None = None) -> Response:
    """Where watching of this browser's friend match stands (404 for any other)."""
    try:
        state = watch.watching(db, session.id, _match(match))
    except watch.WatchError as error:
        return _refused(request, error)
    return _players_page(request, state)


@router.post("/play/watch")
def allow(request: Request, session: SessionDep, db: DbDep, fields: FieldsDep) -> Response:
    """This seat's *Let others watch* (``allow`` 1 or 0); 303 back to the page."""
    on = fields.get("allow")
    if on not in ("0", "1"):
        return render(request, "friend/refused.html", {
            "message": gettext("Choose whether others may watch (allow: 1 or 0)."),
            "title": gettext("Watching")}, status_code=400)
    try:
        state = watch.allow(db, session.id, _match(fields.get("match")), on == "1")
    except watch.WatchError as error:
        return _refused(request, error)
    return see_other(request, f"/play/watch?match={state.match_id}")


@router.post("/play/watch/link")
def make_link(request: Request, session: SessionDep, db: DbDep,
              fields: FieldsDep) -> Response:
    """A new watch link, shown once (409 until both players allow watching)."""
    match_id = _match(fields.get("match"))
    try:
        token, state = watch.make_link(db, session.id, match_id)
    except watch.NoLeaveError as error:
        state = watch.watching(db, session.id, match_id)
        return _players_page(request, state, notice=error.message,
                             status_code=error.status_code)
    except watch.WatchError as error:
        return _refused(request, error)
    return _players_page(request, state,
                         link=str(request.url_for("watch_page", token=token)))


@router.post("/play/watch/stop")
def stop(request: Request, session: SessionDep, db: DbDep, fields: FieldsDep) -> Response:
    """Stop every watch link of the match; 303 back to the page."""
    try:
        state = watch.stop(db, session.id, _match(fields.get("match")))
    except watch.WatchError as error:
        return _refused(request, error)
    return see_other(request, f"/play/watch?match={state.match_id}")


def _watched(request: Request, db: DbDep, token: str, block: str | None) -> Response:
    try:
        screen = watch.watched(db, token, known_session_id(request, db))
    except watch.WatchError as error:
        stopped = isinstance(error, watch.StoppedLinkError)
        refused = isinstance(error, watch.ViewerRefusedError)
        return render(request, "friend/watch.html", {
            "w": None, "message": error.message,
            "title": gettext("Not yet") if refused else gettext("No longer watched")
            if stopped else gettext("No such match to watch"),
        }, block=block, status_code=error.status_code, headers=NO_STORE)
    return render(request, "friend/watch.html", {"w": screen}, block=block, headers=NO_STORE)


@router.get("/watch/{token}", name="watch_page")
def watch_page(request: Request, db: DbDep, token: str) -> Response:
    """The public table the link shows, for whoever holds it (no cookie needed)."""
    return _watched(request, db, token, None)


@router.get("/watch/{token}/view")
def watch_view(request: Request, db: DbDep, token: str) -> Response:
    """The public table alone (htmx: the ``view`` block), fetched on each move."""
    return _watched(request, db, token, "view")


def _link(db: DbDep, token: str, viewer: str | None) -> tuple[int | None, str, int]:
    """``(match id, "", 200)`` of the open link ``token`` for the browser ``viewer``,
    or ``(None, why not, status)``."""
    try:
        match_id = watch.find(db, token).match_id
        watch.check_viewer(db, match_id, viewer)
        return match_id, "", 200
    except watch.WatchError as error:
        return None, error.message, error.status_code
    finally:
        db.close()  # only read: the stream holds no transaction meanwhile


@router.get("/watch/{token}/events")
async def watch_events(request: Request, db: DbDep, token: str) -> Response:
    """The watcher's live signal (``app.friend.watch.events``); 404 for a link that
    leads nowhere."""
    match_id, why, status = await run_in_threadpool(
        lambda: _link(db, token, known_session_id(request, db)))
    if match_id is None:
        return Response(why, status_code=status, media_type="text/plain", headers=NO_STORE)
    release = stream_slot(request)  # 429 beyond the streams per browser or address
    engine = request.app.state.engine
    poll = engine.dialect.name == "sqlite" and request.app.state.settings.workers > 1
    stream = watch.events(engine, token, match_id, poll)
    return StreamingResponse(held_until_closed(release, stream),
                             media_type="text/event-stream",
                             headers={**NO_STORE, "X-Accel-Buffering": "no"},
                             background=BackgroundTask(release))
