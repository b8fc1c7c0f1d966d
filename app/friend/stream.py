"""The live signal of a friend match as Server-Sent Events (``GET /play/events``).

:func:`events` is the body of the stream: ``event: move`` with ``data: <version>-<away>``
whenever the match changes (or the friend's away state does), a comment every
:data:`PING_SECONDS` that keeps proxies from closing it. An idle stream costs no
database work:

* a move announced with its version (:mod:`app.friend.live`) goes out without reading;
  the match's live state is read (:func:`app.friend.invites.pulse`, in the threadpool)
  only at the start and when a change comes without its version;
* presence is kept in memory (:func:`app.friend.presence.present` for the stream's
  life, written in batches by the app), never written by the stream;
* the friend's away state is worked out from the last read and this process's memory
  at each ping; only when it would flip while the friend has no table open in this
  process is the match read again, to see what another server process stored.

With ``poll`` (SQLite served by several processes, ``WORKERS`` > 1: a move made in
another process wakes nobody here) the match is also read at every ping, as before.
The other friend matches of the browser (several matches at once) are heard the same
way, by watchers sharing the stream's one event: a move there sends ``event: turn`` with
the match ids only, never read here; the page then fetches ``/play/matches`` to learn
whether it is the person's turn (a match against the computer needs no watching: only
its own player moves it).

Nothing sent holds a card: the browser fetches its own screen.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
from collections.abc import AsyncIterator, Sequence
from typing import Any

from starlette.concurrency import run_in_threadpool

from app.core import metrics
from app.friend import invites, live, presence

PING_SECONDS = 10
"""The SSE stream re-checks the friend's presence and sends a keep-alive this often."""


def _moved(watcher: live.Watcher) -> bool:
    """True when ``watcher``'s match changed since the last look (and forget it)."""
    unversioned = watcher.needs_read()
    return watcher.announced() is not None or unversioned


async def events(engine: Any, match_id: int | None, seat: int, poll: bool = False,
                 others: Sequence[int] = ()) -> AsyncIterator[str]:
    """The event stream of one table (see the module docstring): the match's live state
    at the start, then every change and every change of the friend's away state; and
    ``event: turn`` with the ids of the ``others`` (this browser's other friend
    matches) that moved, for the page to ask whether it is now the person's turn
    there. ``match_id`` is ``None`` on a table that is no friend match (a match against
    the computer): then only the others are heard."""
    friend = 1 - seat
    with contextlib.ExitStack() as stack:
        watcher = stack.enter_context(live.watch(match_id)) if match_id is not None else None
        changed = watcher.changed if watcher is not None else asyncio.Event()
        if watcher is None:
            metrics.LIVE_STREAMS.inc()
            stack.callback(metrics.LIVE_STREAMS.dec)
        elsewhere = [stack.enter_context(live.watch(other, changed, stream=False))
                     for other in others]
        if match_id is not None:
            stack.enter_context(presence.present(engine, match_id, seat))
        yield "retry: 2000\n\n"
        sent: str | None = None
        last: invites.Pulse | None = None
        while True:
            changed.clear()
            moved = [other.match_id for other in elsewhere if _moved(other)]
            if moved:
                yield f"event: turn\ndata: {' '.join(map(str, moved))}\n\n"
            if watcher is None or match_id is None:
                if not moved:
                    yield ": ping\n\n"
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(changed.wait(), timeout=PING_SECONDS)
                continue
            read = last is None or poll or watcher.needs_read()
            version = watcher.announced() or 0
            if last is not None and not read:
                away = invites.away_since(last.friend_seen,
                                          presence.seen_at(engine, match_id, friend),
                                          last.dealt)
                read = away != last.away and not presence.is_open_here(engine, match_id,
                                                                       friend)
                last = dataclasses.replace(last, version=max(version, last.version),
                                           away=away)
            if read:
                found = await run_in_threadpool(invites.pulse, engine, match_id, seat,
                                                last is None)
                if found is None:
                    return
                last = dataclasses.replace(found, version=max(version, found.version))
            assert last is not None
            if last.text != sent:
                sent = last.text
                yield f"event: move\ndata: {sent}\n\n"
            elif not moved:
                yield ": ping\n\n"
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(changed.wait(), timeout=PING_SECONDS)
