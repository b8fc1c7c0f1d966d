"""Signing in to ``/admin`` with the ``ADMIN_TOKEN`` setting: the page exists only when
the token is set (404 otherwise); a correct token sets the ``gin_admin`` cookie, an HMAC
of the token (so the cookie is worthless once the token changes, and the token itself
never travels again), HttpOnly, ``SameSite=Strict``, for ``/admin`` only, for
:data:`SIGNED_IN_HOURS` hours.
"""

from __future__ import annotations

import hashlib
import hmac

COOKIE = "gin_admin"
SIGNED_IN_HOURS = 12


def cookie_value(token: str) -> str:
    """The signed-in cookie's value for the operator's ``token`` (hex HMAC-SHA256)."""
    return hmac.new(token.encode(), b"gin-admin-v1", hashlib.sha256).hexdigest()


def token_matches(token: str, typed: str) -> bool:
    """Whether ``typed`` is the operator's token (constant time; never for an empty one)."""
    return bool(token) and hmac.compare_digest(token.encode(), typed.encode())


def signed_in(token: str, cookie: str | None) -> bool:
    """Whether the ``gin_admin`` cookie was set for the current ``token``."""
    return bool(token) and cookie is not None and hmac.compare_digest(
        cookie_value(token).encode(), cookie.encode())
