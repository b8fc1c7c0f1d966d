"""Secret links: a page anyone may open who holds its link, and nobody else.

The link carries a random token (:func:`app.web.sessions.new_token`, 256 bits); the
table keeps only its SHA-256 (:func:`app.web.sessions.token_hash`) as the row's primary
key ``token_hash`` and a ``revoked_at`` time, so the link is known only when it is made
and a copy of the database opens nothing. Used by *Share this hand*
(:mod:`app.review.share`) and the watch links of friend matches
(:mod:`app.friend.watch`).
"""

from __future__ import annotations

from typing import TypeVar

from sqlmodel import Session

from app.web.sessions import is_valid_token, new_token, token_hash

Row = TypeVar("Row")
"""A row of a secret link's table: keyed by ``token_hash``, with a ``revoked_at``."""


def new_link() -> tuple[str, str]:
    """A fresh link's ``(token, hash)``: give the token to the browser once, store the
    hash (the row's ``token_hash``)."""
    token = new_token()
    return token, token_hash(token)


def lookup(db: Session, model: type[Row], token: str) -> Row | None:
    """The row of ``model`` whose link is ``token`` as sent, detached from ``db``, or
    ``None`` when the token is malformed or unknown (the caller answers 404). A stopped
    link's row is returned too: check its ``revoked_at``."""
    row = db.get(model, token_hash(token)) if is_valid_token(token) else None
    if row is not None:
        db.expunge(row)
    return row
