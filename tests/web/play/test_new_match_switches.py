"""Switches of the New match form added by issue 32, each shown in the rules in force:
spade doubling (Oklahoma in Play no longer always doubles on a spade) and Knocker
arranges for the best score."""

from __future__ import annotations

import random
import re

import httpx
from fastapi import FastAPI
from fastapi.testclient import TestClient

from app.engine import MatchState, Rules
from app.engine.scoring import hollywood_tally
from tests.support.browsers import session_id_of
from tests.support.hardening import stored_play
from tests.web.play.test_play_http import Player


def _rules(app: FastAPI, client: TestClient) -> Rules:
    row = stored_play(app.state.engine, session_id_of(client))
    assert row is not None
    return Rules.from_dict(row.rules)


def test_the_form_offers_the_switch_ticked_by_default(client: TestClient) -> None:
    form = client.get("/play/new").text
    box = re.search(r'<input type="checkbox" name="oklahoma_spade_double"[^>]*>', form)
    assert box is not None and "checked" in box.group(0)
    assert 'name="oklahoma_spade_double_shown"' in form
    assert "Spade upcard doubles" in form


def test_unticked_the_match_plays_oklahoma_without_doubling(
    app: FastAPI, client: TestClient
) -> None:
    html = client.post("/play/new", data={
        "level": "standard", "oklahoma": "on", "oklahoma_spade_double_shown": "1"}).text
    rules = _rules(app, client)
    assert rules.oklahoma and not rules.oklahoma_spade_double
    assert "a spade upcard doubles the hand" not in html
    # The next New match form keeps the table's choice.
    again = client.get("/play/new").text
    box = re.search(r'<input type="checkbox" name="oklahoma_spade_double"[^>]*>', again)
    assert box is not None and "checked" not in box.group(0)


def test_ticked_the_rules_in_force_say_a_spade_doubles(app: FastAPI, client: TestClient) -> None:
    html = client.post("/play/new", data={
        "level": "standard", "oklahoma": "on", "oklahoma_spade_double": "on",
        "oklahoma_spade_double_shown": "1"}).text
    assert _rules(app, client).oklahoma_spade_double
    assert "a spade upcard doubles the hand" in html


def test_knocker_arranges_for_the_best_score_is_off_by_default(
    app: FastAPI, client: TestClient
) -> None:
    form = client.get("/play/new").text
    box = re.search(r'<input type="checkbox" name="knocker_best_arrangement"[^>]*>', form)
    assert box is not None and "checked" not in box.group(0)
    assert "Knocker arranges for the best score" in form
    html = client.post("/play/new", data={"level": "standard"}).text
    assert not _rules(app, client).knocker_best_arrangement
    assert "laid for the least deadwood" in html


def test_knocker_arranges_for_the_best_score_switched_on(
    app: FastAPI, client: TestClient
) -> None:
    html = client.post("/play/new", data={"level": "standard",
                                          "knocker_best_arrangement": "on"}).text
    assert _rules(app, client).knocker_best_arrangement
    assert "laid for the best score" in html
    again = client.get("/play/new").text
    box = re.search(r'<input type="checkbox" name="knocker_best_arrangement"[^>]*>', again)
    assert box is not None and "checked" in box.group(0)


class HollywoodPlayer(Player):
    """Plays a Hollywood match through the forms, to ``target`` (a low one keeps it
    short)."""

    target = "20"

    def start(self, data: dict[str, str] | None = None) -> httpx.Response:
        return super().start({"hollywood": "on", "target": self.target, **(data or {})})

    def check_scores(self, response: httpx.Response, match: MatchState) -> None:
        """The score bar shows each game (open: hand points; closed: ticked, the final
        totals), and no single score."""
        board = match.hollywood
        assert board is not None
        for number, (column, closed) in enumerate(zip(board.columns, board.closed_by,
                                                      strict=True), start=1):
            mine, theirs = column.points if closed is None else column.final
            tick = "" if closed is None else '<span class="scorebar__tick">&#10003;</span>'
            assert (f"G{number}{tick} <strong>{mine}</strong>&ndash;<strong>{theirs}"
                    "</strong>") in response.text
        assert "You <strong>" not in response.text


def test_a_hollywood_match_shows_its_three_games_on_the_score_bar(
    app: FastAPI, client: TestClient
) -> None:
    html = client.post("/play/new", data={"level": "standard", "hollywood": "on"}).text
    assert _rules(app, client).hollywood
    assert 'aria-label="Hollywood: three games"' in html
    for number in (1, 2, 3):
        assert f"Game {number}: you 0, computer 0" in html
    plain = client.post("/play/new", data={"level": "standard"}).text
    assert "Hollywood: three games" not in plain


def test_a_hollywood_match_is_played_to_its_end_over_http(
    app: FastAPI, client: TestClient
) -> None:
    match = HollywoodPlayer(app, client, random.Random(32), htmx_share=0.0).play_match()
    board = match.hollywood
    assert board is not None and board.over and match.over
    page = client.get("/play").text
    for number, column in enumerate(board.columns, start=1):
        assert f"Game {number} over: you {column.final[0]}, computer {column.final[1]}" in page
    totals = hollywood_tally(list(match.records), match.rules).totals
    # The history says which games each hand went into; the first win is in game 1 only.
    assert '<span class="visually-hidden">Hollywood games</span>' in page
    first_win = next(i for i, r in enumerate(match.records) if r.winner is not None)
    assert re.search(rf"<td>{first_win + 1}</td><td>[^<]*</td><td>[^<]*</td>"
                     rf'<td class="num">\d+</td><td>1</td>', page)
    assert f"Three games: you {totals[0]}, computer {totals[1]}." in page
