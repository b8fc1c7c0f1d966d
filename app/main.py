"""The FastAPI application: ``create_app(settings)`` and the module-level ``app``."""

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI
from fastapi.responses import JSONResponse
from sqlalchemy import text
from starlette.middleware.gzip import GZipMiddleware
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.core import workers
from app.core.collector import tuned_gc
from app.core.config import Settings, get_settings
from app.core.db import create_db_engine
from app.friend import live
from app.review import analysis
from app.routes import fair, friend, guide, history, home, install, play, score
from app.routes import prefs as display
from app.web.errors import install_error_pages, loggable_path
from app.web.render import STATIC_DIR
from app.web.security import SecurityMiddleware
from app.web.sessions import SessionCookieMiddleware, purge_expired_sessions

log = logging.getLogger("app")
access_log = logging.getLogger("app.access")
PURGE_INTERVAL_SECONDS = 3600


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


def create_app(settings: Settings | None = None) -> FastAPI:
    """Build the app for ``settings`` (default: from the environment).

    The database must already be migrated (``alembic upgrade head``); the app never
    creates tables itself.
    """
    settings = settings or get_settings()
    engine = create_db_engine(settings.database_url)

    async def purge() -> None:
        try:
            removed = await asyncio.to_thread(
                purge_expired_sessions, engine, settings.session_ttl_days
            )
            if removed:
                log.info("removed %d expired sessions", removed)
        except Exception:  # a missing table or a busy database must not stop the app
            log.exception("session purge failed")

    async def purge_periodically() -> None:
        while True:
            await asyncio.sleep(PURGE_INTERVAL_SECONDS)
            await purge()

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        workers.configure(settings.compute_workers)
        analysis.configure(enabled=settings.analyse_hands)
        await purge()
        tasks = [asyncio.create_task(purge_periodically())]
        if engine.dialect.name == "postgresql":
            # Friend matches: moves made on other instances reach this one.
            tasks.append(asyncio.create_task(live.listen_postgres(settings.database_url)))
        try:
            with tuned_gc():
                yield
        finally:
            for task in tasks:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            analysis.shutdown()
            await asyncio.to_thread(workers.shutdown)
            engine.dispose()

    app = GinRummyApp(
        title="Gin Rummy",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        openapi_url=None,
    )
    app.state.settings = settings
    app.state.engine = engine

    # Outermost first: access log → HEAD as GET → security headers, cross-site and body
    # checks (so a 500 carries the headers too) → Starlette's 500 handler → gzip →
    # session cookie → error pages → routes.
    app.outer_middleware = [
        (AccessLogMiddleware, {}),
        (HeadMiddleware, {}),
        (SecurityMiddleware, {
            "max_body_bytes": settings.max_body_bytes,
            # An oversized import is sent back to its form, which says so.
            "oversize_redirects": {"/score/import": "/score?import=too-large#answer"},
        }),
    ]
    app.add_middleware(SessionCookieMiddleware, settings=settings)
    app.add_middleware(GZipMiddleware, minimum_size=1000)

    install_error_pages(app)
    app.mount("/static", CachedStaticFiles(directory=STATIC_DIR), name="static")

    @app.get("/healthz", include_in_schema=False)
    def healthz() -> JSONResponse:
        """200 ``{"status": "ok"}`` when the database answers ``SELECT 1``, else 503."""
        try:
            with engine.connect() as conn:
                conn.execution_options(sqlite_begin="DEFERRED").execute(text("SELECT 1"))
        except Exception:
            log.warning("health check: database unavailable", exc_info=True)
            return JSONResponse({"status": "unavailable"}, status_code=503)
        return JSONResponse({"status": "ok"})

    app.include_router(home.router)
    app.include_router(score.router)
    app.include_router(guide.router)
    app.include_router(history.router)
    app.include_router(friend.router)
    app.include_router(play.router)
    app.include_router(fair.router)
    app.include_router(display.router)
    app.include_router(install.router)

    return app


app = create_app()


