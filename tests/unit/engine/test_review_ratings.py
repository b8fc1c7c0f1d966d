"""The analysis of fixed hands gives the same ratings as before the cheaper analysis
(issue 46), within the analysis's own noise.

``tests/data/review_ratings.json`` holds six hands (Easy against Standard, fixed seeds,
three match scores) with the ratings of the person's 96 decisions recorded by the
analysis as it was before (``bench/review.py --record``, Expert's search of 12 samples
per candidate). The cheaper analysis plays out the same samples but stops early where the
rating is settled, so a figure may move: by no more than the old analysis moves itself
on 12 other samples (measured on 499 decisions: the loss 1.9 points on average, a
chance 3.6 on average and up to 17), and no mark may change.
"""

from __future__ import annotations

import json
from pathlib import Path
from statistics import mean

import pytest

from app.engine import HOUSE, HandSeed
from app.engine.rating import ACCURATE_WITHIN, Rating, rate_all
from app.engine.review import decisions, hand_positions

FIXTURE = Path(__file__).parents[2] / "data" / "review_ratings.json"
LOSS_NOISE = 2.0
"""Percentage points a decision's loss may move: the old analysis's own mean move."""
CHANCE_NOISE = 0.12
"""A chance (0..1) may move this much on one decision (the old analysis's own 95th
percentile is 0.097, its largest 0.17)..."""
MEAN_CHANCE_NOISE = 0.02
"""...and this much on average over the fixture (its own average: 0.036)."""


def _pairs() -> list[tuple[Rating, Rating]]:
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    pairs: list[tuple[Rating, Rating]] = []
    for hand in data["hands"]:
        positions = hand_positions(HOUSE, HandSeed(hand["server"], hand["client"]), 1, 1,
                                   [(int(p), str(a)) for p, a in hand["log"]])
        chosen = decisions(positions, 0, tuple(hand["scores"]))
        old = [Rating.from_dict(r) for r in hand["ratings"]]
        assert [r.index for r in old] == [d.index for d in chosen]
        pairs.extend(zip(old, rate_all(chosen), strict=True))
    return pairs


@pytest.fixture(scope="module")
def pairs() -> list[tuple[Rating, Rating]]:
    return _pairs()


def test_every_decision_keeps_its_mark(pairs: list[tuple[Rating, Rating]]) -> None:
    assert len(pairs) == 96
    assert [new.mark for _, new in pairs] == [old.mark for old, _ in pairs]
    assert {old.mark for old, _ in pairs} >= {"", "inaccuracy", "mistake"}


def test_losses_and_chances_move_within_the_noise(
        pairs: list[tuple[Rating, Rating]]) -> None:
    for old, new in pairs:
        assert new.chosen == old.chosen
        assert abs(new.loss - old.loss) <= LOSS_NOISE, (old, new)
        assert abs(new.chosen_chance - old.chosen_chance) <= CHANCE_NOISE, (old, new)
        assert abs(new.best_chance - old.best_chance) <= CHANCE_NOISE, (old, new)
        if old.loss >= ACCURATE_WITHIN:  # a loss that counts names the same better move
            assert new.best == old.best, (old, new)
    assert mean(abs(new.chosen_chance - old.chosen_chance)
                for old, new in pairs) <= MEAN_CHANCE_NOISE
    assert mean(abs(new.loss - old.loss) for old, new in pairs) <= LOSS_NOISE / 4


def test_accuracy_is_the_same(pairs: list[tuple[Rating, Rating]]) -> None:
    assert [new.loss < ACCURATE_WITHIN for _, new in pairs] == [
        old.loss < ACCURATE_WITHIN for old, _ in pairs]
