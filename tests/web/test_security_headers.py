"""Security headers, cross-site request refusal and the request body cap."""

from __future__ import annotations

import re

import pytest
from fastapi import FastAPI, Request
from fastapi.testclient import TestClient

from app.core.config import Settings
from app.main import create_app
from app.web.security import CONTENT_SECURITY_POLICY


@pytest.fixture
def echo_app(app: FastAPI) -> FastAPI:
    """The app plus a throwaway POST route that reads a form."""

    @app.post("/_test/echo")
    async def echo(request: Request) -> dict[str, int]:
        form = await request.form()
        return {"fields": len(form)}

    return app


@pytest.fixture
def echo_client(echo_app: FastAPI) -> TestClient:
    with TestClient(echo_app) as client:
        yield client  # type: ignore[misc]


@pytest.mark.parametrize("path", ["/", "/healthz", "/no-such-page", "/sw.js",
                                  "/static/cards.svg", "/static/no-such-file.css"])
def test_page_headers_on_every_document_worker_or_error(client: TestClient, path: str) -> None:
    # Pages, errors, the service worker and an SVG (a document when opened by itself).
    response = client.get(path)
    assert response.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["referrer-policy"] == "same-origin"
    assert response.headers["x-frame-options"] == "DENY"


@pytest.mark.parametrize("path", ["/static/app.css", "/static/table/main.js",
                                  "/static/htmx.min.js", "/static/icons/icon-192.png"])
def test_a_static_subresource_carries_nosniff_but_not_the_page_headers(
        client: TestClient, path: str) -> None:
    # The policy, framing and referrer of a stylesheet, script or icon are those of the
    # page that loads it: the file carries only what protects the file itself.
    response = client.get(path, headers={"accept-encoding": "gzip"})
    assert response.status_code == 200
    assert response.headers["x-content-type-options"] == "nosniff"
    for name in ("content-security-policy", "referrer-policy", "x-frame-options"):
        assert name not in response.headers, (path, name)


@pytest.mark.parametrize("path", ["/static/app.css", "/static/table/main.js",
                                  "/static/htmx.min.js"])
def test_static_text_files_are_sent_compressed(client: TestClient, path: str) -> None:
    response = client.get(path, headers={"accept-encoding": "gzip"})
    assert response.headers["content-encoding"] == "gzip"


def test_pages_are_not_cached_but_versioned_static_files_are(client: TestClient) -> None:
    assert client.get("/").headers["cache-control"] == "no-store"
    page = client.get("/").text
    css_url = page.split('href="/static/app.css', 1)[1].split('"', 1)[0]
    assert css_url.startswith("?v=")
    cached = client.get("/static/app.css" + css_url)
    assert "immutable" in cached.headers["cache-control"]


def test_page_has_no_inline_script_or_style(client: TestClient) -> None:
    page = client.get("/").text
    scripts = re.findall(r"<script[^>]*>", page)
    # Files of ours only, deferred or modules (which the policy's script-src 'self'
    # allows as it allows any script from this origin).
    assert scripts and all(
        re.fullmatch(r'<script src="/static/[\w.-]+\?v=[0-9a-f]{10}" defer>', tag)
        or re.fullmatch(r'<script type="module" src="/static/[\w./-]+\?v=[0-9a-f]{10}">', tag)
        for tag in scripts
    ), scripts
    assert "script-src 'self';" in CONTENT_SECURITY_POLICY
    assert "style=" not in page and "<style" not in page
    assert ' on' not in page.replace(" one", "").split("<body", 1)[1].split(">")[0]


def test_same_origin_post_is_accepted(echo_client: TestClient) -> None:
    for headers in [
        {"origin": "http://testserver"},
        {"referer": "http://testserver/play"},
        {},  # no browser: neither header
    ]:
        response = echo_client.post("/_test/echo", data={"a": "1"}, headers=headers)
        assert response.status_code == 200, headers


@pytest.mark.parametrize(
    "headers",
    [
        {"origin": "https://evil.example"},
        {"origin": "http://testserver.evil.example"},
        {"origin": "http://testserver:8080"},
        {"origin": "https://testserver"},  # the app is served over http here
        {"referer": "https://testserver/play"},
        {"origin": "http://testserver:443"},
        {"origin": "null"},
        {"referer": "https://evil.example/form"},
        {"origin": "https://evil.example", "referer": "http://testserver/"},
    ],
)
@pytest.mark.parametrize("method", ["POST", "PUT", "PATCH", "DELETE"])
def test_cross_site_request_is_refused(
    echo_client: TestClient, headers: dict[str, str], method: str
) -> None:
    response = echo_client.request(method, "/_test/echo", data={"a": "1"}, headers=headers)
    assert response.status_code == 403
    assert "Cross-site request refused" in response.text
    assert response.headers["x-frame-options"] == "DENY"


def test_cross_site_get_is_allowed(client: TestClient) -> None:
    assert client.get("/", headers={"origin": "https://evil.example"}).status_code == 200


def test_large_body_is_refused_with_413(echo_client: TestClient) -> None:
    big = {"text": "x" * (65 * 1024)}
    response = echo_client.post("/_test/echo", data=big)
    assert response.status_code == 413
    assert "too large" in response.text
    small = echo_client.post("/_test/echo", data={"text": "x" * 1000})
    assert small.status_code == 200


def test_streamed_large_body_without_length_is_refused(echo_client: TestClient) -> None:
    def chunks():  # type: ignore[no-untyped-def]
        for _ in range(100):
            yield b"a=" + b"x" * 1024 + b"&"

    response = echo_client.post(
        "/_test/echo",
        content=chunks(),
        headers={"content-type": "application/x-www-form-urlencoded"},
    )
    assert response.status_code == 413


def test_the_scheme_is_part_of_the_origin(echo_app: FastAPI) -> None:
    """Served over https (a TLS proxy's X-Forwarded-Proto, trusted), a form from the
    http page of the same host is another site, and the https one is not."""
    with TestClient(echo_app, base_url="https://testserver") as secure:
        for origin, status in (("https://testserver", 200), ("http://testserver", 403),
                               ("https://testserver:8443", 403), ("https://other", 403)):
            response = secure.post("/_test/echo", data={"a": "1"}, headers={"origin": origin})
            assert response.status_code == status, origin


def test_public_url_is_the_apps_origin_too(settings: Settings) -> None:
    """Behind a proxy that does not say the scheme, the address players open
    (PUBLIC_URL) is accepted, and only that one."""
    app = create_app(Settings(database_url=settings.database_url, analyse_hands=False,
                              public_url="https://cards.example.org/gin"))  # type: ignore[arg-type]
    with TestClient(app) as client:
        client.get("/")
        for origin, status in (("https://cards.example.org", 200),
                               ("http://cards.example.org", 403),
                               ("https://evil.example", 403)):
            response = client.post("/play/new", data={"level": "easy"},
                                   headers={"origin": origin})
            assert response.status_code == status, origin


def test_a_static_revalidation_carries_nosniff_but_not_the_page_headers(
        client: TestClient) -> None:
    # A 304 has no body: the browser keeps the headers it stored with the file.
    first = client.get("/static/table/main.js")
    again = client.get("/static/table/main.js", headers={"if-none-match": first.headers["etag"]})
    assert again.status_code == 304
    assert again.headers["x-content-type-options"] == "nosniff"
    assert "content-security-policy" not in again.headers
