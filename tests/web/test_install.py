"""Installing the app: manifest, icons, service worker scope, offline page.

HTTP checks: the manifest is valid JSON with the members an installable app needs, an
SVG icon first and every PNG icon of the size it claims and small, ``/sw.js`` is
JavaScript served from the root that precaches only what the offline page needs. The
browser checks (the service worker's scope, what its first install fetches, the offline
page) are in ``tests/browser/test_install_browser.py``.
"""

from __future__ import annotations

import hashlib
import json
import re
import struct
from pathlib import Path

from fastapi.testclient import TestClient

from app.routes import install
from app.web.security import CONTENT_SECURITY_POLICY

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk (raises on anything else)."""
    assert data[:8] == PNG_SIGNATURE, "not a PNG"
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_manifest_is_valid_json_with_what_installing_needs(client: TestClient) -> None:
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("application/manifest+json")
    assert response.headers["cache-control"] == "no-cache"  # the cookie's language
    assert client.get("/manifest.webmanifest?lang=en").headers["cache-control"] == (
        "max-age=86400")  # what a page links: a second visit does not fetch it again
    manifest = json.loads(response.text)
    assert manifest["name"] == "Gin Rummy" and manifest["short_name"]
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "/" and manifest["scope"] == "/"
    for member in ("theme_color", "background_color"):
        assert re.fullmatch(r"#[0-9a-f]{6}", manifest[member])
    purposes = {(icon["sizes"], icon["type"], icon["purpose"]) for icon in manifest["icons"]}
    assert {("any", "image/svg+xml", "any"), ("192x192", "image/png", "any"),
            ("512x512", "image/png", "any"), ("192x192", "image/png", "maskable"),
            ("512x512", "image/png", "maskable")} <= purposes


def test_every_icon_is_served_as_its_type_and_stated_size_and_small(
        client: TestClient) -> None:
    # The PNGs are quantised and recompressed by scripts/make_icons.py: 3.6-12.5 KB each
    # (they were 14-85 KB).
    manifest = client.get("/manifest.webmanifest").json()
    for icon in manifest["icons"]:
        response = client.get(icon["src"])
        assert response.status_code == 200, icon["src"]
        assert response.headers["content-type"].startswith(icon["type"])
        assert len(response.content) <= 16_000, icon["src"]
        if icon["type"] == "image/svg+xml":
            assert icon["sizes"] == "any" and response.text.startswith("<svg ")
        else:
            width, height = png_size(response.content)
            assert f"{width}x{height}" == icon["sizes"]


def test_pages_link_the_manifest_and_the_apple_touch_icon(client: TestClient) -> None:
    html = client.get("/").text
    assert '<link rel="manifest" href="/manifest.webmanifest?lang=en">' in html
    touch = re.search(r'<link rel="apple-touch-icon" href="([^"]+)">', html)
    assert touch is not None
    assert png_size(client.get(touch.group(1)).content) == (180, 180)
    assert '<meta name="theme-color"' in html


def test_service_worker_is_served_from_the_root_as_javascript(client: TestClient) -> None:
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/javascript")
    assert response.headers["cache-control"] == "no-cache"
    assert response.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    files = json.loads(re.search(r"const FILES = (\[.*?\]);", response.text).group(1))  # type: ignore[union-attr]
    assert files and all(re.fullmatch(r"/static/[\w./-]+\?v=[0-9a-f]{10}", f) for f in files)
    assert any(f.startswith("/static/app.css?v=") for f in files)
    assert "/play" not in files and "/score" not in files


def test_the_service_worker_precaches_only_what_the_offline_page_needs(
        client: TestClient) -> None:
    # Its install fetches the offline page and the stylesheets that page links, nothing
    # else: no icon, no script, no other page's CSS (the first visit stays small).
    text = client.get("/sw.js").text
    files = json.loads(re.search(r"const FILES = (\[.*?\]);", text).group(1))  # type: ignore[union-attr]
    offline = re.search(r'const OFFLINE = "([^"]*)"', text).group(1)  # type: ignore[union-attr]
    assert offline == "/offline"
    stylesheets = re.findall(r'<link rel="stylesheet" href="([^"]+)">',
                             client.get(offline).text)
    assert stylesheets and sorted(files) == sorted(stylesheets)
    assert not [f for f in files if "/icons/" in f or f.split("?")[0].endswith((".png", ".js"))]


def test_the_service_worker_caches_the_other_files_as_fetched_and_answers_imports(
        client: TestClient) -> None:
    # Every other static file enters the cache when a page fetches it; the table's
    # modules import each other without ?v=, and the worker matches an unversioned
    # static URL against its cache too. Its version covers every static file, so a
    # changed module means a new worker with an empty cache.
    text = client.get("/sw.js").text
    assert "cache.put(request, response.clone())" in text
    assert "ignoreSearch: !url.search" in text
    static = Path(__file__).resolve().parents[2] / "static"
    every = sorted(path.relative_to(static).as_posix() for path in static.rglob("*")
                   if path.is_file() and path.suffix != ".md")
    assert "table/queue.js" in every and "icons/icon-512.png" in every
    assert [f.split("?")[0] for f in install.static_files()] == [f"/static/{f}" for f in every]
    version = re.search(r'const CACHE = "gin-static-([0-9a-f]{12})";', text).group(1)  # type: ignore[union-attr]
    assert version == hashlib.sha256("\n".join(install.static_files()).encode()).hexdigest()[:12]


def test_offline_page_says_no_connection_and_that_the_game_is_safe(client: TestClient) -> None:
    response = client.get("/offline")
    assert response.status_code == 200
    assert "No connection" in response.text
    assert "kept safe on the server" in response.text


# --- in Chromium ----------------------------------------------------------------------
