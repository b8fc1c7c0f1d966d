"""Ratings of the person's decisions: from the view only, a deliberate
blunder is marked, and the marks follow the loss thresholds.
"""

from __future__ import annotations

import random
import re
import time
from dataclasses import replace

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlmodel import Session

from app.core.config import Settings
from app.core.models import HandReview, PlayHand
from app.engine import HOUSE, Card, HandSeed, HandState, Phase, apply, legal_actions, parse_cards
from app.engine.hand import Discard, view
from app.engine.rating import Rating, accuracy, mark_for, rate
from app.engine.review import Decision, decisions, hand_positions
from app.engine.scoring import knock_limit_for
from app.review import analysis
from app.review.practice import load as load_practice
from app.web.sessions import COOKIE_NAME
from tests.support.hardening import diff, snapshot
from tests.web.review.test_history import _finish_hand


def test_marks_follow_the_loss_thresholds() -> None:
    assert [mark_for(x) for x in (0, 4.99, 5, 9.99, 10, 14.99, 15, 60)] == [
        "", "", "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder"]
    rated = [Rating(1, "pass", "pass", 0.5, 0.5, 0.0, ""),
             Rating(2, "discard TH", "discard 2C", 0.3, 0.5, 20.0, "blunder")]
    assert accuracy(rated) == 50.0 and accuracy([]) is None


def _played_hand(seed: int) -> tuple[HandSeed, list[tuple[int, str]]]:
    rng = random.Random(seed)
    hand_seed = HandSeed(f"{seed:064x}", "view only")
    state = hand_positions(HOUSE, hand_seed, 1, 1, [])[0].state
    log: list[tuple[int, str]] = []
    while state.phase is not Phase.OVER:
        action = rng.choice(legal_actions(state, state.to_play))
        log.append((state.to_play, str(action)))
        state, _ = apply(state, state.to_play, action)
    return hand_seed, log


def _reshuffled(state: HandState, rng: random.Random) -> HandState:
    """The same position with the hidden cards dealt again: the computer keeps the cards
    it is known to hold; its other cards and the stock are shuffled together."""
    known = state.known[1]
    hidden = [c for c in state.hands[1] if c not in known] + list(state.stock)
    rng.shuffle(hidden)
    keep = len(state.hands[1]) - len(known)
    computer = tuple(sorted([*known, *hidden[:keep]], key=lambda c: c.index))
    return replace(state, hands=(state.hands[0], computer), stock=tuple(hidden[keep:]))


def test_ratings_use_only_the_view() -> None:
    hand_seed, log = _played_hand(4)
    positions = hand_positions(HOUSE, hand_seed, 1, 1, log)
    chosen = decisions(positions, 0, (40, 70))[:6]
    assert len(chosen) >= 4
    rng = random.Random(1)
    for decision in chosen:
        before = positions[decision.index].before
        assert before is not None
        other = _reshuffled(before, rng)
        assert other.hands[1] != before.hands[1] or other.stock != before.stock
        again = Decision(decision.index, decision.action, view(other, 0, (40, 70)))
        assert rate(again) == rate(decision)


def _blunder_position() -> HandState:
    """Late in a hand at 90 to 90 (to 100): the computer picked up JH and JS and holds
    the run 4C 5C 6C and the set 8D 8H 8S in plain sight. The person holds JD and KC
    as deadwood of the same value; discarding JD gives the computer a set of jacks. (JC
    lies in the discard pile, so the person knows the computer holds no third jack.)"""
    mine = parse_cards("2S 3S 4S 9H TH QD QC QS JD KC AH")
    computer = parse_cards("JH JS 4C 5C 6C 8D 8H 8S 2D 3H")
    pile = parse_cards("7C JC 9D")
    used = set(mine) | set(computer) | set(pile)
    stock = tuple(c for c in (Card.parse(r + s) for s in "CDHS" for r in "A23456789TJQK")
                  if c not in used)[:10]
    return HandState(rules=HOUSE, dealer=1, upcard=pile[0],
                     limit=knock_limit_for(HOUSE, pile[0]),
                     hands=(tuple(sorted(mine, key=lambda c: c.index)),
                            tuple(sorted(computer, key=lambda c: c.index))),
                     stock=stock, discard_pile=tuple(pile), phase=Phase.DISCARD, to_play=0,
                     drawn=Card.parse("AH"),
                     known=(frozenset(), frozenset(parse_cards("JH JS 4C 5C 6C 8D 8H 8S"))),
                     turns=12)


def test_discarding_into_the_opponents_known_meld_is_marked_a_blunder() -> None:
    state = _blunder_position()
    seen = view(state, 0, (90, 90))
    blunder = rate(Decision(25, Discard(Card.parse("JD")), seen))
    safe = rate(Decision(25, Discard(Card.parse("KC")), seen))
    assert blunder.mark == "blunder", blunder
    assert safe.loss < blunder.loss - 15
    assert blunder.best != "discard JD"


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
        ratings = [Rating.from_dict(r) for r in row.ratings]
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
    assert response.status_code == 200 and "Practice hand · not counted" in response.text
    # Re-dealt exactly: the position is the one before the person's action `start`.
    assert seeds[0] is not None and seeds[1] is not None
    original = hand_positions(HOUSE, HandSeed(seeds[0], seeds[1]), number, 1,
                              log)[start].before
    assert original is not None
    held = set(re.findall(r'aria-label="([A-Z][a-z]+ of [a-z]+)"',
                          response.text.split('class="practice-hand"')[1].split("</form>")[0]))
    assert held == {c.name for c in original.hands[0]}
    # ... the whole position: both hands, the stock in its order, the pile, whose turn.
    with Session(app.state.engine) as db:
        practice = load_practice(db, client.cookies[COOKIE_NAME])
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
