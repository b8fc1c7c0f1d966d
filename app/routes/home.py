"""The home page: links to Play, Score and Rules."""

from fastapi import APIRouter, Request
from starlette.responses import Response

from app.web.deps import SessionDep
from app.web.render import render

router = APIRouter()


@router.get("/", name="home")
def home(request: Request, session: SessionDep) -> Response:
    """The landing page; starts the browser session (sets the cookie) on first visit."""
    return render(request, "home.html")
