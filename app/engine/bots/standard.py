"""The Standard computer player: the reference Simple player plus one rule.

- Upcard offer / draw: take the face-up card when it completes or extends a meld (as
  Simple), **or when taking it lets Standard knock (or go gin) at once**; otherwise
  pass / draw from the stock.
- Discard and knock exactly as Simple: the highest-value card that breaks no meld
  (never the card just taken), knocking as soon as the knock limit allows.

The extra take is what the published simple player's OpenSpiel port also does, so the
default level is not weaker than the published baseline (see ``docs/strength.md``).
"""

from __future__ import annotations

import random

from ..cards import Card
from ..hand import Action, DrawStock, Pass, Phase, PlayerView, TakeDiscard, TakeUpcard
from ..melds import deadwood_by_discard_mask
from . import simple
from .common import completes_meld, discard_melds, hand_mask


def knocks_at_once(view: PlayerView, card: Card) -> bool:
    """True when taking ``card`` lets the player knock or go gin this turn: some other
    card's discard leaves deadwood within the hand's knock limit (gin when 0)."""
    bit = 1 << card.index
    after = deadwood_by_discard_mask(hand_mask(view) | bit, view.rules)
    after.pop(bit, None)
    return min(after.values()) <= view.limit.limit


def choose(view: PlayerView, rng: random.Random) -> Action:
    """Standard's action for a view where it is to act (``rng`` is not used: Standard
    is deterministic)."""
    del rng
    top = view.top_discard
    if view.phase is Phase.UPCARD_OFFER:
        take = top is not None and (completes_meld(view, top) or knocks_at_once(view, top))
        return TakeUpcard() if take else Pass()
    if view.phase is Phase.DRAW:
        take = discard_melds(view) or (
            top is not None and not view.must_draw_stock and TakeDiscard() in view.legal
            and knocks_at_once(view, top))
        return TakeDiscard() if take else DrawStock()
    return simple.discard(view)
