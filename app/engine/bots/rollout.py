"""Fast play-outs of one hand on card masks, for the Expert's search.

A :class:`Deal` is one *determinisation*: a full, concrete hand (both players' cards,
the stock order, the discard pile) built by the Expert from its view plus sampled
hidden cards — never from the real hidden cards. :func:`play_out` plays it to the end
with a fast policy for both players (Standard's: take a face-up card that makes a meld
or lets it knock at once; discard the card leaving the least deadwood; knock as soon as
allowed) and returns the hand's score as seen by one player.

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
    SUIT_BITS,
    least_arrangements_mask,
    least_deadwood_mask,
    least_discard_mask,
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

    def copy(self) -> Deal:
        """An independent copy (play-outs change a deal in place)."""
        return Deal(list(self.hands), list(self.stock), list(self.pile), self.phase,
                    self.to_play, self.starting, self.offers, self.forced, self.taken)


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
    mates, pairs = _MELD_MATES[1 if rules.round_the_corner else 0][index]
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
    index = _bit_index(card)
    points = CARD_POINTS[index]
    with_card = hand | card
    if least < 0:
        least = least_deadwood_mask(hand, rules)
    if can_meld(hand, index, rules):
        after = least_deadwood_mask(with_card, rules)
        if after < least + points:
            return True
    else:
        after = least + points
    if after - MOST_POINTS > limit:
        return False  # no discard brings it within the limit
    # The best discard after taking it (memoised: the discard that follows asks again).
    return best_discard(with_card, card, rules)[1] <= limit


_DISCARDS: Final[dict[int, tuple[int, int]]] = {}
"""Memo of :func:`best_discard` (play-outs from the same samples meet the same hands
again and again), keyed by one integer (:func:`best_discard`); emptied when it reaches
:data:`MEMO_SIZE` entries."""
MEMO_SIZE: Final = 50_000
"""(About 12 MB at most: one decision of Expert fills a few thousand.)"""


def best_discard(hand: int, taken: int, rules: Rules) -> tuple[int, int]:
    """``(card bit, deadwood left)``: the discard leaving the least deadwood, ties to the
    higher card then the higher index; never ``taken`` (one card's bit, or 0 for none)
    (:func:`~app.engine.melds.least_discard_mask`, memoised)."""
    # One integer: the hand's 52 bits, then taken's position (0 for none: 6 bits) and
    # round-the-corner (1 bit); under 2**62, so no tuple to build or hash.
    key = (hand << 6 | taken.bit_length()) << 1 | rules.round_the_corner
    found = _DISCARDS.get(key)
    if found is not None:
        return found
    if len(_DISCARDS) >= MEMO_SIZE:
        _DISCARDS.clear()
    found = _DISCARDS[key] = least_discard_mask(hand, taken, rules)
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


_SCORES: Final[dict[int, tuple[Rules, tuple[Role, int, HandKind]]]] = {}
"""Memo of :func:`_score`, keyed by one integer (the deadwood counts, big gin and the
knock limit), each entry with the rules it was scored under: a look-up hashes no
dataclass, and compares the rules only when they are another object (emptied at
:data:`SCORES_SIZE` entries)."""
SCORES_SIZE: Final = 4096


def _score(knocker: int, defender: int, rules: Rules, big_gin: bool,
           limit: KnockLimit) -> tuple[Role, int, HandKind]:
    """``(winner, points, kind)`` of :func:`~app.engine.scoring.score_hand` for these
    deadwood counts (each under 128), memoised."""
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
            limit: KnockLimit) -> tuple[Role, int, HandKind]:
    score = score_hand(knocker, defender, rules, big_gin=big_gin, limit=limit)
    assert score.winner is not None
    return score.winner, score.points, score.kind


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
    if knocker < 0:
        knocker = least_deadwood_mask(hand, rules)
    if before < 0:
        before = least_deadwood_mask(defender, rules)
    big_gin = hand.bit_count() == 11
    if knocker == 0 or before == 0:
        return _score(knocker, before, rules, big_gin, limit)
    wrap = rules.round_the_corner
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
                value = least_deadwood_mask(defender ^ choice, rules)
                if value < best:
                    best = value
        if best > worst:
            worst = best
            if worst == before:
                break
    return _score(knocker, worst, rules, big_gin, limit)


def settle_knock(knocker: int, hand: int, defender: int, rules: Rules,
                 limit: KnockLimit, least: int = -1, defender_least: int = -1) -> Outcome:
    """Score a knock (or gin / big gin) by ``knocker`` holding ``hand`` against the
    ``defender`` mask, as the engine's own settlement scores it (:func:`settle_masks`;
    ``least`` and ``defender_least``: the two hands' least deadwood when known, else
    -1)."""
    winner, points, kind = settle_masks(hand, defender, rules, limit, least, defender_least)
    return Outcome(knocker if winner is Role.KNOCKER else 1 - knocker, points, kind)


def discard_and_end(deal: Deal, card: int, out: str, rules: Rules, limit: KnockLimit,
                    left: int = -1, defender_least: int = -1) -> Outcome | None:
    """The player to act discards ``card`` (a bit) — with ``out`` ``"knock"``/``"gin"``
    they go out, ``"discard"`` just discards. Returns the outcome when the hand ends
    (a knock, or a void hand), else ``None`` with the turn passed on. ``left`` and
    ``defender_least``: the least deadwood of the hand the discard leaves and of the
    other player's hand, when known (-1: computed by the settlement if needed)."""
    player = deal.to_play
    deal.hands[player] ^= card
    deal.pile.append(card)
    deal.taken = 0
    deal.forced = False
    if out != "discard":
        return settle_knock(player, deal.hands[player], deal.hands[1 - player], rules, limit,
                            left, defender_least)
    if len(deal.stock) <= VOID_AT:
        return VOID
    deal.phase = "draw"
    deal.to_play = 1 - player
    return None


def draw(deal: Deal, from_pile: bool) -> None:
    """The player to act takes the face-up card (``from_pile``) or the top stock card."""
    player = deal.to_play
    if from_pile:
        card = deal.pile.pop()
        deal.taken = card
    else:
        card = deal.stock.pop(0)
        deal.taken = 0
    deal.hands[player] |= card
    deal.phase = "discard"


def pass_upcard(deal: Deal) -> None:
    """The player to act declines the upcard on offer."""
    deal.offers += 1
    if deal.offers == 1:
        deal.to_play = 1 - deal.to_play
    else:
        deal.to_play = deal.starting
        deal.phase = "draw"
        deal.forced = True


def melds_with(hand: int, card: int, rules: Rules, least: int = -1) -> bool:
    """The simple player's take rule: ``card`` (a bit) completes or extends a meld of the
    10-card ``hand`` (it lowers the least deadwood by its whole value). ``least``: the
    least deadwood of ``hand`` when known (-1: computed here)."""
    index = _bit_index(card)
    if not can_meld(hand, index, rules):
        return False
    if least < 0:
        least = least_deadwood_mask(hand, rules)
    return least_deadwood_mask(hand | card, rules) < least + CARD_POINTS[index]


def policy_discard(deal: Deal, rules: Rules, limit: KnockLimit,
                   knock_at: int | None = None) -> Outcome | None:
    """The play-out policy in the discard phase: big gin, gin, a knock when the
    deadwood left is at most ``knock_at`` (default: the knock limit, i.e. as soon as
    allowed), else the discard leaving the least deadwood."""
    return _policy_discard(deal, rules, limit, knock_at)[0]


def _policy_discard(deal: Deal, rules: Rules, limit: KnockLimit,
                    knock_at: int | None, other: int = -1) -> tuple[Outcome | None, int]:
    """:func:`policy_discard`, and the least deadwood of the hand it leaves. ``other``:
    the least deadwood of the other player's hand when known (-1: not known)."""
    hand = deal.hands[deal.to_play]
    if rules.big_gin and least_deadwood_mask(hand, rules) == 0:
        return settle_knock(deal.to_play, hand, deal.hands[1 - deal.to_play], rules,
                            limit, 0, other), 0
    card, left = best_discard(hand, deal.taken, rules)
    threshold = limit.limit if knock_at is None else min(knock_at, limit.limit)
    if left == 0:
        out = "gin"
    elif left <= threshold:
        out = "knock"
    else:
        out = "discard"
    return discard_and_end(deal, card, out, rules, limit, left, other), left


def play_out(deal: Deal, rules: Rules, limit: KnockLimit, patient: int | None = None,
             knock_at: int = 0) -> Outcome:
    """Play ``deal`` (changed in place) to the end of the hand; returns the outcome.

    Without ``patient`` both players follow Standard's policy (take a face-up card
    that makes a meld or lets them knock at once, discard the card leaving the least
    deadwood, knock as soon as allowed). With ``patient`` (a player index) that player
    — the searcher — is *patient*: it takes as Standard does but knocks only when its
    deadwood is at most ``knock_at`` (gin always), and the other player follows the
    simple rule: take a face-up card only when it makes a meld, knock as soon as
    allowed."""
    limit_at = limit.limit
    # Each player's least deadwood while holding 10 cards (-1: not known yet): the
    # deadwood a discard leaves is the one its next turn starts from.
    least = [-1, -1]
    while True:
        phase = deal.phase
        player = deal.to_play
        if phase == "discard":
            outcome, left = _policy_discard(deal, rules, limit,
                                            knock_at if player == patient else None,
                                            least[1 - player])
            if outcome is not None:
                return outcome
            least[player] = left
            continue
        hand = deal.hands[player]
        top = deal.pile[-1] if deal.pile else 0
        take = top != 0 and not (phase == "draw" and deal.forced)
        if take:
            mine = least[player]
            if mine < 0:
                mine = least[player] = least_deadwood_mask(hand, rules)
            if patient is None or player == patient:
                take = wants_card(hand, top, rules, limit_at, mine)
            else:
                take = melds_with(hand, top, rules, mine)
        if phase == "offer" and not take:
            pass_upcard(deal)
            continue
        if not deal.stock and not take:
            return VOID
        draw(deal, take)


def play_after(base: Deal, move: str, card: int, rules: Rules, limit: KnockLimit,
               patient: int | None = None, knock_at: int = 0) -> Outcome:
    """The outcome of a copy of ``base`` (``base`` is not changed) after the player to
    act makes ``move``, played to the end (:func:`play_out` with ``patient`` and
    ``knock_at``): ``"take"`` the face-up card, ``"stock"`` a stock draw, ``"pass"``
    the upcard, ``"big gin"`` (settled at once), or ``"discard"``, ``"knock"`` or
    ``"gin"`` with ``card`` (a bit; :func:`discard_and_end`). One call of the compiled
    core for each of the search's play-outs (:meth:`~app.engine.bots.expert.Playouts.value`)."""
    deal = base.copy()
    if move == "take":
        draw(deal, True)
    elif move == "stock":
        draw(deal, False)
    elif move == "pass":
        pass_upcard(deal)
    elif move == "big gin":
        me = deal.to_play
        return settle_knock(me, deal.hands[me], deal.hands[1 - me], rules, limit)
    else:
        outcome = discard_and_end(deal, card, move, rules, limit)
        if outcome is not None:
            return outcome
    return play_out(deal, rules, limit, patient, knock_at)


__all__ = ["Deal", "Outcome", "VOID", "best_discard", "discard_and_end", "draw",
           "melds_with", "pass_upcard", "play_after", "play_out", "policy_discard", "settle_knock",
           "settle_masks", "wants_card"]
