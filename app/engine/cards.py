"""Cards, ranks, suits and the deck (docs/rules.md §2).

A card is a frozen value written rank then suit: ``TH`` is the ten of hearts.
Each card also has an index 0..51 (``suit * 13 + rank - 1``) so that a set of cards
can be held as a 52-bit integer mask; the meld search works on those masks.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum

from .errors import Cause, InvalidCardError

RANK_CODES = "A23456789TJQK"
SUIT_CODES = "CDHS"
_RANK_NUMBERS = {code: number for number, code in enumerate(RANK_CODES, start=1)}
_SUIT_INDEXES = {code: index for index, code in enumerate(SUIT_CODES)}


class Rank(Enum):
    """A card's rank; the value is its one-letter code (``"A"`` .. ``"K"``)."""

    ACE = "A"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "T"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"

    @property
    def number(self) -> int:
        """Position in sequence, ace low: A=1 .. K=13."""
        return _RANK_NUMBERS[self._value_]

    @property
    def points(self) -> int:
        """Deadwood value (docs/rules.md §2): ace 1, two to ten face value, J/Q/K 10."""
        return min(self.number, 10)

    @property
    def label(self) -> str:
        """English name, lower case: ``"ten"``, ``"ace"``."""
        return _RANK_NAMES[self.number - 1]


class Suit(Enum):
    """A card's suit; the value is its one-letter code (``C D H S``)."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def index(self) -> int:
        """0..3 in the order clubs, diamonds, hearts, spades."""
        return _SUIT_INDEXES[self._value_]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def symbol(self) -> str:
        """The suit symbol: ♣ ♦ ♥ ♠."""
        return "♣♦♥♠"[self.index]

    @property
    def label(self) -> str:
        """English name, lower case plural: ``"hearts"``."""
        return self.name.lower()


_RANK_NAMES = (
    "ace", "two", "three", "four", "five", "six", "seven",
    "eight", "nine", "ten", "jack", "queen", "king",
)


@dataclass(frozen=True, order=False, slots=True)
class Card:
    """One playing card, e.g. ``Card(Rank.TEN, Suit.HEARTS)``; ``str(card) == "TH"``."""

    rank: Rank
    suit: Suit
    # Derived once at construction so that masks and sums need no enum look-ups.
    _index: int = field(init=False, repr=False, compare=False)
    _points: int = field(init=False, repr=False, compare=False)
    _code: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        number = RANK_CODES.index(self.rank.value)
        object.__setattr__(self, "_index", SUIT_CODES.index(self.suit.value) * 13 + number)
        object.__setattr__(self, "_points", min(number + 1, 10))
        object.__setattr__(self, "_code", self.rank.value + self.suit.value)

    def __hash__(self) -> int:
        return self._index

    def __str__(self) -> str:
        return self._code

    def __repr__(self) -> str:
        return f"Card({self._code!r})"

    @property
    def index(self) -> int:
        """0..51: ``suit.index * 13 + rank.number - 1`` (bit position in a card mask)."""
        return self._index

    @property
    def points(self) -> int:
        """Deadwood value of the card (docs/rules.md §2)."""
        return self._points

    @property
    def name(self) -> str:
        """Full name with a capital: ``"Ten of hearts"``."""
        return f"{self.rank.label.capitalize()} of {self.suit.label}"

    @property
    def sort_key(self) -> tuple[int, int]:
        """Rank first, then suit: the order of a hand sorted by rank."""
        return (self.rank.number, self.suit.index)

    @property
    def suit_sort_key(self) -> tuple[int, int]:
        """Suit first, then rank: the order of a hand sorted by suit."""
        return (self.suit.index, self.rank.number)

    @staticmethod
    def parse(code: str) -> Card:
        """Parse one card code such as ``"TH"`` (case-insensitive; ``10H`` also accepted).

        Raises:
            InvalidCardError: the code is not a rank letter followed by a suit letter.
        """
        text = code.strip().upper()
        if text.startswith("10"):
            text = "T" + text[2:]
        if len(text) != 2 or text[0] not in RANK_CODES or text[1] not in SUIT_CODES:
            raise InvalidCardError(Cause.UNKNOWN_CARD, code=repr(code),
                                   ranks=" ".join(RANK_CODES), suits=" ".join(SUIT_CODES))
        return CARDS[SUIT_CODES.index(text[1]) * 13 + RANK_CODES.index(text[0])]

    @staticmethod
    def from_index(index: int) -> Card:
        """The card at bit position ``index`` (0..51)."""
        return CARDS[index]


CARDS: tuple[Card, ...] = tuple(
    Card(rank, suit) for suit in Suit for rank in Rank
)
"""All 52 cards in index order (clubs A..K, diamonds, hearts, spades)."""

_BITS: tuple[int, ...] = tuple(1 << index for index in range(52))

CARD_POINTS: tuple[int, ...] = tuple(card.points for card in CARDS)
"""Deadwood value by card index."""


def parse_cards(text: str) -> list[Card]:
    """Parse space- or comma-separated card codes: ``parse_cards("TH AS 5C")``.

    Raises:
        InvalidCardError: a code is unknown.
    """
    return [Card.parse(code) for code in text.replace(",", " ").split()]


def format_cards(cards: Iterable[Card]) -> str:
    """Card codes separated by spaces, in the given order: ``"TH AS 5C"``."""
    return " ".join(str(card) for card in cards)


def to_mask(cards: Iterable[Card]) -> int:
    """The 52-bit mask of these cards.

    Raises:
        InvalidCardError: a card appears twice.
    """
    indexes = [card._index for card in cards]
    # Distinct bits add without carries, so the sum has one set bit per card.
    mask = sum([_BITS[index] for index in indexes])
    if mask.bit_count() != len(indexes):
        seen: set[int] = set()
        for index in indexes:
            if index in seen:
                raise InvalidCardError(Cause.CARD_TWICE, code=str(CARDS[index]))
            seen.add(index)
    return mask


def from_mask(mask: int) -> list[Card]:
    """The cards of a mask, in index order."""
    cards = []
    while mask:
        low = mask & -mask
        cards.append(CARDS[low.bit_length() - 1])
        mask ^= low
    return cards


def mask_points(mask: int) -> int:
    """Total deadwood value of the cards in a mask."""
    total = 0
    while mask:
        low = mask & -mask
        total += CARD_POINTS[low.bit_length() - 1]
        mask ^= low
    return total


def new_deck() -> list[Card]:
    """A fresh 52-card deck in index order."""
    return list(CARDS)


def shuffled_deck(rng: random.Random | int) -> list[Card]:
    """A deck shuffled by ``rng`` (a ``random.Random``, or an int seed for a new one).

    The same seed always gives the same order, so a deal can be replayed.
    """
    source = rng if isinstance(rng, random.Random) else random.Random(rng)
    deck = new_deck()
    source.shuffle(deck)
    return deck
