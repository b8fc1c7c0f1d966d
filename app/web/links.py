"""Where pages point to one another: the one place that turns an app path into a URL.

The app's code, its features and its templates speak in *app paths*, absolute from the
app's own root: ``/play``, ``/guide/deal#upcard``, ``/static/app.css?v=...``. Only what
leaves for the browser gets the sub-path the app is served under (``BASE_PATH``, or an
ASGI server's root path, e.g. ``/gin``), and only through this module:

* :func:`base_path` — the sub-path of a request (its ASGI ``root_path``; ``""`` at the root);
* :func:`app_url` — an app path as the browser must ask for it: ``/gin/play``;
* :func:`see_other` — a ``303`` to an app path (every redirect after a form);
* :func:`return_path` — a return-to parameter (``back``) read as an app path, the
  sub-path taken off when it carries it;
* :func:`cookie_path` — the ``Path`` of every cookie the app sets or deletes;
* templates get ``base`` (``{{ base }}/play``, from :func:`template_context`), and the
  scripts read it from ``<meta name="app-base">`` in ``templates/base.html``.

Also the guide sections that explain each step of the play screen. In :mod:`app.web`
because both sides need them and neither may import the other: the play screen
(:mod:`app.table.screen`) links to the guide, and the guide (:mod:`app.guide`, which
re-exports :func:`guide_link_for`; its tests check every target exists) owns the pages.
Imports nothing of the app.
"""

import re
from collections.abc import Mapping
from typing import Any

from starlette.requests import HTTPConnection
from starlette.responses import RedirectResponse


def base_path(scope: Mapping[str, Any]) -> str:
    """The sub-path the app is served under for this ASGI ``scope`` (or request): ``"/gin"``,
    or ``""`` at the root. Set by ``app.web.middleware.BasePathMiddleware`` from
    ``BASE_PATH``, or by the ASGI server (``uvicorn --root-path``)."""
    if isinstance(scope, HTTPConnection):
        scope = scope.scope
    return str(scope.get("root_path", "")).rstrip("/")


def cookie_path(scope: Mapping[str, Any], path: str = "/") -> str:
    """The ``Path`` of a cookie for app path ``path`` (the whole app by default): ``/``,
    or the sub-path (``/gin``); ``/gin/admin`` for ``"/admin"``. So a cookie goes to this
    app only, and setting, replacing and deleting it name the same path."""
    base = base_path(scope)
    return (base or "/") if path == "/" else under(base, path)


def route_path(scope: Mapping[str, Any]) -> str:
    """The request's app path, without the sub-path: ``/play`` for ``/gin/play``."""
    if isinstance(scope, HTTPConnection):
        scope = scope.scope
    path, base = str(scope["path"]), base_path(scope)
    if base and (path == base or path.startswith(base + "/")):
        path = path[len(base):]
    return path or "/"


def under(base: str, path: str) -> str:
    """App path ``path`` (absolute from the app's root, e.g. ``"/play"`` or
    ``"/score/3#answer"``) under sub-path ``base``: ``under("/gin", "/play") ==
    "/gin/play"``. Raises ``ValueError`` for anything but an app path (a full URL,
    ``//host``, a relative path)."""
    if not path.startswith("/") or path.startswith("//"):
        raise ValueError(f"not an app path: {path!r}")
    return base + path


_RETURN_PATH = re.compile(r"/|(?:/[A-Za-z0-9_-]+){1,30}")
RETURN_PATH_MAX = 200


def return_path(value: str | None, base: str = "") -> str:
    """A return-to address from a link or a form (``back``: where Leave or the settings'
    link goes back to) as an app path, or ``""`` when it is not one. Only a plain local
    path passes (``/``, ``/play``, ``/score/3``: no scheme, host, ``//host``, query,
    ``..`` or other characters, at most :data:`RETURN_PATH_MAX` characters); and a path
    that already carries the sub-path ``base`` (``/gin/play`` under ``/gin``, a URL as
    the browser showed it) has it taken off, so ``{{ base }}{{ back }}`` never doubles it.
    The one reader of every return-to parameter."""
    text = value or ""
    if base and (text == base or text.startswith(base + "/")):
        text = text[len(base):] or "/"
    if len(text) > RETURN_PATH_MAX or not _RETURN_PATH.fullmatch(text):
        return ""
    return text


def app_url(scope: Mapping[str, Any], path: str) -> str:
    """The URL the browser asks for to reach app path ``path`` in this request's app:
    ``"/gin/play"`` under ``/gin`` (see :func:`under`)."""
    return under(base_path(scope), path)


def see_other(scope: Mapping[str, Any], path: str) -> RedirectResponse:
    """``303 See Other`` to app path ``path`` (the answer to a form post), under the
    request's sub-path."""
    return RedirectResponse(app_url(scope, path), status_code=303)


def template_context(request: Any) -> dict[str, Any]:
    """What every template gets from its request (a Jinja2Templates context processor):
    ``base`` (the sub-path, ``""`` at the root) and ``here`` (the app path shown)."""
    return {"base": base_path(request), "here": route_path(request)}


_PHASE_LINKS: dict[str, str] = {
    "upcard_offer": "/guide/deal#upcard",
    "draw": "/guide/turn#draw",
    "discard": "/guide/turn#discard",
    "knock": "/guide/knocking#knock",
    "gin": "/guide/knocking#gin",
    "layoff": "/guide/knocking#laying-off",
    "over": "/guide/scoring",
    "void": "/guide/void",
    "match_over": "/guide/match",
    "new_match": "/guide/options",
}


def guide_link_for(phase: Any) -> str:
    """The guide section that explains a step of the play screen, as an app path.

    ``phase`` is an engine ``Phase`` (or its string value: ``"upcard_offer"``,
    ``"draw"``, ``"discard"``, ``"over"``) or one of the screen's own steps
    (``"void"``, ``"match_over"``, ``"new_match"``, ``"knock"``, ``"gin"``,
    ``"layoff"``). Anything else gets ``/guide``, the table of contents.
    Example: ``guide_link_for(Phase.UPCARD_OFFER) == "/guide/deal#upcard"``.
    """
    key = getattr(phase, "value", phase)
    return _PHASE_LINKS.get(str(key).lower(), "/guide")
