"""The computer's turn (docs/rules.md §1): the bot acts for player 1 until the person
is to play again or the hand is over. Hard and Expert think in the process pool of
:mod:`app.core.workers`, off the request thread."""

from __future__ import annotations

from app.core import workers
from app.engine import Event, MatchState, Phase, apply_match, match_view
from app.play.common import COMPUTER


def computer_plays(match: MatchState, level: str) -> tuple[MatchState, list[Event]]:
    """Let the computer act until it is the person's turn or the hand is over.

    Its random source is derived from the hand's secret seed, the hand number and the
    hand's log length; the log stores what it chose, so a replay never needs it.
    """
    events: list[Event] = []
    while not match.over and match.hand.phase is not Phase.OVER \
            and match.hand.to_play == COMPUTER:
        seed = f"{match.seed_text}:computer:{match.hand_number}:{len(match.hand_log)}"
        action = workers.decide(level, match_view(match, COMPUTER), seed)
        match, happened = apply_match(match, COMPUTER, action)
        events.extend(happened)
    return match, events

