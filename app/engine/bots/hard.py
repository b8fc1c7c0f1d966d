"""Hard's evaluation: reads the opponent, counts outs, and weighs the knock.

:func:`choose` is Hard's evaluation played as it is: the default move of every search
(Expert's, and the Hard level's own short search of knock or play on,
:mod:`~app.engine.bots.hard_search`). Everything is computed from the player's view alone:

- **Opponent model.** Each unseen card (not in our hand, not in the discard pile, not
  known to be the opponent's) gets a weight: raised when it would meld with a card the
  opponent picked up, lowered when it sits next to (or shares a rank with) a card they
  discarded or passed. The weights give each card's chance to be in the opponent's hand
  (the rest of the chance is the stock).
- **Danger of a discard**: the chance the opponent holds two cards that meld with it
  (any pair of a set, or of a run through it) — they would take it.
- **Hand value**: least deadwood minus the expected deadwood drop from the next stock
  draw and a bonus for the chance that draw lets us knock, counting live outs only
  (each unseen card weighted by its chance to be in the stock).
- **Draw**: take the face-up card when the best hand after taking it beats the hand
  value of drawing blind.
- **Discard**: least ``deadwood − potential + danger``; never the card just taken.
- **Knock or play on**: gin always; otherwise sample opponent hands consistent with
  the view (weighted as above), settle each with :func:`~app.engine.layoff.lay_down`
  and knock when the expected points are positive (undercut risk), else play on.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..cards import CARDS, to_mask
from ..hand import (
    Action,
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
from ..layoff import lay_down
from ..melds import deadwood_by_discard_mask, least_deadwood_mask, least_discard_mask
from ..rules import Rules
from ..scoring import Role
from .common import FULL_DECK, big_gin_if_legal, bit_card, single_bits

# Tunable weights (deadwood points).
POTENTIAL = 1.5
"""How much the expected drop in deadwood from the next draw counts."""
DANGER = 3.0
"""Cost of handing the opponent a card they can meld, per unit of probability."""
TAKE_MARGIN = 0.5
"""Taking a face-up card shows the opponent what we collect: demand this much gain."""
KNOCK_SAMPLES = 24
"""Opponent hands sampled to value a knock."""
KNOCK_MIN_VALUE = 0.0
"""Knock when the sampled expected points of knocking exceed this."""
KNOCK_CHANCE = 8.0
"""Worth of a certain chance to knock after the next draw (deadwood points)."""
KNOCK_BONUS = 4.0
"""Bonus for a take that lets us knock at once."""
"""Opponent hands sampled to value a knock."""

# Opponent-model multipliers.
PICKED_RANK, PICKED_NEAR, PICKED_GAP = 2.2, 2.0, 1.4
DISCARDED_RANK, DISCARDED_NEAR, DISCARDED_GAP = 0.45, 0.55, 0.8
DECLINED_RANK, DECLINED_NEAR, DECLINED_GAP = 0.7, 0.75, 0.9


def _rank(index: int) -> int:
    return index % 13


def _suit(index: int) -> int:
    return index // 13


_bits = single_bits


def _neighbours(index: int, wrap: bool) -> tuple[list[int], list[int], list[int]]:
    """Indices of the same rank, one away in the suit, and two away in the suit."""
    rank, suit = _rank(index), _suit(index)
    same = [s * 13 + rank for s in range(4) if s != suit]
    near: list[int] = []
    gap: list[int] = []
    for step, bucket in ((1, near), (2, gap)):
        for r in (rank - step, rank + step):
            if wrap:
                bucket.append(suit * 13 + r % 13)
            elif 0 <= r < 13:
                bucket.append(suit * 13 + r)
    return same, near, gap


@dataclass(slots=True)
class Model:
    """What Hard believes about the hidden cards, built from a view only.

    ``p_opp[i]`` is the chance card ``i`` is in the opponent's hand (1 for cards known
    from pickups, 0 for our cards and the discard pile); ``p_stock[i]`` the chance it
    is in the stock. ``weight`` is the sampling weight of each unseen card;
    ``exponents`` lists ``(card index, 1 / weight)`` by index, derived from ``weight``
    by :func:`build_model` for sampling (a card's key is a uniform number to that power:
    :func:`sample_opponent`); change one, rebuild the other.
    """

    rules: Rules
    hand: int
    unseen: int
    known: int
    n_unknown: int
    stock: int
    weight: dict[int, float]
    p_opp: list[float]
    p_stock: list[float]
    exponents: list[tuple[int, float]]


def build_model(view: PlayerView) -> Model:
    """The opponent model for ``view`` (see the module docstring)."""
    hand = to_mask(view.hand)
    pile = to_mask(view.discard_pile)
    known = to_mask(view.opponent_known)
    unseen = FULL_DECK & ~(hand | pile | known)
    wrap = view.rules.round_the_corner
    weight: dict[int, float] = {i.bit_length() - 1: 1.0 for i in _bits(unseen)}

    def nudge(index: int, rank_f: float, near_f: float, gap_f: float) -> None:
        same, near, gap = _neighbours(index, wrap)
        for group, factor in ((same, rank_f), (near, near_f), (gap, gap_f)):
            for other in group:
                if other in weight:
                    weight[other] *= factor

    for card in view.opponent_known:
        nudge(card.index, PICKED_RANK, PICKED_NEAR, PICKED_GAP)
    for card in view.opponent_discards:
        nudge(card.index, DISCARDED_RANK, DISCARDED_NEAR, DISCARDED_GAP)
    for card in view.opponent_declined:
        nudge(card.index, DECLINED_RANK, DECLINED_NEAR, DECLINED_GAP)
    n_unknown = max(0, view.opponent_card_count - len(view.opponent_known))
    total = sum(weight.values())
    p_opp = [0.0] * 52
    p_stock = [0.0] * 52
    for index, w in weight.items():
        p = min(0.95, n_unknown * w / total) if total else 0.0
        p_opp[index] = p
        p_stock[index] = 1.0 - p
    for card in view.opponent_known:
        p_opp[card.index] = 1.0
    exponents = [(index, 1.0 / w) for index, w in sorted(weight.items())]
    return Model(view.rules, hand, unseen, known, n_unknown, view.stock_count, weight,
                 p_opp, p_stock, exponents)


def danger(model: Model, index: int) -> float:
    """Chance the opponent holds two cards that meld with card ``index``."""
    same, near, gap = _neighbours(index, model.rules.round_the_corner)
    q = model.p_opp
    safe = 1.0
    for i in range(len(same)):
        for j in range(i + 1, len(same)):
            safe *= 1.0 - q[same[i]] * q[same[j]]
    rank, suit = _rank(index), _suit(index)
    wrap = model.rules.round_the_corner
    for lo in (-2, -1, 0):
        pair = [r for r in range(rank + lo, rank + lo + 3) if r != rank]
        if not wrap and (pair[0] < 0 or pair[1] > 12):
            continue
        a, b = (suit * 13 + r % 13 for r in pair)
        safe *= 1.0 - q[a] * q[b]
    return 1.0 - safe


class Evaluator:
    """Hand values for one decision, memoised on the hand mask."""

    def __init__(self, model: Model, limit: int) -> None:
        self.model = model
        self.rules = model.rules
        self.draws = [(bit, model.p_stock[bit.bit_length() - 1]) for bit in _bits(model.unseen)]
        self.total = sum(p for _, p in self.draws) or 1.0
        self.memo: dict[int, tuple[float, float]] = {}
        self.limit = limit
        self.ld_memo: dict[int, int] = {}

    def least(self, hand: int) -> int:
        """Least deadwood of ``hand`` (memoised)."""
        found = self.ld_memo.get(hand)
        if found is None:
            found = least_deadwood_mask(hand, self.rules)
            self.ld_memo[hand] = found
        return found

    def outlook(self, hand10: int) -> tuple[float, float]:
        """``(expected drop, knock chance)`` for the next stock draw: the expected drop
        in least deadwood after drawing one stock card and discarding the best card, and
        the chance that draw lets us knock (live outs weighted by their chance to be in
        the stock)."""
        found = self.memo.get(hand10)
        if found is not None:
            return found
        rules = self.rules
        limit = self.limit
        base = self.least(hand10)
        drops = deadwood_by_discard_mask(hand10, rules)
        floor = min(drops.values()) if drops else base
        wrap = rules.round_the_corner
        gain_sum = 0.0
        knock_sum = 0.0
        for bit, p in self.draws:
            index = bit.bit_length() - 1
            if _connects(hand10, index, wrap):
                after = least_discard_mask(hand10 | bit, 0, rules)[1]
            else:
                after = min(base, floor + CARDS[index].points)
            if after < base:
                gain_sum += p * (base - after)
            if after <= limit:
                knock_sum += p
        result = (gain_sum / self.total, knock_sum / self.total)
        self.memo[hand10] = result
        return result

    def potential(self, hand10: int) -> float:
        """Expected drop in least deadwood from the next stock draw (see :meth:`outlook`)."""
        return self.outlook(hand10)[0]

    def value(self, hand10: int) -> float:
        """Lower is better: least deadwood minus weighted potential and knock chance."""
        gain, knock = self.outlook(hand10)
        return self.least(hand10) - POTENTIAL * gain - KNOCK_CHANCE * knock


def _connect_masks(wrap: bool) -> tuple[int, ...]:
    """For each card index, the mask of the cards that share its rank or lie within two
    of it in its suit (:func:`_neighbours`)."""
    masks: list[int] = []
    for index in range(52):
        same, near, gap = _neighbours(index, wrap)
        mask = 0
        for other in (*same, *near, *gap):
            mask |= 1 << other
        masks.append(mask)
    return tuple(masks)


_CONNECT = (_connect_masks(False), _connect_masks(True))
""":func:`_connect_masks` without and with round-the-corner runs (read by
:func:`_connects` for every unseen card of every hand :meth:`Evaluator.outlook` values)."""


def _connects(hand: int, index: int, wrap: bool) -> bool:
    """True when card ``index`` shares a rank with, or is within two in its suit of,
    a card of ``hand`` — only then can it join a meld."""
    return hand & _CONNECT[1 if wrap else 0][index] != 0


def sample_opponent(model: Model, rng: random.Random) -> int:
    """One opponent hand consistent with the view: the known cards plus weighted
    unseen cards (weighted sampling without replacement: each unseen card's key is a
    uniform number to the power ``1 / weight``, drawn in card order, and the
    ``n_unknown`` highest keys are taken, ties to the higher card)."""
    exponents = model.exponents
    uniform = rng.random
    keys: list[float] = [uniform() ** exponent for _, exponent in exponents]
    mask = model.known
    wanted = model.n_unknown
    if wanted <= 0:
        return mask
    if wanted >= len(keys):
        for index, _ in exponents:
            mask |= 1 << index
        return mask
    # The n-th highest key; every key above it is taken, and of the keys equal to it
    # the higher cards first (a sort of (key, index) pairs, without building them).
    threshold: float = sorted(keys)[len(keys) - wanted]
    ties = wanted
    key: float
    for key in keys:
        if key > threshold:
            ties -= 1
    position = len(keys) - 1
    while position >= 0:
        key = keys[position]
        if key > threshold or (key == threshold and ties > 0):
            if key == threshold:
                ties -= 1
            mask |= 1 << exponents[position][0]
        position -= 1
    return mask


def knock_value(view: PlayerView, model: Model, hand10: int, rng: random.Random) -> float:
    """Expected points (ours positive) of knocking now with ``hand10``, over sampled
    opponent hands."""
    if model.n_unknown + model.known.bit_count() != 10:
        return 0.0
    cards = [CARDS[b.bit_length() - 1] for b in _bits(hand10)]
    total = 0.0
    for _ in range(KNOCK_SAMPLES):
        opp = sample_opponent(model, rng)
        settlement = lay_down(cards, [CARDS[b.bit_length() - 1] for b in _bits(opp)],
                              view.rules, limit=view.limit)
        pts = settlement.points
        total += pts if settlement.winner is Role.KNOCKER else -pts
    return total / KNOCK_SAMPLES


def _take_is_better(view: PlayerView, model: Model, ev: Evaluator, card_index: int) -> bool:
    """True when taking the face-up card beats drawing blind from the stock.

    Taking: the best hand value after taking it and discarding another card (a bonus
    when that hand may knock at once). Drawing: today's least deadwood less the
    expected drop from the draw, less the potential left for the turn after.
    """
    hand = model.hand
    with_card = hand | 1 << card_index
    drops = _bits(hand)
    best_take = min(ev.value(with_card ^ b) for b in drops)
    limit = view.limit.limit
    if limit > 0 and min(ev.least(with_card ^ b) for b in drops) <= limit:
        best_take -= KNOCK_BONUS
    stock_value = ev.value(hand) - ev.potential(hand)
    return best_take + TAKE_MARGIN < stock_value


def choose(view: PlayerView, rng: random.Random, model: Model | None = None,
           ev: Evaluator | None = None) -> Action:
    """Hard's evaluation's action for a view where it is to act (Hard 1; the Hard level
    searches its knock: :func:`app.engine.bots.hard_search.choose`). ``model`` and
    ``ev``: the view's :func:`build_model` and an :class:`Evaluator` of it, when the
    caller has them (a search shares its memo of hand values with its candidates)."""
    if model is None:
        model = build_model(view)
    if ev is None:
        ev = Evaluator(model, view.limit.limit)
    if view.phase is Phase.UPCARD_OFFER:
        top = view.top_discard
        take = top is not None and _take_is_better(view, model, ev, top.index)
        return TakeUpcard() if take else Pass()
    if view.phase is Phase.DRAW:
        top = view.top_discard
        if (not view.must_draw_stock and top is not None and TakeDiscard() in view.legal
                and _take_is_better(view, model, ev, top.index)):
            return TakeDiscard()
        return DrawStock()
    big = big_gin_if_legal(view)
    if big is not None:
        return big
    return _discard(view, model, ev, rng)


def discard_options(view: PlayerView, model: Model,
                    ev: Evaluator) -> tuple[Gin | None, Knock | None, Discard]:
    """Hard's options in the discard phase: ``(gin, knock, play_on)``.

    ``gin`` goes out with no deadwood (the highest card that allows it), when legal;
    ``knock`` discards the card leaving the least deadwood (among equals the highest)
    and knocks, when that deadwood is within the knock limit; ``play_on`` is the plain
    discard of least ``value + DANGER × danger`` (:meth:`Evaluator.value`,
    :func:`danger`). Never the card just taken from the pile.
    """
    hand = model.hand
    taken = view.taken_from_pile
    choices = [b for b in _bits(hand) if taken is None or b != 1 << taken.index]
    after = {b: ev.least(hand ^ b) for b in choices}
    best_after = min(after.values())
    gin: Gin | None = None
    if best_after == 0:
        bit = max((b for b in choices if after[b] == 0), key=lambda b: (bit_card(b).points, b))
        if Gin(bit_card(bit)) in view.legal:
            gin = Gin(bit_card(bit))
    scores = {b: ev.value(hand ^ b) + DANGER * danger(model, b.bit_length() - 1)
              for b in choices}
    play_on = min(choices, key=lambda b: (scores[b], -bit_card(b).points, -b))
    knock: Knock | None = None
    limit = view.limit.limit
    if best_after <= limit and limit > 0:
        knock_bit = min((b for b in choices if after[b] == best_after),
                        key=lambda b: (-bit_card(b).points, -b))
        if Knock(bit_card(knock_bit)) in view.legal:
            knock = Knock(bit_card(knock_bit))
    return gin, knock, Discard(bit_card(play_on))


def knock_candidates(view: PlayerView, model: Model | None = None,
                     ev: Evaluator | None = None) -> list[Action]:
    """The actions a search of knock or play on weighs (the Hard level's,
    :mod:`~app.engine.bots.hard_search`, and Expert's default there): ``[knock, play
    on, play on with the knock's card]`` (distinct, all legal; :func:`discard_options`),
    or ``[]`` when Hard may not knock or may go gin. ``model``: the view's
    :func:`build_model`, and ``ev`` an :class:`Evaluator` of it, when the caller has
    them."""
    legal = view.legal
    if (view.phase is not Phase.DISCARD or not any(isinstance(a, Knock) for a in legal)
            or any(isinstance(a, Gin) for a in legal)):
        return []  # cheap: most decisions are not knocks
    model = model or build_model(view)
    if ev is None:
        ev = Evaluator(model, view.limit.limit)
    gin, knock, play_on = discard_options(view, model, ev)
    if gin is not None or knock is None:
        return []
    actions: list[Action] = [knock, play_on]
    keep = Discard(knock.card)
    if keep != play_on and keep in view.legal:
        actions.append(keep)
    return actions


def _discard(view: PlayerView, model: Model, ev: Evaluator, rng: random.Random) -> Action:
    gin, knock, play_on = discard_options(view, model, ev)
    if gin is not None:
        return gin
    if knock is not None and _should_knock(view, model,
                                           model.hand ^ 1 << knock.card.index, rng):
        return knock
    return play_on


def _should_knock(view: PlayerView, model: Model, hand10: int, rng: random.Random) -> bool:
    """Knock unless the sampled opponent hands make it a losing bet (undercut risk)."""
    value = knock_value(view, model, hand10, rng)
    return value > KNOCK_MIN_VALUE


__all__ = ["Evaluator", "Model", "build_model", "choose", "danger", "discard_options",
           "knock_candidates", "knock_value", "sample_opponent"]
