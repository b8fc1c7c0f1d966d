"""The play screen model (issue 3, SPEC §7): everything the play template shows, built
from the person's :class:`PlayerView` only. While a hand is in progress no value built
here holds the computer's cards or the stock (only its size); the settlement becomes
visible once the hand is over, as in the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from app.engine import (
    Card,
    HandKind,
    HandResult,
    MatchState,
    Meld,
    Phase,
    PlayerView,
    Rules,
    best_arrangement,
    make_meld,
    match_view,
)
from app.engine.hand import BigGin, Discard, DrawStock, Gin, Knock, Pass, TakeDiscard, TakeUpcard
from app.guide import guide_link_for
from app.play.common import COMPUTER, LEVEL_LABELS, PERSON, SORTS, Loaded
from app.play.fairness import FairBox, fair_box
from app.play.words import hand_note, limit_note, meld_text, rules_summary, step_line

SORT_LABELS = {"rank": "Sort by rank", "suit": "Sort by suit", "melds": "Melds first"}

@dataclass(frozen=True, slots=True)
class HandCard:
    """One card of the person's hand as shown: ``meld`` numbers its meld (1..), 0 deadwood."""

    code: str
    selected: bool
    meld: int
    group_start: bool = False
    new: bool = False


@dataclass(frozen=True, slots=True)
class LaidMeld:
    """A meld on the result panel: ``cards`` in table order, layoffs included; ``laid_off``
    names those of them the defender laid off."""

    kind: str
    cards: tuple[str, ...]
    laid_off: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Side:
    """One player's hand on the result panel."""

    who: str
    role: str
    melds: tuple[LaidMeld, ...]
    deadwood_cards: tuple[str, ...]
    deadwood: int
    note: str = ""


@dataclass(frozen=True, slots=True)
class ResultPanel:
    """The end of a hand: headline, arithmetic and both hands (public once the hand ends)."""

    void: bool
    headline: str
    arithmetic: str
    sides: tuple[Side, ...]


@dataclass(frozen=True, slots=True)
class MatchEnd:
    """The end of a match: who won, the final totals and any bonuses."""

    headline: str
    lines: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Screen:
    """Everything the play template shows (built from the person's view only)."""

    version: int
    level: str
    level_label: str
    hand_number: int
    target: int
    scores: tuple[int, int]
    you_deal: bool
    phase: str
    status: str
    help_link: str
    notice: str
    computer_said: str
    stock_count: int
    top_discard: str | None
    discard_count: int
    computer_cards: int
    computer_known: tuple[str, ...]
    hand: tuple[HandCard, ...]
    melds_text: str
    deadwood: int
    hand_note: str
    sort: str
    sorts: tuple[tuple[str, str, bool], ...]
    enabled: dict[str, bool]
    take_label: str
    big_gin: bool
    limit_note: str
    rules_summary: tuple[tuple[str, str], ...]
    result: ResultPanel | None
    match_end: MatchEnd | None
    over: bool
    match_over: bool
    fair: FairBox


def _sort_key(sort: str) -> Any:
    if sort == "suit":
        return lambda card: (card.suit.index, card.rank.number)
    return lambda card: (card.rank.number, card.suit.index)


def _ordered_hand(cards: Sequence[Card], rules: Rules, sort: str,
                  selected: str | None) -> tuple[tuple[HandCard, ...], str, int]:
    arrangement = best_arrangement(cards, rules)
    meld_of: dict[Card, int] = {}
    for number, meld in enumerate(arrangement.melds, start=1):
        for card in meld.cards:
            meld_of[card] = number
    key = _sort_key(sort)
    out: list[HandCard] = []
    if sort == "melds":
        for number, meld in enumerate(arrangement.melds, start=1):
            for i, card in enumerate(meld.cards):
                out.append(HandCard(str(card), str(card) == selected, number, i == 0))
        for i, card in enumerate(sorted(arrangement.deadwood_cards, key=key)):
            out.append(HandCard(str(card), str(card) == selected, 0,
                                i == 0 and bool(arrangement.melds)))
    else:
        out = [HandCard(str(card), str(card) == selected, meld_of.get(card, 0))
               for card in sorted(cards, key=key)]
    parts = [meld_text(meld.kind, meld.cards) for meld in arrangement.melds]
    melds_text = ("Melds: " + "; ".join(parts)) if parts else "No melds yet"
    return tuple(out), melds_text, arrangement.deadwood



def _who(player: int) -> str:
    return "You" if player == PERSON else "Computer"


def _with_layoffs(meld: Meld, laid_off: list[str],
                  rules: Rules) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The meld's cards in table order with the laid-off ones in place (5 6 7 8 9, not
    6 7 8 9 5), and the laid-off codes that the template marks."""
    if not laid_off:
        return tuple(str(c) for c in meld.cards), ()
    grown = make_meld([*meld.cards, *(Card.parse(code) for code in laid_off)], rules)
    return tuple(str(c) for c in grown.cards), tuple(laid_off)


def result_panel(result: HandResult, rules: Rules) -> ResultPanel:
    """The end of a hand as shown: headline, score arithmetic and both hands laid out
    (knocker's melds with layoffs in place; SPEC §4)."""
    if result.knocker is None or result.settlement is None:
        sides = tuple(
            Side(_who(p), "", (), tuple(str(c) for c in result.hands[p]),
                 sum(c.points for c in result.hands[p]))
            for p in (PERSON, COMPUTER)
        )
        return ResultPanel(True, "Void hand: no score",
                           "The stock is down to two cards and nobody knocked: nobody "
                           "scores, and the same dealer deals again.", sides)
    s = result.settlement
    knocker, defender = result.knocker, 1 - result.knocker
    laid: dict[int, list[str]] = {}
    for card, index in s.layoffs:
        laid.setdefault(index, []).append(str(card))
    knocker_melds = tuple(
        LaidMeld(meld.kind.value, *_with_layoffs(meld, laid.get(i, []), rules))
        for i, meld in enumerate(s.knocker_melds)
    )
    defender_melds = tuple(
        LaidMeld(meld.kind.value, tuple(str(c) for c in meld.cards)) for meld in s.defender_melds
    )
    kind = result.kind
    verb = {HandKind.GIN: "went gin", HandKind.BIG_GIN: "went big gin"}.get(kind, "knocked")
    knocker_side = Side(_who(knocker), verb, knocker_melds,
                        tuple(str(c) for c in s.knocker_deadwood_cards), s.knocker_deadwood)
    note = ""
    if s.layoffs:
        note = (f"laid off {len(s.layoffs)} card{'s' if len(s.layoffs) != 1 else ''}; "
                f"{s.defender_deadwood_before_layoffs} before layoffs")
    defender_side = Side(_who(defender), "defended", defender_melds,
                         tuple(str(c) for c in s.defender_deadwood_cards), s.defender_deadwood,
                         note)
    winner = result.winner
    if winner is None:  # pragma: no cover - a knocked hand always has a winner
        headline = "No score"
    else:
        scorer = "You score" if winner == PERSON else "Computer scores"
        what = {HandKind.GIN: "Gin", HandKind.BIG_GIN: "Big gin", HandKind.KNOCK: "Knock",
                HandKind.UNDERCUT: "Undercut"}.get(kind, kind.value.title())
        if kind is HandKind.UNDERCUT:
            who_knocked = "You" if knocker == PERSON else "The computer"
            headline = f"Undercut! {who_knocked} knocked; {scorer.lower()} {result.points}"
        elif winner == PERSON:
            headline = f"{what}! You score {result.points}"
        else:
            headline = f"{what} by the computer: it scores {result.points}"
    sides = (knocker_side, defender_side) if knocker == PERSON else (defender_side, knocker_side)
    return ResultPanel(False, headline, result.score.arithmetic, sides)


def _match_end(match: MatchState) -> MatchEnd:
    t = match.tally
    you, comp = t.final[PERSON], t.final[COMPUTER]
    if t.winner == PERSON:
        headline = f"You won the match, {you} to {comp}"
    else:
        headline = f"The computer won the match, {comp} to {you}"
    lines = [f"Hand points: you {t.points[PERSON]}, computer {t.points[COMPUTER]}."]
    if any(t.box_bonus):
        lines.append(f"Boxes: you {t.boxes[PERSON]} ({t.box_bonus[PERSON]}), "
                     f"computer {t.boxes[COMPUTER]} ({t.box_bonus[COMPUTER]}).")
    if any(t.game_bonus):
        lines.append(f"Game bonus: {max(t.game_bonus)}.")
    if t.shutout:
        lines.append("Shutout: the winner's total is doubled.")
    lines.append(f"Margin: {t.margin}.")
    return MatchEnd(headline, tuple(lines))


def _guide_step(view: PlayerView, match: MatchState) -> str:
    """The guide section that explains the current step (see :func:`guide_link_for`)."""
    if match.over:
        return "match_over"
    if view.phase is Phase.OVER and (view.result is None or view.result.winner is None):
        return "void"
    return view.phase.value



def screen(loaded: Loaded, notice: str = "") -> Screen:
    """The play screen for the person (player 0), from their :class:`PlayerView` only."""
    row, game, match = loaded.seat, loaded.game, loaded.match
    view = match_view(match, PERSON)
    rules = view.rules
    selected = Card.parse(row.selected) if row.selected else None
    if selected is not None and selected not in view.hand:
        selected = None
    over = view.phase is Phase.OVER
    hand: tuple[HandCard, ...] = ()
    melds_text, deadwood = "", 0
    if not over:
        hand, melds_text, deadwood = _ordered_hand(view.hand, rules, row.sort,
                                                   str(selected) if selected else None)
        if view.drawn is not None:  # mark the card just drawn, so it is easy to find
            hand = tuple(replace(c, new=True) if c.code == str(view.drawn) else c
                         for c in hand)
    legal = set(view.legal)
    enabled = {
        "take_upcard": TakeUpcard() in legal,
        "pass": Pass() in legal,
        "draw_stock": DrawStock() in legal,
        "take_discard": TakeDiscard() in legal,
        "discard": selected is not None and Discard(selected) in legal,
        "knock": selected is not None and Knock(selected) in legal,
        "gin": selected is not None and Gin(selected) in legal,
        "big_gin": BigGin() in legal,
        "next_hand": over and not match.over,
    }
    step = step_line(view, match)
    status = f"{notice} {step}" if notice else step
    top = view.top_discard
    return Screen(
        version=row.version,
        level=game.level,
        level_label=LEVEL_LABELS.get(game.level, game.level),
        hand_number=match.hand_number,
        target=rules.target,
        scores=(view.scores[PERSON], view.scores[COMPUTER]),
        you_deal=view.dealer == PERSON,
        phase=view.phase.value,
        status=status,
        help_link=guide_link_for(_guide_step(view, match)),
        notice=notice,
        computer_said=row.computer_said,
        stock_count=view.stock_count,
        top_discard=str(top) if top is not None else None,
        discard_count=len(view.discard_pile),
        computer_cards=view.opponent_card_count,
        computer_known=tuple(str(c) for c in sorted(view.opponent_known,
                                                    key=lambda c: c.index)) if not over else (),
        hand=hand,
        melds_text=melds_text,
        deadwood=deadwood,
        hand_note=hand_note(view, selected, deadwood) if not over else "",
        sort=row.sort,
        sorts=tuple((key, SORT_LABELS[key], key == row.sort) for key in SORTS),
        enabled=enabled,
        take_label="Take upcard" if view.phase is Phase.UPCARD_OFFER else "Take discard",
        big_gin=rules.big_gin,
        limit_note=limit_note(view),
        rules_summary=rules_summary(rules, game.level),
        result=result_panel(view.result, rules) if over and view.result is not None else None,
        match_end=_match_end(match) if match.over else None,
        over=over,
        match_over=match.over,
        fair=fair_box(loaded),
    )


