"""Error responses: a friendly HTML page for browsers, JSON for everything else.

Routes answer their own expected refusals (an illegal move, a wrong score entry) on the
page itself; these handlers catch the rest: unknown paths, wrong methods, malformed
requests that fail validation before reaching a route, a database that stays busy or
cannot store anything — a full disk, a read-only file, a server gone
(``app.core.db.storage_fault``) — (503 with ``Retry-After``, and a page that says which:
the whole page for a browser, its ``message`` block for htmx, JSON otherwise; nothing of
the request is stored), a client that hangs up in the middle of its request (logged at
INFO, no traceback), a first visit while the operator has paused new browsers (503), and
any other failure (500, still with the security headers: see
``GinRummyApp`` in ``app/main.py``). A page refused because the database's schema is not
at head (``app.web.readiness``) says so the same way (:func:`schema_refusal`).

Before a failure becomes a 500, the browser's stored rows are checked
(``app.core.setaside``): when some cannot be read, they are set aside for the operator
and the browser is sent (303) to the page again — a form's post to its area's page —
with a notice that it starts afresh (:data:`app.web.render.NOTICE_COOKIE`), instead of
a 500 on every page that reads them.
"""

import json
import logging

from fastapi import FastAPI, Request
from fastapi.exception_handlers import (
    http_exception_handler,
    request_validation_exception_handler,
)
from fastapi.exceptions import RequestValidationError
from sqlalchemy.exc import DBAPIError, OperationalError
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import ClientDisconnect
from starlette.responses import JSONResponse, PlainTextResponse, RedirectResponse, Response

from app.core import readiness, setaside
from app.core.config import Settings
from app.core.db import (
    STORAGE_RETRY_SECONDS,
    DatabaseBusyError,
    storage_fault,
)
from app.core.i18n import N_, gettext
from app.core.logs import redact
from app.engine.errors import GameError
from app.web.deps import NewSessionsPausedError, choose_language
from app.web.display import display_for
from app.web.links import cookie_path
from app.web.render import NOTICE_COOKIE, SET_ASIDE, is_htmx, render
from app.web.sessions import COOKIE_NAME, is_valid_token, read_session_id
from app.web.unitofwork import release

log = logging.getLogger("app")
BUSY_RETRY_SECONDS = 2
PAUSED_RETRY_SECONDS = 3600


def loggable_path(path: str) -> str:
    """The path as one safe log token: control and non-ASCII characters escaped, secrets
    cut (``app.core.logs.redact``, which every log handler applies to every line too).

    A crafted URL (``/x%0aINFO: ...``) cannot forge a log line.
    """
    return json.dumps(redact(path))[1:-1]

TITLES = {
    400: N_("That request was not understood"),
    403: N_("Not allowed"),
    404: N_("Page not found"),
    405: N_("Not here"),
    409: N_("Already changed"),
    413: N_("Too much at once"),
    422: N_("Something was missing or malformed"),
    429: N_("One moment, please"),
    500: N_("Something went wrong on our side"),
    503: N_("Busy right now"),
}
MESSAGES = {
    404: N_("There is no page at this address. It may have been removed, or the link was "
         "mistyped."),
    405: N_("This address does not take that kind of request. Use the buttons on the page."),
    422: N_("A field of the request was missing or not in the expected form. Nothing was "
         "changed."),
    500: N_("The server failed to answer this request. Nothing more was changed; please try "
         "again, and report it if it happens again."),
    503: N_("The server is busy with other players' moves. Nothing was changed: try again in "
         "a moment."),
}
STORAGE_TITLE = N_("Cannot save right now")
STORAGE_MESSAGES = {
    "full": N_("The server's disk is full, so it cannot save anything. Nothing was changed and "
            "nothing you saved before is lost: try again in a minute (the server's operator "
            "has been told)."),
    "read-only": N_("The server's database is read-only just now, so it cannot save anything. "
                 "Nothing was changed and nothing you saved before is lost: try again in a "
                 "minute (the server's operator has been told)."),
}
STORAGE_OTHER = N_("The server cannot reach its database just now. Nothing was changed and "
                 "nothing you saved before is lost: try again in a minute (the server's "
                 "operator has been told).")
SCHEMA_TITLE = N_("Not ready yet")
SCHEMA_MESSAGES = {
    readiness.BEHIND: N_("The server's database is older than this version of the program: "
                         "it is waiting for its operator to upgrade it. Nothing was changed "
                         "and nothing you saved before is lost: try again in a few minutes."),
    readiness.AHEAD: N_("The server's database was upgraded for a newer version of the "
                        "program than the one running. Nothing was changed and nothing you "
                        "saved before is lost: try again in a few minutes."),
}
SCHEMA_RETRY_SECONDS = 60


def wants_html(request: Request) -> bool:
    """True for a browser navigation: ``Accept`` names HTML and it is not an htmx call."""
    return "text/html" in request.headers.get("accept", "") and not is_htmx(request)


def error_page(request: Request, status: int, detail: str = "", *, title: str = "",
               message: str = "", retry_after: int | None = None) -> Response:
    """The HTML error page for ``status`` (the detail shown when it is a plain sentence;
    ``title`` and ``message`` replace the usual words; ``retry_after``, in seconds, is
    said in words), in the page's language: each text is looked up in the catalogue,
    so a constant marked with ``N_`` is shown translated (``app.core.i18n``). An htmx
    request gets only its message (a short fragment)."""
    try:
        display = display_for(request)
    except Exception:  # the database may be what failed
        display = None
    choose_language(request, display)
    message = message or MESSAGES.get(status) or detail or N_("Something went wrong.")
    return render(request, "error.html", {
        "status": status,
        "title": gettext(title or TITLES.get(status, N_("Something went wrong"))),
        "message": gettext(message),
        "retry_after": retry_after,
    }, "message", status_code=status, display=display)


def refusal(request: Request, title: str, message: str, retry: int) -> Response:
    """503 with ``Retry-After: retry`` (seconds) saying ``message`` (an ``N_`` constant):
    the whole error page for a browser, its message for htmx, JSON otherwise. Blocks
    (the page may read the browser's display settings)."""
    headers = {"Retry-After": str(retry)}
    if wants_html(request) or is_htmx(request):
        response = error_page(request, 503, title=title, message=message, retry_after=retry)
        response.headers.update(headers)
        return response
    return JSONResponse({"detail": message}, status_code=503, headers=headers)


def schema_refusal(request: Request, fault: str) -> Response:
    """The 503 of a page refused while the database's schema is not at the code's head
    (``fault``: ``app.core.readiness.BEHIND`` or ``AHEAD``; ``app.web.readiness``)."""
    message = SCHEMA_MESSAGES.get(fault, SCHEMA_MESSAGES[readiness.BEHIND])
    return refusal(request, SCHEMA_TITLE, message, SCHEMA_RETRY_SECONDS)


def _release_quietly(request: Request) -> None:
    try:
        release(request)
    except Exception:  # closing a connection the fault invalidated may fail too
        log.debug("closing the failed request's session failed", exc_info=True)


UNREADABLE_ERRORS: tuple[type[Exception], ...] = (
    ValueError, LookupError, TypeError, AttributeError, GameError)
"""What reading a corrupted row raises (JSON or a time that does not parse, a log that
does not replay, a value of the wrong shape): checked for rows to set aside first."""


def set_aside_unreadable(request: Request) -> bool:
    """Set aside the rows of this request's browser that cannot be read
    (``app.core.setaside``); True when there were any. Never raises. Blocks."""
    cookie = request.cookies.get(COOKIE_NAME)
    if not is_valid_token(cookie):
        return False
    try:
        engine = request.app.state.engine
        session_id = read_session_id(engine, cookie)  # the cookie is a token, not the id
        found = setaside.find(engine, session_id) if session_id is not None else []
        return bool(found) and setaside.set_aside(engine, str(session_id), found) > 0
    except Exception:
        log.exception("checking the browser's stored rows failed")
        return False


def afresh(request: Request) -> Response:
    """303 to the page again (a form's post: to its area's page, ``/play`` for
    ``/play/new``), with the notice that something stored was set aside."""
    path = request.url.path
    if request.method in ("GET", "HEAD"):
        target = path + (f"?{request.url.query}" if request.url.query else "")
    else:  # the area's page, under the app's root path when it has one
        root = str(request.scope.get("root_path", ""))
        inner = path[len(root):] if root and path.startswith(root) else path
        target = root + "/" + inner.strip("/").split("/", 1)[0]
    settings: Settings = request.app.state.settings
    response = RedirectResponse(target, status_code=303)
    response.set_cookie(NOTICE_COOKIE, SET_ASIDE, max_age=600, httponly=True, samesite="lax",
                        secure=settings.secure_cookies, path=cookie_path(request.scope))
    return response


def install_error_pages(app: FastAPI) -> None:
    """Register the HTML-or-JSON handlers for HTTP errors and validation errors."""

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        if wants_html(request):
            detail = exc.detail if isinstance(exc.detail, str) else ""
            response = error_page(request, exc.status_code, detail)
            for name, value in (exc.headers or {}).items():
                response.headers[name] = value
            return response
        return await http_exception_handler(request, exc)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> Response:
        if wants_html(request):
            return error_page(request, 422)
        return await request_validation_exception_handler(request, exc)

    @app.exception_handler(ClientDisconnect)
    async def client_disconnected(request: Request, _exc: ClientDisconnect) -> Response:
        release(request)
        log.info("client disconnected before its request was complete: %s %s",
                 request.method, loggable_path(request.url.path))
        # Nobody is listening; the status only tells the access log what happened.
        return PlainTextResponse("Client disconnected.", status_code=400)

    async def unavailable(request: Request, exc: Exception) -> Response:
        locked = isinstance(exc, DatabaseBusyError) or (
            isinstance(exc, OperationalError) and "locked" in str(exc.orig).lower())
        fault = None if locked else storage_fault(exc)
        if not locked and fault is None:
            raise exc  # another database failure: a real 500
        _release_quietly(request)
        path = loggable_path(request.url.path)
        if fault is None:
            log.warning("database busy: %s %s answered 503", request.method, path)
            title, message, retry = TITLES[503], MESSAGES[503], BUSY_RETRY_SECONDS
        else:
            log.warning("database %s: %s %s answered 503", fault, request.method, path)
            title, retry = STORAGE_TITLE, STORAGE_RETRY_SECONDS
            message = STORAGE_MESSAGES.get(fault, STORAGE_OTHER)
        return refusal(request, title, message, retry)

    app.add_exception_handler(DatabaseBusyError, unavailable)
    app.add_exception_handler(DBAPIError, unavailable)

    async def maybe_unreadable(request: Request, exc: Exception) -> Response:
        # What a stored row that does not decode or replay raises: answered here when
        # rows were set aside (no traceback: it is logged as what it is), else a 500.
        _release_quietly(request)
        request.state.gin_rows_checked = True
        if await run_in_threadpool(set_aside_unreadable, request):
            log.warning("%s %s failed on unreadable stored rows (%s): set aside",
                        request.method, loggable_path(request.url.path), type(exc).__name__)
            return afresh(request)
        raise exc

    for kind in UNREADABLE_ERRORS:
        app.add_exception_handler(kind, maybe_unreadable)

    @app.exception_handler(NewSessionsPausedError)
    async def paused(request: Request, _exc: NewSessionsPausedError) -> Response:
        release(request)
        choose_language(request)
        message = gettext("This server is not taking new players right now. The rules and "
                          "the guide are open; please come back later.")
        headers = {"Retry-After": str(PAUSED_RETRY_SECONDS)}
        if wants_html(request):
            return render(request, "error.html", {
                "status": 503, "title": gettext("Not taking new players"), "message": message,
            }, status_code=503, headers=headers, display=display_for(request))
        return JSONResponse({"detail": message}, status_code=503, headers=headers)

    @app.exception_handler(Exception)
    async def server_error(request: Request, _exc: Exception) -> Response:
        # Starlette logs the traceback (the exception is re-raised after this answer).
        _release_quietly(request)
        checked = getattr(request.state, "gin_rows_checked", False)
        if not checked and await run_in_threadpool(set_aside_unreadable, request):
            return afresh(request)
        if wants_html(request):
            try:
                return error_page(request, 500)
            except Exception:  # the templates themselves may be what failed
                return PlainTextResponse(MESSAGES[500], status_code=500)
        return JSONResponse({"detail": MESSAGES[500]}, status_code=500)
