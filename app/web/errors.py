"""Error responses: a friendly HTML page for browsers, JSON for everything else.

Routes answer their own expected refusals (an illegal move, a wrong score entry) on the
page itself; these handlers catch the rest: unknown paths, wrong methods, malformed
requests that fail validation before reaching a route, a database that stays busy (503
with ``Retry-After``), a client that hangs up in the middle of its request (logged at
INFO, no traceback), a first visit while the operator has paused new browsers (503), and
any other failure (500, still with the security headers: see
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
from sqlalchemy.exc import OperationalError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import ClientDisconnect
from starlette.responses import JSONResponse, PlainTextResponse, Response

from app.core.db import DatabaseBusyError, release
from app.web.deps import NewSessionsPausedError
from app.web.display import display_for
from app.web.render import is_htmx, render

log = logging.getLogger("app")
BUSY_RETRY_SECONDS = 2
PAUSED_RETRY_SECONDS = 3600


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
    429: "One moment, please",
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


def wants_html(request: Request) -> bool:
    """True for a browser navigation: ``Accept`` names HTML and it is not an htmx call."""
    return "text/html" in request.headers.get("accept", "") and not is_htmx(request)


def error_page(request: Request, status: int, detail: str = "") -> Response:
    """The HTML error page for ``status`` (the detail shown when it is a plain sentence)."""
    message = MESSAGES.get(status) or (detail if detail else "Something went wrong.")
    return render(request, "error.html", {
        "status": status,
        "title": TITLES.get(status, "Something went wrong"),
        "message": message,
    }, status_code=status, display=display_for(request))


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

    async def busy(request: Request, exc: Exception) -> Response:
        if isinstance(exc, OperationalError) and "locked" not in str(exc.orig).lower():
            raise exc  # another database failure: a real 500
        release(request)
        log.warning("database busy: %s %s answered 503", request.method,
                    loggable_path(request.url.path))
        headers = {"Retry-After": str(BUSY_RETRY_SECONDS)}
        if wants_html(request):
            response = error_page(request, 503)
            response.headers.update(headers)
            return response
        return JSONResponse({"detail": MESSAGES[503]}, status_code=503, headers=headers)

    app.add_exception_handler(DatabaseBusyError, busy)
    app.add_exception_handler(OperationalError, busy)

    @app.exception_handler(NewSessionsPausedError)
    async def paused(request: Request, _exc: NewSessionsPausedError) -> Response:
        release(request)
        message = ("This server is not taking new players right now. The rules and the "
                   "guide are open; please come back later.")
        headers = {"Retry-After": str(PAUSED_RETRY_SECONDS)}
        if wants_html(request):
            return render(request, "error.html", {
                "status": 503, "title": "Not taking new players", "message": message,
            }, status_code=503, headers=headers, display=display_for(request))
        return JSONResponse({"detail": message}, status_code=503, headers=headers)

    @app.exception_handler(Exception)
    async def server_error(request: Request, _exc: Exception) -> Response:
        # Starlette logs the traceback (the exception is re-raised after this answer).
        release(request)
        if wants_html(request):
            try:
                return error_page(request, 500)
            except Exception:  # the templates themselves may be what failed
                return PlainTextResponse(MESSAGES[500], status_code=500)
        return JSONResponse({"detail": MESSAGES[500]}, status_code=500)
