"""A match: hands dealt one after another until someone reaches the target (SPEC.md §5).

A match is its rules, its seed and its action list: :func:`replay` rebuilds every state
from them. Each hand is shuffled from ``Random(f"{seed}:{hand number}")``, so the deal of
any hand is fixed by the seed alone.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, replace

from . import hand as hand_mod
from .errors import IllegalActionError
from .hand import Action, Event, HandState, Phase, PlayerView, parse_action
from .rules import HOUSE, Rules
from .scoring import HandRecord, MatchTally, next_dealer, tally


@dataclass(frozen=True, slots=True)
class NextHand:
    """Deal the next hand once the current one is over (either player may ask)."""

    def __str__(self) -> str:
        return "next_hand"


MatchAction = Action | NextHand


def parse_match_action(text: str) -> MatchAction:
    """Parse an action's text form, ``"next_hand"`` included.

    Raises:
        IllegalActionError: unknown action text.
    """
    return NextHand() if text.strip() == "next_hand" else parse_action(text)


@dataclass(frozen=True, slots=True)
class MatchState:
    """A match in progress: finished hands, the hand being played, and the action log.

    ``log`` holds ``(player, action text)`` pairs in order; with ``rules``, ``seed`` and
    ``first_dealer`` it is all that needs storing.
    """

    rules: Rules
    seed: int
    first_dealer: int
    records: tuple[HandRecord, ...]
    hand_number: int
    hand: HandState
    log: tuple[tuple[int, str], ...]

    @property
    def tally(self) -> MatchTally:
        """Scores, boxes and (once over) bonuses, winner and margin."""
        return tally(self.records, self.rules)

    @property
    def scores(self) -> tuple[int, int]:
        """Hand points so far per player."""
        points = self.tally.points
        return (points[0], points[1])

    @property
    def over(self) -> bool:
        """True once someone has reached the target."""
        return self.tally.over

    @property
    def dealer(self) -> int:
        """The dealer of the current hand."""
        return self.hand.dealer


def _deal(rules: Rules, seed: int, number: int, dealer: int) -> HandState:
    return hand_mod.deal(rules, dealer, random.Random(f"{seed}:{number}"))


def new_match(rules: Rules = HOUSE, seed: int | None = None, first_dealer: int = 1) -> MatchState:
    """Start a match and deal its first hand.

    Args:
        rules: the table's rules.
        seed: fixes every deal of the match (a random 63-bit seed when ``None``).
        first_dealer: who deals hand 1 (default the computer, player 1, so the person
            at player 0 is offered the first upcard).
    """
    if seed is None:
        seed = random.SystemRandom().getrandbits(63)
    return MatchState(rules, seed, first_dealer, (), 1, _deal(rules, seed, 1, first_dealer), ())


def legal_match_actions(match: MatchState, player: int) -> list[MatchAction]:
    """Every action ``player`` may take now; ``NextHand`` once a hand is over."""
    if match.hand.phase is Phase.OVER:
        return [] if match.over else [NextHand()]
    return list(hand_mod.legal_actions(match.hand, player))


def apply_match(match: MatchState, player: int,
                action: MatchAction) -> tuple[MatchState, list[Event]]:
    """Apply one action to the match and return the new match and the events.

    A hand's end records its score; ``NextHand`` deals the next hand (the same dealer
    after a void hand, otherwise alternating or the loser dealing).

    Raises:
        IllegalActionError: the action is not legal now; ``match`` is unchanged.
    """
    log = match.log + ((player, str(action)),)
    if isinstance(action, NextHand):
        if match.hand.phase is not Phase.OVER:
            raise IllegalActionError("finish this hand first: the next hand is dealt after it")
        if match.over:
            raise IllegalActionError("the match is over: start a new match")
        if player not in (0, 1):
            raise IllegalActionError(f"no player {player!r}: players are 0 and 1")
        last = match.records[-1]
        dealer = next_dealer(match.hand.dealer, last, match.rules)
        number = match.hand_number + 1
        hand = _deal(match.rules, match.seed, number, dealer)
        dealt = hand_mod.Dealt(dealer, hand.upcard, hand.limit)
        return replace(match, hand_number=number, hand=hand, log=log), [dealt]
    if match.over:
        raise IllegalActionError("the match is over: start a new match")
    state, events = hand_mod.apply(match.hand, player, action)
    records = match.records
    if state.result is not None:
        result = state.result
        records = records + (HandRecord(result.winner, result.points, result.kind),)
    return replace(match, hand=state, records=records, log=log), events


def match_view(match: MatchState, player: int) -> PlayerView:
    """``player``'s view of the current hand, with the match scores."""
    return hand_mod.view(match.hand, player, match.scores)


def replay(rules: Rules, seed: int, log: Iterable[tuple[int, str]],
           first_dealer: int = 1) -> MatchState:
    """Rebuild a match exactly from its rules, seed and action log.

    Raises:
        IllegalActionError: an action in the log is not legal where it stands.
    """
    match = new_match(rules, seed, first_dealer)
    for player, text in log:
        match, _ = apply_match(match, player, parse_match_action(text))
    return match
