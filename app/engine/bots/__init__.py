"""Computer players: a function from one player's view to an action.

``choose_action(level, view, rng)`` is all the play screen needs. A computer player is
given only a :class:`~app.engine.hand.PlayerView` (its own hand, the discard pile, the
cards the opponent is known to hold, what the opponent discarded and passed, the stock
count, scores and rules) and a random source — never the :class:`HandState` — so it
cannot see the opponent's hand or the stock order.

Levels: ``"easy"`` (legal, reasonable, clearly weaker), ``"standard"`` (the published
simple player plus taking a pile card that lets it knock at once), ``"hard"`` (opponent
modelling, deadwood/outs evaluation, knock or play on by a short search), ``"expert"``
(determinised Monte Carlo search valued by the chance to win the match;
:func:`expert.evaluate` is also the evaluation behind hints). The reference ``"simple"``
player is accepted by :func:`choose_action` for benchmarks but is not a level of the New
match form.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..errors import Cause
from ..hand import Action, PlayerView
from . import easy, expert, hard_search, simple, standard
from .common import NotBotsTurnError, UnknownLevelError, ensure_turn

LEVELS: tuple[str, ...] = ("easy", "standard", "hard", "expert")
"""The computer levels, weakest first; ``"standard"`` is the default."""

REFERENCES: tuple[str, ...] = ("simple",)
"""Reference players for the strength table (not offered in the New match form)."""

DEFAULT_LEVEL = "standard"

VERSIONS: dict[str, int] = {"expert": 5, "hard": 2, "simple": 2, "standard": 2, "easy": 2}
"""The version of each player's play (1 when not listed), bumped whenever a change alters
its decisions: the strength table (``bench/strength.py``) counts only the pairs played
by the current version of both sides."""

_CHOOSERS: dict[str, Callable[[PlayerView, random.Random], Action]] = {
    "easy": easy.choose,
    "standard": standard.choose,
    "hard": hard_search.choose,
    "expert": expert.choose,
    "simple": simple.choose,
}


def choose_action(level: str, view: PlayerView, rng: random.Random) -> Action:
    """The computer's action at ``level`` for ``view`` (docs/rules.md §7).

    Args:
        level: one of :data:`LEVELS` (or :data:`REFERENCES`).
        view: the computer's own view of the hand; it must be the computer's turn.
        rng: the random source (the same view and seed always give the same action).

    Returns:
        An action from ``view.legal``.

    Raises:
        UnknownLevelError: ``level`` is not one of :data:`LEVELS` or :data:`REFERENCES`.
        NotBotsTurnError: the view has no legal action (not the computer's turn, or
            the hand is over).
    """
    chooser = _CHOOSERS.get(level)
    if chooser is None:
        raise UnknownLevelError(Cause.UNKNOWN_LEVEL, level=repr(level),
                                levels=", ".join(LEVELS), references=", ".join(REFERENCES))
    ensure_turn(view)
    action = chooser(view, rng)
    assert action in view.legal, f"{level} chose an illegal action {action}"
    return action


__all__ = ["DEFAULT_LEVEL", "LEVELS", "REFERENCES", "NotBotsTurnError", "UnknownLevelError",
           "VERSIONS", "choose_action"]
