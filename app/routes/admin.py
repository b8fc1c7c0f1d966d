"""The operator's page, ``/admin`` (docs/operating.md): 404 unless ``ADMIN_TOKEN`` is
set; signed in with the token (wrong tokens limited per client address, 429); the
counts, the switches, the announcement and a purge (backups are ``make backup``,
:mod:`app.backup`). Every action is logged."""

from __future__ import annotations

import logging

from fastapi import APIRouter, HTTPException, Request
from starlette.responses import Response

from app.admin import operator, signin
from app.core import switches
from app.core.attempts import kept_on
from app.core.i18n import N_, gettext, ngettext
from app.core.inputs import whole_number
from app.web.deps import DbDep, FieldsDep, SettingsDep
from app.web.limits import Client
from app.web.links import cookie_path, see_other
from app.web.render import notice_for, render

router = APIRouter()
log = logging.getLogger("app.admin")

NOTICES = {"switch": N_("Switch changed."), "announcement": N_("Announcement saved."),
           "signed-out": N_("Signed out.")}


def _notice(done: str) -> str:
    return notice_for(done, NOTICES)


def _token(settings: SettingsDep) -> str:
    if not settings.admin_token:
        raise HTTPException(status_code=404)
    return settings.admin_token


def _require(request: Request, db: DbDep, settings: SettingsDep) -> None:
    """404 without a token configured, 403 when not signed in."""
    if not signin.signed_in(db, _token(settings), request.cookies.get(signin.COOKIE)):
        raise HTTPException(status_code=403, detail=N_("Sign in on /admin first."))


def _page(request: Request, db: DbDep, *, notice: str = "", error: str = "",
          status_code: int = 200) -> Response:
    return render(request, "admin/admin.html", {
        "counts": operator.counts(db), "switches": [
            (name, gettext(label), switches.is_on(request.app.state.engine, name))
            for name, label in switches.SWITCHES.items()],
        "announcement": switches.announcement(request.app.state.engine),
        "notice": notice, "error": error, "max_days": operator.MAX_PURGE_DAYS,
        "max_announcement": switches.MAX_ANNOUNCEMENT,
    }, status_code=status_code)


@router.get("/admin", name="admin")
def admin_page(request: Request, db: DbDep, settings: SettingsDep, done: str = "") -> Response:
    """The operator's page, or its sign-in form."""
    token = _token(settings)
    if not signin.signed_in(db, token, request.cookies.get(signin.COOKIE)):
        return render(request, "admin/signin.html", {"error": "", "notice": _notice(done)})
    return _page(request, db, notice=_notice(done))


@router.post("/admin/sign-in")
def sign_in(request: Request, db: DbDep, settings: SettingsDep, fields: FieldsDep) -> Response:
    """Check the token; 303 to the page with the signed-in cookie, else 403 (429 for a
    wrong token after too many from one address: the right one always gets in)."""
    token = _token(settings)
    address = f"address:{Client.of(request.scope).address}"
    if not signin.token_matches(token, fields.get("token", "")):  # checked first, always
        log.warning("admin: a wrong token from %s", address)
        wait = kept_on(request.app.state, "admin").wrong([address])
        if wait:
            return render(request, "admin/signin.html", {
                "error": gettext("Too many wrong tokens: wait a few minutes.")},
                status_code=429, headers={"Retry-After": str(wait)})
        return render(request, "admin/signin.html", {"error": gettext("That is not the token.")},
                      status_code=403)
    log.info("admin: signed in from %s", address)
    response = see_other(request, "/admin")
    response.set_cookie(signin.COOKIE, signin.start(db, token),
                        path=cookie_path(request, "/admin"),
                        max_age=signin.SIGNED_IN_HOURS * 3600, httponly=True,
                        samesite="strict", secure=settings.secure_cookies)
    return response


@router.post("/admin/sign-out")
def sign_out(request: Request, db: DbDep, settings: SettingsDep, _form: FieldsDep) -> Response:
    """End the session: its row is deleted, so a copy of the cookie stops working too."""
    _token(settings)
    signin.end(db, request.cookies.get(signin.COOKIE))
    response = see_other(request, "/admin?done=signed-out")
    response.delete_cookie(signin.COOKIE, path=cookie_path(request, "/admin"))
    return response


@router.post("/admin/switch")
def set_switch(request: Request, db: DbDep, settings: SettingsDep,
               fields: FieldsDep) -> Response:
    """Turn one switch on or off for the whole instance (303), or say what is wrong (400)."""
    _require(request, db, settings)
    name, value = fields.get("name", ""), fields.get("value", "")
    if name not in switches.SWITCHES or value not in ("on", "off"):
        return _page(request, db, status_code=400, error=gettext("Choose a switch and on or off."))
    switches.store(db, name, value)
    log.info("admin: switch %s %s", name, value)
    return see_other(request, "/admin?done=switch")


@router.post("/admin/announcement")
def set_announcement(request: Request, db: DbDep, settings: SettingsDep,
                     fields: FieldsDep) -> Response:
    """Show a line of text on every page (empty: none); at most 280 characters, one line."""
    _require(request, db, settings)
    text = " ".join(fields.get("text", "").split())
    if len(text) > switches.MAX_ANNOUNCEMENT or not text.isprintable():
        return _page(request, db, status_code=400, error=gettext(
            "An announcement is one line of at most %(most)s characters.",
            most=switches.MAX_ANNOUNCEMENT))
    switches.store(db, switches.ANNOUNCEMENT, text)
    log.info("admin: announcement %s", "set" if text else "cleared")
    return see_other(request, "/admin?done=announcement")


@router.post("/admin/purge")
def purge(request: Request, db: DbDep, settings: SettingsDep, fields: FieldsDep) -> Response:
    """Delete the histories unused for the given number of days (confirmed)."""
    _require(request, db, settings)
    days = whole_number(fields.get("days", ""))
    if days is None or not 1 <= days <= operator.MAX_PURGE_DAYS or fields.get("confirm") != "yes":
        return _page(request, db, status_code=400, error=gettext(
            "Give a number of days from 1 to %(most)s and tick the box.",
            most=operator.MAX_PURGE_DAYS))
    deleted = operator.purge(request.app.state.engine, days)
    return _page(request, db, notice=ngettext(
        "Deleted %(num)d history unused for %(days)d days.",
        "Deleted %(num)d histories unused for %(days)d days.", deleted, days=days))
