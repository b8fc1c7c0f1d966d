"""Run ``python -m app`` with every thread under ``cProfile``, counting CPU time (the
event loop and the thread pool's request threads), and write the merged statistics when
it stops.

``bench/tap_cost.py --profile PATH`` starts the app this way::

    python bench/profile_app.py PATH        # environment as for python -m app

Read them with ``python -c "import pstats; pstats.Stats('PATH').sort_stats('tottime')
.print_stats(40)"``. ``cProfile`` inflates small calls: take the shares as rough.
"""

from __future__ import annotations

import atexit
import cProfile
import pstats
import runpy
import signal
import sys
import threading
import time
from types import FrameType
from typing import Any

PROFILES: list[cProfile.Profile] = []


def _profile_this_thread(frame: FrameType, event: str, arg: Any) -> None:
    """The first profile event of a new thread: hand the thread to its own profiler."""
    profile = cpu_profile()
    PROFILES.append(profile)
    profile.enable()


def cpu_profile() -> cProfile.Profile:
    """A profiler counting the thread's CPU time (not wall time: a thread waiting for a
    lock or the interpreter costs nothing)."""
    return cProfile.Profile(time.thread_time_ns, 1e-9)


def _write(path: str) -> None:
    for profile in PROFILES:
        profile.disable()
    stats = pstats.Stats(PROFILES[0])
    for profile in PROFILES[1:]:
        try:
            stats.add(profile)
        except (TypeError, ValueError):  # a thread that never ran a profiled call
            continue
    stats.dump_stats(path)


def main() -> None:
    """Profile every thread, run the app, write the statistics to ``argv[1]`` at exit."""
    path = sys.argv[1]
    sys.argv = [sys.argv[0]]
    # Uvicorn re-raises SIGTERM once it has shut down: exit normally instead, so the
    # statistics are written.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    atexit.register(_write, path)
    threading.setprofile(_profile_this_thread)
    main_profile = cpu_profile()
    PROFILES.append(main_profile)
    main_profile.enable()
    runpy.run_module("app", run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
