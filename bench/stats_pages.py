"""What the statistics and the downloads cost as a history grows (docs/benchmarks.md,
"Pages O(1) in the history").

For each size (matches of one browser, stored as the app stores them by
``tests/support/histories.store_history``: random legal play to ``--target`` points,
about half the hands analysed), in a temporary SQLite database, prints the CPU time
(this process: the app runs in it through ``TestClient``) and the bytes of:

* ``recomputed``: the statistics computed from nothing, as every view of ``/stats``
  did before they were kept (``app.review.stats.recomputed``; also what the first view
  after an upgrade costs, once);
* ``/stats rebuilt``: the view after a match ended (one more match stored, the
  browser's figures bumped): folded from the kept facts, its new hands replayed;
* ``/stats``: a view with nothing changed (one row read);
* ``data.json built whole``: *Download my data* as it was built before, in memory;
* ``/stats.json``, ``/stats.csv``, ``/privacy/data.json``: the downloads, streamed,
  with the most memory held (traced) between two chunks while one is written.

Run by hand on a quiet machine (never a timed test); building 1,000 matches takes a few
minutes::

    .venv/bin/python bench/stats_pages.py                     # 0, 200 and 1,000 matches
    .venv/bin/python bench/stats_pages.py --sizes 0 20 --target 25
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
import tracemalloc
import warnings
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from sqlmodel import Session, col, func, select

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.core import statcache  # noqa: E402
from app.core.config import Settings  # noqa: E402
from app.core.db import create_db_engine, run_migrations  # noqa: E402
from app.core.models import PlayHand, PlayMatch  # noqa: E402
from app.devices import data  # noqa: E402
from app.main import create_app  # noqa: E402
from app.review import stats  # noqa: E402
from app.web import streams  # noqa: E402
from app.web.sessions import COOKIE_NAME  # noqa: E402
from tests.support.histories import store_history  # noqa: E402


def cpu(run: Callable[[], Any]) -> tuple[float, Any]:
    """(CPU seconds of this process while ``run`` runs, what it returned)."""
    start = time.process_time()
    value = run()
    return time.process_time() - start, value


def _exports(sid: str) -> dict[str, Callable[[Session], Iterable[str]]]:
    """Each download's body as its route writes it, from a database session."""
    return {
        "/stats.json": lambda db: streams.json_groups(
            [("matches", stats.exported_matches(db, sid)),
             ("hands", stats.exported_hands(db, sid))], streams.compact_json),
        "/stats.csv": lambda db: streams.csv_rows(stats.exported_hands(db, sid), ["match"]),
        "/privacy/data.json": lambda db: streams.json_groups(
            data.browser_tables(db, sid),
            lambda v: json.dumps(v, indent=1, ensure_ascii=False, default=str),
            indent=1, wrap="tables", skip_empty=True),
    }


def _held(pieces: Iterable[str]) -> int:
    """The most memory traced between two chunks while ``pieces`` are sent (what the
    server holds; the test client's copy of the body is not counted)."""
    tracemalloc.start()
    try:
        held = 0
        for _ in streams.chunks(pieces):
            held = max(held, tracemalloc.get_traced_memory()[0])
        return held
    finally:
        tracemalloc.stop()


def measure(size: int, target: int, seed: int) -> None:
    """Print one history's figures."""
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{folder}/bench.db"
        run_migrations(url)
        app = create_app(Settings(database_url=url, analyse_hands=False, daily_pars=False))
        with TestClient(app, base_url="http://testserver") as client:
            client.get("/")
            sid = client.cookies[COOKIE_NAME]
            engine = create_db_engine(url)
            built = time.perf_counter()
            if size:
                store_history(engine, sid, size, seed=seed, target=target)
            with Session(engine) as db:
                hands = db.exec(select(func.count()).select_from(PlayHand)
                                .join(PlayMatch, col(PlayMatch.id) == col(PlayHand.match_id))
                                .where(PlayMatch.session_id == sid)).one()
                old, _ = cpu(lambda: stats.recomputed(db, sid))
            print(f"\n{size} matches, {hands} hands (stored in "
                  f"{time.perf_counter() - built:.0f} s)")
            print(f"  recomputed (before)        {old * 1000:9.1f} ms CPU")
            client.get("/stats")  # the first view: the kept rows built once
            store_history(engine, sid, 1, seed=seed + 1, target=target)
            with Session(engine) as db:
                statcache.bump(db, [sid])
                db.commit()
            rebuilt, page = cpu(lambda: client.get("/stats"))
            print(f"  /stats rebuilt (a match more) {rebuilt * 1000:6.1f} ms CPU"
                  f" {len(page.content):>10,} bytes")
            fresh, page = cpu(lambda: client.get("/stats"))
            print(f"  /stats                     {fresh * 1000:9.1f} ms CPU"
                  f" {len(page.content):>10,} bytes")
            for path, pieces in _exports(sid).items():
                spent, answer = cpu(lambda path=path: client.get(path))
                with Session(engine) as db:
                    held = _held(pieces(db))
                print(f"  {path:<26} {spent * 1000:9.1f} ms CPU {len(answer.content):>10,} bytes"
                      f", held while streaming {held / 1e6:.2f} MB")
            with Session(engine) as db:
                tracemalloc.start()
                spent, whole = cpu(lambda: json.dumps(
                    {"tables": data.browser_data(db, sid)}, indent=1, ensure_ascii=False,
                    default=str))
                peak = tracemalloc.get_traced_memory()[1]
                tracemalloc.stop()
            print(f"  data.json built whole (before) {spent * 1000:5.1f} ms CPU (traced)"
                  f" {len(whole.encode()):>10,} bytes, peak {peak / 1e6:.1f} MB")
            engine.dispose()


def main() -> None:
    """Parse the arguments and measure each size."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[0, 200, 1000])
    parser.add_argument("--target", type=int, default=25,
                        help="points a stored match is played to (default 25)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    warnings.simplefilter("ignore", DeprecationWarning)
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs; "
          f"matches to {args.target} points")
    for size in args.sizes:
        measure(size, args.target, args.seed)


if __name__ == "__main__":
    main()
