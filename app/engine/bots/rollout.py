"""Fast play-outs of one hand on card masks, for the Expert's search.

A :class:`Deal` is one *determinisation*: a full, concrete hand (both players' cards,
the stock order, the discard pile) built by the Expert from its view plus sampled
hidden cards — never from the real hidden cards. :func:`play_out` plays it to the end
with a fast policy for both players (Standard's: take a face-up card that makes a meld
or lets it knock at once; discard the card leaving the least deadwood; knock as soon as
allowed) and returns the hand's score as seen by one player.

The rules of a hand are those of docs/rules.md §3 (upcard offer, draw, discard, knock/gin, big
gin, a void hand when a turn ends with two stock cards or fewer); the settlement of a
knock is the engine's own :func:`~app.engine.layoff.lay_down` (optimal layoffs, ties are
undercuts, the defender's melds count against gin).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import CARD_POINTS, CARDS
from ..layoff import lay_down
from ..melds import deadwood_by_discard_mask, least_deadwood_mask
from ..rules import Rules
from ..scoring import HandKind, KnockLimit, Role
from .common import single_bits


@dataclass(slots=True)
class Deal:
    """A concrete hand in progress, on masks (bit ``card.index``).

    ``hands[p]`` is player ``p``'s cards; ``stock`` lists card bits, top first;
    ``pile`` the discard pile, top last. ``phase`` is ``"offer"``, ``"draw"`` or
    ``"discard"``; ``offers`` counts passes of the upcard so far; ``forced`` is set when
    both players passed the upcard and the starting player must draw from the stock;
    ``taken`` is the bit of the card taken from the pile this turn (0 when none).
    """

    hands: list[int]
    stock: list[int]
    pile: list[int]
    phase: str
    to_play: int
    starting: int
    offers: int
    forced: bool
    taken: int

    def copy(self) -> Deal:
        """An independent copy (play-outs change a deal in place)."""
        return Deal(list(self.hands), list(self.stock), list(self.pile), self.phase,
                    self.to_play, self.starting, self.offers, self.forced, self.taken)


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a play-out: ``winner`` (player index, ``None`` for a void hand),
    ``points`` scored by the winner, and how the hand ended."""

    winner: int | None
    points: int
    kind: HandKind


VOID = Outcome(None, 0, HandKind.VOID)
VOID_AT = 2


def _bit_index(bit: int) -> int:
    return bit.bit_length() - 1


def wants_card(hand: int, card: int, rules: Rules, limit: int) -> bool:
    """The play-out policy's take rule: ``card`` (a bit) completes or extends a meld of
    the 10-card ``hand``, or taking it lets the player knock (or go gin) at once."""
    points = CARD_POINTS[_bit_index(card)]
    with_card = hand | card
    if least_deadwood_mask(with_card, rules) < least_deadwood_mask(hand, rules) + points:
        return True
    after = deadwood_by_discard_mask(with_card, rules)
    del after[card]
    return min(after.values()) <= limit


def best_discard(hand: int, taken: int, rules: Rules) -> tuple[int, int]:
    """``(card bit, deadwood left)``: the discard leaving the least deadwood, ties to the
    higher card then the higher index; never ``taken``."""
    after = deadwood_by_discard_mask(hand, rules)
    if taken:
        after.pop(taken, None)
    best_bit = 0
    best_key = (999, 0, 0)
    for bit, value in after.items():
        key = (value, -CARD_POINTS[_bit_index(bit)], -bit)
        if key < best_key:
            best_key, best_bit = key, bit
    return best_bit, best_key[0]


def settle_knock(knocker: int, hand: int, defender: int, rules: Rules,
                 limit: KnockLimit) -> Outcome:
    """Score a knock (or gin / big gin) by ``knocker`` holding ``hand`` against the
    ``defender`` mask, with the engine's own settlement."""
    settlement = lay_down([CARDS[_bit_index(b)] for b in single_bits(hand)],
                          [CARDS[_bit_index(b)] for b in single_bits(defender)], rules, limit=limit)
    winner = knocker if settlement.winner is Role.KNOCKER else 1 - knocker
    return Outcome(winner, settlement.points, settlement.kind)


def discard_and_end(deal: Deal, card: int, out: str, rules: Rules,
                    limit: KnockLimit) -> Outcome | None:
    """The player to act discards ``card`` (a bit) — with ``out`` ``"knock"``/``"gin"``
    they go out, ``"discard"`` just discards. Returns the outcome when the hand ends
    (a knock, or a void hand), else ``None`` with the turn passed on."""
    player = deal.to_play
    deal.hands[player] ^= card
    deal.pile.append(card)
    deal.taken = 0
    deal.forced = False
    if out != "discard":
        return settle_knock(player, deal.hands[player], deal.hands[1 - player], rules, limit)
    if len(deal.stock) <= VOID_AT:
        return VOID
    deal.phase = "draw"
    deal.to_play = 1 - player
    return None


def draw(deal: Deal, from_pile: bool) -> None:
    """The player to act takes the face-up card (``from_pile``) or the top stock card."""
    player = deal.to_play
    if from_pile:
        card = deal.pile.pop()
        deal.taken = card
    else:
        card = deal.stock.pop(0)
        deal.taken = 0
    deal.hands[player] |= card
    deal.phase = "discard"


def pass_upcard(deal: Deal) -> None:
    """The player to act declines the upcard on offer."""
    deal.offers += 1
    if deal.offers == 1:
        deal.to_play = 1 - deal.to_play
    else:
        deal.to_play = deal.starting
        deal.phase = "draw"
        deal.forced = True


def policy_discard(deal: Deal, rules: Rules, limit: KnockLimit) -> Outcome | None:
    """The play-out policy in the discard phase (big gin, gin, knock asap, else the
    discard leaving the least deadwood)."""
    hand = deal.hands[deal.to_play]
    if rules.big_gin and least_deadwood_mask(hand, rules) == 0:
        return settle_knock(deal.to_play, hand, deal.hands[1 - deal.to_play], rules, limit)
    card, left = best_discard(hand, deal.taken, rules)
    if left == 0:
        out = "gin"
    elif left <= limit.limit:
        out = "knock"
    else:
        out = "discard"
    return discard_and_end(deal, card, out, rules, limit)


def play_out(deal: Deal, rules: Rules, limit: KnockLimit) -> Outcome:
    """Play ``deal`` (changed in place) to the end of the hand with the play-out policy
    for both players; returns the outcome."""
    knock_at = limit.limit
    while True:
        phase = deal.phase
        if phase == "discard":
            outcome = policy_discard(deal, rules, limit)
            if outcome is not None:
                return outcome
            continue
        hand = deal.hands[deal.to_play]
        top = deal.pile[-1] if deal.pile else 0
        take = (top != 0 and not (phase == "draw" and deal.forced)
                and wants_card(hand, top, rules, knock_at))
        if phase == "offer" and not take:
            pass_upcard(deal)
            continue
        if not deal.stock and not take:
            return VOID
        draw(deal, take)


__all__ = ["Deal", "Outcome", "VOID", "best_discard", "discard_and_end", "draw",
           "pass_upcard", "play_out", "policy_discard", "settle_knock", "wants_card"]
