"""Histories for tests and benchmarks: a hand history file of a match of many hands
(:func:`match_file`), and a browser's matches stored as the app stores them
(:func:`store_history`), each played by :func:`play_hand`; :func:`mark_mistakes`
gives their analysed hands blunders to drill."""

from __future__ import annotations

import dataclasses
import random
from datetime import datetime, timedelta

from sqlalchemy import Engine
from sqlmodel import Session, col, select

from app.core.models import BrowserSession, HandReview, PlayHand, PlayMatch, utcnow
from app.engine import (
    HOUSE,
    Discard,
    HandSeed,
    MatchState,
    NextHand,
    Phase,
    Rules,
    apply_match,
    legal_match_actions,
    new_match,
)
from app.engine.cards import to_mask
from app.engine.handhistory import HandHistory, HistoryHand, dump
from app.engine.melds import deadwood_by_discard_mask
from app.engine.rating import Rating
from app.review import analysis
from app.review import history as hist


def play_hand(match: MatchState, rng: random.Random) -> MatchState:
    """Play the hand in progress of ``match`` to its end, both seats alike: a knock or gin
    whenever one is legal, else, when discarding, a card that leaves the least deadwood
    (ties at random), else a random legal move (take or pass, draw from either pile).
    Hands end in a dozen turns or so, with knocks, gins, undercuts and now and then a
    void hand, as at a table; random discards (before) ran most hands to the stock's end,
    ten times the moves for the same kinds of hands."""
    while match.hand.phase is not Phase.OVER:
        player = match.hand.to_play
        legal = legal_match_actions(match, player)
        choices = [a for a in legal if str(a).startswith(("knock", "gin"))]
        if not choices and match.hand.phase is Phase.DISCARD:
            after = deadwood_by_discard_mask(to_mask(match.hand.hands[player]),
                                             match.hand.rules)
            left = {a: after[to_mask([a.card])] for a in legal if isinstance(a, Discard)}
            least = min(left.values())
            choices = [a for a, deadwood in left.items() if deadwood == least]
        match, _ = apply_match(match, player, rng.choice(choices or legal))
    return match


def match_file(hands: int, seed: int = 1) -> str:
    """The hand history text of a match's first ``hands`` hands (House rules with a
    target no match of that length reaches), each hand played by :func:`play_hand`."""
    rng = random.Random(seed)
    rules = dataclasses.replace(HOUSE, target=5000)
    played: list[HistoryHand] = []
    match = new_match(rules, HandSeed(f"{seed:064x}", "test"), first_dealer=1)
    while True:
        scores, dealer, hand_seed = match.scores, match.dealer, match.seed
        match = play_hand(match, rng)
        played.append(HistoryHand(match.hand_number, dealer, scores, hand_seed,
                                  tuple(match.hand_log)))
        if len(played) == hands:
            return dump(HandHistory(rules, "standard", 1, tuple(played)))
        number = match.hand_number + 1
        match, _ = apply_match(match, 0, NextHand(HandSeed(f"{seed:032x}{number:032x}", "t")))


def store_history(engine: Engine, session_id: str, matches: int, *, seed: int = 1,
                  target: int = 60, analysed: float = 0.5, level: str = "standard",
                  friend: str | None = None, unfinished: bool = True) -> list[int]:
    """Store ``matches`` matches of browser ``session_id`` as the app stores them
    (its session row first when missing): each played to ``target`` points with random
    legal moves (:func:`play_hand`) and finished, but the last one
    left in its next hand when ``unfinished``; about ``analysed`` of the finished hands
    with a ``done`` review of seat 0 (made-up losses, real decisions). ``friend``: the
    matches are friend matches that this browser joined as seat 1 of ``friend``'s
    invitations (both session rows made as needed). The match ids, oldest first."""
    rng = random.Random(seed)
    rules = dataclasses.replace(HOUSE, target=target)
    ids: list[int] = []
    with Session(engine) as db:
        for sid in filter(None, (session_id, friend)):
            if db.get(BrowserSession, sid) is None:
                db.add(BrowserSession(id=sid))
        db.flush()
        start = utcnow() - timedelta(days=matches + 1)
        for index in range(matches):
            game = PlayMatch(session_id=friend or session_id, rules=rules.to_dict(),
                             level="friend" if friend else level, first_dealer=index % 2,
                             friend=friend is not None,
                             guest_session_id=session_id if friend else None,
                             names=["Ann", "Bob"] if friend else None,
                             created_at=start + timedelta(days=index))
            db.add(game)
            db.flush()
            assert game.id is not None
            ids.append(game.id)
            keep_open = unfinished and index == matches - 1
            _store_match(db, game, rules, rng, start + timedelta(days=index), analysed,
                         stop_after=2 if keep_open else None)
        db.commit()
    return ids


def _store_match(db: Session, game: PlayMatch, rules: Rules, rng: random.Random,
                 when: datetime, analysed: float, stop_after: int | None) -> None:
    assert game.id is not None

    def seed_of(number: int) -> HandSeed:
        return HandSeed(f"{rng.getrandbits(128):032x}{number:032x}", f"c{rng.getrandbits(64):x}")

    seed = seed_of(1)
    match = new_match(rules, seed, first_dealer=game.first_dealer)
    number = 1
    while True:
        dealer = match.dealer
        match = play_hand(match, rng)
        record = match.records[-1]
        log = [[p, t] for p, t in match.hand_log]
        finished_at = when + timedelta(minutes=number)
        db.add(PlayHand(match_id=game.id, number=number, dealer=dealer,
                        server_seed=seed.server_seed, client_seed=seed.client_seed,
                        commitment=seed.commitment, log=log, finished=True,
                        winner=record.winner, points=record.points, kind=str(record.kind),
                        finished_at=finished_at, created_at=finished_at))
        if rng.random() < analysed:
            mine = [(i, t) for i, (p, t) in enumerate(match.hand_log, start=1) if p == 0]
            ratings = [Rating(i, t, t, 0.5, 0.5 + loss / 100, loss, "").to_dict()
                       for i, t in mine
                       for loss in [rng.choice((0.0, 0.0, 0.0, 1.5, 4.0, 12.0))]]
            db.add(HandReview(match_id=game.id, number=number, seat=0, status="done",
                              ratings=ratings, created_at=finished_at,
                              finished_at=finished_at))
        if match.over or (stop_after is not None and number >= stop_after):
            break
        number += 1
        seed = seed_of(number)
        match, _ = apply_match(match, 0, NextHand(seed))
    game.hands, game.over = number, match.over
    game.version = 2 * number
    db.add(game)


def mark_mistakes(engine: Engine, session_id: str, *, loss: float = 20.0) -> None:
    """Give every analysed hand of ``session_id`` real ratings: each of its decisions
    a blunder whose best move is another legal move than the one played."""
    with Session(engine) as db:
        games = db.exec(select(PlayMatch).where(col(PlayMatch.session_id) == session_id)).all()
        for game in games:
            for row in db.exec(select(HandReview).where(
                    col(HandReview.match_id) == game.id)).all():
                facts = hist.hand_facts(db, session_id, game.id, row.number)
                ratings = []
                for decision in analysis.hand_decisions(
                        facts.rules.to_dict(), facts.seed, facts.number, facts.dealer,
                        facts.scores, list(facts.log), 0):
                    chosen = str(decision.action)
                    best = next(str(a) for a in decision.view.legal if str(a) != chosen)
                    ratings.append(Rating(decision.index, chosen, best, 0.3,
                                          0.3 + loss / 100, loss, "blunder").to_stored())
                row.ratings = ratings
                db.add(row)
        db.commit()
