"""A hand's analysis starts a decision on the samples of the one before that still hold
(:func:`app.engine.rating.carried`, :func:`app.engine.rating.rate_all`): the discard
after a draw of the same turn keeps the samples whose opponent hand lacks the card
drawn, with that card taken out of their stock; nothing carries over once the opponent
has acted. The ratings stay reproducible and depend on the views alone."""

from __future__ import annotations

import json
import random
from pathlib import Path

from app.engine import HOUSE, HandSeed, Phase, rating
from app.engine.bots.hard import build_model
from app.engine.bots.inference import Sampler
from app.engine.cards import to_mask
from app.engine.hand import DrawStock, TakeDiscard, TakeUpcard
from app.engine.rating import (
    REVIEW_BUDGET,
    Hidden,
    carried,
    decision_seed,
    rate,
    rate_all,
)
from app.engine.review import Decision, decisions, hand_positions

FIXTURE = Path(__file__).parents[2] / "data" / "review_ratings.json"


def _hands() -> list[list[Decision]]:
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    return [decisions(hand_positions(HOUSE, HandSeed(hand["server"], hand["client"]), 1, 1,
                                     [(int(p), str(a)) for p, a in hand["log"]]),
                      0, tuple(hand["scores"]))
            for hand in data["hands"]]


def _samples(decision: Decision, count: int = 40) -> list[Hidden]:
    view = decision.view
    sampler = Sampler(view, build_model(view), fast=True)
    rng = random.Random(decision_seed(decision.index))
    return [sampler.hidden(rng) for _ in range(count)]


def _pairs(kind: type) -> list[tuple[Decision, Decision]]:
    """Consecutive decisions: a draw of ``kind`` and the discard of the same turn."""
    return [(draw, discard) for hand in _hands()
            for draw, discard in zip(hand, hand[1:], strict=False)
            if isinstance(draw.action, kind) and discard.index == draw.index + 1
            and discard.view.phase is Phase.DISCARD]


def test_a_draw_from_the_stock_keeps_the_samples_without_the_card_drawn() -> None:
    pairs = _pairs(DrawStock)
    assert len(pairs) >= 10
    kept_in_all = dropped_in_all = 0
    for draw, discard in pairs:
        card = to_mask(discard.view.hand) & ~to_mask(draw.view.hand)
        assert card.bit_count() == 1
        samples = _samples(draw)
        kept = carried(draw.view, samples, discard.view)
        # In order, exactly the samples whose opponent hand lacks the card drawn...
        assert [opponent for opponent, _ in kept] == [
            opponent for opponent, _ in samples if not opponent & card]
        unseen = build_model(discard.view).unseen
        for (opponent, stock), (_, before) in zip(
                kept, [s for s in samples if not s[0] & card], strict=True):
            # ...their stock the same order less that card: a sample of the new view.
            assert stock == [bit for bit in before if bit != card]
            assert len(stock) == discard.view.stock_count
            assert sum(stock) | opponent & unseen == unseen
            assert not sum(stock) & opponent
        kept_in_all += len(kept)
        dropped_in_all += len(samples) - len(kept)
    # About a third of the opponent hands hold the card drawn (10 of ~30 unseen cards).
    assert 0.15 < dropped_in_all / (kept_in_all + dropped_in_all) < 0.5


def test_a_card_taken_from_the_pile_keeps_every_sample() -> None:
    pairs = _pairs(TakeDiscard) + _pairs(TakeUpcard)
    assert pairs
    for draw, discard in pairs:
        samples = _samples(draw)
        assert carried(draw.view, samples, discard.view) == samples


def test_nothing_carries_over_once_the_opponent_has_acted() -> None:
    hands = _hands()
    across = [(a, b) for hand in hands for a, b in zip(hand, hand[1:], strict=False)
              if a.view.phase is Phase.DISCARD]
    assert len(across) >= 10
    for before, after in across:
        assert carried(before.view, _samples(before), after.view) == []
    # Nor from a decision of another hand, nor without samples.
    first, second = hands[0][0], hands[1][0]
    assert carried(first.view, _samples(first), second.view) == []
    draw, discard = _pairs(DrawStock)[0]
    assert carried(draw.view, [], discard.view) == []


def test_each_search_starts_on_the_samples_the_search_before_it_used() -> None:
    shared = 0
    for hand in _hands():
        ratings = rate_all(hand)
        used: list[Hidden] = []
        for position, decision in enumerate(hand):
            given = carried(hand[position - 1].view, used, decision.view) if position else []
            shared += bool(given)
            # The decision's own search, first on what still holds of the samples the
            # search before it used (none: the rating of the decision alone).
            best, best_chance, chosen_chance, used = rating._chances(
                decision.view, decision.action, REVIEW_BUDGET,
                decision_seed(decision.index), given)
            assert used[:len(given)] == given[:len(used)]
            assert (ratings[position].best, ratings[position].best_chance,
                    ratings[position].chosen_chance) == (str(best), best_chance,
                                                         chosen_chance)
            if not given:
                assert ratings[position] == rate(decision)
    assert shared >= 20


def test_the_shared_samples_are_reproducible_and_a_rating_ignores_the_decisions_after_it(
        ) -> None:
    for hand in _hands()[:3]:
        ratings = rate_all(hand)
        assert rate_all(hand) == ratings
        for end in (1, len(hand) // 2):
            assert rate_all(hand[:end]) == ratings[:end]
