"""The Score pages' forms (issue 5): submitted text in, engine values out.

* :func:`parse_setup` (names and table options) and :func:`parse_entry` (one hand) turn
  submitted text into engine values or raise :class:`~app.score.sheet.SheetError`
  naming the field to mark; :func:`setup_form` and :func:`entry_form` go the other way
  (the values a form shows).
* Import: :func:`import_sheet` reads an export within :mod:`app.core.inputs`' bounds and
  holds it to exactly the setup form's limits (:func:`within_form_limits`: the form's
  own parser is the one validator).
* The deadwood calculator (issue 17): :func:`parse_hand_cards`, :func:`count_from_cards`,
  :func:`calc_names`.

Numbers and checkboxes are read by :mod:`app.core.inputs` (``bounded``, ``checked``),
the one parser of each for every form of the app. No I/O here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from app.core.i18n import N_, gettext
from app.core.inputs import InputError, bounded, checked, load_json, whole_number
from app.engine import (
    CARDS,
    CLASSIC,
    MAX_DEADWOOD,
    OPTION,
    OPTIONS,
    Card,
    GameError,
    Phrase,
    Rank,
    Rules,
    Suit,
    parse_cards,
)
from app.score.calculator import HandCount, count_hand
from app.score.sheet import (
    EntryKind,
    HandEntry,
    ScoreSheet,
    SheetError,
    SheetOptions,
    SheetResult,
    check_names,
)

MAX_IMPORT_BYTES = 60_000
"""Largest JSON export accepted for import (the request body cap is 64 KB)."""

MAX_IMPORT_DEPTH = 8
"""Deepest nesting of lists and objects in an import (an export nests 3 deep)."""

MAX_TARGET = 10_000
"""The sheet's own cap on the target (lower than Play's: the table's ``form_high``)."""

# The options the sheet sets, from the engine's one table (app.engine.OPTIONS). The labels
# and hints are catalogue messages: a page shows them with ``_()``.
NUMBER_OPTIONS: tuple[tuple[str, str], ...] = tuple(
    (option.name, option.label) for option in OPTIONS if option.sheet and not option.switch)
"""(form field, label) for the numbers of the options form."""
SWITCH_OPTIONS: tuple[tuple[str, str, str], ...] = tuple(
    (option.name, option.label, option.hint) for option in OPTIONS
    if option.sheet and option.switch)
"""(form field, label, hint) for the on/off options."""
NUMBER_LIMITS: dict[str, tuple[int, int]] = {
    name: (OPTION[name].low or 0,
           MAX_TARGET if name == "target" else OPTION[name].most or MAX_TARGET)
    for name, _label in NUMBER_OPTIONS
}
"""The lowest and highest value the form takes for each number of :data:`NUMBER_OPTIONS`."""
NUMBER_HINTS = {name: OPTION[name].hint for name, _label in NUMBER_OPTIONS if OPTION[name].hint}
TARGET_PRESETS = OPTION["target"].presets
"""The targets the form suggests."""
OPTIONAL_NUMBERS = frozenset({"knock_limit", "hands"})
"""Numbers a post may leave out (added to the form later): they keep the sheet's value."""
OPTION_LABELS: dict[str, str] = {
    **dict(NUMBER_OPTIONS),
    **{name: label for name, label, _hint in SWITCH_OPTIONS},
    "round_the_corner": N_("Round the corner"), "hollywood": N_("Hollywood"),
    "players": N_("Players"), "first_dealer": N_("Deals first"),
    "first_sitter": N_("Sits out first"),
}
_COURT = {1: N_("Ace"), 11: N_("Jack"), 12: N_("Queen"), 13: N_("King")}
RANKS = [(rank.value, _COURT.get(rank.number, str(rank.number))) for rank in Rank]
"""The upcard's rank choices: (code, label; a page shows ``_(label)``)."""
_SUIT_WORDS = {"C": N_("clubs"), "D": N_("diamonds"), "H": N_("hearts"), "S": N_("spades")}
SUITS = [(suit.value, suit.symbol, _SUIT_WORDS[suit.value]) for suit in Suit]
"""The upcard's suit choices: (code, symbol, word; a page shows ``_(word)``)."""


def _text(form: Mapping[str, Any], name: str) -> str:
    value = form.get(name)
    return value.strip() if isinstance(value, str) else ""


def _whole(form: Mapping[str, Any], name: str, label: str, low: int, high: int) -> int:
    number = bounded(_text(form, name), low, high)
    if number is None:
        raise SheetError(N_("%(label)s must be a whole number from %(low)s to %(high)s"),
                         field=name, label=Phrase(label), low=low, high=high)
    return number


def _choice(form: Mapping[str, Any], name: str, count: int, message: str) -> int:
    number = bounded(_text(form, name), 0, count - 1)
    if number is None:
        raise SheetError(message, field=name)
    return number


def parse_setup(form: Mapping[str, Any], current: ScoreSheet | None = None) -> ScoreSheet:
    """A blank sheet (or ``current`` with new names and options) from the setup form.

    Fields: ``name0``–``name2``, ``players`` (2 or 3), ``first_dealer``,
    ``first_sitter``, the numbers of :data:`NUMBER_OPTIONS` (within
    :data:`NUMBER_LIMITS`) and the checkboxes of :data:`SWITCH_OPTIONS` plus
    ``hollywood``. Round the corner, which the form does not show (it changes no score),
    keeps ``current``'s value, else Classic's (off).

    Raises:
        SheetError: a field is missing or out of range (``field`` names it).
    """
    players = _choice(form, "players", 4, N_("choose 2 players, or 3 for gin for three"))
    if players not in (2, 3):
        raise SheetError(N_("choose 2 players, or 3 for gin for three"), field="players")
    base = current.options.rules if current is not None else CLASSIC
    values: dict[str, Any] = {}
    for name, label in NUMBER_OPTIONS:
        if name in OPTIONAL_NUMBERS and not _text(form, name):
            continue  # a page from before the field existed: keep the value
        low, high = NUMBER_LIMITS[name]
        values[name] = _whole(form, name, label, low, high)
    for name, _label, _hint in SWITCH_OPTIONS:
        values[name] = checked(form.get(name))
    try:
        rules = base.with_options(**values)
    except GameError as err:  # pragma: no cover - the checks above come first
        raise SheetError.of(err, field="options") from err
    first_dealer = _choice(form, "first_dealer", players, N_("choose who deals first"))
    first_sitter = 2
    if players == 3:
        first_sitter = _choice(form, "first_sitter", 3, N_("choose who sits out first"))
    options = SheetOptions(rules=rules, hollywood=checked(form.get("hollywood")),
                           players=players, first_dealer=first_dealer,
                           first_sitter=first_sitter)
    names = [_text(form, f"name{i}") for i in range(players)]
    if current is None:
        return ScoreSheet.new(options, names)
    return ScoreSheet(options, check_names(names, players), current.entries)


def within_form_limits(sheet: ScoreSheet) -> ScoreSheet:
    """``sheet`` as the setup form would have made it, or the form's own refusal: the
    sheet's options and names go through :func:`setup_form` and back through
    :func:`parse_setup`, so an import is held to exactly the form's limits (target,
    bonuses, knock limit, names) by the same code.

    Raises:
        SheetError: a value the form refuses (its message), or an option the form cannot
            set at all (round the corner).
    """
    checked = parse_setup(setup_form(sheet))
    options = sheet.options
    if options.players == 2:  # the form has no "sits out first" for two players
        options = replace(options, first_sitter=checked.options.first_sitter)
    if checked.options != options:
        before, after = options.to_dict(), checked.options.to_dict()
        before.update(before.pop("rules"))
        after.update(after.pop("rules"))
        differ = [gettext(OPTION_LABELS.get(key, key)) for key in before
                  if before[key] != after[key]]
        raise SheetError(N_("%(options)s: not an option a score sheet here can set"),
                         field="options", options=", ".join(differ))
    return ScoreSheet(checked.options, checked.names, sheet.entries)


def import_sheet(data: str | bytes) -> ScoreSheet:
    """A sheet from an uploaded or pasted export: at most :data:`MAX_IMPORT_BYTES` and
    :data:`MAX_IMPORT_DEPTH` deep (:func:`app.core.inputs.load_json`), fully checked by the
    engine, then held to the setup form's limits (:func:`within_form_limits`).

    Raises:
        SheetError: anything wrong, with a message for the person (``field="file"``).
    """
    try:
        sheet = ScoreSheet.from_dict(load_json(data, max_bytes=MAX_IMPORT_BYTES,
                                               max_depth=MAX_IMPORT_DEPTH))
        return within_form_limits(sheet)
    except InputError as err:
        raise SheetError(err.template, field="file", **err.values) from None
    except SheetError as err:
        raise SheetError.of(err, field="file", number=err.number) from None


def setup_form(sheet: ScoreSheet | None) -> dict[str, str]:
    """The setup form's field values for ``sheet`` (Classic defaults for a new sheet)."""
    options = sheet.options if sheet is not None else SheetOptions(rules=CLASSIC)
    rules: Rules = options.rules
    values = {name: str(getattr(rules, name)) for name, _ in NUMBER_OPTIONS}
    values.update({name: "on" if getattr(rules, name) else ""
                   for name, _label, _hint in SWITCH_OPTIONS})
    values["hollywood"] = "on" if options.hollywood else ""
    values["players"] = str(options.players)
    values["first_dealer"] = str(options.first_dealer)
    values["first_sitter"] = str(options.first_sitter)
    names = sheet.names if sheet is not None else ()
    for i in range(3):
        values[f"name{i}"] = names[i] if i < len(names) else ""
    return values


DEADWOOD_REFUSALS = {
    "knocker_deadwood": (
        N_("The knocker's deadwood is missing: enter a whole number from 0 to %(most)s"),
        N_("The knocker's deadwood must be a whole number from 0 to %(most)s")),
    "defender_deadwood": (
        N_("The defender's deadwood is missing: enter a whole number from 0 to %(most)s"),
        N_("The defender's deadwood must be a whole number from 0 to %(most)s")),
}
"""A deadwood count left empty, or not a count (in the page's language)."""


def parse_entry(form: Mapping[str, Any], sheet: ScoreSheet, number: int | None = None
                ) -> HandEntry:
    """One hand from the entry form, checked for shape (the sheet checks the rules).

    Fields: ``kind`` (knock, gin, big_gin, void), ``knocker`` (player index),
    ``knocker_deadwood``, ``defender_deadwood``, ``upcard_rank`` + ``upcard_suit``
    (Oklahoma), ``sitter`` (gin for three: who sat this hand out). For gin and big gin
    an empty knocker count means 0.

    Raises:
        SheetError: a missing choice or a count that is not a whole number.
    """
    options = sheet.options
    try:
        kind = EntryKind(_text(form, "kind"))
    except ValueError:
        raise SheetError(N_("say what happened: knock, gin, big gin or void"),
                         field="kind") from None
    pair: tuple[int, int] | None = None
    if options.gin_for_three:
        sitter = _choice(form, "sitter", 3, N_("choose who sat out this hand"))
        a, b = (p for p in range(3) if p != sitter)
        pair = (a, b)
    upcard: Card | None = None
    rank, suit = _text(form, "upcard_rank"), _text(form, "upcard_suit")
    if rank or suit:
        try:
            upcard = Card.parse(rank + suit)
        except GameError:
            raise SheetError(N_("choose the upcard's rank and suit"),
                             field="upcard") from None
    if kind is EntryKind.VOID:
        return HandEntry.void(upcard=upcard, pair=pair)
    knocker_number = whole_number(_text(form, "knocker"))
    if knocker_number is None or knocker_number >= options.players:
        raise SheetError(N_("choose who knocked or went out"), field="knocker")
    knocker = knocker_number
    if pair is not None and knocker not in pair:
        sat_out = sheet.names[3 - pair[0] - pair[1]]
        raise SheetError(N_("%(name)s sat out this hand: choose who knocked from "
                            "%(first)s and %(second)s"), field="knocker", name=sat_out,
                         first=sheet.names[pair[0]], second=sheet.names[pair[1]])
    counts: dict[str, int] = {}
    wrong: dict[str, Phrase] = {}  # both counts are checked, so the form shows both errors
    for name, (missing, bad) in DEADWOOD_REFUSALS.items():
        text = _text(form, name)
        if not text and name == "knocker_deadwood" and kind is not EntryKind.KNOCK:
            counts[name] = 0
            continue
        count = whole_number(text)
        if not text:
            wrong[name] = Phrase.of(missing, most=MAX_DEADWOOD)
        elif count is None or count > MAX_DEADWOOD:
            wrong[name] = Phrase.of(bad, most=MAX_DEADWOOD)
        else:
            counts[name] = count
    if wrong:
        (first, message), *rest = wrong.items()
        raise SheetError(message.template, field=first, also=dict(rest),
                         **dict(message.values))
    return HandEntry(kind, knocker, counts["knocker_deadwood"], counts["defender_deadwood"],
                     upcard, pair)


# --- the deadwood calculator (issue 17) ---------------------------------------------------

# (text field, grid checkbox name, label) for each hand of the calculator.
CARD_FIELDS: tuple[tuple[str, str, str], ...] = (
    ("knocker_cards", "kc", N_("The knocker's cards")),
    ("defender_cards", "dc", N_("The defender's cards")),
)
MAX_CARDS_TEXT = 200
"""Longest typed list of card codes accepted (11 codes need 32 characters)."""
GRID = [[card for card in CARDS if card.suit is suit] for suit in Suit]
"""The tap-to-pick grid: one row of 13 cards per suit (clubs, diamonds, hearts, spades)."""


def _codes(cards: Sequence[Card]) -> str:
    return " ".join(str(card) for card in cards)


def parse_hand_cards(form: Any, field: str, box: str, label: str) -> list[Card]:
    """One hand of the calculator from its typed codes and its grid of checkboxes.

    The page sends back what it showed in ``{field}_shown``. When the typed text is
    unchanged, the grid decides (so unticking a card removes it without JavaScript);
    when the text was edited, the typed cards count plus any card newly ticked.

    Raises:
        SheetError: an unknown code, or text too long (``field`` names the text field).
    """
    text = _text(form, field)
    if len(text) > MAX_CARDS_TEXT:
        raise SheetError(N_("%(label)s are too many to be a hand: type at most 11 codes"),
                         field=field, label=Phrase(label))
    try:
        typed = parse_cards(text)
        shown = parse_cards(_text(form, f"{field}_shown")[:MAX_CARDS_TEXT])
    except GameError as err:
        raise SheetError(N_("%(label)s: %(problem)s"), field=field, label=Phrase(label),
                         problem=err) from None
    ticked: list[Card] = []
    getlist = getattr(form, "getlist", None)
    for value in (getlist(box) if getlist else [])[:60]:
        try:
            ticked.append(Card.parse(str(value)))
        except GameError:
            raise SheetError(N_("%(label)s: the grid sent an unknown card"), field=field,
                             label=Phrase(label)) from None
    if text == _codes(shown):
        chosen = ticked
    else:
        chosen = typed + [card for card in ticked if card not in shown]
    return list(dict.fromkeys(chosen))  # each card once, in the order given


def count_from_cards(form: Any, sheet: ScoreSheet) -> tuple[HandCount, dict[str, str]]:
    """Count a hand from the calculator's cards; the entry form's values to fill in.

    Returns:
        The count, and ``kind``, ``knocker_deadwood``, ``defender_deadwood`` and the two
        card fields as the form should show them.

    Raises:
        SheetError: bad codes (next to the text field), or hands that cannot be laid
            down (``field="cards"``: wrong number of cards, a card in both hands …).
    """
    hands = [parse_hand_cards(form, field, box, label) for field, box, label in CARD_FIELDS]
    if not hands[0] or not hands[1]:
        missing = CARD_FIELDS[0 if not hands[0] else 1][2]
        raise SheetError(N_("%(label)s are missing: pick or type them"), field="cards",
                         label=Phrase(missing))
    try:
        count = count_hand(hands[0], hands[1], sheet.options.rules)
    except GameError as err:
        raise SheetError.of(err, field="cards") from None
    values = {
        "kind": count.kind.value,
        "knocker_deadwood": "" if count.kind is not EntryKind.KNOCK
        else str(count.knocker_deadwood),
        "defender_deadwood": str(count.defender_deadwood),
        "knocker_cards": _codes(hands[0]),
        "defender_cards": _codes(hands[1]),
    }
    return count, values


def calc_names(form: Mapping[str, str], result: SheetResult) -> tuple[str, str]:
    """Who the calculator's two hands belong to, by the form's knocker (and sitter):
    ``("Ann", "Bob")``, or ``("The knocker", "The defender")`` until they are chosen."""
    knocker = whole_number(form.get("knocker", ""))
    players = result.options.players
    if knocker is None or knocker >= players:
        return gettext("The knocker"), gettext("The defender")
    if players == 2:
        return result.names[knocker], result.names[1 - knocker]
    sitter = whole_number(form.get("sitter", ""))
    others = [p for p in range(3) if p not in (knocker, sitter)]
    if sitter is None or sitter == knocker or len(others) != 1:
        return result.names[knocker], gettext("The defender")
    return result.names[knocker], result.names[others[0]]


def entry_form(entry: HandEntry | None, result: SheetResult) -> dict[str, str]:
    """The entry form's values for ``entry`` (or defaults for the next hand)."""
    if entry is None:
        sitter = result.next_sitter
        kind = "gin" if result.options.rules.straight_gin else "knock"
        return {"kind": kind, "knocker": "", "knocker_deadwood": "", "defender_deadwood": "",
                "upcard_rank": "", "upcard_suit": "",
                "sitter": "" if sitter is None else str(sitter)}
    pair = entry.pair
    sitter_text = ""
    if result.options.gin_for_three:
        sitter_text = str(3 - pair[0] - pair[1]) if pair else str(result.next_sitter or 0)
    gin = entry.kind in (EntryKind.GIN, EntryKind.BIG_GIN)
    return {
        "kind": entry.kind.value,
        "knocker": "" if entry.knocker is None else str(entry.knocker),
        "knocker_deadwood": "" if entry.kind is EntryKind.VOID or gin
        else str(entry.knocker_deadwood),
        "defender_deadwood": "" if entry.kind is EntryKind.VOID
        else str(entry.defender_deadwood),
        "upcard_rank": entry.upcard.rank.value if entry.upcard else "",
        "upcard_suit": entry.upcard.suit.value if entry.upcard else "",
        "sitter": sitter_text,
    }

