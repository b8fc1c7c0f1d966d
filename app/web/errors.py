"""Error responses: a friendly HTML page for browsers, JSON for everything else.

Routes answer their own expected refusals (an illegal move, a wrong score entry) on the
page itself; these handlers catch the rest: unknown paths, wrong methods, malformed
requests that fail validation before reaching a route, a database that stays busy or
cannot store anything — a full disk, a read-only file, a server gone
(``app.core.db.storage_fault``) — (503 with ``Retry-After``, and a page that says which:
the whole page for a browser, its ``message`` block for htmx, JSON otherwise; nothing of
the request is stored), a client that hangs up in the middle of its request (logged at
INFO, no traceback), and any other failure (500, still with the security headers: see
``GinRummyApp`` in ``app/main.py``).
"""

import json
import logging
import re

from fastapi import FastAPI, Request
from fastapi.exception_handlers import (
    http_exception_handler,
    request_validation_exception_handler,
)
from fastapi.exceptions import RequestValidationError
from sqlalchemy.exc import DBAPIError, OperationalError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import ClientDisconnect
from starlette.responses import JSONResponse, PlainTextResponse, Response

from app.core.db import (
    STORAGE_RETRY_SECONDS,
    DatabaseBusyError,
    release,
    storage_fault,
)
from app.web.display import display_for
from app.web.render import is_htmx, render

log = logging.getLogger("app")
BUSY_RETRY_SECONDS = 2


SECRET_PATHS = re.compile(r"^(/score/shared/)[^/]+")
"""Paths whose last part is a secret (share tokens): logged with the secret cut out."""


def loggable_path(path: str) -> str:
    """The path as one safe log token: control and non-ASCII characters escaped, secrets cut.

    A crafted URL (``/x%0aINFO: ...``) cannot forge a log line.
    """
    return json.dumps(SECRET_PATHS.sub(r"\1...", path))[1:-1]

TITLES = {
    400: "That request was not understood",
    403: "Not allowed",
    404: "Page not found",
    405: "Not here",
    409: "Already changed",
    413: "Too much at once",
    422: "Something was missing or malformed",
    500: "Something went wrong on our side",
    503: "Busy right now",
}
MESSAGES = {
    404: "There is no page at this address. It may have been removed, or the link was "
         "mistyped.",
    405: "This address does not take that kind of request. Use the buttons on the page.",
    422: "A field of the request was missing or not in the expected form. Nothing was "
         "changed.",
    500: "The server failed to answer this request. Nothing more was changed; please try "
         "again, and report it if it happens again.",
    503: "The server is busy with other players' moves. Nothing was changed: try again in "
         "a moment.",
}
STORAGE_TITLE = "Cannot save right now"
STORAGE_MESSAGES = {
    "full": "The server's disk is full, so it cannot save anything. Nothing was changed and "
            "nothing you saved before is lost: try again in a minute (the server's operator "
            "has been told).",
    "read-only": "The server's database is read-only just now, so it cannot save anything. "
                 "Nothing was changed and nothing you saved before is lost: try again in a "
                 "minute (the server's operator has been told).",
}
STORAGE_OTHER = ("The server cannot reach its database just now. Nothing was changed and "
                 "nothing you saved before is lost: try again in a minute (the server's "
                 "operator has been told).")


def wants_html(request: Request) -> bool:
    """True for a browser navigation: ``Accept`` names HTML and it is not an htmx call."""
    return "text/html" in request.headers.get("accept", "") and not is_htmx(request)


def error_page(request: Request, status: int, detail: str = "", *, title: str = "",
               message: str = "") -> Response:
    """The HTML error page for ``status`` (the detail shown when it is a plain sentence;
    ``title`` and ``message`` replace the usual words). An htmx request gets only its
    message (a short fragment)."""
    message = message or MESSAGES.get(status) or (detail if detail else "Something went wrong.")
    try:
        display = display_for(request)
    except Exception:  # the database may be what failed
        display = None
    return render(request, "error.html", {
        "status": status,
        "title": title or TITLES.get(status, "Something went wrong"),
        "message": message,
    }, "message", status_code=status, display=display)


def _release_quietly(request: Request) -> None:
    try:
        release(request)
    except Exception:  # closing a connection the fault invalidated may fail too
        log.debug("closing the failed request's session failed", exc_info=True)


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
        headers = {"Retry-After": str(retry)}
        if wants_html(request) or is_htmx(request):
            response = error_page(request, 503, title=title, message=message)
            response.headers.update(headers)
            return response
        return JSONResponse({"detail": message}, status_code=503, headers=headers)

    app.add_exception_handler(DatabaseBusyError, unavailable)
    app.add_exception_handler(DBAPIError, unavailable)

    @app.exception_handler(Exception)
    async def server_error(request: Request, _exc: Exception) -> Response:
        # Starlette logs the traceback (the exception is re-raised after this answer).
        _release_quietly(request)
        if wants_html(request):
            try:
                return error_page(request, 500)
            except Exception:  # the templates themselves may be what failed
                return PlainTextResponse(MESSAGES[500], status_code=500)
        return JSONResponse({"detail": MESSAGES[500]}, status_code=500)
