"""The request's unit of work (``DbDep`` in :mod:`app.web.deps`): one database session
per request, taken with a turn at the database (:func:`admission`), committed once
(:func:`finish`, which :func:`app.web.render.render` calls before templates run, or when
a route that renders nothing returns), rolled back when the route raises; then the
effects features queued with :func:`app.core.db.after_commit` run.

The database engine, its ``LAZY`` transactions and the effects themselves are
:mod:`app.core.db` (no web there); what ties them to a request is here.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import anyio
import anyio.to_thread
from fastapi import Request
from sqlalchemy import Engine
from sqlmodel import Session

from app.core.db import forget_effects, has_work

_SESSION_KEY = "gin_db_session"
"""Key in ``request.state`` holding the request's database session (for :func:`finish`)."""
_FAILED_KEY = "gin_db_failed"
"""Key in ``request.state`` set when the route raised: its work is rolled back."""
_ADMISSION_KEY = "gin_db_admission"

DEFAULT_TURNS = 40
"""Turns at the database of an app made without settings (anyio's default thread pool)."""


def state_value(request: Request, key: str, default: Any = None) -> Any:
    """``getattr(request.state, key, default)``, read from the dict ``request.state`` wraps
    (the scope's ``state``). Starlette's ``State`` finds every name through
    ``__getattr__`` after a failed ordinary look-up, and raises a formatted
    ``AttributeError`` for a name it lacks: the few reads a tap makes cost it more than
    the look-ups themselves."""
    state = request.scope.get("state")
    if state is None:  # a scope made without it (request.state then adds it)
        return getattr(request.state, key, default)
    return state.get(key, default)


def admission(request: Request) -> anyio.Semaphore:
    """The app's turns at the database: ``THREADS`` requests may hold a unit of work at
    once (:func:`get_session` takes a turn before its session and gives it back when the
    session ends), the others wait on the event loop, first come first served.

    Why: a request's dependencies and route run in the thread pool one after the other,
    each a separate trip, and its session keeps its pooled connection between them. With
    more requests in flight than connections, every thread could be waiting for a
    connection while every connection belonged to a request waiting for a thread: the
    server stopped answering (found at 384 open players by ``bench/tap_cost.py``). With
    no more turns than threads, and a pool of ``THREADS`` plus spares, a request with a
    turn always gets a connection and a thread. One semaphore per event loop (a test
    client may start several loops).
    """
    loop = id(asyncio.get_running_loop())
    held = getattr(request.app.state, _ADMISSION_KEY, None)
    if held is None or held[0] != loop:
        settings = getattr(request.app.state, "settings", None)
        turns = getattr(settings, "threads", None) or DEFAULT_TURNS
        held = (loop, anyio.Semaphore(turns))
        setattr(request.app.state, _ADMISSION_KEY, held)
    semaphore: anyio.Semaphore = held[1]
    return semaphore


async def get_session(request: Request) -> AsyncIterator[Session]:
    """The request's unit of work (``DbDep`` in ``app.web.deps``): one database session,
    committed once at the end of a request that succeeded, rolled back on error, taken
    with a turn at the database (:func:`admission`, held until the session ends).

    Features write (and ``flush``) but do not commit; the commit comes at :func:`finish`,
    which ``app.web.render.render`` calls before templates run (so no lock is held while
    rendering) or, for a response that renders nothing (a redirect), here when the route
    returns. An exception out of the route rolls everything back. Then the effects that
    features queued with :func:`~app.core.db.after_commit` run.

    Its transactions are ``LAZY`` on SQLite (module docstring): reads take no lock, the
    first write takes the write lock until the commit. Objects stay loaded after the
    commit (``expire_on_commit=False``) and after :func:`release`; call
    ``session.refresh(obj)`` when you need the stored values again.

    Async, so that it costs no trip to the threadpool when there is nothing left to do
    (making a session does no I/O; a page's session is already finished by ``render``);
    a commit or rollback left to do runs in the threadpool. Declared with
    ``scope="function"``, so it ends before the response is sent: the next request of the
    browser (after a redirect) sees the change.
    """
    async with admission(request):
        engine: Engine = request.app.state.lazy_engine  # made with the app (lazy_engine)
        session = Session(engine, expire_on_commit=False)
        setattr(request.state, _SESSION_KEY, session)
        try:
            yield session
        except BaseException:
            setattr(request.state, _FAILED_KEY, True)
            with anyio.CancelScope(shield=True):  # a client that went away still gets it closed
                await anyio.to_thread.run_sync(release, request)
            raise
        if has_work(session):
            with anyio.CancelScope(shield=True):
                await anyio.to_thread.run_sync(finish, request)
        else:
            session.close()


def finish(request: Request, *, commit: bool = True) -> None:
    """End the request's unit of work: commit what it wrote (then run its
    :func:`~app.core.db.after_commit` effects), or with ``commit=False`` roll it back, and close the
    session (its connection back to the pool; loaded rows keep their values).

    A request whose route raised is only rolled back. Using the session again afterwards
    opens a new transaction.
    """
    session = state_value(request, _SESSION_KEY)
    if not isinstance(session, Session):
        return
    if commit and not state_value(request, _FAILED_KEY, False) and has_work(session):
        try:
            session.commit()
        finally:
            release(request)
    else:
        release(request)


def release(request: Request) -> None:
    """Close the request's database session, if it has one: roll back what it did not
    commit and return its connection to the pool. Loaded rows keep their values.

    Error pages call it (nothing of a failed request is stored). Using the session
    again afterwards opens a new transaction.
    """
    session = state_value(request, _SESSION_KEY)
    if isinstance(session, Session):
        forget_effects(session)
        session.close()
