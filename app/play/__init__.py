"""Play against the computer: the glue between a browser's stored match and the engine.

The engine stays pure; this package does the rest, one concern per module:

* :mod:`app.play.common` — the seats, the errors, :class:`Loaded`, small parsers;
* :mod:`app.play.storage` — **load** a browser's seat, its match and the current hand,
  and rebuild the match by replaying that hand only (cached per process under the
  match's version); **store** what a tap changed (the seat, the current hand's row) only
  if the match is still at the version read, without committing (the request's unit of
  work commits, ``app.core.db``), and tell the listeners passed in with
  :func:`~app.play.storage.listen` (a friend match's other browser, the analysis);
* :mod:`app.play.computer` — **advance**: who moves by itself (the computer's turn;
  nobody in a friend match), run after every tap of play and practice;
* :mod:`app.play.actions` — **tap** (the person's action, then the computer's reply),
  the New match form's options, **start_match** and **rematch** (the same options again);
* :mod:`app.play.arrange` — the hand's own order (dragged by the player): the posted
  order checked strictly, kept through draws and discards, cleared by a sort or a new hand;
* :mod:`app.play.hints` — **give_hint**: the Expert's advice from the person's view
  (computed in :mod:`app.core.workers`' process pool), counted with the match;
* :mod:`app.play.words` — what the computer did, the step line, notes and rule texts;
* :mod:`app.play.screen` — **screen**: everything the play template shows, from the
  person's view only (the computer's cards and the stock never reach it while a hand
  is in progress);
* :mod:`app.play.fairness` — the play screen's fairness box (commitment, seeds revealed);
* :mod:`app.play.matches` — several matches at once: the list of a browser's matches in
  progress (opponent, score, whose turn) and the notice "your turn in another match";
* :mod:`app.play.pages` — the New match form, which the play and friend routes answer.

Play a friend (:mod:`app.friend`), the review (:mod:`app.review`) and the verify page
(:mod:`app.fair`) build on this package; it imports none of them (what they must hear
of, they pass in as callables: :func:`app.play.storage.listen`). May import
:mod:`app.web`, :mod:`app.core`, :mod:`app.engine` (``pyproject.toml``'s import
contracts check it).

The names below are the package's public face (``from app import play; play.tap(...)``).
"""

from app.engine import MatchState
from app.engine.bots import LEVELS
from app.play.actions import (
    MAX_TARGET,
    SWITCH_OPTIONS,
    MatchOptions,
    default_options,
    options_from_form,
    rematch,
    start_match,
    tap,
)
from app.play.common import (
    COMPUTER,
    LEVEL_LABELS,
    NOT_YOURS,
    PERSON,
    SORTS,
    Loaded,
    NoMatchError,
    NotYourMatchError,
    PlayError,
    Seats,
    StaleTapError,
    whole_number,
)
from app.play.computer import advance
from app.play.hints import HintPanel, give_hint
from app.play.matches import MatchLine, in_progress
from app.play.screen import Screen, screen
from app.play.storage import forget_cache, load, load_named, mark_open, rebuild, seat_version
from app.play.words import describe

__all__ = [
    "COMPUTER", "LEVELS", "LEVEL_LABELS", "MAX_TARGET", "NOT_YOURS", "PERSON", "SORTS",
    "SWITCH_OPTIONS", "HintPanel", "Loaded", "MatchLine", "MatchOptions", "NotYourMatchError",
    "in_progress", "load_named", "mark_open", "MatchState", "NoMatchError", "PlayError", "Screen",
    "Seats",
    "StaleTapError", "advance", "default_options", "describe", "forget_cache",
    "give_hint", "load", "options_from_form", "rebuild", "rematch", "screen", "seat_version",
    "start_match", "tap",
    "whole_number",
]
