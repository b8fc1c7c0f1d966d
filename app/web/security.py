"""Security middleware: response headers, cross-site request refusal, request size cap.

* Every response gets ``X-Content-Type-Options: nosniff`` (a file is only ever what its
  type says: a stylesheet or script is never run as something else).
* Every response a browser may show as a document or run as a worker — pages, error
  pages, ``/sw.js``, JSON, an SVG from ``/static`` — also gets the page's headers
  (:data:`PAGE_HEADERS`): a strict Content-Security-Policy (scripts, styles, images,
  fonts, requests, the service worker and the manifest only from this origin; no inline
  script or style, no framing), ``Referrer-Policy: same-origin`` and
  ``X-Frame-Options: DENY``. A stylesheet, script, raster image or font under
  ``/static`` (:data:`SUBRESOURCE_TYPES`) does not: those headers govern the document
  or worker that loads it (its policy, its framing, its referrer), never the file, and
  they were some 340 of the 700 bytes of headers each static file carried.
* Pages (not ``/static``) get ``Cache-Control: no-store`` unless the route set its own.
* A state-changing request (POST, PUT, PATCH, DELETE) whose ``Origin`` header, or
  without one its ``Referer``, is not the app's own origin (the request's scheme, the
  ``Host`` header's host and port; or ``PUBLIC_URL``'s) is refused with 403: another
  scheme, host or port is another site (:func:`is_same_origin`). Requests with neither
  header (curl, tests) pass; browsers always send ``Origin`` on a POST, and the session
  cookie is ``SameSite=Lax`` besides.
* A request whose ``Host`` header is not a host name or address with an optional port
  (:func:`is_valid_host`: at most :data:`HOST_MAX` characters) gets 400 on every path:
  links built from it (an invite, its QR code) stay well-formed and small.
* A request body larger than ``MAX_BODY_BYTES`` (64 KB) gets 413, whether it announces
  its length or streams — or, for a form listed in ``oversize_redirects`` (app path →
  app path, under the request's sub-path),
  a 303 back to the page holding the form, which then says what was too large.

Templates must therefore use no ``<script>`` blocks, no ``on*=`` or ``style=``
attributes and no ``hx-on``; htmx is configured through its ``<meta name="htmx-config">``.
"""

import ipaddress
import re
from collections.abc import Collection, Mapping
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.responses import PlainTextResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.web.links import route_path, see_other

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "font-src 'self'; connect-src 'self'; worker-src 'self'; manifest-src 'self'; "
    "form-action 'self'; base-uri 'none'; object-src 'none'; frame-ancestors 'none'"
)
NOSNIFF: tuple[bytes, bytes] = (b"x-content-type-options", b"nosniff")
"""The header every response carries, static files included."""
PAGE_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"referrer-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
)
"""The headers that protect a document or worker: on every response but a static
subresource (:func:`needs_page_headers`)."""
SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (PAGE_HEADERS[0], NOSNIFF, *PAGE_HEADERS[1:])
"""All of them: what a page, an error or ``/sw.js`` carries."""
SUBRESOURCE_TYPES = frozenset({
    b"text/css", b"text/javascript", b"application/javascript", b"image/png",
    b"image/webp", b"image/jpeg", b"image/x-icon", b"font/woff2", b"font/woff",
})
"""Media types of static files that a browser only uses inside a page (stylesheets,
module scripts, raster images, fonts): never shown as a document, never a worker (the
only worker is ``/sw.js``, not under ``/static``). SVG is not here: opened by itself it
is a document that could hold script."""
UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
_DEFAULT_PORTS = {"http": 80, "https": 443}
HOST_MAX = 261
"""The longest Host header accepted: a 253-character name (the DNS limit), ``:`` and a port."""
_HOST = re.compile(
    r"(?P<name>[A-Za-z0-9](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9])?"
    r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9])?)*\.?"
    r"|\[(?P<ipv6>[0-9A-Fa-f:.]{2,45})\])"
    r"(?::(?P<port>[0-9]{1,5}))?")


def is_valid_host(value: str) -> bool:
    """True for a Host header that is a host name, an IPv4 address or a bracketed IPv6
    address, with an optional port (1–65535), at most :data:`HOST_MAX` characters
    (``"cards.example.org"``, ``"192.168.1.20:8000"``, ``"[::1]:8000"``)."""
    if len(value) > HOST_MAX:
        return False
    found = _HOST.fullmatch(value)
    if found is None:
        return False
    if found["ipv6"] is not None:
        try:
            ipaddress.IPv6Address(found["ipv6"])
        except ValueError:
            return False
    elif len(found["name"].rstrip(".")) > 253:
        return False
    port = found["port"]
    return port is None or 1 <= int(port) <= 65535


class BodyTooLarge(Exception):
    """The request body went over the configured cap while streaming."""


def _host_port(netloc: str, scheme: str) -> tuple[str, int | None]:
    """``("example.com", 443)`` from ``"example.com"`` and ``"https"``; lower-cased."""
    parts = urlsplit(f"//{netloc}")
    try:
        port = parts.port
    except ValueError:
        return ("", None)
    return ((parts.hostname or "").lower(), port or _DEFAULT_PORTS.get(scheme))


Origin = tuple[str, str, int]
"""``(scheme, host, port)`` of a web origin: lower-cased, the scheme's default port
filled in (``("https", "example.com", 443)``)."""


def origin_of(url: str) -> Origin | None:
    """The origin of an absolute http(s) URL (an ``Origin`` or ``Referer`` header,
    ``PUBLIC_URL``); ``None`` for anything else (``null``, ``javascript:``, a bad port)."""
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    if scheme not in _DEFAULT_PORTS or not parts.netloc:
        return None
    host, port = _host_port(parts.netloc, scheme)
    return (scheme, host, port) if host and port is not None else None


def is_same_origin(headers: Headers, scheme: str, also: Collection[Origin] = ()) -> bool:
    """False when the request's Origin (or, absent, Referer) is not the app's own origin:
    the scheme the request came by (``scheme``: Uvicorn's, from ``X-Forwarded-Proto``
    behind a trusted proxy), the ``Host`` header's host and its port (the scheme's
    default when it names none) must all match; or it is one of ``also``
    (``PUBLIC_URL``'s origin). ``https://`` against an app served over ``http``, another
    port or another host are all cross-site.

    A request carrying neither header is accepted: it does not come from a browser page
    on another site (browsers send ``Origin`` on every cross-origin POST).
    """
    source = headers.get("origin")
    if source is None:
        source = headers.get("referer")
        if source is None:
            return True
    found = origin_of(source)
    if found is None:
        return False
    if found in also:
        return True
    host = headers.get("host", "")
    scheme = scheme.lower()
    own = (scheme, *_host_port(host, scheme)) if host else None
    return found == own


def needs_page_headers(is_static: bool, content_type: bytes | None, status: int = 200) -> bool:
    """False only for a file under ``/static`` whose ``Content-Type`` (``b"text/css;
    charset=utf-8"``) is one of :data:`SUBRESOURCE_TYPES`, and for a ``304 Not
    Modified`` under ``/static`` (no body: the browser keeps the headers it stored with
    the file, the policy of an SVG included); True for everything else, a response
    without a type included."""
    if not is_static:
        return True
    if status == 304:
        return False
    if content_type is None:
        return True
    return content_type.split(b";", 1)[0].strip().lower() not in SUBRESOURCE_TYPES


class SecurityMiddleware:
    """Pure ASGI middleware applying the policies in the module docstring."""

    def __init__(self, app: ASGIApp, max_body_bytes: int = 64 * 1024,
                 oversize_redirects: Mapping[str, str] | None = None,
                 public_url: str | None = None) -> None:
        self.app = app
        public = None if public_url is None else origin_of(public_url)
        self.also: frozenset[Origin] = frozenset() if public is None else frozenset({public})
        self.max_body_bytes = max_body_bytes
        self.oversize_redirects = dict(oversize_redirects or {})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """ASGI entry point."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        headers = Headers(scope=scope)
        path = route_path(scope)
        is_static = path.startswith("/static/")
        hosts = headers.getlist("host")

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                raw = list(message.get("headers", []))
                present = {name.lower(): value for name, value in raw}
                wanted = (SECURITY_HEADERS
                          if needs_page_headers(is_static, present.get(b"content-type"),
                                                message["status"])
                          else (NOSNIFF,))
                raw.extend(h for h in wanted if h[0] not in present)
                if not is_static and b"cache-control" not in present:
                    raw.append((b"cache-control", b"no-store"))
                message = {**message, "headers": raw}
            await send(message)

        if len(hosts) > 1 or (hosts and not is_valid_host(hosts[0])):
            bad_host = PlainTextResponse(
                "Bad Host header: it must be a host name or address with an optional port.",
                status_code=400,
            )
            await bad_host(scope, receive, send_with_headers)
            return

        if scope["method"] in UNSAFE_METHODS and not is_same_origin(
            headers, scope.get("scheme", "http"), self.also
        ):
            response = PlainTextResponse(
                "Cross-site request refused: this form must be sent from the app's own pages.",
                status_code=403,
            )
            await response(scope, receive, send_with_headers)
            return

        def too_large() -> Response:  # made only when needed: not on every request
            if path in self.oversize_redirects:
                return see_other(scope, self.oversize_redirects[path])
            return PlainTextResponse(
                f"Request body too large: the limit is {self.max_body_bytes // 1024} KB.",
                status_code=413,
            )

        declared = headers.get("content-length")
        if declared is not None:
            try:
                length = int(declared)
            except ValueError:
                length = -1
            if length < 0:
                bad = PlainTextResponse("Invalid Content-Length.", status_code=400)
                await bad(scope, receive, send_with_headers)
                return
            if length > self.max_body_bytes:
                await too_large()(scope, receive, send_with_headers)
                return

        received = 0
        exceeded = False
        response_started = False

        async def capped_receive() -> Message:
            nonlocal received, exceeded
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_body_bytes:
                    exceeded = True
                    raise BodyTooLarge
            return message

        async def guarded_send(message: Message) -> None:
            nonlocal response_started
            if exceeded:
                return  # the app's reaction to the cut-off body is replaced by the 413
            if message["type"] == "http.response.start":
                response_started = True
            await send_with_headers(message)

        try:
            await self.app(scope, capped_receive, guarded_send)
        except BodyTooLarge:
            pass
        except Exception:
            if not exceeded:
                raise
        if exceeded and not response_started:
            await too_large()(scope, receive, send_with_headers)
