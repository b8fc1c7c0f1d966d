"""Events (club nights and leagues, :mod:`app.events`).

* ``GET /events`` — host an event (the form), your events, and the host code form.
* ``POST /events`` — make an event; 303 to its page, which shows the host code this once
  (carried there by a short cookie for that page alone, deleted as it is shown).
* ``POST /events/host`` — a host code typed on another device: this browser hosts its
  event too (303 to it); a wrong code 400, too many 429 (``app.core.attempts``).
* ``GET /events/{event_slug}`` — the event: joining, your table, the rounds, the standings, and
  the host's controls for a host; the final results once it is over.
* ``POST /events/{event_slug}/join`` — join with a name.
* ``POST /events/{event_slug}/{walk-in,start,pause,resume,next,drop,correct,finish}`` — the
  host's actions (each form carries the event's version: a stale one changes nothing).
* ``POST /events/{event_slug}/watch`` — a watch link of an online table in play
  (``pairing``); 303 to its watch page (public information only).
* ``GET /events/{event_slug}/live?since=<version>`` — the live part of the page (and of the
  board with ``board=1``) once the event has changed, else 204: the pages poll it with
  htmx every few seconds.
* ``GET /events/{event_slug}/board`` — the big-screen view for a TV.
* ``GET /events/{event_slug}/qr.svg`` — the join link as a QR code.
* ``GET /events/{event_slug}/results.csv``, ``results.json`` — the export (names and results).

Every refusal answers its status with the page and a message; nothing is changed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from fastapi import APIRouter, Request
from starlette.responses import PlainTextResponse, Response

from app import play
from app.core.config import Settings
from app.core.inputs import whole_number
from app.core.models import Event
from app.devices.codes import shown
from app.events import hosting, pages, seasons
from app.events.hosting import EventError
from app.play.pages import posted_options
from app.table.common import PlayError
from app.web import hostcodes
from app.web.deps import DbDep, FieldsDep, SessionDep
from app.web.links import see_other
from app.web.render import refused_at, render

router = APIRouter()

CODE_COOKIE = "gin_event_code"
"""The new event's host code on its way to the event's page (shown there once, then
deleted): the code is stored nowhere on the server, only its hash."""


def _index(request: Request, db: DbDep, session_id: str, *, notice: str = "",
           field: str = "", values: dict[str, str] | None = None, typed: str = "",
           status_code: int = 200, headers: dict[str, str] | None = None) -> Response:
    """The events page; a refusal ``notice`` at the form ``field`` it names, else in the
    status line."""
    options = posted_options(values) if values else play.default_options(None)
    return render(request, "events/index.html", {
        "values": {**options, **(values or {})}, "typed": typed,
        **refused_at(notice, field),
        "mine": hosting.my_events(db, session_id),
        "seasons": seasons.hosted(db, session_id),
    }, status_code=status_code, headers=headers)


@router.get("/events", name="events")
def index(request: Request, session: SessionDep, db: DbDep) -> Response:
    """The form to host an event, this browser's events, the host code form."""
    return _index(request, db, session.id)


@router.post("/events")
def create(request: Request, session: SessionDep, db: DbDep, fields: FieldsDep) -> Response:
    """Make an event; its page, with the host code shown this once."""
    try:
        name = hosting.event_name(fields.get("name"))
        format_, cards, rounds = hosting.parse_setup(fields)
        duplicate = hosting.parse_duplicate(fields, cards)
        hands = hosting.parse_hands(fields)
        options = play.options_from_form({**fields, "level": ""})
        season = seasons.held(db, session.id, fields["season"]) if fields.get("season") \
            else None
        made = hosting.create_event(db, session.id, name, format_, cards, rounds,
                                    options.rules, duplicate, hands)
        if season is not None:  # a season of this browser's, checked before the event
            seasons.attach(db, season, made.event.slug, session.id)
    except (EventError, PlayError) as error:
        return _index(request, db, session.id, notice=error.message, field=error.field,
                      values=dict(fields), status_code=getattr(error, "status_code", 400))
    # The code goes to the event's page once, in a cookie of this browser for that page
    # alone (a reload of the page, or of this post's answer, makes nothing anew).
    response = see_other(request, f"/events/{made.event.slug}")
    hostcodes.hand_over(request, response, CODE_COOKIE, made.code,
                        f"/events/{made.event.slug}")
    return response


@router.post("/events/host")
def host(request: Request, session: SessionDep, db: DbDep, fields: FieldsDep) -> Response:
    """This browser hosts the event of the host code typed (checked first: the right
    code always gets in; too many wrong ones from a browser or address get 429)."""
    typed = fields.get("code", "")
    try:
        event = hosting.claim_host(db, typed, session.id)
    except EventError as error:
        wait, notice = hostcodes.wrong_code(request, session.id)
        return _index(request, db, session.id, typed=typed[:64],
                      status_code=429 if wait else error.status_code,
                      headers={"Retry-After": str(wait)} if wait else None,
                      notice=notice or error.message)
    return see_other(request, f"/events/{event.slug}")


def join_url(request: Request, slug: str) -> str:
    """The event's join link as a full URL (under ``PUBLIC_URL`` when set, as an
    invite's)."""
    settings: Settings = request.app.state.settings
    path = str(request.app.url_path_for("event", event_slug=slug))
    base = settings.public_base
    return str(request.url_for("event", event_slug=slug)) if base is None else base + path


def _event_page(request: Request, db: DbDep, event: Event, session_id: str, *,
                code: str = "", notice: str = "", field: str = "",
                typed: Mapping[str, str] | None = None, status_code: int = 200) -> Response:
    """The event's page; a refusal ``notice`` at the page's ``field`` ("name": the join
    form's, "walk_in": the host's), else at the top; ``typed`` what the forms' fields
    held, by the same keys, shown again."""
    if status_code < 400:
        hosting.sync(db, event)
    v = pages.view(db, event, session_id)
    return render(request, "events/event.html", {
        "v": v, "code": code, **refused_at(notice, field), "typed": typed or {},
        "url": join_url(request, event.slug),
        "season": seasons.season_of(db, event),
        "seasons": seasons.hosted(db, session_id) if v.host else [],
    }, status_code=status_code)


def _found(db: DbDep, slug: str) -> Event:
    return hosting.find(db, slug)


@router.get("/events/{event_slug}", name="event")
def event_page(request: Request, event_slug: str, session: SessionDep, db: DbDep) -> Response:
    """The event as this browser sees it."""
    try:
        event = _found(db, event_slug)
    except EventError as error:
        return _refused(request, error)
    typed, came = hostcodes.take(request, CODE_COOKIE, lambda code: getattr(
        hosting.by_code(db, code), "id", None) == event.id)
    response = _event_page(request, db, event, session.id, code=shown(typed) if typed else "")
    if came:
        hostcodes.forget(request, response, CODE_COOKIE, f"/events/{event.slug}")
    return response


def _refused(request: Request, error: EventError) -> Response:
    return render(request, "events/refused.html", {"message": error.message},
                  status_code=error.status_code)


@router.post("/events/{event_slug}/join")
def join(request: Request, event_slug: str, session: SessionDep, db: DbDep,
         fields: FieldsDep) -> Response:
    """Join the event with a name; 303 to its page."""
    return _act(request, event_slug, session.id, db, lambda event: hosting.join(
        db, event, session.id, fields.get("name")), at={"name": "name"},
        typed={"name": fields.get("name", "")[:20]})


@router.post("/events/{event_slug}/watch")
def watch_table(request: Request, event_slug: str, session: SessionDep, db: DbDep,
                fields: FieldsDep) -> Response:
    """Watch an online table of the event: a new watch link, 303 to its page."""
    try:
        event = _found(db, event_slug)
        token = hosting.watch_table(db, event, fields.get("pairing"), session.id)
    except EventError as error:
        return _refused(request, error)
    return see_other(request, f"/watch/{token}")


ACTIONS = ("walk-in", "start", "pause", "resume", "next", "drop", "correct", "finish")
"""The host's actions, each ``POST /events/{event_slug}/<action>``."""


HOST_FORM_FIELDS: dict[str, dict[str, str]] = {
    "walk-in": {"name": "walk_in"},
    "correct": {name: name for name in ("pairing", "outcome", "points_a", "points_b")},
}
"""A host's form's posted fields by the page's field (events/_live.html): a refused one
is shown there, and what they held is shown again (the walk-in's "name" is not the join
form's)."""


def act(request: Request, slug: str, action: str, session: SessionDep, db: DbDep,
        fields: FieldsDep) -> Response:
    """A host's action (see the module docstring); 303 to the event's page, or the page
    with the refusal."""
    expected = whole_number(fields.get("version", ""))
    sid = session.id

    def run(event: Event) -> None:
        if action == "walk-in":
            hosting.add_walk_in(db, event, sid, expected, fields.get("name"))
        elif action == "start":
            hosting.start(db, event, sid, expected)
        elif action in ("pause", "resume"):
            hosting.set_paused(db, event, sid, expected, action == "pause")
        elif action == "next":
            hosting.next_round(db, event, sid, expected)
        elif action == "drop":
            hosting.drop(db, event, sid, expected, whole_number(fields.get("player", "")))
        elif action == "correct":
            hosting.correct(db, event, sid, expected, dict(fields))
        else:
            hosting.finish(db, event, sid, expected)

    at = HOST_FORM_FIELDS.get(action, {})
    typed = {shown: fields.get(posted, "")[:20] for posted, shown in at.items()}
    return _act(request, slug, sid, db, run, at=at, typed=typed)


def _action_route(action: str) -> None:
    """Register ``POST /events/{event_slug}/<action>`` for the host's ``action``."""

    def route(request: Request, event_slug: str, session: SessionDep, db: DbDep,
              fields: FieldsDep) -> Response:
        return act(request, event_slug, action, session, db, fields)

    route.__doc__ = f"The host's {action!r} (:func:`act`)."
    router.add_api_route(f"/events/{{event_slug}}/{action}", route, methods=["POST"],
                         name=f"event_{action.replace('-', '_')}")


for _action in ACTIONS:
    _action_route(_action)


def _act(request: Request, event_slug: str, session_id: str, db: DbDep,
         run: Callable[[Event], object], at: Mapping[str, str] | None = None,
         typed: Mapping[str, str] | None = None) -> Response:
    """Run a form's ``run`` on the event; 303 to its page, or the page with the refusal:
    at the page's field ``at`` maps the refused field to (the form's own), else at the
    top; ``typed``: what the form's fields held, by the page's field, shown again."""
    try:
        event = _found(db, event_slug)
    except EventError as error:
        return _refused(request, error)
    try:
        hosting.sync(db, event)
        run(event)
    except EventError as error:
        db.rollback()
        event = _found(db, event_slug)
        return _event_page(request, db, event, session_id, notice=error.message,
                           field=(at or {}).get(error.field, ""), typed=typed,
                           status_code=error.status_code)
    return see_other(request, f"/events/{event_slug}")


@router.get("/events/{event_slug}/live")
def live(request: Request, event_slug: str, session: SessionDep, db: DbDep, since: str = "",
         board: str = "") -> Response:
    """The live part of the event's page (or board) once its version is past ``since``
    (204 otherwise: htmx swaps nothing)."""
    try:
        event = _found(db, event_slug)
    except EventError as error:
        return _refused(request, error)
    hosting.sync(db, event)
    if since == str(event.version) and (board or not pages.follows_sheets(event)):
        return Response(status_code=204, headers={"Cache-Control": "no-store"})
    v = pages.view(db, event, None if board else session.id)  # the big screen is nobody's
    if since == v.live_version:  # a real-card duplicate table's next board: not moved
        return Response(status_code=204, headers={"Cache-Control": "no-store"})
    template = "events/board.html" if board else "events/event.html"
    return render(request, template, {"v": v, "code": "", "notice": "", "board": bool(board),
                                      "errors": {}, "typed": {},
                                      "url": join_url(request, event.slug)},
                  block=["live", "news"] if board else ["live", "news", "status"],
                  headers={"Cache-Control": "no-store"})


@router.get("/events/{event_slug}/board")
def board_page(request: Request, event_slug: str, session: SessionDep, db: DbDep) -> Response:
    """The big-screen view: the round's tables and the standings, live."""
    try:
        event = _found(db, event_slug)
    except EventError as error:
        return _refused(request, error)
    hosting.sync(db, event)
    return render(request, "events/board.html", {
        "v": pages.view(db, event, None), "url": join_url(request, event.slug), "board": True})


@router.get("/events/{event_slug}/qr.svg")
def qr_code(request: Request, event_slug: str, db: DbDep) -> Response:
    """The event's join link as a QR code (SVG)."""
    try:
        event = _found(db, event_slug)
    except EventError as error:
        return PlainTextResponse(error.message, status_code=error.status_code)
    import io

    import segno

    from app.core.i18n import gettext

    out = io.BytesIO()
    segno.make(join_url(request, event.slug), error="m").save(
        out, kind="svg", scale=4, border=2, title=gettext("The event's link as a QR code"),
        svgclass=None, lineclass=None)
    return Response(out.getvalue(), media_type="image/svg+xml",
                    headers={"Cache-Control": "no-store"})


@router.get("/events/{event_slug}/results.csv")
def export_csv(request: Request, event_slug: str, db: DbDep) -> Response:
    """The results and standings as CSV (names and results only)."""
    return _export(event_slug, "csv", db)


@router.get("/events/{event_slug}/results.json")
def export_json(request: Request, event_slug: str, db: DbDep) -> Response:
    """The results and standings as JSON (names and results only)."""
    return _export(event_slug, "json", db)


def _export(event_slug: str, kind: str, db: DbDep) -> Response:
    try:
        event = _found(db, event_slug)
    except EventError as error:
        return PlainTextResponse(error.message, status_code=error.status_code)
    hosting.sync(db, event)
    v = pages.view(db, event, None)
    filename = f"event-{event.slug}.{kind}"
    headers = {"Content-Disposition": f'attachment; filename="{filename}"',
               "Cache-Control": "no-store"}
    if kind == "csv":
        return Response(pages.export_csv(v), media_type="text/csv; charset=utf-8",
                        headers=headers)
    return Response(pages.export_json(v), media_type="application/json", headers=headers)
