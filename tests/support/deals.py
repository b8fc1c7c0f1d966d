"""Random deals for the score calculator's tests, and the engine's answer for them.

``deal(rng, built)`` gives two 10-card hands (a plain deal, or a knocker built around a run
and a set with a defender holding cards that lay off on them); ``expected_counts`` is what
the engine's ``settle`` makes of them; ``codes`` writes cards as ``"TH AS 5C"``;
``sheet_entry`` writes a finished hand down as a scorekeeper enters it.
"""

from __future__ import annotations

import random

from app.engine import CLASSIC, Card, HandKind, HandResult
from app.engine.cards import CARDS
from app.engine.layoff import settle
from app.engine.melds import best_arrangements, least_deadwood
from app.engine.scoring import KnockLimit
from app.score.sheet import HandEntry

UNLIMITED = KnockLimit(98)


def expected_counts(knocker: list[Card], defender: list[Card], corner: bool) -> tuple[int, int]:
    """The engine's answer, straight from ``settle``: the knocker lays a least-deadwood
    arrangement, the one that leaves the defender the most after layoffs (SPEC §4)."""
    rules = CLASSIC.with_options(round_the_corner=corner)
    settlements = [settle(a.melds, a.deadwood_cards, defender, rules, limit=UNLIMITED)
                   for a in best_arrangements(knocker, rules)]
    knocker_count = least_deadwood(knocker, rules)
    assert all(s.knocker_deadwood == knocker_count for s in settlements)
    return knocker_count, max(s.defender_deadwood for s in settlements)


def deal(rng: random.Random, built: bool) -> tuple[list[Card], list[Card]]:
    """Two 10-card hands: a plain random deal, or a knocker built around a run (some
    round the corner) and a set, with the defender holding cards that lay off on them."""
    deck = list(CARDS)
    rng.shuffle(deck)
    if not built:
        return deck[:10], deck[10:20]
    suit = rng.randrange(4)
    start, length = rng.randrange(13), rng.randint(3, 5)
    run = [CARDS[suit * 13 + (start + i) % 13] for i in range(length)]
    rank = rng.randrange(13)
    group = [c for c in CARDS if c.rank.number == rank + 1 and c not in run][:3]
    knocker = list(dict.fromkeys(run + group))
    rest = [c for c in deck if c not in knocker]
    knocker += [c for c in rest if c.points <= 4][: 10 - len(knocker)]
    knocker += [c for c in rest if c not in knocker][: 10 - len(knocker)]
    near = [CARDS[suit * 13 + (start - 1) % 13], CARDS[suit * 13 + (start + length) % 13],
            *[c for c in CARDS if c.rank.number == rank + 1]]
    defender = [c for c in dict.fromkeys(near) if c not in knocker and rng.random() < 0.7]
    defender += [c for c in deck if c not in knocker and c not in defender][: 10 - len(defender)]
    return knocker[:10], defender[:10]


def codes(cards: list[Card]) -> str:
    """``"TH AS 5C"``."""
    return " ".join(map(str, cards))


def sheet_entry(result: HandResult) -> HandEntry:
    """A hand the engine played, as a scorekeeper enters it on a score sheet: who
    knocked or went gin and both deadwood counts (the sheet scores them), or a void."""
    if result.knocker is None or result.settlement is None:
        return HandEntry.void()
    if result.kind in (HandKind.GIN, HandKind.BIG_GIN):
        return HandEntry.gin(result.knocker, result.settlement.defender_deadwood)
    return HandEntry.knock(result.knocker, result.settlement.knocker_deadwood,
                           result.settlement.defender_deadwood)
