"""Finding an event or a season by what a browser sends: its public slug (a link) or its
host code (typed). Shared by :mod:`app.events.hosting` and :mod:`app.events.seasons`."""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

from sqlmodel import Session, col, select

from app.devices.codes import CodeKind, code_hash, read


class _Hosted(Protocol):
    slug: Any
    host_code_hash: Any


Row = TypeVar("Row", bound=_Hosted)


def by_slug(db: Session, model: type[Row], slug: str) -> Row | None:
    """The row of ``model`` (an event or a season) whose slug is ``slug``; ``None`` for
    an unknown or malformed one (8–32 letters, digits, ``-`` or ``_``)."""
    if not (8 <= len(slug) <= 32 and all(c.isalnum() or c in "-_" for c in slug)):
        return None
    return db.exec(select(model).where(col(model.slug) == slug)).first()


def by_code(db: Session, model: type[Row], typed: str) -> Row | None:
    """The row of ``model`` whose host code was typed (case, spaces and dashes do not
    matter: :func:`app.devices.codes.read`), or ``None`` (not a code, or no row's)."""
    found = read(typed)
    if found is None or found[0] is not CodeKind.RECOVERY:
        return None
    return db.exec(select(model).where(col(model.host_code_hash) == code_hash(found[1]))
                   ).first()
