"""A match: hands dealt one after another until someone reaches the target, or a number
of hands is played (docs/rules.md §5).

Every hand is dealt from its own seed (``docs/fairness.md``):

* a :class:`~.fairness.HandSeed` (server seed + client seed) deals it with
  ``gin-shuffle-v1`` (``docs/fairness.md``), so it can be checked once it is over;
* an ``int`` is the one seed of a match stored before provable deals: hand ``n`` is
  shuffled from ``Random(f"{seed}:{n}")`` (kept so old matches still load).

A hand is rebuilt from (rules, its seed, its number, its dealer, its action log), and its
dealer follows from the first dealer and the results of the hands before it, so
:func:`resume` rebuilds the match as it stands from the finished hands' results and the
current hand alone. :func:`replay` rebuilds a whole match from its first action.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from . import hand as hand_mod
from .errors import Cause, IllegalActionError
from .fairness import MAX_HAND_NUMBER, HandSeed
from .hand import Action, Event, HandState, Phase, PlayerView, parse_action
from .rules import HOUSE, Rules
from .scoring import (
    HandRecord,
    HollywoodTally,
    MatchTally,
    hollywood_tally,
    match_tally,
    next_dealer,
    standing,
)

Seed = HandSeed | int
"""What deals one hand: ``gin-shuffle-v1`` seeds, or the int seed of an older match."""

LogEntry = tuple[int, str]
"""One logged action: ``(player, action text)``, e.g. ``(0, "discard TH")``."""


@dataclass(frozen=True, slots=True)
class NextHand:
    """Deal the next hand once the current one is over (either player may ask).

    ``seed`` deals it; without one an int-seeded (older) match goes on with its int seed,
    while a match of :class:`HandSeed` hands refuses (a revealed seed is never reused).
    The seed is not part of the action's text, and not compared.
    """

    seed: Seed | None = field(default=None, compare=False)

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
    """A match in progress: finished hands' results, the hand being played and its log.

    ``seed`` deals the current hand (number ``hand_number``); ``hand_log`` holds the
    ``(player, action text)`` pairs of the current hand only, in order. ``records`` has
    one entry per finished hand (the current one included once it is over).
    """

    rules: Rules
    first_dealer: int
    records: tuple[HandRecord, ...]
    hand_number: int
    hand: HandState
    seed: Seed
    hand_log: tuple[LogEntry, ...] = ()
    # The tally of ``records``, once asked (``apply_match`` hands it on while a hand is
    # played: the records do not change, and a long match's tally is long to add up).
    _tally: MatchTally | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def tally(self) -> MatchTally:
        """Scores, boxes and (once over) bonuses, winner and margin
        (:func:`~app.engine.scoring.match_tally`: a Hollywood match sums its three games,
        which are :attr:`hollywood`); worked out once per state."""
        if self._tally is None:
            object.__setattr__(self, "_tally", match_tally(self.records, self.rules))
        assert self._tally is not None
        return self._tally

    @property
    def hollywood(self) -> HollywoodTally | None:
        """The three games of a Hollywood match (``None`` unless ``rules.hollywood``)."""
        if not self.rules.hollywood:
            return None
        return hollywood_tally(self.records, self.rules)

    @property
    def scores(self) -> tuple[int, int]:
        """Hand points so far per player, as the next hand is played at (what a
        player's view carries, and the bots weigh): Hollywood, the first open game's
        (:func:`~app.engine.scoring.standing`)."""
        return standing(self.records, self.rules)

    @property
    def over(self) -> bool:
        """True once someone has reached the target, or a match of a number of hands
        has played them (``rules.hands``); then no ``NextHand`` is dealt
        (:attr:`~app.engine.errors.Cause.MATCH_OVER`)."""
        return self.tally.over

    @property
    def dealer(self) -> int:
        """The dealer of the current hand."""
        return self.hand.dealer

    @property
    def seed_text(self) -> str:
        """The current hand's secret as text (server seed, or the old int seed): never
        shown while the hand is in progress; the computer's choices are drawn from it."""
        return self.seed.server_seed if isinstance(self.seed, HandSeed) else str(self.seed)


def deal_hand(rules: Rules, seed: Seed, number: int, dealer: int) -> HandState:
    """Deal hand ``number`` of a match from its seed (see the module docstring).

    Raises:
        InvalidSeedError: ``number`` is outside 1–10,000 for a :class:`HandSeed`.
    """
    if isinstance(seed, HandSeed):
        return hand_mod.deal(rules, dealer, deck=seed.deck(number))
    return hand_mod.deal(rules, dealer, random.Random(f"{seed}:{number}"))


def dealer_of(rules: Rules, first_dealer: int, records: Iterable[HandRecord]) -> int:
    """Who deals the hand after those of ``records`` (the first dealer when none)."""
    dealer = first_dealer
    for record in records:
        dealer = next_dealer(dealer, record, rules)
    return dealer


def new_match(rules: Rules = HOUSE, seed: Seed | None = None, first_dealer: int = 1) -> MatchState:
    """Start a match and deal its first hand.

    Args:
        rules: the table's rules.
        seed: deals hand 1: a :class:`HandSeed`, or an int (every hand of the match is
            then dealt from it, as before provable deals; a random one when ``None``).
        first_dealer: who deals hand 1 (default the computer, player 1, so the person
            at player 0 is offered the first upcard).
    """
    if seed is None:
        seed = random.SystemRandom().getrandbits(63)
    return MatchState(rules, first_dealer, (), 1, deal_hand(rules, seed, 1, first_dealer), seed)


def legal_match_actions(match: MatchState, player: int) -> list[MatchAction]:
    """Every action ``player`` may take now; ``NextHand`` once a hand is over."""
    if match.hand.phase is Phase.OVER:
        return [] if match.over else [NextHand()]
    return list(hand_mod.legal_actions(match.hand, player))


def apply_match(match: MatchState, player: int,
                action: MatchAction) -> tuple[MatchState, list[Event]]:
    """Apply one action to the match and return the new match and the events.

    A hand's end records its score; ``NextHand`` deals the next hand from its seed (the
    same dealer after a void hand, otherwise alternating or the loser dealing) and
    starts an empty hand log.

    Raises:
        IllegalActionError: the action is not legal now; ``match`` is unchanged.
    """
    if isinstance(action, NextHand):
        if match.hand.phase is not Phase.OVER:
            raise IllegalActionError(Cause.HAND_NOT_OVER)
        if match.over:
            raise IllegalActionError(Cause.MATCH_OVER)
        if player not in (0, 1):
            raise IllegalActionError(Cause.NO_PLAYER, player=repr(player))
        number = match.hand_number + 1
        if number > MAX_HAND_NUMBER:
            raise IllegalActionError(Cause.TOO_MANY_HANDS, most=MAX_HAND_NUMBER)
        seed = action.seed if action.seed is not None else match.seed
        if isinstance(seed, HandSeed) and action.seed is None:
            raise IllegalActionError(Cause.NEEDS_SEEDS)
        dealer = next_dealer(match.hand.dealer, match.records[-1], match.rules)
        hand = deal_hand(match.rules, seed, number, dealer)
        dealt = hand_mod.Dealt(dealer, hand.upcard, hand.limit)
        return replace(match, hand_number=number, hand=hand, seed=seed, hand_log=()), [dealt]
    if match.over:
        raise IllegalActionError(Cause.MATCH_OVER)
    state, events = hand_mod.apply(match.hand, player, action)
    records = match.records
    if state.result is not None:
        result = state.result
        records = records + (HandRecord(result.winner, result.points, result.kind),)
    log = match.hand_log + ((player, str(action)),)
    after = replace(match, hand=state, records=records, hand_log=log)
    if records is match.records:  # the same hands finished: the same tally
        object.__setattr__(after, "_tally", match._tally)
    return after, events


def match_view(match: MatchState, player: int) -> PlayerView:
    """``player``'s view of the current hand, with the match scores and the hands
    finished before it."""
    return hand_mod.view(match.hand, player, match.scores, match.hand_number - 1)


def resume(rules: Rules, first_dealer: int, finished: Sequence[HandRecord], seed: Seed,
           hand_log: Iterable[LogEntry]) -> MatchState:
    """Rebuild a match as it stands from the results of its finished hands and the
    current hand alone: that hand (number ``len(finished) + 1``) is dealt from ``seed``
    and its log replayed, so the work is bounded by one hand whatever the match length.

    Raises:
        IllegalActionError: an action in ``hand_log`` is not legal where it stands
            (``next_hand`` never is: each hand has its own log).
        InvalidSeedError: more than 10,000 hands.
    """
    records = tuple(finished)
    number = len(records) + 1
    dealer = dealer_of(rules, first_dealer, records)
    match = MatchState(rules, first_dealer, records, number,
                       deal_hand(rules, seed, number, dealer), seed)
    for player, text in hand_log:
        action = parse_match_action(text)
        if isinstance(action, NextHand):
            raise IllegalActionError(Cause.LOG_DEALS)
        match, _ = apply_match(match, player, action)
    return match


def replay(rules: Rules, seeds: Seed | Sequence[Seed], log: Iterable[LogEntry],
           first_dealer: int = 1) -> MatchState:
    """Rebuild a match exactly from its rules, seeds and whole action log, ``next_hand``
    entries included.

    ``seeds`` is one seed per hand in order (hand ``n`` is dealt from ``seeds[n - 1]``),
    or a single int for a match stored before provable deals.

    Raises:
        IllegalActionError: an action in the log is not legal where it stands, or the
            log deals more hands than there are seeds.
    """
    per_hand: Sequence[Seed] = (seeds,) if isinstance(seeds, HandSeed | int) else seeds
    match = new_match(rules, per_hand[0], first_dealer)
    for player, text in log:
        action = parse_match_action(text)
        if isinstance(action, NextHand) and not isinstance(seeds, int):
            if match.hand_number >= len(per_hand):
                raise IllegalActionError(Cause.LOG_TOO_LONG)
            action = NextHand(per_hand[match.hand_number])
        match, _ = apply_match(match, player, action)
    return match
