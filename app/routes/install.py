"""Installing the app: the web app manifest, the service worker, the offline page.

* ``/manifest.webmanifest`` — name, icons (any and maskable PNGs), ``display:
  standalone``, start URL and scope the app's root (``/``, or ``/gin/`` under a sub-path),
  theme and background colours.
* ``/sw.js`` — the service worker, served from the app's root so its scope covers the
  whole app (and nothing beside it under a sub-path). It precaches the static files and
  ``/offline`` and answers only: static files from its cache, and a page navigation that
  fails for want of a connection with the offline page. Everything else (every form post,
  every htmx tap) goes to the network untouched: the game state lives on the server only.
  Its text names each static file with its content hash, so any change to a static file
  installs a new worker and cache.
* ``/offline`` — the "no connection" page (a normal page, also reachable online).
"""

import hashlib
import json
from functools import lru_cache

from fastapi import APIRouter, Request
from starlette.responses import Response

from app.core import i18n
from app.core.i18n import gettext
from app.web.display import THEME_COLOURS
from app.web.links import base_path, under
from app.web.render import STATIC_DIR, render, static_url, templates

router = APIRouter()

ICONS: tuple[tuple[str, int, str], ...] = (
    ("icons/icon-192.png", 192, "any"),
    ("icons/icon-512.png", 512, "any"),
    ("icons/maskable-192.png", 192, "maskable"),
    ("icons/maskable-512.png", 512, "maskable"),
)
"""``(file under static/, size in px, purpose)`` of each manifest icon (square PNGs)."""

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
            {"src": under(base, static_url(path)), "sizes": f"{size}x{size}", "type": "image/png",
             "purpose": purpose}
            for path, size, purpose in ICONS
        ],
    }


@router.get("/manifest.webmanifest", include_in_schema=False)
def web_manifest(request: Request, lang: str = "") -> Response:
    """The manifest, as ``application/manifest+json``, in the language ``lang`` (what
    each page links: ``?lang=`` its own language), else the page's language (the
    Settings' or the browser's: ``app.web.deps.use_language``)."""
    given = lang in i18n.LANGUAGES
    headers = {"Cache-Control": "no-cache"}
    if not given and getattr(request.state, "language_varies", False):
        headers["Vary"] = "Accept-Language"
    return Response(
        json.dumps(manifest(base_path(request), lang if given else i18n.current()), indent=1,
                   ensure_ascii=False),
        media_type="application/manifest+json",
        headers=headers,
    )


@lru_cache(maxsize=1)
def precached_files() -> tuple[str, ...]:
    """The versioned app path of every file under ``static/`` (all but the vendoring
    notes)."""
    files = sorted(
        path.relative_to(STATIC_DIR).as_posix()
        for path in STATIC_DIR.rglob("*")
        if path.is_file() and path.suffix != ".md"
    )
    return tuple(static_url(name) for name in files)


@lru_cache(maxsize=4)
def service_worker_source(base: str = "") -> str:
    """The service worker's JavaScript: ``templates/sw.js`` with its file list and version,
    every URL under ``base`` (``""`` or a sub-path such as ``"/gin"``)."""
    files = [under(base, path) for path in precached_files()]
    version = hashlib.sha256("\n".join(files).encode()).hexdigest()[:12]
    return templates.env.get_template("sw.js").render(
        version=version, files_json=json.dumps(files), offline_url=under(base, "/offline"),
        static_prefix=under(base, "/static/"),
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
