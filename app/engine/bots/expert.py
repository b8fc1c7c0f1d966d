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
   knocking against playing on. Hard's choice is the *default*.
3. **Play out** the hand from each sample after each candidate (the same samples for
   every candidate: common random numbers, so their comparison is not drowned in the
   luck of the draw) with :func:`~app.engine.bots.rollout.play_out`: Expert's own
   continuation is *patient* (it knocks only with at most :data:`PATIENT_KNOCK`
   deadwood — the knock now is itself a candidate), the opponent's follows the simple
   rule (take a card that makes a meld, knock as soon as it may).
4. **Value** each end by the chance to win the match from the score it leaves
   (:func:`~app.engine.bots.equity.match_equity`, computed for the rules in force).
5. **Search in batches**: after each batch of samples, a candidate that the leader
   beats by :data:`SWITCH_Z` standard errors of their paired difference is dropped, so
   that the samples go where the decision is close; the search stops when one
   candidate is left or the budget is spent.
6. **Play** the default unless the candidate with the highest mean beats it by the
   same rule (:data:`SWITCH_Z` standard errors, paired), in every phase
   (:data:`SEARCH_PHASES`). The default is Hard's evaluation's move, except at a knock:
   there it is the Hard level's choice, the best of knocking and playing on by the
   search's own samples (:data:`KNOCK_DEFAULT`).

The work per decision is bounded by a :class:`Budget`: samples per candidate and
play-outs in all (so the same view and random source always give the same answer,
whatever the hidden cards), and a wall-clock deadline that stops early on a slow
machine. The deadline is the compiled core's: on the pure Python engine it is scaled by
:data:`PURE_ENGINE_SLOWDOWN` (:func:`deadline_of`), so that Expert searches as much
there (slower, never weaker).
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
from .inference import Sampler
from .rollout import Deal, Outcome, outcome_of, play_results


@dataclass(frozen=True, slots=True)
class Budget:
    """How much work one decision may take.

    ``samples``: at most this many determinisations per candidate (every candidate is
    played out from the same samples: common random numbers). ``batch``: samples
    between two looks at the candidates, where the clearly worse are dropped
    (:data:`SWITCH_Z`). ``playouts``: at most this many play-outs in all (the search
    stops at the end of the batch that reaches it). ``discards``: how many discard
    candidates (by Hard's evaluation) are searched. ``deadline``: seconds (on the compiled
    core; :func:`deadline_of` scales them to the pure engine) after which
    no further sample is started (``None``: no clock — fully reproducible, used by tests
    and the strength benchmark); the answer then rests on the samples finished so far
    (at least one).
    """

    samples: int = 384
    discards: int = 4
    deadline: float | None = 0.6
    batch: int = 16
    playouts: int = 2000


PURE_ENGINE_SLOWDOWN = 4.0
"""How many times longer a search takes on the pure Python engine than on the compiled
core (``bench/playouts.py`` and ``--pure`` side by side, 2026-12-06: 192 against 51 µs
a play-out, 168 against 41 µs a sample of the hidden cards)."""


def deadline_of(budget: Budget) -> float | None:
    """The budget's deadline in seconds for the engine running here: as given on the
    compiled core, :data:`PURE_ENGINE_SLOWDOWN` times longer on the pure engine
    (``None`` stays ``None``: no clock)."""
    if budget.deadline is None:
        return None
    from .. import compiled_core

    return budget.deadline if compiled_core() else budget.deadline * PURE_ENGINE_SLOWDOWN


DEFAULT_BUDGET = Budget()
"""The budget of the Expert level and of hints (p95 ≤ 400 ms of CPU per decision on one
core of the benchmark machine: see ``docs/strength.md``)."""


def sample_hidden(view: PlayerView, model: Model, rng: random.Random) -> tuple[int, list[int]]:
    """One guess at the hidden cards, consistent with ``view``.

    Returns ``(opponent hand mask, stock as card bits, top first)``. The opponent hand
    holds every card ``view`` shows they hold, plus unseen cards drawn by Hard's card
    weights (see :func:`~app.engine.bots.hard.build_model`), the whole hand then kept by
    its plausibility given what the opponent did
    (:class:`~app.engine.bots.inference.Sampler`: it did not knock when it
    could, its last discard was about its best, the cards it took sit in its melds,
    the cards it passed would not have made one, and its deadwood has come down since
    the deal). The stock is the other unseen cards shuffled. No card in our hand or in
    the discard pile is ever in either.
    """
    return Sampler(view, model).hidden(rng)


def deal_for(view: PlayerView, opponent: int, stock: list[int]) -> Deal:
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


def _move(action: Action) -> tuple[str, int]:
    """``(move, card bit)``: our candidate ``action`` as
    :func:`~app.engine.bots.rollout.play_result` takes it (the bit 0 when no card)."""
    if isinstance(action, TakeUpcard | TakeDiscard):
        return "take", 0
    if isinstance(action, DrawStock):
        return "stock", 0
    if isinstance(action, Pass):
        return "pass", 0
    if isinstance(action, BigGin):
        return "big gin", 0
    out = "gin" if isinstance(action, Gin) else "knock" if isinstance(action,
                                                                      Knock) else "discard"
    return out, 1 << action.card.index


def default_action(view: PlayerView, model: Model, ev: Evaluator,
                   rng: random.Random) -> Action:
    """Hard's choice, the default of a search (:func:`~app.engine.bots.hard.choose` on
    the search's ``model`` and ``ev``, seeded by 64 bits of ``rng``)."""
    return hard.choose(view, random.Random(rng.getrandbits(64)), model, ev)


_EQUITIES: dict[tuple[object, ...], dict[int, float]] = {}
"""The memo of :attr:`Playouts.equity` by rules, seat and score (at most 64 scores: a
hand's analysis meets one)."""


class Playouts:
    """The value of a candidate action on one sampled deal of ``view``: the deal
    played out after it (:func:`~app.engine.bots.rollout.play_out`, Expert patient:
    :data:`PATIENT_KNOCK`) and the end valued by the chance to win the match from the
    score it leaves (:func:`~app.engine.bots.equity.match_equity`, memoised per
    outcome)."""

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        self.me = view.player
        self.mine, self.theirs = view.scores[view.player], view.scores[1 - view.player]
        # The chances of the ends met, shared by every search at the same score (the
        # decisions of one hand): memoised per score, as the equity depends on nothing else.
        score = (view.rules, view.player, self.mine, self.theirs, view.played)
        found = _EQUITIES.get(score)
        if found is None:
            if len(_EQUITIES) >= 64:
                _EQUITIES.clear()
            found = _EQUITIES[score] = {}
        self.equity: dict[int, float] = found
        self.template = deal_for(view, 0, [])

    def deal(self, opponent: int, stock: list[int]) -> Deal:
        """:func:`deal_for` of this view, from the view read once (``stock`` is kept,
        not copied: :meth:`value` plays out copies and never changes the deal)."""
        t = self.template
        hands = list(t.hands)
        hands[1 - self.me] = opponent
        return Deal(hands, stock, t.pile, t.phase, t.to_play, t.starting, t.offers,
                    t.forced, t.taken)

    def value(self, action: Action, base: Deal) -> float:
        """The chance (0..1) to win the match after ``action`` on ``base`` (not
        changed): :meth:`values` of one."""
        return self.values([_move(action)], [0], base)[0]

    def values(self, moves: list[tuple[str, int]], among: list[int],
               base: Deal) -> list[float]:
        """The chance (0..1) to win the match after each of ``moves`` (each candidate's
        ``(move, card bit)``, :func:`moves`) at the places ``among``, in that order, on
        ``base`` (not changed): the play-outs in one call of the compiled core
        (:func:`~app.engine.bots.rollout.play_results`)."""
        view = self.view
        results = play_results(base, moves, among, view.rules, view.limit,
                               -1 if PATIENT_KNOCK is None else self.me,
                               0 if PATIENT_KNOCK is None else PATIENT_KNOCK)
        equity = self.equity
        found: list[float] = []
        for result in results:
            # The kind of end (its low 3 bits) does not change the score it leaves.
            chance = equity.get(result >> 3)
            if chance is None:
                chance = equity[result >> 3] = self._chance(outcome_of(result))
            found.append(chance)
        return found

    def _chance(self, outcome: Outcome) -> float:
        """The chance to win the match from the score ``outcome`` leaves."""
        view = self.view
        after = view.played + 1  # this hand over: a hand of a number of hands
        if outcome.winner is None:
            return match_equity(view.rules, self.mine, self.theirs, after)
        if outcome.winner == self.me:
            return match_equity(view.rules, self.mine + outcome.points, self.theirs, after)
        return match_equity(view.rules, self.mine, self.theirs + outcome.points, after)


def moves(actions: list[Action]) -> list[tuple[str, int]]:
    """Each action as :meth:`Playouts.values` takes it (``(move, card bit)``)."""
    return [_move(action) for action in actions]


def candidates(view: PlayerView, model: Model, default: Action | None,
               budget: Budget, ev: Evaluator | None = None) -> list[Action]:
    """The actions Expert searches, ``default`` (Hard's choice) first, then the most
    promising (all from ``view.legal``). The set does not depend on ``default``, only
    its order (Hard's choice is always among them): ``None`` leaves the order of
    ``view.legal`` and of the discards' ranking (a hand's review needs no default).

    Draw phases: every legal action. Discard phase: big gin and every gin when any is
    legal (nothing beats going out with no deadwood); otherwise the ``budget.discards``
    best discards by Hard's evaluation (least deadwood minus potential plus danger),
    plus the discard that leaves the least deadwood, each also as a knock where a knock
    is legal with it. ``ev``: an :class:`~app.engine.bots.hard.Evaluator` of ``model``
    (its memo shared with the default's choice), else a new one.
    """
    legal = view.legal
    if view.phase is not Phase.DISCARD:
        return [*(() if default is None else (default,)), *(a for a in legal if a != default)]
    outs = [a for a in legal if isinstance(a, Gin | BigGin)]
    if outs:
        return sorted(outs, key=lambda a: (a != default, not isinstance(a, BigGin)))
    if ev is None:
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
    chosen: list[Action] = [] if default is None else [default]
    for card in kept:
        for action in (Knock(card), Discard(card)):
            if action in legal and action not in chosen:
                chosen.append(action)
    return chosen


SWITCH_Z = 2.0
"""The one statistical rule of the search: a candidate's paired advantage (sample by
sample, on the same samples) counts when it is this many standard errors above zero.
Expert leaves Hard's choice only for a candidate that beats it so, and drops from the
search a candidate that the leader beats so (checked after every batch)."""
SWITCH_MARGIN = 0.001
"""...and Expert leaves Hard's choice only for at least this much chance to win the
match."""
PATIENT_KNOCK: int | None = 0
"""In the play-outs Expert's own continuation knocks only with at most this much
deadwood (0: only gin; the knock now is a candidate of the search itself); the
opponent's continuation knocks as soon as it may (the simple rule). ``None``: both
continuations on Standard's policy, knocking at once (Expert 3). Chosen by measurement
(``docs/strength.md``, ``bench/expert_ab.py``): against Expert 3's play-outs +1.09 ± 3.25
points per hand (50 pairs); a threshold of 3 instead of 0 changed nothing measurable
(+0.17 ± 2.44 points per hand over 100 pairs), so the play-outs wait for gin."""
KNOCK_DEFAULT = "search"
"""The default at a knock: ``"search"`` (Expert 5) the best of the knock candidates
(:func:`~app.engine.bots.hard.knock_candidates`) by the search's own samples, the Hard
level's rule; ``"hard"`` Hard's evaluation's choice (Expert 4), which knocks whenever
its sampled points are positive. Measured in ``docs/strength.md`` (*Versions*: Expert 5
against Expert 4 on the same seeds)."""
LEAVE_Z: float | None = None
"""How many standard errors a candidate must beat the default by to be played instead
(``None``: :data:`SWITCH_Z`, as for dropping a candidate). 0, playing the highest mean,
measured −1.32 ± 3.19 points per hand against it over 100 hand pairs
(``docs/strength.md``), so it stays."""
SEARCH_PHASES: frozenset[Phase] = frozenset({Phase.UPCARD_OFFER, Phase.DRAW, Phase.DISCARD})
"""The phases where Expert may leave Hard's choice (in the others it only ranks them)."""


def paired(a: list[float], b: list[float]) -> tuple[float, float]:
    """Mean and standard error of ``a[i] - b[i]`` over the samples both have."""
    n = min(len(a), len(b))
    if n < 2:
        return (fsum(a[:n]) - fsum(b[:n])) / n if n else 0.0, float("inf")
    diffs = [x - y for x, y in zip(a, b, strict=False)]
    gain = fsum(diffs) / n
    var = fsum((d - gain) ** 2 for d in diffs) / (n - 1)
    return gain, sqrt(var / n)


def beats(a: list[float], b: list[float], z: float | None = None) -> bool:
    """True when ``a``'s paired advantage over ``b`` is ``z`` (default
    :data:`SWITCH_Z`) standard errors above zero."""
    gain, se = paired(a, b)
    return gain > 0 and gain >= (SWITCH_Z if z is None else z) * se and se != float("inf")


def highest(means: list[float], among: list[int]) -> int:
    """The index in ``among`` of the highest of ``means`` (the first among equals)."""
    return max(among, key=lambda i: (means[i], -i))


@dataclass(frozen=True, slots=True)
class Search:
    """The whole of one decision's search: the candidates (the default first), the
    value of each play-out of each candidate in sample order (a dropped candidate has
    fewer), the candidates dropped in the order they were, and the index of the one
    played."""

    actions: list[Action]
    values: list[list[float]]
    dropped: tuple[int, ...]
    chosen: int

    def means(self) -> list[float]:
        """The mean value of each candidate's play-outs (0 for one never played out)."""
        return [fsum(v) / len(v) if v else 0.0 for v in self.values]

    def ranked(self) -> list[tuple[Action, float]]:
        """``[(action, mean value), ...]``: the one played first, then by mean."""
        means = self.means()
        rest = sorted((i for i in range(len(self.actions)) if i != self.chosen),
                      key=lambda i: -means[i])
        return [(self.actions[i], means[i]) for i in (self.chosen, *rest)]


def search(view: PlayerView, rng: random.Random, budget: Budget | None = None,
           among: list[Action] | None = None) -> Search:
    """Expert's search for ``view`` (see the module docstring and :func:`evaluate`,
    which ranks its result).

    ``among``: the candidates to search, the default first (each in ``view.legal``);
    without it, Hard's choice and then :func:`candidates` (the Hard level searches its
    own few: :mod:`~app.engine.bots.hard_search`).
    """
    ensure_turn(view)
    budget = budget or DEFAULT_BUDGET
    model = build_model(view)
    ev = Evaluator(model, view.limit.limit)
    if among is None:
        actions = candidates(view, model, default_action(view, model, ev, rng), budget, ev)
    else:
        actions = list(among)
    seconds = deadline_of(budget)
    deadline = None if seconds is None else time.perf_counter() + seconds
    playouts = Playouts(view)
    play = playouts.values
    steps = moves(actions)
    sampler = Sampler(view, model)
    values: list[list[float]] = [[] for _ in actions]
    alive = list(range(len(actions)))
    dropped: list[int] = []
    drawn = spent = 0
    out_of_time = False
    while len(alive) > 1 and drawn < budget.samples and not out_of_time:
        for _ in range(max(1, min(budget.batch, budget.samples - drawn))):
            opponent, stock = sampler.hidden(rng)
            base = playouts.deal(opponent, stock)
            for i, value in zip(alive, play(steps, alive, base), strict=True):
                values[i].append(value)
            drawn += 1
            spent += len(alive)
            if deadline is not None and time.perf_counter() > deadline:
                out_of_time = True
                break
        # Drop the candidates the leader beats clearly (samples go where it is close).
        leader = max(alive, key=lambda i: (fsum(values[i]) / len(values[i]), -i))
        kept = [i for i in alive if i == leader or not beats(values[leader], values[i])]
        dropped.extend(i for i in alive if i not in kept)
        alive = kept
        if spent >= budget.playouts:
            break
    if len(actions) == 1 and not values[0]:
        opponent, stock = sampler.hidden(rng)
        values[0].extend(play(steps, [0], playouts.deal(opponent, stock)))
    means = [fsum(v) / len(v) if v else 0.0 for v in values]
    best = highest(means, alive)
    guard = 0
    if among is None and KNOCK_DEFAULT == "search":
        # At a knock the default is the Hard level's choice: the best of knocking and
        # playing on (hard.knock_candidates), by this search's own samples.
        knocks = [actions.index(a) for a in hard.knock_candidates(view, model, ev)
                  if a in actions]
        if len(knocks) >= 2:
            guard = highest(means, knocks)
    chosen = guard
    if (best != guard and view.phase in SEARCH_PHASES
            and beats(values[best], values[guard], LEAVE_Z)):
        gain, _ = paired(values[best], values[guard])
        if gain >= SWITCH_MARGIN:
            chosen = best
    return Search(actions, values, tuple(dropped), chosen)


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
        budget: samples per candidate, batch, play-outs in all, discard candidates
            searched, deadline (default: the module's :data:`DEFAULT_BUDGET` at call
            time).

    Returns:
        ``[(action, win_chance), ...]`` best first. The first action is Expert's play:
        Hard's choice, unless the candidate with the highest mean beats it by
        :data:`SWITCH_Z` standard errors of their paired difference (and
        :data:`SWITCH_MARGIN`); the others follow by estimated chance. Each ``action``
        is in ``view.legal`` (the candidates of :func:`candidates`, not every legal
        action of the discard phase); ``win_chance`` is the estimated probability (0..1)
        that this player wins the match (first to ``rules.target``, docs/rules.md §5) after
        taking it, with the play-out policy from then on (Expert patient, the opponent
        on the simple rule: see :func:`~app.engine.bots.rollout.play_out`). Candidates
        dropped early rest on fewer samples.

    Raises:
        NotBotsTurnError: the view has no legal action.
    """
    return search(view, rng, budget).ranked()


def choose(view: PlayerView, rng: random.Random, budget: Budget | None = None) -> Action:
    """Expert's action: the first of :func:`evaluate` (the only legal action at once,
    without search, when there is just one). ``budget`` defaults to the module's
    :data:`DEFAULT_BUDGET` at call time (tests shrink it)."""
    if len(view.legal) == 1:
        return view.legal[0]
    return evaluate(view, rng, budget or DEFAULT_BUDGET)[0][0]


__all__ = ["DEFAULT_BUDGET", "PATIENT_KNOCK", "PURE_ENGINE_SLOWDOWN", "SEARCH_PHASES",
           "SWITCH_MARGIN", "SWITCH_Z", "Budget", "Playouts", "Search", "beats", "candidates",
           "choose", "deadline_of", "deal_for", "default_action", "evaluate", "highest",
           "moves", "paired", "sample_hidden", "search"]
