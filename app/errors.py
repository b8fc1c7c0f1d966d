"""Error responses: a friendly HTML page for browsers, JSON for everything else.

Routes answer their own expected refusals (an illegal move, a wrong score entry) on the
page itself; these handlers catch the rest: unknown paths, wrong methods, malformed
requests that fail validation before reaching a route.
"""

from fastapi import FastAPI, Request
from fastapi.exception_handlers import (
    http_exception_handler,
    request_validation_exception_handler,
)
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import Response

from app.web import is_htmx, render

TITLES = {
    400: "That request was not understood",
    403: "Not allowed",
    404: "Page not found",
    405: "Not here",
    409: "Already changed",
    413: "Too much at once",
    422: "Something was missing or malformed",
}
MESSAGES = {
    404: "There is no page at this address. It may have been removed, or the link was "
         "mistyped.",
    405: "This address does not take that kind of request. Use the buttons on the page.",
    422: "A field of the request was missing or not in the expected form. Nothing was "
         "changed.",
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
    }, status_code=status)


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
