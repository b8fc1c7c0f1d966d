"""Ratings of a player's decisions in a finished hand.

Each decision (take or pass the upcard, the draw source, the discard, knock or play on)
is valued from the player's view at that moment — what they could know then, never the
hidden cards — by Expert's evaluation (:func:`app.engine.bots.expert.evaluate`): the
estimated chance to win the match after each candidate action. The loss is the best
candidate's chance minus the chance after the action taken, in percentage points;
:data:`MARKS` names the losses worth a mark.

The search uses a fixed number of samples and no clock, seeded from the decision's place
in the hand alone (:func:`decision_seed`), so a rating depends only on the view: the
same view gives the same rating whatever the hidden cards and the stock order are.
Pure: no I/O.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from .bots import expert
from .hand import Action, Discard, Knock, PlayerView
from .review import Decision

MARKS = ((15.0, "blunder"), (10.0, "mistake"), (5.0, "inaccuracy"))
"""Loss thresholds in percentage points of the chance to win the match, largest first."""

ACCURATE_WITHIN = 2.0
"""A decision within this many points of the best counts as accurate (the accuracy of a
hand or match is the share of its rated decisions that are)."""

REVIEW_BUDGET = expert.Budget(samples=12, discards=4, deadline=None, batch=12)
"""Samples per candidate and discard candidates of a review's evaluation: no deadline,
so a rating is reproducible; one batch, so that no candidate is dropped early (a rating
compares every candidate on the same samples). About 0.5 s of CPU per hand
(p95 0.7 s, 14 decisions): see ``bench/review.py`` and the README's *Hand analysis*
figures."""


@dataclass(frozen=True, slots=True)
class Rating:
    """One rated decision: at position ``index`` the player took ``chosen`` (estimated
    chance to win the match ``chosen_chance``, 0..1); ``best`` was Expert's best
    candidate (``best_chance``). ``loss`` is in percentage points (≥ 0); ``mark`` is
    ``"inaccuracy"``, ``"mistake"``, ``"blunder"`` or ``""``."""

    index: int
    chosen: str
    best: str
    chosen_chance: float
    best_chance: float
    loss: float
    mark: str

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form (stored with the hand's review)."""
        return {"index": self.index, "chosen": self.chosen, "best": self.best,
                "chosen_chance": self.chosen_chance, "best_chance": self.best_chance,
                "loss": self.loss, "mark": self.mark}

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> Rating:
        """Rebuild a rating from :meth:`to_dict` output."""
        return cls(int(str(data["index"])), str(data["chosen"]), str(data["best"]),
                   float(str(data["chosen_chance"])), float(str(data["best_chance"])),
                   float(str(data["loss"])), str(data["mark"]))


def mark_for(loss: float) -> str:
    """The mark of a loss in percentage points: blunder ≥ 15, mistake ≥ 10,
    inaccuracy ≥ 5, else ``""``."""
    for threshold, name in MARKS:
        if loss >= threshold:
            return name
    return ""


def decision_seed(index: int) -> str:
    """The search's seed for the decision at position ``index`` (nothing hidden in it)."""
    return f"gin-review-v1:{index}"


def chances(view: PlayerView, chosen: Action,
            budget: expert.Budget = REVIEW_BUDGET,
            seed: str = "gin-review-v1") -> tuple[Action, float, float]:
    """(best action, its chance, the chance after ``chosen``) for ``view``.

    Expert's candidates are valued first; when ``chosen`` is not among them (Expert
    searches only the most promising discards) it is valued on the very same samples
    (the same seed), so the two chances compare like with like.

    Raises:
        NotBotsTurnError: ``view`` has no legal action.
    """
    ranked = expert.evaluate(view, random.Random(seed), budget)
    values = dict(ranked)
    if chosen not in values:
        # Knock(c) is searched beside Discard(c): Expert ranks knocks by their discard.
        only = (chosen, Discard(chosen.card)) if isinstance(chosen, Knock) else (chosen,)
        alone = expert.evaluate(replace(view, legal=only), random.Random(seed), budget)
        values[chosen] = dict(alone)[chosen]
    best = max(values, key=lambda a: values[a])
    return best, values[best], values[chosen]


def rate(decision: Decision, budget: expert.Budget = REVIEW_BUDGET) -> Rating:
    """Rate one decision from its view (see the module docstring)."""
    best, best_chance, chosen_chance = chances(decision.view, decision.action, budget,
                                               decision_seed(decision.index))
    loss = max(0.0, (best_chance - chosen_chance) * 100.0)
    if best == decision.action:
        loss = 0.0
    return Rating(decision.index, str(decision.action), str(best), chosen_chance,
                  best_chance, round(loss, 2), mark_for(loss))


def rate_all(decisions: Sequence[Decision],
             budget: expert.Budget = REVIEW_BUDGET) -> list[Rating]:
    """Rate every decision of a hand, in order."""
    return [rate(decision, budget) for decision in decisions]


@dataclass(frozen=True, slots=True)
class LuckAndPlay:
    """How a player's chance to win the match moved over a stretch of play (a hand, a
    match), split as backgammon programs split it, in percentage points:

    * ``play`` is what the player's own decisions cost: minus the sum of their losses
      of at least :data:`ACCURATE_WITHIN` points (≤ 0; 0 when every decision was within
      that of Expert's best). A smaller loss is within the evaluation's noise: the best of
      several sampled estimates is biased upwards, so summed over the thirty decisions of
      a hand such losses would charge an accurate player with many points of play;
    * ``luck`` is everything else: the deal, the draws, the other side's choices;
    * ``luck + play == change``, the move of the chance from ``before`` to ``after``;
    * neither is over 100 points: decisions cannot cost more than the whole chance the
      player had (``play >= -before``, so ``luck <= after``), however many of them the
      estimates charge (issue 48: "the cards gave you 120, your play cost 170" after a
      match that went from 50 % to 0 %).
    """

    before: float
    after: float
    luck: float
    play: float

    @property
    def change(self) -> float:
        """The move of the chance to win the match, in percentage points."""
        return self.after - self.before


def luck_and_play(before: float, after: float, ratings: Sequence[Rating]) -> LuckAndPlay:
    """Split the move of a player's chance to win the match from ``before`` to
    ``after`` (0..1, e.g. :func:`~app.engine.bots.equity.match_equity` at the scores
    before and after a hand) into luck and play (see :class:`LuckAndPlay`), from the
    ratings of that player's decisions over the stretch.

    Raises ``ValueError`` for a chance outside 0..1.
    """
    if not (0.0 <= before <= 1.0 and 0.0 <= after <= 1.0):
        raise ValueError("a chance to win the match is between 0 and 1")
    play = max(-sum(r.loss for r in ratings if r.loss >= ACCURATE_WITHIN), -100.0 * before)
    change = 100.0 * (after - before)
    return LuckAndPlay(100.0 * before, 100.0 * after, change - play, play)


def combined(splits: Sequence[LuckAndPlay]) -> LuckAndPlay:
    """Several stretches' luck and play (a match's analysed hands, in order) as one split
    of their summed change, from the first one's ``before``: the plays summed, but never
    more than the highest chance held (``max(before)``) nor so much that the luck would
    pass 100 points (``play >= change - 100``), the luck the rest, so ``luck + play ==
    change`` still and neither figure is over 100 points.

    Raises ``ValueError`` for no stretch at all.
    """
    if not splits:
        raise ValueError("no stretch of play to combine")
    change = sum(split.change for split in splits)
    before = splits[0].before
    held = max(split.before for split in splits)
    play = min(0.0, max(sum(split.play for split in splits), -held, change - 100.0))
    return LuckAndPlay(before, before + change, change - play, play)


def accuracy(ratings: Sequence[Rating]) -> float | None:
    """The share of ``ratings`` within :data:`ACCURATE_WITHIN` points of the best, in
    percent (``None`` without ratings)."""
    if not ratings:
        return None
    return 100.0 * sum(r.loss < ACCURATE_WITHIN for r in ratings) / len(ratings)


__all__ = ["ACCURATE_WITHIN", "MARKS", "REVIEW_BUDGET", "LuckAndPlay", "Rating", "accuracy",
           "chances", "combined", "decision_seed", "luck_and_play", "mark_for", "rate",
           "rate_all"]
