"""The collector's tuning (app.core.collector) where the heap is frozen already."""

import gc

import pytest

from app.core import collector
from app.core.collector import GC_YOUNG_THRESHOLD, tuned_gc


def test_a_frozen_heap_is_neither_collected_nor_frozen_nor_unfrozen_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    collector.freeze_heap()  # frozen already, as the test session's are (tests/conftest.py)
    frozen = gc.get_freeze_count()
    calls: list[str] = []
    monkeypatch.setattr(collector.gc, "collect", lambda *a: calls.append("collect") or 0)
    before = gc.get_threshold()
    with tuned_gc():
        assert gc.get_threshold() == (GC_YOUNG_THRESHOLD, *before[1:])
        inside = gc.get_freeze_count()
    assert calls == []
    assert inside == frozen and gc.get_freeze_count() == frozen
    assert gc.get_threshold() == before
