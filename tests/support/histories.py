"""Hand history files for tests: a match of many hands played with random legal moves."""

from __future__ import annotations

import dataclasses
import random

from app.engine import HOUSE, HandSeed, NextHand, Phase, apply_match, legal_match_actions, new_match
from app.engine.handhistory import HandHistory, HistoryHand, dump


def match_file(hands: int, seed: int = 1) -> str:
    """The hand history text of a match's first ``hands`` hands (House rules with a
    target no match of that length reaches), each hand played with random legal moves
    (a knock or gin whenever one is legal)."""
    rng = random.Random(seed)
    rules = dataclasses.replace(HOUSE, target=5000)
    played: list[HistoryHand] = []
    match = new_match(rules, HandSeed(f"{seed:064x}", "test"), first_dealer=1)
    while True:
        scores, dealer, hand_seed = match.scores, match.dealer, match.seed
        while match.hand.phase is not Phase.OVER:
            player = match.hand.to_play
            legal = legal_match_actions(match, player)
            ending = [action for action in legal if str(action).startswith(("knock", "gin"))]
            match, _ = apply_match(match, player, rng.choice(ending or legal))
        played.append(HistoryHand(match.hand_number, dealer, scores, hand_seed,
                                  tuple(match.hand_log)))
        if len(played) == hands:
            return dump(HandHistory(rules, "standard", 1, tuple(played)))
        number = match.hand_number + 1
        match, _ = apply_match(match, 0, NextHand(HandSeed(f"{seed:032x}{number:032x}", "t")))
