"""The deadwood calculator of the score sheet: counts from the cards.

People at a table may enter the cards of both hands instead of counting. The engine lays
the knocker's hand down the way Play does (:func:`~app.engine.layoff.lay_down`: a
least-deadwood arrangement, among equal ones the one that leaves the defender the most),
arranges the defender's hand and lays off onto the knocker's melds (none against gin),
and returns both counts with the melds and layoffs to show (docs/rules.md §2–4). Round the corner
(docs/rules.md §6) comes with the rules.

No knock limit is applied here: the sheet checks the knocker's count against the hand's
limit (Oklahoma, straight gin) and says why a count is too high.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from app.engine.cards import Card
from app.engine.layoff import Settlement, lay_down
from app.engine.rules import Rules
from app.engine.scoring import MAX_DEADWOOD, KnockLimit
from app.score.sheet import EntryKind

NO_LIMIT = KnockLimit(MAX_DEADWOOD)
"""A knock limit no 10-card hand exceeds: count first, judge the knock afterwards."""


@dataclass(frozen=True, slots=True)
class HandCount:
    """Both counts of a knocked hand worked out from the cards.

    Attributes:
        kind: :attr:`EntryKind.GIN` (knocker's deadwood 0), :attr:`EntryKind.BIG_GIN` (11
            cards all melded) or :attr:`EntryKind.KNOCK`.
        settlement: the knocker's melds and deadwood cards, the defender's melds, layoffs
            (``(card, index into knocker_melds)``) and deadwood cards left.
    """

    kind: EntryKind
    settlement: Settlement

    @property
    def knocker_deadwood(self) -> int:
        """The knocker's deadwood (0 for gin and big gin)."""
        return self.settlement.knocker_deadwood

    @property
    def defender_deadwood(self) -> int:
        """The defender's deadwood after layoffs (the whole count against gin)."""
        return self.settlement.defender_deadwood


def count_hand(knocker_cards: Iterable[Card], defender_cards: Iterable[Card],
               rules: Rules) -> HandCount:
    """Count a knocked hand from the cards (see the module docstring).

    Args:
        knocker_cards: the knocker's 10 cards after the discard (11 all melded for big gin).
        defender_cards: the defender's 10 cards.
        rules: the table's rules (round the corner, big gin).

    Raises:
        InvalidHandError: a wrong number of cards, a card in both hands, 11 cards that are
            not all melded, or big gin while the option is off.
        InvalidCardError: a card twice in one hand.
    """
    knocker = list(knocker_cards)
    settlement = lay_down(knocker, defender_cards, rules, limit=NO_LIMIT)
    if len(knocker) == 11:
        kind = EntryKind.BIG_GIN
    elif settlement.knocker_deadwood == 0:
        kind = EntryKind.GIN
    else:
        kind = EntryKind.KNOCK
    return HandCount(kind, settlement)


__all__ = ["NO_LIMIT", "HandCount", "count_hand"]
