"""The computer's thinking, off the request path (issue 13): one process pool.

A search holds the GIL for hundreds of milliseconds; run in a request thread it would
slow every other player's tap. Decisions of the CPU-heavy levels (:data:`POOLED_LEVELS`)
and hints are therefore computed in a :class:`~concurrent.futures.ProcessPoolExecutor`;
the request thread only waits on the future (the GIL is free meanwhile). The cheap
levels decide in the request thread: sending them to a process would cost more than
their decision.

The pool is sized by ``Settings.compute_workers`` and bound to the app's lifespan
(:func:`configure` at start-up, :func:`shutdown` at the end); its processes start on
the first decision that needs them (so an app that never meets Hard or Expert starts
none). With ``compute_workers = 0`` everything runs in the calling thread. A crashed
worker process is replaced and the decision retried once, then made in the thread.

Processes are started with ``spawn`` (never ``fork``: the server has threads running).
"""

from __future__ import annotations

import logging
import multiprocessing
import multiprocessing.connection
import os
import random
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from app.engine import Action, PlayerView
from app.engine.bots import choose_action, expert

log = logging.getLogger("app.workers")
T = TypeVar("T")

POOLED_LEVELS = frozenset({"hard", "expert"})
"""Levels whose decisions are computed in the pool (the others take well under 1 ms)."""

HINT_OPTIONS = 3
"""How many of Expert's choices a hint shows."""

_lock = threading.Lock()
_size = 0
_pool: ProcessPoolExecutor | None = None


def configure(size: int) -> None:
    """Use a pool of ``size`` processes from now on (0: compute in the calling thread).

    Called by the app's lifespan at start-up; the processes start on first use.
    """
    global _size
    with _lock:
        _size = max(0, size)


def shutdown() -> None:
    """Stop the pool's processes (the app's lifespan calls this at its end); from then
    on work is done in the calling thread until :func:`configure` is called again."""
    global _pool, _size
    with _lock:
        pool, _pool = _pool, None
        _size = 0
    if pool is not None:
        pool.shutdown(wait=True, cancel_futures=True)


def _exit_with_parent() -> None:
    """Pool initializer: end this worker as soon as the process that started it is gone.

    A server killed without its shutdown (SIGKILL, a crash, an OOM kill) would otherwise
    leave its workers running, orphaned, forever.
    """
    parent = multiprocessing.parent_process()
    if parent is None:
        return
    sentinel = parent.sentinel

    def watch() -> None:
        multiprocessing.connection.wait([sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()


def new_pool(size: int) -> ProcessPoolExecutor:
    """A pool of ``size`` spawned processes, each ending when the server process ends.

    Raises ``ValueError`` when ``size`` < 1.
    """
    return ProcessPoolExecutor(max_workers=size, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_exit_with_parent)


def _executor() -> ProcessPoolExecutor | None:
    global _pool
    with _lock:
        if _size == 0:
            return None
        if _pool is None:
            _pool = new_pool(_size)
        return _pool


def _discard_broken(pool: ProcessPoolExecutor) -> None:
    global _pool
    with _lock:
        if _pool is pool:
            _pool = None
    pool.shutdown(wait=False, cancel_futures=True)


def _decide(level: str, view: PlayerView, seed: str) -> Action:
    return choose_action(level, view, random.Random(seed))


def _hint(view: PlayerView, seed: str) -> list[tuple[Action, float]]:
    return expert.evaluate(view, random.Random(seed))[:HINT_OPTIONS]


def _run(function: Callable[..., T], *args: Any) -> T:
    for _attempt in range(2):
        pool = _executor()
        if pool is None:
            break
        try:
            return pool.submit(function, *args).result()
        except BrokenProcessPool:
            log.warning("a computer worker process died: starting a new one")
            _discard_broken(pool)
    return function(*args)


def decide(level: str, view: PlayerView, seed: str) -> Action:
    """The computer's action at ``level`` for ``view`` (see
    :func:`app.engine.bots.choose_action`), its random source seeded with ``seed``.

    Computed in the pool for :data:`POOLED_LEVELS`, else in this thread; the same
    arguments give the same action either way (Expert's deadline aside, see
    :class:`app.engine.bots.expert.Budget`).

    Raises:
        UnknownLevelError, NotBotsTurnError: as ``choose_action``.
    """
    if level not in POOLED_LEVELS:
        return _decide(level, view, seed)
    return _run(_decide, level, view, seed)


def hint(view: PlayerView, seed: str) -> list[tuple[Action, float]]:
    """Expert's best :data:`HINT_OPTIONS` actions for ``view`` with their estimated
    chances to win the match (:func:`app.engine.bots.expert.evaluate`), computed in
    the pool with Expert's own time budget; best first.

    Raises:
        NotBotsTurnError: the view has no legal action.
    """
    return _run(_hint, view, seed)


__all__ = ["HINT_OPTIONS", "POOLED_LEVELS", "configure", "decide", "hint", "new_pool", "shutdown"]
