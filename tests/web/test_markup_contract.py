"""Each table carries the hooks its scripts need: the first render of the table
against the computer, of a friend match, of the daily deal, of a practice hand and of
the lesson has every id and ``data-*`` attribute that the markup contract
(``app.web.markup``) names for that table; and a script's tap is answered with every
block that static/table/swap.js hands to htmx (``#table``, ``#status``, ``#step-help``,
``#computer-live``), on every table that takes taps by script.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html.parser import HTMLParser

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from app.web.markup import HOOKS, Hook, Table
from tests.support.hardening import finish_hand

HTMX = {"HX-Request": "true"}
SWAPPED = ("table", "status", "step-help", "computer-live")
"""The ids a tap's answer must carry: htmx swaps them in (static/table/swap.js)."""


class Hooks(HTMLParser):
    """The ids and the ``data-*`` attribute names of a page (``<template>`` content too)."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.data: set[str] = set()
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name == "id" and value:
                self.ids.add(value)
            elif name.startswith("data-"):
                self.data.add(name)

    def has(self, hook: Hook) -> bool:
        """Whether the page carries ``hook`` (a family: at least one of its members)."""
        found = self.ids if hook.kind == "id" else self.data
        return any(name.startswith(hook.prefix) for name in found) if hook.prefix \
            else hook.name in found


def computer(app: FastAPI, client: TestClient) -> str:
    client.get("/play")
    assert client.post("/play/new", data={"level": "easy"}).status_code == 200
    return "/play"


def friend(app: FastAPI, client: TestClient) -> str:
    host = TestClient(app, base_url="http://testserver")
    host.get("/")
    invited = host.post("/play/friend", data={"name": "Ann", "version": "0"},
                        follow_redirects=False)
    assert invited.status_code == 303, invited.text[:300]
    token = re.search(r"/play/friend/([A-Za-z0-9_-]{32})", host.get("/play").text)
    assert token, "no invite link"
    client.get("/")
    joined = client.post(f"/play/friend/{token.group(1)}", data={"name": "Bob"},
                         follow_redirects=False)
    assert joined.status_code == 303, joined.text[:300]
    return str(joined.headers["location"])


def daily(app: FastAPI, client: TestClient) -> str:
    return "/daily"


def practice(app: FastAPI, client: TestClient) -> str:
    computer(app, client)
    hand = finish_hand(app, client, seed=4)
    started = client.post("/play/history/{match_id}/{number}/practice".format(**hand),
                          data={"step": str(hand["step"])}, follow_redirects=False)
    assert started.status_code in (200, 303), started.text[:300]
    return "/play/practice"


def lesson(app: FastAPI, client: TestClient) -> str:
    return "/learn"


OPEN: dict[Table, Callable[[FastAPI, TestClient], str]] = {
    Table.COMPUTER: computer, Table.FRIEND: friend, Table.DAILY: daily,
    Table.PRACTICE: practice, Table.LESSON: lesson,
}


@pytest.mark.parametrize("table", list(Table))
def test_each_table_carries_the_hooks_of_the_contract(app: FastAPI, client: TestClient,
                                                      table: Table) -> None:
    page = client.get(OPEN[table](app, client))
    assert page.status_code == 200 and 'id="table"' in page.text, page.text[:500]
    found = Hooks(page.text)
    missing = [hook.name for hook in HOOKS if table in hook.tables and not found.has(hook)]
    assert missing == [], f"the {table} table lacks {missing} (app/web/markup.py)"


@pytest.mark.parametrize("table", list(Table))
def test_a_scripts_tap_is_answered_with_the_blocks_htmx_swaps(app: FastAPI, client: TestClient,
                                                               table: Table) -> None:
    url = OPEN[table](app, client)
    page = client.get(url).text
    post = re.search(r'id="table"[^>]* data-post="([^"]+)"', page)
    assert post, "no data-post on #table"
    # A sort moves nothing of the match on any table; a stale version is refused (409).
    fields = dict(re.findall(r'<input type="hidden" name="(version|match)" value="([^"]*)"',
                             page))
    for form in ({**fields, "sort": "rank"}, {**fields, "version": "-1", "sort": "suit"}):
        answer = client.post(post.group(1) + ("?" + url.split("?", 1)[1] if "?" in url else ""),
                             data=form, headers=HTMX, follow_redirects=False)
        assert answer.status_code in (200, 400, 409), answer.text[:300]
        assert Hooks(answer.text).ids >= set(SWAPPED), (table, form, answer.text[:300])


def test_every_table_is_covered() -> None:
    # A hook is checked on the tables that name it: none may name a table not rendered here.
    assert {table for hook in HOOKS for table in hook.tables} <= set(OPEN)
