"""The security values without the app: the Content-Security-Policy (own scripts, no
framing, the worker and the manifest from the site) and the origin matching of the
cross-site check."""

from __future__ import annotations

import pytest
from starlette.datastructures import Headers

from app.web.security import CONTENT_SECURITY_POLICY, is_same_origin


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
    ("host", "origin", "same"),
    [
        ("example.com", "https://example.com", True),
        ("example.com:443", "https://example.com", True),
        ("EXAMPLE.com", "https://example.com", True),
        ("localhost:8000", "http://localhost:8000", True),
        ("localhost:8000", "http://localhost:8001", False),
        ("example.com", "http://example.com.evil.net", False),
        ("example.com", "javascript:alert(1)", False),
        ("", "https://example.com", False),
    ],
)
def test_origin_matching(host: str, origin: str, same: bool) -> None:
    headers = Headers({"host": host, "origin": origin} if host else {"origin": origin})
    assert is_same_origin(headers, "http") is same


def test_csp_names_the_worker_and_manifest_sources() -> None:
    directives = dict(part.split(" ", 1) for part in CONTENT_SECURITY_POLICY.split("; "))
    assert directives["worker-src"] == "'self'"
    assert directives["manifest-src"] == "'self'"
    assert directives["script-src"] == "'self'"
