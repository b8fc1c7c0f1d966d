"""Play against the computer: a feature like the others, built on the table kit
(:mod:`app.table`: the seats and their storage, the screen, the words, the computer's
turn). What is play's own:

* :mod:`app.play.actions` — **tap** (the person's action, then the computer's reply),
  the New match form's options, **start_match** and **rematch** (the same options again);
* :mod:`app.play.hints` — **give_hint**: the Expert's advice from the person's view
  (computed in :mod:`app.core.workers`' process pool), counted with the match;
* :mod:`app.play.matches` — several matches at once: the list of a browser's matches in
  progress (opponent, score, whose turn) and the notice "your turn in another match";
* :mod:`app.play.pages` — the New match form, which the play and friend routes answer.

May import :mod:`app.table`, :mod:`app.web`, :mod:`app.core`, :mod:`app.engine`; no other
feature (``pyproject.toml``'s import contracts check it).

The names below are the package's public face (``from app import play; play.tap(...)``),
the kit's that the play route uses among them.
"""

from app.engine import MatchState
from app.engine.bots import LEVELS
from app.play.actions import (
    MAX_TARGET,
    SWITCH_OPTIONS,
    default_options,
    options_from_form,
    rematch,
    start_match,
    tap,
)
from app.play.hints import HintPanel, give_hint
from app.play.matches import MatchLine, in_progress
from app.table.common import (
    COMPUTER,
    LEVEL_LABELS,
    NOT_YOURS,
    PERSON,
    SORTS,
    Loaded,
    MatchOptions,
    NoMatchError,
    NotYourMatchError,
    PlayError,
    Seats,
    StaleTapError,
    whole_number,
)
from app.table.computer import advance
from app.table.screen import Screen, screen
from app.table.storage import forget_cache, load, load_named, mark_open, rebuild, seat_version
from app.table.words import describe

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
