"""Failed attempts at a secret, limited per key (app/core/attempts.py)."""

from __future__ import annotations

from app.core.attempts import Attempts


def test_failures_beyond_the_limit_wait_for_the_window() -> None:
    now = [1000.0]
    attempts = Attempts(clock=lambda: now[0], max_failures=3, window=60)
    keys = ["browser:a", "address:1.2.3.4"]
    for _ in range(3):
        assert attempts.wait(keys) == 0
        attempts.failed(keys)
    assert attempts.wait(keys) == 61
    assert attempts.wait(["address:1.2.3.4"]) == 61  # the address alone is held too
    assert attempts.wait(["browser:b"]) == 0  # another browser from elsewhere is not
    now[0] += 60.5
    assert attempts.wait(keys) == 0


def test_only_wrong_attempts_beyond_the_limit_are_held() -> None:
    now = [1000.0]
    attempts = Attempts(clock=lambda: now[0], max_failures=3, window=60)
    keys = ["address:1.2.3.4"]
    assert [attempts.wrong(keys) for _ in range(3)] == [0, 0, 0]  # refused as wrong
    assert attempts.wrong(keys) == 61  # beyond the limit: wait (and still counted)
    now[0] += 30
    assert attempts.wrong(keys) == 31
