"""Ratings of the person's decisions: from the view only, a deliberate
blunder is marked, and the marks follow the loss thresholds.
"""

from __future__ import annotations

import re
import time

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlmodel import Session

from app.core.config import Settings
from app.core.models import HandReview, PlayHand, PlayMatch
from app.engine import HOUSE, HandSeed, Rules
from app.engine.bots.equity import match_equity
from app.engine.rating import ACCURATE_WITHIN, Rating
from app.engine.review import hand_positions
from app.review import analysis
from app.review.practice import load as load_practice
from app.review.stats import luck_average_sentence, match_report
from tests.support.browsers import session_id_of
from tests.support.hardening import diff, snapshot
from tests.web.review.test_history import _finish_hand


@pytest.fixture
def settings(db_url: str) -> Settings:
    """This module's apps analyse finished hands (in a background thread)."""
    return Settings(database_url=db_url, analyse_hands=True, compute_workers=0)


def _wait_for_analysis(client: TestClient, url: str) -> None:
    """Poll the review's analysis as the page does until the ratings are stored."""
    for _ in range(1200):
        done = client.get(url + "/analysis")
        if done.status_code == 200:
            assert done.headers["hx-refresh"] == "true"
            return
        assert done.status_code == 204
        time.sleep(0.1)
    raise AssertionError("the analysis did not finish in 2 minutes")


def test_a_finished_hand_is_analysed_and_its_review_shows_the_ratings(
        app: FastAPI, client: TestClient) -> None:
    match_id, number = _finish_hand(app, client, seed=2)
    url = f"/play/history/{match_id}/{number}"
    _wait_for_analysis(client, url)
    with Session(app.state.engine) as db:
        row = db.get(HandReview, (match_id, number, 0))
        assert row is not None and row.status == "done" and row.seconds is not None
        ratings = [Rating.from_stored(r) for r in row.ratings]
        hand = db.get(PlayHand, (match_id, number))
        assert hand is not None
    persons = [i for i, (p, _) in enumerate(hand.log, start=1) if p == 0]
    assert ratings and {r.index for r in ratings} <= set(persons)
    assert all(r.chosen == hand.log[r.index - 1][1] for r in ratings)
    page = client.get(url).text
    assert "Your decisions" in page and "Analysing" not in page
    assert page.count('class="rating') == len(ratings)
    # Reviewing again analyses nothing twice.
    assert analysis.schedule(app.state.engine, match_id, number, {}, 0, 0, (0, 0), []) is None


def test_another_browser_cannot_poll_the_analysis(app: FastAPI, client: TestClient) -> None:
    match_id, number = _finish_hand(app, client, seed=3)
    with TestClient(app) as other:
        response = other.get(f"/play/history/{match_id}/{number}/analysis")
        assert response.status_code == 404


def test_try_again_re_deals_exactly_and_is_never_counted(app: FastAPI,
                                                         client: TestClient) -> None:
    match_id, number = _finish_hand(app, client, seed=6)
    with Session(app.state.engine) as db:
        hand = db.get(PlayHand, (match_id, number))
        assert hand is not None
        log = [(int(p), str(t)) for p, t in hand.log]
        seeds = (hand.server_seed, hand.client_seed)
    start = max(i for i, (p, _) in enumerate(log, start=1) if p == 0)
    _wait_for_analysis(client, f"/play/history/{match_id}/{number}")
    before = snapshot(app.state.engine)
    response = client.post(f"/play/history/{match_id}/{number}/practice",
                           data={"step": str(start)})
    assert response.status_code == 200 and 'class="practice-badge">Practice<span ' \
        'class="visually-hidden"> hand · not counted' in response.text
    # Re-dealt exactly: the position is the one before the person's action `start`.
    assert seeds[0] is not None and seeds[1] is not None
    original = hand_positions(HOUSE, HandSeed(seeds[0], seeds[1]), number, 1,
                              log)[start].before
    assert original is not None
    held = set(re.findall(r'<label data-card="(\w\w)"', response.text))
    assert held == {str(c) for c in original.hands[0]}
    # ... the whole position: both hands, the stock in its order, the pile, whose turn.
    with Session(app.state.engine) as db:
        practice = load_practice(db, session_id_of(client))
    assert practice.row.start == start and practice.match.hand == original
    # The computer's cards and the stock stay hidden while the practice hand is on.
    for card in [*original.hands[1], *original.stock]:
        if card not in original.known[1]:
            assert card.name not in response.text.split("<main")[1]
    # Play the same action again: the practice continues, nothing of the match changes.
    name, _, code = log[start - 1][1].partition(" ")
    version = re.search(r'name="version" value="(\d+)"', response.text)
    assert version is not None
    played = client.post("/play/practice", data={"action": name, "card": code,
                                                 "version": version.group(1)})
    assert played.status_code == 200
    changed = diff(before, snapshot(app.state.engine))
    assert set(changed) == {"practice_hand"}
    stale = client.post("/play/practice", data={"action": name, "card": code,
                                                "version": version.group(1)})
    assert stale.status_code == 409
    # Not the person's turn there, and another browser: refused.
    computer_step = next(i for i, (p, _) in enumerate(log, start=1) if p == 1)
    assert client.post(f"/play/history/{match_id}/{number}/practice",
                       data={"step": str(computer_step)}).status_code == 400
    with TestClient(app) as other:
        other.get("/")
        assert other.post(f"/play/history/{match_id}/{number}/practice",
                          data={"step": str(start)}).status_code == 404
        assert "There is no practice hand" in other.get("/play/practice").text


def test_luck_and_play_add_up_to_each_analysed_hands_change_of_chance(
        app: FastAPI, client: TestClient) -> None:
    match_id, number = _finish_hand(app, client, seed=5)
    url = f"/play/history/{match_id}/{number}"
    _wait_for_analysis(client, url)
    with Session(app.state.engine) as db:
        report = match_report(db, session_id_of(client), match_id)
        hand = db.get(PlayHand, (match_id, number))
        review = db.get(HandReview, (match_id, number, 0))
        game = db.get(PlayMatch, match_id)
    assert hand is not None and review is not None and game is not None
    rules = Rules.from_dict(game.rules)
    scores = [0, 0]
    if hand.winner is not None:
        scores[hand.winner] += hand.points
    change = 100 * (match_equity(rules, scores[0], scores[1]) - match_equity(rules, 0, 0))
    assert report.luck is not None and report.play is not None
    assert report.luck + report.play == pytest.approx(change)
    # The decisions' losses, but never more than the chance held before the hand.
    losses = [Rating.from_stored(r).loss for r in review.ratings]
    assert report.play == pytest.approx(max(
        -sum(x for x in losses if x >= ACCURATE_WITHIN), -100 * match_equity(rules, 0, 0)))
    page = client.get(f"/play/history/{match_id}").text
    assert report.luck_words in page and "chance to win the match" in report.luck_words
    # The statistics give the same split, per match on average (here: one match).
    sentence = luck_average_sentence([(report.luck, report.play)])
    assert sentence.startswith("Over 1 match:")
    assert f'<p id="luck-words">{sentence}</p>' in client.get("/stats").text


def test_the_result_panel_tells_the_hands_luck_and_play_once_it_is_analysed(
        app: FastAPI, client: TestClient) -> None:
    match_id, number = _finish_hand(app, client, seed=7)
    url = f"/play/history/{match_id}/{number}/luck"
    panel = client.get("/play").text
    assert f'hx-get="{url}"' in panel  # the result panel asks for the line
    _wait_for_analysis(client, f"/play/history/{match_id}/{number}")
    line = client.get(url + "?try=3")
    assert line.status_code == 200 and "hx-get" not in line.text  # done: no more asking
    found = re.search(r'data-luck="(-?[\d.]+)" data-play="(-?[\d.]+)"', line.text)
    assert found is not None and "chance to win the match" in line.text
    with Session(app.state.engine) as db:
        report = match_report(db, session_id_of(client), match_id)
    assert report.luck is not None and report.play is not None  # one hand: the same split
    assert float(found.group(1)) == pytest.approx(report.luck, abs=0.05)
    assert float(found.group(2)) == pytest.approx(report.play, abs=0.05)
    assert report.luck_words in line.text
    # Another browser, a hand not finished, garbage ids: not in your history.
    with TestClient(app) as other:
        other.get("/")
        assert other.get(url).status_code == 404
    for bad in (f"/play/history/{match_id}/{number + 1}/luck", "/play/history/x/1/luck",
                f"/play/history/{match_id}/²/luck", "/play/history/99999999999/1/luck"):
        assert client.get(bad).status_code == 404, bad


def test_the_luck_line_stops_asking_when_the_analysis_never_comes(
        app: FastAPI, client: TestClient) -> None:
    analysis.configure(enabled=False)
    try:
        match_id, number = _finish_hand(app, client, seed=8)
    finally:
        analysis.configure(enabled=True)
    url = f"/play/history/{match_id}/{number}/luck"
    asking = client.get(url)
    assert asking.status_code == 200 and "hx-get" in asking.text  # not there yet: ask again
    assert f"{url}?try=1" in asking.text
    given_up = client.get(f"{url}?try=90")
    assert "hx-get" not in given_up.text and "hidden" in given_up.text
    assert f"{url}?try=1" in client.get(f"{url}?try=junk").text  # garbage counts as none
