"""The security values without the app: the Content-Security-Policy (own scripts, no
framing, the worker and the manifest from the site) and the origin matching of the
cross-site check."""

from __future__ import annotations

import pytest
from starlette.datastructures import Headers

from app.web.security import CONTENT_SECURITY_POLICY, is_same_origin, origin_of


def test_csp_allows_only_own_scripts_and_no_framing() -> None:
    directives = dict(
        (part.split()[0], part.split()[1:]) for part in CONTENT_SECURITY_POLICY.split("; ")
    )
    assert directives["script-src"] == ["'self'"]
    assert directives["style-src"] == ["'self'"]
    assert directives["img-src"] == ["'self'"]
    assert directives["frame-ancestors"] == ["'none'"]
    assert "'unsafe-inline'" not in CONTENT_SECURITY_POLICY
    assert "'unsafe-eval'" not in CONTENT_SECURITY_POLICY


@pytest.mark.parametrize(
    ("scheme", "host", "origin", "same"),
    [
        ("https", "example.com", "https://example.com", True),
        ("https", "example.com:443", "https://example.com", True),
        ("https", "EXAMPLE.com", "HTTPS://example.COM/x", True),
        ("http", "localhost:8000", "http://localhost:8000", True),
        ("http", "example.com", "http://example.com:80", True),
        # Another scheme, port or host is another site.
        ("http", "example.com", "https://example.com", False),
        ("https", "example.com", "http://example.com", False),
        ("http", "example.com:443", "https://example.com", False),
        ("http", "localhost:8000", "https://localhost:8000", False),
        ("http", "localhost:8000", "http://localhost:8001", False),
        ("https", "example.com", "https://example.com:8443", False),
        ("http", "example.com", "http://example.com.evil.net", False),
        ("http", "example.com", "http://evil.net", False),
        ("http", "example.com", "javascript:alert(1)", False),
        ("http", "example.com", "http://example.com:99999", False),
        ("http", "", "https://example.com", False),
    ],
)
def test_origin_matching(scheme: str, host: str, origin: str, same: bool) -> None:
    headers = Headers({"host": host, "origin": origin} if host else {"origin": origin})
    assert is_same_origin(headers, scheme) is same
    referer = Headers({"host": host, "referer": origin + "/page"} if host else {"referer": origin})
    assert is_same_origin(referer, scheme) is same


def test_the_public_url_is_an_own_origin_too() -> None:
    public = origin_of("https://cards.example.org/gin")
    assert public == ("https", "cards.example.org", 443)
    headers = Headers({"host": "127.0.0.1:8000", "origin": "https://cards.example.org"})
    assert is_same_origin(headers, "http", {public})
    assert not is_same_origin(headers, "http")
    other = Headers({"host": "127.0.0.1:8000", "origin": "http://cards.example.org"})
    assert not is_same_origin(other, "http", {public})


def test_csp_names_the_worker_and_manifest_sources() -> None:
    directives = dict(part.split(" ", 1) for part in CONTENT_SECURITY_POLICY.split("; "))
    assert directives["worker-src"] == "'self'"
    assert directives["manifest-src"] == "'self'"
    assert directives["script-src"] == "'self'"
