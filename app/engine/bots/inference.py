"""Opponent inference for the Expert's search: how plausible a whole opponent hand is,
given what the opponent did in this hand.

Hard's model (:func:`~app.engine.bots.hard.build_model`) weighs each unseen card on its
own. A search needs whole hands, and what the opponent did tells more about a whole
hand than about its cards one by one: a player who threw the 9H was not holding a loose
king it could have thrown instead; one who played on could not knock; a card taken from
the pile sits in a meld. :func:`plausibility` turns such facts into a likelihood (a
product of factors, each at most 1) and :func:`sample_plausible` draws hands by
rejection sampling from Hard's card weights (:class:`Sampler`; a review's, ``fast``,
draws the same hands for less work).

Measured on hands of Hard against Simple and against Hard (deals where the opponent has
discarded, 40 samples each): the samples' mean deadwood was 8 points above the
opponent's true deadwood (15 points off on average) without the likelihood, 0 above (9
off) with it, and the Brier score of the card chances fell by 3 %.

Everything is read from a :class:`~app.engine.hand.PlayerView`; nothing here can reach
the hidden cards.
"""

from __future__ import annotations

import random
from math import exp
from typing import Final, TypeVar, cast

from ..cards import to_mask
from ..hand import PlayerView
from ..melds import CARD_POINTS, least_deadwood_of, least_discard_of, least_without
from .hard import Model, sample_opponent

T = TypeVar("T")

CARD_BITS: Final[tuple[object, ...]] = tuple(1 << index for index in range(52))
"""Each card's bit by index, made once: a sampled stock is a list of these very objects
(compiled, an ``int`` taken from a list and put in another is made again)."""

TRIES = 12
"""Draws of an opponent hand per plausible sample (rejection sampling; the most
plausible draw is kept when none is accepted)."""
KNOCKABLE = 0.05
"""A hand that could have knocked (or gone gin) instead of its last plain discard
(players who can go out nearly always do)."""
REGRET = 4.0
"""A last discard that left ``r`` more deadwood than the best discard of that hand
counts ``exp(-r / REGRET)``."""
KEPT_HIGH = 0.5
"""Per card in no meld of the hand, for each of the opponent's two discards before its
last one that was lower than that card (it would rather have thrown the higher card)."""
LOOSE_PICK = 0.3
"""A card taken from the pile that sits in no meld of the hand."""
LAST_DECLINED = 0.25
"""The last card the opponent passed (left on the pile) would complete or extend one of
its melds."""
DECLINED = 0.6
"""An earlier passed card would complete or extend a meld (its hand has changed since)."""
DEADWOOD_TILT = 30.0
"""Once the opponent has discarded, a hand with deadwood ``d`` counts ``exp(-d /
DEADWOOD_TILT)``: it has been improving its hand for a few turns, and hands drawn card
by card hold about 8 points too much deadwood."""


class Evidence:
    """What the opponent did in this hand, read once from a view, to weigh many
    sampled hands (the search weighs a few thousand per decision):
    :meth:`plausibility`. Everything comes from the public ``view``."""

    def __init__(self, view: PlayerView) -> None:
        self.rules = view.rules
        self.wrap = view.rules.round_the_corner
        # The cards it took from the pile: (bit, points).
        self.picks = [(1 << card.index, card.points) for card in view.opponent_known]
        declined = view.opponent_declined
        # The cards it passed: (bit, points, factor when one would meld), the last
        # passed one counting more (its hand has changed since the others).
        self.declined = [(1 << card.index, card.points,
                          LAST_DECLINED if number == len(declined) - 1 else DECLINED)
                         for number, card in enumerate(declined)]
        discards = view.opponent_discards
        self.discarded = bool(discards) and view.opponent_card_count == 10
        self.last = 1 << discards[-1].index if discards else 0
        self.known = to_mask(view.opponent_known)
        self.limit = view.limit.limit
        self.earlier = [card.points for card in discards[-3:-1]]
        # The least deadwood of a hand without each of its cards, by card index (see
        # :meth:`plausibility`; filled again for each hand weighed).
        self.without = [0] * 52

    def bound(self) -> float:
        """The highest :meth:`plausibility` any hand can have in this view (0..1]: 1
        before the opponent has discarded; after, a hand that could have knocked counts
        at most :data:`KNOCKABLE`, and one that could not holds more deadwood than the
        knock limit (its best discard left more, and it holds at least that), so its
        deadwood factor is at most ``exp(-(limit + 1) / DEADWOOD_TILT)``."""
        if not self.discarded:
            return 1.0
        return max(KNOCKABLE, exp(-(self.limit + 1) / DEADWOOD_TILT))

    def plausibility(self, opponent: int) -> float:
        """How plausible the 10-card ``opponent`` hand (a card mask) is, given what the
        opponent did in this hand: a product of the factors above, in ``(0, 1]``. Its
        parts:

        - the last discard: the hand held before it (``opponent`` plus that card) could
          not knock or go gin (:data:`KNOCKABLE`), and the card thrown was about the
          best discard of that hand (:data:`REGRET`); loose cards higher than its two
          discards before (:data:`KEPT_HIGH`);
        - each card it is known to hold (taken from the pile) sits in a meld
          (:data:`LOOSE_PICK`);
        - each card it passed would not complete or extend a meld (:data:`LAST_DECLINED`,
          :data:`DECLINED`);
        - its deadwood, once it has discarded (:data:`DEADWOOD_TILT`).
        """
        wrap = self.wrap
        least = least_deadwood_of(opponent, wrap)
        earlier = self.earlier if self.discarded else []
        # The least deadwood without each of its cards, in one pass: a card is in no meld
        # of some best arrangement when that is ``least`` less its points.
        without = self.without
        if self.picks or earlier:
            least_without(opponent, wrap, without)
        likelihood = 1.0
        for bit, points in self.picks:
            if opponent & bit:
                left = without[bit.bit_length() - 1]
            else:  # not in this hand (sampled hands always hold it)
                left = least_deadwood_of(opponent ^ bit, wrap)
            if left == least - points:
                likelihood *= LOOSE_PICK
        for bit, points, factor in self.declined:
            if not opponent & bit and least_deadwood_of(opponent | bit, wrap) < (
                    least + points):
                likelihood *= factor
        if not self.discarded:
            return likelihood
        # The card taken from the pile may not be thrown on the same turn; a known card
        # is left out of the choice (one of them may be older, a small approximation).
        best = least_discard_of(opponent | self.last, self.known, wrap) >> 6
        limit = self.limit
        if best <= limit and (limit > 0 or best == 0):
            likelihood *= KNOCKABLE
        likelihood *= exp(-(least - best) / REGRET)
        if earlier:
            left = opponent
            while left:
                low = left & -left
                left ^= low
                index = low.bit_length() - 1
                points = CARD_POINTS[index]
                lower = 0
                for low_points in earlier:
                    if points > low_points:
                        lower += 1
                if lower and without[index] == least - points:
                    likelihood *= KEPT_HIGH ** lower
        return likelihood * exp(-least / DEADWOOD_TILT)


def plausibility(view: PlayerView, opponent: int) -> float:
    """How plausible the 10-card ``opponent`` hand (a card mask) is, given what the
    opponent did in this hand (all public in ``view``): :meth:`Evidence.plausibility`."""
    return Evidence(view).plausibility(opponent)


def shuffle(items: list[T], rng: random.Random) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` does: for a
    :class:`random.Random` itself by CPython's algorithm (for ``i`` from the last index
    down to 1, swap with ``randbelow(i + 1)``, drawn by ``getrandbits`` and rejection),
    so the same seed gives the same order
    (``tests/unit/engine/test_fast_core.py`` checks it) and, compiled, without
    Python-level calls per card; any other generator (a subclass may draw otherwise) by
    its own ``shuffle``."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    i = len(items) - 1
    while i > 0:
        n = i + 1
        k = n.bit_length()
        j = rng.getrandbits(k)
        while j >= n:
            j = rng.getrandbits(k)
        items[i], items[j] = items[j], items[i]
        i -= 1


class Sampler:
    """Guesses at the hidden cards of one view, drawn again and again (Expert's search
    draws hundreds per decision): the view's :class:`Evidence` and Hard's ``model``
    (:func:`~app.engine.bots.hard.build_model`), read once. Nothing here can reach the
    hidden cards: only ``view`` and ``model`` are given."""

    def __init__(self, view: PlayerView, model: Model, fast: bool = False) -> None:
        self.model = model
        self.evidence = Evidence(view)
        self.stock_count = view.stock_count
        self.fast = fast
        # For ``fast``: the unseen cards in index order, their weights and the bound.
        self.cards: list[int] = [index for index, _ in model.exponents] if fast else []
        self.weights: list[float] = [model.weight[index] for index in self.cards]
        self.bound = self.evidence.bound() if fast else 1.0

    def opponent(self, rng: random.Random) -> int:
        """One opponent hand (a card mask) drawn by Hard's card weights
        (:func:`~app.engine.bots.hard.sample_opponent`) and kept with chance
        :meth:`Evidence.plausibility`: rejection sampling, at most :data:`TRIES` draws
        (the most plausible draw when none is kept). It holds every card the opponent
        is known to hold and never a card the view rules out.

        ``fast`` (the review's sampler, :func:`app.engine.rating.chances`): the same
        hands, fewer draws — each draw by :meth:`successive` (the same distribution as
        Hard's keys, a third of the work) and kept with chance plausibility ÷
        :meth:`Evidence.bound` (the view's highest possible plausibility: the hands kept
        have the same distribution, and fewer samples fall back on the most plausible
        draw). It draws other random numbers than the default, so the same seed gives
        other hands: Expert's own search keeps the default."""
        model = self.model
        evidence = self.evidence
        fast = self.fast
        bound = self.bound
        best, best_likelihood = 0, -1.0
        for _ in range(TRIES):
            opponent = self.successive(rng) if fast else sample_opponent(model, rng)
            likelihood = evidence.plausibility(opponent)
            if rng.random() * bound < likelihood:
                return opponent
            if likelihood > best_likelihood:
                best, best_likelihood = opponent, likelihood
        return best

    def successive(self, rng: random.Random) -> int:
        """One opponent hand (a card mask) with the distribution of Hard's
        :func:`~app.engine.bots.hard.sample_opponent` (its known cards plus
        ``n_unknown`` unseen cards drawn one by one, each with chance proportional to its
        weight among those left: weighted sampling without replacement, which the keys
        of ``sample_opponent`` also draw), from ``n_unknown`` uniform numbers instead of
        one per unseen card and a sort."""
        model = self.model
        mask = model.known
        wanted = model.n_unknown
        cards = self.cards
        if wanted <= 0:
            return mask
        if wanted >= len(cards):
            for index in cards:
                mask |= 1 << index
            return mask
        weights = self.weights
        last = len(weights) - 1
        total = 0.0
        for weight in weights:
            total += weight
        # The places of the cards already drawn (their weight counts as 0).
        drawn = 0
        while wanted > 0:
            target = rng.random() * total
            position = 0
            weight = 0.0 if drawn & 1 else weights[0]
            # The first card whose running sum passes the target (a rounding error at
            # the end falls on the last card still there).
            while position < last and (weight == 0.0 or target >= weight):
                target -= weight
                position += 1
                weight = 0.0 if drawn >> position & 1 else weights[position]
            if weight == 0.0:
                while drawn >> position & 1 or weights[position] == 0.0:
                    position -= 1
                weight = weights[position]
            mask |= 1 << cards[position]
            total -= weight
            drawn |= 1 << position
            wanted -= 1
        return mask

    def hidden(self, rng: random.Random) -> tuple[int, list[int]]:
        """``(opponent hand mask, stock as card bits, top first)``: :meth:`opponent`,
        and the stock as the other unseen cards shuffled (no card of ours or of the
        discard pile is ever in either)."""
        opponent = self.opponent(rng)
        rest = self.model.unseen & ~opponent
        stock: list[object] = []
        while rest:
            low = rest & -rest
            stock.append(CARD_BITS[low.bit_length() - 1])
            rest ^= low
        shuffle(stock, rng)
        return opponent, cast("list[int]", stock[:self.stock_count])


def sample_plausible(view: PlayerView, model: Model, rng: random.Random) -> int:
    """One opponent hand (a card mask) for ``view``: :meth:`Sampler.opponent`."""
    return Sampler(view, model).opponent(rng)


__all__ = ["Evidence", "Sampler", "plausibility", "sample_plausible", "shuffle"]
