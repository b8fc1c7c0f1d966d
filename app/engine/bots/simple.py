"""The reference *Simple* player, written from its published description.

Neller's simple gin player, as the strength table's baseline:

- take the face-up card (upcard offer or discard pile) only if it makes a new meld —
  it completes or extends a set or run, so it lowers the least deadwood by its whole
  value; otherwise pass / draw from the stock;
- discard the unmelded card of highest deadwood, i.e. the discard leaving the least
  deadwood, ties to the higher card: a king before a ten (never the card just taken
  from the pile);
- knock as soon as the knock limit allows; gin (and big gin where played) always.

It is deterministic and is not offered in the New match form: it exists so that the
levels can be measured against a published baseline (``bench/strength.py``).
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
    least_deadwood_discard,
)


def choose(view: PlayerView, rng: random.Random) -> Action:
    """Simple's action for a view where it is to act (``rng`` is not used)."""
    del rng
    if view.phase is Phase.UPCARD_OFFER:
        top = view.top_discard
        return TakeUpcard() if top is not None and completes_meld(view, top) else Pass()
    if view.phase is Phase.DRAW:
        return TakeDiscard() if discard_melds(view) else DrawStock()
    return discard(view)


def discard(view: PlayerView) -> Action:
    """Simple's discard-phase action: big gin, else the discard leaving the least
    deadwood (ties to the higher card), as gin or a knock whenever allowed."""
    big = big_gin_if_legal(view)
    if big is not None:
        return big
    by_discard = discard_values(view)
    bit = least_deadwood_discard(by_discard)
    return finish_action(view, bit_card(bit), by_discard[bit], knock=True)
