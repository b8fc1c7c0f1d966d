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
  change: another day's form or a second answer 409, an illegal move 400, none today 404);
* ``GET /play/history/{match}/{hand}/together`` — *Review together* (``app.review.together``)
  for a friend match's two players: each sees their own seat's review; ``POST`` (``step``,
  ``version``) moves both (``"<hand> <step> <version>"``; 409 and the current one when
  stale), announced on the friend match's live signal (``app.friend.live``); ``GET
  …/together/events`` — its Server-Sent Events, ``event: step`` with that text.

Nothing here searches: the drill's answers are the stored analysis, the day's puzzle is
chosen in the background (``app.main``).
"""

import asyncio
import contextlib
from collections.abc import AsyncIterator
from datetime import date
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from sqlmodel import Session
from starlette.background import BackgroundTask
from starlette.concurrency import run_in_threadpool
from starlette.responses import PlainTextResponse, Response, StreamingResponse

from app.core.i18n import gettext
from app.core.inputs import whole_number
from app.core.models import PlayMatch, utcnow
from app.friend import live
from app.review import drill, puzzle, share, together
from app.review import history as hist
from app.review.spot import move_words, spot_view
from app.table.common import PlayError
from app.web.deps import DbDep, FieldsDep, SessionDep
from app.web.limits import held_until_closed, stream_slot
from app.web.render import render

router = APIRouter()

TodayDep = Annotated[date, Depends(puzzle.today)]


def _drill_page(request: Request, db: DbDep, session_id: str, notice: str = "",
                status_code: int = 200, answered: drill.Answered | None = None) -> Response:
    now = utcnow()
    queue = drill.items(db, session_id)
    due = [item for item in queue if item.due(now)] if answered is None else []
    current, spot = None, None
    for item in due:  # the first that can be shown (a duplicate board in play cannot)
        try:
            spot = spot_view(drill.spot(db, session_id, item))
        except drill.NoItemError:
            continue
        current = item
        break
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


PING_SECONDS = 10
"""*Review together*'s stream re-reads where the two stand and sends a keep-alive this
often (another server process's step wakes nobody here)."""


def _together(db: DbDep, session_id: str, match_id: str,
              number: str) -> tuple[PlayMatch, hist.HandFacts] | None:
    try:
        return together.hand(db, session_id, whole_number(match_id), whole_number(number))
    except hist.NotInHistoryError:
        return None


def _no_hand(request: Request) -> Response:
    return render(request, "error.html", {
        "status": 404, "title": gettext("Not found"),
        "message": gettext(hist.NOT_FOUND)}, status_code=404)


@router.get("/play/history/{match_id}/{number}/together", name="review_together")
def together_page(request: Request, session: SessionDep, db: DbDep, match_id: str,
                  number: str) -> Response:
    """*Review together*: this player's own view of the hand, kept on the same step as
    the friend's."""
    found = _together(db, session.id, match_id, number)
    if found is None:
        return _no_hand(request)
    game, facts = found
    names = game.names or []
    me = facts.seats.me
    name = str(names[me]) if len(names) > me and names[me] else None
    s = share.seat_review(db, session.id, game.id or 0, facts.number, name, utcnow())
    at = together.where(db, facts.match_id or 0, facts.number)
    url = f"/play/history/{facts.match_id}/{facts.number}/together"
    return render(request, "review/shared.html", {
        "s": s, "together": {"url": url, "version": at.version, "friend": facts.seats.other_name,
                             "step": at.step if at.number == facts.number else 0}})


@router.post("/play/history/{match_id}/{number}/together")
def together_step(request: Request, session: SessionDep, db: DbDep, match_id: str,
                  number: str, fields: FieldsDep) -> Response:
    """Move both players to ``step`` (taken at ``version``)."""
    found = _together(db, session.id, match_id, number)
    if found is None:
        return PlainTextResponse(gettext(hist.NOT_FOUND), status_code=404)
    game, facts = found
    try:
        at = together.step(db, facts, whole_number(fields.get("step", "")) or 0,
                           whole_number(fields.get("version", "")) or 0)
    except PlayError as error:
        db.rollback()
        current = together.where(db, facts.match_id or 0, facts.number)
        return PlainTextResponse(current.text, status_code=error.status_code)
    live.announce(db, game)
    return PlainTextResponse(at.text)


def _read_where(engine: Any, match_id: int, number: int) -> str:
    with Session(engine) as db:
        return together.where(db, match_id, number).text


async def _steps(engine: Any, match_id: int, number: int) -> AsyncIterator[str]:
    """``event: step`` whenever where the two stand changes (module docstring)."""
    with live.watch(match_id) as watcher:
        yield "retry: 2000\n\n"
        sent = None
        while True:
            watcher.changed.clear()
            now = await run_in_threadpool(_read_where, engine, match_id, number)
            if now != sent:
                sent = now
                yield f"event: step\ndata: {now}\n\n"
            else:
                yield ": ping\n\n"
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(watcher.changed.wait(), timeout=PING_SECONDS)


@router.get("/play/history/{match_id}/{number}/together/events")
async def together_events(request: Request, session: SessionDep, db: DbDep, match_id: str,
                          number: str) -> Response:
    """The live steps of *Review together* (Server-Sent Events)."""
    found = await run_in_threadpool(_together, db, session.id, match_id, number)
    if found is None:
        return Response(status_code=404)
    facts = found[1]
    release = stream_slot(request)  # 429 beyond the streams per browser or address
    stream = _steps(request.app.state.engine, facts.match_id or 0, facts.number)
    return StreamingResponse(held_until_closed(release, stream),
                             media_type="text/event-stream",
                             headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
                             background=BackgroundTask(release))
