"""Signing in to ``/admin`` with the ``ADMIN_TOKEN`` setting: the page exists only when
the token is set (404 otherwise). A correct token starts a server-side session: the
``gin_admin`` cookie carries a random value (``secrets.token_urlsafe``, 256 bits),
HttpOnly, ``SameSite=Strict``, for ``/admin`` only; the database keeps only its SHA-256
(``operator_session``), with the end of its :data:`SIGNED_IN_HOURS` hours and a tag of
the token it was signed in with. So Sign out ends the session for every copy of the
cookie, an expired session is refused (and purged), and a new ``ADMIN_TOKEN`` signs
everyone out; the token itself never travels again.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from datetime import datetime, timedelta

from sqlalchemy import Engine
from sqlmodel import Session, col, delete, select

from app.core.models import OperatorSession, utcnow

COOKIE = "gin_admin"
SIGNED_IN_HOURS = 12
_COOKIE_BYTES = 32
_MAX_COOKIE = 128
"""A longer cookie is not one this module made: refused without a look-up."""


def _hash(value: str) -> str:
    return hashlib.sha256(value.encode()).hexdigest()


def _tag(token: str) -> str:
    """Which ``ADMIN_TOKEN`` a session belongs to: an HMAC keyed with it (hex)."""
    return hmac.new(token.encode(), b"gin-admin-session-v1", hashlib.sha256).hexdigest()


def token_matches(token: str, typed: str) -> bool:
    """Whether ``typed`` is the operator's token (never for an empty one), in constant
    time: their SHA-256 digests are compared, so not even the length shows."""
    return bool(token) and hmac.compare_digest(_hash(token), _hash(typed))


def start(db: Session, token: str, now: datetime | None = None) -> str:
    """A new operator session for ``token`` (the operator just typed it): the cookie's
    value, whose SHA-256 is stored, good for :data:`SIGNED_IN_HOURS` hours. Expired
    sessions are purged on the way."""
    now = now or utcnow()
    purge(db, now)
    value = secrets.token_urlsafe(_COOKIE_BYTES)
    db.add(OperatorSession(token_hash=_hash(value), token_tag=_tag(token), created_at=now,
                           expires_at=now + timedelta(hours=SIGNED_IN_HOURS)))
    db.flush()
    return value


def signed_in(db: Session, token: str, cookie: str | None,
              now: datetime | None = None) -> bool:
    """Whether ``cookie`` is a live session of the current ``token``. An expired
    session is refused and its row deleted (committed with the request)."""
    if not token or not cookie or len(cookie) > _MAX_COOKIE:
        return False
    row = db.get(OperatorSession, _hash(cookie))
    if row is None:
        return False
    if row.expires_at <= (now or utcnow()):
        db.delete(row)
        db.flush()
        return False
    return hmac.compare_digest(row.token_tag, _tag(token))


def end(db: Session, cookie: str | None) -> None:
    """Sign out: delete the session of ``cookie`` (every copy of it stops working)."""
    if cookie and len(cookie) <= _MAX_COOKIE:
        db.exec(delete(OperatorSession).where(
            col(OperatorSession.token_hash) == _hash(cookie)))


def purge(db: Session, now: datetime | None = None) -> int:
    """Delete every expired operator session; how many were deleted."""
    expired = list(db.exec(select(OperatorSession).where(
        col(OperatorSession.expires_at) <= (now or utcnow()))))
    for row in expired:
        db.delete(row)
    return len(expired)


def purge_expired(engine: Engine) -> int:
    """:func:`purge` in a transaction of its own (the app's hourly purge); how many."""
    with Session(engine) as db:
        removed = purge(db)
        db.commit()
    return removed
