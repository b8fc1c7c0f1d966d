"""Revisiting a finished hand: its positions one action at a time, and the
decisions a player took in it, each with the view they had at that moment.

Pure: a hand is rebuilt from what dealt it (rules, seed, hand number, dealer) and its
action log, exactly as :func:`app.engine.match.resume` does; nothing here reads a
database or a clock.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .errors import Cause, IllegalActionError
from .hand import Action, HandState, PlayerView, apply, parse_action, view
from .match import LogEntry, Seed, deal_hand
from .rules import Rules


@dataclass(frozen=True, slots=True)
class Position:
    """One position of a hand under review.

    ``index`` 0 is the deal (``player`` and ``action`` are ``None``); position ``i``
    is the hand after the ``i``-th action of its log, taken by ``player``. ``before``
    is the position the action was taken from (``None`` for the deal).
    """

    index: int
    player: int | None
    action: Action | None
    state: HandState
    before: HandState | None


def hand_positions(rules: Rules, seed: Seed, number: int, dealer: int,
                   log: Iterable[LogEntry]) -> list[Position]:
    """Every position of hand ``number`` from its deal to its last logged action.

    Args:
        rules: the table's rules; ``seed``: what dealt the hand (docs/rules.md §3.1,
            ``docs/fairness.md``); ``number``: the hand's number in its match (1..);
            ``dealer``: 0 or 1; ``log``: its ``(player, action text)`` pairs in order.

    Returns:
        ``len(log) + 1`` positions, the deal first.

    Raises:
        IllegalActionError: an action of the log is unknown or not legal where it stands
            (the message names its place, counted from 1).
        InvalidSeedError, InvalidHandError: a malformed seed, number or dealer.
    """
    state = deal_hand(rules, seed, number, dealer)
    positions = [Position(0, None, None, state, None)]
    for index, (player, text) in enumerate(log, start=1):
        try:
            action = parse_action(text)
            after, _ = apply(state, player, action)
        except IllegalActionError as error:
            raise IllegalActionError(Cause.ACTION_REFUSED, index=index, action=repr(text),
                                     problem=error) from error
        positions.append(Position(index, player, action, after, state))
        state = after
    return positions


@dataclass(frozen=True, slots=True)
class Decision:
    """A choice ``player`` made: at position ``index`` they took ``action``, and ``view``
    is everything they could know just before (never the hidden cards)."""

    index: int
    action: Action
    view: PlayerView


def decisions(positions: Sequence[Position], player: int,
              scores: tuple[int, int] = (0, 0), played: int = 0) -> list[Decision]:
    """``player``'s decisions in a hand: every action they took when more than one
    action was legal (a forced move is no decision), with their view at that moment.

    ``scores`` are the match's hand points per player before this hand (docs/rules.md §5)
    and ``played`` the hands finished before it; the evaluation values a position by the
    chance to win the match from them.
    """
    out: list[Decision] = []
    for position in positions:
        if position.player != player or position.before is None or position.action is None:
            continue
        seen = view(position.before, player, scores, played)
        if len(seen.legal) > 1:
            out.append(Decision(position.index, position.action, seen))
    return out


__all__ = ["Decision", "Position", "decisions", "hand_positions"]
