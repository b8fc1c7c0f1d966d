"""What the Score templates show about a computed sheet (issue 5): a hand in words
(:func:`describe`), the end of a game (:func:`game_result`), a line for lists
(:func:`summary`), the options (:func:`rules_line`), cards for reading
(:func:`card_list`) and the sheet page's view model (:class:`SheetPage`). No I/O here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from markupsafe import Markup

from app.core.i18n import NC_, gettext, ngettext, pgettext
from app.core.models import ScoreSheetRow
from app.engine import Card, Rank, Rules
from app.score.evening import EveningTally
from app.score.sheet import EntryKind, HandRow, ScoreSheet, SheetOptions, SheetResult
from app.web import rulewords
from app.web.cardwords import card_name
from app.web.paging import Window


@lru_cache(maxsize=256)
def result_of(sheet: ScoreSheet) -> SheetResult:
    """``sheet.result()``, computed once per sheet (sheets are immutable values)."""
    return sheet.result()


def card_list(cards: Sequence[Card]) -> Markup:
    """Cards for reading: ``5♥ 6♥ 7♥`` on screen, each read out by its full name."""
    return Markup(" ").join(
        Markup('<span class="mini-card{}" role="img" aria-label="{}">{}{}</span>').format(
            " mini-card--red" if card.suit.is_red else "", card_name(card),
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


HAND_KIND = "hand kind"
KIND_LABELS = {"knock": NC_("hand kind", "Knock"), "undercut": NC_("hand kind", "Undercut"),
               "gin": NC_("hand kind", "Gin"), "big_gin": NC_("hand kind", "Big gin"),
               "void": NC_("hand kind", "Void hand")}
"""Each way a hand ends, as the sheet names it: nouns, in the context ``HAND_KIND``
(``pgettext("hand kind", label)``; the button "Knock" is a verb, another message)."""


def describe(row: HandRow, names: tuple[str, ...]) -> RowView:
    """Words for one hand, in the page's language: what was entered and how it was
    scored."""
    entry = row.entry
    if row.knocker is None or row.defender is None:
        what = gettext("No knock: void hand")
        outcome = gettext("Void hand: no score")
    else:
        k, d = names[row.knocker], names[row.defender]
        if entry.kind is EntryKind.BIG_GIN:
            what = gettext("%(knocker)s big gin; %(defender)s holds %(count)s", knocker=k,
                           defender=d, count=entry.defender_deadwood)
        elif entry.kind is EntryKind.GIN or entry.knocker_deadwood == 0:
            what = gettext("%(knocker)s gin; %(defender)s holds %(count)s", knocker=k,
                           defender=d, count=entry.defender_deadwood)
        else:
            what = gettext("%(knocker)s knocks on %(count)s; %(defender)s %(against)s",
                           knocker=k, count=entry.knocker_deadwood, defender=d,
                           against=entry.defender_deadwood)
        assert row.winner is not None
        outcome = gettext("%(kind)s: %(name)s +%(points)s",
                          kind=pgettext(HAND_KIND, KIND_LABELS[row.kind.value]),
                          name=names[row.winner], points=row.points)
    if entry.upcard:
        what = gettext("%(hand)s (upcard %(card)s)", hand=what, card=card_name(entry.upcard))
    return RowView(row, what, outcome)


def game_result(names: tuple[str, ...], target: int, reached: int | None,
                winner: int | None, margin: int, hands: int = 0) -> str:
    """The end of a game in words (SPEC §5; issue 17).

    The winner is the player with the higher final total. When boxes put the other player
    ahead of the one who reached the target, say so: ``"Ann reached 100 first; after the
    bonuses Bob has more: Bob wins by 59."`` A game of ``hands`` hands (docs/rules.md §5)
    has no target and no bonus: the more points win, equal points are a draw.
    """
    if hands and winner is None:
        return ngettext("%(num)d hand played: the points are level, a draw.",
                        "%(num)d hands played: the points are level, a draw.", hands)
    if winner is not None and (reached is None or reached == winner):
        return gettext("%(name)s wins by %(margin)s.", name=names[winner], margin=margin)
    if reached is None:
        if winner is None:
            return gettext("After the bonuses the totals are level: a tie.")
        return gettext("After the bonuses %(name)s has more: %(name)s wins by %(margin)s.",
                       name=names[winner], margin=margin)
    if winner is None:
        return gettext("%(first)s reached %(target)s first; after the bonuses the totals are "
                       "level: a tie.", first=names[reached], target=target)
    return gettext("%(first)s reached %(target)s first; after the bonuses %(name)s has more: "
                   "%(name)s wins by %(margin)s.", first=names[reached], target=target,
                   name=names[winner], margin=margin)


def summary(result: SheetResult) -> str:
    """One line for lists: ``"4 hands · Ann 103, Bob 44"`` or ``"Ann won by 199"``."""
    names = result.names
    if result.over:
        if result.winner is None:
            return gettext("Over: a tie")
        return gettext("%(name)s won by %(margin)s", name=names[result.winner],
                       margin=result.margin)
    totals = ", ".join(f"{name} {total}" for name, total in zip(names, result.totals,
                                                                strict=True))
    return ngettext("%(num)d hand · %(totals)s", "%(num)d hands · %(totals)s",
                    len(result.rows), totals=totals)


def rules_line(sheet: ScoreSheet) -> str:
    """The table's options in one line: ``"To 100 · gin 25 · undercut 25 · box 20 …"``
    (:func:`app.web.rulewords.rules_line`, with the sheet's own options last; gin for
    three has no loser who deals)."""
    options = sheet.options
    rules = options.rules
    if options.gin_for_three:
        rules = rules.with_options(loser_deals=False)
    extras = [name for name, on in ((gettext("Hollywood"), options.hollywood),
                                    (gettext("gin for three"), options.gin_for_three)) if on]
    return rulewords.rules_line(rules, extras)


@dataclass(frozen=True, slots=True)
class SheetPage:
    """What ``templates/score/sheet.html`` reads: the sheet (``row``, ``sheet``, its
    ``result``, ``names``, ``opts`` and their ``rules``), the hands shown (``rows``, the
    ``page`` of hands and its ``page_url``), the entry form (``form``, its ``errors`` by
    field, the ``preview`` of a hand and ``preview_result``, the sheet after it; the hand
    being corrected, ``edit_number``; the calculator's ``count`` and ``calc_open``), a
    refusal ``notice``, Undo's ``redo``, the evening (``evening``, its ``games``, this
    one's ``game_number``, ``next_game``), the ``rematch`` offered once the game is over,
    ``shared`` (the read-only share view), ``htmx`` (an htmx swap) and ``sk``, the
    scorekeeper's helpers the template calls (``app.score.keeper``)."""

    row: ScoreSheetRow
    sheet: ScoreSheet
    result: SheetResult
    names: tuple[str, ...]
    opts: SheetOptions
    rules: Rules
    rows: Sequence[RowView]
    page: Window
    page_url: str
    sk: Any
    form: Mapping[str, str]
    redo: Sequence[Any] = ()
    shared: bool = False
    errors: Mapping[str, str] = field(default_factory=dict)
    preview: RowView | None = None
    preview_result: SheetResult | None = None
    edit_number: int | None = None
    notice: str | None = None
    evening: EveningTally | None = None
    games: Sequence[ScoreSheetRow] = ()
    game_number: int | None = None
    next_game: ScoreSheetRow | None = None
    rematch: ScoreSheet | None = None
    count: Any = None
    calc_open: bool = False
    htmx: bool = False
    back: Any = None
    """An event's table: the way back to the event (``name``, ``path``), else ``None``."""
