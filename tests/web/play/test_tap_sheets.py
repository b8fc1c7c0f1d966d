"""The play screen's sheets after every tap: the hands of the match are a cached fragment
(``app.web.render.fragment``, issue 46), and each tap's answer shows them and the discard
pile as the match now stands, never as an earlier tap left them."""

from __future__ import annotations

import random
import re

from fastapi import FastAPI
from fastapi.testclient import TestClient

from app.engine import match_view
from app.engine.match import legal_match_actions
from tests.support.browsers import session_id_of
from tests.support.hardening import Replayer, action_form, stored_play

_PILE_CARD = re.compile(r'<li><span class="card[^"]*"[^>]*>[\s\S]*?#(\w\w)"/>')
_SCORE_ROW = re.compile(r"<tr><td>(\d+)</td>")


def _sheet(html: str, sheet_id: str) -> str:
    return html.split(f'id="{sheet_id}"')[1].split("</div>\n  <div id=")[0]


def test_every_taps_answer_shows_the_pile_and_the_hands_as_they_now_stand(
        app: FastAPI, client: TestClient) -> None:
    client.get("/play")
    assert client.post("/play/new", data={"level": "easy", "version": "0"}).status_code == 200
    rng = random.Random(46)
    row = stored_play(app.state.engine, session_id_of(client))
    assert row is not None
    replayer = Replayer.from_row(row)
    hands_ended = piles_checked = 0
    for _ in range(160):
        row = stored_play(app.state.engine, session_id_of(client))
        assert row is not None
        match = replayer.advance(row.log, row.seeds)
        if match.over:
            break
        actions = [str(a) for a in legal_match_actions(match, 0)]
        answer = client.post("/play", data=action_form(rng.choice(actions), row.version),
                             headers={"HX-Request": "true"})
        assert answer.status_code == 200
        row = stored_play(app.state.engine, session_id_of(client))
        assert row is not None
        match = replayer.advance(row.log, row.seeds)
        html = answer.text
        scores = _SCORE_ROW.findall(_sheet(html, "score-history"))
        assert scores == [str(n) for n in range(1, len(match.records) + 1)]
        hands_ended = len(match.records)
        if 'id="pile-history"' in html and not match.over:
            view = match_view(match, 0)
            listed = _PILE_CARD.findall(_sheet(html, "pile-history"))
            assert listed == [str(card) for card in reversed(view.discard_pile)]
            piles_checked += 1
    assert hands_ended >= 1 and piles_checked >= 10  # the deal is random: a few hands
