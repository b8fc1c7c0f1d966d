"""Seasons (a club's events grouped, with a running table: :mod:`app.events.seasons`).

* ``GET /seasons`` — make a season (the form), this browser's seasons, the host code form.
* ``POST /seasons`` — make a season; 303 to its page, which shows the host code this once
  (carried there by a short cookie for that page alone, deleted as it is shown).
* ``POST /seasons/host`` — a season's host code typed on another device: this browser
  hosts it too (303 to it); a wrong code 400, too many 429 (``app.core.attempts``,
  counted with the events' host codes).
* ``GET /seasons/{season_slug}`` — the season (anyone with the link): its events, the
  running table, each pair's head to head; the host's forms for a host.
* ``POST /seasons/{season_slug}/attach`` — put an event (``event``: its slug) this
  browser hosts in the season (``back=event``: 303 to the event's page, else the
  season's); ``POST /seasons/{season_slug}/detach`` — take one out.
* ``GET /seasons/{season_slug}/live?since=<version>`` — the live part of the season's
  page (its events, the running table, the head to head) once the season's version
  (:func:`app.events.seasons.live_version`) is past ``since``, else 204: the page polls
  it every 3 s, as an event's page polls its own (not counted as a costly page: an
  unchanged season answers from its events' versions).
* ``GET /seasons/{season_slug}/table.csv``, ``table.json`` — the export (names and results).

Every refusal answers its status with the page and a message; nothing is changed.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from starlette.responses import PlainTextResponse, Response

from app.core.models import Season
from app.devices.codes import shown
from app.events import seasons
from app.events.hosting import EventError
from app.web import hostcodes
from app.web.deps import DbDep, FieldsDep, SessionDep
from app.web.links import see_other
from app.web.render import render

router = APIRouter()

CODE_COOKIE = "gin_season_code"
"""The new season's host code on its way to the season's page (shown there once, then
deleted): the code is stored nowhere on the server, only its hash."""


def _index(request: Request, db: DbDep, session_id: str, *, notice: str = "",
           name: str = "", typed: str = "", status_code: int = 200,
           headers: dict[str, str] | None = None) -> Response:
    return render(request, "events/seasons.html", {
        "notice": notice, "name": name, "typed": typed,
        "mine": seasons.hosted(db, session_id)}, status_code=status_code, headers=headers)


@router.get("/seasons", name="seasons")
def index(request: Request, session: SessionDep, db: DbDep) -> Response:
    """The form to make a season, this browser's seasons, the host code form."""
    return _index(request, db, session.id)


@router.post("/seasons")
def create(request: Request, session: SessionDep, db: DbDep, fields: FieldsDep) -> Response:
    """Make a season; its page, with the host code shown this once."""
    try:
        made = seasons.create_season(db, session.id, seasons.season_name(fields.get("name")))
    except EventError as error:
        return _index(request, db, session.id, notice=error.message,
                      name=(fields.get("name") or "")[:80], status_code=error.status_code)
    response = see_other(request, f"/seasons/{made.season.slug}")
    hostcodes.hand_over(request, response, CODE_COOKIE, made.code,
                        f"/seasons/{made.season.slug}")
    return response


@router.post("/seasons/host")
def host(request: Request, session: SessionDep, db: DbDep, fields: FieldsDep) -> Response:
    """This browser hosts the season of the host code typed (checked first: the right
    code always gets in; too many wrong ones from a browser or address get 429)."""
    typed = fields.get("code", "")
    try:
        season = seasons.claim_host(db, typed, session.id)
    except EventError as error:
        wait, notice = hostcodes.wrong_code(request, session.id)
        return _index(request, db, session.id, typed=typed[:64],
                      status_code=429 if wait else error.status_code,
                      headers={"Retry-After": str(wait)} if wait else None,
                      notice=notice or error.message)
    return see_other(request, f"/seasons/{season.slug}")


def _refused(request: Request, error: EventError) -> Response:
    return render(request, "events/refused.html", {"message": error.message,
                                                   "season": True},
                  status_code=error.status_code)


def _season_page(request: Request, db: DbDep, season: Season, session_id: str, *,
                 code: str = "", notice: str = "", status_code: int = 200) -> Response:
    return render(request, "events/season.html", {
        "v": seasons.view(db, season, session_id), "code": code, "notice": notice,
    }, status_code=status_code)


@router.get("/seasons/{season_slug}", name="season")
def season_page(request: Request, season_slug: str, session: SessionDep,
                db: DbDep) -> Response:
    """The season as this browser sees it."""
    try:
        season = seasons.find(db, season_slug)
    except EventError as error:
        return _refused(request, error)
    typed, came = hostcodes.take(request, CODE_COOKIE, lambda code: getattr(
        seasons.by_code(db, code), "id", None) == season.id)
    response = _season_page(request, db, season, session.id, code=shown(typed) if typed else "")
    if came:
        hostcodes.forget(request, response, CODE_COOKIE, f"/seasons/{season.slug}")
    return response


@router.get("/seasons/{season_slug}/live")
def live(request: Request, season_slug: str, session: SessionDep, db: DbDep,
         since: str = "") -> Response:
    """The live part of the season's page once it changed since ``since`` (204
    otherwise: htmx swaps nothing)."""
    try:
        season = seasons.find(db, season_slug)
    except EventError as error:
        return _refused(request, error)
    if since == seasons.live_version(db, season):
        return Response(status_code=204, headers={"Cache-Control": "no-store"})
    return render(request, "events/season.html", {
        "v": seasons.view(db, season, session.id), "code": "", "notice": ""},
        block="live", headers={"Cache-Control": "no-store"})


@router.post("/seasons/{season_slug}/attach")
def attach(request: Request, season_slug: str, session: SessionDep, db: DbDep,
           fields: FieldsDep) -> Response:
    """Put an event this browser hosts in the season; 303 back (see the module)."""
    return _change(request, season_slug, session.id, db, fields, detach=False)


@router.post("/seasons/{season_slug}/detach")
def detach(request: Request, season_slug: str, session: SessionDep, db: DbDep,
           fields: FieldsDep) -> Response:
    """Take an event out of the season; 303 back to the season's page."""
    return _change(request, season_slug, session.id, db, fields, detach=True)


def _change(request: Request, season_slug: str, session_id: str, db: DbDep,
            fields: dict[str, str], *, detach: bool) -> Response:
    try:
        season = seasons.find(db, season_slug)
    except EventError as error:
        return _refused(request, error)
    try:
        change = seasons.detach if detach else seasons.attach
        event = change(db, season, fields.get("event"), session_id)
    except EventError as error:
        db.rollback()
        return _season_page(request, db, season, session_id, notice=error.message,
                            status_code=error.status_code)
    if fields.get("back") == "event" and not detach:
        return see_other(request, f"/events/{event.slug}")
    return see_other(request, f"/seasons/{season.slug}")


@router.get("/seasons/{season_slug}/table.csv")
def export_csv(request: Request, season_slug: str, db: DbDep) -> Response:
    """The running table and head to head as CSV (names and results only)."""
    return _export(season_slug, "csv", db)


@router.get("/seasons/{season_slug}/table.json")
def export_json(request: Request, season_slug: str, db: DbDep) -> Response:
    """The running table and head to head as JSON (names and results only)."""
    return _export(season_slug, "json", db)


def _export(season_slug: str, kind: str, db: DbDep) -> Response:
    try:
        season = seasons.find(db, season_slug)
    except EventError as error:
        return PlainTextResponse(error.message, status_code=error.status_code)
    v = seasons.view(db, season, None)
    headers = {"Content-Disposition": f'attachment; filename="season-{season.slug}.{kind}"',
               "Cache-Control": "no-store"}
    if kind == "csv":
        return Response(seasons.export_csv(v), media_type="text/csv; charset=utf-8",
                        headers=headers)
    return Response(seasons.export_json(v), media_type="application/json", headers=headers)
