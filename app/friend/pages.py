"""Pages of Play a friend that more than one area's routes answer with: the inviter's
waiting page (``/play`` shows it while the friend has not joined).

Renders through :mod:`app.web.render`.
"""

from fastapi import Request
from starlette.responses import Response

from app.core.config import Settings
from app.friend.invites import INVITE_HOURS, Waiting
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
