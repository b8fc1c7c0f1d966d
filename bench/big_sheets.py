"""Other browsers' taps while one browser loops over the largest score sheets.

One browser keeps several sheets of the largest allowed size (``MAX_HANDS`` hands,
Hollywood) and loops over its list and each sheet; two other browsers tap meanwhile (the
play screen's sort, recording a score-sheet hand). Prints the taps' latency; every
status must be a success. ``tests/ops/test_db_locking.py`` runs the same scenario briefly and
asserts only that nothing fails (speed is measured here, never asserted in tests).

Usage::

    nice -n 10 .venv/bin/python bench/big_sheets.py                # server on a temp DB
    .venv/bin/python bench/big_sheets.py --seconds 30 --sheets 20
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from sqlmodel import Session, select

from app.core.db import create_db_engine, run_migrations
from app.core.models import ScoreSheetRow
from app.engine import CLASSIC
from app.score.sheet import MAX_HANDS, HandEntry, ScoreSheet, SheetOptions
from app.web.sessions import COOKIE_NAME, read_session_id

ROOT = Path(__file__).resolve().parent.parent
SETUP = {"players": "2", "name0": "Ann", "name1": "Bob", "target": "10000",
         "gin_bonus": "25", "undercut_bonus": "25", "big_gin_bonus": "31", "box_bonus": "20",
         "game_bonus": "100", "first_dealer": "0"}


def largest_sheet_export() -> str:
    """The largest sheet a browser may keep: MAX_HANDS hands, Hollywood (three games
    scored at once), target 10,000 so that it is still running."""
    options = SheetOptions(rules=CLASSIC.with_options(target=10_000), hollywood=True)
    entries = tuple(HandEntry.knock(i % 2, 3, 9 + i % 40) for i in range(MAX_HANDS))
    sheet = ScoreSheet(options, ("Ann", "Bob"), entries)
    assert not sheet.result().over
    return json.dumps(sheet.to_dict(), separators=(",", ":"))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def _sheet_rows(db_url: str, cookie: str) -> list[ScoreSheetRow]:
    engine = create_db_engine(db_url)
    try:
        session_id = read_session_id(engine, cookie)
        with Session(engine.execution_options(sqlite_begin="DEFERRED")) as db:
            return list(db.exec(select(ScoreSheetRow).where(
                ScoreSheetRow.session_id == session_id)).all())
    finally:
        engine.dispose()


def run_looping_browser(base: str, db_url: str, seconds: float, sheets: int,
                        say: Callable[[str], None] = print) -> dict[str, Any]:
    """One browser keeps ``sheets`` of the largest sheets and loops over its list, each
    sheet and their share views for ``seconds``; two other browsers tap (play: select,
    sort; score: record a hand) meanwhile. Returns statuses and the others' latencies."""
    heavy = httpx.Client(base_url=base, timeout=60)
    heavy.get("/score")
    export = largest_sheet_export()
    for _ in range(sheets):
        response = heavy.post("/score/import", data={"json": export}, follow_redirects=False)
        assert response.status_code == 303, response.text[:300]
    ids = [row.id for row in _sheet_rows(db_url, heavy.cookies[COOKIE_NAME])]
    assert len(ids) == sheets
    stop = time.monotonic() + seconds
    statuses: dict[str, list[int]] = {"heavy": [], "play": [], "score": []}
    latencies: dict[str, list[float]] = {"play": [], "score": []}

    def loop_heavy() -> None:
        i = 0
        while time.monotonic() < stop:
            path = "/score" if i % 3 == 0 or not ids else f"/score/{ids[i % len(ids)]}"
            statuses["heavy"].append(heavy.get(path).status_code)
            i += 1

    def tap_play() -> None:
        player = httpx.Client(base_url=base, timeout=60)
        player.get("/play")
        player.post("/play/new", data={"level": "easy"})
        sorts = ["suit", "rank", "melds"]
        i = 0
        while time.monotonic() < stop:
            started = time.perf_counter()
            response = player.post("/play", data={"sort": sorts[i % 3]},
                                    headers={"HX-Request": "true"})
            latencies["play"].append((time.perf_counter() - started) * 1000)
            statuses["play"].append(response.status_code)
            i += 1
        player.close()

    def tap_score() -> None:
        keeper = httpx.Client(base_url=base, timeout=60)
        keeper.get("/score")
        keeper.post("/score", data=SETUP)
        (row,) = _sheet_rows(db_url, keeper.cookies[COOKIE_NAME])
        version = row.version
        while time.monotonic() < stop:
            started = time.perf_counter()
            response = keeper.post(f"/score/{row.id}/hands", follow_redirects=False, data={
                "kind": "knock", "knocker": "0", "knocker_deadwood": "2",
                "defender_deadwood": "3", "version": str(version)})
            version += 1
            latencies["score"].append((time.perf_counter() - started) * 1000)
            statuses["score"].append(response.status_code)
        keeper.close()

    threads = [threading.Thread(target=f) for f in (loop_heavy, tap_play, tap_score)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(seconds + 120)
    heavy.close()
    for kind, values in latencies.items():
        if values:
            say(f"{kind} taps while one browser loops over {sheets} sheets of {MAX_HANDS} "
                f"hands: {len(values)} taps, p50 {statistics.median(values):.0f} ms, "
                f"p95 {percentile(values, 0.95):.0f} ms, max {max(values):.0f} ms")
    return {"statuses": statuses, "latencies": latencies}




def main() -> None:
    """Start a server on a fresh database, run the scenario, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--sheets", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db_url = f"sqlite:///{folder}/gin.db"
        run_migrations(db_url)
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
        env = {**os.environ, "DATABASE_URL": db_url, "PORT": str(port),
               "HOST": "127.0.0.1", "LOG_LEVEL": "warning", "DAILY_PARS": "0"}
        server = subprocess.Popen([sys.executable, "-m", "app"], cwd=ROOT, env=env)
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(300):
                try:
                    if httpx.get(f"{base}/healthz").status_code == 200:
                        break
                except httpx.TransportError:
                    time.sleep(0.1)
            result = run_looping_browser(base, db_url, args.seconds, args.sheets)
        finally:
            server.terminate()
            server.wait(10)
    failed = {kind: [s for s in codes if s >= 500] for kind, codes in result["statuses"].items()}
    print(json.dumps({kind: len(codes) for kind, codes in result["statuses"].items()}),
          "requests;", sum(map(len, failed.values())), "server errors")


if __name__ == "__main__":
    main()
