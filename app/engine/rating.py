"""Ratings of a player's decisions in a finished hand.

Each decision (take or pass the upcard, the draw source, the discard, knock or play on)
is valued from the player's view at that moment — what they could know then, never the
hidden cards — by Expert's evaluation (:func:`app.engine.bots.expert.evaluate`): the
estimated chance to win the match after each candidate action. The loss is the best
candidate's chance minus the chance after the action taken, in percentage points;
:data:`MARKS` names the losses worth a mark.

The search uses at most a fixed number of samples and no clock, seeded from the
decision's place in the hand alone (:func:`decision_seed`), so a rating depends only on
the view: the same view gives the same rating whatever the hidden cards and the stock
order are. It stops sampling a candidate once beaten (:data:`DROP_Z`), and altogether
once the rating is settled (:func:`chances`). A hand's analysis (:func:`rate_all`)
starts the discard after a draw on the samples of the draw that still hold
(:func:`carried`), so there a rating depends on the two views.
Pure: no I/O.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from math import fsum

from .bots import expert
from .bots.common import FULL_DECK, ensure_turn
from .bots.hard import Evaluator, build_model
from .bots.inference import Sampler
from .cards import to_mask
from .hand import Action, PlayerView
from .review import Decision

MARKS = ((15.0, "blunder"), (10.0, "mistake"), (5.0, "inaccuracy"))
"""Loss thresholds in percentage points of the chance to win the match, largest first."""

STORED_MARKS = ("", *(name for _, name in reversed(MARKS)))
"""The marks as :meth:`Rating.to_stored` numbers them: none, inaccuracy, mistake,
blunder."""

ACCURATE_WITHIN = 2.0
"""A decision within this many points of the best counts as accurate (the accuracy of a
hand or match is the share of its rated decisions that are)."""

REVIEW_BUDGET = expert.Budget(samples=11, discards=4, deadline=None, batch=11)
"""Samples per candidate (at most: :func:`chances` stops early where the rating is
settled) and discard candidates of a review's evaluation: no deadline, so a rating is
reproducible. Under a fifth of the CPU a hand's analysis took before issue 46 (12
decisions; 17–20 % with the samples a discard carries over from its draw,
:func:`rate_all`, and the play-outs of round four), at ratings as near to many more
samples: see ``bench/review.py``, ``bench/review_noise.py`` and docs/benchmarks.md, *A
cheaper analysis*."""


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

    def to_stored(self) -> list[object]:
        """The compact form stored with the hand's review (what the review shows): a
        list ``[index, chosen, chance]`` when ``chosen`` was the best (no loss), else
        ``[index, chosen, chance, best, best chance, loss, mark]``; chances in tenths
        of a percentage point (0..1000, as the review shows them), the loss in
        hundredths of a point, the mark as its place in ``("", *names of MARKS from
        the least)``. About 30 bytes instead of :meth:`to_dict`'s 160."""
        chance = round(self.chosen_chance * 1000)
        if self.best == self.chosen and not self.loss and not self.mark:
            return [self.index, self.chosen, chance]
        return [self.index, self.chosen, chance, self.best, round(self.best_chance * 1000),
                round(self.loss * 100), STORED_MARKS.index(self.mark)]

    @classmethod
    def from_stored(cls, data: object) -> Rating:
        """Rebuild a rating from :meth:`to_stored` output, or from :meth:`to_dict`
        output (rows stored before 0.5.0, and by the migration's downgrade).

        Raises ``ValueError`` for anything else."""
        if isinstance(data, dict):
            return cls.from_dict(data)
        if not isinstance(data, list) or len(data) not in (3, 7):
            raise ValueError(f"not a stored rating: {data!r}")
        index, chosen, chance = int(data[0]), str(data[1]), int(data[2]) / 1000
        if len(data) == 3:
            return cls(index, chosen, chosen, chance, chance, 0.0, "")
        return cls(index, chosen, str(data[3]), chance, int(data[4]) / 1000,
                   int(data[5]) / 100, STORED_MARKS[int(data[6])])


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


DROP_AFTER = 2
"""Samples every candidate of a review is played out on before the sequential rule of
:func:`chances` may drop one."""
SETTLE_AFTER = 5
"""Samples before it may stop (a chance shown rests on at least so many)."""
DROP_Z = 1.0
"""After each sample from :data:`DROP_AFTER` on, a candidate that the leader beats by
this many standard errors of their paired difference (the same samples: common random
numbers) is played out no further: it is not the best. Dropping early also takes the
weaker candidates out of the best's chance, which the highest of several noisy means
overstates: measured on 1,890 decisions (``bench/review_noise.py``, docs/benchmarks.md,
*A cheaper analysis*), the loss is 1.40–1.47 points off that of 36 other samples on
average, against 1.50–1.55 for every candidate on 12 samples, with 9 samples instead of
12 and 21 play-outs instead of 37."""
SETTLE_Z = 2.0
"""...and the sampling stops when the loss, give or take this many standard errors
against each candidate left, lies within one band of :data:`BANDS`: its mark (and
whether it counts as accurate) is settled."""
BANDS = (ACCURATE_WITHIN, *sorted(threshold for threshold, _ in MARKS))
"""The edges of the loss (percentage points) where a rating changes: accurate, no
mark, inaccuracy, mistake, blunder."""


def _band(loss: float) -> int:
    """How many of :data:`BANDS` ``loss`` reaches."""
    return sum(loss >= edge for edge in BANDS)


def settled_against(values: list[list[float]], mine: int, alive: Sequence[int]) -> bool:
    """True when the loss of candidate ``mine`` is settled against the others of
    ``alive`` (indices into ``values``, each candidate's play-out values on the same
    samples): the highest paired gain of another candidate over ``mine``, each give or
    take :data:`SETTLE_Z` standard errors (:func:`~app.engine.bots.expert.paired`), lies
    within one band of :data:`BANDS` at both ends. With no other candidate left it is
    settled (``mine`` is the best)."""
    low = high = 0.0
    for i in alive:
        if i == mine:
            continue
        gain, error = expert.paired(values[i], values[mine])
        low = max(low, 100.0 * (gain - SETTLE_Z * error))
        high = max(high, 100.0 * (gain + SETTLE_Z * error))
    return _band(low) == _band(high)


Hidden = tuple[int, list[int]]
"""One sample of the hidden cards: ``(opponent hand mask, stock as card bits, top
first)``, as :meth:`~app.engine.bots.inference.Sampler.hidden` draws it."""


def _opponent_record(view: PlayerView) -> tuple[object, ...]:
    """Everything of ``view`` that the review's sampler reads about the opponent (its
    :class:`~app.engine.bots.inference.Evidence` and Hard's card weights): the same
    record means the same plausibility of every hand and the same card weights."""
    return (view.player, view.rules, view.limit, view.opponent_card_count,
            view.opponent_known, view.opponent_discards, view.opponent_declined)


def carried(before: PlayerView, samples: Sequence[Hidden], view: PlayerView) -> list[Hidden]:
    """The samples drawn for an earlier decision of the same hand (``samples``, drawn
    for the view ``before``) that still hold in ``view``, re-weighted by what changed
    between the two views, or ``[]`` when they cannot be carried over.

    They carry over when only the player acted between the two views (the opponent's
    record is the same: :func:`_opponent_record`; e.g. the draw and then the discard of
    one turn) and the unseen cards only lost the ones the player took from the top of
    the stock (if any). Nothing the opponent did is new, so the plausibility of each
    hand (its weight) is unchanged, and what the player learnt is that the cards drawn
    are not in the opponent's hand: a sample whose opponent hand holds one is dropped,
    the others are kept with the cards drawn taken out of their stock. Given an opponent
    hand the stock's order is uniform, and a uniform order with a card taken out is a
    uniform order of the rest, so the samples kept are distributed as the earlier
    decision's samples conditioned on the new view: Bayes' rule, with every weight
    either 0 or the same. Pure; nothing hidden is read (``samples`` come from
    ``before``'s sampler alone)."""
    if not samples or _opponent_record(before) != _opponent_record(view):
        return []
    was = FULL_DECK & ~(to_mask(before.hand) | to_mask(before.discard_pile)
                        | to_mask(before.opponent_known))
    unseen = FULL_DECK & ~(to_mask(view.hand) | to_mask(view.discard_pile)
                           | to_mask(view.opponent_known))
    drawn = was & ~unseen
    if (unseen & ~was or drawn & ~to_mask(view.hand)
            or view.stock_count != before.stock_count - drawn.bit_count()):
        return []
    return [(opponent, [card for card in stock if not card & drawn])
            for opponent, stock in samples if not opponent & drawn]


def _chances(view: PlayerView, chosen: Action, budget: expert.Budget, seed: str,
             given: Sequence[Hidden] = ()) -> tuple[Action, float, float, list[Hidden]]:
    """:func:`chances`, played out first on the samples ``given`` (of this view:
    :func:`carried`), then on new ones; also returns the samples used, in order."""
    ensure_turn(view)
    rng = random.Random(seed)
    model = build_model(view)
    ev = Evaluator(model, view.limit.limit)
    actions = expert.candidates(view, model, None, budget, ev)
    if chosen not in actions:
        actions.append(chosen)
    mine = actions.index(chosen)
    playouts = expert.Playouts(view)
    play = playouts.values
    steps = expert.moves(actions)
    sampler: Sampler | None = None
    values: list[list[float]] = [[] for _ in actions]
    sums = [0.0] * len(actions)
    alive = list(range(len(actions)))
    samples = max(1, budget.samples)
    used: list[Hidden] = []
    for drawn in range(1, samples + 1):
        if drawn <= len(given):
            hidden = given[drawn - 1]
        else:
            if sampler is None:
                sampler = Sampler(view, model, fast=True)
            hidden = sampler.hidden(rng)
        used.append(hidden)
        base = playouts.deal(*hidden)
        for i, value in zip(alive, play(steps, alive, base), strict=True):
            values[i].append(value)
            sums[i] += value
        if drawn < DROP_AFTER or drawn == samples:
            continue
        if len(alive) > 2:
            leader = max(alive, key=lambda i: (sums[i], i == mine, -i))
            alive = [i for i in alive if i in (leader, mine)
                     or not expert.beats(values[leader], values[i], DROP_Z)]
        if drawn < SETTLE_AFTER:
            continue
        if settled_against(values, mine, alive):
            break
    means = {i: fsum(values[i]) / len(values[i]) for i in alive}
    best = max(alive, key=lambda i: (means[i], i == mine, -i))
    return actions[best], means[best], fsum(values[mine]) / len(values[mine]), used


def chances(view: PlayerView, chosen: Action,
            budget: expert.Budget = REVIEW_BUDGET,
            seed: str = "gin-review-v1",
            given: Sequence[Hidden] = ()) -> tuple[Action, float, float]:
    """(best action, its chance, the chance after ``chosen``) for ``view``.

    Expert's candidates (:func:`~app.engine.bots.expert.candidates`) and ``chosen`` when
    it is not among them (Expert searches only the most promising discards) are played
    out on the same samples of the hidden cards (at most ``budget.samples``: first
    ``given``, samples of this view carried over from an earlier decision of the hand by
    :func:`carried`, then new ones from the review's
    :class:`~app.engine.bots.inference.Sampler`, ``fast``, seeded by ``seed``: common
    random numbers, so the chances compare like with like), by a sequential
    rule: ``chosen`` and the leader are played out on every sample, any other candidate
    only until the leader beats it by :data:`DROP_Z` standard errors (from
    :data:`DROP_AFTER` samples on), and the sampling stops once the rating is settled
    (:func:`settled_against`, from :data:`SETTLE_AFTER` samples on). The best is the
    highest mean of the candidates left (``chosen`` first among equals: a tie is no
    loss). The ratings differ from those of every candidate on 12 samples by no more
    than those move on 12 other samples, and stand nearer to the chances of many more
    samples (docs/benchmarks.md, *A cheaper analysis*).

    Raises:
        NotBotsTurnError: ``view`` has no legal action.
    """
    return _chances(view, chosen, budget, seed, given)[:3]


def ranked(view: PlayerView, budget: expert.Budget = REVIEW_BUDGET,
           seed: str = "gin-review-v1") -> list[tuple[Action, float]]:
    """Expert's candidates for ``view`` (:func:`~app.engine.bots.expert.candidates`),
    each with its estimated chance to win the match (0..1), best first (the daily
    puzzle's solution and how far it stands above the others).

    Unlike :func:`chances`, every candidate is played out on every one of
    ``budget.samples`` samples of the hidden cards (the same samples for all: common
    random numbers, seeded by ``seed``), so the second best's chance is as sure as the
    best's. Equal chances keep Expert's order. Pure: the same view and seed give the same
    list.

    Raises:
        NotBotsTurnError: ``view`` has no legal action.
    """
    ensure_turn(view)
    rng = random.Random(seed)
    model = build_model(view)
    ev = Evaluator(model, view.limit.limit)
    rng.getrandbits(64)  # the samples of Expert's own search with this seed
    actions = expert.candidates(view, model, None, budget, ev)
    playouts = expert.Playouts(view)
    sampler = Sampler(view, model)
    sums = [0.0] * len(actions)
    samples = max(1, budget.samples)
    steps = expert.moves(actions)
    every = list(range(len(actions)))
    for _ in range(samples):
        opponent, stock = sampler.hidden(rng)
        base = playouts.deal(opponent, stock)
        for i, value in enumerate(playouts.values(steps, every, base)):
            sums[i] += value
    order = sorted(range(len(actions)), key=lambda i: (-sums[i], i))
    return [(actions[i], sums[i] / samples) for i in order]


def _rating(decision: Decision, best: Action, best_chance: float,
            chosen_chance: float) -> Rating:
    """The rating of ``decision`` from its search's answer (:func:`chances`)."""
    loss = max(0.0, (best_chance - chosen_chance) * 100.0)
    if best == decision.action:
        loss = 0.0
    return Rating(decision.index, str(decision.action), str(best), chosen_chance,
                  best_chance, round(loss, 2), mark_for(loss))


def rate(decision: Decision, budget: expert.Budget = REVIEW_BUDGET) -> Rating:
    """Rate one decision from its view alone (see the module docstring; a hand's
    analysis rates its decisions with :func:`rate_all`, which may start a decision on
    the samples of the one before)."""
    return _rating(decision, *chances(decision.view, decision.action, budget,
                                      decision_seed(decision.index)))


def rate_all(decisions: Sequence[Decision],
             budget: expert.Budget = REVIEW_BUDGET) -> list[Rating]:
    """Rate every decision of a hand (in the order of the hand), each search starting on
    the samples of the decision before that still hold (:func:`carried`: the discard
    after a draw of the same turn keeps those without the card drawn), then on new ones
    seeded by its place in the hand (:func:`decision_seed`). A rating depends only on
    the views of the hand's decisions up to it, never on the hidden cards; it is the
    same whatever decisions follow. Fewer samples are drawn: on the bench's decisions
    6.2 a decision instead of 9.0 (docs/benchmarks.md, *A cheaper analysis*)."""
    ratings: list[Rating] = []
    before: PlayerView | None = None
    samples: list[Hidden] = []
    for decision in decisions:
        given = carried(before, samples, decision.view) if before is not None else []
        best, best_chance, chosen_chance, samples = _chances(
            decision.view, decision.action, budget, decision_seed(decision.index), given)
        before = decision.view
        ratings.append(_rating(decision, best, best_chance, chosen_chance))
    return ratings


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


__all__ = ["ACCURATE_WITHIN", "BANDS", "DROP_AFTER", "DROP_Z", "MARKS", "REVIEW_BUDGET",
           "SETTLE_AFTER", "SETTLE_Z", "STORED_MARKS", "Hidden", "LuckAndPlay", "Rating",
           "accuracy", "carried", "chances", "combined", "decision_seed", "luck_and_play",
           "mark_for", "rate", "ranked", "rate_all", "settled_against"]
