"""The Standard computer player: a sound simple strategy (issue 6).

- Upcard offer / draw: take the face-up card only when it completes or extends a meld
  (it lowers the least deadwood of the hand); otherwise pass / draw from the stock.
- Discard: the highest-value card that breaks no meld, never the card just taken from
  the pile — i.e. the discard leaving the least deadwood, ties to the higher card.
- Knock as soon as the knock limit allows (gin whenever possible).
"""

from __future__ import annotations

import random

from ..hand import Action, DrawStock, Pass, Phase, PlayerView, TakeDiscard, TakeUpcard
from .common import (
    big_gin_if_legal,
    bit_card,
    completes_meld,
    discard_melds,
    discard_values,
    finish_action,
)


def choose(view: PlayerView, rng: random.Random) -> Action:
    """Standard's action for a view where it is to act (``rng`` is not used: Standard
    is deterministic)."""
    del rng
    if view.phase is Phase.UPCARD_OFFER:
        top = view.top_discard
        return TakeUpcard() if top is not None and completes_meld(view, top) else Pass()
    if view.phase is Phase.DRAW:
        return TakeDiscard() if discard_melds(view) else DrawStock()
    big = big_gin_if_legal(view)
    if big is not None:
        return big
    by_discard = discard_values(view)
    # Least deadwood left; among equals the higher card, then the higher index.
    bit = min(by_discard, key=lambda b: (by_discard[b], -bit_card(b).points, -b))
    card = bit_card(bit)
    return finish_action(view, card, by_discard[bit], knock=True)
