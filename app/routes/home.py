"""The home page: links to Play, Score and Rules, and on a browser's first visits the
offer of *Learn by playing* (until taken or dismissed: ``app.learn``)."""

from fastapi import APIRouter, Request
from starlette.responses import Response

from app.engine import HOUSE
from app.learn import lesson
from app.web.deps import DbDep, SessionDep
from app.web.render import render

router = APIRouter()


@router.get("/", name="home")
def home(request: Request, session: SessionDep, db: DbDep) -> Response:
    """The landing page; starts the browser session (sets the cookie) on first visit."""
    return render(request, "home.html", {"learn_offer": lesson.offer_open(db, session.id),
                                             "target": HOUSE.target})
