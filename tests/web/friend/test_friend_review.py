"""Reviews and match reports of a friend match: each player's own decisions,
rated from their own view; a third browser is refused.

Both players' ratings come from the stored ``hand_review`` rows of their seat; the
decisions they rate are checked against the stored log (whose action it was) and the
engine's replay (the view each rating was made from is that seat's).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlmodel import Session, select

from app.core.config import Settings
from app.core.models import HandReview, PlayHand, PlayMatch
from app.engine import Phase
from app.engine.rating import Rating
from app.review import analysis
from app.table.storage import hand_seed
from tests.support.friends import choose
from tests.support.hardening import action_form, diff, snapshot
from tests.web.friend.test_friend import browser, start, stored_match
from tests.web.review.test_rating import _wait_for_analysis


@pytest.fixture
def settings(db_url: str) -> Settings:
    """This module's apps analyse finished hands (in a background thread)."""
    return Settings(database_url=db_url, analyse_hands=True, compute_workers=0)


@pytest.fixture
def running(app: FastAPI) -> Iterator[FastAPI]:
    """``app`` with its lifespan running (the analysis configured as ``settings`` say)."""
    with TestClient(app):
        yield app


def _play_hand(app: FastAPI) -> tuple[TestClient, TestClient, int]:
    """Ann invites, Bob joins, and they play hand 1 to its end; the match id."""
    host, guest, _token = start(app)
    game, match = stored_match(app, host)
    clients = (host, guest)
    moves = 0
    while match.hand.phase is not Phase.OVER:
        player = match.hand.to_play
        response = clients[player].post("/play", data=action_form(choose(match, player),
                                                                  game.version))
        assert response.status_code in (200, 303), response.text[:500]
        game, match = stored_match(app, host)
        moves += 1
        assert moves < 200
    assert game.id is not None
    return host, guest, game.id


def test_each_friend_reviews_only_their_own_decisions(running: FastAPI) -> None:
    app = running
    host, guest, match_id = _play_hand(app)
    url = f"/play/history/{match_id}/1"
    for client in (host, guest):
        _wait_for_analysis(client, url)
    with Session(app.state.engine) as db:
        hand = db.get(PlayHand, (match_id, 1))
        game = db.get(PlayMatch, match_id)
        assert hand is not None and game is not None
        rows = {r.seat: r for r in db.exec(select(HandReview)
                                           .where(HandReview.match_id == match_id)).all()}
        seed = hand_seed(hand, game)
    assert set(rows) == {0, 1}
    decisions = analysis.hand_decisions(game.rules, seed, 1, hand.dealer, (0, 0),
                                        [(int(p), str(t)) for p, t in hand.log], 1)
    # Bob's decisions are made from Bob's view: his own ten or eleven cards.
    assert decisions and all(d.view.player == 1 for d in decisions)
    for seat, client in enumerate((host, guest)):
        row = rows[seat]
        assert row.status == "done", row
        ratings = [Rating.from_stored(r) for r in row.ratings]
        mine = {i for i, (p, _) in enumerate(hand.log, start=1) if p == seat}
        # Only this seat's decisions are rated, each the action this seat took there.
        assert ratings and {r.index for r in ratings} <= mine
        assert all(r.chosen == hand.log[r.index - 1][1] for r in ratings)
        page = client.get(url)
        assert page.status_code == 200
        assert "Your decisions" in page.text and "Analysing" not in page.text
        assert page.text.count('class="rating') == len(ratings)
        for r in ratings:  # each rating sits beside the position of this seat's move
            section = page.text.split(f'id="step-{r.index}"', 1)[1].split("</section>")[0]
            assert 'class="rating' in section and "<h2" in section
            title = section.split("</h2>", 1)[0]
            assert "You " in title, title
        other = ("Bob", "Ann")[seat]
        assert f"Against your friend {other}" in page.text
        assert f'<span class="review-row__who">{other} · deadwood' in page.text
        # Try again from here (which plays seat 0 against the computer) is the inviter's.
        assert ("Try again from here" in page.text) == (seat == 0)
    if rows[1].ratings:
        before = snapshot(app.state.engine)
        index = Rating.from_stored(rows[1].ratings[0]).index
        refused = guest.post(f"{url}/practice", data={"step": str(index)})
        assert refused.status_code == 400 and "friend who joined" in refused.text
        assert diff(before, snapshot(app.state.engine)) == {}


def test_each_friend_gets_their_own_match_report(running: FastAPI) -> None:
    app = running
    host, guest, match_id = _play_hand(app)
    for client in (host, guest):
        _wait_for_analysis(client, f"/play/history/{match_id}/1")
    with Session(app.state.engine) as db:
        hand = db.get(PlayHand, (match_id, 1))
        assert hand is not None
        rows = {r.seat: r for r in db.exec(select(HandReview)
                                           .where(HandReview.match_id == match_id)).all()}
    for seat, client in enumerate((host, guest)):
        page = client.get(f"/play/history/{match_id}")
        assert page.status_code == 200
        other = ("Bob", "Ann")[seat]
        mine = hand.points if hand.winner == seat else 0
        theirs = hand.points if hand.winner == 1 - seat else 0
        assert f"Against your friend {other}" in page.text
        assert f"you {mine}, {other} {theirs} (hand points)" in page.text
        ratings = [Rating.from_stored(r) for r in rows[seat].ratings]
        accurate = 100.0 * sum(r.loss < 2.0 for r in ratings) / len(ratings)
        assert f"Accuracy <strong>{accurate:.0f}%</strong> over 1 analysed hand" in page.text
        # Its costliest decisions are this seat's own moves.
        for found in re.findall(r"Hand 1, step (\d+):", page.text):
            assert hand.log[int(found) - 1][0] == seat
        # The table's result panel links to both, for either player.
        table = client.get("/play").text
        assert 'href="/play/history/last"' in table and 'href="/play/history/report"' in table
        last = client.get("/play/history/last", follow_redirects=False)
        assert last.headers["location"] == f"/play/history/{match_id}/1"
        history = client.get("/play/history").text
        assert f'href="/play/history/{match_id}/1"' in history
        assert f'href="/play/history/{match_id}"' in history


def test_a_third_browser_gets_no_review_report_or_file(running: FastAPI) -> None:
    app = running
    host, guest, match_id = _play_hand(app)
    for client in (host, guest):
        _wait_for_analysis(client, f"/play/history/{match_id}/1")
    third = browser(app)
    before = snapshot(app.state.engine)
    for path in (f"/play/history/{match_id}/1", f"/play/history/{match_id}/1/analysis",
                 f"/play/history/{match_id}", f"/play/history/{match_id}.txt",
                 f"/play/history/{match_id}/1.txt"):
        response = third.get(path)
        assert response.status_code == 404, path
        assert "Your decisions" not in response.text
    for path in (f"/play/history/{match_id}/1/analyse", f"/play/history/{match_id}/1/practice"):
        response = third.post(path, data={"step": "1"})
        assert response.status_code == 404, path
    assert f"/play/history/{match_id}" not in third.get("/play/history").text
    assert diff(before, snapshot(app.state.engine)) == {}
