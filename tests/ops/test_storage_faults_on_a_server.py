"""A real database file deleted, replaced or made read-only under a running server, or
read-only when it starts: it answers 503 (with ``Retry-After`` and a page saying so,
never 500, never a write acknowledged into a file nobody reads) and ``/readyz`` says
unready while ``/healthz`` says alive; once the file is back or writable the same
process serves and stores, with nothing lost (no restart: a readiness probe sees it
recover)."""

from __future__ import annotations

import os
import shutil
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import closing
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


def _stored_levels(path: Path) -> list[str]:
    """The computer levels of the matches in the SQLite file at ``path`` (read by a
    connection of the test's own, as a restart would)."""
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        return [row[0] for row in db.execute("SELECT level FROM play_match ORDER BY id")]


def test_a_deleted_database_answers_503_at_once_and_recovers_when_restored(
    folder: Path, start_server: Callable[..., LiveServer]
) -> None:
    path = folder / "gin.db"
    server = start_server(db_url=sqlite_url(path))
    with httpx.Client(base_url=server.url, follow_redirects=True) as browser:
        assert browser.get("/play").status_code == 200
        started = browser.post("/play/new", data={"level": "easy", "version": "0"})
        assert started.status_code == 200
        position = read_page(started.text).version
        backup = folder / "backup.db"
        with closing(sqlite3.connect(path)) as live, closing(sqlite3.connect(backup)) as copy:
            live.backup(copy)  # the operator's copy, taken while it runs

        path.unlink()  # the write-ahead log and its index stay, as they would
        for _ in range(10):  # no write is acknowledged into the deleted file
            write = browser.post("/play/new", data={"level": "hard", "version": position},
                                 headers=HTML)
            assert write.status_code == 503, (write.status_code, server.output())
            assert write.headers["retry-after"].isdigit()
            assert "cannot reach its database" in write.text
        assert browser.get("/play", headers=HTML).status_code == 503
        assert not path.exists()  # not recreated empty
        ready = browser.get("/readyz")
        assert ready.status_code == 503 and ready.json()["reason"] == "unreachable"
        assert browser.get("/healthz").status_code == 200  # alive: a restart mends nothing

        shutil.copyfile(backup, path)  # restored, the same process goes on
        wait_until(lambda: browser.get("/readyz").status_code == 200, timeout=30,
                   what="/readyz to answer 200 once the file is back")
        page = browser.get("/play")
        assert page.status_code == 200 and read_page(page.text).version == position
        again = browser.post("/play/new", data={"level": "hard", "version": position})
        assert again.status_code == 200, (again.status_code, server.output())
    assert _stored_levels(path) == ["easy", "hard"]  # on disk, in the restored file
    assert "Exception in ASGI application" not in server.output()


def test_a_database_replaced_under_the_server_is_used_at_once(
    folder: Path, start_server: Callable[..., LiveServer], migrated_template: Path
) -> None:
    path = folder / "gin.db"
    server = start_server(db_url=sqlite_url(path))
    with httpx.Client(base_url=server.url, follow_redirects=True) as browser:
        assert browser.post("/play/new", data={"level": "easy", "version": "0"}).status_code \
            == 200
        fresh = folder / "fresh.db"
        shutil.copyfile(migrated_template, fresh)
        fresh.replace(path)  # another file at the path, atomically (a restore by rename)
        # The browser is new to that file: its first write makes it a session there.
        answer = browser.post("/play/new", data={"level": "hard", "version": "0"})
        assert answer.status_code == 200, (answer.status_code, server.output())
    assert _stored_levels(path) == ["hard"]  # written to the file at the path, alone
    # The old file's last writes, in its write-ahead log, kept aside for the operator.
    assert list(folder.glob("gin.db-wal.replaced-*"))
    assert "Exception in ASGI application" not in server.output()


def test_a_database_made_read_only_while_serving_recovers_without_restart(
    folder: Path, start_server: Callable[..., LiveServer]
) -> None:
    path = folder / "gin.db"
    # Without the capabilities that let root write anything, so the modes bind it.
    server = start_server(db_url=sqlite_url(path), prefix=unprivileged())
    with httpx.Client(base_url=server.url, follow_redirects=True) as browser:
        started = browser.post("/play/new", data={"level": "easy", "version": "0"})
        position = read_page(started.text).version
        # The file replaced by a read-only copy of itself: the connections the server
        # opens find it read-only (as after a read-only remount: open files do not
        # change their mode, so the copy makes the server open it again).
        copy = folder / "copy.db"
        with closing(sqlite3.connect(path)) as live, closing(sqlite3.connect(copy)) as target:
            live.backup(target)
        copy.chmod(0o444)
        copy.replace(path)
        answers = [browser.post("/play/new", data={"level": "hard", "version": position},
                                headers=HTML) for _ in range(3)]
        assert [a.status_code for a in answers] == [503] * 3, server.output()
        ready = browser.get("/readyz")
        assert ready.status_code == 503 and ready.json()["reason"] == "read-only"
        assert browser.get("/play").status_code == 200  # reading still works

        path.chmod(0o644)  # fixed while it runs: no latched state, no restart
        wait_until(lambda: browser.get("/readyz").status_code == 200, timeout=30,
                   what="/readyz to answer 200 once the file is writable")
        again = browser.post("/play/new", data={"level": "hard", "version": position})
        assert again.status_code == 200, (again.status_code, server.output())
    assert _stored_levels(path) == ["easy", "hard"]
    assert "Exception in ASGI application" not in server.output()
