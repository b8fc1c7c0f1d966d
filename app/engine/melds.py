"""Melds, least deadwood and best discards (docs/rules.md §2).

Everything here is a pure function over cards. Internally a set of cards is a 52-bit
mask (bit ``card.index``); a suit occupies 13 consecutive bits, ace lowest. The least
deadwood tries every choice of sets (none, a set of three or the set of four of each
rank held three or four times); the rest of each suit is then best melded in runs
alone, a precomputed table per 13-bit suit pattern, so overlapping sets and runs are
always resolved exactly. Every arrangement (:func:`best_arrangements`) comes from a
search that takes the lowest card of the mask and tries "it is deadwood" against every
meld containing it, memoised on the remaining mask.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final

from .cards import CARD_POINTS as _CARD_POINTS
from .cards import CARDS, Card, from_mask, to_mask
from .errors import Cause, InvalidHandError
from .rules import HOUSE, Rules

SUIT_BITS: Final = 0x1FFF
CARD_POINTS: Final[tuple[int, ...]] = _CARD_POINTS
"""Each card's points by index (:data:`app.engine.cards.CARD_POINTS`; ``Final`` module
constants are C constants of the compiled core, not look-ups in the module's dict)."""

# Deadwood value of every 13-bit suit pattern: points(mask) is four table look-ups.
_SUIT_POINTS: list[int] = [0] * (1 << 13)
for _pattern in range(1, 1 << 13):
    _low = _pattern & -_pattern
    _SUIT_POINTS[_pattern] = _SUIT_POINTS[_pattern ^ _low] + min(_low.bit_length(), 10)
SUIT_POINTS: Final[tuple[int, ...]] = tuple(_SUIT_POINTS)
del _SUIT_POINTS


def points(mask: int) -> int:
    """Total deadwood value of the cards in a 52-bit mask."""
    return (
        SUIT_POINTS[mask & SUIT_BITS]
        + SUIT_POINTS[(mask >> 13) & SUIT_BITS]
        + SUIT_POINTS[(mask >> 26) & SUIT_BITS]
        + SUIT_POINTS[mask >> 39]
    )


class MeldKind(Enum):
    """A set (3 or 4 of a rank) or a run (3+ in sequence in one suit)."""

    SET = "set"
    RUN = "run"


def _rotate13(bits: int, shift: int) -> int:
    """Rotate a 13-bit suit pattern left by ``shift`` (round-the-corner runs)."""
    shift %= 13
    return ((bits << shift) | (bits >> (13 - shift))) & SUIT_BITS


def _run_patterns(wrap: bool) -> list[int]:
    """Every 13-bit pattern that is a run: ace low, or cyclic when ``wrap``."""
    patterns: set[int] = set()
    for length in range(3, 14):
        base = (1 << length) - 1
        starts = range(13) if wrap else range(14 - length)
        for start in starts:
            patterns.add(_rotate13(base, start) if wrap else base << start)
    return sorted(patterns)


_RUNS_LOW: Final = _run_patterns(wrap=False)
_RUNS_WRAP: Final = _run_patterns(wrap=True)


def candidate_melds(hand: int, round_the_corner: bool = False) -> list[int]:
    """Every meld (as a mask) that is a subset of ``hand``.

    Sets: each 3 or 4 of a rank present. Runs: every stretch of 3 or more consecutive
    cards of one suit (cyclic K-A-2 too when ``round_the_corner``).
    """
    melds: list[int] = []
    # Sets: cards of one rank sit 13 bits apart.
    for rank in range(13):
        present = [bit for bit in (1 << rank, 1 << (rank + 13), 1 << (rank + 26),
                                   1 << (rank + 39)) if hand & bit]
        if len(present) == 3:
            melds.append(present[0] | present[1] | present[2])
        elif len(present) == 4:
            whole = present[0] | present[1] | present[2] | present[3]
            melds.append(whole)
            melds.extend(whole ^ bit for bit in present)
    # Runs.
    for suit in range(4):
        bits = (hand >> (13 * suit)) & SUIT_BITS
        if bits.bit_count() < 3:
            continue
        if round_the_corner:
            melds.extend(p << (13 * suit) for p in _RUNS_WRAP if bits & p == p)
            continue
        start = 0
        while start < 13:
            if not bits >> start & 1:
                start += 1
                continue
            end = start
            while end < 13 and bits >> end & 1:
                end += 1
            for lo in range(start, end - 2):
                for hi in range(lo + 3, end + 1):
                    melds.append((((1 << (hi - lo)) - 1) << lo) << (13 * suit))
            start = end
    return melds


def _best_melded(mask: int, melds: list[int], memo: dict[int, int]) -> int:
    """Most points that disjoint melds from ``melds`` can cover inside ``mask``."""
    found = memo.get(mask)
    if found is not None:
        return found
    if not mask:
        return 0
    low = mask & -mask
    best = _best_melded(mask ^ low, melds, memo)
    for meld in melds:
        if meld & low and meld & mask == meld:
            value = points(meld) + _best_melded(mask ^ meld, melds, memo)
            if value > best:
                best = value
    memo[mask] = best
    return best


def _suit_run_deadwood(pattern: int, wrap: bool) -> int:
    """Deadwood of one 13-bit suit pattern when only runs may be melded.

    Every stretch of 3 or more consecutive cards is one run, so the deadwood is the value
    of the cards in stretches shorter than 3 (stretches are cyclic when ``wrap``).
    """
    if wrap and pattern == SUIT_BITS:
        return 0
    if wrap and pattern & 1 and pattern >> 12 & 1:
        # Rotate so that the stretch through K-A starts at bit 0; values follow the cards.
        shift = 13 - (~pattern & SUIT_BITS).bit_length()  # length of the top stretch
        dead = 0
        rotated = _rotate13(pattern, shift)
        start = 0
        while start < 13:
            if not rotated >> start & 1:
                start += 1
                continue
            end = start
            while end < 13 and rotated >> end & 1:
                end += 1
            if end - start < 3:
                for position in range(start, end):
                    dead += min((position - shift) % 13 + 1, 10)
            start = end
        return dead
    dead = 0
    start = 0
    while start < 13:
        if not pattern >> start & 1:
            start += 1
            continue
        end = start
        while end < 13 and pattern >> end & 1:
            end += 1
        if end - start < 3:
            dead += SUIT_POINTS[pattern & (((1 << end) - 1) ^ ((1 << start) - 1))]
        start = end
    return dead


_RUN_DEADWOOD_LOW: Final[tuple[int, ...]] = tuple(
    _suit_run_deadwood(p, False) for p in range(1 << 13))
_RUN_DEADWOOD_WRAP: Final[tuple[int, ...]] = tuple(
    _suit_run_deadwood(p, True) for p in range(1 << 13))


def _set_options() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each rank and 4-bit suit presence: the set choices (masks), "no set" first."""
    table: list[tuple[tuple[int, ...], ...]] = []
    for rank in range(13):
        by_presence: list[tuple[int, ...]] = []
        for presence in range(16):
            bits = [1 << (rank + 13 * suit) for suit in range(4) if presence >> suit & 1]
            options = [0]
            if len(bits) == 3:
                options.append(bits[0] | bits[1] | bits[2])
            elif len(bits) == 4:
                whole = bits[0] | bits[1] | bits[2] | bits[3]
                options.append(whole)
                options.extend(whole ^ bit for bit in bits)
            by_presence.append(tuple(options))
        table.append(tuple(by_presence))
    return tuple(table)


_SET_OPTIONS: Final = _set_options()


def _set_ranks(hand: int) -> int:
    """The 13-bit mask of the ranks ``hand`` holds three or four times (the ranks that
    can make a set)."""
    a = hand & SUIT_BITS
    b = hand >> 13 & SUIT_BITS
    c = hand >> 26 & SUIT_BITS
    d = hand >> 39
    return (a & b & (c | d)) | (c & d & (a | b))


def _set_choices(hand: int, ranks: int) -> tuple[int, ...]:
    """Every choice of sets (as one mask) among the ranks in the 13-bit ``ranks`` (each
    held three or four times): none, a 3-set or the 4-set per rank; "none" first."""
    choices: tuple[int, ...] = ()
    while ranks:
        low = ranks & -ranks
        ranks ^= low
        rank = low.bit_length() - 1
        presence = ((hand >> rank & 1) | (hand >> (rank + 12) & 2)
                    | (hand >> (rank + 24) & 4) | (hand >> (rank + 36) & 8))
        options: tuple[int, ...] = _SET_OPTIONS[rank][presence]
        # One such rank (the usual case) needs no combining: its options are the choices.
        choices = tuple([chosen | option for chosen in choices for option in options]) \
            if choices else options
    return choices


def _least_with_sets(hand: int, ranks: int, table: tuple[int, ...]) -> int:
    """Least deadwood when the ranks in the 13-bit ``ranks`` can each make a set.

    Tries every choice of sets (none, a 3-set, the 4-set per such rank); the rest of
    each suit is then best arranged in runs alone, which is a table look-up.
    """
    best = 99 * 52
    for chosen in _set_choices(hand, ranks):
        rest = hand ^ chosen
        value = (table[rest & SUIT_BITS] + table[rest >> 13 & SUIT_BITS]
                 + table[rest >> 26 & SUIT_BITS] + table[rest >> 39])
        if value < best:
            best = value
    return best


_RANK_BITS: Final = 1 | 1 << 13 | 1 << 26 | 1 << 39
"""The four cards of the ace (shift by the rank for the others)."""


def _stretches(pattern: int, shift: int, wrap: bool, out: list[int]) -> None:
    """Append to ``out`` each longest sequence of 3 or more consecutive cards of the
    13-bit suit ``pattern`` (cyclic through K-A when ``wrap``), as a mask shifted by
    ``shift``."""
    if wrap and pattern == SUIT_BITS:
        out.append(SUIT_BITS << shift)
        return
    # Walk the positions once around from just after a missing card, so that the walk
    # ends on it: cyclic, the first missing card; otherwise a 14th position after the
    # king, always missing.
    period = 13 if wrap else 14
    start = period - 1
    if wrap:
        start = 0
        while pattern >> start & 1:
            start += 1
    run = length = 0
    for step in range(1, period + 1):
        position = (start + step) % period
        if position < 13 and pattern >> position & 1:
            run |= 1 << position
            length += 1
        else:
            if length >= 3:
                out.append(run << shift)
            run = length = 0


def least_arrangements_mask(hand: int, least: int, rules: Rules = HOUSE) -> list[list[int]]:
    """The meld arrangements of ``hand`` (a mask) that reach ``least``, its least
    deadwood (:func:`least_deadwood_mask`; ``[]`` for any other figure): one per choice
    of sets that reaches it, each a list of meld masks, the sets by rank, then every
    sequence of three or more cards of a suit melded whole as one run, suit by suit.

    A best arrangement melds every card of such a sequence (each card counts), so the
    engine's other best arrangements only cut its runs into runs of three or more;
    the cards at a cut are the knocker's own, so no layoff crosses it and the
    settlement is the same (:func:`~app.engine.bots.rollout.settle_masks` tries these;
    ``tests/unit/engine/test_fast_core.py`` checks them against the engine's)."""
    table = _RUN_DEADWOOD_WRAP if rules.round_the_corner else _RUN_DEADWOOD_LOW
    wrap = rules.round_the_corner
    ranks = _set_ranks(hand)
    choices: tuple[int, ...] = _set_choices(hand, ranks) if ranks else (0,)
    found: list[list[int]] = []
    for chosen in choices:
        rest = hand ^ chosen
        if (table[rest & SUIT_BITS] + table[rest >> 13 & SUIT_BITS]
                + table[rest >> 26 & SUIT_BITS] + table[rest >> 39]) != least:
            continue
        melds: list[int] = []
        sets = chosen
        while sets:
            rank = ((sets & -sets).bit_length() - 1) % 13
            meld = sets & _RANK_BITS << rank
            melds.append(meld)
            sets ^= meld
        shift = 0
        while shift < 52:
            _stretches(rest >> shift & SUIT_BITS, shift, wrap, melds)
            shift += 13
        found.append(melds)
    return found


def least_deadwood_mask(hand: int, rules: Rules = HOUSE) -> int:
    """Least deadwood of the cards in a mask (any number of cards).

    Exact: runs never cross suits, so once the sets are chosen each suit is settled by a
    precomputed table; only ranks held three or four times need trying both ways.
    """
    return least_deadwood_of(hand, rules.round_the_corner)


def least_deadwood_of(hand: int, wrap: bool) -> int:
    """:func:`least_deadwood_mask` with round-the-corner runs when ``wrap``: the rules'
    one field it reads, given once by a play-out (reading a field of
    :class:`~app.engine.rules.Rules` is a look-up by name in the compiled core)."""
    table = _RUN_DEADWOOD_WRAP if wrap else _RUN_DEADWOOD_LOW
    a = hand & SUIT_BITS
    b = hand >> 13 & SUIT_BITS
    c = hand >> 26 & SUIT_BITS
    d = hand >> 39
    ranks = (a & b & (c | d)) | (c & d & (a | b))
    if not ranks:
        return table[a] + table[b] + table[c] + table[d]
    return _least_with_sets(hand, ranks, table)


def _check_cards(cards: Iterable[Card], sizes: tuple[int, ...]) -> int:
    mask = to_mask(cards)
    count = mask.bit_count()
    if count not in sizes:
        wanted = " or ".join(str(size) for size in sizes)
        raise InvalidHandError(Cause.CARD_COUNT, wanted=wanted, count=count)
    return mask


_ANY_SIZE: Final = tuple(range(12))


def least_deadwood(cards: Iterable[Card], rules: Rules = HOUSE) -> int:
    """Least deadwood of exactly these cards, over every meld arrangement (docs/rules.md §2).

    Args:
        cards: 10 cards (any 0–11 are accepted; a hand is 10).
        rules: ``round_the_corner`` decides whether Q-K-A and K-A-2 are runs.

    Returns:
        Deadwood points, 0 (gin) to 98 for 10 cards.

    Raises:
        InvalidCardError: a card appears twice.
        InvalidHandError: more than 11 cards.
    """
    hand = to_mask(cards)
    if hand.bit_count() > 11:
        _check_cards(from_mask(hand), _ANY_SIZE)
    return least_deadwood_mask(hand, rules)


def _least_by_discard(rest: int, table: tuple[int, ...], out: list[int], first: bool) -> None:
    """Into ``out`` (by card index, the least deadwood so far): for each card of
    ``rest`` (the cards left out of the chosen sets), the run deadwood of its suits once
    that card is discarded, where it is less than what ``out`` holds (``first``: the
    first pass, which sets every card of ``rest``)."""
    whole = (table[rest & SUIT_BITS] + table[rest >> 13 & SUIT_BITS]
             + table[rest >> 26 & SUIT_BITS] + table[rest >> 39])
    shift = 0
    while shift < 52:
        pattern = rest >> shift & SUIT_BITS
        base = whole - table[pattern]
        left = pattern
        while left:
            low = left & -left
            left ^= low
            value = base + table[pattern ^ low]
            index = low.bit_length() - 1 + shift
            if first or value < out[index]:
                out[index] = value
        shift += 13


def deadwood_by_discard_mask(hand: int, rules: Rules = HOUSE) -> dict[int, int]:
    """For each card bit of ``hand``, the least deadwood of the hand without it (in card
    order)."""
    out = [0] * 52
    least_without(hand, rules.round_the_corner, out)
    result: dict[int, int] = {}
    left = hand
    while left:
        low = left & -left
        left ^= low
        result[low] = out[low.bit_length() - 1]
    return result


def least_without(hand: int, wrap: bool, out: list[int]) -> None:
    """:func:`deadwood_by_discard_mask` into ``out`` (52 places, by card index; round the
    corner when ``wrap``): ``out[i]`` becomes the least deadwood of ``hand`` without card
    ``i``, for each card of ``hand`` (the other places are left as they are). The
    sampler's form: no dict, and every figure a small integer, so nothing is
    allocated."""
    table = _RUN_DEADWOOD_WRAP if wrap else _RUN_DEADWOOD_LOW
    ranks = _set_ranks(hand)
    if not ranks:
        # No sets possible, and a discard cannot create one: only the discard's suit changes.
        _least_by_discard(hand, table, out, True)
        return
    # Some rank is held three or four times. The hand without card ``x`` can make
    # exactly the choices of sets of the whole hand that leave ``x`` out, and for each
    # such choice only the suit of ``x`` changes: one pass per choice (the choice "no
    # sets", first, lists every card).
    first = True
    for chosen in _set_choices(hand, ranks):
        _least_by_discard(hand ^ chosen, table, out, first)
        first = False


_NO_DISCARD: Final = 999 << 10
"""The key of no discard at all (see :func:`_discard_pass`)."""


def _suit_discards(table: tuple[int, ...]) -> tuple[int, ...]:
    """For each 13-bit suit pattern, the suit's own part of the key of its best discard
    (:func:`_discard_pass`) under the run table ``table``: the least over its cards of
    ``table[pattern without the card] << 10 | (15 - points) << 6 | (63 - rank)``, so
    that ``(whole - table[pattern]) << 10`` plus it, less the suit's shift (13 × suit),
    is the key of that card in the whole hand (the fields never carry into each other);
    above any key for the empty pattern (no card to throw)."""
    found = [_NO_DISCARD + 64] * (1 << 13)
    for pattern in range(1, 1 << 13):
        best = _NO_DISCARD + 64
        left = pattern
        while left:
            low = left & -left
            left ^= low
            rank = low.bit_length() - 1
            key = table[pattern ^ low] << 10 | (15 - min(rank + 1, 10)) << 6 | (63 - rank)
            if key < best:
                best = key
        found[pattern] = best
    return tuple(found)


_DISCARD_LOW: Final[tuple[int, ...]] = _suit_discards(_RUN_DEADWOOD_LOW)
_DISCARD_WRAP: Final[tuple[int, ...]] = _suit_discards(_RUN_DEADWOOD_WRAP)
""":func:`_suit_discards` of the run tables without and with round-the-corner runs (read
by :func:`least_discard_mask` for every suit of every hand a play-out discards from)."""


def _discard_pass(rest: int, keep: int, table: tuple[int, ...], suit_best: tuple[int, ...],
                  best: int) -> int:
    """The least of ``best`` and the keys of discarding each card of ``rest`` (the cards
    left out of the chosen sets) but those of ``keep``: ``deadwood left << 10 |
    (15 - points) << 6 | (63 - index)``, so that the least key is the least deadwood,
    then the card of more points, then the higher index (points 1–10 and indices 0–51
    fit their 4 and 6 bits; ``best`` starts at :data:`_NO_DISCARD`, above any key).
    ``suit_best``: :func:`_suit_discards` of ``table``, each suit's best card in one
    look-up (the suit holding a card of ``keep`` is walked card by card)."""
    whole = (table[rest & SUIT_BITS] + table[rest >> 13 & SUIT_BITS]
             + table[rest >> 26 & SUIT_BITS] + table[rest >> 39])
    shift = 0
    while shift < 52:
        pattern = rest >> shift & SUIT_BITS
        base = whole - table[pattern]
        if not keep >> shift & pattern:
            key = (base << 10) + suit_best[pattern] - shift
            if key < best:
                best = key
            shift += 13
            continue
        left = pattern & ~(keep >> shift)
        while left:
            low = left & -left
            left ^= low
            index = low.bit_length() - 1 + shift
            key = ((base + table[pattern ^ low]) << 10 | (15 - CARD_POINTS[index]) << 6
                   | (63 - index))
            if key < best:
                best = key
        shift += 13
    return best


def least_discard_mask(hand: int, keep: int = 0, rules: Rules = HOUSE) -> tuple[int, int]:
    """``(card bit, deadwood left)``: the discard from ``hand`` (a mask) that leaves the
    least deadwood, never a card of ``keep`` (a mask: the card just taken, say; 0 for
    none); among equals the card of more points, then the higher card index. ``(0,
    999)`` when no card may be thrown.

    The same passes as :func:`deadwood_by_discard_mask` (one per choice of sets, only
    the discard's suit changing), keeping the best card instead of every card's
    figure: the least over (choice of sets, card left out of them) is the least over
    cards of each card's least."""
    found = least_discard_of(hand, keep, rules.round_the_corner)
    return (1 << (found & 63), found >> 6) if found != NO_DISCARD else (0, 999)


NO_DISCARD: Final = 999 << 6 | 63
""":func:`least_discard_of` when no card may be thrown."""


def least_discard_of(hand: int, keep: int, wrap: bool) -> int:
    """:func:`least_discard_mask` in one integer, with round-the-corner runs when
    ``wrap``: ``deadwood left << 6 | card index`` (:data:`NO_DISCARD` when no card may be
    thrown), for a play-out, which keeps it in a memo and builds no tuple."""
    table = _RUN_DEADWOOD_WRAP if wrap else _RUN_DEADWOOD_LOW
    suit_best = _DISCARD_WRAP if wrap else _DISCARD_LOW
    ranks = _set_ranks(hand)
    if not ranks:
        best = _discard_pass(hand, keep, table, suit_best, _NO_DISCARD)
    else:
        best = _NO_DISCARD
        for chosen in _set_choices(hand, ranks):
            best = _discard_pass(hand ^ chosen, keep, table, suit_best, best)
    if best == _NO_DISCARD:
        return NO_DISCARD
    return (best >> 10) << 6 | (63 - (best & 63))


def best_discards(cards: Iterable[Card], rules: Rules = HOUSE) -> tuple[int, list[Card]]:
    """For an 11-card hand: the least deadwood after one discard, and every discard reaching it.

    Returns:
        ``(deadwood, discards)``; the discards in card-index order.

    Raises:
        InvalidHandError: not exactly 11 cards.
        InvalidCardError: a card appears twice.
    """
    by_discard = deadwood_by_discard_mask(_check_cards(cards, (11,)), rules)
    least = min(by_discard.values())
    discards = [CARDS[bit.bit_length() - 1] for bit, value in by_discard.items() if value == least]
    return least, sorted(discards, key=lambda card: card.index)


def deadwood_by_discard(cards: Iterable[Card], rules: Rules = HOUSE) -> dict[Card, int]:
    """For an 11-card hand: the least deadwood left after each possible discard.

    Raises:
        InvalidHandError: not exactly 11 cards.
    """
    by_discard = deadwood_by_discard_mask(_check_cards(cards, (11,)), rules)
    return {CARDS[bit.bit_length() - 1]: value for bit, value in by_discard.items()}


@dataclass(frozen=True, slots=True)
class Meld:
    """A meld as laid on the table: its cards in sequence order and its kind."""

    cards: tuple[Card, ...]
    kind: MeldKind

    @property
    def mask(self) -> int:
        """The meld's 52-bit card mask."""
        return to_mask(self.cards)

    def __str__(self) -> str:
        return " ".join(str(card) for card in self.cards)


def meld_kind(mask: int, rules: Rules = HOUSE) -> MeldKind | None:
    """``SET``, ``RUN`` or ``None`` when the cards of ``mask`` are not a meld."""
    count = mask.bit_count()
    if count < 3:
        return None
    cards = from_mask(mask)
    if count <= 4 and len({card.rank for card in cards}) == 1:
        return MeldKind.SET
    if len({card.suit for card in cards}) != 1:
        return None
    bits = (mask >> (13 * cards[0].suit.index)) & SUIT_BITS
    patterns = _RUNS_WRAP if rules.round_the_corner else _RUNS_LOW
    return MeldKind.RUN if bits in patterns else None


def make_meld(cards: Iterable[Card], rules: Rules = HOUSE) -> Meld:
    """Check that ``cards`` form a set or run and return it in table order.

    Runs are ordered in sequence (K-A-2 stays in that order round the corner).

    Raises:
        InvalidHandError: the cards are not a meld.
    """
    mask = to_mask(cards)
    kind = meld_kind(mask, rules)
    if kind is None:
        raise InvalidHandError(Cause.NOT_A_MELD,
                               cards=" ".join(str(c) for c in from_mask(mask)))
    ordered = from_mask(mask)
    if kind is MeldKind.RUN:
        ordered = _sequence_order(ordered)
    return Meld(tuple(ordered), kind)


def _sequence_order(cards: list[Card]) -> list[Card]:
    """Order the cards of a run; a round-the-corner run starts after its gap."""
    numbers = sorted(card.rank.number for card in cards)
    by_number = {card.rank.number: card for card in cards}
    if numbers[-1] - numbers[0] == len(numbers) - 1:
        return [by_number[n] for n in numbers]
    # Wrapped (e.g. Q K A 2): start at the first rank whose predecessor is missing.
    present = set(numbers)
    start = next(n for n in numbers if ((n - 2) % 13) + 1 not in present)
    return [by_number[((start - 1 + i) % 13) + 1] for i in range(len(numbers))]


@dataclass(frozen=True, slots=True)
class Arrangement:
    """A hand split into melds and deadwood cards."""

    melds: tuple[Meld, ...]
    deadwood_cards: tuple[Card, ...]

    @property
    def deadwood(self) -> int:
        """Total value of the deadwood cards."""
        return sum(card.points for card in self.deadwood_cards)


def _all_best(mask: int, melds: list[int], memo: dict[int, int]) -> list[list[int]]:
    """Every set of disjoint melds reaching the best melded value inside ``mask``."""
    if not mask:
        return [[]]
    target = _best_melded(mask, melds, memo)
    if target == 0:
        return [[]]
    low = mask & -mask
    found: list[list[int]] = []
    if _best_melded(mask ^ low, melds, memo) == target:
        found.extend(_all_best(mask ^ low, melds, memo))
    for meld in melds:
        if (meld & low and meld & mask == meld
                and points(meld) + _best_melded(mask ^ meld, melds, memo) == target):
            found.extend([meld, *rest] for rest in _all_best(mask ^ meld, melds, memo))
    return found


def _arrangement(hand: int, chosen: Sequence[int], rules: Rules) -> Arrangement:
    melded = 0
    for meld in chosen:
        melded |= meld
    laid = tuple(sorted((make_meld(from_mask(m), rules) for m in chosen),
                        key=lambda meld: meld.cards[0].sort_key))
    return Arrangement(laid, tuple(from_mask(hand & ~melded)))


def best_arrangements(cards: Iterable[Card], rules: Rules = HOUSE) -> list[Arrangement]:
    """Every arrangement of these cards with the least deadwood (at least one).

    Raises:
        InvalidCardError: a card appears twice.
    """
    hand = to_mask(cards)
    melds = candidate_melds(hand, rules.round_the_corner)
    memo: dict[int, int] = {}
    unique = {tuple(sorted(chosen)) for chosen in _all_best(hand, melds, memo)}
    return [_arrangement(hand, chosen, rules) for chosen in sorted(unique)]


def best_arrangement(cards: Iterable[Card], rules: Rules = HOUSE) -> Arrangement:
    """One least-deadwood arrangement (the first of :func:`best_arrangements`)."""
    return best_arrangements(cards, rules)[0]


def all_melds(cards: Iterable[Card], rules: Rules = HOUSE) -> list[Meld]:
    """Every meld that can be made from these cards (overlapping ones included)."""
    hand = to_mask(cards)
    return [make_meld(from_mask(m), rules) for m in candidate_melds(hand, rules.round_the_corner)]


__all__ = [
    "CARD_POINTS",
    "NO_DISCARD",
    "Arrangement",
    "Meld",
    "MeldKind",
    "all_melds",
    "best_arrangement",
    "best_arrangements",
    "best_discards",
    "candidate_melds",
    "deadwood_by_discard",
    "least_deadwood",
    "least_arrangements_mask",
    "least_deadwood_mask",
    "least_deadwood_of",
    "least_discard_mask",
    "least_discard_of",
    "least_without",
    "make_meld",
    "meld_kind",
    "points",
]
