"""Host codes in the pages that make and run things (an event, a season: ``app.events``):
the new code carried once to the thing's page, and the count of codes that opened nothing.

* A new host code is stored nowhere on the server, only its hash: the answer that made
  the thing hands the code to the thing's page in a short cookie of this browser, for
  that page's path alone (:func:`hand_over`); the page shows it once and deletes the
  cookie (:func:`take`), so a reload shows it no more.
* A typed code that opens nothing is counted per browser and per address
  (:func:`app.core.attempts.kept_on`, checked after the code: the right one always gets
  in); :func:`wrong_code` says how long to wait and why, once there were too many.
"""

from __future__ import annotations

from collections.abc import Callable

from fastapi import Request
from starlette.responses import Response

from app.core.attempts import kept_on
from app.core.config import Settings
from app.core.i18n import ngettext
from app.web.limits import Client
from app.web.links import cookie_path

SECONDS = 300
"""How long a new host code waits in its cookie for the thing's page."""


def hand_over(request: Request, response: Response, cookie: str, code: str,
              path: str) -> None:
    """Carry ``code`` to the page at ``path`` (under the app's root) in ``cookie``."""
    settings: Settings = request.app.state.settings
    response.set_cookie(cookie, code, max_age=SECONDS, httponly=True, samesite="strict",
                        secure=settings.secure_cookies, path=cookie_path(request.scope, path))


def take(request: Request, cookie: str, opens: Callable[[str], bool]) -> tuple[str, bool]:
    """The code carried in ``cookie`` when it ``opens`` the page's own thing, else
    ``""``; and whether the cookie came (then the page's answer must :func:`forget` it)."""
    typed = request.cookies.get(cookie, "")
    return (typed if typed and opens(typed) else ""), bool(typed)


def forget(request: Request, response: Response, cookie: str, path: str) -> None:
    """Delete ``cookie`` (:func:`hand_over`'s, for the page at ``path``)."""
    response.delete_cookie(cookie, path=cookie_path(request.scope, path))


def wrong_code(request: Request, session_id: str, counter: str = "events") -> tuple[int, str]:
    """Count a typed code that opened nothing (for this browser and its address, in the
    app's ``counter``); ``(seconds to wait, the refusal)`` once too many came, else
    ``(0, "")``."""
    keys = [f"browser:{session_id}", f"address:{Client.of(request.scope).address}"]
    wait = kept_on(request.app.state, counter).wrong(keys)
    if not wait:
        return 0, ""
    return wait, ngettext("Too many codes that opened nothing: try again in %(num)d minute.",
                          "Too many codes that opened nothing: try again in %(num)d minutes.",
                          -(-wait // 60))
