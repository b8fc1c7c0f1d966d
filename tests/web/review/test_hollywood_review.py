"""A Hollywood match in the history, the match report, the hand review, the statistics
and the hand history file (issue 32): each shows the three games, and the winner and
the points are the engine's one tally (``app.engine.match_tally``, ``standing``), as on
the play screen."""

from __future__ import annotations

import random
import re

from fastapi import FastAPI
from fastapi.testclient import TestClient

from app.engine import hollywood_tally, match_tally, standing
from app.engine.handhistory import check, parse
from app.table.common import VS_COMPUTER
from app.table.words import game_lines
from tests.support.browsers import session_id_of
from tests.support.hardening import stored_play
from tests.web.play.test_new_match_switches import HollywoodPlayer


class LongerPlayer(HollywoodPlayer):
    target = "60"  # a few more hands than 20, so the games fill at different paces


LEVELS = re.compile(r"<tr><td>([^<]*)</td><td class=\"num\">(\d+)</td>"
                    r"<td class=\"num\">(\d+)</td><td class=\"num\">(\d+)%</td></tr>")


def test_a_finished_hollywood_match_shows_its_three_games_everywhere_it_is_looked_back_at(
    app: FastAPI, client: TestClient
) -> None:
    match = LongerPlayer(app, client, random.Random(7), htmx_share=0.0).play_match()
    row = stored_play(app.state.engine, session_id_of(client))
    assert row is not None and match.over
    match_id, records, rules = row.match_id, list(match.records), match.rules
    board, tally = hollywood_tally(records, rules), match_tally(records, rules)
    lines = game_lines(board, VS_COMPUTER)
    result = "A tie" if tally.winner is None else \
        "You won" if tally.winner == 0 else "Computer won"

    # The history's match line: the result, the three-game totals and each game.
    history = client.get("/play/history").text
    assert f"Match 1 · {result}</h2>" in history
    assert "House rules, Hollywood, to 60" in history
    assert (f"You <strong>{tally.final[0]}</strong> · Computer <strong>{tally.final[1]}"
            "</strong> <span class=\"muted\">(Hollywood: over the three games)") in history
    assert 'aria-label="Hollywood: three games"' in history
    for line in lines:
        assert f"<li>{line}</li>" in history

    # The match report says the same.
    report = client.get(f"/play/history/{match_id}").text
    headline = "The match is a tie" if tally.winner is None else \
        "You won the match" if tally.winner == 0 else "The computer won the match"
    assert f"{headline} · you {tally.final[0]}, the computer {tally.final[1]} " \
           "(Hollywood: over the three games)" in report
    for line in lines:
        assert f"<li>{line}</li>" in report

    # The last hand's review: the games as they stood before it.
    last = len(records)
    review = client.get(f"/play/history/{match_id}/{last}")
    assert review.status_code == 200
    before = "; ".join(game_lines(hollywood_tally(records[:-1], rules), VS_COMPUTER))
    assert f"before this hand: {before}" in review.text

    # The statistics count the match as won by the match's one winner.
    won = int(tally.winner == 0)
    assert LEVELS.findall(client.get("/stats").text) == [
        ("Standard", "1", str(won), f"{100 * won}")]

    # The hand history file replays and checks (its scores: the first open game's).
    text = client.get(f"/play/history/{match_id}.txt").text
    history_file = parse(text)
    assert history_file.rules.hollywood
    assert [hand.scores for hand in history_file.hands] == \
        [standing(records[:i], rules) for i in range(len(records))]
    assert check(history_file) == records
