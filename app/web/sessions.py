"""Browser sessions: the ``gin_session`` cookie and its ``browser_session`` row.

A route that needs to know the browser declares ``session: SessionDep`` (from
``app.web.deps``, where the dependency lives). The dependency finds the row named by the
cookie or, when the cookie is missing, malformed, unknown or expired, creates a fresh
row with a new random id (a browser never chooses its own id).
``SessionCookieMiddleware`` then sends the cookie with whatever response the route
returns. Routes that do not declare ``SessionDep`` (static files, ``/healthz``) never
touch sessions.

This module keeps the ids, the cookie and its middleware, and the purge.

Sessions unused for ``SESSION_TTL_DAYS`` are deleted by ``purge_expired_sessions``,
which the app runs at start-up and then every hour.
"""

import re
import secrets
from datetime import timedelta

from sqlalchemy import Engine, delete
from sqlmodel import Session, col
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.core.config import Settings
from app.core.models import BrowserSession, utcnow
from app.web.links import cookie_path

COOKIE_NAME = "gin_session"
# secrets.token_urlsafe(32): 32 random bytes (256 bits) as 43 URL-safe base64 characters.
_TOKEN_BYTES = 32
_VALID_ID = re.compile(r"[A-Za-z0-9_-]{43}")
# last_seen (and the cookie's Max-Age) is refreshed at most this often per session.
TOUCH_INTERVAL = timedelta(hours=1)
STATE_KEY = "gin_session_cookie"
"""Key in ``request.state``: the session id whose cookie the response must (re)send."""


def new_session_id() -> str:
    """A fresh, unguessable session id (256 bits from ``secrets``)."""
    return secrets.token_urlsafe(_TOKEN_BYTES)


def is_valid_session_id(value: str | None) -> bool:
    """True when ``value`` has the exact shape of an id made by ``new_session_id``."""
    return value is not None and _VALID_ID.fullmatch(value) is not None


def purge_expired_sessions(engine: Engine, ttl_days: float) -> int:
    """Delete sessions unused for ``ttl_days`` (and, by cascade, their data); return how many."""
    cutoff = utcnow() - timedelta(days=ttl_days)
    with Session(engine) as db:
        result = db.exec(delete(BrowserSession).where(col(BrowserSession.last_seen) < cutoff))
        db.commit()
        return int(result.rowcount or 0)


def session_cookie_header(session_id: str, settings: Settings, path: str = "/") -> bytes:
    """The ``Set-Cookie`` value for ``session_id``: HttpOnly, SameSite=Lax, ``Path=path``
    (the app's root: ``/``, or its sub-path such as ``/gin``, so the cookie goes to this
    app only), Secure with ``SECURE_COOKIES``."""
    max_age = int(settings.session_ttl_days * 86400)
    parts = [f"{COOKIE_NAME}={session_id}", f"Max-Age={max_age}", f"Path={path}", "HttpOnly"]
    parts.append("SameSite=Lax")
    if settings.secure_cookies:
        parts.append("Secure")
    return "; ".join(parts).encode("latin-1")


class SessionCookieMiddleware:
    """Adds the session cookie chosen by ``get_browser_session`` to the response."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.settings = settings

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """ASGI entry point."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        scope.setdefault("state", {})

        async def send_with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                session_id = scope["state"].get(STATE_KEY)
                if session_id:
                    headers = list(message.get("headers", []))
                    headers.append(
                        (b"set-cookie", session_cookie_header(
                            session_id, self.settings, cookie_path(scope)))
                    )
                    message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_cookie)
