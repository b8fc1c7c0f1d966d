"""The Hard level: Hard's evaluation, with knock or play on settled by a short search.

Hard plays :func:`~app.engine.bots.hard.choose` (its opponent model, outs and danger)
in every decision but one: in the discard phase, when it may knock, it searches the
knock (the discard that leaves the least deadwood, knocking), playing on with its
evaluation's discard, and playing on with the knock's card
(:func:`~app.engine.bots.hard.knock_candidates`), by Expert's search
(:func:`~app.engine.bots.expert.search`: the same samples of the hidden cards for each,
patient play-outs, each end valued by the chance to win the match at this score) on a
small :data:`BUDGET`, and plays the one of highest mean. Gin is never searched.

Measured (``docs/strength.md``, mirrored pairs of matches to 100 against Simple): 68.2 %
± 1.3 % of match wins over 2,000 pairs, +10.4 ± 1.2 points of match wins over Hard 1
(Hard's evaluation alone, which knocks whenever its sampled points are positive) on the
same seeds, at a CPU p95 of 17 ms a decision. Leaving Hard 1's choice only for a
candidate 2 standard errors better (Expert's rule) won 5.5 ± 2.0 points less than this
over 400 of those seeds, and play-outs that knock at once instead of patient ones 6.0 ±
2.4 less over 300 (``bench/hard_ab.py``).

Only the view is read (nothing hidden: the samples are Expert's,
:func:`~app.engine.bots.expert.sample_hidden`).
"""

from __future__ import annotations

import random

from ..hand import Action, PlayerView
from . import expert, hard

BUDGET = expert.Budget(samples=64, discards=0, deadline=0.25, batch=16, playouts=192)
"""The knock search's work: 64 samples per candidate in batches of 16 (a candidate
clearly worse after a batch is dropped), at most 192 play-outs, and no further sample
after 0.25 s of wall clock (a starved server; CPU p95 about 20 ms with the compiled
core, see ``docs/strength.md``)."""


def choose(view: PlayerView, rng: random.Random, budget: expert.Budget | None = None) -> Action:
    """The Hard level's action for a view where it is to act (see the module docstring).

    ``budget`` defaults to :data:`BUDGET` at call time (the strength benchmark removes
    its deadline). Raises :class:`~app.engine.bots.common.NotBotsTurnError` when the view
    has no legal action.
    """
    among = hard.knock_candidates(view)
    if not among:
        return hard.choose(view, rng)
    found = expert.search(view, rng, budget or BUDGET, among=among)
    return among[expert.highest(found.means(), list(range(len(among))))]


__all__ = ["BUDGET", "choose"]
