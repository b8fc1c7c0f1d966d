"""Fast play-outs of one hand on card masks, for the Expert's search.

A :class:`Deal` is one *determinisation*: a full, concrete hand (both players' cards,
the stock order, the discard pile) built by the Expert from its view plus sampled
hidden cards — never from the real hidden cards. :func:`play_out` plays it to the end
(on plain values, the deal unchanged: :func:`play_result`) with a fast policy for both
players (Standard's: take a face-up card that makes a meld or lets it knock at once;
discard the card leaving the least deadwood; knock as soon as allowed) and returns the
hand's score as seen by one player.

The rules of a hand are those of docs/rules.md §3 (upcard offer, draw, discard, knock/gin, big
gin, a void hand when a turn ends with two stock cards or fewer); the settlement of a
knock is the engine's own :func:`~app.engine.layoff.lay_down` (optimal layoffs, ties are
undercuts, the defender's melds count against gin).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..layoff import run_chain
from ..melds import (
    CARD_POINTS,
    NO_DISCARD,
    SUIT_BITS,
    least_arrangements_mask,
    least_deadwood_of,
    least_discard_of,
)
from ..rules import Rules
from ..scoring import HandKind, KnockLimit, Role, score_hand


@dataclass(slots=True)
class Deal:
    """A concrete hand in progress, on masks (bit ``card.index``).

    ``hands[p]`` is player ``p``'s cards; ``stock`` lists card bits, top first;
    ``pile`` the discard pile, top last. ``phase`` is ``"offer"``, ``"draw"`` or
    ``"discard"``; ``offers`` counts passes of the upcard so far; ``forced`` is set when
    both players passed the upcard and the starting player must draw from the stock;
    ``taken`` is the bit of the card taken from the pile this turn (0 when none).
    """

    hands: list[int]
    stock: list[int]
    pile: list[int]
    phase: str
    to_play: int
    starting: int
    offers: int
    forced: bool
    taken: int


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a play-out: ``winner`` (player index, ``None`` for a void hand),
    ``points`` scored by the winner, and how the hand ended."""

    winner: int | None
    points: int
    kind: HandKind


VOID: Final = Outcome(None, 0, HandKind.VOID)
VOID_AT: Final = 2


def _bit_index(bit: int) -> int:
    return bit.bit_length() - 1


def _meld_mates(wrap: bool) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """For each card index: the mask of the other three cards of its rank, and the
    pairs of cards (masks) that make a run of three with it (cyclic through K-A when
    ``wrap``): every meld holding the card holds such a set of three or run of three."""
    table: list[tuple[int, tuple[int, ...]]] = []
    for index in range(52):
        suit, rank = divmod(index, 13)
        mates = 0
        for other in range(4):
            if other != suit:
                mates |= 1 << (13 * other + rank)
        pairs: list[int] = []
        for low in (rank - 2, rank - 1, rank):
            ranks = [r for r in range(low, low + 3) if r != rank]
            if not wrap and (ranks[0] < 0 or ranks[1] > 12):
                continue
            pairs.append(1 << (13 * suit + ranks[0] % 13) | 1 << (13 * suit + ranks[1] % 13))
        table.append((mates, tuple(pairs)))
    return tuple(table)


_MELD_MATES: Final = (_meld_mates(False), _meld_mates(True))
""":func:`_meld_mates` without and with round-the-corner runs."""


def can_meld(hand: int, index: int, rules: Rules) -> bool:
    """True when card ``index`` (not in ``hand``) and cards of ``hand`` make a meld: two
    of its rank, or two next to it in its suit as a run of three. When False the card is
    deadwood in every arrangement of ``hand`` with it, so its least deadwood is
    ``hand``'s plus the card's points (the take rules' shortcut)."""
    return _can_meld(hand, index, rules.round_the_corner)


def _can_meld(hand: int, index: int, wrap: bool) -> bool:
    """:func:`can_meld`, round the corner when ``wrap``."""
    mates, pairs = _MELD_MATES[1 if wrap else 0][index]
    same = hand & mates
    if same & (same - 1):
        return True
    return any(hand & pair == pair for pair in pairs)


MOST_POINTS: Final = 10
"""The most points of one card: a discard lowers a hand's least deadwood by at most
this much (the card as deadwood in the hand without it)."""


def wants_card(hand: int, card: int, rules: Rules, limit: int, least: int = -1) -> bool:
    """The play-out policy's take rule: ``card`` (a bit) completes or extends a meld of
    the 10-card ``hand``, or taking it lets the player knock (or go gin) at once.
    ``least``: the least deadwood of ``hand`` when known (-1: computed here)."""
    return _wants(hand, card, rules.round_the_corner, limit, least)


def _wants(hand: int, card: int, wrap: bool, limit: int, least: int) -> bool:
    """:func:`wants_card`, round the corner when ``wrap``."""
    index = _bit_index(card)
    points = CARD_POINTS[index]
    with_card = hand | card
    if least < 0:
        least = least_deadwood_of(hand, wrap)
    if _can_meld(hand, index, wrap):
        after = least_deadwood_of(with_card, wrap)
        if after < least + points:
            return True
    else:
        after = least + points
    if after - MOST_POINTS > limit:
        return False  # no discard brings it within the limit
    # The best discard after taking it (memoised: the discard that follows asks again).
    return _best_discard(with_card, card, wrap) >> 6 <= limit


_DISCARDS: Final[dict[int, int]] = {}
"""Memo of :func:`best_discard` (play-outs from the same samples meet the same hands
again and again), keyed by one integer, each answer one integer
(:func:`~app.engine.melds.least_discard_of`); emptied when it reaches
:data:`MEMO_SIZE` entries."""
MEMO_SIZE: Final = 50_000
"""(About 12 MB at most: one decision of Expert fills a few thousand.)"""


def best_discard(hand: int, taken: int, rules: Rules) -> tuple[int, int]:
    """``(card bit, deadwood left)``: the discard leaving the least deadwood, ties to the
    higher card then the higher index; never ``taken`` (one card's bit, or 0 for none)
    (:func:`~app.engine.melds.least_discard_mask`, memoised)."""
    found = _best_discard(hand, taken, rules.round_the_corner)
    return (1 << (found & 63), found >> 6) if found != NO_DISCARD else (0, 999)


def _best_discard(hand: int, taken: int, wrap: bool) -> int:
    """:func:`best_discard` as :func:`~app.engine.melds.least_discard_of` answers it
    (``deadwood left << 6 | card index``), round the corner when ``wrap``, memoised."""
    # One integer: the hand's 52 bits, then taken's position (0 for none: 6 bits) and
    # round-the-corner (1 bit); under 2**62, so no tuple to build or hash.
    key = (hand << 6 | taken.bit_length()) << 1 | wrap
    found = _DISCARDS.get(key)
    if found is not None:
        return found
    if len(_DISCARDS) >= MEMO_SIZE:
        _DISCARDS.clear()
    found = _DISCARDS[key] = least_discard_of(hand, taken, wrap)
    return found


def _layoff_options(meld: int, defender: int, wrap: bool) -> list[int]:
    """Every layoff the ``defender`` mask could make onto one knocker's ``meld`` (a
    mask), each as a mask (0 first: none), as :func:`~app.engine.layoff.settle` tries
    them: the fourth card of a set of three; cards extending a run up and down,
    chained (cyclically when ``wrap``, never beyond 13 cards)."""
    suit = 0
    while not (meld >> 13 * suit) & SUIT_BITS:
        suit += 1
    pattern = meld >> 13 * suit & SUIT_BITS
    if meld & ~(SUIT_BITS << 13 * suit):
        # A set: every card of one rank, 13 bits apart.
        if meld.bit_count() == 4:
            return [0]
        rank = pattern.bit_length() - 1
        for other in range(4):
            fourth = 1 << (13 * other + rank)
            if not meld & fourth:
                return [0, fourth] if defender & fourth else [0]
        return [0]
    length = pattern.bit_count()
    if length >= 13:
        return [0]
    base = 13 * suit
    # The run's ends in sequence order (a cyclic run through K-A when ``wrap``).
    if wrap:
        top = next(p for p in range(13)
                   if pattern >> p & 1 and not pattern >> (p + 1) % 13 & 1)
        bottom = next(p for p in range(13)
                      if pattern >> p & 1 and not pattern >> (p - 1) % 13 & 1)
    else:
        top = pattern.bit_length() - 1
        bottom = (pattern & -pattern).bit_length() - 1

    up = run_chain(defender, base, top, +1, length, wrap)
    down = run_chain(defender, base, bottom, -1, length, wrap)
    options: list[int] = []
    for u in range(len(up) + 1):
        for d in range(len(down) + 1):
            picked = 0
            for bit in up[:u] + down[:d]:
                picked |= bit
            if picked.bit_count() == u + d and length + u + d <= 13:
                options.append(picked)
    return options


_KINDS: Final[tuple[HandKind, ...]] = tuple(HandKind)
"""Every way a hand ends, numbered by place (the low bits of a play-out's result)."""
_KNOCKER_WINS: Final = 1
"""The bit of a knock's score (:func:`_score`) set when the knocker wins it."""

_SCORES: Final[dict[int, tuple[Rules, int]]] = {}
"""Memo of :func:`_score`, keyed by one integer (the deadwood counts, big gin and the
knock limit), each entry with the rules it was scored under: a look-up hashes no
dataclass, and compares the rules only when they are another object (emptied at
:data:`SCORES_SIZE` entries)."""
SCORES_SIZE: Final = 4096


def _score(knocker: int, defender: int, rules: Rules, big_gin: bool,
           limit: KnockLimit) -> int:
    """:func:`~app.engine.scoring.score_hand` for these deadwood counts (each under
    128) in one integer, memoised: ``points << 4 | kind << 1 | knocker wins`` (the
    kind's place in :data:`_KINDS`; :data:`_KNOCKER_WINS`)."""
    if not 0 <= limit.limit < 128:
        return _scored(knocker, defender, rules, big_gin, limit)
    key = (((knocker << 7 | defender) << 1 | big_gin) << 7 | limit.limit) << 1 | limit.doubled
    found = _SCORES.get(key)
    if found is not None and (found[0] is rules or found[0] == rules):
        return found[1]
    result = _scored(knocker, defender, rules, big_gin, limit)
    if len(_SCORES) >= SCORES_SIZE:
        _SCORES.clear()
    _SCORES[key] = (rules, result)
    return result


def _scored(knocker: int, defender: int, rules: Rules, big_gin: bool,
            limit: KnockLimit) -> int:
    score = score_hand(knocker, defender, rules, big_gin=big_gin, limit=limit)
    assert score.winner is not None
    return (score.points << 4 | _KINDS.index(score.kind) << 1
            | (_KNOCKER_WINS if score.winner is Role.KNOCKER else 0))


def settle_masks(hand: int, defender: int, rules: Rules, limit: KnockLimit,
                 knocker: int = -1, before: int = -1) -> tuple[Role, int, HandKind]:
    """``(winner, points, kind)`` of a knock (gin, big gin) by ``hand`` (a mask of 10
    cards, 11 for big gin) against the 10-card ``defender`` mask: the result of the
    engine's :func:`~app.engine.layoff.lay_down` (the knocker's least-deadwood
    arrangement that leaves the defender the most deadwood after the defender's best
    layoffs; none against gin), computed on masks without building melds (the play-outs'
    settlement; ``tests/unit/engine/test_fast_core.py`` checks it against ``lay_down``).
    ``knocker`` and ``before``: the least deadwood of ``hand`` and of ``defender`` when
    known (-1: computed here)."""
    score = _settle(hand, defender, rules, limit, knocker, before)
    return (Role.KNOCKER if score & _KNOCKER_WINS else Role.DEFENDER, score >> 4,
            _KINDS[score >> 1 & 7])


def _settle(hand: int, defender: int, rules: Rules, limit: KnockLimit, knocker: int,
            before: int) -> int:
    """:func:`settle_masks` as :func:`_score` answers it (one integer)."""
    wrap = rules.round_the_corner
    if knocker < 0:
        knocker = least_deadwood_of(hand, wrap)
    if before < 0:
        before = least_deadwood_of(defender, wrap)
    big_gin = hand.bit_count() == 11
    if knocker == 0 or before == 0:
        return _score(knocker, before, rules, big_gin, limit)
    worst = 0
    for chosen in least_arrangements_mask(hand, knocker, rules):
        choices = [0]
        for meld in chosen:
            options = _layoff_options(meld, defender, wrap)
            if len(options) > 1:
                choices = [c | o for c in choices for o in options if not c & o]
        best = before
        for choice in choices:
            if choice:
                value = least_deadwood_of(defender ^ choice, wrap)
                if value < best:
                    best = value
        if best > worst:
            worst = best
            if worst == before:
                break
    return _score(knocker, worst, rules, big_gin, limit)


VOID_RESULT: Final = 4
"""A void hand as :func:`play_result` answers it (no winner, no points, the kind
``VOID``: :func:`outcome_of` reads it back)."""


def _knock(player: int, hand: int, defender: int, rules: Rules, limit: KnockLimit,
           least: int, defender_least: int) -> int:
    """The result (as :func:`play_result`) of a knock (gin, big gin) by ``player``
    holding ``hand`` against the ``defender`` mask (:func:`settle_masks`; ``least`` and
    ``defender_least`` the two hands' least deadwood when known, else -1)."""
    score = _settle(hand, defender, rules, limit, least, defender_least)
    winner = player if score & _KNOCKER_WINS else 1 - player
    return (score >> 4) << 5 | (winner + 1) << 3 | (score >> 1 & 7)


def outcome_of(result: int) -> Outcome:
    """The :class:`Outcome` of a play-out's result in one integer (:func:`play_result`)."""
    seat = result >> 3 & 3
    return Outcome(None if seat == 0 else seat - 1, result >> 5, _KINDS[result & 7])


def melds_with(hand: int, card: int, rules: Rules, least: int = -1) -> bool:
    """The simple player's take rule: ``card`` (a bit) completes or extends a meld of the
    10-card ``hand`` (it lowers the least deadwood by its whole value). ``least``: the
    least deadwood of ``hand`` when known (-1: computed here)."""
    return _melds_with(hand, card, rules.round_the_corner, least)


def _melds_with(hand: int, card: int, wrap: bool, least: int) -> bool:
    """:func:`melds_with`, round the corner when ``wrap``."""
    index = _bit_index(card)
    if not _can_meld(hand, index, wrap):
        return False
    if least < 0:
        least = least_deadwood_of(hand, wrap)
    return least_deadwood_of(hand | card, wrap) < least + CARD_POINTS[index]


_OFFER: Final = 0
_DRAW: Final = 1
_DISCARD: Final = 2
"""A hand's phases in a play-out (:attr:`Deal.phase` ``"offer"``, ``"draw"``,
``"discard"``)."""


def _phase(name: str) -> int:
    """The number of :attr:`Deal.phase` ``name`` (:data:`_OFFER`, ...)."""
    return _OFFER if name == "offer" else _DRAW if name == "draw" else _DISCARD


def _play(hand0: int, hand1: int, stock: list[int], drawn: int, top: int, phase: int,
          player: int, starting: int, offers: int, forced: bool, taken: int,
          rules: Rules, limit: KnockLimit, patient: int, knock_at: int) -> int:
    """Play a hand to its end from this state (:func:`play_out`'s loop, on plain
    values: nothing is allocated on the way): the two hands' masks, ``stock`` (card
    bits, top first; the cards before ``drawn`` are gone, the list is not changed),
    ``top`` the face-up card (0: none), the phase (:data:`_OFFER`, ...), the player to
    act, the starting player, the upcard's passes so far, whether the draw is forced
    from the stock, the card taken from the pile this turn (0: none). ``patient``: the
    patient player's index, -1 for none. Returns the result as :func:`play_result`.

    The card under the face-up one is never needed: a card taken from the pile is
    always followed by a discard on it (or the hand ends)."""
    wrap = rules.round_the_corner
    big = rules.big_gin
    limit_at = limit.limit
    size = len(stock)
    # Each player's least deadwood while holding 10 cards (-1: not known yet): the
    # deadwood a discard leaves is the one its next turn starts from.
    least0 = least1 = -1
    while True:
        hand = hand0 if player == 0 else hand1
        if phase == _DISCARD:
            other = hand1 if player == 0 else hand0
            other_least = least1 if player == 0 else least0
            if big and least_deadwood_of(hand, wrap) == 0:
                return _knock(player, hand, other, rules, limit, 0, other_least)
            found = _best_discard(hand, taken, wrap)
            card = 1 << (found & 63)
            left = found >> 6
            threshold = knock_at if player == patient and knock_at < limit_at else limit_at
            hand ^= card
            if left == 0 or left <= threshold:
                return _knock(player, hand, other, rules, limit, left, other_least)
            if size - drawn <= VOID_AT:
                return VOID_RESULT
            if player == 0:
                hand0 = hand
                least0 = left
            else:
                hand1 = hand
                least1 = left
            top = card
            taken = 0
            forced = False
            phase = _DRAW
            player = 1 - player
            continue
        take = top != 0 and not (phase == _DRAW and forced)
        if take:
            mine = least0 if player == 0 else least1
            if mine < 0:
                mine = least_deadwood_of(hand, wrap)
                if player == 0:
                    least0 = mine
                else:
                    least1 = mine
            if patient < 0 or player == patient:
                take = _wants(hand, top, wrap, limit_at, mine)
            else:
                take = _melds_with(hand, top, wrap, mine)
        if phase == _OFFER and not take:
            offers += 1
            if offers == 1:
                player = 1 - player
            else:
                player = starting
                phase = _DRAW
                forced = True
            continue
        if take:
            hand |= top
            taken = top
            top = 0
        else:
            if drawn == size:
                return VOID_RESULT
            hand |= stock[drawn]
            drawn += 1
            taken = 0
        if player == 0:
            hand0 = hand
        else:
            hand1 = hand
        phase = _DISCARD


def play_out(deal: Deal, rules: Rules, limit: KnockLimit, patient: int | None = None,
             knock_at: int = 0) -> Outcome:
    """Play ``deal`` (not changed) to the end of the hand; returns the outcome.

    Without ``patient`` both players follow Standard's policy (take a face-up card
    that makes a meld or lets them knock at once, discard the card leaving the least
    deadwood, knock as soon as allowed). With ``patient`` (a player index) that player
    — the searcher — is *patient*: it takes as Standard does but knocks only when its
    deadwood is at most ``knock_at`` (gin always), and the other player follows the
    simple rule: take a face-up card only when it makes a meld, knock as soon as
    allowed. A hand ends void when a discard leaves :data:`VOID_AT` stock cards or
    fewer, or a player must draw from an empty stock."""
    return outcome_of(_play(deal.hands[0], deal.hands[1], deal.stock, 0,
                            deal.pile[-1] if deal.pile else 0, _phase(deal.phase),
                            deal.to_play, deal.starting, deal.offers, deal.forced,
                            deal.taken, rules, limit, -1 if patient is None else patient,
                            knock_at))


def play_after(base: Deal, move: str, card: int, rules: Rules, limit: KnockLimit,
               patient: int | None = None, knock_at: int = 0) -> Outcome:
    """The outcome of ``base`` (not changed) after the player to act makes ``move``,
    played to the end (:func:`play_out` with ``patient`` and ``knock_at``):
    ``"take"`` the face-up card, ``"stock"`` a stock draw, ``"pass"`` the upcard,
    ``"big gin"`` (settled at once), or ``"discard"``, ``"knock"`` or ``"gin"`` with
    ``card`` (a bit). :func:`play_result` in an :class:`Outcome`."""
    return outcome_of(play_result(base, move, card, rules, limit,
                                  -1 if patient is None else patient, knock_at))


def play_result(base: Deal, move: str, card: int, rules: Rules, limit: KnockLimit,
                patient: int = -1, knock_at: int = 0) -> int:
    """:func:`play_after` (``patient`` -1 for none) in one integer: ``points << 5 |
    (winner + 1) << 3 | kind`` (the winner's index, 0 for none, and the place of the
    hand's :class:`~app.engine.scoring.HandKind` in the enumeration; a void hand is
    :data:`VOID_RESULT`); :func:`outcome_of` reads it back. One call of the compiled
    core for each of the search's play-outs
    (:meth:`~app.engine.bots.expert.Playouts.value`), which allocates nothing on the
    way: ``base`` is not copied."""
    player = base.to_play
    hand0, hand1 = base.hands[0], base.hands[1]
    hand = hand0 if player == 0 else hand1
    other = hand1 if player == 0 else hand0
    stock = base.stock
    drawn = 0
    pile = base.pile
    top = pile[-1] if pile else 0
    phase = _phase(base.phase)
    offers = base.offers
    forced = base.forced
    taken = base.taken
    if move == "take":
        hand |= top
        taken = top
        top = 0  # the card under it is never needed (see _play)
        phase = _DISCARD
    elif move == "stock":
        hand |= stock[0]
        drawn = 1
        taken = 0
        phase = _DISCARD
    elif move == "pass":
        offers += 1
        if offers == 1:
            player = 1 - player
        else:
            player = base.starting
            phase = _DRAW
            forced = True
    elif move == "big gin":
        return _knock(player, hand, other, rules, limit, -1, -1)
    else:
        hand ^= card
        if move != "discard":
            return _knock(player, hand, other, rules, limit, -1, -1)
        if len(stock) <= VOID_AT:
            return VOID_RESULT
        top = card
        taken = 0
        forced = False
        phase = _DRAW
    if base.to_play == 0:
        hand0 = hand
    else:
        hand1 = hand
    if move != "pass" and move != "take" and move != "stock":
        player = 1 - player
    return _play(hand0, hand1, stock, drawn, top, phase, player, base.starting, offers,
                 forced, taken, rules, limit, patient, knock_at)


def play_results(base: Deal, moves: list[tuple[str, int]], among: list[int], rules: Rules,
                 limit: KnockLimit, patient: int = -1, knock_at: int = 0) -> list[int]:
    """:func:`play_result` of ``base`` after each of ``moves`` (``(move, card bit)``) at
    the places ``among``, in that order: one call of the compiled core for all the
    candidates of a search on one sample."""
    return [play_result(base, moves[i][0], moves[i][1], rules, limit, patient, knock_at)
            for i in among]


__all__ = ["VOID", "VOID_RESULT", "Deal", "Outcome", "best_discard", "can_meld", "melds_with",
           "outcome_of", "play_after", "play_out", "play_result", "play_results",
           "settle_masks", "wants_card"]
