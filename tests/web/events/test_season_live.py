"""The season's page is live (``GET /seasons/{slug}/live?since=``): its version token
stays while nothing changes (204), and moves when a table of one of its events finishes
(read by the poll itself) or an event is put in; the answer is the live part with the
new running table."""

from __future__ import annotations

import html
import re

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.web.events.test_events import create, host_post, players, rows
from tests.web.events.test_hands_format import finish
from tests.web.events.test_seasons import make_season

LIVE = re.compile(r'hx-get="(/seasons/[^"]+/live\?since=([0-9a-f]+))"')


@pytest.fixture
def engine(app: FastAPI, client: TestClient):  # noqa: ANN201 - the app's engine
    return app.state.engine


def poll_of(page: str) -> tuple[str, str]:
    """The live poll's address and token on a season page (or its live part)."""
    found = LIVE.search(page)
    assert found is not None, page[:3000]
    return html.unescape(found.group(1)), found.group(2)


def test_a_finished_table_moves_the_season_page_within_a_poll(
        app: FastAPI, client: TestClient, engine) -> None:  # noqa: ANN001
    season, _ = make_season(client)
    slug, _ = create(client, hands="1", rounds="1", season=season)
    players(app, slug, ["Ann", "Bob"])
    host_post(client, engine, slug, "start")
    watcher = TestClient(app, base_url="http://testserver")
    page = watcher.get(f"/seasons/{season}").text
    url, token = poll_of(page)
    assert "<td data-points>1</td>" not in page  # nobody has won yet
    unchanged = watcher.get(url, headers={"HX-Request": "true"})
    assert unchanged.status_code == 204
    match_id = rows(engine, slug)[2][0].match_id
    assert match_id is not None
    finish(engine, match_id, 1, 0, 30)  # the table's one hand: nobody opened the event
    moved = watcher.get(url, headers={"HX-Request": "true"})
    assert moved.status_code == 200
    assert 'id="season-live"' in moved.text and "<html" not in moved.text
    assert "<td data-points>1</td>" in moved.text and 'data-player="Ann"' in moved.text
    new_url, new_token = poll_of(moved.text)
    assert new_token != token
    assert watcher.get(new_url, headers={"HX-Request": "true"}).status_code == 204


def test_an_event_put_in_moves_the_token_and_an_unknown_season_is_404(
        app: FastAPI, client: TestClient, engine) -> None:  # noqa: ANN001
    season, _ = make_season(client)
    url, token = poll_of(client.get(f"/seasons/{season}").text)
    slug, _ = create(client)
    answer = client.post(f"/seasons/{season}/attach", data={"event": slug},
                         follow_redirects=False)
    assert answer.status_code == 303
    moved = client.get(url, headers={"HX-Request": "true"})
    assert moved.status_code == 200 and poll_of(moved.text)[1] != token
    assert client.get("/seasons/nosuchseason/live?since=x").status_code == 404
