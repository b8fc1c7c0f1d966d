"""What every part of the play glue shares: the seats, the errors, the loaded match.

Issue 3, SPEC §1 and §7. No I/O here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from app.engine import Event, MatchState
from app.models import PlayMatch, PlaySeat

PERSON = 0
"""The person's seat (player 0)."""
COMPUTER = 1
"""The computer's seat (player 1)."""
SORTS = ("rank", "suit", "melds")
LEVEL_LABELS = {"easy": "Easy", "standard": "Standard", "hard": "Hard", "expert": "Expert"}

class PlayError(Exception):
    """A tap that changed nothing; ``message`` says why and what is allowed."""

    status_code = 400

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class StaleTapError(PlayError):
    """The form was rendered for an older version of the match (a double tap, old tab)."""

    status_code = 409


class NoMatchError(PlayError):
    """The browser has no match yet."""


@dataclass(frozen=True, slots=True)
class Loaded:
    """A browser's seat, its match's row and the rebuilt match state (server side only);
    ``events`` are those of the computer's turn that answered this tap (none on a plain
    load), for the table to play it out.

    ``seat`` holds the version and the screen choices; ``game`` the match's rules,
    level and client seed; ``match`` the engine's state of the current hand.
    """

    seat: PlaySeat
    game: PlayMatch
    match: MatchState
    events: tuple[Event, ...] = ()


STALE = ("That tap came from an older screen, so nothing was changed. "
         "Here is the game as it is now.")
"""The refusal of a tap rendered for an older version of the match."""

_WHOLE = re.compile(r"[0-9]{1,9}")


def whole_number(text: str) -> int | None:
    """``text`` as a whole number when it is 1–9 ASCII digits, else ``None``.

    ``str.isdigit`` is not enough before ``int()``: it accepts ``"²"`` (which ``int``
    refuses) and digit strings too long for ``int`` to parse — both were 500s.
    """
    return int(text) if _WHOLE.fullmatch(text) else None


def sentence(text: str) -> str:
    """``text`` (an engine message) as a sentence: capital first letter, final stop."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."

