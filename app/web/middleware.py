"""The app's own ASGI middleware and static files, outside the routes.

* :class:`BasePathMiddleware` — the app under a sub-path (``BASE_PATH``, e.g. ``/gin``);
* :class:`AccessLogMiddleware` — one log line per request (no cookies, ids or addresses),
  its request id (``X-Request-ID``) and its metrics (latency by route template, status);
* :class:`HeadMiddleware` — ``HEAD`` answered wherever ``GET`` is;
* :class:`GinRummyApp` — FastAPI with an ``outer_middleware`` stack outside Starlette's
  500 handler (so a 500 still carries the security headers and is logged), and
  :data:`SERVING_APP`, the dependency overrides of the app serving a request, for routes
  built once and shared by the apps of a process (``app.main``);
* :class:`CachedStaticFiles` — ``static/`` with year-long caching of versioned URLs.

``app.main.create_app`` stacks them; the security checks are ``app.web.security``, the
session cookie ``app.web.sessions``. Imports only ``app.core`` and ``app.web``.
"""

import logging
import re
import time
import uuid
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

from fastapi import FastAPI
from starlette.responses import PlainTextResponse, RedirectResponse, Response
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.core import metrics, workers
from app.core.logs import REQUEST_ID
from app.web.errors import loggable_path
from app.web.links import route_path
from app.web.security import SECURITY_HEADERS

access_log = logging.getLogger("app.access")


METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
"""Methods named as themselves in the log's fields and the metrics; any other is OTHER."""
SANE_REQUEST_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:-]{0,127}")
"""An incoming ``X-Request-ID`` is kept when it looks like this (a proxy's id, a UUID);
anything else gets a new one: nothing a client sends reaches the log unchecked."""


def request_id(scope: Scope) -> str:
    """The request's id: its own sane ``X-Request-ID`` header, else a new random one
    (32 hex digits)."""
    for name, value in scope.get("headers", ()):
        if name == b"x-request-id":
            given = value.decode("latin-1").strip()
            if SANE_REQUEST_ID.fullmatch(given):
                return str(given)
            break
    return uuid.uuid4().hex


def route_template(scope: Scope, root_path: str) -> str:
    """The path template of the route that served ``scope`` (``/play/history/{match_id}``;
    ``/static`` for a static file), once the app has answered it, or
    :data:`app.core.metrics.UNMATCHED`: never the raw path, so a label or log field
    stays one of a few dozen values. ``root_path`` is the scope's before the routing
    (a mount, ``/static``, extends it)."""
    route = scope.get("route")  # FastAPI puts the matched route there
    template = getattr(route, "path", None)
    if isinstance(template, str) and template:
        return template
    mounted = scope.get("root_path", "")
    if isinstance(mounted, str) and mounted != root_path and mounted.startswith(root_path):
        return mounted[len(root_path):]
    return metrics.UNMATCHED


class BasePathMiddleware:
    """Serves the app under ``base_path`` (``BASE_PATH``, e.g. ``/gin``; ``""`` does nothing).

    A request for ``/gin/...`` gets ASGI ``root_path`` ``/gin`` with its ``path`` unchanged
    (the ASGI convention): the routes match the rest (``/play``), and every URL the app
    writes goes through :mod:`app.web.links`, which puts ``/gin`` back in front. ``/gin``
    alone is redirected to ``/gin/``; any other path is 404, so nothing is served outside
    the sub-path. A request whose ``root_path`` already is the sub-path (``uvicorn
    --root-path /gin`` behind a proxy that strips the prefix) passes unchanged.
    """

    def __init__(self, app: ASGIApp, base_path: str = "") -> None:
        self.app = app
        self.base = base_path

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """ASGI entry point."""
        base = self.base
        if not base or scope["type"] not in ("http", "websocket") or (
            scope.get("root_path") == base
        ):
            await self.app(scope, receive, send)
            return
        path = scope["path"]
        if path.startswith(base + "/"):
            await self.app({**scope, "root_path": base}, receive, send)
            return
        if scope["type"] != "http":
            await send({"type": "websocket.close", "code": 1008})
            return
        headers = list(SECURITY_HEADERS) + [(b"cache-control", b"no-store")]
        if path == base:
            query = scope.get("query_string", b"")
            location = (base + "/" + ("?" + query.decode("latin-1") if query else ""))
            response: Response = RedirectResponse(location, status_code=308)
        else:
            response = PlainTextResponse(
                f"Not found: this server serves the app under {base}/", status_code=404
            )
        response.raw_headers.extend(headers)
        await response(scope, receive, send)


class AccessLogMiddleware:
    """One log line per request: method, path (no query string), status, milliseconds;
    with its route template, status, duration and request id as fields (JSON logs,
    ``app.core.logs``). Every answer carries the request's id as ``X-Request-ID``
    (:func:`request_id`), and every line logged while it runs names it.

    It also times each request for the metrics, by route template (``app.core.metrics``).

    No cookies, session ids or client addresses are logged. ``/healthz`` and ``/readyz`` log
    at DEBUG.
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
        method = scope["method"] if scope["method"] in METHODS else "OTHER"
        root_path = scope.get("root_path", "")
        rid = request_id(scope)
        token = REQUEST_ID.set(rid)
        is_health = route_path(scope) in ("/healthz", "/readyz")
        if not is_health:  # a monitor is not a player
            workers.note_request()  # background work leaves a process free (app.core.workers)

        async def send_status(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message = {**message, "headers": [
                    *(header for header in message.get("headers", [])
                      if header[0].lower() != b"x-request-id"),
                    (b"x-request-id", rid.encode("latin-1"))]}
            await send(message)

        try:
            await self.app(scope, receive, send_status)
        finally:
            seconds = time.perf_counter() - start
            route = route_template(scope, root_path)
            metrics.REQUEST_SECONDS.labels(method, route).observe(seconds)
            metrics.RESPONSES.labels(str(status)).inc()
            level = logging.DEBUG if is_health else logging.INFO
            if access_log.isEnabledFor(level):  # the line's path is redacted: only if kept
                access_log.log(
                    level, '"%s %s" %d %.1fms', method, loggable_path(scope["path"]), status,
                    seconds * 1000,
                    extra={"method": method, "route": route, "status": status,
                           "duration_ms": round(seconds * 1000, 1)},
                )
            REQUEST_ID.reset(token)


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
            if message["type"] == "http.response.start":
                # The server reads the method from this same scope to know that no body
                # follows the Content-Length: as GET it would count the missing bytes
                # and log a traceback for every HEAD.
                scope["method"] = "HEAD"
            elif message["type"] == "http.response.body":
                message = {**message, "body": b""}
            await send(message)

        # In place, not a copy: the access log reads the route the app matched from this
        # scope once it has answered (it took the method, HEAD, before); the method is
        # HEAD again from the answer's start on.
        scope["method"] = "GET"
        await self.app(scope, receive, send_headers_only)


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

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """ASGI entry point: the request is served with this app's dependency overrides
        (:data:`SERVING_APP`)."""
        token = _serving.set(self)
        try:
            await super().__call__(scope, receive, send)
        finally:
            _serving.reset(token)


_serving: ContextVar[FastAPI | None] = ContextVar("serving_app", default=None)


class _ServingApp:
    """What FastAPI asks for dependency overrides (``dependency_overrides_provider``) in
    routes built once per process and shared by its apps (``app.main``): the overrides of
    the :class:`GinRummyApp` serving the request, none outside a request."""

    @property
    def dependency_overrides(self) -> dict[Callable[..., Any], Callable[..., Any]]:
        """``app.dependency_overrides`` of the app serving this request (``{}`` if none)."""
        app = _serving.get()
        return app.dependency_overrides if app is not None else {}


SERVING_APP = _ServingApp()


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
