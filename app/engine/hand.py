"""One hand of gin as a state machine (docs/rules.md §3).

A :class:`HandState` is an immutable value. :func:`apply` checks an action with
:func:`check` (which raises a precise :class:`IllegalActionError`) and returns the next
state and the events that happened; the old state is never changed, so a refused action
loses nothing. Players are ``0`` and ``1``; the dealer deals, the other player (the
*starting player*) is offered the upcard first.

Phases: ``UPCARD_OFFER`` (take the upcard or pass; the starting player, then the dealer),
``DRAW`` (take the top of the stock or of the discard pile), ``DISCARD`` (discard, or
discard and knock / go gin, or big gin with no discard), ``OVER``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import StrEnum

from .cards import Card, from_mask, shuffled_deck, to_mask
from .errors import N_, Cause, IllegalActionError, InvalidCardError, InvalidHandError, Phrase
from .layoff import Settlement, lay_down
from .melds import deadwood_by_discard_mask, least_deadwood_mask
from .rules import HOUSE, Rules
from .scoring import VOID_SCORE, HandKind, HandScore, KnockLimit, Role, knock_limit_for

HAND_SIZE = 10
VOID_AT = 2
"""A turn that ends without a knock with this many stock cards or fewer voids the hand."""


class Phase(StrEnum):
    """Where a hand stands."""

    UPCARD_OFFER = "upcard_offer"
    DRAW = "draw"
    DISCARD = "discard"
    OVER = "over"


# --- Actions -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TakeUpcard:
    """Take the upcard during the offer (it may not be discarded this turn)."""

    def __str__(self) -> str:
        return "take_upcard"


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline the upcard during the offer."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class DrawStock:
    """Draw the top card of the stock."""

    def __str__(self) -> str:
        return "draw_stock"


@dataclass(frozen=True, slots=True)
class TakeDiscard:
    """Take the top card of the discard pile (it may not be discarded this turn)."""

    def __str__(self) -> str:
        return "take_discard"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard a card face up and end the turn."""

    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True)
class Knock:
    """Discard a card and knock: the other 10 cards must be within the knock limit."""

    card: Card

    def __str__(self) -> str:
        return f"knock {self.card}"


@dataclass(frozen=True, slots=True)
class Gin:
    """Discard a card and go gin: the other 10 cards must all be melded."""

    card: Card

    def __str__(self) -> str:
        return f"gin {self.card}"


@dataclass(frozen=True, slots=True)
class BigGin:
    """Go out with all 11 cards melded and no discard (big gin option)."""

    def __str__(self) -> str:
        return "big_gin"


Action = TakeUpcard | Pass | DrawStock | TakeDiscard | Discard | Knock | Gin | BigGin

_SIMPLE_ACTIONS: dict[str, Action] = {
    "take_upcard": TakeUpcard(),
    "pass": Pass(),
    "draw_stock": DrawStock(),
    "take_discard": TakeDiscard(),
    "big_gin": BigGin(),
}
_CARD_ACTIONS: dict[str, type[Discard] | type[Knock] | type[Gin]] = {
    "discard": Discard,
    "knock": Knock,
    "gin": Gin,
}


def parse_action(text: str) -> Action:
    """Parse the text form of an action: ``"draw_stock"``, ``"discard TH"``, ``"knock 5C"``.

    Raises:
        IllegalActionError: the name is unknown or the card is missing/unknown.
    """
    words = text.split()
    if len(words) == 1 and words[0] in _SIMPLE_ACTIONS:
        return _SIMPLE_ACTIONS[words[0]]
    if len(words) == 2 and words[0] in _CARD_ACTIONS:
        try:
            card = Card.parse(words[1])
        except InvalidCardError as error:
            raise IllegalActionError(error.cause or error.template, **error.values) from error
        return _CARD_ACTIONS[words[0]](card)
    names = ", ".join([*_SIMPLE_ACTIONS, *(f"{name} <card>" for name in _CARD_ACTIONS)])
    raise IllegalActionError(Cause.UNKNOWN_ACTION, action=repr(text), names=names)


# --- Events ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Dealt:
    """A new hand was dealt; ``upcard`` starts the discard pile."""

    dealer: int
    upcard: Card
    limit: KnockLimit


@dataclass(frozen=True, slots=True)
class TookUpcard:
    """``player`` took the upcard during the offer."""

    player: int
    card: Card


@dataclass(frozen=True, slots=True)
class Passed:
    """``player`` passed on the upcard."""

    player: int
    card: Card


@dataclass(frozen=True, slots=True)
class Drew:
    """``player`` drew from the stock. ``card`` is private: see :func:`visible_event`."""

    player: int
    card: Card | None


@dataclass(frozen=True, slots=True)
class TookDiscard:
    """``player`` took ``card`` from the discard pile."""

    player: int
    card: Card


@dataclass(frozen=True, slots=True)
class Discarded:
    """``player`` discarded ``card`` (also the discard that goes with a knock or gin)."""

    player: int
    card: Card


@dataclass(frozen=True, slots=True)
class Knocked:
    """``player`` knocked with ``deadwood`` (0 is gin; ``big_gin`` without a discard)."""

    player: int
    deadwood: int
    kind: HandKind


@dataclass(frozen=True, slots=True)
class LaidOff:
    """The defender laid ``card`` off onto the knocker's meld number ``meld``."""

    player: int
    card: Card
    meld: int


@dataclass(frozen=True, slots=True)
class HandScored:
    """The hand ended with ``result``."""

    result: HandResult


@dataclass(frozen=True, slots=True)
class HandVoided:
    """The stock ran down to two cards without a knock: no score, same dealer again."""

    stock_left: int


Event = Dealt | TookUpcard | Passed | Drew | TookDiscard | Discarded | Knocked | LaidOff \
    | HandScored | HandVoided


def visible_event(event: Event, viewer: int) -> Event:
    """The event as ``viewer`` may see it: another player's stock draw loses its card."""
    if isinstance(event, Drew) and event.player != viewer:
        return Drew(event.player, None)
    return event


# --- State -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended: the knocker (``None`` for a void hand), the settlement with
    both arrangements and layoffs, the score, and the winner's player index."""

    knocker: int | None
    settlement: Settlement | None
    score: HandScore
    winner: int | None
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]

    @property
    def kind(self) -> HandKind:
        """Knock, undercut, gin, big gin or void."""
        return self.score.kind

    @property
    def points(self) -> int:
        """Points the winner scores (0 for a void hand)."""
        return self.score.points


@dataclass(frozen=True, slots=True)
class HandState:
    """The whole, hidden-information state of one hand. Never sent to a browser.

    ``hands[p]`` is player ``p``'s cards in card-index order; ``stock[0]`` is the top
    of the stock; ``discard_pile[-1]`` is the top of the discard pile. ``known[p]`` are
    the cards player ``p`` is known to hold because they took them from the pile.
    ``drawn`` is the card the player to act drew this turn (stock or pile), until they
    discard; only that player's view shows it.
    """

    rules: Rules
    dealer: int
    upcard: Card
    limit: KnockLimit
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    stock: tuple[Card, ...]
    discard_pile: tuple[Card, ...]
    phase: Phase
    to_play: int
    offers: int = 0
    taken_from_pile: Card | None = None
    drawn: Card | None = None
    known: tuple[frozenset[Card], frozenset[Card]] = (frozenset(), frozenset())
    discards: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())
    declined: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())
    result: HandResult | None = None
    turns: int = 0

    @property
    def starting_player(self) -> int:
        """The non-dealer, offered the upcard first."""
        return 1 - self.dealer

    @property
    def over(self) -> bool:
        """True once the hand has been scored or voided."""
        return self.phase is Phase.OVER

    def cards_in_play(self) -> list[Card]:
        """Every card of the hand: both hands, the stock and the discard pile."""
        return [*self.hands[0], *self.hands[1], *self.stock, *self.discard_pile]


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda card: card.index))


def deal(rules: Rules = HOUSE, dealer: int = 0,
         rng: random.Random | int | None = None, deck: list[Card] | None = None) -> HandState:
    """Deal a hand (docs/rules.md §3.1): 10 cards each, the next card up, the rest is the stock.

    Args:
        rules: the table's rules (Oklahoma reads the upcard for the knock limit).
        dealer: 0 or 1.
        rng: a ``random.Random`` or int seed used to shuffle; ignored with ``deck``.
        deck: a fixed 52-card order for tests: cards alternate starting with the
            starting player, the 21st card is the upcard, the rest the stock from the top.

    Raises:
        InvalidHandError: ``deck`` is not 52 distinct cards, or ``dealer`` is not 0/1.
    """
    if dealer not in (0, 1):
        raise InvalidHandError(Cause.BAD_DEALER, dealer=repr(dealer))
    if deck is None:
        deck = shuffled_deck(rng if rng is not None else random.Random())
    elif to_mask(deck).bit_count() != 52 or len(deck) != 52:
        raise InvalidHandError(Cause.BAD_DECK)
    starting = 1 - dealer
    hands: list[list[Card]] = [[], []]
    for i in range(2 * HAND_SIZE):
        hands[starting if i % 2 == 0 else dealer].append(deck[i])
    upcard = deck[2 * HAND_SIZE]
    return HandState(
        rules=rules,
        dealer=dealer,
        upcard=upcard,
        limit=knock_limit_for(rules, upcard),
        hands=(_sorted(hands[0]), _sorted(hands[1])),
        stock=tuple(deck[2 * HAND_SIZE + 1:]),
        discard_pile=(upcard,),
        phase=Phase.UPCARD_OFFER,
        to_play=starting,
    )


def _deadwood_after(state: HandState, player: int) -> dict[Card, int]:
    by_bit = deadwood_by_discard_mask(to_mask(state.hands[player]), state.rules)
    return {from_mask(bit)[0]: value for bit, value in by_bit.items()}


def legal_actions(state: HandState, player: int) -> list[Action]:
    """Every action ``player`` may take now (empty when it is not their turn)."""
    if state.phase is Phase.OVER or player != state.to_play:
        return []
    if state.phase is Phase.UPCARD_OFFER:
        return [TakeUpcard(), Pass()]
    if state.phase is Phase.DRAW:
        if state.offers >= 2 and state.turns == 0:
            return [DrawStock()]
        return [DrawStock(), TakeDiscard()]
    actions: list[Action] = []
    after = _deadwood_after(state, player)
    for card in state.hands[player]:
        if card == state.taken_from_pile:
            continue
        actions.append(Discard(card))
        if after[card] == 0:
            actions.append(Gin(card))
        if not state.limit.gin_only and after[card] <= state.limit.limit:
            # Knocking with nothing left over is gin (docs/rules.md §3.4), so at 0 both are listed.
            actions.append(Knock(card))
    if state.rules.big_gin and least_deadwood_mask(to_mask(state.hands[player]),
                                                   state.rules) == 0:
        actions.append(BigGin())
    return actions


_NOW_UPCARD = Phrase(N_("take the upcard or pass"))
_NOW_STOCK = Phrase(N_("draw from the stock (both players passed the upcard)"))
_NOW_DRAW = Phrase(N_("draw from the stock or take the discard"))
_NOW_DISCARD = Phrase(N_("discard a card (or knock or go gin with your discard)"))


def _what_now(state: HandState) -> Phrase:
    if state.phase is Phase.UPCARD_OFFER:
        return _NOW_UPCARD
    if state.phase is Phase.DRAW:
        if state.offers >= 2 and state.turns == 0:
            return _NOW_STOCK
        return _NOW_DRAW
    return _NOW_DISCARD


def check(state: HandState, player: int, action: Action) -> None:
    """Raise :class:`IllegalActionError` saying why ``action`` is illegal, and what is allowed.

    Returns ``None`` when the action is legal.
    """
    if state.phase is Phase.OVER:
        raise IllegalActionError(Cause.HAND_OVER)
    if player not in (0, 1):
        raise IllegalActionError(Cause.NO_PLAYER, player=repr(player))
    if player != state.to_play:
        raise IllegalActionError(Cause.NOT_YOUR_TURN)
    now = _what_now(state)
    if state.phase is Phase.UPCARD_OFFER:
        if not isinstance(action, TakeUpcard | Pass):
            raise IllegalActionError(Cause.UPCARD_ON_OFFER, now=now)
        return
    if state.phase is Phase.DRAW:
        if isinstance(action, DrawStock):
            return
        if isinstance(action, TakeDiscard):
            if state.offers >= 2 and state.turns == 0:
                raise IllegalActionError(Cause.BOTH_PASSED)
            return
        raise IllegalActionError(Cause.DRAW_FIRST, now=now)
    # DISCARD phase.
    hand = state.hands[player]
    if isinstance(action, BigGin):
        if not state.rules.big_gin:
            raise IllegalActionError(Cause.BIG_GIN_NOT_PLAYED)
        if least_deadwood_mask(to_mask(hand), state.rules) != 0:
            raise IllegalActionError(Cause.BIG_GIN_NOT_MELDED)
        return
    if not isinstance(action, Discard | Knock | Gin):
        raise IllegalActionError(Cause.ALREADY_DREW, now=now)
    if action.card not in hand:
        raise IllegalActionError(Cause.NOT_HELD, card=action.card)
    if action.card == state.taken_from_pile:
        raise IllegalActionError(Cause.UPCARD_JUST_TAKEN, card=action.card)
    if isinstance(action, Knock) and state.limit.gin_only:
        raise IllegalActionError(Cause.NO_KNOCKING)
    if isinstance(action, Knock | Gin):
        rest = to_mask(hand) ^ (1 << action.card.index)
        deadwood = least_deadwood_mask(rest, state.rules)
        if isinstance(action, Gin) and deadwood != 0:
            raise IllegalActionError(Cause.GIN_NOT_MELDED, card=action.card, num=deadwood)
        if deadwood > state.limit.limit:
            if state.limit.gin_only:
                raise IllegalActionError(Cause.KNOCK_TOO_HIGH_GIN_ONLY, card=action.card,
                                         num=deadwood)
            raise IllegalActionError(Cause.KNOCK_TOO_HIGH, card=action.card, num=deadwood,
                                     limit=state.limit.limit)


def is_legal(state: HandState, player: int, action: Action) -> bool:
    """True when :func:`check` would accept the action."""
    try:
        check(state, player, action)
    except IllegalActionError:
        return False
    return True


def _with_hand(state: HandState, player: int, cards: tuple[Card, ...]) -> tuple[
        tuple[Card, ...], tuple[Card, ...]]:
    return (cards, state.hands[1]) if player == 0 else (state.hands[0], cards)


def _pair_add(pair: tuple[tuple[Card, ...], tuple[Card, ...]], player: int,
              card: Card) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    return (pair[0] + (card,), pair[1]) if player == 0 else (pair[0], pair[1] + (card,))


def _known_update(state: HandState, player: int, add: Card | None,
                  remove: Card | None) -> tuple[frozenset[Card], frozenset[Card]]:
    cards = set(state.known[player])
    if add is not None:
        cards.add(add)
    if remove is not None:
        cards.discard(remove)
    return (frozenset(cards), state.known[1]) if player == 0 else (state.known[0],
                                                                   frozenset(cards))


def _finish(state: HandState, player: int) -> tuple[HandState, list[Event]]:
    other = 1 - player
    settlement = lay_down(state.hands[player], state.hands[other], state.rules,
                          limit=state.limit)
    role = settlement.winner
    winner = player if role is Role.KNOCKER else other
    result = HandResult(player, settlement, settlement.score, winner, state.hands)
    events: list[Event] = [Knocked(player, settlement.knocker_deadwood, settlement.kind)]
    events.extend(LaidOff(other, card, meld) for card, meld in settlement.layoffs)
    events.append(HandScored(result))
    return replace(state, phase=Phase.OVER, result=result), events


def apply(state: HandState, player: int, action: Action) -> tuple[HandState, list[Event]]:
    """Apply a legal action and return the next state and what happened.

    Raises:
        IllegalActionError: the action is not legal now (see :func:`check`); ``state``
            is unchanged (it is immutable).
    """
    check(state, player, action)
    other = 1 - player
    if isinstance(action, TakeUpcard):
        card = state.discard_pile[-1]
        hand = _sorted((*state.hands[player], card))
        return replace(
            state, hands=_with_hand(state, player, hand), discard_pile=state.discard_pile[:-1],
            phase=Phase.DISCARD, taken_from_pile=card, drawn=card,
            known=_known_update(state, player, card, None),
        ), [TookUpcard(player, card)]
    if isinstance(action, Pass):
        card = state.discard_pile[-1]
        offers = state.offers + 1
        declined = _pair_add(state.declined, player, card)
        if offers == 1:
            return replace(state, offers=1, to_play=other, declined=declined), [
                Passed(player, card)]
        return replace(state, offers=2, to_play=state.starting_player, phase=Phase.DRAW,
                       declined=declined), [Passed(player, card)]
    if isinstance(action, DrawStock):
        card = state.stock[0]
        hand = _sorted((*state.hands[player], card))
        declined = state.declined
        if state.discard_pile and not (state.offers >= 2 and state.turns == 0):
            declined = _pair_add(declined, player, state.discard_pile[-1])
        return replace(
            state, hands=_with_hand(state, player, hand), stock=state.stock[1:],
            phase=Phase.DISCARD, taken_from_pile=None, drawn=card, declined=declined,
        ), [Drew(player, card)]
    if isinstance(action, TakeDiscard):
        card = state.discard_pile[-1]
        hand = _sorted((*state.hands[player], card))
        return replace(
            state, hands=_with_hand(state, player, hand), discard_pile=state.discard_pile[:-1],
            phase=Phase.DISCARD, taken_from_pile=card, drawn=card,
            known=_known_update(state, player, card, None),
        ), [TookDiscard(player, card)]
    if isinstance(action, BigGin):
        return _finish(state, player)
    assert isinstance(action, Discard | Knock | Gin)
    card = action.card
    hand = tuple(c for c in state.hands[player] if c != card)
    after = replace(
        state, hands=_with_hand(state, player, hand),
        discard_pile=state.discard_pile + (card,), taken_from_pile=None, drawn=None,
        known=_known_update(state, player, None, card),
        discards=_pair_add(state.discards, player, card), turns=state.turns + 1,
    )
    events: list[Event] = [Discarded(player, card)]
    if isinstance(action, Knock | Gin):
        final, more = _finish(after, player)
        return final, events + more
    if len(after.stock) <= VOID_AT:
        result = HandResult(None, None, VOID_SCORE, None, after.hands)
        return replace(after, phase=Phase.OVER, result=result), events + [
            HandVoided(len(after.stock))]
    return replace(after, phase=Phase.DRAW, to_play=other), events


# --- What a player may see ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayerView:
    """Everything one player may know about a hand, and nothing hidden (docs/rules.md §7).

    The opponent's cards appear only as ``opponent_known`` (taken from the pile and not
    discarded since) until the hand is over, when ``result`` shows both hands. The stock
    is only a count.
    """

    player: int
    rules: Rules
    dealer: int
    upcard: Card
    limit: KnockLimit
    hand: tuple[Card, ...]
    discard_pile: tuple[Card, ...]
    stock_count: int
    phase: Phase
    to_play: int
    taken_from_pile: Card | None
    drawn: Card | None
    opponent_card_count: int
    opponent_known: frozenset[Card]
    own_discards: tuple[Card, ...]
    opponent_discards: tuple[Card, ...]
    opponent_declined: tuple[Card, ...]
    legal: tuple[Action, ...]
    must_draw_stock: bool
    result: HandResult | None
    scores: tuple[int, int] = (0, 0)
    played: int = 0
    """The match's hands finished before this one (what a match of a number of hands,
    ``rules.hands``, has left: :func:`~app.engine.bots.equity.match_equity`)."""

    @property
    def my_turn(self) -> bool:
        """True when this player is to act."""
        return self.phase is not Phase.OVER and self.to_play == self.player

    @property
    def top_discard(self) -> Card | None:
        """The face-up card on the discard pile, if any."""
        return self.discard_pile[-1] if self.discard_pile else None


def view(state: HandState, player: int, scores: tuple[int, int] = (0, 0),
         played: int = 0) -> PlayerView:
    """``player``'s view of the hand: own cards and public information only, with the
    match's ``scores`` and the number of hands ``played`` before this one."""
    other = 1 - player
    return PlayerView(
        player=player,
        rules=state.rules,
        dealer=state.dealer,
        upcard=state.upcard,
        limit=state.limit,
        hand=state.hands[player],
        discard_pile=state.discard_pile,
        stock_count=len(state.stock),
        phase=state.phase,
        to_play=state.to_play,
        taken_from_pile=state.taken_from_pile if state.to_play == player else None,
        drawn=state.drawn if state.to_play == player and state.phase is Phase.DISCARD else None,
        opponent_card_count=len(state.hands[other]),
        opponent_known=state.known[other],
        own_discards=state.discards[player],
        opponent_discards=state.discards[other],
        opponent_declined=state.declined[other],
        legal=tuple(legal_actions(state, player)),
        must_draw_stock=state.phase is Phase.DRAW and state.offers >= 2 and state.turns == 0,
        result=state.result,
        scores=scores,
        played=played,
    )
