"""HEAD on a real server (uvicorn), as uptime monitors and link checkers send it: the
GET's status and headers, no body, and nothing in the server's log but the access
lines (a HEAD answered as a GET once made uvicorn log a traceback for every one: the
body it expected after the Content-Length never came)."""

from __future__ import annotations

from collections.abc import Callable

import httpx

from tests.support.servers import LiveServer
from tests.support.waiting import wait_until

PATHS = ("/", "/healthz", "/play", "/score", "/guide", "/privacy", "/stats", "/daily",
         "/static/app.css", "/nowhere", "/score/999")


def test_head_answers_like_get_without_a_body_or_a_logged_error(
        start_server: Callable[..., LiveServer]) -> None:
    server = start_server(env={"LOG_LEVEL": "info"})
    # One connection for all: a Content-Length the server did not honour would also
    # desynchronise the requests after it.
    with httpx.Client(base_url=server.url, timeout=30,
                      headers={"accept-encoding": "identity"}) as client:
        for path in PATHS:
            got = client.get(path)
            head = client.head(path)
            assert head.status_code == got.status_code, path
            assert head.content == b"", path
            assert head.headers.get("content-length") == got.headers.get("content-length"), path
    # Every HEAD's access line (the health check's is at DEBUG) is printed before the
    # server's log is read; a traceback would come before it.
    wait_until(lambda: f'"HEAD {PATHS[-1]}"' in server.output(), timeout=30,
               what="the last HEAD's access line")
    printed = server.output()
    assert "Traceback" not in printed and "ERROR" not in printed, printed[-3000:]
    assert printed.count('"HEAD ') == len(PATHS) - 1, printed[-3000:]
