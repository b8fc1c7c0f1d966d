"""The Host header: a host name or address with an optional port, else 400 on every
path; invite links and their QR codes come from ``PUBLIC_URL`` when it is set, else from
that checked Host."""

from __future__ import annotations

import re

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from app.core.config import Settings
from app.main import create_app
from tests.web.friend.test_friend import TOKEN, browser, invite

BAD_HOSTS: list[str | bytes] = [
    "a" * 2400,                       # the QR code of an invite built from it failed (500)
    "x" * 254 + ".org",
    "cards.example.org/evil",
    "cards example.org",
    "user@cards.example.org",
    "cards.example.org:99999",
    "cards.example.org:0",
    "[not-an-address]:8000",
    "c\xe4rds.example.org".encode("latin-1"),
]
GOOD_HOSTS = ["testserver", "cards.example.org", "192.168.1.20:8000", "[::1]:8000",
              "my-pi.lan"]
PATHS = [("GET", "/"), ("GET", "/play"), ("GET", "/play/friend/qr.svg"),
         ("GET", "/healthz"), ("GET", "/static/app.css"), ("GET", "/no-such-page"),
         ("POST", "/play"), ("POST", "/score"), ("HEAD", "/")]


@pytest.mark.parametrize("host", BAD_HOSTS, ids=lambda h: str(h)[:24])
@pytest.mark.parametrize(("method", "path"), PATHS)
def test_a_malformed_or_oversized_host_gets_400_everywhere(
    client: TestClient, host: str | bytes, method: str, path: str
) -> None:
    response = client.request(method, path, headers={"host": host})
    assert response.status_code == 400, (host[:40], path, response.status_code)
    if method != "HEAD":
        assert "Host" in response.text
    assert response.headers["x-content-type-options"] == "nosniff"


@pytest.mark.parametrize("host", GOOD_HOSTS)
def test_a_well_formed_host_is_served(client: TestClient, host: str) -> None:
    assert client.get("/", headers={"host": host}).status_code == 200


def test_the_invite_link_is_built_from_the_checked_host(app: FastAPI) -> None:
    host = browser(app)
    host.headers["host"] = "192.168.1.20:8000"
    token = invite(host)
    page = host.get("/play").text
    assert f"http://192.168.1.20:8000/play/friend/{token}" in page
    qr = host.get("/play/friend/qr.svg")
    assert qr.status_code == 200 and qr.text.lstrip().startswith("<?xml")


@pytest.mark.parametrize("public_url", ["https://cards.example.org",
                                        "https://example.org/gin/"])
def test_the_invite_link_and_qr_code_use_public_url(settings: Settings,
                                                    public_url: str) -> None:
    app = create_app(settings.model_copy(update={
        "public_url": Settings.model_validate({"public_url": public_url}).public_url}))
    with TestClient(app, base_url="http://testserver") as host:
        host.get("/")
        token = invite(host)
        page = host.get("/play", headers={"host": "127.0.0.1:8000"}).text
        links = {m.group(0) for m in re.finditer(r"https?://[^\s\"'<]+/play/friend/[\w-]+",
                                                 page)}
        assert links == {public_url.rstrip("/") + f"/play/friend/{token}"}, links
        assert "127.0.0.1" not in page
        assert TOKEN.search(page)
        assert host.get("/play/friend/qr.svg").status_code == 200


@pytest.mark.parametrize("value", ["ftp://cards.example.org", "https://", "cards.example.org",
                                   "https://user:pw@cards.example.org",
                                   "https://cards.example.org/?x=1",
                                   "https://cards.example.org/#top",
                                   "https://cards.example.org:70000",
                                   "https://" + "a" * 300 + ".org"])
def test_public_url_is_refused_unless_an_http_address(value: str) -> None:
    with pytest.raises(ValueError, match="public_url"):
        Settings.model_validate({"public_url": value})
