"""Play against the computer (docs/rules.md §7): the play screen and its taps.

* ``GET /play`` — the play screen, or the New match form when this browser has no match.
* ``POST /play`` — one tap: ``action`` (with ``version``, and ``card`` for discard, knock
  and gin; the play screen selects the card in the browser), ``client_seed`` between
  hands, ``sort``, or ``arrange`` (with ``version``: the hand's own order, card codes
  separated by spaces; ``app.play.arrange``). A plain form post is answered with a 303 redirect to
  ``/play``; a script's post (``HX-Request: true``, from htmx or static/play.js) with the
  ``status`` and ``table`` blocks only. A refused tap (illegal, stale,
  malformed) changes nothing and is answered 400/409 with the screen and a status line
  saying what is allowed.
* ``POST /play/hint`` — a hint: the Expert's advice from the person's own view.
* ``GET /play/new`` — the New match form; ``POST /play/new`` deals a new match.
* ``POST /play/rematch`` — once a match against the computer is over: a new match with
  its level and table options (``version``), then the play screen (303 to ``/play``).

Routes stay thin: parse the form, call :mod:`app.play`, render. The request's unit of
work (``DbDep``) commits a tap before its blocks render; a refused one stores nothing.
"""

from fastapi import APIRouter, Request
from starlette.responses import Response

from app import play
from app.friend import invites as friend
from app.friend.pages import waiting_page
from app.play.pages import new_match_page, posted_options
from app.web.deps import DbDep, FieldsDep, SessionDep
from app.web.links import see_other
from app.web.render import is_htmx, render, settle

router = APIRouter()

PLAY_BLOCKS = ["status", "table"]


def _play_page(request: Request, loaded: play.Loaded, notice: str = "",
               status_code: int = 200, hint: play.HintPanel | None = None) -> Response:
    settle(request, status_code)  # the tap is stored: the screen is built without the lock
    away = loaded.game.friend and friend.is_away(loaded.game, 1 - loaded.me,
                                                 engine=request.app.state.engine)
    context = {"s": play.screen(loaded, notice, away), "hint": hint}
    return render(request, "play/table.html", context,
                  block=PLAY_BLOCKS, status_code=status_code)


def _refused(request: Request, db: DbDep, session_id: str, error: play.PlayError) -> Response:
    """A refused tap or hint: nothing changed; the New match form when there is no match
    (400), else the play screen as stored with the reason (400/409)."""
    if isinstance(error, play.NoMatchError):
        return new_match_page(request, db, session_id, notice=error.message, status_code=400)
    current = play.load(db, session_id)
    assert current is not None
    return _play_page(request, current, error.message, status_code=error.status_code)


@router.get("/play", name="play")
def play_screen(request: Request, session: SessionDep, db: DbDep) -> Response:
    """The play screen (or the New match form when there is no match yet)."""
    loaded = play.load(db, session.id)
    waiting = friend.waiting(db, session.id) if loaded is None else None
    if waiting is not None:
        return waiting_page(request, waiting)
    if loaded is None:
        return new_match_page(request, db, session.id)
    return _play_page(request, loaded)


@router.post("/play")
def play_tap(request: Request, session: SessionDep, db: DbDep, fields: FieldsDep) -> Response:
    """One tap of the play screen (see the module docstring)."""
    try:
        loaded = play.tap(db, session.id, fields)
    except play.PlayError as error:
        return _refused(request, db, session.id, error)
    if not is_htmx(request):
        return see_other(request, "/play")
    return _play_page(request, loaded)


@router.post("/play/hint")
def play_hint(request: Request, session: SessionDep, db: DbDep, fields: FieldsDep) -> Response:
    """A hint: what the Expert would do now and its top three choices with
    their chances to win the match. An htmx post gets the hint box only; a plain post
    the whole play screen with the hint. Refused (400/409, nothing counted) when it is
    not the person's turn or the screen is stale."""
    try:
        loaded, hint = play.give_hint(db, session.id, fields)
    except play.PlayError as error:
        return _refused(request, db, session.id, error)
    if is_htmx(request):
        return render(request, "play/_hint.html", {"s": play.screen(loaded), "hint": hint})
    return _play_page(request, loaded, hint=hint)


@router.get("/play/new", name="play_new")
def new_match_form(request: Request, session: SessionDep, db: DbDep) -> Response:
    """The New match form: the computer's level and the table options (House by default)."""
    return new_match_page(request, db, session.id)


@router.post("/play/new")
def new_match(request: Request, session: SessionDep, db: DbDep, fields: FieldsDep) -> Response:
    """Deal a new match with the chosen options, then show it (303 to ``/play``)."""
    expected = play.whole_number(fields.get("version", ""))
    try:
        options = play.options_from_form(fields)
        play.start_match(db, session.id, options, expected)
    except play.PlayError as error:
        return new_match_page(request, db, session.id, notice=error.message,
                              values=posted_options(fields), status_code=error.status_code)
    return see_other(request, "/play")


@router.post("/play/rematch")
def rematch(request: Request, session: SessionDep, db: DbDep, fields: FieldsDep) -> Response:
    """Rematch: deal a new match with the finished match's options (303 to ``/play``);
    refused (400/409, nothing changed) before the match is over or from an older screen."""
    try:
        play.rematch(db, session.id, fields)
    except play.PlayError as error:
        return _refused(request, db, session.id, error)
    return see_other(request, "/play")
