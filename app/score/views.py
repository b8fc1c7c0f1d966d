"""What the Score templates show about a computed sheet (issue 5): a hand in words
(:func:`describe`), the end of a game (:func:`game_result`), a line for lists
(:func:`summary`), the options (:func:`rules_line`) and cards for reading
(:func:`card_list`). No I/O here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from markupsafe import Markup

from app.engine import Card, Rank
from app.score.sheet import EntryKind, HandRow, ScoreSheet, SheetResult
from app.web import rulewords


@lru_cache(maxsize=256)
def result_of(sheet: ScoreSheet) -> SheetResult:
    """``sheet.result()``, computed once per sheet (sheets are immutable values)."""
    return sheet.result()


def card_list(cards: Sequence[Card]) -> Markup:
    """Cards for reading: ``5♥ 6♥ 7♥`` on screen, each read out by its full name."""
    return Markup(" ").join(
        Markup('<span class="mini-card{}" role="img" aria-label="{}">{}{}</span>').format(
            " mini-card--red" if card.suit.is_red else "", card.name,
            "10" if card.rank is Rank.TEN else card.rank.value, card.suit.symbol + "\ufe0e")
        for card in cards)


@dataclass(frozen=True)
class RowView:
    """One hand as the sheet table shows it."""

    row: HandRow
    what: str
    """``"Ann knocks on 6, Bob 28"``."""
    outcome: str
    """``"Knock: Ann +22"``."""


KIND_LABELS = {"knock": "Knock", "undercut": "Undercut", "gin": "Gin", "big_gin": "Big gin",
               "void": "Void hand"}


def describe(row: HandRow, names: tuple[str, ...]) -> RowView:
    """Words for one hand: what was entered and how it was scored."""
    entry = row.entry
    upcard = f" (upcard {entry.upcard.name.lower()})" if entry.upcard else ""
    if row.knocker is None or row.defender is None:
        what = f"No knock: void hand{upcard}"
        outcome = "Void hand: no score"
    else:
        k, d = names[row.knocker], names[row.defender]
        if entry.kind is EntryKind.BIG_GIN:
            what = f"{k} big gin; {d} holds {entry.defender_deadwood}"
        elif entry.kind is EntryKind.GIN or entry.knocker_deadwood == 0:
            what = f"{k} gin; {d} holds {entry.defender_deadwood}"
        else:
            what = f"{k} knocks on {entry.knocker_deadwood}; {d} {entry.defender_deadwood}"
        what += upcard
        assert row.winner is not None
        outcome = f"{KIND_LABELS[row.kind.value]}: {names[row.winner]} +{row.points}"
    return RowView(row, what, outcome)


def game_result(names: tuple[str, ...], target: int, reached: int | None,
                winner: int | None, margin: int) -> str:
    """The end of a game in words (SPEC §5; issue 17).

    The winner is the player with the higher final total. When boxes put the other player
    ahead of the one who reached the target, say so: ``"Ann reached 100 first; after the
    bonuses Bob has more: Bob wins by 59."``
    """
    if winner is not None and (reached is None or reached == winner):
        return f"{names[winner]} wins by {margin}."
    first = f"{names[reached]} reached {target} first; " if reached is not None else ""
    if winner is None:
        return f"{first}after the bonuses the totals are level: a tie."
    return f"{first}after the bonuses {names[winner]} has more: {names[winner]} wins by {margin}."


def summary(result: SheetResult) -> str:
    """One line for lists: ``"4 hands · Ann 103, Bob 44"`` or ``"Ann won by 199"``."""
    names = result.names
    if result.over:
        if result.winner is None:
            return "Over: a tie"
        return f"{names[result.winner]} won by {result.margin}"
    totals = ", ".join(f"{name} {total}" for name, total in zip(names, result.totals,
                                                                strict=True))
    hands = len(result.rows)
    return f"{hands} hand{'' if hands == 1 else 's'} · {totals}"


def rules_line(sheet: ScoreSheet) -> str:
    """The table's options in one line: ``"To 100 · gin 25 · undercut 25 · box 20 …"``
    (:func:`app.web.rulewords.rules_line`, with the sheet's own options last; gin for
    three has no loser who deals)."""
    options = sheet.options
    rules = options.rules
    if options.gin_for_three:
        rules = rules.with_options(loser_deals=False)
    extras = [name for name, on in (("Hollywood", options.hollywood),
                                    ("gin for three", options.gin_for_three)) if on]
    return rulewords.rules_line(rules, extras)
