"""The live channel's pure parts (issue 12): notification payloads and the watcher that keeps
the newest announced version."""

from __future__ import annotations

import asyncio

import pytest

from app.friend import live
from tests.support.servers import run_async


def test_a_watcher_remembers_the_newest_announced_version_until_asked() -> None:
    async def run() -> list[int | None]:
        watcher = live.Watcher(1, asyncio.get_running_loop())
        answers = [watcher.announced()]
        watcher.wake(5)
        watcher.wake(4)  # an older notification arriving late
        await asyncio.sleep(0)
        answers += [watcher.announced(), watcher.announced()]
        watcher.wake(6)
        watcher.wake()  # a change without its version: the stream must read the match
        await asyncio.sleep(0)
        answers.append(watcher.announced())
        return answers

    assert run_async(run()) == [None, 5, None, None]


@pytest.mark.parametrize(("payload", "parsed"), [
    ("12", (12, None)), ("12:57", (12, 57)), ("12:", None), ("x:1", None), ("12:5x", None),
    ("", None), (":3", None)])
def test_notification_payloads(payload: str, parsed: tuple[int, int | None] | None) -> None:
    assert live.parse_payload(payload) == parsed
