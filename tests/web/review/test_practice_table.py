"""*Try again from here* is played on the play table itself (``play/table.html``, one
screen model for both): the sort buttons, the meld bars and the deadwood note are there;
a sort is kept (the browser's play sort); a script's tap gets the table's blocks and the
computer's answer to play out, as on the play table; a refused tap changes nothing.
"""

from __future__ import annotations

import re

from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlmodel import Session

from app.review.practice import load
from app.table.storage import open_seat
from tests.support.browsers import session_id_of
from tests.support.hardening import finish_hand


def _practice(app: FastAPI, client: TestClient) -> str:
    client.get("/play")
    assert client.post("/play/new", data={"level": "easy"}).status_code == 200
    hand = finish_hand(app, client, seed=4)
    started = client.post("/play/history/{match_id}/{number}/practice".format(**hand),
                          data={"step": str(hand["step"])})
    assert started.status_code == 200
    return started.text


def test_practice_shows_the_play_table(app: FastAPI, client: TestClient) -> None:
    html = _practice(app, client)
    assert '<div id="table" class="play play--practice" data-post="/play/practice"' in html
    assert 'class="practice-badge"' in html
    for key in ("rank", "suit", "melds"):
        assert f'id="sort-{key}"' in html
    assert 'class="deadwood">Deadwood' in html and 'class="melds-text"' in html
    assert 'action="/play/practice"' in html
    # Practice offers no Hint and no New match: a way back to the review instead.
    assert 'id="a-hint"' not in html and ">New match</button>\n      </div>" not in html
    assert re.search(r'href="/play/history/\d+/\d+#step-\d+">Review</a>', html)


def test_a_sort_is_kept_and_a_script_tap_gets_the_blocks(app: FastAPI,
                                                         client: TestClient) -> None:
    _practice(app, client)
    sid = session_id_of(client)
    answer = client.post("/play/practice", data={"sort": "suit"}, follow_redirects=False)
    assert answer.status_code == 303
    with Session(app.state.engine) as db:
        seat = open_seat(db, sid)
        assert seat is not None and seat.sort == "suit"
        practice = load(db, sid)
    html = client.get("/play/practice").text
    assert 'id="sort-suit" class="btn btn--secondary btn--small" type="submit" name="sort" ' \
           'value="suit" aria-label="Sort by suit" aria-pressed="true"' in html
    assert client.post("/play/practice", data={"sort": "diagonal"}).status_code == 400
    # A script's tap: the status and table blocks only, with the new version.
    action = str(practice.view.legal[0])
    name, _, card = action.partition(" ")
    tapped = client.post("/play/practice", headers={"HX-Request": "true"},
                         data={"action": name, "card": card,
                               "version": str(practice.row.version)})
    assert tapped.status_code == 200
    assert "<html" not in tapped.text and 'id="table"' in tapped.text
    assert f'data-version="{practice.row.version + 1}"' in tapped.text
    # The same tap again is from an older screen: refused with the table, nothing changed.
    stale = client.post("/play/practice", headers={"HX-Request": "true"},
                        data={"action": name, "card": card,
                              "version": str(practice.row.version)})
    assert stale.status_code == 409 and "older screen" in stale.text
    with Session(app.state.engine) as db:
        assert load(db, sid).row.version == practice.row.version + 1
