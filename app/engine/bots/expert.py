"""The Expert computer player and the evaluation behind hints.

Expert is a *determinised Monte Carlo* search that sees only its
:class:`~app.engine.hand.PlayerView`:

1. **Sample** the hidden cards: an opponent hand consistent with the public record
   (its cards known from pickups, plus unseen cards — not ours, not in the discard
   pile — drawn with weights from Hard's opponent model: raised next to what it picked
   up, lowered next to what it threw or passed), kept by how plausible the whole hand
   is given what the opponent did (:mod:`~app.engine.bots.inference`: it did not knock
   when it could, its last discard was about its best, what it took sits in its melds,
   what it passed would not have made one), and the stock as the rest of the unseen
   cards in random order (:func:`sample_hidden`).
2. **Candidates**: every legal action in the draw phases; in the discard phase gin
   (and big gin) when possible, else the few best discards by Hard's evaluation, each
   also as a knock where allowed (:func:`candidates`), so the search also weighs
   knocking against playing on.
3. **Play out** the hand from each sample after each candidate with the fast policy of
   :mod:`~app.engine.bots.rollout` (the same samples for every candidate, so their
   comparison is not drowned in the luck of the draw).
4. **Value** each end by the chance to win the match from the score it leaves
   (:func:`~app.engine.bots.equity.match_equity`, computed for the rules in force).
5. **Play** Hard's choice unless, in the discard phase, the candidate with the highest
   mean beats it again on fresh samples by more than their noise (the best of several
   noisy means is flattered by its own luck; in the draw phases the search's choice
   did worse than Hard's when measured, see ``docs/strength.md``).

The work per decision is bounded by a :class:`Budget`: a fixed number of samples (so the
same view and random source always give the same answer, whatever the hidden cards),
and a wall-clock deadline that stops early on a slow machine.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from math import fsum, sqrt

from ..cards import CARD_POINTS, to_mask
from ..hand import (
    Action,
    BigGin,
    Discard,
    DrawStock,
    Gin,
    Knock,
    Pass,
    Phase,
    PlayerView,
    TakeDiscard,
    TakeUpcard,
)
from . import hard
from .common import ensure_turn
from .equity import match_equity
from .hard import DANGER, Evaluator, Model, build_model, danger
from .inference import sample_plausible
from .rollout import (
    Deal,
    Outcome,
    discard_and_end,
    draw,
    pass_upcard,
    play_out,
    settle_knock,
)


@dataclass(frozen=True, slots=True)
class Budget:
    """How much work one decision may take.

    ``samples``: determinisations per candidate (every candidate is played out from
    the same samples). ``discards``: how many discard candidates (by Hard's evaluation)
    are searched. ``deadline``: seconds after which no further sample is started
    (``None``: no clock — fully reproducible, used by tests); the answer then rests on
    the samples finished so far (at least one). ``verify``: fresh samples on which the
    best candidate of the discard phase must beat Hard's choice again before Expert
    plays it (0: Expert always plays Hard's choice).
    """

    samples: int = 40
    discards: int = 4
    deadline: float | None = 0.6
    verify: int = 80


DEFAULT_BUDGET = Budget()
"""The budget of the Expert level and of hints (p95 ≤ 400 ms per decision on one core
of the benchmark machine: see ``docs/strength.md``)."""


def sample_hidden(view: PlayerView, model: Model, rng: random.Random) -> tuple[int, list[int]]:
    """One guess at the hidden cards, consistent with ``view``.

    Returns ``(opponent hand mask, stock as card bits, top first)``. The opponent hand
    holds every card ``view`` shows they hold, plus unseen cards drawn by Hard's card
    weights (see :func:`~app.engine.bots.hard.build_model`), the whole hand then kept by
    its plausibility given what the opponent did
    (:func:`~app.engine.bots.inference.sample_plausible`: it did not knock when it
    could, its last discard was about its best, the cards it took sit in its melds,
    the cards it passed would not have made one, and its deadwood has come down since
    the deal). The stock is the other unseen cards shuffled. No card in our hand or in
    the discard pile is ever in either.
    """
    opponent = sample_plausible(view, model, rng)
    rest = model.unseen & ~opponent
    stock = []
    while rest:
        low = rest & -rest
        stock.append(low)
        rest ^= low
    rng.shuffle(stock)
    return opponent, stock[:view.stock_count]


def _deal_for(view: PlayerView, opponent: int, stock: list[int]) -> Deal:
    """The concrete hand: our view plus a sample of the hidden cards."""
    me = view.player
    hands = [0, 0]
    hands[me] = to_mask(view.hand)
    hands[1 - me] = opponent
    starting = 1 - view.dealer
    phase = {Phase.UPCARD_OFFER: "offer", Phase.DRAW: "draw", Phase.DISCARD: "discard"}[
        view.phase]
    taken = view.taken_from_pile
    return Deal(hands, list(stock), [1 << c.index for c in view.discard_pile], phase, me,
                starting, 0 if me == starting else 1, view.must_draw_stock,
                1 << taken.index if taken is not None else 0)


def _act(deal: Deal, action: Action, view: PlayerView) -> Outcome | None:
    """Apply our candidate ``action`` to ``deal``; the outcome if it ends the hand."""
    if isinstance(action, TakeUpcard | TakeDiscard):
        draw(deal, True)
    elif isinstance(action, DrawStock):
        draw(deal, False)
    elif isinstance(action, Pass):
        pass_upcard(deal)
    elif isinstance(action, BigGin):
        me = deal.to_play
        return settle_knock(me, deal.hands[me], deal.hands[1 - me], view.rules, view.limit)
    else:
        out = "gin" if isinstance(action, Gin) else "knock" if isinstance(action,
                                                                          Knock) else "discard"
        return discard_and_end(deal, 1 << action.card.index, out, view.rules, view.limit)
    return None


def candidates(view: PlayerView, model: Model, default: Action,
               budget: Budget) -> list[Action]:
    """The actions Expert searches, ``default`` (Hard's choice) first, then the most
    promising (all from ``view.legal``).

    Draw phases: every legal action. Discard phase: big gin and every gin when any is
    legal (nothing beats going out with no deadwood); otherwise the ``budget.discards``
    best discards by Hard's evaluation (least deadwood minus potential plus danger),
    plus the discard that leaves the least deadwood, each also as a knock where a knock
    is legal with it.
    """
    legal = view.legal
    if view.phase is not Phase.DISCARD:
        return [default, *(a for a in legal if a != default)]
    outs = [a for a in legal if isinstance(a, Gin | BigGin)]
    if outs:
        return sorted(outs, key=lambda a: (a != default, not isinstance(a, BigGin)))
    ev = Evaluator(model, view.limit.limit)
    hand = model.hand
    cards = sorted({a.card for a in legal if isinstance(a, Discard)}, key=lambda c: c.index)
    score = {c: ev.value(hand ^ 1 << c.index) + DANGER * danger(model, c.index) for c in cards}
    ranked = sorted(cards, key=lambda c: (score[c], -CARD_POINTS[c.index], -c.index))
    kept = ranked[:max(1, budget.discards)]
    least = min(cards, key=lambda c: (ev.least(hand ^ 1 << c.index), -CARD_POINTS[c.index],
                                      -c.index))
    if least not in kept:
        kept.append(least)
    chosen: list[Action] = [default]
    for card in kept:
        for action in (Knock(card), Discard(card)):
            if action in legal and action not in chosen:
                chosen.append(action)
    return chosen


SWITCH_Z = 1.0
"""Expert leaves Hard's choice only for a candidate whose paired advantage over it, sample
by sample on fresh samples (:attr:`Budget.verify`), is this many standard errors above
zero (the search's noise must not pick among near-equal moves at random)."""
SWITCH_MARGIN = 0.002
"""...and at least this much chance to win the match."""


def evaluate(view: PlayerView, rng: random.Random,
             budget: Budget | None = None) -> list[tuple[Action, float]]:
    """Expert's estimate of each candidate action's chance to win the match.

    The evaluation API used by the Expert level, hints and hand reviews.

    Args:
        view: the acting player's own view; it must be their turn (``view.legal`` not
            empty). Nothing hidden is used: the same view and the same ``rng`` state give
            the same answer whatever the opponent's cards and the stock order are
            (with ``budget.deadline=None``; a deadline may cut the search short on a slow
            machine).
        rng: the random source for the samples (it is advanced).
        budget: samples per candidate, discard candidates searched, deadline, fresh
            samples of the check (default: the module's :data:`DEFAULT_BUDGET` at call
            time).

    Returns:
        ``[(action, win_chance), ...]`` best first. The first action is Expert's play:
        Hard's choice, unless (discard phase only) the candidate with the highest mean
        beats it again on ``budget.verify`` fresh samples by more than their noise
        (:data:`SWITCH_Z` standard errors of the paired difference, and
        :data:`SWITCH_MARGIN`); the others follow by estimated chance. Each ``action``
        is in ``view.legal`` (the candidates of :func:`candidates`, not every legal
        action of the discard phase); ``win_chance`` is the estimated probability (0..1)
        that this player wins the match (first to ``rules.target``, docs/rules.md §5) after
        taking it, with Expert's play-out policy for both players from then on.

    Raises:
        NotBotsTurnError: the view has no legal action.
    """
    ensure_turn(view)
    budget = budget or DEFAULT_BUDGET
    model = build_model(view)
    default = hard.choose(view, random.Random(rng.getrandbits(64)))
    actions = candidates(view, model, default, budget)
    rules = view.rules
    me = view.player
    mine, theirs = view.scores[me], view.scores[1 - me]
    start = time.perf_counter()
    deadline = None if budget.deadline is None else start + budget.deadline

    def play(action: Action, base: Deal) -> float:
        deal = base.copy()
        outcome = _act(deal, action, view)
        if outcome is None:
            outcome = play_out(deal, rules, view.limit)
        if outcome.winner is None:
            return match_equity(rules, mine, theirs)
        if outcome.winner == me:
            return match_equity(rules, mine + outcome.points, theirs)
        return match_equity(rules, mine, theirs + outcome.points)

    def search(indices: list[int], count: int) -> list[list[float]]:
        found: list[list[float]] = [[] for _ in indices]
        for _ in range(max(1, count)):
            opponent, stock = sample_hidden(view, model, rng)
            base = _deal_for(view, opponent, stock)
            for slot, i in enumerate(indices):
                found[slot].append(play(actions[i], base))
            if deadline is not None and time.perf_counter() > deadline:
                break
        return found

    values = search(list(range(len(actions))), budget.samples)
    means = [fsum(v) / len(v) for v in values]
    best = max(range(len(actions)), key=lambda i: (means[i], -i))
    chosen = 0
    if (best != 0 and view.phase is Phase.DISCARD and budget.verify > 0
            and (deadline is None or time.perf_counter() <= deadline)):
        # The best of several noisy means is flattered by its own noise: its advantage
        # over Hard's choice is checked again on fresh samples before it is played.
        fresh = search([0, best], budget.verify)
        if _clears_noise(fresh[1], fresh[0]):
            chosen = best
        for slot, i in enumerate((0, best)):
            values[i] += fresh[slot]
            means[i] = fsum(values[i]) / len(values[i])
    rest = sorted((i for i in range(len(actions)) if i != chosen), key=lambda i: -means[i])
    return [(actions[i], means[i]) for i in (chosen, *rest)]


def _clears_noise(challenger: list[float], default: list[float]) -> bool:
    """True when ``challenger``'s paired advantage over ``default`` (sample by sample) is
    at least :data:`SWITCH_MARGIN` and :data:`SWITCH_Z` standard errors above zero."""
    diffs = [a - b for a, b in zip(challenger, default, strict=True)]
    n = len(diffs)
    if n < 2:
        return False
    gain = fsum(diffs) / n
    if gain < SWITCH_MARGIN:
        return False
    var = fsum((d - gain) ** 2 for d in diffs) / (n - 1)
    return gain > SWITCH_Z * sqrt(var / n)


def choose(view: PlayerView, rng: random.Random, budget: Budget | None = None) -> Action:
    """Expert's action: the first of :func:`evaluate` (the only legal action at once,
    without search, when there is just one). ``budget`` defaults to the module's
    :data:`DEFAULT_BUDGET` at call time (tests shrink it)."""
    if len(view.legal) == 1:
        return view.legal[0]
    return evaluate(view, rng, budget or DEFAULT_BUDGET)[0][0]


__all__ = ["DEFAULT_BUDGET", "SWITCH_MARGIN", "SWITCH_Z",
           "Budget", "candidates", "choose", "evaluate", "sample_hidden"]
