"""Installing the app: manifest, icons, service worker scope, offline page.

HTTP checks: the manifest is valid JSON with the members an installable app needs, every
icon is a PNG of the size it claims, ``/sw.js`` is JavaScript served from the root.
Browser checks (Chromium): the service worker registers with scope ``/``, caches only
static files and the offline page, and shows the offline page when the server is gone.
"""

from __future__ import annotations

import json
import re
import struct
from collections.abc import Callable
from typing import Any

import pytest
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
    assert '<link rel="manifest" href="/manifest.webmanifest">' in html
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


def test_csp_names_the_worker_and_manifest_sources() -> None:
    directives = dict(part.split(" ", 1) for part in CONTENT_SECURITY_POLICY.split("; "))
    assert directives["worker-src"] == "'self'"
    assert directives["manifest-src"] == "'self'"
    assert directives["script-src"] == "'self'"


def test_offline_page_says_no_connection_and_that_the_game_is_safe(client: TestClient) -> None:
    response = client.get("/offline")
    assert response.status_code == 200
    assert "No connection" in response.text
    assert "kept safe on the server" in response.text


# --- in Chromium ----------------------------------------------------------------------


@pytest.mark.browser
def test_service_worker_scope_and_offline_page(start_server: Callable[..., Any],
                                               new_page: Callable[..., Any]) -> None:
    server = start_server()
    page = new_page(390, 844)
    page.goto(server.url + "/")
    scope = page.evaluate("""async () => {
        const registration = await navigator.serviceWorker.ready;
        return registration.scope;
    }""")
    assert scope == server.url + "/"
    # Reload once so the page is controlled, then read what the worker cached.
    page.reload()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    cached = page.evaluate("""async () => {
        const urls = [];
        for (const key of await caches.keys()) {
            for (const request of await (await caches.open(key)).keys()) urls.push(request.url);
        }
        return urls;
    }""")
    paths = sorted(url.removeprefix(server.url) for url in cached)
    assert "/offline" in paths
    assert all(p == "/offline" or p.startswith("/static/") for p in paths), paths
    # The server goes away: a page navigation shows the offline page, served from cache.
    server.stop()
    page.goto(server.url + "/score")
    assert page.get_by_role("heading", name="No connection").is_visible()
    page.goto(server.url + "/play")
    assert page.get_by_role("heading", name="No connection").is_visible()
    # Static files still come from the cache, so the offline page is styled.
    header = page.evaluate(
        "getComputedStyle(document.querySelector('.site-header')).backgroundColor")
    assert header not in ("rgba(0, 0, 0, 0)", "")
