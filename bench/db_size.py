"""How many bytes a match costs the database (docs/benchmarks.md, *Database size*).

Run: ``nice .venv/bin/python bench/db_size.py [--matches 10] [--seed 1]``.

Plays ``--matches`` matches to 100 in-process (every middleware, a SQLite file, the
hand analysis on: computed beside the requests, ``COMPUTE_WORKERS=0``) with a random
legal player against the Easy computer, one after the other from one browser; waits
for every hand's analysis, then vacuums the file and prints its size per match and per
hand, and the bytes of each table and index (SQLite's ``dbstat``), the largest first.
An empty database (migrated, one browser, no match) is measured the same way and
subtracted.
"""

from __future__ import annotations

import argparse
import random
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fastapi.testclient import TestClient  # noqa: E402
from sqlmodel import Session, col, func, select  # noqa: E402

from app.core.config import Settings  # noqa: E402
from app.core.db import run_migrations  # noqa: E402
from app.core.models import HandReview, PlayHand  # noqa: E402
from app.main import create_app  # noqa: E402
from app.table import storage  # noqa: E402
from app.web.sessions import COOKIE_NAME, read_session_id  # noqa: E402
from tests.support.hardening import random_form  # noqa: E402


def _sizes(path: str) -> tuple[int, dict[str, int]]:
    """The vacuumed file's size and the bytes of each table and index."""
    with sqlite3.connect(path) as db:
        db.execute("VACUUM")
        rows = db.execute("SELECT name, SUM(pgsize) FROM dbstat GROUP BY name").fetchall()
    return Path(path).stat().st_size, {name: int(size) for name, size in rows}


def main() -> None:
    """Play the matches and print the sizes."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        path = f"{tmp}/bench.db"
        url = f"sqlite:///{path}"
        run_migrations(url)
        app = create_app(Settings(database_url=url, compute_workers=0))
        engine = app.state.engine
        with TestClient(app) as client:
            client.get("/play")
            empty, empty_tables = _sizes(path)
            version: dict[str, str] = {}
            for _ in range(args.matches):
                response = client.post("/play/new", data={"level": "easy", "target": "100",
                                                          **version})
                assert response.status_code == 200, response.text[:300]
                while True:
                    with Session(engine) as db:
                        loaded = storage.load(db, read_session_id(
                            engine, client.cookies[COOKIE_NAME]) or "")
                    assert loaded is not None
                    match = loaded.match
                    if match.over:
                        version = {"version": str(loaded.seat.version)}
                        break
                    form = random_form(match, loaded.seat.version, rng, greedy=0.8)
                    response = client.post("/play", data=form, headers={"HX-Request": "true"})
                    assert response.status_code == 200, response.text[:300]
            deadline = time.monotonic() + 600
            while True:  # every hand's analysis stored
                with Session(engine) as db:
                    waiting = db.exec(select(func.count()).select_from(HandReview).where(
                        col(HandReview.status) == "analysing")).one()
                    hands = db.exec(select(func.count()).select_from(PlayHand)).one()
                if not waiting or time.monotonic() > deadline:
                    break
                time.sleep(0.2)
        engine.dispose()
        size, tables = _sizes(path)
    grown = size - empty
    print(f"{args.matches} matches, {hands} hands: {grown / args.matches / 1024:.1f} KB a match, "
          f"{grown / hands / 1024:.2f} KB a hand (file {size / 1024:.0f} KB, "
          f"{empty / 1024:.0f} KB empty)")
    for name, bytes_ in sorted(tables.items(), key=lambda kv: -kv[1]):
        more = bytes_ - empty_tables.get(name, 0)
        if more:
            print(f"  {name:40} {more / args.matches / 1024:7.1f} KB a match")


if __name__ == "__main__":
    main()
