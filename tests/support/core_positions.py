"""Random positions for the checks of the play-outs' fast paths and of the compiled core
(``tests/unit/engine/test_fast_core.py``, ``tests/unit/engine/test_compiled_core.py``).

Run as a module it is the pure side of the compiled core's agreement test:
``python -m tests.support.core_positions --pure IN OUT`` loads the engine from source
(``tools/pure_engine.py``), answers the positions of the JSON file ``IN`` (from
:func:`positions`) and writes :func:`answers` to ``OUT``.
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

# Nothing of app.engine at the top: the pure side must install its import hook first.

RULE_OPTIONS: list[tuple[dict[str, Any], tuple[int, bool]]] = [
    ({}, (10, False)),
    ({"round_the_corner": True}, (10, False)),
    ({"big_gin": True}, (10, False)),
    ({}, (7, True)),
    ({"round_the_corner": True, "big_gin": True, "undercut_bonus": 10}, (4, False)),
]
"""Tables the positions are played under: ``(Rules options, (knock limit, doubled))``."""


def rule_sets() -> list[tuple[Any, Any]]:
    """:data:`RULE_OPTIONS` as ``(Rules, KnockLimit)`` pairs of the engine as imported."""
    from app.engine.rules import Rules
    from app.engine.scoring import KnockLimit

    return [(Rules(**options), KnockLimit(limit, doubled=doubled))
            for options, (limit, doubled) in RULE_OPTIONS]


def random_meld(rng: random.Random, wrap: bool) -> int:
    """A random set or run (a mask; cyclic runs when ``wrap``)."""
    if rng.random() < 0.4:
        rank = rng.randrange(13)
        suits = rng.sample(range(4), rng.choice((3, 3, 4)))
        return sum(1 << (13 * s + rank) for s in suits)
    length = rng.choice((3, 3, 3, 4, 4, 5, 6))
    suit = rng.randrange(4)
    start = rng.randrange(13 if wrap else 14 - length)
    return sum(1 << (13 * suit + (start + i) % 13) for i in range(length))


def neighbours(mask: int) -> int:
    """The cards that could join a meld with a card of ``mask`` (not in ``mask``)."""
    near = 0
    for i in range(52):
        if mask >> i & 1:
            suit, rank = divmod(i, 13)
            for r in (rank - 1, rank + 1, rank - 2, rank + 2):
                near |= 1 << (13 * suit + r % 13)
            for s in range(4):
                near |= 1 << (13 * s + rank)
    return near & ~mask


def knock_position(rng: random.Random, rules: Any, limit: Any,
                   low: float = 0.0) -> tuple[int, int]:
    """``(knocker's hand, defender's hand)``: a random knock built to be a close call for
    layoffs (the knocker holds a few random melds and is within ``limit``, 11 cards all
    melded for big gin now and then; the defender's cards are drawn mostly next to the
    knocker's melds). ``low``: the chance that each card filling the knocker's hand
    after its melds is an ace to four (fewer draws are refused for too much deadwood)."""
    from app.engine.melds import least_deadwood_mask

    size = 11 if rules.big_gin and rng.random() < 0.2 else 10
    while True:
        hand = 0
        for _ in range(rng.choice((1, 2, 2, 3, 3))):
            meld = random_meld(rng, rules.round_the_corner)
            if not meld & hand and (hand | meld).bit_count() <= size:
                hand |= meld
        while hand.bit_count() < size:
            hand |= 1 << (13 * rng.randrange(4) + rng.randrange(4) if low and rng.random() < low
                          else rng.randrange(52))
        dead = least_deadwood_mask(hand, rules)
        if (size == 11 and dead == 0) or (
                size == 10 and dead <= limit.limit and (dead or rng.random() < 0.2)):
            break
    around = neighbours(hand)
    near = [i for i in range(52) if around >> i & 1]
    rest = [i for i in range(52) if not hand >> i & 1]
    defender = 0
    for _ in range(rng.choice((0, 1, 2, 3))):
        meld = random_meld(rng, rules.round_the_corner)
        if not meld & (hand | defender) and (defender | meld).bit_count() <= 10:
            defender |= meld
    while defender.bit_count() < 10:
        pool = near if rng.random() < 0.6 else rest
        card = 1 << rng.choice(pool)
        if not card & hand:  # (a card already drawn is simply drawn again)
            defender |= card
    return hand, defender


def set_heavy_hand(rng: random.Random, size: int) -> int:
    """``size`` random cards, most of them from a few ranks and a few runs (so that
    sets, 4-sets and runs overlap: the hard case of the least deadwood)."""
    hand = 0
    ranks = rng.sample(range(13), rng.choice((1, 2, 3)))
    while hand.bit_count() < size:
        roll = rng.random()
        if roll < 0.45:
            card = 13 * rng.randrange(4) + rng.choice(ranks)
        elif roll < 0.7:
            card = 13 * rng.randrange(4) + (rng.choice(ranks) + rng.choice((-2, -1, 1, 2))) % 13
        else:
            card = rng.randrange(52)
        hand |= 1 << card
    return hand




def positions(count: int, seed: int = 28) -> dict[str, list[list[int]]]:
    """``count`` hands and ``count`` knocks, spread over :data:`RULE_OPTIONS`, plus
    play-outs and searches: ``{"hands": [[rules, mask]], "knocks": [[rules, hand,
    defender]], "deals": [[seed]], "views": [[seed]]}`` (rules: an index into
    :data:`RULE_OPTIONS`; a deal or view is rebuilt from its seed by :func:`answers`)."""
    rng = random.Random(seed)
    sets = rule_sets()
    hands: list[list[int]] = []
    knocks: list[list[int]] = []
    for number in range(count):
        which = number % len(sets)
        roll = rng.random()
        if roll < 0.4:
            hand = set_heavy_hand(rng, rng.choice((10, 11, 11, 5, 12)))
        else:
            hand = sum(1 << i for i in rng.sample(range(52), rng.choice((10, 10, 11))))
        hands.append([which, hand])
        rules, limit = sets[which]
        knocks.append([which, *knock_position(rng, rules, limit, low=0.8)])
    deals = [[seed * 1_000 + n] for n in range(max(1, count // 50))]
    views = [[seed * 1_000 + n] for n in range(max(1, count // 5_000))]
    return {"hands": hands, "knocks": knocks, "deals": deals, "views": views}


def _deal(seed: int) -> Any:
    """A random concrete hand in its discard phase (a play-out's start), from ``seed``."""
    from app.engine.bots.rollout import Deal

    rng = random.Random(seed)
    cards = [1 << i for i in range(52)]
    rng.shuffle(cards)
    first, second = sum(cards[:11]), sum(cards[11:21])
    starting = seed % 2
    hands = [first, second] if starting == 0 else [second, first]
    return Deal(hands, cards[22:], [cards[21]], "discard", starting, starting, 2, False, 0)


def _view(seed: int) -> Any:
    """A view of a hand played a few turns by the Simple player, from ``seed``."""
    from app.engine import HOUSE, Phase, apply, deal, view
    from app.engine.bots import choose_action

    rng = random.Random(seed)
    state = deal(HOUSE, dealer=seed % 2, rng=seed)
    for _ in range(rng.randrange(0, 14)):
        after, _ = apply(state, state.to_play,
                         choose_action("simple", view(state, state.to_play), rng))
        if after.phase is Phase.OVER:
            break
        state = after
    return view(state, state.to_play)


def answers(data: dict[str, list[list[int]]]) -> dict[str, list[Any]]:
    """The engine's answers for :func:`positions` (plain JSON values): the least deadwood,
    the deadwood after each discard and the best discard but the lowest card of each
    hand, the settlement of each knock, the
    outcome of each play-out (Expert's continuation patient) and Expert's whole search of
    each view (every play-out's value, the dropped and the chosen candidate)."""
    from app.engine.bots import expert
    from app.engine.bots.rollout import play_out, settle_masks
    from app.engine.melds import (
        deadwood_by_discard_mask,
        least_deadwood_mask,
        least_discard_mask,
    )

    sets = rule_sets()
    least = []
    by_discard = []
    best_discard = []
    for which, hand in data["hands"]:
        rules = sets[which][0]
        least.append(least_deadwood_mask(hand, rules))
        by_discard.append(sorted(deadwood_by_discard_mask(hand, rules).items()))
        best_discard.append(list(least_discard_mask(hand, hand & -hand, rules)))
    settled = []
    for which, hand, defender in data["knocks"]:
        rules, limit = sets[which]
        winner, points, kind = settle_masks(hand, defender, rules, limit)
        settled.append([winner.value, points, kind.value])
    played = []
    for (seed,) in data["deals"]:
        rules, limit = sets[seed % len(sets)]
        outcome = play_out(_deal(seed), rules, limit, seed % 2, seed % 3)
        played.append([outcome.winner, outcome.points, outcome.kind.value])
    budget = expert.Budget(samples=32, batch=8, playouts=400, deadline=None)
    searched = []
    for (seed,) in data["views"]:
        found = expert.search(_view(seed), random.Random(seed), budget)
        searched.append([[str(a) for a in found.actions], found.values,
                         list(found.dropped), found.chosen])
    return {"least": least, "by_discard": by_discard, "best_discard": best_discard,
            "settled": settled,
            "played": played, "searched": searched}


def main(argv: list[str]) -> int:
    """``--pure IN OUT``: the pure engine's :func:`answers` for the positions in ``IN``."""
    if argv[:1] == ["--pure"]:
        from tools import pure_engine

        pure_engine.install()
        argv = argv[1:]
    source, target = argv
    with open(source) as handle:
        data = json.load(handle)
    from app.engine import compiled_core

    assert not compiled_core() or "--pure" not in sys.argv
    with open(target, "w") as handle:
        json.dump(answers(data), handle)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
