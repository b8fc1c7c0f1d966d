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
Nothing sent holds a card: the browser fetches its own screen.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
from collections.abc import AsyncIterator
from typing import Any

from starlette.concurrency import run_in_threadpool

from app.friend import invites, live, presence

PING_SECONDS = 10
"""The SSE stream re-checks the friend's presence and sends a keep-alive this often."""


async def events(engine: Any, match_id: int, seat: int,
                 poll: bool = False) -> AsyncIterator[str]:
    """The event stream of one table (see the module docstring): the match's live state
    at the start, then every change and every change of the friend's away state."""
    friend = 1 - seat
    with live.watch(match_id) as watcher, presence.present(engine, match_id, seat):
        yield "retry: 2000\n\n"
        sent: str | None = None
        last: invites.Pulse | None = None
        while True:
            watcher.changed.clear()
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
            else:
                yield ": ping\n\n"
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(watcher.changed.wait(), timeout=PING_SECONDS)
