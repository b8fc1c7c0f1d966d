"""The first visit's bytes on the wire, with the service worker (issue "One server, many
players, round two": a small first visit).

Run by hand::

    .venv/bin/python bench/first_visit.py

It starts the app (``python -m app``, a fresh migrated SQLite file, as
``tests/support/servers.LiveServer`` does for the tests) and Debian's Chromium
(``/usr/bin/chromium``, headless, a fresh user-data-dir), and:

1. first visit: loads ``/``, waits until the service worker is installed and controls the
   page, then loads ``/play`` (a new match's table) and waits until the network is idle;
2. second visit: loads ``/`` and ``/play`` again in the same profile;
3. a fresh profile that lands on ``/play`` first, then loads it again.

For each page it prints every response that came over the network with its bytes on the
wire (headers and body as sent, gzip where the server compresses): the page's own from
the CDP event ``Network.loadingFinished`` (``encodedDataLength``) of a CDP session on the
page, the service worker's own fetches (its script, its precache, the files it fetches
for the page) from Playwright's ``Request.sizes()``, which reads the same CDP event on
the worker's target. Responses served from a cache (HTTP or the worker's) cost 0 bytes
and are left out. The figures are in docs/benchmarks.md ("First visit").
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from app.core.db import run_migrations  # noqa: E402
from tests.support.servers import LiveServer, sqlite_url  # noqa: E402
from tests.support.wire import FIRST_VISIT_BYTES, Wire, fresh_profile, settle  # noqa: E402

TARGET = FIRST_VISIT_BYTES


def report(title: str, rows: list[tuple[str, str, int]], origin: str) -> int:
    """Print ``rows`` under ``title`` and return their total bytes."""
    total = sum(size for _, _, size in rows)
    print(f"\n{title}: {total:,} bytes ({total / 1024:.1f} KB), {len(rows)} responses")
    for who, url, size in rows:
        print(f"  {size:>7,}  {who:<6}  {url.removeprefix(origin)}")
    return total


def visit(playwright: Any, origin: str, visits: list[list[tuple[str, str]]],
          totals: dict[str, int]) -> None:
    """In one fresh profile, each visit of ``visits`` in turn: load each ``(title, path)``
    of it (``settle`` after each), print its bytes and put them in ``totals[title]``."""
    with tempfile.TemporaryDirectory() as profile:
        context = fresh_profile(playwright.chromium, Path(profile))
        page = context.pages[0] if context.pages else context.new_page()
        wire = Wire()
        wire.listen(context, page)
        for pages in visits:
            for title, path in pages:
                page.goto(origin + path)
                settle(page)
                totals[title] = report(title, wire.take(), origin)
        context.close()


def main() -> None:
    """Run the three visits and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db_url = sqlite_url(Path(folder) / "gin.db")
        run_migrations(db_url)
        server = LiveServer(db_url=db_url).start()
        origin = server.url
        totals: dict[str, int] = {}
        try:
            with sync_playwright() as playwright:
                visit(playwright, origin, [
                    [("first visit /", "/"), ("first visit /play (after /)", "/play")],
                    [("second visit /", "/"), ("second visit /play", "/play")],
                ], totals)
                visit(playwright, origin, [[("first visit /play (fresh)", "/play")],
                                           [("second visit /play (fresh)", "/play")]],
                      totals)
        finally:
            server.stop()
    print("\nsummary (bytes on the wire, target for a first visit ≤ "
          f"{TARGET // 1024} KB a page)")
    for title, total in totals.items():
        print(f"  {title:<30} {total / 1024:6.1f} KB")


if __name__ == "__main__":
    main()
