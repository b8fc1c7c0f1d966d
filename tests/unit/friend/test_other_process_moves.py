"""What the SQLite watch reports (app/friend/live.py: _moved): a match that moved, and
a match seen for the first time, whose move may have come before the first look."""

from __future__ import annotations

import sqlite3

from app.friend.live import _moved, _Versions


def test_a_new_match_and_every_move_after_are_reported() -> None:
    db = sqlite3.connect(":memory:", isolation_level=None)
    db.execute("CREATE TABLE play_match (id INTEGER PRIMARY KEY, version INTEGER)")
    db.execute("INSERT INTO play_match VALUES (1, 5)")
    seen = _Versions()
    assert _moved(db, seen, [1]) == [(1, 5)]  # first look: told, the stream compares
    assert _moved(db, seen, [1]) == []
    db.execute("UPDATE play_match SET version = 6 WHERE id = 1")
    seen.data_version = None  # another connection's commit (this one is the same)
    assert _moved(db, seen, [1]) == [(1, 6)]
    assert _moved(db, seen, []) == [] and seen.matches == {}
