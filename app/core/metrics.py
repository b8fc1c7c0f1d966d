"""The operator's metrics: Prometheus counters, gauges and a latency histogram, kept with
the official client library (``prometheus_client``) and served at ``/metrics`` only when
``METRICS_TOKEN`` is set (``app.routes.metrics``).

Every label has a small, fixed set of values: a route *template* (``/play/history/{match_id}``,
never a raw path), an HTTP method and status, a computer level, a tap's outcome, a kind
of refusal or of database error. No id, name, seed or cookie is ever a label.

Who moves what:

* the access log middleware (``app.web.middleware``): :data:`REQUEST_SECONDS`,
  :data:`RESPONSES` (so the 503s are ``gin_http_responses_total{status="503"}``);
* Play (``app.play.actions``, ``app.friend.invites``): :func:`tapped`,
  :func:`match_started`, :func:`match_finished`;
* the event streams (``app.friend.live.watch``): :data:`LIVE_STREAMS`;
* the process pool (``app.core.workers``): :data:`WORKERS_BUSY`, :data:`WORKERS_QUEUED`;
* the analysis (``app.review.analysis``): :data:`ANALYSIS_BACKLOG`;
* the database engine (``app.core.db``): :func:`database_error`;
* the fair-use limits: :func:`refused` (call it once per request refused with 429).

With ``WORKERS`` > 1 the server processes share their figures through the client's
multiprocess mode: ``python -m app`` sets ``PROMETHEUS_MULTIPROC_DIR`` to a fresh
directory before the processes start (the variable must be set before this module is
first imported), and a scrape adds up every process's files (:func:`exposition`). The
gauges then sum the live processes' values (``livesum``).
"""

from __future__ import annotations

import os
import re

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from prometheus_client import multiprocess as _multiprocess

MULTIPROCESS_ENV = "PROMETHEUS_MULTIPROC_DIR"
"""The client library's variable naming the directory the processes share."""

CONTENT_TYPE = CONTENT_TYPE_LATEST
"""The ``Content-Type`` of :func:`exposition` (Prometheus text format 0.0.4)."""

UNMATCHED = "unmatched"
"""The route label of a request no route matched (a 404 for an unknown path)."""

REQUEST_SECONDS = Histogram(
    "gin_http_request_duration_seconds",
    "Time from a request's arrival to the end of its answer, by route template.",
    ["method", "route"],
    # From a warm tap (a few ms) to a slow Expert move or a cold start.
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0),
)
RESPONSES = Counter(
    "gin_http_responses",
    "Answers by HTTP status (503: the database could not serve; 429: a fair-use limit).",
    ["status"],
)
TAPS = Counter(
    "gin_taps",
    "Taps on the play table: applied, refused as illegal, or stale (a double tap).",
    ["outcome"],
)
MATCHES_STARTED = Counter(
    "gin_matches_started", "Matches started, by computer level ('friend': a friend match).",
    ["level"],
)
MATCHES_FINISHED = Counter(
    "gin_matches_finished", "Matches played to the end, by computer level ('friend').",
    ["level"],
)
LIVE_STREAMS = Gauge(
    "gin_live_streams", "Open event streams (friend tables listening for moves).",
    multiprocess_mode="livesum",
)
WORKERS_BUSY = Gauge(
    "gin_workers_busy",
    "Jobs running in the process pool now (computer moves, hints, analysis).",
    multiprocess_mode="livesum",
)
WORKERS_QUEUED = Gauge(
    "gin_workers_queued", "Background jobs (hand analysis) waiting for the process pool.",
    multiprocess_mode="livesum",
)
ANALYSIS_BACKLOG = Gauge(
    "gin_analysis_backlog", "Finished hands queued for analysis and not yet rated.",
    multiprocess_mode="livesum",
)
DATABASE_ERRORS = Counter(
    "gin_database_errors",
    "Errors raised by the database driver, by kind (OperationalError: locked, read-only, "
    "unreachable; IntegrityError; ...).",
    ["kind"],
)
REFUSALS = Counter(
    "gin_refusals", "Requests refused by a fair-use limit (429), by the limit's kind.",
    ["kind"],
)

TAP_OUTCOMES = frozenset({"applied", "refused", "stale"})
_KIND = re.compile(r"[a-z][a-z0-9_]{0,31}")


def _label(kind: str) -> str:
    if not isinstance(kind, str) or not _KIND.fullmatch(kind):
        raise ValueError(f"a metric label must be a short lower-case word "
                         f"([a-z][a-z0-9_]{{0,31}}), not {str(kind)[:40]!r}")
    return kind


def refused(kind: str) -> None:
    """Count one request refused by the fair-use limit ``kind`` (a short fixed word such
    as ``hint``, ``stream``, ``invite``, ``import``, ``post``: never an id or address).

    Raises:
        ValueError: ``kind`` is not a lower-case word of at most 32 characters.
    """
    REFUSALS.labels(_label(kind)).inc()


def tapped(outcome: str) -> None:
    """Count one play tap by outcome (one of :data:`TAP_OUTCOMES`).

    Raises:
        ValueError: an unknown outcome.
    """
    if outcome not in TAP_OUTCOMES:
        raise ValueError(f"unknown tap outcome {outcome!r}: one of {sorted(TAP_OUTCOMES)}")
    TAPS.labels(outcome).inc()


def match_started(level: str) -> None:
    """Count a match started against the computer at ``level`` (or ``friend``).

    Raises:
        ValueError: ``level`` is not a short lower-case word.
    """
    MATCHES_STARTED.labels(_label(level)).inc()


def match_finished(level: str) -> None:
    """Count a match played to its end (``level`` as :func:`match_started`)."""
    MATCHES_FINISHED.labels(_label(level)).inc()


def database_error(kind: str) -> None:
    """Count one database error of ``kind`` (SQLAlchemy's wrapper class name, e.g.
    ``OperationalError``; anything else counts as ``other``)."""
    kind = kind.lower()
    DATABASE_ERRORS.labels(kind if _KIND.fullmatch(kind) else "other").inc()


def multiprocess() -> bool:
    """True when the figures are shared between server processes (``WORKERS`` > 1)."""
    return bool(os.environ.get(MULTIPROCESS_ENV))


def exposition() -> bytes:
    """Every metric in Prometheus' text format: this process's (with the client's
    process and Python collectors), or, in multiprocess mode, the sum of every server
    process's."""
    if multiprocess():
        registry = CollectorRegistry()
        _multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        return generate_latest(registry)
    return generate_latest(REGISTRY)


def process_ended(pid: int | None = None) -> None:
    """Drop the live gauges of a server process that is ending (multiprocess mode only;
    the app's lifespan calls it at shutdown)."""
    if multiprocess():
        _multiprocess.mark_process_dead(os.getpid() if pid is None else pid)  # type: ignore[no-untyped-call]


__all__ = ["ANALYSIS_BACKLOG", "CONTENT_TYPE", "LIVE_STREAMS", "REQUEST_SECONDS", "RESPONSES",
           "UNMATCHED", "WORKERS_BUSY", "WORKERS_QUEUED", "database_error", "exposition",
           "match_finished", "match_started", "multiprocess", "process_ended", "refused",
           "tapped"]
