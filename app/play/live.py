"""Live tables (issue 18): tell the browsers watching a friend match that it changed.

A change of a friend match (a tap, a client seed, the invite accepted or cancelled)
calls :func:`announce` inside its transaction:

* **PostgreSQL**: ``pg_notify('gin_play', '<match id>')`` — sent by the database when
  the transaction commits, to every app instance listening (:func:`listen_postgres`, one
  ``LISTEN`` connection per instance), each of which wakes its own watchers. No extra
  server: the database already has the mechanism.
* **SQLite** (one instance): the watchers of this process are woken right after the
  commit.

Watchers are the Server-Sent Events streams of ``app.routes.friend``: each holds an
:class:`asyncio.Event` per connection, registered under its match id with
:func:`watch`. :func:`wake` may be called from any thread (the routes that write run in
the thread pool); it hands the wake-up to each watcher's own event loop.

Nothing here knows about cards: a watcher re-reads the match through the normal,
per-seat screen, so no hidden card can travel through a notification.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field

from sqlalchemy import event, text
from sqlmodel import Session

from app.models import PlayMatch

log = logging.getLogger("app.live")
CHANNEL = "gin_play"
"""The PostgreSQL notification channel; the payload is the match id."""


@dataclass(eq=False)
class Watcher:
    """One open table (an SSE connection): woken when its match changes."""

    match_id: int
    loop: asyncio.AbstractEventLoop
    changed: asyncio.Event = field(default_factory=asyncio.Event)

    def wake(self) -> None:
        """Set ``changed`` on the watcher's own loop (safe from any thread)."""
        with contextlib.suppress(RuntimeError):  # the loop has closed: nobody to wake
            self.loop.call_soon_threadsafe(self.changed.set)


_watchers: dict[int, set[Watcher]] = {}
_lock = threading.Lock()


@contextlib.contextmanager
def watch(match_id: int) -> Iterator[Watcher]:
    """Register a watcher of ``match_id`` for the duration of the ``with`` block (call
    from the event loop that will wait on ``watcher.changed``)."""
    watcher = Watcher(match_id, asyncio.get_running_loop())
    with _lock:
        _watchers.setdefault(match_id, set()).add(watcher)
    try:
        yield watcher
    finally:
        with _lock:
            group = _watchers.get(match_id)
            if group is not None:
                group.discard(watcher)
                if not group:
                    del _watchers[match_id]


def watching() -> int:
    """How many watchers this process holds (open SSE connections)."""
    with _lock:
        return sum(len(group) for group in _watchers.values())


def wake(match_id: int) -> None:
    """Wake every watcher of ``match_id`` in this process."""
    with _lock:
        group = list(_watchers.get(match_id, ()))
    for watcher in group:
        watcher.wake()


def _is_postgres(db: Session) -> bool:
    return db.get_bind().dialect.name == "postgresql"


def announce(db: Session, game: PlayMatch) -> None:
    """Make the coming commit of ``db`` wake the watchers of ``game`` (friend matches
    only; a match against the computer has no one else watching). Call before commit."""
    if not game.friend or game.id is None:
        return
    match_id = game.id
    if _is_postgres(db):
        db.exec(text("SELECT pg_notify(:channel, :payload)"),  # type: ignore[call-overload]
                params={"channel": CHANNEL, "payload": str(match_id)})
        return
    event.listen(db, "after_commit", lambda _session: wake(match_id), once=True)


def psycopg_url(database_url: str) -> str:
    """The libpq form of a SQLAlchemy PostgreSQL URL (``postgresql+psycopg://`` →
    ``postgresql://``)."""
    scheme, _, rest = database_url.partition("://")
    return f"{scheme.split('+', 1)[0]}://{rest}"


async def notifications(database_url: str,
                        ready: asyncio.Event | None = None) -> AsyncIterator[int]:
    """The match ids notified on :data:`CHANNEL`, from one ``LISTEN`` connection
    (psycopg, autocommit); ``ready`` is set once listening. Ends when the connection
    fails."""
    import psycopg  # the postgres extra; only imported when PostgreSQL is used

    async with await psycopg.AsyncConnection.connect(
            psycopg_url(database_url), autocommit=True) as conn:
        await conn.execute(f"LISTEN {CHANNEL}")
        if ready is not None:
            ready.set()
        async for note in conn.notifies():
            if note.payload.isdigit():
                yield int(note.payload)


async def listen_postgres(database_url: str, ready: asyncio.Event | None = None) -> None:
    """Run for the app's lifetime on PostgreSQL: wake this instance's watchers for every
    notification, reconnecting (after 1 s) when the connection drops."""
    while True:
        try:
            async for match_id in notifications(database_url, ready):
                wake(match_id)
        except asyncio.CancelledError:
            raise
        except Exception:  # the database restarted or is unreachable: try again
            log.warning("LISTEN %s failed; retrying in 1 s", CHANNEL, exc_info=True)
        await asyncio.sleep(1)

