"""The garbage collector tuned for a process that serves many requests at once.

Each collection of the oldest generation stops every request of the process while it
walks the heap. With 200 friend browsers (``bench/friends.py``, 30 s on one instance)
the server spent 2.5–2.9 s collecting, with pauses up to 450 ms; tuned, about 0.5 s
with pauses up to 130 ms. The load generators of ``bench/`` use the same tuning, so
that their own pauses are not counted as the server's latency.
"""

import contextlib
import gc
from collections.abc import Iterator

GC_YOUNG_THRESHOLD = 10_000
"""Allocations between two collections of the youngest generation while serving
(Python's default is 700)."""

_frozen = False
"""Whether the heap is frozen (by :func:`freeze_heap` or an outer :func:`tuned_gc`): kept
here because ``gc.get_freeze_count()`` walks every frozen object to count them (17 ms in
a test process's heap, once for each app it starts)."""


def freeze_heap() -> None:
    """Collect once and freeze what is alive (``gc.freeze``), for a process that starts
    many apps (the test session's): each :func:`tuned_gc` then leaves the heap as it is."""
    global _frozen
    gc.collect()
    gc.freeze()
    _frozen = True


def unfreeze_heap() -> None:
    """Undo :func:`freeze_heap` (``gc.unfreeze``): the heap is the collector's again."""
    global _frozen
    gc.unfreeze()
    _frozen = False


@contextlib.contextmanager
def tuned_gc() -> Iterator[None]:
    """Run the block with the garbage collector tuned (module docstring), then restore
    it: the objects alive when it starts (modules, compiled templates, the engine's
    tables: most of the heap) are frozen out of the collector's sight
    (``gc.freeze``), and the youngest generation is collected every
    :data:`GC_YOUNG_THRESHOLD` allocations instead of every 700, so that a request's
    short-lived objects die before they are promoted to the old generations.

    Where the heap is frozen already (an outer ``tuned_gc``, or the test session's
    processes, which freeze theirs once with :func:`freeze_heap`: ``tests/conftest.py``)
    it is neither collected nor frozen again, nor unfrozen at the end: the full
    collection before the freeze walks the whole heap, a fraction of a second, once per
    process and not once per app a process starts."""
    before = gc.get_threshold()
    frozen_already = _frozen
    if not frozen_already:
        freeze_heap()
    gc.set_threshold(GC_YOUNG_THRESHOLD, *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)
        if not frozen_already:
            unfreeze_heap()


__all__ = ["GC_YOUNG_THRESHOLD", "freeze_heap", "tuned_gc", "unfreeze_heap"]
