"""Who moves by itself (docs/rules.md §1): :func:`advance`, the steps no player chooses,
which every tap loop — play, practice, the first deal of a match — runs after the
person's action. Hard and Expert think in the process pool of :mod:`app.core.workers`,
off the request thread."""

from __future__ import annotations

from app.core import workers
from app.engine import Event, MatchState, Phase, apply_match, match_view
from app.table.common import COMPUTER


def advance(match: MatchState, level: str | None) -> tuple[MatchState, list[Event]]:
    """The steps no player chooses, until a person is to act: against the computer
    (``level``, its level) it acts for seat 1 until it is the person's turn or the hand
    is over; in a friend match (``None``) both seats are people and nothing moves.

    Dealing the next hand is never automatic: either player asks for it (``NextHand``),
    so a finished hand stays on the table until then.

    The computer's random source is derived from the hand's secret seed, the hand
    number and the hand's log length; the log stores what it chose, so a replay never
    needs it.
    """
    events: list[Event] = []
    if level is None:
        return match, events
    while not match.over and match.hand.phase is not Phase.OVER \
            and match.hand.to_play == COMPUTER:
        seed = f"{match.seed_text}:computer:{match.hand_number}:{len(match.hand_log)}"
        action = workers.decide(level, match_view(match, COMPUTER), seed)
        match, happened = apply_match(match, COMPUTER, action)
        events.extend(happened)
    return match, events
