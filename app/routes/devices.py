"""Your history on another device (docs/devices.md): ``/devices`` shows a device code
with its QR code, the recovery code, the form to open a history here, *undo* and
*Forget this browser*. Plain forms; every refusal says why and changes nothing; failed
codes are limited per browser and per client address (429 with ``Retry-After``).
``/privacy`` says what is stored and offers *Download my data* (docs/privacy.md).
"""

from __future__ import annotations

import json

import segno
from fastapi import APIRouter, Request
from starlette.responses import Response

from app.core.attempts import kept_on
from app.core.i18n import N_, gettext, ngettext
from app.devices import access, data
from app.devices.codes import DEVICE_MINUTES, CodeKind, shown
from app.web.deps import DbDep, FieldsDep, SessionDep, SettingsDep
from app.web.limits import Client
from app.web.links import cookie_path, see_other
from app.web.render import notice_for, render, settle
from app.web.sessions import (
    COOKIE_NAME,
    STATE_KEY,
    is_valid_token,
    issue_token,
    revoke_token,
    session_id_for,
)
from app.web.streams import json_groups, streamed

router = APIRouter()

PREVIOUS_COOKIE = "gin_previous"
"""Set on a browser that joined another history: its own former token (the cookie it
held, nothing new), for *undo*."""



def _keys(request: Request, session_id: str) -> list[str]:
    """What failed codes are counted against: this browser and its client address (as
    the fair-use limits know it)."""
    return [f"browser:{session_id}", f"address:{Client.of(request.scope).address}"]


def _page(request: Request, db: DbDep, session_id: str, *, issued: access.Issued | None = None,
          error: str = "", typed: str = "", notice: str = "",
          status_code: int = 200, headers: dict[str, str] | None = None) -> Response:
    link = qr = ""
    if issued is not None and issued.kind is CodeKind.DEVICE:
        link = str(request.url_for("devices_join").include_query_params(code=issued.code))
        qr = segno.make(link, error="m").svg_inline(
            scale=4, border=2, title=gettext("The link with your device code, as a QR code"))
    return render(request, "devices/devices.html", {
        "issued": issued, "shown": shown(issued.code) if issued else "", "link": link,
        "qr": qr, "minutes": DEVICE_MINUTES, "error": error, "typed": typed,
        "notice": notice, "recovery_made": access.recovery_made(db, session_id),
        "can_undo": is_valid_token(request.cookies.get(PREVIOUS_COOKIE)),
    }, status_code=status_code, headers=headers)


NOTICES = {
    "joined": N_("This browser now holds the history of your other device: the same "
                 "matches, statistics, rating and settings."),
    "undone": N_("This browser is back to its own history."),
    "forgotten": N_("Everything the server held about that history is deleted. This "
                    "browser starts afresh."),
}


@router.get("/devices", name="devices")
def devices_page(request: Request, session: SessionDep, db: DbDep,
                 done: str = "") -> Response:
    """The page: move to another device, the recovery code, open a history here."""
    return _page(request, db, session.id, notice=notice_for(done, NOTICES))


@router.post("/devices/code")
def make_device_code(request: Request, session: SessionDep, db: DbDep,
                     _form: FieldsDep) -> Response:
    """A new device code (and its QR code) for this history; the last one stops. The
    (empty) form is read first, so a request cut off by a hang-up makes no code."""
    return _page(request, db, session.id, issued=access.issue(db, session.id, CodeKind.DEVICE))


@router.post("/devices/recovery")
def make_recovery_code(request: Request, session: SessionDep, db: DbDep,
                       _form: FieldsDep) -> Response:
    """A new recovery code for this history; the last one stops working (the empty form
    read first, as for a device code)."""
    return _page(request, db, session.id,
                 issued=access.issue(db, session.id, CodeKind.RECOVERY))


@router.get("/devices/join", name="devices_join")
def join_page(request: Request, session: SessionDep, db: DbDep, code: str = "") -> Response:
    """The form to open a history here, filled in from a QR link (changes nothing)."""
    return _page(request, db, session.id, typed=code[:64])


@router.post("/devices/join")
def join(request: Request, session: SessionDep, db: DbDep, fields: FieldsDep,
         settings: SettingsDep) -> Response:
    """Open the history of a device or recovery code in this browser (303 to the page):
    a new token of that history becomes this browser's cookie (the other device keeps
    its own), and this browser's former cookie is kept for *undo*; a bad code gets 400,
    and 429 once too many bad ones came from this browser or address (the right code
    always opens its history)."""
    typed = fields.get("code", "")
    try:  # checked first, always: the right code opens its history, however many wrong
        target = access.redeem(db, typed, session.id)
    except access.CodeError as error:
        wait = kept_on(request.app.state, "devices").wrong(_keys(request, session.id))
        if wait:
            return _page(request, db, session.id, typed=typed[:64], status_code=429,
                         headers={"Retry-After": str(wait)},
                         error=ngettext(
                             "Too many codes that opened nothing: try again in %(num)d minute.",
                             "Too many codes that opened nothing: try again in %(num)d "
                             "minutes.", -(-wait // 60)))
        return _page(request, db, session.id, typed=typed[:64], error=error.message,
                     status_code=400)
    # This browser's own token: the one the dependency just sent (a first visit), else
    # the cookie it came with.
    own = getattr(request.state, STATE_KEY, None) or request.cookies.get(COOKIE_NAME, "")
    setattr(request.state, STATE_KEY, issue_token(db, target))
    response = see_other(request, "/devices?done=joined")
    response.set_cookie(PREVIOUS_COOKIE, own, max_age=int(settings.session_ttl_days * 86400),
                        path=cookie_path(request), httponly=True, samesite="lax",
                        secure=settings.secure_cookies)
    return response


@router.post("/devices/undo")
def undo(request: Request, session: SessionDep, db: DbDep, _form: FieldsDep) -> Response:
    """Back to the history this browser held before it joined another (303): its former
    token is its cookie again and the joined history's token it gives up is revoked;
    without one, the page says so (400)."""
    previous = request.cookies.get(PREVIOUS_COOKIE)
    if not is_valid_token(previous) or session_id_for(db, previous) == session.id:
        return _page(request, db, session.id, status_code=400,
                     error=gettext("This browser has no other history to go back to."))
    revoke_token(db, request.cookies.get(COOKIE_NAME))
    setattr(request.state, STATE_KEY, previous)  # a purged one starts afresh
    response = see_other(request, "/devices?done=undone")
    response.delete_cookie(PREVIOUS_COOKIE, path=cookie_path(request))
    return response


@router.post("/devices/forget")
def forget(request: Request, session: SessionDep, db: DbDep, fields: FieldsDep) -> Response:
    """Delete this history on the server (confirmed by a ticked box), then the home page."""
    if fields.get("confirm") != "yes":
        return _page(request, db, session.id, status_code=400,
                     error=gettext("Nothing was deleted: tick the box to confirm."))
    access.forget(db, session.id)
    setattr(request.state, STATE_KEY, None)  # no cookie for the deleted session
    response = see_other(request, "/devices?done=forgotten")
    response.delete_cookie(COOKIE_NAME, path=cookie_path(request))
    response.delete_cookie(PREVIOUS_COOKIE, path=cookie_path(request))
    return response


@router.get("/privacy", name="privacy")
def privacy_page(request: Request, session: SessionDep, settings: SettingsDep) -> Response:
    """What the server stores about a browser, for how long, who sees it; download and
    delete."""
    return render(request, "devices/privacy.html", {"days": settings.session_ttl_days})


@router.get("/privacy/data.json")
def my_data(request: Request, session: SessionDep, db: DbDep) -> Response:
    """Everything the server holds about this browser's history, as a JSON download,
    streamed: the rows are read in batches while it is sent (``app.web.streams``)."""
    sid = session.id
    settle(request)
    return streamed(request.app.state.engine, lambda rows: json_groups(
        data.browser_tables(rows, sid), _dumps, indent=1, wrap="tables", skip_empty=True),
        media_type="application/json", headers={
            "Content-Disposition": 'attachment; filename="gin-rummy-my-data.json"',
            "Cache-Control": "no-store"})


def _dumps(value: object) -> str:
    return json.dumps(value, indent=1, ensure_ascii=False, default=str)
