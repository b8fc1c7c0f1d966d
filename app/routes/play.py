"""Play against the computer (issue 3, SPEC §7): the play screen and its taps.

* ``GET /play`` — the play screen, or the New match form when this browser has no match.
* ``POST /play`` — one tap: ``action`` (with ``version``, and ``card`` for discard, knock
  and gin; the play screen selects the card in the browser), ``client_seed`` between
  hands, or ``sort``. A plain form post is answered with a 303 redirect to
  ``/play``; a script's post (``HX-Request: true``, from htmx or static/play.js) with the
  ``status`` and ``table`` blocks only. A refused tap (illegal, stale,
  malformed) changes nothing and is answered 400/409 with the screen and a status line
  saying what is allowed.
* ``POST /play/hint`` — a hint: the Expert's advice from the person's own view.
* ``GET /play/new`` — the New match form; ``POST /play/new`` deals a new match.

Routes stay thin: parse the form, call :mod:`app.play`, render.
"""

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from starlette.responses import RedirectResponse, Response

from app import play
from app.core.inputs import checked, read_form
from app.friend import invites as friend
from app.web.render import is_htmx, render
from app.web.sessions import DbDep, SessionDep

router = APIRouter()

PLAY_BLOCKS = ["status", "table"]


async def form_fields(request: Request) -> dict[str, str]:
    """FastAPI dependency: the posted form's text fields (first value of each; files
    ignored), so that the routes themselves can stay synchronous (run in the threadpool,
    the database calls block)."""
    fields: dict[str, str] = {}
    for key, value in (await read_form(request)).multi_items():
        if isinstance(value, str) and key not in fields:
            fields[key] = value
    return fields


FieldsDep = Annotated[dict[str, str], Depends(form_fields)]


def new_match_page(request: Request, db: DbDep, session_id: str, *, notice: str = "",
                   values: dict[str, Any] | None = None, status_code: int = 200) -> Response:
    """The New match form (against the computer, or *Play a friend*), pre-filled with
    ``values`` (else the last match's options) and a refusal ``notice``."""
    loaded = play.load(db, session_id)
    version = play.seat_version(db, session_id)  # also when no match is shown (a cancelled invite)
    db.rollback()
    game = loaded.game if loaded is not None else None
    context = {
        "values": values or play.default_options(game),
        "levels": [(name, play.LEVEL_LABELS[name]) for name in play.LEVELS],
        "version": version,
        "in_progress": loaded is not None and not loaded.match.over,
        "notice": notice,
    }
    return render(request, "play/new.html", context, status_code=status_code)


def _play_page(request: Request, loaded: play.Loaded, notice: str = "",
               status_code: int = 200, hint: play.HintPanel | None = None) -> Response:
    away = loaded.game.friend and friend.is_away(loaded.game, 1 - loaded.me)
    context = {"s": play.screen(loaded, notice, away), "hint": hint}
    return render(request, "play/table.html", context,
                  block=PLAY_BLOCKS, status_code=status_code)


def _refused(request: Request, db: DbDep, session_id: str, error: play.PlayError) -> Response:
    """A refused tap or hint: nothing changed; the New match form when there is no match
    (400), else the play screen as stored with the reason (400/409)."""
    db.rollback()
    if isinstance(error, play.NoMatchError):
        return new_match_page(request, db, session_id, notice=error.message, status_code=400)
    current = play.load(db, session_id)
    db.rollback()
    assert current is not None
    return _play_page(request, current, error.message, status_code=error.status_code)


@router.get("/play", name="play")
def play_screen(request: Request, session: SessionDep, db: DbDep) -> Response:
    """The play screen (or the New match form when there is no match yet)."""
    loaded = play.load(db, session.id)
    waiting = friend.waiting(db, session.id) if loaded is None else None
    db.rollback()  # release the read transaction before rendering
    if waiting is not None:
        from app.routes.friend import waiting_page

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
        return RedirectResponse("/play", status_code=303)
    return _play_page(request, loaded)


@router.post("/play/hint")
def play_hint(request: Request, session: SessionDep, db: DbDep, fields: FieldsDep) -> Response:
    """A hint (issue 13): what the Expert would do now and its top three choices with
    their chances to win the match. An htmx post gets the hint box only; a plain post
    the whole play screen with the hint. Refused (400/409, nothing counted) when it is
    not the person's turn or the screen is stale."""
    try:
        loaded, hint = play.give_hint(db, session.id, fields)
    except play.PlayError as error:
        return _refused(request, db, session.id, error)
    db.rollback()
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
        db.rollback()
        values: dict[str, Any] = {**play.default_options(None), **fields}
        for name in play.SWITCH_OPTIONS:
            values[name] = checked(fields.get(name))
        return new_match_page(request, db, session.id, notice=error.message, values=values,
                               status_code=error.status_code)
    return RedirectResponse("/play", status_code=303)
