"""Issuing and redeeming device and recovery codes, and forgetting a browser
(docs/devices.md). The codes are :mod:`app.devices.codes`; only their hashes are stored
(:class:`~app.core.models.AccessCode`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, update
from sqlmodel import Session, col, select

from app.core import statcache
from app.core.i18n import gettext, ngettext
from app.core.models import AccessCode, BrowserSession, PlayMatch, utcnow
from app.devices.codes import DEVICE_MINUTES, CodeKind, code_hash, new_code, read

FORMER_PLAYER = "A former player"
"""The name a friend match shows for a player whose browser was forgotten."""


class CodeError(Exception):
    """A code that opens nothing: ``message`` says why, in words a person may read (in
    the page's language)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True, slots=True)
class Issued:
    """A code just made: the code itself (shown once, never stored) and when it stops
    working (``None``: until replaced)."""

    code: str
    kind: CodeKind
    expires_at: datetime | None


def issue(db: Session, session_id: str, kind: CodeKind) -> Issued:
    """A new code of ``kind`` for this browser's history. It replaces the browser's
    earlier code of that kind, which stops working at once (a device code not yet
    used; the recovery code)."""
    db.exec(delete(AccessCode).where(col(AccessCode.session_id) == session_id,
                                     col(AccessCode.kind) == kind.value,
                                     col(AccessCode.used_at).is_(None)))
    now = utcnow()
    expires = now + timedelta(minutes=DEVICE_MINUTES) if kind is CodeKind.DEVICE else None
    code = new_code(kind)
    db.add(AccessCode(code_hash=code_hash(code), session_id=session_id, kind=kind.value,
                      created_at=now, expires_at=expires))
    db.flush()
    return Issued(code, kind, expires)


def recovery_made(db: Session, session_id: str) -> datetime | None:
    """When this browser's recovery code was made (``None``: it has none)."""
    row = db.exec(select(AccessCode).where(AccessCode.session_id == session_id,
                                           AccessCode.kind == CodeKind.RECOVERY.value)).first()
    return row.created_at if row is not None else None


def redeem(db: Session, typed: str, session_id: str) -> str:
    """The session id whose history the code ``typed`` opens; a device code is spent.
    (The route gives this browser a new token of that history: ``app.web.sessions``.)

    Raises:
        CodeError: not a code, unknown, spent, expired, its history gone, or this
            browser's own history.
    """
    found = read(typed)
    if found is None:
        raise CodeError(gettext("That is not a code: a device code has 8 characters, a recovery "
                                "code 20 (letters and digits; dashes and spaces do not matter)."))
    kind, code = found
    row = db.get(AccessCode, code_hash(code))
    now = utcnow()
    if row is None or row.kind != kind.value:
        raise CodeError(gettext("No history has this code. Check it, or make a new one on the "
                                "other device."))
    if row.used_at is not None:
        raise CodeError(gettext("This device code was used already: make a new one on the "
                                "other device."))
    if row.expires_at is not None and row.expires_at <= now:
        raise CodeError(ngettext(
            "This device code has expired (they last %(num)d minute): make a new one on "
            "the other device.",
            "This device code has expired (they last %(num)d minutes): make a new one on "
            "the other device.", DEVICE_MINUTES))
    if row.session_id == session_id:
        raise CodeError(gettext("This browser holds this history already."))
    if db.get(BrowserSession, row.session_id) is None:
        raise CodeError(gettext("The history of this code is gone."))
    if kind is CodeKind.DEVICE:
        spent = db.exec(update(AccessCode).where(col(AccessCode.code_hash) == row.code_hash,
                                                 col(AccessCode.used_at).is_(None))
                        .values(used_at=now))
        if not spent.rowcount:
            raise CodeError(gettext("This device code was used already: make a new one on the "
                                    "other device."))
    return row.session_id


def forget(db: Session, session_id: str) -> None:
    """Delete everything the server holds about this history (its session row; every
    table that belongs to a browser goes with it by cascade, every device's token too,
    so no browser's cookie opens it any more). In a friend match the
    other player keeps the match, with this player's name replaced by
    :data:`FORMER_PLAYER` and its seat emptied (and their statistics rebuilt)."""
    statcache.bump_friends(db, session_id)
    for game in db.exec(select(PlayMatch).where(col(PlayMatch.friend),
                                                col(PlayMatch.guest_session_id)
                                                == session_id)).all():
        _rename(game, 1)
        game.guest_session_id = None
        db.add(game)
    db.flush()
    row = db.get(BrowserSession, session_id)
    if row is not None:
        db.delete(row)
    db.flush()


def _rename(game: PlayMatch, seat: int) -> None:
    names = list(game.names or ["", ""])
    if len(names) > seat:
        names[seat] = FORMER_PLAYER
        game.names = names
