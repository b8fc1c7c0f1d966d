"""*Learn by playing* (``app.learn``): the lesson's table and its taps.

* ``GET /learn`` — the lesson as it stands (its first step for a browser that never
  started it);
* ``POST /learn/start`` — start it again from the first step (form field ``back``: the
  local path Leave returns to); 303 to ``/learn``;
* ``POST /learn`` — one tap, as on the play table: ``action`` (with ``version`` and, for
  discard and knock, ``card``) or ``sort``. A plain post gets 303 to ``/learn``; a
  script's post (``HX-Request: true``, static/play.js) the ``status`` and ``table``
  blocks. A move the step does not teach, a stale or malformed post changes nothing and
  is answered 400/409 with the table and a sentence saying what the step asks;
* ``POST /learn/offer`` — close the home page's offer of the lesson ("No thanks").

The lesson never touches the browser's match in progress, nor its history.
"""

from fastapi import APIRouter, Request
from starlette.responses import Response

from app.learn import lesson
from app.table import PlayError
from app.web.deps import DbDep, FieldsDep, SessionDep
from app.web.links import base_path, see_other
from app.web.render import is_htmx, render

router = APIRouter()

BLOCKS = ["status", "table"]


def _page(request: Request, current: lesson.Lesson, notice: str = "",
          status_code: int = 200) -> Response:
    context = {"s": lesson.table(current, notice), "lesson": lesson.coach(current)}
    return render(request, "play/table.html", context, block=BLOCKS, status_code=status_code)


@router.get("/learn", name="learn")
def learn_page(request: Request, session: SessionDep, db: DbDep) -> Response:
    """The lesson's table at its current step."""
    return _page(request, lesson.load(db, session.id))


@router.post("/learn/start")
def learn_start(request: Request, session: SessionDep, db: DbDep,
                fields: FieldsDep) -> Response:
    """Start the lesson from its first step; Leave goes back to ``back``."""
    lesson.begin(db, session.id, fields.get("back"), base_path(request))
    return see_other(request, "/learn")


@router.post("/learn")
def learn_tap(request: Request, session: SessionDep, db: DbDep, fields: FieldsDep) -> Response:
    """One tap of the lesson (see the module docstring)."""
    try:
        current = lesson.tap(db, session.id, fields)
    except PlayError as error:
        return _page(request, lesson.load(db, session.id), error.message,
                     status_code=error.status_code)
    if not is_htmx(request):
        return see_other(request, "/learn")
    return _page(request, current)


@router.post("/learn/offer")
def learn_offer(request: Request, session: SessionDep, db: DbDep,
                _form: FieldsDep) -> Response:
    """Dismiss the home page's offer of the lesson (it stays in the guide)."""
    lesson.close_offer(db, session.id)
    return see_other(request, "/")
