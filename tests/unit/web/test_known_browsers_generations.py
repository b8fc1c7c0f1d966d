"""``app.web.known.KnownBrowsers``: an entry is good only in the generation it was read in."""

from datetime import datetime
from pathlib import Path

from sqlalchemy import create_engine, text

from app.core.models import BrowserSession
from app.web.display import DEFAULT
from app.web.known import Known, KnownBrowsers, writes_browsers


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


def test_a_read_kept_between_the_commit_event_and_the_commit_is_forgotten(
        tmp_path: Path) -> None:
    # SQLAlchemy's "commit" event comes before the database's own commit: another
    # request's read in between saw the old rows. The connection's return to the pool
    # (after the commit) starts another generation.
    engine = create_engine(f"sqlite:///{tmp_path}/known.db")
    cache = KnownBrowsers()
    cache.watch(engine)
    with engine.connect() as conn:
        conn.execute(text("CREATE TABLE display_prefs (session_id TEXT)"))
        conn.commit()
    with engine.connect() as conn:
        conn.execute(text("INSERT INTO display_prefs (session_id) VALUES ('a')"))
        conn.commit()
        cache.keep("a", cache.generation, _known("a"))  # read before the commit landed
        assert cache.get("a") is not None
    assert cache.get("a") is None  # the connection went back to the pool
    engine.dispose()


def test_a_write_is_judged_by_the_table_it_writes() -> None:
    assert writes_browsers('UPDATE browser_session SET last_seen=? WHERE browser_session.id = ?')
    assert writes_browsers("DELETE FROM browser_token WHERE session_id = ?")
    assert writes_browsers('INSERT INTO "display_prefs" (session_id, theme) VALUES (?, ?)')
    assert writes_browsers("WITH gone AS (SELECT 1) DELETE FROM browser_session")
    assert not writes_browsers(
        "INSERT INTO browser_stats (session_id, generation, built, built_at) SELECT "
        "browser_session.id, 1, -1, ? FROM browser_session WHERE browser_session.id IN (?)")
    assert not writes_browsers("UPDATE play_seat SET version=? WHERE play_seat.session_id = ?")
    assert not writes_browsers("SELECT * FROM browser_session")
