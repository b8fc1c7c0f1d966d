"""The programs admitted to the bot protocol (``docs/bots.md``): their accounts and
tokens, no web.

A bot is a history of its own (a ``browser_session`` row, so that every seat, match and
tap works for it exactly as for a browser) with a name and a bearer token. The token
(:func:`new_token`: ``gbot_`` and 43 URL-safe characters, 256 random bits) is shown to
the operator once by :func:`add` and stored only as its SHA-256 (:func:`token_hash`);
:func:`account_for` finds the account of a token that is well formed, known and not
revoked. The operator's commands are ``python -m app bot add|list|revoke``
(``app/botadmin.py``).
"""

from __future__ import annotations

import hashlib
import re
import secrets
from datetime import timedelta

from sqlmodel import Session, col, select

from app.core.models import BotAccount, BrowserSession, PlayMatch, utcnow

PREFIX = "gbot_"
"""Every bot token starts so (a leaked one is recognisable as this app's)."""
_TOKEN = re.compile(r"gbot_[A-Za-z0-9_-]{43}")
MAX_NAME = 20
"""The longest bot name, in characters (a player's name is as long)."""


class BotAccountError(ValueError):
    """A bot name that cannot be used (empty, too long, not printable, taken), or an
    unknown bot; the message says which."""


def new_token() -> str:
    """A fresh bot token: :data:`PREFIX` and ``secrets.token_urlsafe(32)`` (256 bits)."""
    return PREFIX + secrets.token_urlsafe(32)


def is_valid_token(value: str | None) -> bool:
    """True when ``value`` has the exact shape of a token made by :func:`new_token`."""
    return value is not None and _TOKEN.fullmatch(value) is not None


def token_hash(token: str) -> str:
    """The SHA-256 of ``token`` as 64 hex digits: what ``bot_account`` stores."""
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def bearer_token(header: str | None) -> str | None:
    """The bot token of an ``Authorization: Bearer <token>`` header (the scheme in any
    case), or ``None`` when the header is missing, of another scheme or not a token's
    shape."""
    scheme, _, given = (header or "").strip().partition(" ")
    given = given.strip()
    return given if scheme.lower() == "bearer" and is_valid_token(given) else None


def bot_name(text: str) -> str:
    """``text`` as a bot's name: spaces collapsed, 1–:data:`MAX_NAME` printable characters.

    Raises:
        BotAccountError: empty, too long or not printable.
    """
    name = " ".join(text.split())
    if not name or len(name) > MAX_NAME or not name.isprintable():
        raise BotAccountError(f"a bot's name has 1 to {MAX_NAME} printable characters")
    return name


def add(db: Session, name: str, session_id: str) -> str:
    """Admit the bot ``name`` with a new history ``session_id`` (its session row is made
    here) and return its token, which is stored nowhere (only its hash).

    Raises:
        BotAccountError: the name is unusable or another bot has it.
    """
    name = bot_name(name)
    if db.exec(select(BotAccount).where(col(BotAccount.name) == name)).first() is not None:
        raise BotAccountError(f"a bot named {name!r} exists already")
    token = new_token()
    db.add(BrowserSession(id=session_id))
    db.flush()
    db.add(BotAccount(token_hash=token_hash(token), name=name, session_id=session_id))
    db.flush()
    return token


def accounts(db: Session) -> list[BotAccount]:
    """Every bot account, by name."""
    return list(db.exec(select(BotAccount).order_by(col(BotAccount.name))).all())


def revoke(db: Session, name: str) -> None:
    """Stop the bot ``name``: its token is refused from now on (its matches stay).

    Raises:
        BotAccountError: no bot has that name.
    """
    account = db.exec(select(BotAccount).where(col(BotAccount.name) == name)).first()
    if account is None:
        raise BotAccountError(f"no bot is named {name!r}")
    account.revoked_at = account.revoked_at or utcnow()
    db.add(account)


def account_for(db: Session, token: str | None) -> BotAccount | None:
    """The account of a well-formed, known, not revoked ``token`` (``None`` otherwise)."""
    if token is None or not is_valid_token(token):
        return None
    account = db.get(BotAccount, token_hash(token))
    if account is None or account.revoked_at is not None:
        return None
    return account


TOUCH_EVERY = timedelta(hours=1)
"""A bot's history is marked as used at most this often (the hourly purge of unused
sessions, ``SESSION_TTL_DAYS``, then never removes a bot that plays)."""


def touch(db: Session, account: BotAccount) -> None:
    """Mark the bot's history as used now (at most every :data:`TOUCH_EVERY`)."""
    row = db.get(BrowserSession, account.session_id)
    now = utcnow()
    if row is not None and now - row.last_seen > TOUCH_EVERY:
        row.last_seen = now
        db.add(row)


def is_bot_session(db: Session, session_id: str) -> bool:
    """True when history ``session_id`` is a bot's: what a table that seats it (a friend
    match, an event table) records to mark its name."""
    return db.exec(select(BotAccount.token_hash).where(
        col(BotAccount.session_id) == session_id)).first() is not None


def is_bot_seat(game: PlayMatch, seat: int) -> bool:
    """True when seat ``seat`` of ``game`` is played by a bot (``PlayMatch.bot_seats``)."""
    marks = game.bot_seats or []
    return seat < len(marks) and bool(marks[seat])


__all__ = ["MAX_NAME", "PREFIX", "BotAccountError", "account_for", "accounts", "add",
           "bearer_token", "bot_name", "is_bot_seat", "is_bot_session", "is_valid_token",
           "new_token", "revoke", "token_hash", "touch"]
