"""The history a page at a time (app/review/history.py, app/web/paging.py): 20 matches
newest first with links to the earlier ones, each match's last 50 hands with a link to
the rest, and the page's statements the same however long the history."""

from __future__ import annotations

import re

from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.support.browsers import session_id_of
from tests.support.histories import store_history
from tests.web.play.test_tap_cost import counted


def _sid(client: TestClient) -> str:
    client.get("/")
    return session_id_of(client)


def _matches(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'<h2 id="match-\d+">Match (\d+) ', html)]


def test_the_history_pages_its_matches_newest_first(app: FastAPI, client: TestClient) -> None:
    sid = _sid(client)
    store_history(app.state.engine, sid, 45, seed=5, target=10, unfinished=False)
    page = client.get("/play/history").text
    assert _matches(page) == list(range(45, 25, -1))
    assert "Matches 26–45 of 45" in page
    earlier = client.get("/play/history?upto=25").text
    assert _matches(earlier) == list(range(25, 5, -1))
    assert 'href="/play/history?upto=45">Later matches' in earlier
    first = client.get("/play/history?upto=5").text
    assert _matches(first) == [5, 4, 3, 2, 1] and "Earlier matches" not in first
    assert _matches(client.get("/play/history?upto=junk").text) == _matches(page)


def test_a_long_match_lists_its_last_50_hands_and_links_to_the_rest(
        app: FastAPI, client: TestClient) -> None:
    sid = _sid(client)
    [match_id] = store_history(app.state.engine, sid, 1, seed=6, target=2000,
                               unfinished=False, analysed=0)
    page = client.get("/play/history").text
    numbers = [int(n) for n in re.findall(rf'/play/history/{match_id}/(\d+)"', page)]
    assert len(numbers) == 50 and numbers == sorted(numbers, reverse=True)
    link = f'/play/history?match={match_id}&amp;upto={numbers[-1] - 1}#match-{match_id}'
    assert link in page
    rest = client.get(link.replace("&amp;", "&")).text
    earlier = [int(n) for n in re.findall(rf'/play/history/{match_id}/(\d+)"', rest)]
    assert earlier and max(earlier) == numbers[-1] - 1
    assert client.get("/play/history?match=999999").status_code == 200
    assert _matches(client.get("/play/history?match=999999").text) == []


def test_a_history_page_sends_the_same_statements_at_25_and_60_matches(
        app: FastAPI, client: TestClient) -> None:
    sid = _sid(client)
    sent = []
    for grow, seed in ((25, 1), (35, 2)):
        store_history(app.state.engine, sid, grow, seed=seed, target=10, unfinished=False)
        client.get("/play/history")
        with counted(app.state.engine) as seen:
            assert client.get("/play/history").status_code == 200
        sent.append(list(seen))
    assert len(sent[0]) == len(sent[1]), sent
