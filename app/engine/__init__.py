"""The game engine: pure Python, no I/O (SPEC.md §2–6)."""

from .cards import CARDS, Card, Rank, Suit, format_cards, new_deck, parse_cards, shuffled_deck
from .errors import (
    GameError,
    IllegalActionError,
    InvalidCardError,
    InvalidHandError,
    InvalidScoreError,
    RulesError,
)
from .melds import (
    Arrangement,
    Meld,
    MeldKind,
    all_melds,
    best_arrangement,
    best_arrangements,
    best_discards,
    deadwood_by_discard,
    least_deadwood,
    make_meld,
)
from .rules import CLASSIC, HOUSE, Rules

__all__ = [
    "CARDS",
    "CLASSIC",
    "HOUSE",
    "Arrangement",
    "Card",
    "GameError",
    "IllegalActionError",
    "InvalidCardError",
    "InvalidHandError",
    "InvalidScoreError",
    "Meld",
    "MeldKind",
    "Rank",
    "Rules",
    "RulesError",
    "Suit",
    "all_melds",
    "best_arrangement",
    "best_arrangements",
    "best_discards",
    "deadwood_by_discard",
    "format_cards",
    "least_deadwood",
    "make_meld",
    "new_deck",
    "parse_cards",
    "shuffled_deck",
]
