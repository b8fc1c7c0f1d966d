"""A real read-only database file and directory: a server started on it answers 503
(with ``Retry-After`` and a page saying so, never 500) and ``/readyz`` says unready;
once the file and its directory are writable again the same process serves and stores,
with nothing lost (no restart: a readiness probe sees it recover)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.support.servers import LiveServer, sqlite_url, unprivileged
from tests.support.waiting import wait_until
from tests.web.play.test_play_http import read_page

HTML = {"accept": "text/html"}


@pytest.fixture
def folder(tmp_path: Path, migrated_template: Path) -> Iterator[Path]:
    """A directory holding a migrated database, made writable again at the end."""
    folder = tmp_path / "data"
    folder.mkdir()
    shutil.copyfile(migrated_template, folder / "gin.db")
    yield folder
    writable(folder)


def read_only(folder: Path) -> None:
    for path in folder.iterdir():
        path.chmod(0o444)
    folder.chmod(0o555)


def writable(folder: Path) -> None:
    folder.chmod(0o755)
    for path in folder.iterdir():
        path.chmod(0o644)


def test_a_read_only_start_answers_503_and_recovers_without_restart(folder: Path) -> None:
    db_url = sqlite_url(folder / "gin.db")
    first = LiveServer(db_url=db_url, prefix=unprivileged())
    try:
        first.start()
        with httpx.Client(base_url=first.url, follow_redirects=True) as browser:
            assert browser.get("/play").status_code == 200
            started = browser.post("/play/new", data={"level": "easy", "version": "0"})
            assert started.status_code == 200
            position = read_page(started.text).version
            cookies = dict(browser.cookies)
    finally:
        first.stop()
        first.log.close()

    read_only(folder)
    server = LiveServer(db_url=db_url, prefix=unprivileged())
    try:
        server.start(healthy=False)
        with httpx.Client(base_url=server.url, cookies=cookies, follow_redirects=True) as browser, \
                httpx.Client(base_url=server.url, follow_redirects=True) as stranger:
            health = browser.get("/readyz")
            assert health.status_code == 503, server.output()
            assert health.json()["status"] == "unavailable"
            assert health.json()["reason"] in ("read-only", "unreachable")
            for client, method, path in [(browser, "GET", "/play"),
                                         (browser, "POST", "/play/new"),
                                         (stranger, "GET", "/")]:
                answer = client.request(method, path, headers=HTML,
                                        data={"level": "hard", "version": position or ""}
                                        if method == "POST" else None)
                assert answer.status_code == 503, (path, answer.status_code, server.output())
                assert answer.headers["retry-after"].isdigit()
                assert "Nothing was changed" in answer.text

            writable(folder)  # the operator frees the disk: the same process goes on
            wait_until(lambda: browser.get("/readyz").status_code == 200, timeout=60,
                       what="/readyz to answer 200 again")
            page = browser.get("/play")
            assert page.status_code == 200
            assert read_page(page.text).version == position  # the match is still there
            again = browser.post("/play/new", data={"level": "hard", "version": position})
            assert again.status_code == 200, again.text[:300]
            assert stranger.get("/").status_code == 200
        assert "Exception in ASGI application" not in server.output()  # no 500
    finally:
        server.stop()
        server.log.close()
    assert os.access(folder / "gin.db", os.W_OK)
