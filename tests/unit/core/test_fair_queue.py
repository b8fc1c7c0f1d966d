"""Fair use's pure pieces (app.core.fairuse): a queue served round-robin across
owners, and a gate that holds at most so many things in flight per key."""

from __future__ import annotations

import pytest

from app.core.fairuse import FairQueue, InFlight, MemoryRates, Rate, Refused


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


class _Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_rate_allows_its_burst_then_refuses_with_the_wait() -> None:
    clock = _Clock()
    rates, rate = MemoryRates(clock), Rate.parse("3/minute")
    assert [rates.hit([("ann", rate)]) for _ in range(3)] == [0.0, 0.0, 0.0]
    assert rates.hit([("ann", rate)]) == pytest.approx(20.0)  # one more every 20 s
    assert rates.hit([("bob", rate)]) == 0.0  # another key has its own budget
    clock.now += 20
    assert rates.hit([("ann", rate)]) == 0.0
    assert rates.hit([("ann", rate)]) > 0


def test_an_event_refused_by_one_of_its_keys_counts_against_none() -> None:
    clock = _Clock()
    rates, few, many = MemoryRates(clock), Rate.parse("1/minute"), Rate.parse("10/minute")
    assert rates.hit([("browser", few), ("address", many)]) == 0.0
    assert rates.hit([("browser", few), ("address", many)]) == pytest.approx(60.0)
    # The address spent one of its ten, not two: nine more from other browsers.
    assert [rates.hit([(f"other{i}", few), ("address", many)]) for i in range(9)] == [0.0] * 9
    assert rates.hit([("eleventh", few), ("address", many)]) > 0


def test_expired_keys_are_forgotten_so_memory_stays_bounded() -> None:
    clock = _Clock()
    rates, rate = MemoryRates(clock), Rate.parse("1/second")
    for index in range(20_000):  # a flood of new keys, each counted once, 100 a second
        rates.hit([(f"key{index}", rate)])
        clock.now += 0.01
    # Those of the last second are kept (and those counted since the last sweep), no more.
    assert len(rates) <= rates.SWEEP_EVERY + 100
    clock.now += 5
    rates.hit([("late", rate)])  # the next event after a quiet minute sweeps
    clock.now += rates.SWEEP_SECONDS
    rates.hit([("later", rate)])
    assert len(rates) == 1


@pytest.mark.parametrize(("text", "count", "seconds"), [
    ("300/minute", 300, 60), ("10/10 minutes", 10, 600), ("5 per second", 5, 1),
    ("2/hour", 2, 3600), (" 1 / 2 days ", 1, 172800)])
def test_rates_are_read_from_their_usual_spelling(text: str, count: int, seconds: int) -> None:
    assert Rate.parse(text) == Rate(count, seconds)


@pytest.mark.parametrize("text", ["", "0/minute", "ten/minute", "5/fortnight", "5"])
def test_a_malformed_rate_is_refused_saying_the_form(text: str) -> None:
    with pytest.raises(ValueError, match="300/minute"):
        Rate.parse(text)
