"""No secret in any log line of a real ``python -m app`` (text and JSON logs, at debug):
the invite flow, a device code and a recovery code, the operator's sign-in and the
metrics' bearer token are driven with known secrets, in paths, query strings, forms and
headers, and none of them (nor a session cookie) is in what the server printed, while
the requests themselves are (their secrets cut: ``app.core.logs.redact``)."""

from __future__ import annotations

import re
from collections.abc import Callable

import httpx
import pytest

from app.core.logs import CUT
from app.web.sessions import COOKIE_NAME
from tests.support.servers import LiveServer

ADMIN_TOKEN = "correct horse battery staple, admin"  # no token shape: cut as configured
METRICS_TOKEN = "metrics-0123456789-ABCDEFGH"
INVITE = re.compile(r"/play/friend/([A-Za-z0-9_-]{16,})")


def _browser(server: LiveServer) -> httpx.Client:
    client = httpx.Client(base_url=server.url, timeout=30)
    assert client.get("/").status_code == 200
    return client


def _invite(host: httpx.Client) -> str:
    assert host.post("/play/friend", data={"name": "Ann", "version": "0"}).status_code == 303
    found = INVITE.search(host.get("/play").text)
    assert found is not None
    return found.group(1)


def _code(page: str, kind: str) -> str:
    found = re.search(rf'<code id="{kind}-code">([0-9A-Z-]+)</code>', page)
    assert found is not None, page[:2000]
    return found.group(1)


def drive(server: LiveServer) -> set[str]:
    """The flows that carry secrets; every secret they used."""
    secrets = {ADMIN_TOKEN, METRICS_TOKEN}
    host, guest, third = _browser(server), _browser(server), _browser(server)
    try:
        # Invites: the join page (with junk after it and in its query), joining, declining.
        token = _invite(host)
        secrets.add(token)
        assert guest.get(f"/play/friend/{token}").status_code == 200
        guest.get(f"/play/friend/{token}?token={token}&notice=x")
        guest.get(f"/play/friend/{token}/nowhere")
        assert guest.post(f"/play/friend/{token}", data={"name": "Bob"}).status_code == 303
        guest.get(f"/play/friend/{token}")  # used: a refusal page
        other = _invite(_browser(server))
        secrets.add(other)
        assert third.post(f"/play/friend/{other}/decline").status_code == 200
        # A device code: made, opened from its QR link, redeemed; a recovery code.
        device = _code(host.post("/devices/code").text, "device")
        recovery = _code(host.post("/devices/recovery").text, "recovery")
        secrets |= {device, device.replace("-", ""), recovery, recovery.replace("-", "")}
        assert third.get(f"/devices/join?code={device}").status_code == 200
        assert third.post("/devices/join", data={"code": device}).status_code == 303
        guest.post("/devices/join", data={"code": "0000-0000"})  # wrong: logged refusal
        fourth = _browser(server)
        assert fourth.post("/devices/join", data={"code": recovery}).status_code == 303
        # The operator: a wrong token, the right one (in the form and, by mistake, in a
        # link), the page with its cookie.
        operator = _browser(server)
        assert operator.post("/admin/sign-in", data={"token": "w" * 20}).status_code == 403
        assert operator.post("/admin/sign-in", data={"token": ADMIN_TOKEN}).status_code == 303
        operator.get("/admin", params={"token": ADMIN_TOKEN})
        for name, value in operator.cookies.items():
            if name != COOKIE_NAME:
                secrets.add(value)
        assert host.get("/metrics", headers={"Authorization": f"Bearer {METRICS_TOKEN}"}
                        ).status_code == 200
        for client in (host, guest, third, fourth, operator):
            secrets.add(client.cookies[COOKIE_NAME])
    finally:
        for client in (host, guest, third):
            client.close()
    return secrets


@pytest.mark.parametrize("log_format", ["json", "text"])
def test_no_secret_reaches_the_log(start_server: Callable[..., LiveServer],
                                   log_format: str) -> None:
    server = start_server(env={"LOG_FORMAT": log_format, "LOG_LEVEL": "debug",
                               "ADMIN_TOKEN": ADMIN_TOKEN, "METRICS_TOKEN": METRICS_TOKEN,
                               "COMPUTE_WORKERS": "0"})
    secrets = drive(server)
    server.stop()
    server.log.seek(0)
    printed = server.log.read().decode(errors="replace")
    # The requests were logged, with their secrets cut.
    assert f"/play/friend/{CUT}/decline" in printed
    assert "/devices/join" in printed and "/admin/sign-in" in printed
    assert "admin: signed in" in printed and "admin: a wrong token" in printed
    for secret in sorted(secrets):
        assert secret not in printed, f"a secret is in the {log_format} log: {secret[:4]}…"
        assert secret.lower() not in printed.lower()
