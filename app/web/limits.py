"""Fair use over HTTP (issue 27): limits per browser and per client address.

A *browser* is its session cookie (a well-formed one; a browser without a cookie is
known by its address only); an *address* is the client's address as uvicorn gives it
(``X-Forwarded-For`` from trusted proxies only, ``FORWARDED_ALLOW_IPS``).

* :class:`FairUseMiddleware` sets :data:`app.core.fairuse.owner` for every request (so
  the process pool serves each browser in turn, :mod:`app.core.workers`) and counts
  every ``POST`` against ``LIMIT_POSTS_PER_BROWSER`` and ``LIMIT_POSTS_PER_ADDRESS``.
* :data:`ImportsLimit` and :data:`InvitesLimit` count an import or an invite against
  its own, smaller limits (``LIMIT_IMPORTS_*``, ``LIMIT_INVITES_*``): a route declares
  one as its first parameter, so a refused post is answered before its body (a 60 KB
  file) is read.
* :func:`stream_slot` holds one of the browser's and one of the address's places for
  an open event stream (``LIMIT_STREAMS_*``) until the stream ends.
* :meth:`FairUse.refuse_while_busy` makes the middleware refuse a ``POST`` to a path
  at once, before its session or match is read (only its language is looked up, for
  the words of the refusal), while the browser holds all of a feature's places
  (a hint asked while its last one is being worked out): a client that asks again and
  again without waiting costs next to nothing.

Beyond a limit the answer is **429** with ``Retry-After`` (whole seconds) and a message
saying what to do: the error page for a browser's navigation, a short fragment for
htmx and the play screen's script, plain text otherwise (:func:`too_many`). Nothing
was done. Features raise :class:`app.core.fairuse.Refused` for their own limits (one
hint at a time per browser); :func:`install` answers it the same way.

The counters are kept in memory, per app instance (with ``WORKERS=2`` each process
counts its own share: a browser may reach each process's limit once).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Annotated, Literal

from fastapi import Depends, FastAPI, Request
from markupsafe import escape
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send

from app.core import metrics
from app.core.config import Settings
from app.core.fairuse import InFlight, Rate, RateLimiter, Refused, owner
from app.core.i18n import N_, gettext
from app.web.deps import choose_language
from app.web.errors import error_page, wants_html
from app.web.render import is_htmx
from app.web.sessions import COOKIE_NAME, is_valid_token, token_hash

POSTS = N_("You are sending taps faster than anyone plays: nothing was changed. Wait a "
         "moment, then tap again.")
INVITES = N_("You have started many invites in a short time: nothing was changed. Send "
           "your friend the link you already have, or try again in a few minutes.")
IMPORTS = N_("You have imported many files in a short time: nothing was read. Try again "
           "in a minute.")
STREAMS = N_("This browser already has the most live tables open at once: close another "
           "tab of the game, then reload this one.")

Kind = Literal["invites", "imports"]


@dataclass(frozen=True, slots=True)
class Client:
    """Who sent a request: the hash of the browser's session cookie (``None`` without a
    valid one; each device of a history counts on its own) and the client address."""

    browser: str | None
    address: str

    @classmethod
    def of(cls, scope: Scope) -> Client:
        """The client of an HTTP ``scope``."""
        cookie = None
        for name, value in scope.get("headers", ()):
            if name == b"cookie":
                for part in value.decode("latin-1").split(";"):
                    key, _, found = part.strip().partition("=")
                    if key == COOKIE_NAME and is_valid_token(found):
                        cookie = token_hash(found)  # kept in memory: never the token
        client = scope.get("client")
        return cls(cookie, client[0] if client else "unknown")

    @property
    def owner(self) -> str:
        """The key the process pool serves in turn (``b:<cookie's hash>`` or
        ``a:<address>``)."""
        return f"b:{self.browser}" if self.browser else f"a:{self.address}"


class FairUse:
    """One app instance's limits (from its settings) and their counters."""

    def __init__(self, settings: Settings) -> None:
        def pair(browser: Rate, address: Rate) -> tuple[RateLimiter, RateLimiter]:
            return RateLimiter(browser), RateLimiter(address)

        self.rates: dict[str, tuple[RateLimiter, RateLimiter]] = {
            "posts": pair(settings.limit_posts_per_browser, settings.limit_posts_per_address),
            "invites": pair(settings.limit_invites_per_browser,
                            settings.limit_invites_per_address),
            "imports": pair(settings.limit_imports_per_browser,
                            settings.limit_imports_per_address),
        }
        self.messages = {"posts": POSTS, "invites": INVITES, "imports": IMPORTS}
        self.streams = (InFlight(settings.limit_streams_per_browser, STREAMS, "streams", 5),
                        InFlight(settings.limit_streams_per_address, STREAMS, "streams", 5))
        self.busy: dict[str, InFlight] = {}

    def refuse_while_busy(self, path: str, gate: InFlight) -> None:
        """Refuse a ``POST`` to ``path`` (under the app's root, e.g. ``"/play/hint"``)
        with ``gate``'s message while the browser (its cookie's hash, the gate's key) holds
        all of ``gate``'s places; the route still holds the gate itself."""
        self.busy[path] = gate

    def check_busy(self, path: str, client: Client) -> None:
        """Raises :class:`Refused` when ``client``'s browser holds all of the places of
        the gate registered for ``path`` (:meth:`refuse_while_busy`)."""
        gate = self.busy.get(path)
        if gate is not None and client.browser is not None \
                and gate.held(client.browser) >= gate.limit:
            raise Refused(gate.message, gate.retry_after, gate.kind)

    def count(self, kind: str, client: Client) -> None:
        """Count one ``kind`` event of ``client`` (browser, then address). Raises
        :class:`Refused` when either limit is reached (the other is not counted)."""
        per_browser, per_address = self.rates[kind]
        message = self.messages[kind]
        if client.browser is not None:
            per_browser.check(client.browser, message, kind)
        per_address.check(client.address, message, kind)

    def hold_stream(self, client: Client) -> Callable[[], None]:
        """Take a stream place of the browser and of the address; returns the function
        that gives both back (safe to call more than once). Raises :class:`Refused`."""
        per_browser, per_address = self.streams
        keys: list[tuple[InFlight, str]] = []
        if client.browser is not None:
            keys.append((per_browser, client.browser))
        keys.append((per_address, client.address))
        taken: list[tuple[InFlight, str]] = []
        for gate, key in keys:
            if not gate.acquire(key):
                for held, held_key in taken:
                    held.release(held_key)
                raise Refused(gate.message, gate.retry_after, gate.kind)
            taken.append((gate, key))

        def release() -> None:
            while taken:
                gate, key = taken.pop()
                gate.release(key)

        return release


def fair_use(request: Request) -> FairUse:
    """The running app's :class:`FairUse`."""
    found: FairUse = request.app.state.fair_use
    return found


def _counting(kind: Kind) -> Callable[[Request], Awaitable[None]]:
    """A dependency that counts one ``kind`` post of the request's client. Raises
    :class:`Refused`."""
    async def count(request: Request) -> None:
        fair_use(request).count(kind, Client.of(request.scope))

    return count


ImportsLimit = Annotated[None, Depends(_counting("imports"))]
"""A route's first parameter: one import counted (429 beyond it) before anything else
of the request is read."""
InvitesLimit = Annotated[None, Depends(_counting("invites"))]
"""A route's first parameter: one invite counted (429 beyond it) before anything else."""


def stream_slot(request: Request) -> Callable[[], None]:
    """Hold an event stream's places for this request's client; returns the release.
    Raises :class:`Refused` (429) when the browser or the address has its most."""
    return fair_use(request).hold_stream(Client.of(request.scope))


async def held_until_closed(release: Callable[[], None],
                            stream: AsyncIterator[str]) -> AsyncIterator[str]:
    """``stream``, calling ``release`` when it ends, fails or is cancelled."""
    try:
        async for chunk in stream:
            yield chunk
    finally:
        release()


def too_many(request: Request, refused: Refused) -> Response:
    """The 429 answer for ``refused``: with ``Retry-After``; the error page for a
    navigation, a short fragment for htmx or a script, plain text otherwise."""
    metrics.refused(refused.kind or "limit")
    headers = {"Retry-After": str(refused.retry_after), "Cache-Control": "no-store"}
    if wants_html(request):
        response = error_page(request, 429, refused.message, retry_after=refused.retry_after)
        response.headers.update(headers)
        return response
    choose_language(request)
    message = gettext(refused.message)  # a message marked with N_ where it is defined
    if is_htmx(request):
        return HTMLResponse(
            f'<p class="play-status__refused" role="alert">{escape(message)}</p>',
            status_code=429, headers=headers)
    return PlainTextResponse(message, status_code=429, headers=headers)


class FairUseMiddleware:
    """Sets the request's owner for the process pool and counts every ``POST``
    (429 beyond ``LIMIT_POSTS_*``, or to a busy path, before anything else is read or
    written)."""

    def __init__(self, app: ASGIApp, fair: FairUse) -> None:
        self.app, self.fair = app, fair

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """ASGI entry point."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        client = Client.of(scope)
        token = owner.set(client.owner)
        try:
            if scope["method"] == "POST":
                try:
                    self.fair.count("posts", client)
                    path = scope["path"].removeprefix(scope.get("root_path", ""))
                    self.fair.check_busy(path, client)
                except Refused as refused:
                    await too_many(Request(scope, receive), refused)(scope, receive, send)
                    return
            await self.app(scope, receive, send)
        finally:
            owner.reset(token)


def install(app: FastAPI, settings: Settings) -> FairUse:
    """Give ``app`` its :class:`FairUse` (``app.state.fair_use``) and answer every
    :class:`Refused` raised by a route with :func:`too_many`; the caller adds
    :class:`FairUseMiddleware` with the returned object."""
    fair = FairUse(settings)
    app.state.fair_use = fair

    async def refused(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, Refused)
        return too_many(request, exc)

    app.add_exception_handler(Refused, refused)
    return fair


__all__ = ["Client", "FairUse", "FairUseMiddleware", "ImportsLimit", "InvitesLimit",
           "fair_use", "held_until_closed", "install", "stream_slot", "too_many"]
