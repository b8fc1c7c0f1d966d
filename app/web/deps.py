"""Every shared FastAPI dependency, as ``Annotated`` aliases a route declares by type.

* ``DbDep`` — the request's unit of work (``app.web.unitofwork.get_session``): one database
  session, committed once when the request succeeded (before its page renders, or when a
  route that renders nothing returns), rolled back when the route raised; the effects
  features queued with ``app.core.db.after_commit`` run after that commit.
* ``SessionDep`` — this browser's ``browser_session`` row, found through the hash of
  its cookie's token (``app.web.sessions``), created with a new token on the first visit
  (the cookie itself is sent by ``app.web.sessions.SessionCookieMiddleware``); a
  browser the process knows (``app.web.known``) is not read again.
* ``SettingsDep`` — the server's settings the app was created with (``app.core.config``).
* ``FieldsDep`` — the posted form's text fields, first value of each; ``FormDep`` — the
  posted form whole (files too), both read within ``app.core.inputs``' limits.
* ``DisplayDep`` — this browser's display settings (``app.web.display``), read with the
  session row at most once per request, and not at all for a browser the process knows
  (``app.web.known``). ``app.main`` puts it on every router that renders pages (through
  :func:`use_language`, which depends on it), and
  ``app.web.render.render`` takes the display it stored, never the database.
* ``LanguageDep`` — the language of the page (``app.core.i18n``), from the display
  settings or the browser's ``Accept-Language``; ``app.main`` puts :func:`use_language`
  on the same routers.

Routes stay synchronous (``def``, run in the threadpool, since their database calls
block); the dependencies that read the body, and the two that usually need no read at
all (``SessionDep``, ``DisplayDep``), are async so that the route never awaits.
Route modules import their dependencies from here and from nowhere else.
"""

from datetime import timedelta
from typing import Annotated, TypeGuard

from fastapi import Depends, Request
from sqlalchemy import bindparam
from sqlalchemy.exc import DBAPIError
from sqlmodel import Session, col, select
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData

from app.core import i18n, switches
from app.core.config import Settings
from app.core.db import after_commit, storage_fault
from app.core.inputs import MAX_FORM_FIELDS, MAX_FORM_FILES, MAX_PART_BYTES
from app.core.models import BrowserSession, BrowserToken, DisplayPrefs, utcnow
from app.web import known as known_browsers
from app.web.display import DEFAULT, Display, display_for, from_row
from app.web.known import Known, KnownBrowsers
from app.web.sessions import (
    COOKIE_NAME,
    STATE_KEY,
    TOUCH_INTERVAL,
    is_valid_token,
    issue_token,
    new_session_id,
    token_hash,
)
from app.web.unitofwork import get_session, state_value

# scope="function": the unit of work ends when the route returns, before the response is
# sent, so the browser's next request (after a redirect) sees what this one stored.
DbDep = Annotated[Session, Depends(get_session, scope="function")]


async def read_form(request: Request) -> FormData:
    """The posted form, parsed within the limits of :mod:`app.core.inputs`.

    A body that is not a form (another ``Content-Type``) is read whole all the same and
    answers an empty form: a request its client hung up on is then refused
    (``ClientDisconnect``) before its route changes anything, whatever the route reads.

    Raises:
        starlette.exceptions.HTTPException: 400 for too many fields or files or a part
            too large (Starlette's message says which).
        starlette.requests.ClientDisconnect: the client hung up before the body ended.
    """
    kind = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
    if kind not in ("application/x-www-form-urlencoded", "multipart/form-data"):
        await request.body()  # to its end (the security middleware caps its size)
    return await request.form(max_files=MAX_FORM_FILES, max_fields=MAX_FORM_FIELDS,
                              max_part_size=MAX_PART_BYTES)


async def get_app_settings(request: Request) -> Settings:
    """The settings the running app was created with (async: no I/O, so no trip to the
    threadpool)."""
    settings: Settings = request.app.state.settings
    return settings


SettingsDep = Annotated[Settings, Depends(get_app_settings)]


class NewSessionsPausedError(Exception):
    """A first visit while the operator has paused new browsers (``/admin``): answered
    503 by ``app.web.errors``."""


_KNOWN_KEY = "gin_known_browser"
"""Key in ``request.state``: this browser's session row and display settings as read once."""
_SESSION_AND_PREFS = (  # built once: every request of a browser not yet known runs it
    select(BrowserSession, DisplayPrefs)
    .join(BrowserToken, col(BrowserToken.session_id) == col(BrowserSession.id))
    .outerjoin(DisplayPrefs, col(DisplayPrefs.session_id) == col(BrowserSession.id))
    .where(col(BrowserToken.token_hash) == bindparam("token_hash")))


def _cookie_hash(request: Request) -> str | None:
    """The hash of the cookie's token (what the database and ``app.web.known`` are keyed
    on); ``None`` without a well-formed cookie."""
    cookie = request.cookies.get(COOKIE_NAME)
    return token_hash(cookie) if cookie is not None and is_valid_token(cookie) else None


def _remembered(request: Request) -> Known | None:
    """This browser as this request or the process (``app.web.known``) already knows it,
    without reading; ``None`` when nobody is known yet (or the cookie names nobody)."""
    known: Known | bool | None = state_value(request, _KNOWN_KEY)
    if known is None:
        cache: KnownBrowsers | None = request.app.state.known_browsers
        key = _cookie_hash(request)
        known = cache.get(key) if cache is not None and key is not None else None
        if known is not None:
            setattr(request.state, _KNOWN_KEY, known)
            request.state.display = known.display
    return known if isinstance(known, Known) else None


def _known(request: Request, db: Session) -> Known | None:
    """The ``browser_session`` row the cookie names with its display settings, read in
    one statement (with the request's unit of work) once per request, whichever of
    :func:`get_display` and :func:`get_browser_session` asks first, unless the process
    knows them already (:func:`_remembered`); ``None`` without a well-formed cookie or
    for an unknown one."""
    known = _remembered(request)
    if known is None and state_value(request, _KNOWN_KEY) is None:
        key = _cookie_hash(request)
        cache: KnownBrowsers | None = request.app.state.known_browsers
        generation = cache.generation if cache is not None else 0
        found = db.exec(_SESSION_AND_PREFS, params={"token_hash": key}).first() \
            if key is not None else None
        if found is not None:
            known = Known(found[0], from_row(found[1]))
            if cache is not None and key is not None:
                # Kept in no session: this request's rollback (a stale tap) would expire
                # it, and the browser's other requests would load it through this session.
                db.expunge(found[0])
                cache.keep(key, generation, known)
        setattr(request.state, _KNOWN_KEY, known or False)  # False: read, nobody
        if not isinstance(state_value(request, "display"), Display):
            request.state.display = known.display if known is not None else DEFAULT
    return known


def known_session_id(request: Request, db: Session) -> str | None:
    """The id of the browser session the cookie names, read as :func:`get_display` reads
    it (once per request, or known to the process); ``None`` for a first visit or an
    unknown cookie. Creates nothing: a page that only adapts to a known browser (the
    guide's rules: ``app.guide.content.get_guide_rules``) uses it."""
    known = _known(request, db)
    return known.row.id if known is not None else None


async def get_browser_session(request: Request, db: DbDep) -> BrowserSession:
    """This browser's session row, created on first visit.

    Read with its display settings in one statement (:func:`_known`), or not at all for a
    browser this process knows (``app.web.known``). Commits its own small write (a new
    row, or ``last_seen`` at most once an hour) at once, before the route's unit of work
    begins: on SQLite the write lock is then not held while the route computes (the
    computer's move, a hint); a request that writes nothing here goes on in the same
    read. When the database cannot store anything (``app.core.db.storage_fault``) a
    known browser's touch is left for later and the request goes on (reading still
    works); a new browser's row cannot be made, and the request is answered 503
    (``app.web.errors``).

    Async: when the row is known already (every page's router asks :func:`get_display`
    first) and there is nothing to write, it is returned without a trip to the
    threadpool; otherwise the read and the write run there. The row may be shared with
    the browser's other requests: read it, never write it. The settings are the app's own
    (``request.app.state``), not a dependency of their own: each one FastAPI solves
    costs the event loop a little on every request.

    Raises:
        NewSessionsPausedError: a new browser while the operator's ``sessions`` switch is
            off.
    """
    settings: Settings = request.app.state.settings
    known = _remembered(request)
    if known is not None and _untouched(known.row, settings):
        return known.row
    return await run_in_threadpool(_browser_session, request, db, settings)


def _untouched(row: BrowserSession | None, settings: Settings) -> TypeGuard[BrowserSession]:
    """True when ``row`` is a live session seen within :data:`TOUCH_INTERVAL`: nothing
    to write for it."""
    return row is not None and utcnow() - row.last_seen < min(
        TOUCH_INTERVAL, timedelta(days=settings.session_ttl_days))


def _browser_session(request: Request, db: Session, settings: Settings) -> BrowserSession:
    known = _known(request, db)
    row = known.row if known is not None else None
    if _untouched(row, settings):
        return row  # nothing to write: the route goes on in this read
    now = utcnow()
    ttl = timedelta(days=settings.session_ttl_days)
    if row is not None and row not in db:
        row = db.get(BrowserSession, row.id)  # the process's copy is read, never written
    if row is not None and row.last_seen <= now - ttl:
        row = None  # expired: the purge deletes it; this browser starts afresh
    if row is None:
        if not switches.is_on(request.app.state.engine, "sessions"):
            raise NewSessionsPausedError()
        row = BrowserSession(id=new_session_id(), created_at=now, last_seen=now)
        db.add(row)
        db.flush()  # the session row before its token (foreign key)
        # The middleware sends the new token as the cookie; only its hash is stored.
        setattr(request.state, STATE_KEY, issue_token(db, row.id))
        touched = False
    else:  # seen over an hour ago: touched, and its cookie sent again (a new Max-Age)
        row.last_seen = now
        db.add(row)
        setattr(request.state, STATE_KEY, request.cookies.get(COOKIE_NAME))
        touched = True
        cache: KnownBrowsers | None = request.app.state.known_browsers
        key = _cookie_hash(request)
        if cache is not None and key is not None:
            known_browsers.touching(db.connection())
            after_commit(db, lambda: cache.drop(key))
    try:
        db.commit()
    except DBAPIError as error:
        if touched and storage_fault(error) is not None:
            db.rollback()  # only the hourly touch was lost: serve the request read-only
            return row
        raise
    return row


SessionDep = Annotated[BrowserSession, Depends(get_browser_session, scope="function")]


async def form_fields(request: Request) -> dict[str, str]:
    """The posted form's text fields (first value of each; files ignored)."""
    fields: dict[str, str] = {}
    for key, value in (await read_form(request)).multi_items():
        if isinstance(value, str) and key not in fields:
            fields[key] = value
    return fields


FieldsDep = Annotated[dict[str, str], Depends(form_fields)]

# The posted form, read (within app.core.inputs' limits) before the route runs. The routes
# that take it are plain ``def`` (run in the threadpool) because their database calls
# block. As ``async def`` routes they ran those calls on the event loop and held SQLite's
# write lock across ``await request.form()``: simultaneous posts then stalled the whole
# loop and failed with "database is locked" (500).
FormDep = Annotated[FormData, Depends(read_form)]


async def get_display(request: Request, db: DbDep) -> Display:
    """This browser's display settings, read once per request (from the cookie as it
    arrived: a first visit has none) with its session row (:func:`_known`: one
    statement for both) and kept for ``render``. Async: a browser this process knows
    (``app.web.known``) costs no read and no trip to the threadpool."""
    cached = state_value(request, "display")
    if isinstance(cached, Display):
        return cached
    known = _remembered(request)
    if known is not None:
        return known.display
    await run_in_threadpool(_known, request, db)
    display: Display = request.state.display
    return display


DisplayDep = Annotated[Display, Depends(get_display)]


async def use_language(request: Request, display: DisplayDep) -> str:
    """The language of this request: the Settings' choice, or with ``auto`` the best
    match of the browser's ``Accept-Language`` (then the page varies on it). Set for the
    templates and every sentence built in Python (``app.core.i18n``); an async
    dependency, so that it is set in the request's own context, which the route's
    thread inherits."""
    return choose_language(request, display)


def choose_language(request: Request, display: Display | None = None) -> str:
    """Decide this request's language (see :func:`use_language`) and set it; a request
    that already has one keeps it. What the error pages and the fair-use refusals call,
    which may answer before any route's dependency ran (an unknown path, a 429 of the
    middleware). ``display`` defaults to the browser's settings; when they cannot be
    read the browser's ``Accept-Language`` decides."""
    chosen = state_value(request, "language")
    if chosen is None:
        if display is None:
            try:
                display = display_for(request)
            except Exception:  # the database may be what failed
                display = None
        if display is None or display.language == "auto":
            chosen = i18n.negotiate(request.headers.get("accept-language"))
            request.state.language_varies = True
        else:
            chosen = display.language
        request.state.language = chosen
    i18n.set_language(chosen)
    return str(chosen)


LanguageDep = Annotated[str, Depends(use_language)]
