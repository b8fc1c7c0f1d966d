"""Fair use's pure pieces (app.core.fairuse): a queue served round-robin across
owners, and a gate that holds at most so many things in flight per key."""

from __future__ import annotations

import pytest

from app.core.fairuse import FairQueue, InFlight, Refused


def test_owners_are_served_alternately_whatever_each_queued() -> None:
    queue: FairQueue[str] = FairQueue()
    for item in ("a1", "a2", "a3", "a4"):
        queue.push("a", item)
    queue.push("b", "b1")
    queue.push("b", "b2")
    queue.push("c", "c1")
    assert queue.drain() == ["a1", "b1", "c1", "a2", "b2", "a3", "a4"]
    assert not queue and len(queue) == 0


def test_a_retried_item_goes_first() -> None:
    queue: FairQueue[str] = FairQueue()
    queue.push("a", "a1")
    queue.push("b", "b1")
    queue.push_front("b", "b0")
    assert queue.drain() == ["b0", "a1", "b1"]


def test_popping_an_empty_queue_says_so() -> None:
    with pytest.raises(IndexError):
        FairQueue[str]().pop()


def test_a_second_hold_of_the_same_key_is_refused_while_the_first_lasts() -> None:
    gate = InFlight(1, "One at a time.", kind="hint", retry_after=2)
    with gate.hold("ann"):
        with pytest.raises(Refused) as refused, gate.hold("ann"):
            pass
        assert refused.value.message == "One at a time."
        assert refused.value.retry_after == 2 and refused.value.kind == "hint"
        with gate.hold("bob"):  # another key is not held up
            assert gate.held("bob") == 1
    assert gate.held("ann") == 0
    with gate.hold("ann"):  # free again once the first ended
        pass


def test_a_place_is_given_back_when_the_block_fails() -> None:
    gate = InFlight(2, "Two at most.")
    with pytest.raises(ValueError), gate.hold("k"):
        raise ValueError
    assert gate.held("k") == 0
