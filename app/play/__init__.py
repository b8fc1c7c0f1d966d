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

The names below are the package's public face (``from app import play; play.tap(...)``):
play's own only; the kit's names are imported from :mod:`app.table` where they are used.
"""

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

__all__ = [
    "MAX_TARGET", "SWITCH_OPTIONS", "HintPanel", "MatchLine", "default_options", "give_hint",
    "in_progress", "options_from_form", "rematch", "start_match", "tap",
]
