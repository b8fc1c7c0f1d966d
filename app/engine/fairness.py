"""Provably fair deals: the ``gin-shuffle-v1`` shuffle, its commitment and its checks.

The algorithm is written out in ``docs/fairness.md`` and re-implemented with
the standard library alone by ``tools/verify_deal.py``. In short:

* a **server seed** is 32 random bytes, written as 64 lowercase hex characters; its
  **commitment** is the SHA-256 of those 64 ASCII characters (64 lowercase hex);
* the **client seed** is 1–64 printable ASCII characters (space to ``~``); in a match
  between two people it is both players' seeds combined,
  ``SHA-256(seat 0's seed + "\n" + seat 1's seed)`` as 64 lowercase hex characters
  (:func:`combine_client_seeds`), so neither player nor the server alone decides it;
* the **hand number** counts the hands of a match from 1 (at most 10,000);
* a random stream of blocks ``HMAC-SHA256(seed bytes, f"{client}:{hand}:{counter}")``,
  each read as eight unsigned 32-bit big-endian integers, drives a Fisher–Yates shuffle
  of the deck in index order (clubs, diamonds, hearts, spades; ace to king) from
  position 51 down to 1, with rejection sampling so every order is equally likely;
* position 0 is the top: the cards are dealt one at a time alternately, the non-dealer
  first, ten each; the next card is the upcard; the rest is the stock, top first.

This module is pure: it never draws a seed itself (the web layer uses ``secrets``).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import struct
from collections.abc import Iterator
from dataclasses import dataclass

from .cards import CARDS, Card
from .errors import Cause, GameError

ALGORITHM = "gin-shuffle-v1"
SEED_BYTES = 32
SEED_HEX_LENGTH = 2 * SEED_BYTES
MAX_CLIENT_SEED = 64
MAX_HAND_NUMBER = 10_000
HAND_SIZE = 10

_HEX = re.compile(r"[0-9a-f]*")
_PRINTABLE = re.compile(r"[\x20-\x7e]*")


class InvalidSeedError(GameError, ValueError):
    """A server seed, commitment, client seed or hand number is malformed."""


def check_hex(text: str, commitment: bool = False) -> str:
    """``text`` as 64 lowercase hex characters (surrounding blanks dropped, upper case
    accepted).

    Raises:
        InvalidSeedError: not exactly 64 hex digits; the message says which rule broke,
            naming the server seed (or the commitment, with ``commitment``).
    """
    value = text.strip().lower()
    if not value.isascii() or not _HEX.fullmatch(value):
        raise InvalidSeedError(Cause.COMMITMENT_NOT_HEX if commitment
                               else Cause.SERVER_SEED_NOT_HEX)
    if len(value) != SEED_HEX_LENGTH:
        raise InvalidSeedError(Cause.COMMITMENT_LENGTH if commitment
                               else Cause.SERVER_SEED_LENGTH,
                               length=SEED_HEX_LENGTH, found=len(value))
    return value


def check_client_seed(text: str) -> str:
    """``text`` unchanged when it is 1–64 printable ASCII characters (space to ``~``).

    Raises:
        InvalidSeedError: empty, too long, or a character outside printable ASCII.
    """
    if not text:
        raise InvalidSeedError(Cause.CLIENT_SEED_EMPTY)
    if not _PRINTABLE.fullmatch(text):
        bad = next(c for c in text if not _PRINTABLE.fullmatch(c))
        raise InvalidSeedError(Cause.CLIENT_SEED_CHARACTER, bad=repr(bad))
    if len(text) > MAX_CLIENT_SEED:
        raise InvalidSeedError(Cause.CLIENT_SEED_LENGTH, length=MAX_CLIENT_SEED,
                               found=len(text))
    return text


def combine_client_seeds(first: str, second: str) -> str:
    """The client seed of a hand between two people: the SHA-256 of seat 0's seed, a
    line feed and seat 1's seed (ASCII), as 64 lowercase hex characters — itself a valid
    client seed, so the deal and its check stay ``gin-shuffle-v1``.

    Raises:
        InvalidSeedError: either seed is not a valid client seed (empty allowed: a
            player who set none; the other's seed and the server seed still count).
    """
    for seed in (first, second):
        if seed:
            check_client_seed(seed)
    return hashlib.sha256(f"{first}\n{second}".encode("ascii")).hexdigest()


def check_hand_number(number: int) -> int:
    """``number`` when it is a hand number 1–10,000.

    Raises:
        InvalidSeedError: out of range.
    """
    if not 1 <= number <= MAX_HAND_NUMBER:
        raise InvalidSeedError(Cause.HAND_NUMBER_RANGE, most=MAX_HAND_NUMBER, found=number)
    return number


def commitment(server_seed: str) -> str:
    """SHA-256 of the seed's 64 ASCII hex characters, as 64 lowercase hex characters.

    Raises:
        InvalidSeedError: ``server_seed`` is not 64 hex characters.
    """
    return hashlib.sha256(check_hex(server_seed).encode("ascii")).hexdigest()


def random_stream(server_seed: str, client_seed: str, hand_number: int) -> Iterator[int]:
    """The endless stream of 32-bit integers for one hand (see the module docstring)."""
    key = bytes.fromhex(server_seed)
    counter = 0
    while True:
        message = f"{client_seed}:{hand_number}:{counter}".encode("ascii")
        yield from struct.unpack(">8I", hmac.new(key, message, hashlib.sha256).digest())
        counter += 1


def shuffled(server_seed: str, client_seed: str, hand_number: int) -> list[Card]:
    """The deck of one hand, top card first, shuffled by ``gin-shuffle-v1``.

    Raises:
        InvalidSeedError: a malformed seed or hand number.
    """
    seed = check_hex(server_seed)
    stream = random_stream(seed, check_client_seed(client_seed), check_hand_number(hand_number))
    deck = list(CARDS)
    for i in range(51, 0, -1):
        size = i + 1
        limit = 2**32 - 2**32 % size
        value = next(stream)
        while value >= limit:
            value = next(stream)
        j = value % size
        deck[i], deck[j] = deck[j], deck[i]
    return deck


@dataclass(frozen=True, slots=True)
class FairDeal:
    """One hand's deal from its seeds: ``non_dealer`` and ``dealer`` hold ten cards each in
    the order dealt; ``stock`` is listed top first."""

    commitment: str
    non_dealer: tuple[Card, ...]
    dealer: tuple[Card, ...]
    upcard: Card
    stock: tuple[Card, ...]


def fair_deal(server_seed: str, client_seed: str, hand_number: int) -> FairDeal:
    """Deal a hand from its seeds (``gin-shuffle-v1``, see the module docstring).

    Raises:
        InvalidSeedError: a malformed seed or hand number.
    """
    deck = shuffled(server_seed, client_seed, hand_number)
    dealt = 2 * HAND_SIZE
    return FairDeal(commitment(server_seed), tuple(deck[0:dealt:2]), tuple(deck[1:dealt:2]),
                    deck[dealt], tuple(deck[dealt + 1:]))


@dataclass(frozen=True, slots=True)
class HandSeed:
    """The seeds of one hand: the server seed (64 lowercase hex) and the client seed.

    Raises:
        InvalidSeedError: on construction, when either is malformed.
    """

    server_seed: str
    client_seed: str

    def __post_init__(self) -> None:
        if check_hex(self.server_seed) != self.server_seed:
            raise InvalidSeedError(Cause.SERVER_SEED_CASE)
        check_client_seed(self.client_seed)

    @property
    def commitment(self) -> str:
        """SHA-256 of the server seed's hex text (shown before the hand is played)."""
        return commitment(self.server_seed)

    def deck(self, hand_number: int) -> list[Card]:
        """The 52 cards of hand ``hand_number``, top first."""
        return shuffled(self.server_seed, self.client_seed, hand_number)
