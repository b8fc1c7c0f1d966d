"""``app.web.known.KnownBrowsers``: an entry is good only in the generation it was read in."""

from datetime import datetime

from app.core.models import BrowserSession
from app.web.display import DEFAULT
from app.web.known import Known, KnownBrowsers


def _known(session_id: str) -> Known:
    at = datetime(2026, 12, 1)
    return Known(BrowserSession(id=session_id, created_at=at, last_seen=at), DEFAULT)


def test_what_is_kept_is_found_until_a_write_starts_a_generation() -> None:
    cache = KnownBrowsers()
    cache.keep("a", cache.generation, _known("a"))
    assert cache.get("a") == _known("a")
    cache.forget_all()
    assert cache.get("a") is None


def test_a_read_that_began_before_a_write_is_not_kept() -> None:
    cache = KnownBrowsers()
    began = cache.generation
    cache.forget_all()  # a write ran while the rows were being read
    cache.keep("a", began, _known("a"))
    assert cache.get("a") is None


def test_dropping_one_browser_keeps_the_others() -> None:
    cache = KnownBrowsers()
    cache.keep("a", cache.generation, _known("a"))
    cache.keep("b", cache.generation, _known("b"))
    cache.drop("a")
    assert cache.get("a") is None and cache.get("b") is not None


def test_the_least_recently_used_browser_goes_first() -> None:
    cache = KnownBrowsers(size=2)
    for name in "ab":
        cache.keep(name, cache.generation, _known(name))
    cache.get("a")
    cache.keep("c", cache.generation, _known("c"))
    assert cache.get("b") is None and cache.get("a") is not None and cache.get("c") is not None
