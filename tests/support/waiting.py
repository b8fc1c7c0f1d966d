"""Waiting on a condition instead of sleeping: ``wait_until(condition)`` polls until
``condition()`` is true and fails, saying what it waited for, after ``timeout`` seconds.

The timeout is a guard against a hang, not a speed limit: on a loaded machine a wait
takes as long as the thing waited for, and no longer.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def wait_until(condition: Callable[[], T], *, timeout: float = 60.0, interval: float = 0.02,
               what: str = "the condition") -> T:
    """Poll ``condition`` every ``interval`` seconds until it returns something true, and
    return that; raise ``AssertionError`` naming ``what`` after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        result = condition()
        if result:
            return result
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout:g} s for {what}")
        time.sleep(interval)
