"""Play against the computer (docs/rules.md §7): the play screen and its taps.

* ``GET /play`` — the play screen of the open match (``?match=<id>``: of that match,
  which becomes the open one; 404 when it is not this browser's), or the New match form
  when this browser has no match; with the list of its matches in progress.
* ``GET /play/matches`` — that list and the notice "your turn in another match" alone.
* ``POST /play`` — one tap on the match the form names (``match``, this browser's; a
  form without it acts on the open match): ``action`` (with ``version``, and ``card``
  for discard, knock and gin; the play screen selects the card in the browser),
  ``client_seed`` between hands, ``sort``, or ``arrange`` (with ``version``: the
  hand's own order, card codes separated by spaces; ``app.table.arrange``). A plain
  form post is answered with a 303 redirect to ``/play`` (``?match=<id>`` when the
  form named it); a script's post (``HX-Request: true``, from htmx or static/play.js) with the
  ``status`` and ``table`` blocks only. A refused tap (illegal, stale,
  malformed) changes nothing and is answered 400/409 with the screen and a status line
  saying what is allowed.
* ``POST /play/hint`` — a hint: the Expert's advice from the person's own view.
* ``GET /play/new`` — the New match form; ``POST /play/new`` deals a new match.
* ``POST /play/rematch`` — once a match against the computer is over: a new match with
  its level and table options (``version``), then the play screen (303 to ``/play``).

``/play`` is the seats' table, against the computer or a friend (a seat mode, not a
branch here): what a friend match adds to the page (the friend away, the waiting page)
comes from :func:`app.table.seats.seat_page`; a friend match's own routes are
``app/routes/friend.py``. Routes stay thin: parse the form, call :mod:`app.play` and the
kit (:mod:`app.table`), render. The request's unit of work (``DbDep``) commits a tap
before its blocks render; a refused one stores nothing.
"""

from fastapi import APIRouter, Request
from starlette.responses import Response

from app import play
from app.core.i18n import gettext
from app.core.inputs import whole_number
from app.events import hosting
from app.play.pages import TablePage, new_match_page, posted_options
from app.table.common import NOT_YOURS, Loaded, NotYourMatchError, PlayError
from app.table.screen import screen
from app.table.seats import seat_page, waiting_page
from app.table.storage import load, load_named, mark_open
from app.web.deps import DbDep, FieldsDep, SessionDep
from app.web.limits import Client
from app.web.links import see_other
from app.web.render import is_htmx, render, settle

router = APIRouter()

PLAY_BLOCKS = ["status", "table"]


def _play_page(request: Request, db: DbDep, loaded: Loaded, notice: str = "",
               status_code: int = 200, hint: play.HintPanel | None = None) -> Response:
    settle(request, status_code)  # the tap is stored: the screen is built without the lock
    full = not is_htmx(request)
    page = seat_page(db, loaded, request.app.state.engine, full)
    lines = play.in_progress(db, loaded.seat.session_id, loaded.game.id) if full else []
    view = TablePage(screen(loaded, notice, page.away), loaded.game.id, hint, tuple(lines),
                     page.watch_others, hosting.back_link(db, match_id=loaded.game.id)
                     if loaded.game.friend else None)
    return render(request, "play/table.html", view, block=PLAY_BLOCKS,
                  status_code=status_code)


def _match_url(match_id: int | None) -> str:
    return "/play" if match_id is None else f"/play?match={match_id}"


def _refused(request: Request, db: DbDep, session_id: str, error: PlayError,
             fields: dict[str, str] | None = None) -> Response:
    """A refused tap or hint: nothing changed; the New match form when there is no match
    (400), else the play screen as stored (of the match the form named, or the open
    one for a match that is not this browser's: 404) with the reason (400/404/409)."""
    current = None
    if not isinstance(error, NotYourMatchError) and fields is not None:
        try:
            current = load_named(db, session_id, fields)
        except PlayError:
            current = None
    if current is None:
        current = load(db, session_id)
    if current is None:
        status = 404 if isinstance(error, NotYourMatchError) else 400
        return new_match_page(request, db, session_id, notice=error.message,
                              status_code=status)
    return _play_page(request, db, current, error.message, status_code=error.status_code)


@router.get("/play", name="play")
def play_screen(request: Request, session: SessionDep, db: DbDep,
                match: str | None = None) -> Response:
    """The play screen of the match ``match`` names (and it becomes the open one), else
    of the open match (or the New match form when there is none); 404 for a match that
    is not this browser's."""
    match_id = None if match is None else whole_number(match)
    if match is not None and match_id is None:
        return _refused(request, db, session.id, NotYourMatchError(
            gettext(NOT_YOURS)))
    loaded = load(db, session.id, match_id)
    waiting = waiting_page(request, db, session.id, match_id) if loaded is None else None
    if waiting is not None:
        return waiting
    if loaded is None and match_id is not None:
        return _refused(request, db, session.id, NotYourMatchError(
            gettext(NOT_YOURS)))
    if loaded is None:
        return new_match_page(request, db, session.id)
    if match_id is not None:
        mark_open(db, loaded.seat)
    return _play_page(request, db, loaded)


@router.get("/play/matches")
def matches(request: Request, session: SessionDep, db: DbDep,
            match: str | None = None) -> Response:
    """The notice "your turn in another match" and the list of this browser's matches
    in progress, alone (``play/matches.html``; static/play.js swaps them in)."""
    shown = None if match is None else whole_number(match)
    lines = play.in_progress(db, session.id, shown)
    return render(request, "play/matches.html", {"lines": lines},
                  headers={"Cache-Control": "no-store"})


@router.post("/play")
def play_tap(request: Request, session: SessionDep, db: DbDep, fields: FieldsDep) -> Response:
    """One tap of the play screen (see the module docstring)."""
    try:
        loaded = play.tap(db, session.id, fields)
    except PlayError as error:
        return _refused(request, db, session.id, error, fields)
    if not is_htmx(request):
        return see_other(request, _match_url(loaded.game.id if "match" in fields else None))
    return _play_page(request, db, loaded)


@router.post("/play/hint")
def play_hint(request: Request, session: SessionDep, db: DbDep, fields: FieldsDep) -> Response:
    """A hint: what the Expert would do now and its top three choices with
    their chances to win the match. An htmx post gets the hint box only; a plain post
    the whole play screen with the hint. Refused (400/409, nothing counted) when it is
    not the person's turn or the screen is stale."""
    try:
        loaded, hint = play.give_hint(db, session.id, fields,
                                      Client.of(request.scope).browser)
    except PlayError as error:
        return _refused(request, db, session.id, error, fields)
    if is_htmx(request):
        return render(request, "play/_hint.html", TablePage(screen(loaded), loaded.game.id, hint))
    return _play_page(request, db, loaded, hint=hint)


@router.get("/play/new", name="play_new")
def new_match_form(request: Request, session: SessionDep, db: DbDep) -> Response:
    """The New match form: the computer's level and the table options (House by default)."""
    return new_match_page(request, db, session.id)


@router.post("/play/new")
def new_match(request: Request, session: SessionDep, db: DbDep, fields: FieldsDep) -> Response:
    """Deal a new match with the chosen options, then show it (303 to ``/play``)."""
    expected = whole_number(fields.get("version", ""))
    try:
        options = play.options_from_form(fields)
        play.start_match(db, session.id, options, expected)
    except PlayError as error:
        return new_match_page(request, db, session.id, notice=error.message,
                              field=error.field, values=posted_options(fields),
                              status_code=error.status_code)
    return see_other(request, "/play")


@router.post("/play/rematch")
def rematch(request: Request, session: SessionDep, db: DbDep, fields: FieldsDep) -> Response:
    """Rematch: deal a new match with the finished match's options (303 to ``/play``);
    refused (400/409, nothing changed) before the match is over or from an older screen."""
    try:
        play.rematch(db, session.id, fields)
    except PlayError as error:
        return _refused(request, db, session.id, error, fields)
    return see_other(request, "/play")
