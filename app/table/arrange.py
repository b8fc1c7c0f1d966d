"""Arrange your hand: the order the player dragged (or moved with the keys) the cards into.

A screen choice, like the sort (docs/rules.md §7: the order of a hand changes nothing in
the game): stored on the seat (``PlaySeat.arranged``, the card codes in order, and
``arranged_for``, the match and hand it belongs to), never in the match's log, and
never bumping a version. It holds for the current hand only, until a sort button clears
it (the sort's order applies again); a new hand starts in the sort's order.

* **Posting an order** (:func:`parse_order`): the whole new order of the hand, strictly
  checked — exactly the cards held, each once, written as the table writes them
  (``TH``, ``AS``) — and only for the screen's current version: an order made before
  a draw or a discard that has since been answered is refused as stale (409), never
  merged, so the post never guesses what the player meant. (The table's script sends
  an order queued behind a draw or a discard with the new version, against the hand
  as it then is, and sends an order refused as stale — a friend's move crossed it —
  once more: see ``static/play.js``.)
* **Drawing** (:func:`keep_order`): a card that joins an arranged hand goes to its right
  end; a card that leaves it (a discard) leaves the order, the others keep their places.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from app.core.i18n import gettext
from app.core.models import PlayMatch, PlaySeat
from app.engine import Card, MatchState, Phase
from app.table.common import PlayError
from app.web.cardwords import card_values

MAX_ORDER_CHARS = 64
"""The longest posted order read at all (11 cards take 32 characters)."""


def hand_key(game: PlayMatch, match: MatchState) -> str:
    """The key of the current hand of ``game`` (``"<match id>/<hand number>"``) that an
    arranged order belongs to."""
    return f"{game.id}/{match.hand_number}"


def parse_order(text: str, hand: Collection[Card]) -> tuple[Card, ...]:
    """The posted order ``text`` (card codes separated by spaces or commas) as cards,
    when it holds exactly the cards of ``hand``, each once.

    Raises:
        PlayError: too long, a code that is not a card as the table writes it (``TH``,
            never ``th`` or ``10H``), a card named twice, a card not held, or a held card
            left out; the message says which.
    """
    if len(text) > MAX_ORDER_CHARS:
        raise PlayError(gettext("That order is too long: post the cards of your hand, each "
                                "once."))
    order: list[Card] = []
    for code in text.replace(",", " ").split():
        card = _card(code)
        if card in order:
            raise PlayError(gettext("The order names %(card_acc)s twice: name each of your "
                                    "cards once.", **card_values(card)))
        if card not in hand:
            raise PlayError(gettext("You do not hold %(card_acc)s: arrange the cards of "
                                    "your hand.", **card_values(card)))
        order.append(card)
    missing = [card for card in hand if card not in order]
    if missing:
        raise PlayError(gettext("The order leaves out %(card_acc)s: name every card of your "
                                "hand once.", **card_values(missing[0])))
    return tuple(order)


def _card(code: str) -> Card:
    try:
        card = Card.parse(code)
    except ValueError:
        card = None
    if card is None or str(card) != code:
        raise PlayError(gettext("%(code)s is not a card of the table: write codes such as "
                                "TH or AS.", code=repr(code[:20])))
    return card


def arranged(seat: PlaySeat, game: PlayMatch, match: MatchState,
             hand: Sequence[Card]) -> tuple[Card, ...] | None:
    """The seat's arranged order of ``hand`` (its current cards), or ``None`` when the
    player has not arranged this hand (the sort's order applies)."""
    if not seat.arranged or seat.arranged_for != hand_key(game, match):
        return None
    return _merged(seat.arranged, hand)


def keep_order(seat: PlaySeat, game: PlayMatch, before: MatchState, after: MatchState,
               hand: Sequence[Card]) -> dict[str, str | None]:
    """The seat's arranged order after a tap took ``before`` to ``after`` (``hand``: the
    seat's cards in ``after``), as seat columns to store: kept through a draw (the new
    card at the right end) and a discard; cleared when the hand ended or another began.
    Nothing to store (``{}``) when the hand was not arranged."""
    if not seat.arranged or seat.arranged_for != hand_key(game, before):
        return {}
    if after.hand_number != before.hand_number or after.hand.phase is Phase.OVER:
        return {"arranged": None, "arranged_for": None}
    return {"arranged": " ".join(str(card) for card in _merged(seat.arranged, hand))}


def _merged(stored: str, hand: Sequence[Card]) -> tuple[Card, ...]:
    """The stored codes still held, in their order, then the held cards the order lacks
    (a card just drawn) in the order of ``hand``."""
    held = set(hand)
    kept: list[Card] = []
    for code in stored.split():
        try:
            card = Card.parse(code)
        except ValueError:
            continue  # not written by this module: ignore it, never fail a screen
        if card in held and card not in kept:
            kept.append(card)
    return (*kept, *(card for card in hand if card not in kept))
