"""Fair-use rate counters shared by every instance on one PostgreSQL database.

:class:`SqlRates` is the :class:`app.core.fairuse.RateStore` an app uses when its
database is PostgreSQL: with several instances behind a load balancer a browser or an
address meets the same limit whichever instance answers. It keeps the generic cell rate
algorithm of :class:`app.core.fairuse.MemoryRates` in the table ``fair_use_counter``
(:class:`app.core.models.FairUseCounter`): one row per key, the time (seconds since the
epoch, the database's clock, so the instances' clocks need not agree) at which the key's
budget is full again, updated by one ``INSERT ... ON CONFLICT DO UPDATE ... WHERE``
statement for all of a request's keys (one round trip), which leaves a key that has no
room untouched and returns the keys counted.

* Keys are stored as hashes (a SHA-256 prefix): a session cookie or a client address is
  never written to the table.
* A refused key is remembered in this process until its wait is over: the requests of a
  flood after the first refusal are refused from memory, without a query (a refusal
  costs almost nothing).
* Rows whose budget is full again are deleted every :data:`SWEEP_SECONDS` by the
  instance that meets the moment first, so the table holds only the keys counted within
  the longest period.
* A request refused by one of its keys counts against none (the transaction is rolled
  back), as in memory.

The store has its own small engine (:data:`CONNECTIONS` connections), so counting never
waits for a request thread's connection. Blocking: call it from a thread.
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections.abc import Callable, Sequence

from sqlalchemy import Engine, bindparam, create_engine, text

from app.core.fairuse import Rate

CONNECTIONS = 4
"""Connections of the store's own engine (one per thread counting at once)."""

SWEEP_SECONDS = 60.0
"""How often (per instance) the rows whose budget is full again are deleted."""

_NOW = "extract(epoch FROM statement_timestamp())::float8"


def hashed(key: str) -> str:
    """The 32 hex digits a key is stored as (a SHA-256 prefix)."""
    return hashlib.sha256(key.encode()).hexdigest()[:32]


def _count(size: int) -> str:
    """The statement counting ``size`` keys (parameters ``k<i>``, ``s<i>``, ``p<i>``:
    the hashed key, the step ``seconds / count`` and the period ``seconds``)."""
    rows = ", ".join(f"(:k{i}, {_NOW} + :s{i}, :p{i})" for i in range(size))
    step = f"(EXCLUDED.full_at - {_NOW})"
    moved = f"GREATEST(c.full_at, {_NOW}) + {step}"
    return (f"INSERT INTO fair_use_counter AS c (key, full_at, period) VALUES {rows} "
            f"ON CONFLICT (key) DO UPDATE SET full_at = {moved}, period = EXCLUDED.period "
            f"WHERE {moved} - {_NOW} <= EXCLUDED.period + 1e-6 RETURNING c.key")


class SqlRates:
    """Rate counters in the shared table (see the module docstring); thread-safe.

    ``clock`` (seconds, monotonic) only times the refusals remembered in this process.
    """

    def __init__(self, database_url: str,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.engine: Engine = create_engine(database_url, pool_size=CONNECTIONS,
                                            max_overflow=0, pool_pre_ping=True)
        self._clock = clock
        self._refused: dict[str, float] = {}
        """Hashed key → ``clock()`` until which it is refused without asking."""
        self._lock = threading.Lock()
        self._swept = float("-inf")

    def hit(self, events: Sequence[tuple[str, Rate]]) -> float:
        """See :meth:`app.core.fairuse.RateStore.hit`. Raises SQLAlchemy's errors when
        the database fails."""
        keyed = sorted((hashed(key), rate) for key, rate in events)  # one lock order
        now = self._clock()
        with self._lock:
            remembered = max((self._refused.get(key, now) - now for key, _ in keyed),
                             default=0.0)
            if remembered > 0:
                return remembered
            sweep = now - self._swept >= SWEEP_SECONDS
            if sweep:
                self._swept = now
                self._refused = {k: t for k, t in self._refused.items() if t > now}
        params: dict[str, object] = {}
        for i, (key, rate) in enumerate(keyed):
            params |= {f"k{i}": key, f"s{i}": rate.seconds / rate.count, f"p{i}": rate.seconds}
        waits: dict[str, float] = {}
        with self.engine.connect() as conn:
            counted = set(conn.execute(text(_count(len(keyed))), params).scalars())
            refused = [(key, rate) for key, rate in keyed if key not in counted]
            if refused:  # nothing counted: the others' rows are rolled back too
                ahead = conn.execute(
                    text(f"SELECT key, full_at - {_NOW} FROM fair_use_counter "
                         "WHERE key IN :keys").bindparams(bindparam("keys", expanding=True)),
                    {"keys": [key for key, _ in refused]}).all()
                waits = {key: float(left) for key, left in ahead}
                conn.rollback()
            if sweep:
                conn.execute(text(f"DELETE FROM fair_use_counter WHERE full_at < {_NOW}"))
            conn.commit()
        wait = 0.0
        if refused:
            with self._lock:
                for key, rate in refused:
                    left = waits.get(key, 0.0) + rate.seconds / rate.count - rate.seconds
                    left = max(left, 1e-3)
                    self._refused[key] = now + left
                    wait = max(wait, left)
        return wait

    def close(self) -> None:
        """Close the store's connections."""
        self.engine.dispose()


__all__ = ["CONNECTIONS", "SWEEP_SECONDS", "SqlRates", "hashed"]
