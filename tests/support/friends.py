"""A friend match as two browsers see it over HTTP: ``Stream``, one browser's event
stream (``/play/events``) read in a thread, and ``choose``, a sensible legal move for a
seat (gin or knock when it can, else the discard that leaves the least deadwood), and
``tap_next``, that move made by the seat to play through its own client, and
``shows_result``, whether a table page shows a hand's result. Shared by the friend tests
over HTTP and by the ops tests that play a friend across servers and through a proxy.
"""

from __future__ import annotations

import queue
import re
import threading
import time

import httpx
from sqlalchemy import Engine

from app.engine import Card, MatchState, Phase, deadwood_by_discard, legal_match_actions
from tests.support.hardening import Replayer, action_form, stored_play

EVENT_TIMEOUT = 15.0
"""Seconds to wait for an event (a loaded machine); the printed figures are the real ones."""


class Stream:
    """One browser's SSE connection: ``move`` events' data, read in a thread."""

    def __init__(self, client: httpx.Client, url: str) -> None:
        self.events: queue.Queue[str] = queue.Queue()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._read, args=(client, url), daemon=True)
        self._thread.start()

    def _read(self, client: httpx.Client, url: str) -> None:
        try:
            self._stream(client, url)
        except (httpx.HTTPError, RuntimeError):
            if not self._stop.is_set():  # the test closes its clients when it is done
                raise

    def _stream(self, client: httpx.Client, url: str) -> None:
        with client.stream("GET", url, timeout=httpx.Timeout(5, read=None)) as response:
            assert response.status_code == 200
            event = ""
            for line in response.iter_lines():
                if self._stop.is_set():
                    return
                if line.startswith("event: "):
                    event = line[7:]
                elif line.startswith("data: ") and event == "move":
                    self.events.put(line[6:])

    def wait_for_version(self, version: int) -> float:
        """Seconds until an event with ``version`` (or later) arrives."""
        started = time.monotonic()
        while True:
            left = EVENT_TIMEOUT - (time.monotonic() - started)
            data = self.events.get(timeout=max(left, 0.01))
            if int(data.split("-")[0]) >= version:
                return time.monotonic() - started

    def close(self) -> None:
        self._stop.set()


def choose(match: MatchState, player: int) -> str:
    """A legal move of ``player`` as the form's action text (``"discard 7C"``)."""
    actions = [str(a) for a in legal_match_actions(match, player)]
    for prefix in ("big_gin", "gin", "knock"):
        for action in actions:
            if action.startswith(prefix):
                return action
    discards = [a for a in actions if a.startswith("discard ")]
    if discards:
        left = deadwood_by_discard(match.hand.hands[player], match.rules)
        return min(discards, key=lambda a: left[Card.parse(a.split()[1])])
    return "draw_stock" if "draw_stock" in actions else actions[0]


_RESULT_PANEL = re.compile(r'class="result panel[ "]')


def shows_result(html: str) -> bool:
    """Whether the table page ``html`` shows a finished hand's result panel (its class
    list may go on: ``result panel moment moment--gin`` for a moment)."""
    return _RESULT_PANEL.search(html) is not None


def tap_next(engine: Engine, session_id: str,
             clients: tuple[httpx.Client, httpx.Client]) -> tuple[int, int] | None:
    """The player to move (seat 0 is ``session_id``'s) makes a sensible move through
    their own client; ``(that seat, the version it moved from)``, ``None`` once the hand
    is over."""
    row = stored_play(engine, session_id)
    assert row is not None
    match = Replayer.from_row(row).advance(row.log, row.seeds)
    if match.hand.phase is Phase.OVER:
        return None
    player = match.hand.to_play
    version = int(re.search(r'data-version="(\d+)"',  # type: ignore[union-attr]
                            clients[player].get("/play").text).group(1))
    response = clients[player].post("/play", data=action_form(
        choose(match, player), version), follow_redirects=False)
    assert response.status_code == 303, response.text[:500]
    return player, version
