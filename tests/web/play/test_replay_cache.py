"""The replay cache is sized by memory, not by a count of matches: a busy server's
thousands of matches in play all stay cached (a tap replays nothing), and the least
recently used leave first once the budget is spent."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from app.core.models import PlayMatch
from app.engine import HOUSE, HandSeed
from app.engine.match import new_match
from app.table import storage


@pytest.fixture(autouse=True)
def empty_cache() -> Iterator[None]:
    storage.forget_cache()
    yield
    storage.forget_cache()


def _match() -> tuple[PlayMatch, object]:
    return PlayMatch(level="easy", rules=HOUSE.to_dict()), new_match(
        HOUSE, HandSeed("ab" * 32, "cache"), 1)


def test_thousands_of_matches_in_play_stay_cached() -> None:
    game, match = _match()
    for match_id in range(1, 3001):
        game.id = match_id
        storage.remember(game, 1, match)  # type: ignore[arg-type]
    count, size = storage.cache_use()
    assert count == 3000  # the old cache kept 512
    assert size == 3000 * storage.cached_bytes(match)  # type: ignore[arg-type]
    assert size < storage.CACHE_BYTES


def test_the_least_recently_used_leave_once_the_budget_is_spent(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game, match = _match()
    weight = storage.cached_bytes(match)  # type: ignore[arg-type]
    monkeypatch.setattr(storage, "CACHE_BYTES", 3 * weight)
    for match_id in (1, 2, 3):
        game.id = match_id
        storage.remember(game, 1, match)  # type: ignore[arg-type]
    game.id = 1
    storage.remember(game, 2, match)  # used again: now the most recent, same weight
    assert storage.cache_use() == (3, 3 * weight)
    game.id = 4
    storage.remember(game, 1, match)  # type: ignore[arg-type]
    assert list(storage._cache) == [3, 1, 4]  # 2 was the least recently used
    assert storage.cache_use() == (3, 3 * weight)
