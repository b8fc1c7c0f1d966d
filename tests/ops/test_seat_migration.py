"""Migration 0023 (several matches at once): every seat stored before it carries over as
its browser's open seat, and the way down keeps each browser's open seat only."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import create_engine, text

from alembic import command
from app.core.db import alembic_config

WHEN = "2026-11-30 10:00:00.000000"
LATER = "2026-11-30 11:00:00.000000"


def test_seats_carry_over_and_come_back_down(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'seats.db'}"
    config = alembic_config(url)
    command.upgrade(config, "0021")
    engine = create_engine(url)
    try:
        with engine.begin() as conn:
            for sid in ("ann", "bob"):
                conn.execute(text("INSERT INTO browser_session (id, created_at, last_seen) "
                                  "VALUES (:id, :at, :at)"), {"id": sid, "at": WHEN})
            for match_id, sid in ((1, "ann"), (2, "bob")):
                conn.execute(text(
                    "INSERT INTO play_match (id, session_id, rules, first_dealer, level, "
                    "client_seed, hands, over, created_at, updated_at) VALUES "
                    "(:id, :sid, '{}', 1, 'standard', 'seed', 1, 0, :at, :at)"),
                    {"id": match_id, "sid": sid, "at": WHEN})
                conn.execute(text(
                    "INSERT INTO play_seat (session_id, match_id, version, sort, "
                    "computer_said, updated_at) VALUES (:sid, :id, 7, 'suit', '', :at)"),
                    {"id": match_id, "sid": sid, "at": WHEN})
        command.upgrade(config, "0024")  # 0025 re-keys the sessions
        with engine.begin() as conn:
            rows = conn.execute(text("SELECT session_id, match_id, version, sort, opened_at "
                                     "FROM play_seat ORDER BY session_id")).all()
            assert [tuple(row[:4]) for row in rows] == [("ann", 1, 7, "suit"),
                                                        ("bob", 2, 7, "suit")]
            assert all(row[4] is not None for row in rows)
            # Ann now plays a second match too: two seats of one browser.
            conn.execute(text(
                "INSERT INTO play_match (id, session_id, rules, first_dealer, level, "
                "client_seed, hands, over, created_at, updated_at) VALUES "
                "(3, 'ann', '{}', 1, 'standard', 'seed', 1, 0, :at, :at)"), {"at": LATER})
            conn.execute(text(
                "INSERT INTO play_seat (session_id, match_id, version, sort, computer_said, "
                "updated_at, opened_at) VALUES ('ann', 3, 1, 'rank', '', :at, :at)"),
                {"at": LATER})
        command.downgrade(config, "0021")
        with engine.begin() as conn:
            rows = conn.execute(text("SELECT session_id, match_id FROM play_seat "
                                     "ORDER BY session_id")).all()
            assert [tuple(row) for row in rows] == [("ann", 3), ("bob", 2)]
    finally:
        engine.dispose()
