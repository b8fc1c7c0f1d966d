"""The daily deal (``app.daily``, docs/daily.md): today's hand against Expert on play's
table.

* ``GET /daily`` — today's deal: the table (a fresh deal before the first tap), or the
  result with your points against the par, your streak and the day's results;
* ``POST /daily?day=<day>`` — one tap, as on the play table: ``action`` (with ``version``
  and, for discard, knock and gin, ``card``) or ``sort``. A plain post gets 303 to
  ``/daily``; a script's post (``HX-Request: true``, static/play.js) the ``status`` and
  ``table`` blocks;
* ``POST /daily/again?day=<day>`` — deal today's hand again as practice (``version``: the
  play just over's); 303 to ``/daily``.

A post names its day in the address's query (``?day=2026-12-01``: the table's forms and
static/play.js post there) or, failing that, a form field ``day``. Nothing here writes a
day's seed: the server draws them ahead (``app.daily.days``); a
day not drawn yet is answered 503 with ``Retry-After``. A post for another day than
today, a malformed day, a stale or an illegal move changes nothing and is answered
400/409 with today's table and a sentence saying why. The daily deal never touches the
browser's match in Play. Today comes from the ``today`` dependency
(:func:`app.daily.days.today`; tests put in another day).
"""

from collections.abc import Callable
from datetime import date
from typing import Annotated

from fastapi import APIRouter, Depends, Request
from starlette.responses import Response

from app.core.i18n import gettext
from app.daily import days, page, plays
from app.table import PlayError
from app.web.deps import DbDep, FieldsDep, SessionDep
from app.web.links import see_other
from app.web.render import is_htmx, render

router = APIRouter()

BLOCKS = ["status", "table"]
TodayDep = Annotated[date, Depends(days.today)]


def _page(request: Request, db: DbDep, session_id: str, day: days.Day, play: plays.Play,
          notice: str = "", status_code: int = 200) -> Response:
    context = {"s": page.table(day, play, notice),
               "daily": page.panel(db, session_id, day, play)}
    return render(request, "play/table.html", context, block=BLOCKS, status_code=status_code)


def _not_ready(request: Request) -> Response:
    """Today's seed is not drawn yet (the server draws it at start-up and every few
    minutes, never during a request)."""
    response = render(request, "error.html", {
        "status": 503, "title": gettext("Daily deal"),
        "message": gettext("Today's deal is being drawn: reload in a minute.")},
        status_code=503)
    response.headers["Retry-After"] = "60"
    return response


@router.get("/daily", name="daily")
def daily_page(request: Request, session: SessionDep, db: DbDep, today: TodayDep) -> Response:
    """Today's deal as this browser stands in it."""
    day = days.load(db, today)
    if day is None:
        return _not_ready(request)
    return _page(request, db, session.id, day, plays.load(db, session.id, day))


def _post(request: Request, session_id: str, db: DbDep, today: date,
          fields: dict[str, str], day: str,
          act: Callable[[days.Day], Response]) -> Response:
    """A post for today's deal: the day it names checked, then ``act`` with today's
    deal; a refusal answered with today's table and why (nothing was written)."""
    found = days.load(db, today)
    if found is None:
        return _not_ready(request)
    try:
        plays.posted_day(day or fields.get("day", ""), today)
        return act(found)
    except PlayError as error:
        return _page(request, db, session_id, found, plays.load(db, session_id, found),
                     error.message, status_code=error.status_code)


@router.post("/daily")
def daily_tap(request: Request, session: SessionDep, db: DbDep, today: TodayDep,
              fields: FieldsDep, day: str = "") -> Response:
    """One tap of today's hand (see the module docstring)."""
    def act(found: days.Day) -> Response:
        current = plays.tap(db, session.id, found, fields)
        if not is_htmx(request):
            return see_other(request, "/daily")
        return _page(request, db, session.id, found, current)

    return _post(request, session.id, db, today, fields, day, act)


@router.post("/daily/again")
def daily_again(request: Request, session: SessionDep, db: DbDep, today: TodayDep,
                fields: FieldsDep, day: str = "") -> Response:
    """Deal today's hand again, as practice (it does not count)."""
    def act(found: days.Day) -> Response:
        plays.again(db, session.id, found, fields)
        return see_other(request, "/daily")

    return _post(request, session.id, db, today, fields, day, act)
