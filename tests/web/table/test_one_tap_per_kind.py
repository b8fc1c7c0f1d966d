"""The table kit's one tap (app/table/tap.py) through the app, one test per kind of
table: play against the computer, a friend match, a practice hand and the lesson (the
daily deal: test_one_tap_daily.py). Each posts a legal tap, which is applied with the
other seat's turn, then the same form again: a stale double tap, refused with 409 and
the table as it stands, nothing stored."""

from __future__ import annotations

import httpx
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlmodel import Session

from app.engine import match_view
from app.learn import script
from app.review.practice import load as load_practice
from tests.support.browsers import session_id_of
from tests.support.hardening import action_form, stored_play
from tests.web.friend.test_friend import choose, start, stored_match
from tests.web.play.test_play_http import stored
from tests.web.review.test_practice_table import _practice

HTMX = {"HX-Request": "true"}


def handing_over(legal: object) -> str:
    """A legal action after which the other seat is to act (a pass on the upcard or a
    discard), else the first legal one."""
    actions = [str(action) for action in legal]  # type: ignore[attr-defined]
    return next((a for a in actions if a == "pass" or a.startswith("discard ")), actions[0])


def _double_tap(client: TestClient, path: str, form: dict[str, str]) -> httpx.Response:
    """Post ``form`` as a script does, then once more; the second answer."""
    first = client.post(path, data=form, headers=HTMX)
    assert first.status_code == 200, first.text[:300]
    again = client.post(path, data=form, headers=HTMX)
    assert again.status_code == 409 and "older screen" in again.text, again.text[:300]
    assert 'id="table"' in again.text  # the table as it stands, with the notice
    return first


def test_play_against_the_computer_taps_once_and_the_computer_answers(
        app: FastAPI, client: TestClient) -> None:
    client.get("/play")
    assert client.post("/play/new", data={"level": "easy"}).status_code == 200
    row, match = stored(app, client)
    action = handing_over(match_view(match, 0).legal)
    _double_tap(client, "/play", action_form(action, row.version))
    after, _ = stored(app, client)
    assert after.version == row.version + 1
    assert after.log[len(row.log)][0] == 0 and after.log[-1][0] == 1  # then the computer


def test_a_friend_match_taps_once_and_nobody_moves_for_the_other_seat(app: FastAPI) -> None:
    host, guest = start(app)[:2]
    game, match = stored_match(app, host)
    seat = match.hand.to_play
    player = host if seat == 0 else guest
    _double_tap(player, "/play", action_form(choose(match, seat), game.version))
    after, now = stored_match(app, host)
    assert after.version == game.version + 1
    assert len(now.hand_log) == len(match.hand_log) + 1  # the friend's turn: nobody moved


def test_a_practice_hand_taps_once_and_the_computer_answers(app: FastAPI,
                                                           client: TestClient) -> None:
    _practice(app, client)
    sid = session_id_of(client)
    with Session(app.state.engine) as db:
        practice = load_practice(db, sid)
    action = handing_over(practice.view.legal)
    _double_tap(client, "/play/practice", action_form(action, practice.row.version))
    with Session(app.state.engine) as db:
        after = load_practice(db, sid)
    assert after.row.version == practice.row.version + 1
    assert after.row.log[0][0] == 0
    if action == "pass" or action.startswith("discard "):
        assert after.row.log[-1][0] == 1


def test_the_lesson_taps_once_and_the_script_answers(app: FastAPI,
                                                     client: TestClient) -> None:
    client.get("/learn")
    first = _double_tap(client, "/learn", action_form(script.STEPS[0].move, 0))
    assert 'name="version" value="1"' in first.text
    page = client.get("/learn").text
    assert 'name="version" value="1"' in page  # the second post stored nothing
    assert stored_play(app.state.engine, session_id_of(client)) is None  # no match made
