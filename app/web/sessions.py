"""Browser sessions: the ``gin_session`` cookie, its token and its ``browser_session`` row.

Identity and credential are apart. A history is a ``browser_session`` row whose id is an
internal name (:func:`new_session_id`, not a secret: other tables refer to it). A browser
holds a *token* (:func:`new_token`, 256 random bits) as its cookie; the server stores
only the token's SHA-256 (:func:`token_hash`) in ``browser_token``, with the history it
opens, so no table, page, export or log line carries a credential. Lookup: cookie →
hash → ``browser_token`` → ``browser_session``. Each device that joins a history (a
device or recovery code, docs/devices.md) gets a token of its own (:func:`issue_token`);
the tokens go with the history (cascade).

A route that needs to know the browser declares ``session: SessionDep`` (from
``app.web.deps``, where the dependency lives). The dependency finds the row named by the
cookie or, when the cookie is missing, malformed, unknown or expired, creates a fresh
row and token (a browser never chooses its own token).
``SessionCookieMiddleware`` then sends the cookie with whatever response the route
returns. Routes that do not declare ``SessionDep`` (static files, ``/healthz``) never
touch sessions.

This module keeps the ids, the tokens, the cookie and its middleware, and the purge.

Sessions unused for ``SESSION_TTL_DAYS`` are deleted by ``purge_expired_sessions``,
which the app runs at start-up and then every hour.
"""

import hashlib
import re
import secrets
from datetime import timedelta

from sqlalchemy import Engine, delete
from sqlmodel import Session, col, select
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.core.config import Settings
from app.core.models import BrowserSession, BrowserToken, utcnow
from app.web.links import cookie_path

COOKIE_NAME = "gin_session"
# secrets.token_urlsafe(32): 32 random bytes (256 bits) as 43 URL-safe base64 characters.
_TOKEN_BYTES = 32
_VALID_TOKEN = re.compile(r"[A-Za-z0-9_-]{43}")
# last_seen (and the cookie's Max-Age) is refreshed at most this often per session.
TOUCH_INTERVAL = timedelta(hours=1)
STATE_KEY = "gin_session_cookie"
"""Key in ``request.state``: the token whose cookie the response must (re)send."""


def new_token() -> str:
    """A fresh, unguessable cookie value (256 bits from ``secrets``): a credential, sent
    to its browser only and stored only as :func:`token_hash`."""
    return secrets.token_urlsafe(_TOKEN_BYTES)


def is_valid_token(value: str | None) -> bool:
    """True when ``value`` has the exact shape of a token made by :func:`new_token`."""
    return value is not None and _VALID_TOKEN.fullmatch(value) is not None


def token_hash(token: str) -> str:
    """The SHA-256 of ``token`` as 64 hex digits: what ``browser_token`` stores."""
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def new_session_id() -> str:
    """A fresh internal id for a history (128 random bits as 32 hex digits). Not a
    credential: it differs from a token in shape, and no cookie is ever looked up by it."""
    return secrets.token_hex(16)


def issue_token(db: Session, session_id: str) -> str:
    """A new token of history ``session_id`` for one browser (its hash added to ``db``):
    the value to send as its cookie, nowhere else."""
    token = new_token()
    db.add(BrowserToken(token_hash=token_hash(token), session_id=session_id,
                        created_at=utcnow()))
    return token


def revoke_token(db: Session, token: str | None) -> None:
    """Delete ``token``'s hash (a browser gave it up): it opens nothing any more; the
    history and its other devices' tokens stay."""
    if is_valid_token(token):
        assert token is not None
        db.exec(delete(BrowserToken).where(col(BrowserToken.token_hash) == token_hash(token)))


def session_id_for(db: Session, token: str | None) -> str | None:
    """The id of the history ``token`` opens; ``None`` for a malformed or unknown one."""
    if not is_valid_token(token):
        return None
    assert token is not None
    return db.exec(select(BrowserToken.session_id)
                   .where(col(BrowserToken.token_hash) == token_hash(token))).first()


def read_session_id(engine: Engine, token: str | None) -> str | None:
    """:func:`session_id_for` in a read of its own (for a request with no unit of work,
    such as an error page). Blocks."""
    if not is_valid_token(token):
        return None
    with engine.connect() as conn:
        reader = conn.execution_options(sqlite_begin="DEFERRED")
        with Session(bind=reader) as db:
            return session_id_for(db, token)


def purge_expired_sessions(engine: Engine, ttl_days: float) -> int:
    """Delete sessions unused for ``ttl_days`` (and, by cascade, their data); return how many."""
    cutoff = utcnow() - timedelta(days=ttl_days)
    with Session(engine) as db:
        result = db.exec(delete(BrowserSession).where(col(BrowserSession.last_seen) < cutoff))
        db.commit()
        return int(result.rowcount or 0)


def session_cookie_header(token: str, settings: Settings, path: str = "/") -> bytes:
    """The ``Set-Cookie`` value for ``token``: HttpOnly, SameSite=Lax, ``Path=path``
    (the app's root: ``/``, or its sub-path such as ``/gin``, so the cookie goes to this
    app only), Secure with ``SECURE_COOKIES``."""
    max_age = int(settings.session_ttl_days * 86400)
    parts = [f"{COOKIE_NAME}={token}", f"Max-Age={max_age}", f"Path={path}", "HttpOnly"]
    parts.append("SameSite=Lax")
    if settings.secure_cookies:
        parts.append("Secure")
    return "; ".join(parts).encode("latin-1")


class SessionCookieMiddleware:
    """Adds the session cookie chosen by ``get_browser_session`` (or a route that gave
    the browser another token: ``app.routes.devices``) to the response."""

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
                token = scope["state"].get(STATE_KEY)
                if token:
                    headers = list(message.get("headers", []))
                    headers.append(
                        (b"set-cookie", session_cookie_header(
                            token, self.settings, cookie_path(scope)))
                    )
                    message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_cookie)
