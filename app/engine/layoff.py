"""Laying down after a knock: the knocker's melds, the defender's melds and layoffs
(docs/rules.md §3.5, §4).

The defender's own melds and layoffs are chosen together: every legal choice of
layoffs (the fourth card onto a set; cards extending a run up or down, chained) is
tried, and the rest of the hand is arranged for its least deadwood. Nothing may be
laid off against gin.

The knocker's own arrangement (:func:`lay_down`): the least deadwood, unless the table
plays ``Rules.knocker_best_arrangement``, when it is the legal arrangement within the
knock limit that scores best for the knocker once the defender has laid off.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from .cards import Card, from_mask, to_mask
from .errors import Cause, InvalidHandError
from .melds import (
    SUIT_BITS,
    Arrangement,
    Meld,
    MeldKind,
    best_arrangement,
    best_arrangements,
    candidate_melds,
    least_deadwood_mask,
    make_meld,
    points,
)
from .rules import HOUSE, Rules
from .scoring import HandKind, HandScore, KnockLimit, Role, knock_limit_for, score_hand


@dataclass(frozen=True, slots=True)
class Settlement:
    """The end of a knocked hand, card by card, with its score.

    ``layoffs`` lists ``(card, index into knocker_melds)`` in the order they are laid
    (8 before 9 onto 5-6-7). ``kind`` is ``"gin"``, ``"big_gin"``, ``"knock"`` or
    ``"undercut"``; ``winner`` is ``"knocker"`` or ``"defender"``.

    ``least_deadwood``: ``None`` when the knocker's melds are a least-deadwood
    arrangement (always, unless ``Rules.knocker_best_arrangement``); otherwise the
    settlement the least-deadwood arrangement would have had, which scores worse for the
    knocker (so a screen can say which was laid and why).
    """

    knocker_melds: tuple[Meld, ...]
    knocker_deadwood_cards: tuple[Card, ...]
    defender_melds: tuple[Meld, ...]
    defender_deadwood_cards: tuple[Card, ...]
    layoffs: list[tuple[Card, int]]
    defender_deadwood_before_layoffs: int
    score: HandScore
    least_deadwood: Settlement | None = None

    @property
    def knocker_deadwood(self) -> int:
        """Value of the knocker's unmelded cards."""
        return self.score.knocker_deadwood

    @property
    def defender_deadwood(self) -> int:
        """Value of the defender's cards left after own melds and layoffs."""
        return self.score.defender_deadwood

    @property
    def kind(self) -> HandKind:
        """Gin, big gin, knock or undercut."""
        return self.score.kind

    @property
    def winner(self) -> Role:
        """Knocker or defender: whoever scored the hand."""
        assert self.score.winner is not None
        return self.score.winner

    @property
    def points(self) -> int:
        """Points scored by the winner (doubled for an Oklahoma spade)."""
        return self.score.points

    @property
    def knocker_points(self) -> int:
        """The hand's points from the knocker's side: won (+), or lost to an undercut (−)."""
        return self.score.points if self.score.winner is Role.KNOCKER else -self.score.points



def run_chain(defender: int, base: int, start: int, step: int, taken: int,
              wrap: bool) -> list[int]:
    """The defender's cards (as bits of ``defender``, a card mask) that extend a run of
    ``taken`` cards in the suit starting at bit ``base``, one after another from the end
    at rank index ``start`` (0 = ace) in direction ``step`` (+1 up, -1 down), as far as
    the defender holds them; ``wrap``: round the corner (K-A-2 continues). Layoffs are
    docs/rules.md §3.5: the next card up or down, repeatedly."""
    bits: list[int] = []
    position = start
    while taken < 13:
        position += step
        if wrap:
            position %= 13
        elif not 0 <= position < 13:
            break
        bit = 1 << (base + position)
        if not defender & bit:
            break
        bits.append(bit)
        taken += 1
    return bits

def _extension_options(meld: Meld, defender: int, rules: Rules) -> list[list[int]]:
    """Every layoff onto one meld the defender could make, each as an ordered bit list."""
    if meld.kind is MeldKind.SET:
        if len(meld.cards) == 4:
            return [[]]
        rank = meld.cards[0].rank
        fourth = next(
            bit for suit in range(4)
            if not (bit := 1 << (suit * 13 + rank.number - 1)) & meld.mask
        )
        return [[], [fourth]] if defender & fourth else [[]]
    suit = meld.cards[0].suit.index
    base = 13 * suit
    numbers = [card.rank.number - 1 for card in meld.cards]  # sequence order, 0-based
    wrap = rules.round_the_corner

    def chain(start: int, step: int) -> list[int]:
        return run_chain(defender, base, start, step, len(numbers), wrap)

    up = chain(numbers[-1], +1)
    down = chain(numbers[0], -1)
    options: list[list[int]] = []
    for u in range(len(up) + 1):
        for d in range(len(down) + 1):
            picked = up[:u] + down[:d]
            if len(set(picked)) == len(picked) and len(numbers) + len(picked) <= 13:
                options.append(picked)
    return options


def _layoff_choices(melds: Sequence[Meld], defender: int,
                    rules: Rules) -> list[list[tuple[int, int]]]:
    """Every disjoint combination of layoffs onto the knocker's melds: (bit, meld index)."""
    choices: list[list[tuple[int, int]]] = [[]]
    for index, meld in enumerate(melds):
        options = _extension_options(meld, defender, rules)
        grown: list[list[tuple[int, int]]] = []
        for choice in choices:
            used = 0
            for bit, _ in choice:
                used |= bit
            for option in options:
                if all(not bit & used for bit in option):
                    grown.append(choice + [(bit, index) for bit in option])
        choices = grown
    return choices


def _as_meld(cards: Meld | Iterable[Card], rules: Rules) -> Meld:
    return cards if isinstance(cards, Meld) else make_meld(cards, rules)


def settle(
    knocker_melds: Iterable[Meld | Iterable[Card]],
    knocker_deadwood_cards: Iterable[Card],
    defender_cards: Iterable[Card],
    rules: Rules = HOUSE,
    *,
    limit: KnockLimit | None = None,
) -> Settlement:
    """Settle a knock with the knocker's melds laid exactly as given (docs/rules.md §3.5, §4).

    Args:
        knocker_melds: the knocker's melds (card lists or :class:`Meld`).
        knocker_deadwood_cards: the knocker's unmelded cards; with the melds, 10 cards,
            or 11 all melded for big gin (``rules.big_gin``).
        defender_cards: the defender's 10 cards.
        rules: options; ``round_the_corner`` changes runs and layoffs.
        limit: the hand's knock limit and doubling (default from ``rules``).

    Returns:
        A :class:`Settlement`: the defender's melds and layoffs chosen together for the
        least remaining deadwood (no layoffs against gin), and the hand's score.

    Raises:
        InvalidHandError: a meld is not valid, a card is in two places, a wrong number
            of cards, or knocker deadwood above the knock limit.
        InvalidCardError: a card appears twice within one list.
    """
    melds = tuple(_as_meld(meld, rules) for meld in knocker_melds)
    knocker_dead = tuple(knocker_deadwood_cards)
    knocker = to_mask(knocker_dead)
    for meld in melds:
        if knocker & meld.mask:
            raise InvalidHandError(Cause.MELD_CARD_TWICE, meld=str(meld))
        knocker |= meld.mask
    defender = to_mask(defender_cards)
    if knocker & defender:
        shared = " ".join(str(c) for c in from_mask(knocker & defender))
        raise InvalidHandError(Cause.IN_BOTH_HANDS, cards=shared)
    if defender.bit_count() != 10:
        raise InvalidHandError(Cause.DEFENDER_CARDS, count=defender.bit_count())
    big_gin = knocker.bit_count() == 11
    if knocker.bit_count() != 10 and not (big_gin and not knocker_dead):
        raise InvalidHandError(Cause.KNOCKER_CARDS, count=knocker.bit_count())
    if big_gin and not rules.big_gin:
        raise InvalidHandError(Cause.BIG_GIN_OFF_LAY)
    hand_limit = limit if limit is not None else knock_limit_for(rules)
    knocker_deadwood = sum(card.points for card in knocker_dead)
    if knocker_deadwood > hand_limit.limit:
        raise InvalidHandError(Cause.LAY_ABOVE_LIMIT, count=knocker_deadwood,
                               limit=hand_limit.limit)
    before = least_deadwood_mask(defender, rules)
    layoffs: list[tuple[int, int]] = []
    remaining = defender
    if knocker_deadwood > 0:
        best = before
        for choice in _layoff_choices(melds, defender, rules):
            if not choice:
                continue
            rest = defender
            for bit, _ in choice:
                rest ^= bit
            value = least_deadwood_mask(rest, rules)
            if value < best:
                best, layoffs, remaining = value, choice, rest
    own: Arrangement = best_arrangement(from_mask(remaining), rules)
    score = score_hand(knocker_deadwood, own.deadwood, rules, big_gin=big_gin, limit=hand_limit)
    return Settlement(
        knocker_melds=melds,
        knocker_deadwood_cards=knocker_dead,
        defender_melds=own.melds,
        defender_deadwood_cards=own.deadwood_cards,
        layoffs=[(from_mask(bit)[0], index) for bit, index in layoffs],
        defender_deadwood_before_layoffs=before,
        score=score,
    )


def lay_down(
    knocker_cards: Iterable[Card],
    defender_cards: Iterable[Card],
    rules: Rules = HOUSE,
    *,
    limit: KnockLimit | None = None,
) -> Settlement:
    """Settle a knock choosing the knocker's arrangement (docs/rules.md §4, last paragraph).

    ``rules.knocker_best_arrangement`` off (every preset): the knocker lays a
    least-deadwood arrangement of their 10 cards (11 for big gin); among equal ones, the
    one that leaves the defender the most deadwood after layoffs.

    On: every legal arrangement whose deadwood is within the hand's knock limit is
    settled, and the one that scores best for the knocker after the defender's best
    layoffs is laid (:attr:`Settlement.knocker_points`; least deadwood among equals, then
    the rule above). Gin is never beaten, so a gin hand is laid as gin. When the one laid
    is not a least-deadwood arrangement, :attr:`Settlement.least_deadwood` holds the
    settlement that one would have had.

    Raises:
        InvalidHandError: as :func:`settle`.
    """
    defender = list(defender_cards)
    if rules.knocker_best_arrangement:  # the bots' play-outs never pay for this option off
        return _best_for_knocker(list(knocker_cards), defender, rules, limit)
    settlements = [
        settle(arrangement.melds, arrangement.deadwood_cards, defender, rules, limit=limit)
        for arrangement in best_arrangements(knocker_cards, rules)
    ]
    return max(settlements, key=lambda s: s.defender_deadwood)


def _disjoint_meld_sets(melds: Sequence[int], start: int, used: int) -> Iterable[list[int]]:
    """Every set of pairwise disjoint melds from ``melds[start:]`` avoiding ``used``."""
    yield []
    for index in range(start, len(melds)):
        meld = melds[index]
        if meld & used:
            continue
        for rest in _disjoint_meld_sets(melds, index + 1, used | meld):
            yield [meld, *rest]


def _best_for_knocker(knocker: list[Card], defender: list[Card], rules: Rules,
                      limit: KnockLimit | None) -> Settlement:
    """``rules.knocker_best_arrangement``: the best-scoring legal arrangement (see
    :func:`lay_down`); the least-deadwood one unless another scores more."""
    least = max(
        (settle(arrangement.melds, arrangement.deadwood_cards, defender, rules, limit=limit)
         for arrangement in best_arrangements(knocker, rules)),
        key=lambda s: s.defender_deadwood,
    )
    if least.kind in (HandKind.GIN, HandKind.BIG_GIN) or len(knocker) != 10:
        return least
    hand_limit = limit if limit is not None else knock_limit_for(rules)
    hand = to_mask(knocker)
    melds = sorted(candidate_melds(hand, rules.round_the_corner))
    best = least
    best_key = (least.knocker_points, -least.knocker_deadwood, least.defender_deadwood)
    for chosen in _disjoint_meld_sets(melds, 0, 0):
        melded = 0
        for meld in chosen:
            melded |= meld
        if points(hand & ~melded) > hand_limit.limit:
            continue
        laid = sorted((make_meld(from_mask(meld), rules) for meld in chosen),
                      key=lambda meld: meld.cards[0].sort_key)
        settlement = settle(laid, from_mask(hand & ~melded), defender, rules, limit=hand_limit)
        key = (settlement.knocker_points, -settlement.knocker_deadwood,
               settlement.defender_deadwood)
        if key > best_key:
            best, best_key = settlement, key
    if best is least or best.knocker_points == least.knocker_points:
        return least
    return replace(best, least_deadwood=least)


__all__ = ["SUIT_BITS", "Settlement", "lay_down", "settle"]
