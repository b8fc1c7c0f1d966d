"""The FastAPI application: ``create_app(settings)`` and the module-level ``app``."""

import asyncio
import contextlib
import functools
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager

import anyio.to_thread
from fastapi import APIRouter, Depends, FastAPI
from fastapi.responses import JSONResponse
from sqlalchemy.engine import Engine
from starlette.middleware.gzip import GZipMiddleware
from starlette.routing import BaseRoute

from app import __version__
from app.admin import signin
from app.core import logs, metrics, setaside, switches, workers
from app.core.collector import tuned_gc
from app.core.config import Settings, get_settings
from app.core.db import create_db_engine, lazy_engine, when_file_changes
from app.core.readiness import SchemaGate, readiness
from app.daily import days as daily_days
from app.daily import plays as daily_plays
from app.engine import compiled_core
from app.events import hosting
from app.friend import live, presence
from app.friend import pages as friend_pages
from app.friend import watch as friend_watch
from app.play.hints import ONE_AT_A_TIME as ONE_HINT_AT_A_TIME
from app.review import analysis, practice, puzzle
from app.review import history as review_history
from app.routes import admin as admin_route
from app.routes import botapi as bot_route
from app.routes import (
    daily,
    devices,
    events,
    fair,
    friend,
    guide,
    history,
    home,
    install,
    learn,
    play,
    score,
    seasons,
    train,
    watch,
)
from app.routes import metrics as metrics_route
from app.routes import prefs as display
from app.score import storage as score_storage
from app.table import seats, storage
from app.web.deps import use_language
from app.web.errors import install_error_pages
from app.web.known import for_settings as known_browsers
from app.web.limits import FairUse, FairUseMiddleware
from app.web.limits import install as install_fair_use
from app.web.middleware import (
    SERVING_APP,
    AccessLogMiddleware,
    BasePathMiddleware,
    CachedStaticFiles,
    GinRummyApp,
    HeadMiddleware,
)
from app.web.readiness import SchemaGateMiddleware
from app.web.render import STATIC_DIR
from app.web.security import SecurityMiddleware
from app.web.sessions import SessionCookieMiddleware, purge_expired_sessions

log = logging.getLogger("app")
PURGE_INTERVAL_SECONDS = 3600


def create_app(settings: Settings | None = None) -> FastAPI:
    """Build the app for ``settings`` (default: from the environment).

    Its lifespan (:func:`_lifespan`) also runs the friend tables' cross-process signal:
    PostgreSQL's ``LISTEN`` (``app.friend.live.listen_postgres``) or, on a SQLite file,
    the check for other processes' commits (``app.friend.live.watch_sqlite``).

    The database must already be migrated (``alembic upgrade head``); the app never
    creates tables itself.
    """
    settings = settings or get_settings()
    logs.keep_secret(settings.admin_token)  # never in a log line, whatever it looks like
    if settings.metrics_token is not None:
        logs.keep_secret(settings.metrics_token.get_secret_value())
    # A SQLite file must exist (migrated): a missing one is a fault, never made empty.
    engine = create_db_engine(settings.database_url, threads=settings.threads,
                              existing_only=True)
    schema = SchemaGate(engine)  # pages wait for a schema at head (app.web.readiness)
    app = GinRummyApp(
        title="Gin Rummy",
        lifespan=_lifespan(settings, engine, schema),
        docs_url=None,
        redoc_url=None,
        openapi_url=None,
    )
    app.state.settings = settings
    app.state.engine = engine
    app.state.known_browsers = known_browsers(settings, engine)  # app.web.known
    app.state.lazy_engine = lazy_engine(engine)  # every request's unit of work (get_session)
    # A SQLite file deleted or replaced under the server: what was kept of its rows goes.
    for forget in (storage.forget_cache, switches.forget_cache, schema.forget,
                   *([app.state.known_browsers.forget_all]
                     if app.state.known_browsers is not None else [])):
        when_file_changes(engine, forget)

    fair_use = install_fair_use(app, settings)
    # A hint asked while the browser's last one is worked out, or while its address has
    # the most jobs in the process pool: 429 before any read.
    fair_use.refuse_while_busy("/play/hint", ONE_HINT_AT_A_TIME)
    _add_middleware(app, settings, fair_use, schema)
    install_error_pages(app)
    app.mount("/static", CachedStaticFiles(directory=STATIC_DIR), name="static")
    _add_probes(app, engine, schema)
    _connect_features()
    _include_routers(app, settings)
    return app


def _lifespan(settings: Settings, engine: Engine,
              schema: SchemaGate) -> Callable[[FastAPI], AbstractAsyncContextManager[None]]:
    """The app's lifespan: at start the pool, the features' switches, a schema check,
    a first purge and today's daily deal; while it runs the periodic tasks (sessions
    purged, presence flushed, daily deals and puzzles prepared, the friend tables'
    cross-process signal); at the end all of it stopped, fair use's store closed
    (``app.state.fair_use``) and the engine disposed."""

    async def purge() -> None:
        try:
            removed = await asyncio.to_thread(
                purge_expired_sessions, engine, settings.session_ttl_days
            )
            if removed:
                log.info("removed %d expired sessions", removed)
            await asyncio.to_thread(signin.purge_expired, engine)  # the operators' too
        except Exception:  # a missing table or a busy database must not stop the app
            log.exception("session purge failed")

    async def purge_periodically() -> None:
        while True:
            await asyncio.sleep(PURGE_INTERVAL_SECONDS)
            await purge()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        log.info("Gin Rummy %s starting (%s database, %d compute workers)", __version__,
                 engine.dialect.name, settings.compute_workers)
        # Once at start: whether the play-outs run compiled (make fast, docs/strength.md).
        log.info("engine: %s", "compiled core" if compiled_core()
                 else "pure Python (no compiled core)")
        workers.configure(settings.compute_workers, settings.limit_jobs_per_address)
        await asyncio.to_thread(schema.check)  # logs an error when not at head
        # The routes' thread pool, as large as the database pool was made for (THREADS).
        anyio.to_thread.current_default_thread_limiter().total_tokens = settings.threads
        analysis.configure(enabled=settings.analyse_hands)
        daily_days.configure(enabled=settings.daily_pars)
        puzzle.configure(generate=settings.generate_puzzles)
        await purge()
        try:  # today's and tomorrow's daily deals, drawn before any request
            await asyncio.to_thread(daily_days.prepare_now, engine, daily_days.today())
        except Exception:  # a missing table or a busy database must not stop the app
            log.exception("preparing the daily deal failed")
        tasks = [asyncio.create_task(purge_periodically()),
                 # Friend tables' presence, kept in memory, written in one batch.
                 asyncio.create_task(presence.flush_periodically(engine)),
                 # The next days' daily deals drawn, their pars computed ahead.
                 asyncio.create_task(daily_days.prepare_periodically(engine)),
                 # Today's puzzle chosen from the analysed hands, or generated from the
                 # day's seed (the search in the pool).
                 asyncio.create_task(puzzle.prepare_periodically(engine))]
        if engine.dialect.name == "postgresql":
            # Friend matches: moves made on other instances reach this one.
            tasks.append(asyncio.create_task(live.listen_postgres(settings.database_url)))
        elif engine.url.database not in (None, "", ":memory:"):
            # SQLite: moves made by the other server processes on the file reach this one.
            tasks.append(asyncio.create_task(live.watch_sqlite(engine)))
        try:
            with tuned_gc():
                yield
        finally:
            for task in tasks:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            with contextlib.suppress(Exception):  # the last presence seen, if it can be
                await asyncio.to_thread(presence.flush, engine)
            analysis.shutdown()
            daily_days.shutdown()
            await asyncio.to_thread(workers.shutdown)
            app.state.fair_use.close()
            engine.dispose()
            metrics.process_ended()

    return lifespan


def _add_middleware(app: GinRummyApp, settings: Settings, fair_use: FairUse,
                    schema: SchemaGate) -> None:
    """The middleware stack, outermost first: the sub-path (``BASE_PATH``) → access log →
    HEAD as GET → security headers, cross-site and body checks (so a 500 carries the
    headers too) → fair use (the pool's owner and address, 429 beyond a limit of a
    costly request, before the session is read) → Starlette's 500 handler → gzip →
    session cookie → error pages → routes. Without a ``BASE_PATH`` the sub-path layer
    has nothing to do: it is left out (each layer costs every request a call on the
    event loop)."""
    app.outer_middleware = [
        *([(BasePathMiddleware, {"base_path": settings.base_path})]
          if settings.base_path else []),
        (AccessLogMiddleware, {}),
        (HeadMiddleware, {}),
        (SecurityMiddleware, {
            "max_body_bytes": settings.max_body_bytes,
            # An oversized import is sent back to its form, which says so.
            "oversize_redirects": {"/score/import": "/score?import=too-large#answer"},
            # The address players open is the app's own origin too.
            "public_url": settings.public_base,
        }),
        (FairUseMiddleware, {"fair": fair_use}),
    ]
    app.add_middleware(SessionCookieMiddleware, settings=settings)
    # zlib's default level: level 9 took half as long again for a page 1 % smaller.
    app.add_middleware(GZipMiddleware, minimum_size=1000, compresslevel=6)
    app.add_middleware(SchemaGateMiddleware, gate=schema)  # outside the session cookie's


def _add_probes(app: FastAPI, engine: Engine, schema: SchemaGate) -> None:
    """``/healthz`` (liveness) and ``/readyz`` (readiness), for orchestrators and proxies
    (docs/operations.md); no session, no page."""

    @app.get("/healthz", include_in_schema=False)
    def healthz() -> JSONResponse:
        """Liveness: 200 ``{"status": "ok", "version": "0.3.0"}`` while the process
        answers at all, whatever its database (restarting would not mend a database;
        ``/readyz`` says whether pages can be served)."""
        return JSONResponse({"status": "ok", "version": __version__})

    @app.get("/readyz", include_in_schema=False)
    def readyz() -> JSONResponse:
        """Readiness: 200 ``{"status": "ok", "version": ...}`` when the database's
        schema is at the code's head and it answers a read and would take a write, else
        503 ``{"status": "unavailable", "reason": ..., "version": ...}`` with reason
        ``"schema-behind"``, ``"schema-ahead"`` (``app.core.readiness``), ``"read-only"``,
        ``"full"``, ``"failing"`` or ``"unreachable"`` (``app.core.db.check_storage``)."""
        reason = readiness(engine, schema)
        if reason is not None:
            return JSONResponse({"status": "unavailable", "reason": reason,
                                 "version": __version__}, status_code=503)
        return JSONResponse({"status": "ok", "version": __version__})


def _connect_features() -> None:
    """The callables passed down to the features below (the layers contract: a lower
    feature never imports a higher one)."""
    # The features above Play are told of its changes through callables passed in here:
    # the other browser of a friend match is woken, a finished hand's analysis queued.
    storage.listen(changed=live.announce, hand_over=analysis.queue_hand)
    # A friend match's table page asks the friend feature whether the friend is away,
    # for the browser's other friend matches and for the inviter's waiting page.
    seats.listen(friend_pages.TABLE)
    # A watch link opened by a player of a duplicate round still in play is refused (the
    # honour rule), whoever made the link.
    friend_watch.refuse_viewers(hosting.may_watch)
    # What each feature checks of a browser's stored rows when a request of it fails
    # unexpectedly (rows that cannot be read are set aside: app.core.setaside).
    setaside.register(storage.unreadable, storage.unreadable_seats,
                      review_history.unreadable_reviews,
                      practice.unreadable_practice, score_storage.unreadable,
                      daily_plays.unreadable)


def _include_routers(app: FastAPI, settings: Settings) -> None:
    """Every feature's routes (one thin module each, ``app/routes/``), as built for
    every app of this process (:func:`_feature_routes`)."""
    app.router.routes.extend(_feature_routes(admin=bool(settings.admin_token)))


@functools.cache
def _feature_routes(*, admin: bool) -> tuple[BaseRoute, ...]:
    """The features' routes, built once per process and shared by the apps it makes.

    FastAPI builds an included router's routes (each route's dependencies, signature and
    response fields) on the first request that walks it, once per inclusion: about 0.1 s
    of CPU for all of them, in every app. A process serves one app, but a test process
    makes one per test. Nothing in them belongs to an app: the dependency overrides they
    ask for are those of the app serving the request (``SERVING_APP``).
    """
    router = APIRouter(dependency_overrides_provider=SERVING_APP)
    # Every page shows this browser's display settings: read once per request, by a
    # dependency, before the route runs (render takes them from there); the page's
    # language follows from them (or from the browser's Accept-Language). One dependency
    # names both: use_language depends on get_display.
    pages = [Depends(use_language)]
    # Play first: its paths are all fixed (none overlaps another's), and the router tries
    # the routes in order, so a tap is matched at once instead of after some fifty others.
    for module in (play, home, score, guide, history, friend, watch, learn, daily, fair,
                   display, install, devices, train, events, seasons):
        router.include_router(module.router, dependencies=pages)
    if admin:  # the operator's page exists only with its token
        router.include_router(admin_route.router, dependencies=pages)
    router.include_router(metrics_route.router)  # the operator's, not a page: no session
    # The bot protocol (docs/bots.md): programs with a bearer token, no cookie, no page;
    # every request refused (404) while BOTS is off.
    router.include_router(bot_route.router)
    return tuple(router.routes)

app = create_app()


