"""The Easy computer player: legal and reasonable, but clearly weaker than Standard.

- It overlooks a face-up card that completes or extends a meld one time in ten.
- One discard in five is a random card among those that break no meld, higher cards
  more likely (not always the highest); otherwise it makes Standard's discard.
- It knocks as soon as it may, like Standard; it always takes gin.

Tuned to win 20–45 % of matches to 100 against the reference Simple player
(it won 7 % when it noticed 3 melding cards in 4, made Standard's discard half the time
and knocked only at 8 or less): see ``docs/strength.md``.
"""

from __future__ import annotations

import random

from ..hand import Action, DrawStock, Pass, Phase, PlayerView, TakeDiscard, TakeUpcard
from ..melds import least_deadwood_mask
from .common import (
    big_gin_if_legal,
    bit_card,
    completes_meld,
    discard_melds,
    discard_values,
    finish_action,
    hand_mask,
    least_deadwood_discard,
)

NOTICE = 0.9
"""Chance that Easy notices a pile card that would meld."""
SHARP = 0.8
"""Chance that Easy makes Standard's discard instead of a random loose card."""
KNOCK_AT = 10
"""Easy knocks only with this much deadwood or less (unless the stock is nearly out);
10, the House knock limit, is as soon as allowed."""
LATE_STOCK = 6


def choose(view: PlayerView, rng: random.Random) -> Action:
    """Easy's action for a view where it is to act; uses ``rng`` for its lapses."""
    if view.phase is Phase.UPCARD_OFFER:
        top = view.top_discard
        take = top is not None and completes_meld(view, top) and rng.random() < NOTICE
        return TakeUpcard() if take else Pass()
    if view.phase is Phase.DRAW:
        noticed = discard_melds(view) and rng.random() < NOTICE
        return TakeDiscard() if noticed else DrawStock()
    big = big_gin_if_legal(view)
    if big is not None:
        return big
    by_discard = discard_values(view)
    whole = least_deadwood_mask(hand_mask(view), view.rules)
    # Cards whose removal takes their whole value off the deadwood break no meld.
    loose = sorted(b for b, value in by_discard.items() if value == whole - bit_card(b).points)
    best = least_deadwood_discard(by_discard)
    bit = rng.choices(loose, weights=[bit_card(b).points for b in loose])[0] if loose else best
    if by_discard[best] == 0 or rng.random() < SHARP:
        bit = best
    deadwood = by_discard[bit]
    knock = deadwood <= KNOCK_AT or view.stock_count <= LATE_STOCK
    return finish_action(view, bit_card(bit), deadwood, knock=knock)
