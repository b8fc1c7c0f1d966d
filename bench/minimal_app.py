"""The minimal app a tap is measured against (issue 27, ``bench/tap_cost.py``).

What the stack itself costs: FastAPI + Jinja2 (+ Starlette's gzip, as the app), a
synchronous route in the thread pool, one SQLite read and one write (WAL, a commit per
request) and a page of ``MINIMAL_PAGE_BYTES`` characters rendered from a template with
escaped values (``tap_cost.py`` sets it to the app's average tap answer). Nothing else:
no sessions, no middleware of the app's, no game.

    MINIMAL_DB=/tmp/minimal.db MINIMAL_PAGE_BYTES=17500 \\
        .venv/bin/python -m uvicorn --app-dir bench minimal_app:app --port 8001

``POST /tap`` with ``player=<id>``: reads that player's count, writes count + 1, answers
the page. ``GET /healthz``: 200.
"""

from __future__ import annotations

import os
import sqlite3
import threading

from fastapi import FastAPI, Form
from jinja2 import DictLoader, Environment
from starlette.middleware.gzip import GZipMiddleware
from starlette.responses import HTMLResponse, PlainTextResponse

PAGE_BYTES = int(os.environ.get("MINIMAL_PAGE_BYTES", "17500"))
DB = os.environ.get("MINIMAL_DB", "minimal.db")

_env = Environment(loader=DictLoader({"page.html": """<section id="table" class="felt">
<p class="status">Player {{ player }} · tap {{ count }}</p>
{% for row in rows %}<div class="card card--{{ row.suit }}" data-code="{{ row.code }}" \
aria-label="{{ row.name }}"><span class="rank">{{ row.rank }}</span>\
<span class="suit">{{ row.symbol }}</span> <b>{{ count + loop.index }}</b></div>
{% endfor %}</section>
"""}), autoescape=True)
_template = _env.get_template("page.html")
_ROW = {"suit": "hearts", "code": "TH", "name": "Ten of hearts", "rank": "10", "symbol": "♥"}


def _rows_for(size: int) -> int:
    one = len(_template.render(player="x" * 43, count=1, rows=[_ROW]))
    two = len(_template.render(player="x" * 43, count=1, rows=[_ROW, _ROW]))
    return max(1, round((size - (2 * one - two)) / max(1, two - one)))


ROWS = [_ROW] * _rows_for(PAGE_BYTES)
_local = threading.local()


def _db() -> sqlite3.Connection:
    conn: sqlite3.Connection | None = getattr(_local, "conn", None)
    if conn is None:
        conn = sqlite3.connect(DB, timeout=5, isolation_level=None)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        _local.conn = conn
    return conn


with sqlite3.connect(DB) as _setup:
    _setup.execute("CREATE TABLE IF NOT EXISTS taps (player TEXT PRIMARY KEY, count INTEGER)")

app = FastAPI(docs_url=None, redoc_url=None, openapi_url=None)
app.add_middleware(GZipMiddleware, minimum_size=500)


@app.post("/tap")
def tap(player: str = Form(...)) -> HTMLResponse:
    """One read, one write, one page."""
    db = _db()
    found = db.execute("SELECT count FROM taps WHERE player = ?", (player,)).fetchone()
    count = (found[0] if found else 0) + 1
    db.execute("BEGIN IMMEDIATE")
    db.execute("INSERT INTO taps (player, count) VALUES (?, ?) ON CONFLICT (player) "
               "DO UPDATE SET count = excluded.count", (player, count))
    db.execute("COMMIT")
    return HTMLResponse(_template.render(player=player, count=count, rows=ROWS))


@app.get("/healthz")
def healthz() -> PlainTextResponse:
    """Up."""
    return PlainTextResponse("ok")
