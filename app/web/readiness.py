"""The page gate: while the database's schema is not at the code's head
(``app.core.readiness``), every page answers 503 with ``Retry-After`` and a page saying
why, in the page's language (``app.web.errors.schema_refusal``), instead of failing on
the first query that names a column the database lacks. ``/healthz``, ``/readyz``,
``/metrics`` and the static files pass.

It also notices first that the SQLite file was deleted or replaced
(``app.core.db.file_changed``), before anything kept of its rows answers a request (the
known browsers of the session cookie's middleware, replayed matches).

The state is re-checked as ``SchemaGate`` says (every second while refused), so
``alembic upgrade head`` run beside the live server is noticed without a restart. Sits
outside the session cookie's middleware: that one reads the database too.
"""

from __future__ import annotations

import anyio.to_thread
from starlette.requests import Request
from starlette.types import ASGIApp, Receive, Scope, Send

from app.core.db import file_changed, forget_old_file
from app.core.readiness import SchemaGate
from app.web.errors import schema_refusal
from app.web.links import route_path

OPEN_PATHS = frozenset({"/healthz", "/readyz", "/metrics"})
"""What answers whatever the schema (a monitor must see why, a probe that the process
lives)."""


class SchemaGateMiddleware:
    """Refuse pages (503) while ``gate`` says the schema is not at head (module docstring)."""

    def __init__(self, app: ASGIApp, gate: SchemaGate) -> None:
        self.app, self.gate = app, gate

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """ASGI entry point."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = route_path(scope)
        if path in OPEN_PATHS or path.startswith("/static/"):
            await self.app(scope, receive, send)
            return
        engine = self.gate.engine
        if file_changed(engine):  # before the session cookie's cache answers from it
            await anyio.to_thread.run_sync(forget_old_file, engine)
        gate = self.gate
        fault = await anyio.to_thread.run_sync(gate.current) if gate.due() else gate.fault
        if fault is None:
            await self.app(scope, receive, send)
            return
        request = Request(scope, receive)
        response = await anyio.to_thread.run_sync(schema_refusal, request, fault)
        await response(scope, receive, send)
