"""Train your game (issue 50): the drill, the daily puzzle, reviews together.

* ``GET /train`` — the drill (``app.review.drill``): the next due question of this
  browser's own costly decisions, its progress and streak; a browser with no analysed
  hand gets the ways in (play a hand, today's puzzle);
* ``POST /train/answer`` — ``item``, ``version``, ``move``: the answer's page (Expert's
  best and the move played then, with their chances; when the question comes back). A
  forged or stale answer (another browser's or an unknown item 404, an item not due or
  answered meanwhile 409, a move not legal there 400) changes nothing and is answered
  with the drill's page and why;
* ``GET /train/puzzle`` — today's puzzle (``app.review.puzzle``), the same for every
  browser; ``POST /train/puzzle`` — ``day``, ``move``: the answer (refused without a
  change: another day's form or a second answer 409, an illegal move 400, none today 404).

Nothing here searches: the drill's answers are the stored analysis, the day's puzzle is
chosen in the background (``app.main``).
"""

from datetime import date
from typing import Annotated

from fastapi import APIRouter, Depends, Request
from starlette.responses import Response

from app.core.models import utcnow
from app.review import drill, puzzle
from app.review.spot import move_words, spot_view
from app.table.common import PlayError
from app.web.deps import DbDep, FieldsDep, SessionDep
from app.web.render import render

router = APIRouter()

TodayDep = Annotated[date, Depends(puzzle.today)]


def _drill_page(request: Request, db: DbDep, session_id: str, notice: str = "",
                status_code: int = 200, answered: drill.Answered | None = None) -> Response:
    now = utcnow()
    queue = drill.items(db, session_id)
    due = [item for item in queue if item.due(now)]
    current = due[0] if due and answered is None else None
    spot = None
    if current is not None:
        try:
            spot = spot_view(drill.spot(db, session_id, current))
        except drill.NoItemError:
            current = None
    context = {"queue": queue, "current": current, "spot": spot, "notice": notice,
               "progress": drill.progress(db, session_id, queue, now),
               "answered": answered, "words": move_words,
               "answered_spot": spot_view(drill.spot(db, session_id, answered.item))
               if answered is not None else None}
    return render(request, "train/drill.html", context, status_code=status_code)


@router.get("/train", name="train")
def train_page(request: Request, session: SessionDep, db: DbDep) -> Response:
    """The drill: the next due question, or the ways in."""
    return _drill_page(request, db, session.id)


@router.post("/train/answer")
def train_answer(request: Request, session: SessionDep, db: DbDep,
                 fields: FieldsDep) -> Response:
    """Answer one question of the drill (see the module docstring)."""
    try:
        answered = drill.answer(db, session.id, fields.get("item", ""),
                                fields.get("move", ""), fields.get("version", ""))
    except PlayError as error:
        db.rollback()
        return _drill_page(request, db, session.id, error.message, error.status_code)
    return _drill_page(request, db, session.id, answered=answered)


def _puzzle_page(request: Request, db: DbDep, session_id: str, day: date,
                 notice: str = "", status_code: int = 200) -> Response:
    today = puzzle.load(db, session_id, day)
    return render(request, "train/puzzle.html",
                  {"t": today, "spot": spot_view(today.spot) if today.spot else None,
                   "words": move_words, "notice": notice}, status_code=status_code)


@router.get("/train/puzzle", name="train_puzzle")
def puzzle_page(request: Request, session: SessionDep, db: DbDep,
                today: TodayDep) -> Response:
    """Today's puzzle, or its solution once answered."""
    return _puzzle_page(request, db, session.id, today)


@router.post("/train/puzzle")
def puzzle_answer(request: Request, session: SessionDep, db: DbDep, today: TodayDep,
                  fields: FieldsDep) -> Response:
    """Answer today's puzzle (see the module docstring)."""
    try:
        puzzle.answer(db, session.id, today, fields.get("day", ""),
                      fields.get("move", ""))
    except PlayError as error:
        db.rollback()
        return _puzzle_page(request, db, session.id, today, error.message,
                            error.status_code)
    return _puzzle_page(request, db, session.id, today)
