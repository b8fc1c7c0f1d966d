"""The operator's switches and announcement (docs/operating.md), stored in the database
(``instance_setting``) so that one change on ``/admin`` takes effect on every server
process of the instance within :data:`CACHE_SECONDS`.

Each switch is on unless the operator turned it off:

* ``invites`` — new friend invites;
* ``analysis`` — the rating of finished hands;
* ``sessions`` — new browsers (a first visit is refused with 503; every page that needs
  no session, the guide and the rules, still answers).

A database that cannot be read leaves the switches as they were last read (on, before
any read): a page never fails for them.
"""

from __future__ import annotations

import logging
import threading
import time

from sqlalchemy import Engine
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session, select

from app.core.i18n import N_
from app.core.models import InstanceSetting, utcnow

SWITCHES: dict[str, str] = {
    "invites": N_("New friend invites"),
    "analysis": N_("Analysis of finished hands"),
    "sessions": N_("New browsers (first visits)"),
}
"""Every switch's key and what it allows, as the operator page names it (marked for
translation: the page shows it in its language)."""

log = logging.getLogger("app")

ANNOUNCEMENT = "announcement"
MAX_ANNOUNCEMENT = 280
CACHE_SECONDS = 5.0

_lock = threading.Lock()
_cache: dict[int, tuple[float, dict[str, str]]] = {}


def _values(engine: Engine) -> dict[str, str]:
    """Every stored value, read at most once per :data:`CACHE_SECONDS` per engine."""
    now = time.monotonic()
    with _lock:
        cached = _cache.get(id(engine))
        if cached is not None and now - cached[0] < CACHE_SECONDS:
            return cached[1]
    try:
        with engine.connect() as conn:
            reader = conn.execution_options(sqlite_begin="DEFERRED")
            with Session(bind=reader) as db:
                values = {row.key: row.value for row in db.exec(select(InstanceSetting))}
    except SQLAlchemyError:
        # A database that cannot be read right now must not fail the page: keep what
        # was read last (the defaults before that) and try again after CACHE_SECONDS.
        log.warning("the operator's switches could not be read: keeping the last ones")
        values = cached[1] if cached is not None else {}
    with _lock:
        _cache[id(engine)] = (now, values)
    return values


def is_on(engine: Engine, name: str) -> bool:
    """Whether switch ``name`` (one of :data:`SWITCHES`) is on (the default).

    Raises ``KeyError`` for an unknown switch."""
    if name not in SWITCHES:
        raise KeyError(name)
    return _values(engine).get(name, "on") != "off"


def announcement(engine: Engine) -> str:
    """The operator's announcement for every page ("" for none)."""
    return _values(engine).get(ANNOUNCEMENT, "")


def store(db: Session, key: str, value: str) -> None:
    """Set a switch (``"on"``/``"off"``) or the announcement; the request commits. This
    process sees it at once, the others within :data:`CACHE_SECONDS`."""
    row = db.get(InstanceSetting, key) or InstanceSetting(key=key)
    row.value = value
    row.updated_at = utcnow()
    db.add(row)
    db.flush()
    forget_cache()


def forget_cache() -> None:
    """Read the values again on the next call (after a change, and in tests)."""
    with _lock:
        _cache.clear()
