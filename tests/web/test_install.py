"""Installing the app: manifest, icons, service worker scope, offline page.

HTTP checks: the manifest is valid JSON with the members an installable app needs, every
icon is a PNG of the size it claims, ``/sw.js`` is JavaScript served from the root. The
browser checks (the service worker's scope and the offline page) are in
``tests/browser/test_install_browser.py``.
"""

from __future__ import annotations

import json
import re
import struct
from pathlib import Path

from fastapi.testclient import TestClient

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
    manifest = json.loads(response.text)
    assert manifest["name"] == "Gin Rummy" and manifest["short_name"]
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "/" and manifest["scope"] == "/"
    for member in ("theme_color", "background_color"):
        assert re.fullmatch(r"#[0-9a-f]{6}", manifest[member])
    purposes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("192x192", "maskable"),
            ("512x512", "maskable")} <= purposes


def test_every_icon_is_served_as_a_png_of_its_stated_size(client: TestClient) -> None:
    manifest = client.get("/manifest.webmanifest").json()
    for icon in manifest["icons"]:
        response = client.get(icon["src"])
        assert response.status_code == 200, icon["src"]
        assert response.headers["content-type"] == "image/png"
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


def test_the_service_worker_precaches_every_module_and_answers_their_imports(
        client: TestClient) -> None:
    # The table's modules import each other without ?v=: each is precached (versioned),
    # and the worker matches an unversioned static URL against its cache too.
    text = client.get("/sw.js").text
    files = json.loads(re.search(r"const FILES = (\[.*?\]);", text).group(1))  # type: ignore[union-attr]
    static = Path(__file__).resolve().parents[2] / "static"
    modules = sorted(path.relative_to(static).as_posix() for path in static.rglob("*.js"))
    assert "table/main.js" in modules and "table/queue.js" in modules
    assert [m for m in modules if not any(f.startswith(f"/static/{m}?v=") for f in files)] == []
    assert "ignoreSearch: !url.search" in text


def test_offline_page_says_no_connection_and_that_the_game_is_safe(client: TestClient) -> None:
    response = client.get("/offline")
    assert response.status_code == 200
    assert "No connection" in response.text
    assert "kept safe on the server" in response.text


# --- in Chromium ----------------------------------------------------------------------
