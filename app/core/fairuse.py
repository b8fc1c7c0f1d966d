"""Fair use: the small pieces that keep one browser from slowing everyone else.

* :data:`owner` — who the current request's work is for (a context variable): the
  browser (``"b:<session cookie>"``) or, without a cookie, the client address
  (``"a:<address>"``). ``app.web.limits`` sets it for every request; the process pool
  (:mod:`app.core.workers`) reads it to serve queued work in turn.
* :class:`FairQueue` — a queue served round-robin across owners: one owner's hundred
  jobs wait behind the single job of each other owner.
* :class:`InFlight` — at most ``limit`` things in flight per key (one hint per browser).
* :data:`address` — the client address of the current request's work (the pool caps
  the jobs in flight per address).
* :class:`Rate`, :class:`RateStore` and :class:`MemoryRates` — at most ``count`` per
  ``seconds`` per key, with bursts up to ``count`` (the generic cell rate algorithm: one
  number per key, no thread, no timer; idle keys are forgotten as they expire). Several
  instances on PostgreSQL share a table instead (:mod:`app.core.sharedrates`). The
  ``limits`` library was considered: its in-memory storage starts a timer thread after
  every hit and scans every key each time, more than a tap should cost, and it has no
  storage in an SQL database (only Redis, Memcached, MongoDB and etcd).
* :class:`Refused` — the exception a limit raises: a message saying what to do and how
  many seconds to wait (``Retry-After``); ``app.web.limits`` answers it with 429.

Nothing here knows about HTTP or the game; every class is thread-safe.
"""

from __future__ import annotations

import contextlib
import re
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Hashable, Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

T = TypeVar("T")

owner: ContextVar[str] = ContextVar("fair_use_owner", default="")
"""Who the current work is for (``""``: nobody in particular, e.g. a test or a script)."""

address: ContextVar[str] = ContextVar("fair_use_address", default="")
"""The client address the current work is for (``""``: none), set with :data:`owner`:
the process pool caps the jobs in flight per address (:mod:`app.core.workers`)."""


class Refused(Exception):
    """A fair-use limit was reached: nothing was done.

    ``message`` says what to do (a sentence for the player), ``retry_after`` how many
    whole seconds to wait (≥ 1), ``kind`` which limit (``"posts"``, ``"hint"``, ...).
    """

    def __init__(self, message: str, retry_after: int = 1, kind: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.retry_after = max(1, int(retry_after))
        self.kind = kind


class FairQueue(Generic[T]):
    """Items queued per owner and taken round-robin: each :meth:`pop` takes the oldest
    item of the next owner in turn, so owners are served alternately whatever each
    queued. Not thread-safe by itself: the caller holds its own lock."""

    def __init__(self) -> None:
        self._by_owner: OrderedDict[str, deque[T]] = OrderedDict()
        self._count = 0

    def push(self, who: str, item: T) -> None:
        """Queue ``item`` for ``who`` (after that owner's earlier items)."""
        self._by_owner.setdefault(who, deque()).append(item)
        self._count += 1

    def push_front(self, who: str, item: T) -> None:
        """Queue ``item`` first of all (a job to retry): ``who`` is served next."""
        self._by_owner.setdefault(who, deque()).appendleft(item)
        self._by_owner.move_to_end(who, last=False)
        self._count += 1

    def pop(self) -> T:
        """The next item in turn. Raises ``IndexError`` when the queue is empty."""
        if not self._by_owner:
            raise IndexError("pop from an empty FairQueue")
        who, items = next(iter(self._by_owner.items()))
        item = items.popleft()
        self._count -= 1
        if items:
            self._by_owner.move_to_end(who)  # this owner's next item waits its turn
        else:
            del self._by_owner[who]
        return item

    def drain(self) -> list[T]:
        """Every queued item (in turn order), leaving the queue empty."""
        items = []
        while self:
            items.append(self.pop())
        return items

    def __len__(self) -> int:
        return self._count

    def __bool__(self) -> bool:
        return self._count > 0


class InFlight:
    """Counts what is in flight per key and refuses more than ``limit`` at once.

    ``with gate.hold(key): ...`` holds one of the key's places for the block, or raises
    :class:`Refused` (with ``message``) when the key already holds ``limit``."""

    def __init__(self, limit: int, message: str, kind: str = "", retry_after: int = 1) -> None:
        self.limit, self.message, self.kind, self.retry_after = limit, message, kind, retry_after
        self._held: dict[Hashable, int] = {}
        self._lock = threading.Lock()

    def acquire(self, key: Hashable, force: bool = False) -> bool:
        """Take one of ``key``'s places; False (nothing taken) when all are held, unless
        ``force`` (work that must not be refused still counts)."""
        with self._lock:
            held = self._held.get(key, 0)
            if held >= self.limit and not force:
                return False
            self._held[key] = held + 1
            return True

    def release(self, key: Hashable) -> None:
        """Give back one of ``key``'s places."""
        with self._lock:
            held = self._held.get(key, 0) - 1
            if held > 0:
                self._held[key] = held
            else:
                self._held.pop(key, None)

    def held(self, key: Hashable) -> int:
        """How many places ``key`` holds now."""
        with self._lock:
            return self._held.get(key, 0)

    @contextlib.contextmanager
    def hold(self, key: Hashable) -> Iterator[None]:
        """Hold one place of ``key`` for the ``with`` block. Raises :class:`Refused`."""
        if not self.acquire(key):
            raise Refused(self.message, self.retry_after, self.kind)
        try:
            yield
        finally:
            self.release(key)


_UNITS = {"second": 1, "minute": 60, "hour": 3600, "day": 86400}
_RATE = re.compile(r"\s*(\d+)\s*(?:/|per)\s*(\d+)?\s*(second|minute|hour|day)s?\s*", re.I)


@dataclass(frozen=True, slots=True)
class Rate:
    """At most ``count`` events per ``seconds`` (``count`` ≥ 1, ``seconds`` > 0)."""

    count: int
    seconds: float

    @classmethod
    def parse(cls, text: str) -> Rate:
        """``"300/minute"``, ``"10/10 minutes"``, ``"5 per second"`` as a Rate.

        Raises:
            ValueError: not of that form, or a count of 0.
        """
        found = _RATE.fullmatch(text)
        if found is None or int(found[1]) < 1:
            raise ValueError(f"{text!r} is not a rate such as '300/minute' or "
                             "'10/10 minutes' (a count of at least 1, per a number of "
                             "seconds, minutes, hours or days)")
        return cls(int(found[1]), int(found[2] or 1) * _UNITS[found[3].lower()])

    def __str__(self) -> str:
        return f"{self.count}/{self.seconds:g} seconds"


class RateStore(Protocol):
    """Where rate counters live: this process's memory (:class:`MemoryRates`) or a table
    every instance shares (:class:`app.core.sharedrates.SqlRates`)."""

    def hit(self, events: Sequence[tuple[str, Rate]]) -> float:
        """Count one event against each ``(key, rate)`` (keys distinct): 0.0 when every
        key had room, else the longest wait in seconds until all would have."""


class MemoryRates:
    """Rate counters in this process's memory (thread-safe), for every key and rate.

    The generic cell rate algorithm: each key keeps the time its budget is next full
    again; an event moves it ``seconds / count`` later and is refused when that would
    be more than ``seconds`` ahead of now. So a key may spend all ``count`` at once and
    then one more every ``seconds / count``. A refused event counts nothing, for any of
    its keys. A key whose budget is full again is forgotten (swept every
    :data:`SWEEP_SECONDS` or :data:`SWEEP_EVERY` events): the memory held is bounded by
    the keys counted within the longest period.
    """

    SWEEP_EVERY = 4096
    """Forget expired keys after this many events counted since the last sweep."""
    SWEEP_SECONDS = 60.0
    """Forget expired keys, at the next event, this many seconds after the last sweep."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._full_at: dict[str, float] = {}
        self._lock = threading.Lock()
        self._hits = 0
        self._swept = clock()

    def hit(self, events: Sequence[tuple[str, Rate]]) -> float:
        """See :meth:`RateStore.hit`; nothing is counted when any key is refused."""
        with self._lock:
            now = self._clock()
            wait, moved = 0.0, []
            for key, rate in events:
                full_at = max(self._full_at.get(key, now), now) + rate.seconds / rate.count
                wait = max(wait, full_at - now - rate.seconds)
                moved.append((key, full_at))
            if wait > 1e-9:
                return wait
            self._full_at.update(moved)
            self._hits += 1
            if self._hits >= self.SWEEP_EVERY or now - self._swept >= self.SWEEP_SECONDS:
                self._hits, self._swept = 0, now
                self._full_at = {k: t for k, t in self._full_at.items() if t > now}
            return 0.0

    def __len__(self) -> int:
        with self._lock:
            return len(self._full_at)


__all__ = ["FairQueue", "InFlight", "MemoryRates", "Rate", "RateStore", "Refused", "address",
           "owner"]
