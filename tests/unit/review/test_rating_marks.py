"""Rating decisions without the app: the marks' thresholds, ratings from the view only, a
known blunder."""

from __future__ import annotations

import random
from dataclasses import replace

from app.engine import HOUSE, Card, HandSeed, HandState, Phase, apply, legal_actions, parse_cards
from app.engine.hand import Discard, view
from app.engine.rating import Rating, accuracy, mark_for, rate, rate_all
from app.engine.review import Decision, decisions, hand_positions
from app.engine.scoring import knock_limit_for


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


def test_a_hands_ratings_use_only_the_views_though_a_search_starts_on_the_one_befores(
        ) -> None:
    hand_seed, log = _played_hand(4)
    positions = hand_positions(HOUSE, hand_seed, 1, 1, log)
    chosen = decisions(positions, 0, (40, 70))
    assert len(chosen) >= 8
    rng = random.Random(2)
    others = []
    for decision in chosen:
        before = positions[decision.index].before
        assert before is not None
        others.append(Decision(decision.index, decision.action,
                               view(_reshuffled(before, rng), 0, (40, 70))))
    assert rate_all(others) == rate_all(chosen)


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
