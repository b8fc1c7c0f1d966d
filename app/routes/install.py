"""Installing the app: the web app manifest, the service worker, the offline page.

* ``/manifest.webmanifest`` — name, icons (an SVG of any size, then any and maskable
  PNGs), ``display: standalone``, start URL and scope the app's root (``/``, or ``/gin/``
  under a sub-path), theme and background colours.
* ``/sw.js`` — the service worker, served from the app's root so its scope covers the
  whole app (and nothing beside it under a sub-path). ``static/app.js`` registers it
  once the page has loaded and the browser is idle. Its install fetches only what the
  offline page needs (``/offline`` and :data:`OFFLINE_FILES`); every other static file
  enters its cache when a page fetches it (the icons only if the browser asks for them).
  It answers only: static files from its cache, and a page navigation that fails for want
  of a connection with the offline page. Everything else (every form post, every htmx
  tap) goes to the network untouched: the game state lives on the server only. Its text
  carries a version made of every static file's content hash, so any change to a static
  file installs a new worker with an empty cache.
* ``/offline`` — the "no connection" page (a normal page, also reachable online).
"""

import hashlib
import json
from functools import lru_cache
from pathlib import PurePosixPath

from fastapi import APIRouter, Request
from starlette.responses import Response

from app.core import i18n
from app.core.i18n import gettext
from app.web.display import THEME_COLOURS
from app.web.links import base_path, under
from app.web.render import STATIC_DIR, render, static_url, templates

router = APIRouter()

ICONS: tuple[tuple[str, str, str], ...] = (
    ("icons/icon.svg", "any", "any"),
    ("icons/icon-192.png", "192x192", "any"),
    ("icons/icon-512.png", "512x512", "any"),
    ("icons/maskable-192.png", "192x192", "maskable"),
    ("icons/maskable-512.png", "512x512", "maskable"),
)
"""``(file under static/, sizes, purpose)`` of each manifest icon: the SVG first, for the
browsers that take one, then square PNGs (``scripts/make_icons.py`` draws them all)."""

ICON_TYPES = {".svg": "image/svg+xml", ".png": "image/png"}
"""An icon's MIME type by its file's suffix."""

OFFLINE_FILES: tuple[str, ...] = ("app.css",)
"""The static files (under ``static/``) the offline page needs besides itself: its
stylesheet. The service worker precaches these and ``/offline``, nothing else."""

MANIFEST_MAX_AGE = 86_400
"""Seconds a browser keeps ``/manifest.webmanifest?lang=…``: after a release, its new
name or icons reach an installed app within a day."""

BACKGROUND = "#f5f3ec"
"""The splash screen's background: the light theme's paper colour."""


@lru_cache(maxsize=16)
def manifest(base: str = "", language: str = i18n.SOURCE) -> dict[str, object]:
    """The web app manifest as a dict (W3C Web App Manifest members), for the app served
    under ``base`` (``""`` or a sub-path such as ``"/gin"``, see ``app.web.links``), its
    name, description and ``lang`` in ``language`` (one of ``app.core.i18n.LANGUAGES``)."""
    with i18n.language(language):
        name = gettext("Gin Rummy")
        description = gettext("Play gin rummy against the computer, keep score, learn the "
                              "rules.")
        language = i18n.current()
    return {
        "name": name,
        "short_name": name,
        "description": description,
        "id": under(base, "/"),
        "start_url": under(base, "/"),
        "scope": under(base, "/"),
        "display": "standalone",
        "orientation": "any",
        "lang": language,
        "theme_color": THEME_COLOURS["light"],
        "background_color": BACKGROUND,
        "categories": ["games"],
        "icons": [
            {"src": under(base, static_url(path)), "sizes": sizes,
             "type": ICON_TYPES[PurePosixPath(path).suffix], "purpose": purpose}
            for path, sizes, purpose in ICONS
        ],
    }


@router.get("/manifest.webmanifest", include_in_schema=False)
def web_manifest(request: Request, lang: str = "") -> Response:
    """The manifest, as ``application/manifest+json``, in the language ``lang`` (what
    each page links: ``?lang=`` its own language), else the page's language (the
    Settings' or the browser's: ``app.web.deps.use_language``). With ``lang`` its text
    depends on the URL and the release only, so the browser keeps it for a day
    (:data:`MANIFEST_MAX_AGE`: Chromium asks for it on every page, and a second visit is
    then the page alone); without, it depends on the cookie and is never reused."""
    given = lang in i18n.LANGUAGES
    headers = {"Cache-Control": f"max-age={MANIFEST_MAX_AGE}" if given else "no-cache"}
    if not given and getattr(request.state, "language_varies", False):
        headers["Vary"] = "Accept-Language"
    return Response(
        json.dumps(manifest(base_path(request), lang if given else i18n.current()), indent=1,
                   ensure_ascii=False),
        media_type="application/manifest+json",
        headers=headers,
    )


@lru_cache(maxsize=1)
def static_files() -> tuple[str, ...]:
    """The versioned app path of every file under ``static/`` (all but the vendoring
    notes): what the service worker's version is made of."""
    files = sorted(
        path.relative_to(STATIC_DIR).as_posix()
        for path in STATIC_DIR.rglob("*")
        if path.is_file() and path.suffix != ".md"
    )
    return tuple(static_url(name) for name in files)


def precached_files() -> tuple[str, ...]:
    """The versioned app path of each of :data:`OFFLINE_FILES`: the static files the
    service worker fetches when it installs (``/offline`` besides)."""
    return tuple(static_url(name) for name in OFFLINE_FILES)


@lru_cache(maxsize=4)
def service_worker_source(base: str = "") -> str:
    """The service worker's JavaScript: ``templates/sw.js`` with its precache list and
    version (a hash of every static file's versioned path), every URL under ``base``
    (``""`` or a sub-path such as ``"/gin"``)."""
    every = "\n".join(under(base, path) for path in static_files())
    version = hashlib.sha256(every.encode()).hexdigest()[:12]
    return templates.env.get_template("sw.js").render(
        version=version, files_json=json.dumps([under(base, path) for path in precached_files()]),
        offline_url=under(base, "/offline"), static_prefix=under(base, "/static/"),
    )


@router.get("/sw.js", include_in_schema=False)
def service_worker(request: Request) -> Response:
    """The service worker script; never cached by HTTP so updates are found at once. Its
    scope is the app's root (``Service-Worker-Allowed``), never more."""
    base = base_path(request)
    return Response(
        service_worker_source(base),
        media_type="text/javascript",
        headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": under(base, "/")},
    )


@router.get("/offline", name="offline")
def offline(request: Request) -> Response:
    """The page shown by the service worker when a page cannot be loaded."""
    return render(request, "offline.html")
