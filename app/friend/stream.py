"""The live signal of a friend match as Server-Sent Events (``GET /play/events``).

:func:`events` is the body of the stream: ``event: move`` with ``data: <version>-<away>``
whenever the match changes (or the friend's away state does), a comment every
:data:`PING_SECONDS` that keeps proxies from closing it. A move announced with its
version (:mod:`app.friend.live`) goes out without reading the database; the match's live
state is read (:func:`app.friend.invites.pulse`, in the threadpool) at the start, when a
change comes without its version and at least every :data:`PING_SECONDS`. Nothing sent
holds a card: the browser fetches its own screen.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

from starlette.concurrency import run_in_threadpool

from app.friend import invites, live

PING_SECONDS = 10
"""The SSE stream checks presence and sends a keep-alive comment this often."""


async def events(engine: Any, match_id: int, seat: int) -> AsyncIterator[str]:
    """The event stream of one table: the match's live state, read at the start, when a
    change comes without its version and at least every :data:`PING_SECONDS` (marking
    the seat as seen every ``TOUCH_SECONDS``); a move's announced version goes out at
    once, with the friend's away state as last read, without touching the database."""
    loop = asyncio.get_running_loop()
    with live.watch(match_id) as watcher:
        yield "retry: 2000\n\n"
        sent: str | None = None
        last: invites.Pulse | None = None
        touched = 0.0
        while True:
            watcher.changed.clear()
            touch = loop.time() - touched >= invites.TOUCH_SECONDS
            version = watcher.announced()
            if version is not None and last is not None and not touch:
                found: invites.Pulse | None = invites.Pulse(max(version, last.version),
                                                            last.away)
            else:
                found = await run_in_threadpool(invites.pulse, engine, match_id, seat, touch)
                if touch:
                    touched = loop.time()
            if found is None:
                return
            last = found
            if found.text != sent:
                sent = found.text
                yield f"event: move\ndata: {sent}\n\n"
            else:
                yield ": ping\n\n"
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(watcher.changed.wait(), timeout=PING_SECONDS)
