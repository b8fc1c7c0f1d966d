"""CPU-heavy work off the request path: one process pool for the
computer's decisions, hints and hand analysis.

A search holds the GIL for hundreds of milliseconds; run in a request thread it would
slow every other player's tap. Decisions of the CPU-heavy levels (:data:`POOLED_LEVELS`)
and hints are therefore computed in a :class:`~concurrent.futures.ProcessPoolExecutor`;
the request thread only waits on the future (the GIL is free meanwhile). The cheap
levels decide in the request thread: sending them to a process would cost more than
their decision.

Two priorities share the pool. *Interactive* work (:func:`decide`, :func:`hint`: a
player is waiting) goes to the pool at once. *Background* work (:func:`background`: the
analysis of finished hands, one small job per hand: tens of ms) waits in a queue of this
process and a feeder thread hands it to the pool only while the pool has room to
spare: none starts while the interactive jobs in flight fill the pool, and while
players are using the server (a request or an interactive job in the last
:data:`RESERVE_SECONDS`, :func:`note_request`) one process is kept free for them — at
most ``size - 1`` background jobs run. So during play, with two or more processes, a
computer move or a hint always finds a free process whatever the analysis queue holds,
and the analysis leaves a core to the server's own process (on two cores, analysis in
both processes took the tap's p95 from 15 to 28 ms, ``bench/web.py``); after a quiet
spell the analysis may use every process, and the first move then waits at most for
one decision's analysis (tens of milliseconds; a pool of one process always works this
way).

Queued work is served round-robin across browsers: each job carries its owner
(:data:`app.core.fairuse.owner`, set per request by ``app.web.limits``), and one
scheduler thread hands the pool the next interactive job of the next browser in turn
(:class:`app.core.fairuse.FairQueue`), never more than one per process, so a browser
asking for eight hints at once waits behind the single move of each other player
instead of filling the pool; background jobs are taken in turn the same way.

The pool's processes run below the server's CPU priority (:data:`WORKER_NICENESS`), and
background jobs at the lowest (:data:`BACKGROUND_NICENESS`, in a thread of their own
inside the pool's process): on a server with few cores the operating system then gives
the CPU to the request threads first, then to interactive jobs, so a thinking computer
or a hint takes the core only between other players' taps (a tap is a few milliseconds,
a search hundreds), and the analysis fills idle time.

The pool is sized by ``Settings.compute_workers`` and bound to the app's lifespan
(:func:`configure` at start-up, :func:`shutdown` at the end); its processes start on
the first decision that needs them (so an app that never meets Hard or Expert starts
none). With ``compute_workers = 0`` everything runs in the calling thread. A crashed
worker process is replaced and the decision retried once, then made in the thread.

The jobs in flight (waiting or running, in the pool or in the calling thread) are
counted per client address (:data:`app.core.fairuse.address`): a hint asked while the
address has ``Settings.limit_jobs_per_address`` of them is refused at once
(:class:`app.core.fairuse.Refused`, 429), so ten browsers of one address cannot hold
ten request threads and the pool's queue; the computer's moves are counted but never
refused (a tap that was made must be answered), they wait their turn.

Processes are started with ``spawn`` (never ``fork``: the server has threads running).

The jobs running and waiting are published for the metrics (``gin_workers_busy``,
``gin_workers_queued``: :mod:`app.core.metrics`) at every change of the pool's state.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import multiprocessing
import multiprocessing.connection
import os
import random
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import CancelledError, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from math import inf
from typing import Any, TypeVar

from app.core import fairuse, metrics
from app.core.fairuse import FairQueue, InFlight, Refused, owner
from app.core.i18n import N_
from app.engine import Action, PlayerView
from app.engine.bots import choose_action, expert

log = logging.getLogger("app.core.workers")
T = TypeVar("T")

POOLED_LEVELS = frozenset({"hard", "expert"})
"""Levels whose decisions are computed in the pool (the others take well under 1 ms)."""

HINT_OPTIONS = 3
"""How many of Expert's choices a hint shows."""

RESERVE_SECONDS = 30.0
"""For this long after a request or an interactive job started, background work leaves
one process of the pool free (see the module docstring)."""


@dataclass(eq=False, slots=True)
class _Job:
    """Work waiting for the pool: the future its caller holds, and whose work it is
    (:data:`app.core.fairuse.owner` when it was queued)."""

    function: Callable[..., Any]
    args: tuple[Any, ...]
    owner: str = ""
    future: Future[Any] = field(default_factory=Future)
    attempts: int = 0
    pool: ProcessPoolExecutor | None = None


_lock = threading.Lock()
_changed = threading.Condition(_lock)
"""Notified when work arrives or finishes, or the pool changes."""
_size = 0
_pool: ProcessPoolExecutor | None = None
_interactive = 0
"""Interactive jobs in flight (submitted to the pool, not yet answered)."""
_running = 0
"""Background jobs in flight in the pool."""
_last_busy = float("-inf")
"""``time.monotonic()`` when the last request or interactive job started."""
_waiting: FairQueue[_Job] = FairQueue()
"""Interactive jobs waiting for a process, served round-robin across owners."""
_queue: FairQueue[_Job] = FairQueue()
"""Background jobs waiting for room in the pool, served round-robin across owners."""
_scheduler: threading.Thread | None = None

JOBS_PER_ADDRESS = 4
"""The default of ``Settings.limit_jobs_per_address`` (:func:`configure` sets it)."""
BUSY_ADDRESS = N_("Many hints are being worked out for your network just now: nothing "
                  "was asked. Wait a moment, then ask again.")
_addresses = InFlight(JOBS_PER_ADDRESS, BUSY_ADDRESS, kind="jobs", retry_after=2)
"""Interactive jobs in flight per client address (see the module docstring)."""


def _publish() -> None:
    """The pool's state for the metrics (``_lock`` held): jobs running, jobs waiting."""
    metrics.WORKERS_BUSY.set(_interactive + _running)
    metrics.WORKERS_QUEUED.set(len(_waiting) + len(_queue))


def _notify() -> None:
    """The pool's state changed (``_lock`` held): publish it and wake the waiters."""
    _publish()
    _changed.notify_all()


def configure(size: int, jobs_per_address: int = JOBS_PER_ADDRESS) -> None:
    """Use a pool of ``size`` processes from now on (0: compute in the calling thread),
    and refuse a hint while its address has ``jobs_per_address`` jobs in flight.

    Called by the app's lifespan at start-up; the processes start on first use.
    """
    global _size, _addresses
    with _lock:
        _size = max(0, size)
        if jobs_per_address != _addresses.limit:
            _addresses = InFlight(jobs_per_address, BUSY_ADDRESS, kind="jobs", retry_after=2)
        _notify()


def address_busy(who: str) -> Refused | None:
    """The refusal a hint of client address ``who`` meets now (its address holds the
    most jobs in flight), or ``None``: what the fair-use middleware asks before reading
    anything of the request."""
    gate = _addresses
    if who and gate.held(who) >= gate.limit:
        return Refused(gate.message, gate.retry_after, gate.kind)
    return None


def shutdown() -> None:
    """Stop the pool's processes (the app's lifespan calls this at its end); from then
    on work is done in the calling thread until :func:`configure` is called again.
    Queued background work is cancelled (its futures raise ``CancelledError``); queued
    interactive work is computed by its callers, in their threads."""
    global _pool, _size, _scheduler
    with _lock:
        pool, _pool = _pool, None
        _size = 0
        dropped = _queue.drain() + _waiting.drain()
        scheduler, _scheduler = _scheduler, None
        _notify()
    for job in dropped:
        job.future.cancel()
    if pool is not None:
        pool.shutdown(wait=True, cancel_futures=True)
    if scheduler is not None:
        scheduler.join()


WORKER_NICENESS = 5
"""How much lower than the server's the pool processes' CPU priority is (``nice``):
with the server's threads and a search runnable on one core, Linux gives the server
about three quarters of it (weights 1024 against 335)."""


def _exit_with_parent() -> None:
    """Pool initializer: end this worker as soon as the process that started it is gone,
    and run it at :data:`WORKER_NICENESS`.

    A server killed without its shutdown (SIGKILL, a crash, an OOM kill) would otherwise
    leave its workers running, orphaned, forever. Ctrl-C in a terminal interrupts the
    whole process group: the worker ignores it, and the server's shutdown stops it (no
    ``KeyboardInterrupt`` tracebacks from the workers).
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(OSError):  # a lower priority than the server's request threads
        os.nice(WORKER_NICENESS)
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


BACKGROUND_NICENESS = 19
"""Niceness of the thread that runs a background job in a pool process (Linux): the
operating system gives the CPU to the server's request threads and to interactive jobs
first, so the analysis of finished hands never slows a tap, only waits for idle time."""


def _at_low_priority(function: Callable[..., T], *args: Any) -> T:
    """Run ``function(*args)`` in a new thread of this process with
    :data:`BACKGROUND_NICENESS` and return its result (or raise its exception).

    A process may lower its own priority but not raise it again, and the pool's
    processes also serve interactive jobs: so the priority is lowered for one thread,
    which ends with the job. Where threads have no priority of their own (not Linux),
    the job runs at the process's priority.
    """
    outcome: list[Any] = []

    def run() -> None:
        with contextlib.suppress(AttributeError, OSError):
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), BACKGROUND_NICENESS)
        try:
            outcome.append((True, function(*args)))
        except BaseException as error:  # handed back to the pool's caller below
            outcome.append((False, error))

    thread = threading.Thread(target=run, name="background-job")
    thread.start()
    thread.join()
    ok, value = outcome[0]
    if not ok:
        raise value
    return value  # type: ignore[no-any-return]


def _decide(level: str, view: PlayerView, seed: str) -> Action:
    return choose_action(level, view, random.Random(seed))


def _hint(view: PlayerView, seed: str) -> list[tuple[Action, float]]:
    return expert.evaluate(view, random.Random(seed))[:HINT_OPTIONS]


def interactive(function: Callable[..., T], *args: Any, timeout: float | None = None,
                refusable: bool = False) -> T:
    """Compute ``function(*args)`` in the pool as interactive work (a player is
    waiting) and return its result (or raise its exception); ``function`` must be a
    module-level function and ``args`` picklable. Without a pool it runs here.

    The job counts against its client address (:data:`app.core.fairuse.address`) while
    it is in flight; with ``refusable``, :class:`app.core.fairuse.Refused` is raised
    (nothing done) when the address already holds ``jobs_per_address`` of them.

    With ``timeout`` (seconds), ``TimeoutError`` is raised when the answer has not come
    by then (a job still queued is dropped; one already running ends on its own).

    The job waits for a process in a queue served round-robin across owners
    (:data:`app.core.fairuse.owner`): a browser that queued many jobs waits behind the
    one job of each other browser, so no browser can fill the pool for the others.
    """
    who, gate = fairuse.address.get(), _addresses
    if who and not gate.acquire(who, force=not refusable):
        raise Refused(gate.message, gate.retry_after, gate.kind)
    try:
        return _interactive_job(function, args, timeout)
    finally:
        if who:
            gate.release(who)


def _interactive_job(function: Callable[..., T], args: tuple[Any, ...],
                     timeout: float | None) -> T:
    """:func:`interactive`'s work, once counted against its address."""
    global _last_busy
    for _attempt in range(2):
        if _executor() is None:
            break
        job = _Job(function, args, owner.get())
        with _lock:
            if not _size:
                break
            _last_busy = time.monotonic()
            _waiting.push(job.owner, job)
            _start_scheduler()
            _notify()
        try:
            return job.future.result(timeout)  # type: ignore[no-any-return]
        except TimeoutError:
            job.future.cancel()  # still queued: the scheduler skips it
            raise
        except BrokenProcessPool:
            log.warning("a computer worker process died: starting a new one")
            if job.pool is not None:
                _discard_broken(job.pool)
        except CancelledError:  # the pool was shut down meanwhile
            break
    return function(*args)


def _room_for_background(now: float) -> float:
    """0 when the pool may take one more background job now (``_lock`` held); else how
    long to wait at most before asking again (``inf``: until notified)."""
    if _waiting or _running + _interactive >= _size:
        return inf
    reserved = now - _last_busy < RESERVE_SECONDS
    if _running < (_size - 1 if reserved and _size > 1 else _size):
        return 0.0
    return _last_busy + RESERVE_SECONDS - now if reserved else inf


def _start_scheduler() -> None:
    """Start the scheduler thread if it is not running (``_lock`` held)."""
    global _scheduler
    if _scheduler is None:
        _scheduler = threading.Thread(target=_schedule, name="pool-scheduler", daemon=True)
        _scheduler.start()


def _next_job() -> tuple[_Job, bool] | None:
    """The next job to hand to the pool and whether it is background work, waiting
    until there is one (``_lock`` held); ``None`` once the pool is shut down.
    Interactive work goes first, up to one job per process; background work only when
    :func:`_room_for_background` allows."""
    global _interactive, _running
    while _size:
        if _waiting and _interactive < _size:
            job = _waiting.pop()
            if job.future.cancelled():  # its caller stopped waiting
                continue
            _interactive += 1
            _publish()
            return job, False
        wait = _room_for_background(time.monotonic()) if _queue else inf
        if not wait:
            _running += 1
            job = _queue.pop()
            _publish()
            return job, True
        _changed.wait(None if wait == inf else wait)
    return None


def _schedule() -> None:
    """The scheduler thread: hands queued jobs to the pool in turn (see
    :func:`_next_job`); the pool's own queue never holds more than it can run."""
    global _interactive, _running
    while True:
        with _lock:
            found = _next_job()
        if found is None:
            return
        job, is_background = found
        pool = _executor()
        if pool is None:  # shut down meanwhile
            with _lock:
                if is_background:
                    _running -= 1
                else:
                    _interactive -= 1
                _publish()
            job.future.cancel()
            continue
        job.attempts += 1
        job.pool = pool
        try:
            if is_background:
                inner = pool.submit(_at_low_priority, job.function, *job.args)
            else:
                inner = pool.submit(job.function, *job.args)
        except (BrokenProcessPool, RuntimeError) as error:  # broken or shut down
            inner = Future()
            inner.set_exception(error if isinstance(error, BrokenProcessPool)
                                else CancelledError())
        done = _finished if is_background else _answered
        inner.add_done_callback(functools.partial(done, job, pool))


def _relay(job: _Job, done: Future[Any]) -> None:
    """Hand the pool's answer ``done`` to the job's caller."""
    error = None if done.cancelled() else done.exception()
    if done.cancelled() or isinstance(error, CancelledError):
        job.future.cancel()
    elif error is not None:
        job.future.set_exception(error)
    else:
        job.future.set_result(done.result())


def _answered(job: _Job, _pool_used: ProcessPoolExecutor, done: Future[Any]) -> None:
    """An interactive job's answer (a crashed process reaches the caller, who retries)."""
    global _interactive
    with _lock:
        _interactive -= 1
        _notify()
    _relay(job, done)


def _finished(job: _Job, pool: ProcessPoolExecutor, done: Future[Any]) -> None:
    """Relay a background job's answer to its caller's future (a crashed process: the
    job is queued again once, at the front)."""
    global _running, _pool
    error = None if done.cancelled() else done.exception()
    if isinstance(error, BrokenProcessPool) and job.attempts < 2:
        log.warning("a worker process died during background work: starting a new one")
        with _lock:
            if _pool is pool:  # the next job starts a new pool
                _pool = None
            _running -= 1
            if _size:
                _queue.push_front(job.owner, job)
            _notify()
        if not _size:
            job.future.cancel()
        return
    with _lock:
        _running -= 1
        _notify()
    if isinstance(error, BrokenProcessPool):
        job.future.cancel()
    else:
        _relay(job, done)


def queued() -> int:
    """How many jobs (interactive and background) wait for the pool now."""
    with _lock:
        return len(_waiting) + len(_queue)


def background(function: Callable[..., T], *args: Any) -> Future[T]:
    """Queue ``function(*args)`` as background work (low priority, see the module
    docstring) and return its future at once; ``function`` must be a module-level
    function and ``args`` picklable. Without a pool (size 0) it is computed here, in
    the calling thread, before returning.

    The future raises what ``function`` raised, or ``CancelledError`` when the pool is
    shut down before the job ran.
    """
    with _lock:
        if _size:
            job = _Job(function, args, owner.get())
            _queue.push(job.owner, job)
            _start_scheduler()
            _notify()
            return job.future
    future: Future[T] = Future()
    try:
        future.set_result(function(*args))
    except Exception as error:  # handed to the caller through the future
        future.set_exception(error)
    return future


def note_request() -> None:
    """Record that a player is using the server now (every request does): for the
    next :data:`RESERVE_SECONDS` background work leaves a process free."""
    global _last_busy
    _last_busy = time.monotonic()  # one store: no lock needed


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
    return interactive(_decide, level, view, seed)


def hint(view: PlayerView, seed: str) -> list[tuple[Action, float]]:
    """Expert's best :data:`HINT_OPTIONS` actions for ``view`` with their estimated
    chances to win the match (:func:`app.engine.bots.expert.evaluate`), computed in
    the pool with Expert's own time budget; best first.

    Raises:
        NotBotsTurnError: the view has no legal action.
        Refused: the client address has the most jobs in flight (nothing computed).
    """
    return interactive(_hint, view, seed, refusable=True)


__all__ = ["BUSY_ADDRESS", "HINT_OPTIONS", "JOBS_PER_ADDRESS", "POOLED_LEVELS",
           "RESERVE_SECONDS", "address_busy", "background", "configure",
           "decide", "hint", "interactive", "new_pool", "note_request", "queued", "shutdown"]
