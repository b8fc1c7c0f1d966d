"""Failed attempts at a secret (a device code, the operator's token), limited per key
(a browser, a client address): at most :data:`MAX_FAILURES` in :data:`WINDOW_SECONDS`.

The secret is always checked first: the right one always gets in, however many wrong
ones came from the same browser or address (a lockout must not lock its owner out).
Only a wrong one is counted (:meth:`Attempts.wrong`), and beyond the limit a wrong one
is answered 429 with the wait instead of its refusal, until the oldest failure leaves
the window. Guessing is held back by the secrets' size and the fair-use limit on posts
(``LIMIT_POSTS_PER_*``, app.web.limits): a device code has 2⁴⁰ values and lives ten
minutes, the operator's token has at least 16 characters. Counted in this process's
memory (each server process counts its own).
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from typing import Any

MAX_FAILURES = 5
WINDOW_SECONDS = 15 * 60.0


class Attempts:
    """Failures by key (a browser's session id, a client address) in a sliding window.
    Thread-safe; ``clock`` is injectable for tests (seconds, monotonic)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic,
                 max_failures: int = MAX_FAILURES, window: float = WINDOW_SECONDS) -> None:
        self._clock = clock
        self._max = max_failures
        self._window = window
        self._failures: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def wait(self, keys: Iterable[str]) -> int:
        """Seconds until every key may try again (0: it may now)."""
        now = self._clock()
        longest = 0.0
        with self._lock:
            for key in keys:
                times = self._recent(key, now)
                if len(times) >= self._max:
                    longest = max(longest, times[0] + self._window - now)
                elif not times:
                    del self._failures[key]  # nothing to remember for this key
        return int(longest) + 1 if longest > 0 else 0

    def wrong(self, keys: Iterable[str]) -> int:
        """A wrong secret was given (it was checked first): count one failure against
        each key; the seconds to wait when the keys were already at the limit (answer
        429), else 0 (answer the refusal itself)."""
        keys = list(keys)
        held = self.wait(keys)
        self.failed(keys)
        return held

    def failed(self, keys: Iterable[str]) -> None:
        """Count one failure against each key."""
        now = self._clock()
        with self._lock:
            for key in keys:
                self._recent(key, now).append(now)

    def _recent(self, key: str, now: float) -> deque[float]:
        times = self._failures.setdefault(key, deque())
        while times and times[0] <= now - self._window:
            times.popleft()
        return times


_creating = threading.Lock()


def kept_on(state: Any, name: str) -> Attempts:
    """The :class:`Attempts` called ``name`` of one app (``state`` is ``app.state``),
    made on first use: each app instance counts its own failures, so two apps in one
    process (tests, embedded use) never lock each other's clients out."""
    counters = getattr(state, "attempts", None)
    if counters is None:
        with _creating:
            counters = getattr(state, "attempts", None)
            if counters is None:
                counters = {}
                state.attempts = counters
    with _creating:
        found: Attempts = counters.setdefault(name, Attempts())
    return found
