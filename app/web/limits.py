"""Fair use over HTTP (issue 27; round two): every costly request is limited per
browser *and* per client address, and refused before any work.

A *browser* is its session cookie (a well-formed one; a browser without a cookie is
known by its address only); an *address* is the client's address as uvicorn gives it
(``X-Forwarded-For`` from trusted proxies only, ``FORWARDED_ALLOW_IPS``). Each limit
counts a browser and its address: a flood of new cookies from one address meets the
address's limit, the eleventh cookie as the first.

:class:`FairUseMiddleware` sits outside the session cookie's middleware and the routes:
it sets :data:`app.core.fairuse.owner` and :data:`app.core.fairuse.address` for every
request (the process pool serves each browser in turn and caps the jobs in flight per
address, :mod:`app.core.workers`) and counts each request against the limits of its
kind (:data:`COSTLY`), before its session is read or created, its body read or a
template rendered:

* every ``POST``: ``LIMIT_POSTS_*`` (taps, score entries, ...);
* imports (``LIMIT_IMPORTS_*``), friend invites, new events and seasons (``LIMIT_INVITES_*``),
  device and recovery codes made or entered and operator sign-ins (``LIMIT_SIGN_INS_*``): also their
  own, smaller limits;
* pages that compute (hand reviews, *Review together*, match reports, the history, head
  to head, a watch link's page (not the table it fetches on each move), the daily deal,
  score sheets, a season's page, the drill and the daily puzzle, and the answers to those two, which
  render their page again): ``LIMIT_PAGES_*``; statistics and downloads (``/stats``,
  ``/stats.json``, ``/stats.csv``, ``/privacy/data.json``, hand histories, score sheet
  event and season exports): ``LIMIT_EXPORTS_*``;
* at most ``LIMIT_COSTLY_IN_FLIGHT_PER_ADDRESS`` requests of those kinds (all but
  ``posts``) of one address are answered at once (per process): ten browsers of one
  address asking for big pages in parallel hold four request threads, not forty;
* a hint (:meth:`FairUse.refuse_while_busy`) is refused at once while the browser's
  last one is being worked out, or while its address has ``LIMIT_JOBS_PER_ADDRESS``
  jobs in the process pool (:func:`app.core.workers.address_busy`).

A refusal is **429** with ``Retry-After`` (whole seconds) and a short message saying
what to do, made from the request's headers only (:func:`refusal`: no database query, no
template; a small page built once per language for a browser's navigation, a fragment
for htmx, plain text otherwise). Nothing was done.

:func:`stream_slot` holds one of the browser's and one of the address's places for an
open event stream (``LIMIT_STREAMS_*``) until the stream ends. Features raise
:class:`app.core.fairuse.Refused` for their own limits (one hint at a time per
browser); :func:`install` answers it with :func:`too_many` (the usual error page).

The rate counters live in memory (:class:`app.core.fairuse.MemoryRates`) on SQLite,
per process, and in a table every instance shares on PostgreSQL
(:class:`app.core.sharedrates.SqlRates`, counted in a thread of its own). In-flight
places (streams, pool jobs) are counted per process.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import lru_cache

from fastapi import FastAPI, Request
from markupsafe import escape
from sqlalchemy.engine import make_url
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send

from app.core import fairuse, i18n, metrics, workers
from app.core.botaccounts import bearer_token
from app.core.botaccounts import token_hash as bot_hash
from app.core.config import Settings
from app.core.fairuse import InFlight, MemoryRates, Rate, RateStore, Refused, owner
from app.core.i18n import N_, gettext
from app.core.sharedrates import CONNECTIONS, SqlRates
from app.web.deps import choose_language
from app.web.errors import TITLES, error_page, wants_html
from app.web.render import is_htmx, static_url
from app.web.sessions import COOKIE_NAME, is_valid_token, token_hash

log = logging.getLogger("app.web.limits")

POSTS = N_("You are sending taps faster than anyone plays: nothing was changed. Wait a "
         "moment, then tap again.")
INVITES = N_("You have started many invites, events or seasons in a short time: nothing was "
           "changed. Use the links you already have, or try again in a few minutes.")
IMPORTS = N_("You have imported many files in a short time: nothing was read. Try again "
           "in a minute.")
STREAMS = N_("This browser already has the most live tables open at once: close another "
           "tab of the game, then reload this one.")
PAGES = N_("You are opening pages faster than anyone reads them: wait a moment, then "
         "reload the page.")
EXPORTS = N_("You have asked for many statistics or downloads in a short time: wait a "
           "minute, then ask again.")
BUSY = N_("Many pages are being prepared for your network just now: nothing was done. "
         "Wait a moment, then try again.")
SIGN_INS = N_("You have sent many codes or sign-ins in a short time: nothing was checked. "
            "Wait a few minutes, then try again.")

COSTLY: tuple[tuple[str, re.Pattern[str], str], ...] = (
    ("GET", re.compile(r"/stats(\.json|\.csv)?|/privacy/data\.json"
                       r"|/play/history/[^/]+(/[^/]+)?\.txt|/score/[^/]+/export"
                       r"|/events/[^/]+/results\.(csv|json)|/seasons/[^/]+/table\.(csv|json)"),
     "exports"),
    ("GET", re.compile(r"/play/history(/[^/]+(/[^/]+(/together)?)?)?|/daily"
                       r"|/score/(shared/)?[^/]+|/shared/hand/[^/]+|/watch/[^/]+|/play/h2h"
                       r"|/train(/puzzle)?|/seasons/[^/]+"), "pages"),
    ("POST", re.compile(r"/train/answer|/train/puzzle"), "pages"),
    ("POST", re.compile(r"/play/history/import|/score/import"), "imports"),
    ("POST", re.compile(r"/play/friend|/play/watch/link|/events|/seasons"), "invites"),
    ("POST", re.compile(r"/devices/join|/admin/sign-in|/events/host|/seasons/host"),
     "credentials"),
    ("POST", re.compile(r"/devices/(code|recovery)"), "sign_ins"),
)
"""The costly requests: method, path (under the app's root, matched whole) and the kind
of limit they count against (the first that matches). Every ``POST`` also counts
against ``posts``; making an event or a season counts as an invite; a season's page
(its running table and head to head) as a page. A *credential* (a device or
recovery code entered, an event's host code, the operator's token) is counted per
browser only, never per address: the route checks it first and the right one always
gets in, however many wrong ones came from its address
(``app.core.attempts`` answers those 429 after the check). A review's ``/analysis`` and
``/luck`` fragments are not counted: a page asks for them every two seconds while a hand
is analysed, and they read one row."""


@dataclass(frozen=True, slots=True)
class Client:
    """Who sent a request: the hash of the browser's session cookie (``None`` without a
    valid one; each device of a history counts on its own) and the client address."""

    browser: str | None
    address: str

    @classmethod
    def of(cls, scope: Scope) -> Client:
        """The client of an HTTP ``scope``: a bot (``Authorization: Bearer`` with a bot
        token's shape, docs/bots.md) counts as a browser, its token's hash the key."""
        cookie = None
        for name, value in scope.get("headers", ()):
            if name == b"cookie":
                for part in value.decode("latin-1").split(";"):
                    key, _, found = part.strip().partition("=")
                    if key == COOKIE_NAME and is_valid_token(found):
                        cookie = token_hash(found)  # kept in memory: never the token
            elif name == b"authorization" and cookie is None:
                bot = bearer_token(value.decode("latin-1"))
                if bot is not None:
                    cookie = bot_hash(bot)
        client = scope.get("client")
        return cls(cookie, client[0] if client else "unknown")

    @property
    def owner(self) -> str:
        """The key the process pool serves in turn (``b:<cookie's hash>`` or
        ``a:<address>``)."""
        return f"b:{self.browser}" if self.browser else f"a:{self.address}"


def kind_of(method: str, path: str) -> str | None:
    """The kind of limit (besides ``posts``) a ``method`` request to ``path`` (under the
    app's root) counts against, or ``None`` (see :data:`COSTLY`)."""
    for costly_method, pattern, kind in COSTLY:
        if method == costly_method and pattern.fullmatch(path):
            return kind
    return None


class FairUse:
    """One app instance's limits (from its settings), their counters (``store``: in
    memory, or shared through PostgreSQL) and its in-flight places."""

    def __init__(self, settings: Settings, store: RateStore | None = None) -> None:
        self.store: RateStore = store or MemoryRates()
        self.rates: dict[str, tuple[Rate, Rate]] = {
            "posts": (settings.limit_posts_per_browser, settings.limit_posts_per_address),
            "invites": (settings.limit_invites_per_browser,
                        settings.limit_invites_per_address),
            "imports": (settings.limit_imports_per_browser,
                        settings.limit_imports_per_address),
            "pages": (settings.limit_pages_per_browser, settings.limit_pages_per_address),
            "exports": (settings.limit_exports_per_browser,
                        settings.limit_exports_per_address),
            "sign_ins": (settings.limit_sign_ins_per_browser,
                         settings.limit_sign_ins_per_address),
            "credentials": (settings.limit_sign_ins_per_browser,
                            settings.limit_sign_ins_per_address),
        }
        self.messages = {"posts": POSTS, "invites": INVITES, "imports": IMPORTS,
                         "pages": PAGES, "exports": EXPORTS, "sign_ins": SIGN_INS,
                         "credentials": SIGN_INS}
        self.streams = (InFlight(settings.limit_streams_per_browser, STREAMS, "streams", 5),
                        InFlight(settings.limit_streams_per_address, STREAMS, "streams", 5))
        self.costly = InFlight(settings.limit_costly_in_flight_per_address, BUSY, "busy", 1)
        """Costly requests being answered per client address."""
        self.busy: dict[str, InFlight] = {}
        self._threads: ThreadPoolExecutor | None = None

    def refuse_while_busy(self, path: str, gate: InFlight) -> None:
        """Refuse a ``POST`` to ``path`` (under the app's root, e.g. ``"/play/hint"``)
        with ``gate``'s message while the browser (its cookie's hash, the gate's key) holds
        all of ``gate``'s places, or while its address holds the most jobs of the
        process pool (:func:`app.core.workers.address_busy`); the route still holds the
        gate itself."""
        self.busy[path] = gate

    def check_busy(self, path: str, client: Client) -> None:
        """Raises :class:`Refused` when ``client``'s browser holds all of the places of
        the gate registered for ``path`` (:meth:`refuse_while_busy`), or its address
        the most pool jobs."""
        gate = self.busy.get(path)
        if gate is None:
            return
        if client.browser is not None and gate.held(client.browser) >= gate.limit:
            raise Refused(gate.message, gate.retry_after, gate.kind)
        refused = workers.address_busy(client.address)
        if refused is not None:
            raise refused

    def events(self, kinds: list[str], client: Client) -> list[tuple[str, Rate]]:
        """The counters one request of ``kinds`` spends: each kind's browser key (with
        a cookie) and address key, with their rates; a request that carries a credential
        (kind ``credentials``) spends no address key at all, so that no flood from its
        address refuses the right code or token before it is checked."""
        found = []
        by_address = "credentials" not in kinds
        for kind in kinds:
            per_browser, per_address = self.rates[kind]
            if client.browser is not None:
                found.append((f"{kind}:b:{client.browser}", per_browser))
            if by_address:
                found.append((f"{kind}:a:{client.address}", per_address))
        return found

    async def count(self, kinds: list[str], client: Client) -> None:
        """Count one request of ``kinds`` (``posts`` and the like) of ``client`` against
        every limit of each, its browser's and its address's. Raises :class:`Refused`
        (with the message of the last kind) when any has no room. A shared store is
        asked in a thread of its own; when the database fails the request is let
        through (logged)."""
        events = self.events(kinds, client)
        if isinstance(self.store, MemoryRates):
            wait = self.store.hit(events)
        else:
            if self._threads is None:
                self._threads = ThreadPoolExecutor(CONNECTIONS, "fair-use")
            try:
                wait = await asyncio.get_running_loop().run_in_executor(
                    self._threads, self.store.hit, events)
            except Exception:  # the database failed: the request meets it, not a 500 here
                log.warning("fair use: the shared counters failed; request let through",
                            exc_info=True)
                wait = 0.0
        if wait > 0:
            kind = kinds[-1]
            raise Refused(self.messages[kind], max(1, int(-(-wait // 1))), kind)

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

    def close(self) -> None:
        """Stop the shared store's threads and connections (the app's lifespan ends)."""
        if self._threads is not None:
            self._threads.shutdown(wait=False)
            self._threads = None
        if isinstance(self.store, SqlRates):
            self.store.close()


def fair_use(request: Request) -> FairUse:
    """The running app's :class:`FairUse`."""
    found: FairUse = request.app.state.fair_use
    return found


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


def _headers(refused: Refused) -> dict[str, str]:
    return {"Retry-After": str(refused.retry_after), "Cache-Control": "no-store"}


def too_many(request: Request, refused: Refused) -> Response:
    """The 429 answer for ``refused`` raised by a route (its work already begun): with
    ``Retry-After``; the error page for a navigation, a short fragment for htmx or a
    script, plain text otherwise."""
    metrics.refused(refused.kind or "limit")
    if wants_html(request):
        response = error_page(request, 429, refused.message, retry_after=refused.retry_after)
        response.headers.update(_headers(refused))
        return response
    choose_language(request)
    return _short(gettext(refused.message), is_htmx(request), refused, _app_path(request))


API = "/api/"
"""Paths under the app's root that answer JSON (the bot protocol): a refusal there is
``{"error", "cause", "status"}`` (docs/bots.md)."""


def _short(message: str, htmx: bool, refused: Refused, path: str = "") -> Response:
    if path.startswith(API):
        return JSONResponse({"error": message, "cause": f"limit:{refused.kind or 'limit'}",
                             "status": 429}, status_code=429, headers=_headers(refused))
    if htmx:
        return HTMLResponse(
            f'<p class="play-status__refused" role="alert">{escape(message)}</p>',
            status_code=429, headers=_headers(refused))
    return PlainTextResponse(message, status_code=429, headers=_headers(refused))


@lru_cache(maxsize=256)
def _small_page(language: str, message: str, root: str) -> tuple[str, str]:
    """The page a browser's refused navigation gets, before and after its sentence of
    how long to wait: the message in ``language``, the app's style sheet and a link
    home; made once per language, message and root."""
    with i18n.language(language):
        title, text, home = gettext(TITLES[429]), gettext(message), gettext("Home")
        brand = gettext("Gin Rummy")
    return (f'<!DOCTYPE html><html lang="{escape(language)}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{escape(title)} · {escape(brand)}</title><link rel="stylesheet" '
            f'href="{escape(root)}{static_url("app.css")}"></head><body><main>'
            '<section class="panel error-page" role="alert" data-status="429">'
            f'<h1>{escape(title)}</h1><p>{escape(text)}</p><p class="error-page__retry">',
            f'</p><p><a class="btn btn--primary" href="{escape(root)}/">{escape(home)}</a>'
            '</p></section></main></body></html>')


def _app_path(request: Request) -> str:
    path: str = request.scope["path"]
    return path.removeprefix(request.scope.get("root_path", ""))


def refusal(request: Request, refused: Refused) -> Response:
    """The 429 answer for ``refused`` met before any work (the middleware's): made
    from the request's headers only, never a database query or a template — a small
    page (:func:`_small_page`) for a browser's navigation, in the language its
    ``Accept-Language`` asks, a fragment for htmx, plain text otherwise."""
    metrics.refused(refused.kind or "limit")
    language = i18n.negotiate(request.headers.get("accept-language"))
    with i18n.language(language):
        if not wants_html(request) or _app_path(request).startswith(API):
            return _short(gettext(refused.message), is_htmx(request), refused,
                          _app_path(request))
        wait = i18n.ngettext("You can try again in %(count)s second.",
                             "You can try again in %(count)s seconds.",
                             refused.retry_after, count=refused.retry_after)
    before, after = _small_page(language, refused.message, request.scope.get("root_path", ""))
    return HTMLResponse(before + str(escape(wait)) + after, status_code=429,
                        headers={**_headers(refused), "Vary": "Accept-Language"})


class FairUseMiddleware:
    """Sets the request's owner and address for the process pool and counts each
    request against the limits of its kind (429 beyond them, or to a busy path,
    before anything else is read or written: :func:`refusal`)."""

    def __init__(self, app: ASGIApp, fair: FairUse) -> None:
        self.app, self.fair = app, fair

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """ASGI entry point."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        client = Client.of(scope)
        token, at = owner.set(client.owner), fairuse.address.set(client.address)
        try:
            method = scope["method"]
            path = scope["path"].removeprefix(scope.get("root_path", ""))
            kind = kind_of(method, path)
            kinds = (["posts"] if method == "POST" else []) + ([kind] if kind else [])
            held = False  # one of the address's places for costly requests
            try:
                if kind is not None:
                    held = self.fair.costly.acquire(client.address)
                    if not held:
                        raise Refused(BUSY, self.fair.costly.retry_after, "busy")
                if kinds:
                    await self.fair.count(kinds, client)
                if method == "POST":
                    self.fair.check_busy(path, client)
            except Refused as refused:
                if held:
                    self.fair.costly.release(client.address)
                await refusal(Request(scope, receive), refused)(scope, receive, send)
                return
            try:
                await self.app(scope, receive, send)
            finally:
                if held:
                    self.fair.costly.release(client.address)
        finally:
            fairuse.address.reset(at)
            owner.reset(token)


def store_for(settings: Settings) -> RateStore:
    """The rate counters for ``settings``' database: shared through the table on
    PostgreSQL (:class:`app.core.sharedrates.SqlRates`), else in memory."""
    if make_url(settings.database_url).get_backend_name() == "postgresql":
        return SqlRates(settings.database_url)
    return MemoryRates()


def install(app: FastAPI, settings: Settings) -> FairUse:
    """Give ``app`` its :class:`FairUse` (``app.state.fair_use``) and answer every
    :class:`Refused` raised by a route with :func:`too_many`; the caller adds
    :class:`FairUseMiddleware` with the returned object and calls its ``close`` at the
    end."""
    fair = FairUse(settings, store_for(settings))
    app.state.fair_use = fair

    async def refused(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, Refused)
        return too_many(request, exc)

    app.add_exception_handler(Refused, refused)
    return fair


__all__ = ["COSTLY", "Client", "FairUse", "FairUseMiddleware", "fair_use", "held_until_closed",
           "install", "kind_of", "refusal", "store_for", "stream_slot", "too_many"]
