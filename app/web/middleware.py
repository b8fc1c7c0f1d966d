"""The app's own ASGI middleware and static files, outside the routes.

* :class:`AccessLogMiddleware` — one log line per request (no cookies, ids or addresses);
* :class:`HeadMiddleware` — ``HEAD`` answered wherever ``GET`` is;
* :class:`GinRummyApp` — FastAPI with an ``outer_middleware`` stack outside Starlette's
  500 handler (so a 500 still carries the security headers and is logged);
* :class:`CachedStaticFiles` — ``static/`` with year-long caching of versioned URLs.

``app.main.create_app`` stacks them; the security checks are ``app.web.security``, the
session cookie ``app.web.sessions``. Imports only ``app.core`` and ``app.web``.
"""

import logging
import time
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.core import workers
from app.web.errors import loggable_path

access_log = logging.getLogger("app.access")


class AccessLogMiddleware:
    """One log line per request: method, path (no query string), status, milliseconds.

    No cookies, session ids or client addresses are logged. ``/healthz`` logs at DEBUG.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """ASGI entry point."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()
        status = 500
        if scope["path"] != "/healthz":  # a monitor is not a player
            workers.note_request()  # background work leaves a process free (app.core.workers)

        async def send_status(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, send_status)
        finally:
            ms = (time.perf_counter() - start) * 1000
            level = logging.DEBUG if scope["path"] == "/healthz" else logging.INFO
            access_log.log(
                level, '"%s %s" %d %.1fms', scope["method"], loggable_path(scope["path"]), status,
                ms,
            )


class HeadMiddleware:
    """``HEAD`` answered wherever ``GET`` is: the request runs as a GET and the response
    goes out with its status and headers (``Content-Length`` included) but no body.

    Uptime monitors and link checkers use HEAD; FastAPI's routes only register GET.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """ASGI entry point."""
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return

        async def send_headers_only(message: Message) -> None:
            if message["type"] == "http.response.body":
                message = {**message, "body": b""}
            await send(message)

        await self.app({**scope, "method": "GET"}, receive, send_headers_only)


class GinRummyApp(FastAPI):
    """FastAPI with middleware *outside* Starlette's error handler.

    ``add_middleware`` stacks middleware inside ``ServerErrorMiddleware``, so the 500 it
    sends for an unhandled exception would miss the security headers and the access log.
    ``outer_middleware`` (outermost first) wraps the whole stack instead.
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.outer_middleware: list[tuple[Callable[..., ASGIApp], dict[str, Any]]] = []

    def build_middleware_stack(self) -> ASGIApp:
        """Starlette's stack, wrapped in :attr:`outer_middleware`."""
        app = super().build_middleware_stack()
        for factory, options in reversed(self.outer_middleware):
            app = factory(app, **options)
        return app


class CachedStaticFiles(StaticFiles):
    """Static files; a URL with ``?v=`` (see ``app.web.render.static_url``) is cached for a year."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """ASGI entry point."""
        versioned = b"v=" in scope.get("query_string", b"")

        async def send_cached(message: Message) -> None:
            if message["type"] == "http.response.start" and message["status"] == 200:
                value = b"public, max-age=31536000, immutable" if versioned else b"no-cache"
                message = {
                    **message,
                    "headers": [*message.get("headers", []), (b"cache-control", value)],
                }
            await send(message)

        await super().__call__(scope, receive, send_cached)
