"""Does a tap cost more late in a long match? (storage hand by hand).

Run: ``nice .venv/bin/python bench/long_match.py [--hands 60] [--seed 1]``.

Plays one match with a target of 100,000 in-process (every middleware, a SQLite file)
with a random legal player against the Easy computer, and records for every game tap the
bytes the app sends to the database (parameters of every INSERT/UPDATE) and the server
time. Prints both per block of ten hands: with the match stored hand by hand they stay
flat however long the match (the old single-row layout rewrote the whole log per tap).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fastapi.testclient import TestClient  # noqa: E402
from sqlalchemy import event  # noqa: E402
from sqlmodel import Session  # noqa: E402
from tests.hardening import random_form  # noqa: E402

from app.core.config import Settings  # noqa: E402
from app.core.db import run_migrations  # noqa: E402
from app.main import create_app  # noqa: E402
from app.table import storage  # noqa: E402
from app.web.sessions import COOKIE_NAME, read_session_id  # noqa: E402


def main() -> None:
    """Play the long match and print the figures per ten hands."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{tmp}/bench.db"
        run_migrations(url)
        app = create_app(Settings(database_url=url))
        written: list[int] = []

        def note(_c: Any, _cur: Any, statement: str, parameters: Any, _x: Any, _m: bool) -> None:
            if statement.lstrip()[:6].upper() in ("INSERT", "UPDATE"):
                written.append(len(repr(parameters)))

        event.listen(app.state.engine, "before_cursor_execute", note)
        rows: dict[int, list[tuple[int, float, int]]] = {}
        with TestClient(app) as client:
            client.post("/play/new", data={"level": "easy", "target": "100000"})
            while True:
                with Session(app.state.engine) as db:
                    loaded = storage.load(db, read_session_id(
                        app.state.engine, client.cookies[COOKIE_NAME]) or "")
                assert loaded is not None
                match = loaded.match
                if match.hand_number > args.hands or match.over:
                    break
                form = random_form(match, loaded.seat.version, rng, greedy=0.8)
                written.clear()
                start = time.perf_counter()
                response = client.post("/play", data=form, headers={"HX-Request": "true"})
                elapsed = (time.perf_counter() - start) * 1000
                assert response.status_code == 200, response.text[:300]
                block = (match.hand_number - 1) // 10
                rows.setdefault(block, []).append((sum(written), elapsed,
                                                   len(match.hand_log)))
    print("hands     taps  bytes written per tap: median / max   tap ms: p50 / p95")
    for block, taps in sorted(rows.items()):
        sizes = [t[0] for t in taps]
        times = sorted(t[1] for t in taps)
        p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
        print(f"{block * 10 + 1:>3}-{block * 10 + 10:<4} {len(taps):>5}  "
              f"{statistics.median(sizes):>12.0f} / {max(sizes):<6}"
              f"              {statistics.median(times):5.1f} / {p95:5.1f}")


if __name__ == "__main__":
    main()
