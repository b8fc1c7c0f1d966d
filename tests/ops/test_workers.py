"""The computer thinks in a process pool: the pooled answer is the one the
engine gives in the thread, hints come from the person's view only, and a pool of 0
computes in the calling thread. Background work (the analysis of finished hands) shares
the pool without taking a player's process."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from prometheus_client import REGISTRY

from app.core import workers
from app.engine import HOUSE, Action, Phase, apply, deal, view
from app.engine.bots import NotBotsTurnError, UnknownLevelError, choose_action, expert
from app.engine.rating import rate
from app.engine.review import Decision
from app.review import analysis
from tests.unit.engine.test_bots import _advance


def _pool_of(size: int) -> Iterator[None]:
    workers.configure(size)
    yield
    workers.shutdown()
    workers.configure(0)


@pytest.fixture
def pool() -> Iterator[None]:
    yield from _pool_of(1)


def _positions(count: int):  # type: ignore[no-untyped-def]
    for seed in range(count):
        state = _advance(deal(HOUSE, dealer=seed % 2, rng=seed), seed * 2,
                         random.Random(seed))
        if state.phase is not Phase.OVER:
            yield view(state, state.to_play, (seed * 7 % 100, seed * 13 % 100))


def test_pooled_decisions_are_the_engines(pool: None) -> None:
    for seen in _positions(6):
        for level in ("easy", "standard", "hard"):
            assert workers.decide(level, seen, "s:1") == choose_action(
                level, seen, random.Random("s:1"))


def test_a_hint_is_experts_best_three_from_the_pool(pool: None) -> None:
    seen = next(iter(_positions(3)))
    options = workers.hint(seen, "h:2")
    assert 1 <= len(options) <= workers.HINT_OPTIONS
    assert all(action in seen.legal and 0.0 <= chance <= 1.0 for action, chance in options)


def test_without_a_pool_the_work_is_done_in_the_thread() -> None:
    workers.configure(0)
    seen = next(iter(_positions(2)))
    small = expert.Budget(samples=2, discards=2, deadline=None)
    saved = expert.DEFAULT_BUDGET
    expert.DEFAULT_BUDGET = small
    try:
        assert workers.decide("expert", seen, "x") == expert.choose(seen, random.Random("x"),
                                                                    small)
        assert workers.hint(seen, "x") == expert.evaluate(seen, random.Random("x"),
                                                           small)[:3]
    finally:
        expert.DEFAULT_BUDGET = saved


def test_errors_from_a_worker_reach_the_caller(pool: None) -> None:
    state = deal(HOUSE, dealer=1, rng=4)
    state, _ = apply(state, 0, choose_action("standard", view(state, 0), random.Random(0)))
    not_mine = view(state, 0) if state.to_play == 1 else view(state, 1)
    with pytest.raises(NotBotsTurnError):
        workers.decide("hard", not_mine, "e")


ORPHAN_SCRIPT = """
import multiprocessing, os, random
from app.core import workers
from tests.ops.test_workers import _positions
workers.configure(1)
workers.decide("hard", next(_positions(3)), "s:1")
print(" ".join(str(p.pid) for p in multiprocessing.active_children()), flush=True)
os._exit(0)  # gone without its shutdown, as a killed server is
"""


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(")")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs /proc")
def test_workers_end_when_the_server_process_dies() -> None:
    result = subprocess.run([sys.executable, "-c", ORPHAN_SCRIPT], capture_output=True,
                            text=True, timeout=120, check=True)
    pids = [int(pid) for pid in result.stdout.split()]
    assert pids, result.stderr
    deadline = time.monotonic() + 20
    while any(_alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_alive(pid) for pid in pids), "a worker outlived its server"


CTRL_C_SCRIPT = """
import faulthandler
import signal
import time
# As in a terminal: Python's own Ctrl-C handler, whatever the test process left to its
# children (an ignored SIGINT is inherited across exec, and a child that ignores it
# would sleep on); a hang in the shutdown prints every thread's stack and ends.
signal.signal(signal.SIGINT, signal.default_int_handler)
faulthandler.dump_traceback_later(100, exit=True)
from app.core import workers
from tests.ops.test_workers import _positions
workers.configure(1)
workers.decide("hard", next(_positions(3)), "s:1")
try:
    print("ready", flush=True)  # inside the try: the signal may come at once
    time.sleep(120)
except KeyboardInterrupt:  # as Uvicorn does: Ctrl-C starts the shutdown
    workers.shutdown()
"""


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="process groups")
def test_ctrl_c_stops_the_workers_without_tracebacks() -> None:
    # Ctrl-C in a terminal sends SIGINT to the whole process group, workers included.
    process = subprocess.Popen([sys.executable, "-c", CTRL_C_SCRIPT], text=True,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               start_new_session=True)
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "ready"
    os.killpg(process.pid, signal.SIGINT)
    _out, err = process.communicate(timeout=120)
    assert process.returncode == 0, err
    assert "KeyboardInterrupt" not in err and "Traceback" not in err, err


# --- background work (the analysis of finished hands) -------------------------------------


def _blocked_until(path: str) -> str:
    """A background job that runs until ``path`` exists (in a worker process)."""
    while not os.path.exists(path):
        time.sleep(0.01)
    return path


def _until(condition: Callable[[], bool]) -> None:
    """Wait for ``condition`` (a guard against a hang, not a speed limit)."""
    for _ in range(6000):
        if condition():
            return
        time.sleep(0.01)
    raise AssertionError("the pool never got there")


@pytest.fixture
def pool_of_two() -> Iterator[None]:
    yield from _pool_of(2)


def test_background_work_is_rated_as_in_the_thread(pool: None) -> None:
    seen = next(iter(_positions(3)))
    decision = Decision(1, seen.legal[-1], seen)
    assert workers.background(analysis.rate_decision, decision).result() == \
        rate(decision).to_stored()
    with pytest.raises(UnknownLevelError):
        workers.background(choose_action, "grandmaster", seen, random.Random(0)).result()


def test_a_computer_move_finds_a_free_process_while_analysis_is_queued(
        pool_of_two: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(workers, "RESERVE_SECONDS", 1e9)  # however slow the machine
    seen = next(iter(_positions(2)))
    workers.decide("hard", seen, "first")  # a player is using the pool
    release = str(tmp_path / "release")
    jobs = [workers.background(_blocked_until, release) for _ in range(4)]
    _until(lambda: workers._running == 1)
    # Three analysis jobs wait and one runs, blocked: the move still gets a process.
    assert len(workers._queue) == 3
    moved: list[Action] = []
    mover = threading.Thread(target=lambda: moved.append(workers.decide("hard", seen, "s")))
    mover.start()
    mover.join(timeout=120)
    assert moved == [choose_action("hard", seen, random.Random("s"))]
    assert workers._running == 1 and len(workers._queue) == 3
    open(release, "w").close()
    assert [job.result() for job in jobs] == [release] * 4


def test_after_a_quiet_spell_the_analysis_uses_every_process(
        pool_of_two: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(workers, "_last_busy", float("-inf"))
    release = str(tmp_path / "release")
    jobs = [workers.background(_blocked_until, release) for _ in range(3)]
    _until(lambda: workers._running == 2)
    assert len(workers._queue) == 1
    open(release, "w").close()
    assert [job.result() for job in jobs] == [release] * 3


def test_while_players_use_the_server_the_analysis_leaves_a_process_free(
        pool_of_two: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A request (not only a Hard or Expert move) reserves a process: on a small
    server the analysis then leaves a core to the server's own process."""
    monkeypatch.setattr(workers, "RESERVE_SECONDS", 1e9)  # however slow the machine
    workers.note_request()
    release = str(tmp_path / "release")
    jobs = [workers.background(_blocked_until, release) for _ in range(3)]
    _until(lambda: workers._running == 1)
    time.sleep(0.3)  # room for a second job to start, were it allowed
    assert workers._running == 1 and len(workers._queue) == 2
    open(release, "w").close()
    assert [job.result() for job in jobs] == [release] * 3


def test_every_request_but_the_health_check_counts_as_a_player_using_the_server(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(workers, "_last_busy", float("-inf"))
    client.get("/healthz")
    assert workers._last_busy == float("-inf")
    client.get("/")
    assert time.monotonic() - workers._last_busy < 60


def test_shutting_the_pool_down_cancels_queued_background_work(tmp_path: Path) -> None:
    workers.configure(1)
    release = str(tmp_path / "release")
    try:
        running, *queued = [workers.background(_blocked_until, release) for _ in range(3)]
        _until(lambda: workers._running == 1)
        stopper = threading.Thread(target=workers.shutdown)
        stopper.start()
        _until(lambda: all(job.cancelled() for job in queued))
        open(release, "w").close()
        stopper.join()
        assert running.result() == release
    finally:
        workers.shutdown()
        workers.configure(0)


def test_without_a_pool_background_work_is_done_at_once() -> None:
    workers.configure(0)
    seen = next(iter(_positions(2)))
    job = workers.background(choose_action, "easy", seen, random.Random(3))
    assert job.done() and job.result() == choose_action("easy", seen, random.Random(3))


def _niceness() -> int:
    return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="threads' own niceness")
def test_background_work_runs_at_low_priority_and_moves_a_little_below_taps(
        pool: None) -> None:
    # The analysis must never take the CPU from a tap or a computer move: its jobs run
    # at niceness 19 in the very process that then serves a move. A move or a hint runs
    # WORKER_NICENESS below the server, so another player's tap takes the core first.
    server = os.getpriority(os.PRIO_PROCESS, 0)
    assert workers.background(_niceness).result() == workers.BACKGROUND_NICENESS
    assert workers.interactive(_niceness) == min(19, server + workers.WORKER_NICENESS)
    assert workers.background(_niceness).result() == workers.BACKGROUND_NICENESS
    with pytest.raises(UnknownLevelError):  # errors still reach the caller
        workers.background(choose_action, "grandmaster", next(_positions(2)),
                           random.Random(0)).result()


def test_the_metrics_show_the_jobs_running_and_waiting(
        pool_of_two: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(workers, "_last_busy", float("-inf"))

    def gauge(name: str) -> float | None:
        return REGISTRY.get_sample_value(name)

    release = str(tmp_path / "release")
    jobs = [workers.background(_blocked_until, release) for _ in range(3)]
    _until(lambda: workers._running == 2)
    assert (gauge("gin_workers_busy"), gauge("gin_workers_queued")) == (2, 1)
    open(release, "w").close()
    assert [job.result() for job in jobs] == [release] * 3
    assert (gauge("gin_workers_busy"), gauge("gin_workers_queued")) == (0, 0)


def test_queued_work_from_two_browsers_is_served_alternately(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # One browser queues three jobs before another queues two: the pool takes them in
    # turn (a, b, a, b, a), not in arrival order. A thread pool stands in for the
    # processes so the first job can hold the only worker until the queue is full.
    from concurrent.futures import ThreadPoolExecutor

    from app.core import fairuse
    from tests.support.waiting import wait_until

    monkeypatch.setattr(workers, "new_pool", lambda size: ThreadPoolExecutor(size))
    workers.configure(1)
    hold, served = threading.Event(), []

    def job(name: str) -> str:
        if name == "a0":
            hold.wait(60)
        served.append(name)
        return name

    def ask(who: str, name: str) -> None:
        token = fairuse.owner.set(who)
        try:
            assert workers.interactive(job, name) == name
        finally:
            fairuse.owner.reset(token)

    threads = [threading.Thread(target=ask, args=("browser-a", "a0"))]
    threads[0].start()
    try:
        wait_until(lambda: workers._interactive == 1, what="the first job to run")
        for number, (who, name) in enumerate([("browser-a", "a1"), ("browser-a", "a2"),
                                              ("browser-a", "a3"), ("browser-b", "b1"),
                                              ("browser-b", "b2")], start=1):
            threads.append(threading.Thread(target=ask, args=(who, name)))
            threads[-1].start()
            wait_until(lambda n=number: workers.queued() == n, what=f"{name} to queue")
    finally:
        hold.set()
        for thread in threads:
            thread.join(60)
        workers.shutdown()
        workers.configure(0)
    assert served == ["a0", "a1", "b1", "a2", "b2", "a3"]

