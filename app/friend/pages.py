"""Pages of Play a friend that more than one area's routes answer with: the inviter's
waiting page (``/play`` shows it while the friend has not joined), and :data:`TABLE`,
what a friend match's table page asks of this feature (the friend away, the browser's
other friend matches, the waiting page), passed to the kit by ``app.main``
(:func:`app.table.seats.listen`).

Renders through :mod:`app.web.render`.
"""

from fastapi import Request
from sqlalchemy import Engine
from sqlmodel import Session
from starlette.responses import Response

from app.core.config import Settings
from app.core.models import PlayMatch
from app.friend import invites
from app.friend.invites import INVITE_HOURS, Waiting
from app.table.seats import FriendTable
from app.web.render import render


def invite_url(request: Request, token: str) -> str:
    """The invite link as a full URL (what the inviter copies or shares, and its QR
    code): under ``PUBLIC_URL`` when that is set, else under the request's own address
    (its Host header, which ``app.web.security`` has checked: a host and a port only)."""
    settings: Settings = request.app.state.settings
    base = settings.public_base
    if base is None:
        return str(request.url_for("friend_join", token=token))
    return base + str(request.app.url_path_for("friend_join", token=token))


def waiting_page(request: Request, waiting: Waiting, notice: str = "",
                 status_code: int = 200) -> Response:
    """The inviter's page while the friend has not joined: the link, its QR code,
    Cancel, and the live signal that reloads into the table once the friend joins."""
    return render(request, "friend/wait.html",
                  {"w": waiting, "url": invite_url(request, waiting.token), "notice": notice,
                   "hours": INVITE_HOURS}, status_code=status_code)


def _away(game: PlayMatch, seat: int, engine: Engine) -> bool:
    return invites.is_away(game, seat, engine=engine)


def _waiting(request: Request, db: Session, session_id: str,
             match_id: int | None) -> Response | None:
    waiting = invites.waiting(db, session_id, match_id)
    return None if waiting is None else waiting_page(request, waiting)


TABLE = FriendTable(away=_away, others=invites.other_friend_matches, waiting=_waiting)
"""A friend match's table page as the kit's seats ask for it
(:class:`~app.table.seats.FriendTable`)."""
