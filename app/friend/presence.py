"""Presence of the friend tables, kept in memory and written to the database in batches.

A friend is *away* after :data:`app.friend.invites.AWAY_SECONDS` without an open table.
Each open table used to write its seat's ``*_seen_at`` every 10 s (500 idle streams:
500 writes every 10 s). Now this process keeps, per ``(match id, seat)``:

* how many of its event streams are open (:func:`present`, held by a stream for its
  life): an open stream means *seen now*;
* when the seat was last seen otherwise (a poll of ``/play/pulse``, a stream that
  closed): :func:`mark`.

:func:`seen_at` answers from memory; :func:`app.friend.invites.is_away` takes the later
of it and the stored ``*_seen_at``. :func:`flush` writes every seat seen here since the
last flush in one transaction (two ``UPDATE`` statements whatever the number of tables),
and :func:`flush_periodically` does so every :data:`FLUSH_SECONDS` for the app's
lifetime: other server processes (``WORKERS=2``) and the pages rendered after a restart
read presence from the database, at most :data:`FLUSH_SECONDS` old, well inside
``AWAY_SECONDS``. Thread-safe (polls run in the thread pool).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Iterator
from datetime import datetime, timedelta

from sqlalchemy import Engine, bindparam, update

from app.core.models import PlayMatch, utcnow

log = logging.getLogger("app.friend.presence")

FLUSH_SECONDS = 10.0
"""How often this process writes the presence it saw (one transaction)."""
FORGET_AFTER = timedelta(minutes=5)
"""A seat with no open table here, written and not seen for this long, is forgotten."""

Seat = tuple[str, int, int]
"""``(database, match id, seat)``: the database's URL keeps apart two apps of one
process on two databases (as in the tests), whose match ids repeat."""


def _key(engine: Engine, match_id: int, seat: int) -> Seat:
    return (str(engine.url), match_id, seat)

_lock = threading.Lock()
_open: dict[Seat, int] = {}
_seen: dict[Seat, datetime] = {}
_dirty: set[Seat] = set()


@contextlib.contextmanager
def present(engine: Engine, match_id: int, seat: int) -> Iterator[None]:
    """The seat counts as seen for as long as the ``with`` block lasts (an open
    stream), and as seen at its end afterwards."""
    key = _key(engine, match_id, seat)
    with _lock:
        _open[key] = _open.get(key, 0) + 1
        _seen[key] = utcnow()
        _dirty.add(key)
    try:
        yield
    finally:
        with _lock:
            left = _open.get(key, 0) - 1
            if left > 0:
                _open[key] = left
            else:
                _open.pop(key, None)
            _seen[key] = utcnow()
            _dirty.add(key)


def mark(engine: Engine, match_id: int, seat: int, at: datetime | None = None) -> None:
    """Note the seat as seen ``at`` (default now), e.g. by a poll; written by the next
    :func:`flush`."""
    key = _key(engine, match_id, seat)
    with _lock:
        _seen[key] = at or utcnow()
        _dirty.add(key)


def seen_at(engine: Engine, match_id: int, seat: int,
            now: datetime | None = None) -> datetime | None:
    """When this process last saw the seat: ``now`` while it has an open table here,
    else the last :func:`mark` or closed table, ``None`` when it saw none."""
    key = _key(engine, match_id, seat)
    with _lock:
        if _open.get(key):
            return now or utcnow()
        return _seen.get(key)


def is_open_here(engine: Engine, match_id: int, seat: int) -> bool:
    """True while this process holds an open table of the seat."""
    with _lock:
        return bool(_open.get(_key(engine, match_id, seat)))


def flush(engine: Engine) -> int:
    """Write the presence seen here since the last flush (the open tables' as now) in
    one transaction; how many seats were written. On failure (a busy database) the
    seats stay due for the next flush."""
    now, database = utcnow(), str(engine.url)
    with _lock:
        due = {key: (now if _open.get(key) else _seen[key])
               for key in _dirty | set(_open)
               if key[0] == database and (key in _seen or _open.get(key))}
        _dirty.difference_update(due)
        for key in [key for key, at in _seen.items()
                    if not _open.get(key) and key not in _dirty and now - at > FORGET_AFTER]:
            del _seen[key]
    if not due:
        return 0
    table = PlayMatch.__table__  # type: ignore[attr-defined]
    try:
        with engine.begin() as conn:
            for seat, column in ((0, "host_seen_at"), (1, "guest_seen_at")):
                rows = [{"match": key[1], "at": at} for key, at in due.items()
                        if key[2] == seat]
                if rows:
                    conn.execute(update(table).where(table.c.id == bindparam("match"))
                                 .values({column: bindparam("at")}), rows)
    except Exception:
        with _lock:
            _dirty.update(due)
        raise
    return len(due)


async def flush_periodically(engine: Engine) -> None:
    """Run for the app's lifetime: :func:`flush` every :data:`FLUSH_SECONDS` (in a
    thread; a failure is logged and retried at the next round)."""
    while True:
        await asyncio.sleep(FLUSH_SECONDS)
        try:
            await asyncio.to_thread(flush, engine)
        except Exception:
            log.warning("writing the friend tables' presence failed; retrying", exc_info=True)


__all__ = ["FLUSH_SECONDS", "flush", "flush_periodically", "is_open_here", "mark",
           "present", "seen_at"]
