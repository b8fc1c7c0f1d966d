"""Helpers shared by the computer players: masks of what a view shows, and safe picks.

Everything here reads only a :class:`~app.engine.hand.PlayerView`; nothing can reach the
opponent's hidden cards or the stock order, because no function is given them.
"""

from __future__ import annotations

from ..cards import CARDS, Card, to_mask
from ..errors import Cause, GameError, IllegalActionError
from ..hand import Action, BigGin, Discard, Gin, Knock, Phase, PlayerView, TakeDiscard
from ..melds import deadwood_by_discard_mask, least_deadwood_mask

FULL_DECK = (1 << 52) - 1


class UnknownLevelError(GameError, ValueError):
    """A computer level name that is not one of :data:`app.engine.bots.LEVELS`."""


class NotBotsTurnError(IllegalActionError):
    """The computer was asked to act on a view where it has no legal action."""


def bit_card(bit: int) -> Card:
    """The card of a single-bit mask."""
    return CARDS[bit.bit_length() - 1]


def single_bits(mask: int) -> list[int]:
    """The single-bit masks of ``mask``'s cards, lowest card first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def hand_mask(view: PlayerView) -> int:
    """The 52-bit mask of the viewer's own cards."""
    return to_mask(view.hand)


def ensure_turn(view: PlayerView) -> None:
    """Raise :class:`NotBotsTurnError` unless the view's player has a legal action."""
    if not view.legal or not view.my_turn:
        raise NotBotsTurnError(Cause.NOT_BOTS_TURN)


def completes_meld(view: PlayerView, card: Card) -> bool:
    """True when adding ``card`` to the 10-card hand puts it in a meld of every best
    arrangement (it completes a set/run or extends one), so taking it lowers deadwood."""
    hand = hand_mask(view)
    rules = view.rules
    return least_deadwood_mask(hand | (1 << card.index), rules) < (
        least_deadwood_mask(hand, rules) + card.points)


def discard_melds(view: PlayerView) -> bool:
    """True when the view may take the top discard (not the forced stock draw after two
    passes) and that card completes or extends one of its melds."""
    top = view.top_discard
    return (not view.must_draw_stock and top is not None and TakeDiscard() in view.legal
            and completes_meld(view, top))


def discard_values(view: PlayerView) -> dict[int, int]:
    """For the 11-card hand in the discard phase: deadwood left after each legal discard
    (card bit → deadwood); the card just taken from the pile is left out."""
    by_discard = deadwood_by_discard_mask(hand_mask(view), view.rules)
    if view.taken_from_pile is not None:
        by_discard.pop(1 << view.taken_from_pile.index, None)
    return by_discard


def least_deadwood_discard(by_discard: dict[int, int]) -> int:
    """The card bit of ``by_discard`` (card bit → deadwood left, as from
    :func:`discard_values`) that leaves the least deadwood; among equals the higher card:
    more points, then the higher rank (a king before a queen before a ten, as OpenSpiel's
    port of the simple player sorts its deadwood), then the higher suit.

    Raises:
        ValueError: ``by_discard`` is empty.
    """
    return min(by_discard, key=lambda b: (by_discard[b], -bit_card(b).points,
                                          -bit_card(b).rank.number, -b))


def finish_action(view: PlayerView, card: Card, deadwood: int, knock: bool) -> Action:
    """The action that discards ``card`` leaving ``deadwood``: gin when 0, a knock when
    allowed and ``knock`` is set, otherwise a plain discard. Checked against
    ``view.legal`` so the result is always legal."""
    legal = view.legal
    if deadwood == 0 and Gin(card) in legal:
        return Gin(card)
    if knock and Knock(card) in legal:
        return Knock(card)
    return Discard(card)


def big_gin_if_legal(view: PlayerView) -> Action | None:
    """``BigGin()`` when the table plays it and it is legal now."""
    if view.phase is Phase.DISCARD and BigGin() in view.legal:
        return BigGin()
    return None


__all__ = [
    "FULL_DECK", "NotBotsTurnError", "UnknownLevelError", "big_gin_if_legal", "bit_card",
    "completes_meld", "discard_values", "ensure_turn", "finish_action", "hand_mask",
    "least_deadwood_discard", "single_bits",
]
