"""Glue between the Score pages and the score sheet engine (issue 5).

* Form parsing: :func:`parse_setup` (names and table options) and :func:`parse_entry`
  (one hand) turn submitted text into engine values or raise
  :class:`~app.score.sheet.SheetError` naming the field to mark.
* Import: :func:`import_sheet` reads an export within :mod:`app.core.inputs`' bounds and holds
  it to exactly the setup form's limits (:func:`within_form_limits`: the form's own
  parser is the one validator).
* Storage: :func:`list_sheets`, :func:`get_sheet`, :func:`get_shared`,
  :func:`create_sheet`, :func:`save_sheet` (optimistic concurrency on ``version``),
  :func:`delete_sheet` — always scoped to the browser session that owns the sheet.
* :func:`sheet_view` collects what the templates show about a computed sheet.
"""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from markupsafe import Markup
from sqlalchemy import delete, update
from sqlmodel import Session, col, select

from app.core.inputs import InputError, load_json
from app.core.models import ScoreSheetRow, utcnow
from app.engine import CARDS, CLASSIC, MAX_DEADWOOD, Card, GameError, Rank, Rules, Suit, parse_cards
from app.score.calculator import HandCount, count_hand
from app.score.sheet import (
    EntryKind,
    HandEntry,
    HandRow,
    ScoreSheet,
    SheetError,
    SheetOptions,
    SheetResult,
    check_names,
)

SHARE_TOKEN_BYTES = 18
"""Random bytes in a share token (``secrets.token_urlsafe``): 144 bits, 24 characters."""

MAX_IMPORT_BYTES = 60_000
"""Largest JSON export accepted for import (the request body cap is 64 KB)."""

MAX_IMPORT_DEPTH = 8
"""Deepest nesting of lists and objects in an import (an export nests 3 deep)."""

MAX_SHEETS_PER_SESSION = 200
"""Most sheets one browser keeps; creating more asks to delete old ones first."""

MAX_TARGET = 10_000
MAX_BONUS = 1000

# (form field, label) for the numbers of the options form.
NUMBER_OPTIONS: tuple[tuple[str, str], ...] = (
    ("target", "Target"),
    ("knock_limit", "Knock limit"),
    ("gin_bonus", "Gin bonus"),
    ("undercut_bonus", "Undercut bonus"),
    ("big_gin_bonus", "Big gin bonus"),
    ("box_bonus", "Box bonus (per hand won)"),
    ("game_bonus", "Game bonus"),
)
# (form field, label, hint) for the on/off options.
SWITCH_OPTIONS: tuple[tuple[str, str, str], ...] = (
    ("shutout", "Shutout doubles", "the whole total doubles if the loser won no hand"),
    ("big_gin", "Big gin", "all 11 cards melded, no discard"),
    ("oklahoma", "Oklahoma", "the first upcard sets the knock limit"),
    ("oklahoma_spade_double", "Spade upcard doubles", "Oklahoma: a spade doubles the hand"),
    ("straight_gin", "Straight gin", "no knocking: only gin ends a hand"),
    ("round_the_corner", "Round the corner",
     "aces high as well as low: Q-K-A and K-A-2 are runs; an ace still counts 1"),
    ("loser_deals", "Loser deals", "instead of alternating (two players)"),
)
NUMBER_LIMITS: dict[str, tuple[int, int]] = {
    name: (1, MAX_TARGET) if name == "target" else (0, 10) if name == "knock_limit"
    else (0, MAX_BONUS)
    for name, _label in NUMBER_OPTIONS
}
"""The lowest and highest value the form takes for each number of :data:`NUMBER_OPTIONS`."""
NUMBER_HINTS = {"knock_limit": "0 means gin only"}
OPTIONAL_NUMBERS = frozenset({"knock_limit"})
"""Numbers a post may leave out (added to the form later): they keep the sheet's value."""
OPTION_LABELS: dict[str, str] = {
    **dict(NUMBER_OPTIONS),
    **{name: label for name, label, _hint in SWITCH_OPTIONS},
    "round_the_corner": "Round the corner", "hollywood": "Hollywood", "players": "Players",
    "first_dealer": "Deals first", "first_sitter": "Sits out first",
}
RANKS = [
    (rank.value, rank.label.capitalize() if rank.number in (1, 11, 12, 13) else str(rank.number))
    for rank in Rank
]
SUITS = [(suit.value, f"{suit.symbol} {suit.label}") for suit in Suit]


def _text(form: Mapping[str, Any], name: str) -> str:
    value = form.get(name)
    return value.strip() if isinstance(value, str) else ""


_WHOLE = re.compile(r"[0-9]{1,9}")


def whole_number(text: str) -> int | None:
    """``text`` as a whole number when it is 1–9 ASCII digits, else ``None``.

    (``str.isdigit`` accepts ``"²"`` and digit strings too long for ``int()``: 500s.)
    """
    return int(text) if _WHOLE.fullmatch(text) else None


def _whole(form: Mapping[str, Any], name: str, label: str, low: int, high: int) -> int:
    number = whole_number(_text(form, name))
    if number is None or not low <= number <= high:
        raise SheetError(f"{label} must be a whole number from {low} to {high}", field=name)
    return number


def _choice(form: Mapping[str, Any], name: str, count: int, message: str) -> int:
    number = whole_number(_text(form, name))
    if number is None or not 0 <= number < count:
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
    players = _choice(form, "players", 4, "choose 2 players, or 3 for gin for three")
    if players not in (2, 3):
        raise SheetError("choose 2 players, or 3 for gin for three", field="players")
    base = current.options.rules if current is not None else CLASSIC
    values: dict[str, Any] = {}
    for name, label in NUMBER_OPTIONS:
        if name in OPTIONAL_NUMBERS and not _text(form, name):
            continue  # a page from before the field existed: keep the value
        low, high = NUMBER_LIMITS[name]
        values[name] = _whole(form, name, label, low, high)
    for name, _label, _hint in SWITCH_OPTIONS:
        values[name] = bool(_text(form, name))
    try:
        rules = base.with_options(**values)
    except GameError as err:  # pragma: no cover - the checks above come first
        raise SheetError(str(err), field="options") from err
    first_dealer = _choice(form, "first_dealer", players, "choose who deals first")
    first_sitter = 2
    if players == 3:
        first_sitter = _choice(form, "first_sitter", 3, "choose who sits out first")
    options = SheetOptions(rules=rules, hollywood=bool(_text(form, "hollywood")),
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
        differ = [OPTION_LABELS.get(key, key) for key in before if before[key] != after[key]]
        raise SheetError(f"{', '.join(differ)}: not an option a score sheet here can set",
                         field="options")
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
        raise SheetError(err.message, field="file") from None
    except SheetError as err:
        raise SheetError(err.message, field="file", number=err.number) from None


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
        raise SheetError("say what happened: knock, gin, big gin or void",
                         field="kind") from None
    pair: tuple[int, int] | None = None
    if options.gin_for_three:
        sitter = _choice(form, "sitter", 3, "choose who sat out this hand")
        a, b = (p for p in range(3) if p != sitter)
        pair = (a, b)
    upcard: Card | None = None
    rank, suit = _text(form, "upcard_rank"), _text(form, "upcard_suit")
    if rank or suit:
        try:
            upcard = Card.parse(rank + suit)
        except GameError:
            raise SheetError("choose the upcard's rank and suit", field="upcard") from None
    if kind is EntryKind.VOID:
        return HandEntry.void(upcard=upcard, pair=pair)
    knocker_number = whole_number(_text(form, "knocker"))
    if knocker_number is None or knocker_number >= options.players:
        raise SheetError("choose who knocked or went out", field="knocker")
    knocker = knocker_number
    if pair is not None and knocker not in pair:
        sat_out = sheet.names[3 - pair[0] - pair[1]]
        raise SheetError(f"{sat_out} sat out this hand: choose who knocked from "
                         f"{sheet.names[pair[0]]} and {sheet.names[pair[1]]}", field="knocker")
    counts: dict[str, int] = {}
    wrong: dict[str, str] = {}  # both counts are checked, so the form shows both errors
    for name, label in (("knocker_deadwood", "The knocker's"),
                        ("defender_deadwood", "The defender's")):
        text = _text(form, name)
        if not text and name == "knocker_deadwood" and kind is not EntryKind.KNOCK:
            counts[name] = 0
            continue
        count = whole_number(text)
        if not text:
            wrong[name] = (f"{label} deadwood is missing: enter a whole number from 0 to "
                           f"{MAX_DEADWOOD}")
        elif count is None or count > MAX_DEADWOOD:
            wrong[name] = f"{label} deadwood must be a whole number from 0 to {MAX_DEADWOOD}"
        else:
            counts[name] = count
    if wrong:
        (first, message), *rest = wrong.items()
        raise SheetError(message, field=first, also=dict(rest))
    return HandEntry(kind, knocker, counts["knocker_deadwood"], counts["defender_deadwood"],
                     upcard, pair)


# --- the deadwood calculator (issue 17) ---------------------------------------------------

# (text field, grid checkbox name, label) for each hand of the calculator.
CARD_FIELDS: tuple[tuple[str, str, str], ...] = (
    ("knocker_cards", "kc", "The knocker's cards"),
    ("defender_cards", "dc", "The defender's cards"),
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
        raise SheetError(f"{label} are too many to be a hand: type at most 11 codes",
                         field=field)
    try:
        typed = parse_cards(text)
        shown = parse_cards(_text(form, f"{field}_shown")[:MAX_CARDS_TEXT])
    except GameError as err:
        raise SheetError(f"{label}: {err}", field=field) from None
    ticked: list[Card] = []
    getlist = getattr(form, "getlist", None)
    for value in (getlist(box) if getlist else [])[:60]:
        try:
            ticked.append(Card.parse(str(value)))
        except GameError:
            raise SheetError(f"{label}: the grid sent an unknown card", field=field) from None
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
        raise SheetError(f"{missing} are missing: pick or type them", field="cards")
    try:
        count = count_hand(hands[0], hands[1], sheet.options.rules)
    except GameError as err:
        message = str(err)
        raise SheetError(message[:1].upper() + message[1:], field="cards") from None
    values = {
        "kind": count.kind.value,
        "knocker_deadwood": "" if count.kind is not EntryKind.KNOCK
        else str(count.knocker_deadwood),
        "defender_deadwood": str(count.defender_deadwood),
        "knocker_cards": _codes(hands[0]),
        "defender_cards": _codes(hands[1]),
    }
    return count, values


def card_list(cards: Sequence[Card]) -> Markup:
    """Cards for reading: ``5♥ 6♥ 7♥`` on screen, each read out by its full name."""
    return Markup(" ").join(
        Markup('<span class="mini-card{}" role="img" aria-label="{}">{}{}</span>').format(
            " mini-card--red" if card.suit.is_red else "", card.name,
            "10" if card.rank is Rank.TEN else card.rank.value, card.suit.symbol + "\ufe0e")
        for card in cards)


def calc_names(form: Mapping[str, str], result: SheetResult) -> tuple[str, str]:
    """Who the calculator's two hands belong to, by the form's knocker (and sitter):
    ``("Ann", "Bob")``, or ``("The knocker", "The defender")`` until they are chosen."""
    knocker = whole_number(form.get("knocker", ""))
    players = result.options.players
    if knocker is None or knocker >= players:
        return "The knocker", "The defender"
    if players == 2:
        return result.names[knocker], result.names[1 - knocker]
    sitter = whole_number(form.get("sitter", ""))
    others = [p for p in range(3) if p not in (knocker, sitter)]
    if sitter is None or sitter == knocker or len(others) != 1:
        return result.names[knocker], "The defender"
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


# --- storage ----------------------------------------------------------------------------


class StaleSheetError(Exception):
    """The sheet changed (another tab or a double tap) since the form was shown."""


def title_for(sheet: ScoreSheet) -> str:
    """A short title for lists: ``"Ann v Bob"``."""
    return " v ".join(sheet.names)


def load(row: ScoreSheetRow) -> ScoreSheet:
    """The engine sheet stored in ``row`` (parsed once per stored document and cached:
    a sheet of 500 hands takes some 40 ms to parse and check)."""
    return _parse(row.document)


@lru_cache(maxsize=256)
def _parse(document: str) -> ScoreSheet:
    return ScoreSheet.from_json(document)


@lru_cache(maxsize=256)
def result_of(sheet: ScoreSheet) -> SheetResult:
    """``sheet.result()``, computed once per sheet (sheets are immutable values)."""
    return sheet.result()


def list_sheets(db: Session, session_id: str) -> list[tuple[ScoreSheetRow, ScoreSheet]]:
    """This browser's sheets, most recently changed first."""
    rows = db.exec(
        select(ScoreSheetRow)
        .where(ScoreSheetRow.session_id == session_id)
        .order_by(col(ScoreSheetRow.updated_at).desc(), col(ScoreSheetRow.id).desc())
    ).all()
    return [(row, load(row)) for row in rows]


def get_sheet(db: Session, session_id: str, sheet_id: int) -> ScoreSheetRow | None:
    """The sheet ``sheet_id`` if this browser owns it, else ``None``."""
    row = db.get(ScoreSheetRow, sheet_id)
    if row is None or row.session_id != session_id:
        return None
    return row


def get_shared(db: Session, token: str) -> ScoreSheetRow | None:
    """The sheet behind a share token, or ``None``."""
    if not 16 <= len(token) <= 64:
        return None
    return db.exec(select(ScoreSheetRow).where(ScoreSheetRow.share_token == token)).first()


def count_sheets(db: Session, session_id: str) -> int:
    """How many sheets this browser keeps."""
    return len(db.exec(select(ScoreSheetRow.id).where(
        ScoreSheetRow.session_id == session_id)).all())


def create_sheet(db: Session, session_id: str, sheet: ScoreSheet, *,
                 previous_id: int | None = None) -> ScoreSheetRow:
    """Store a new sheet for this browser with a fresh share token; commits.

    ``previous_id``: the game this one is a rematch of (unique: one rematch per game).

    Raises:
        SheetError: the browser already keeps :data:`MAX_SHEETS_PER_SESSION` sheets.
        sqlalchemy.exc.IntegrityError: ``previous_id`` already has its rematch (a race).
    """
    if count_sheets(db, session_id) >= MAX_SHEETS_PER_SESSION:
        raise SheetError(f"this browser keeps at most {MAX_SHEETS_PER_SESSION} sheets: "
                         "delete an old one first")
    now = utcnow()
    row = ScoreSheetRow(session_id=session_id, share_token=secrets.token_urlsafe(
        SHARE_TOKEN_BYTES), title=title_for(sheet), document=sheet.to_json(),
        created_at=now, updated_at=now, previous_id=previous_id)
    db.add(row)
    db.commit()
    return row


def save_sheet(db: Session, row: ScoreSheetRow, sheet: ScoreSheet, expected_version: int,
               *, redo: Sequence[HandEntry] = ()) -> None:
    """Store ``sheet`` in ``row`` if nobody changed it since ``expected_version``; commits.

    ``redo`` is the new Redo stack (:func:`redo_stack`); every change but Undo and Redo
    leaves it empty.

    Raises:
        StaleSheetError: the stored version is not ``expected_version``.
    """
    stack = json.dumps([entry.to_dict() for entry in redo]) if redo else None
    result = db.exec(
        update(ScoreSheetRow)
        .where(col(ScoreSheetRow.id) == row.id, col(ScoreSheetRow.version) == expected_version)
        .values(document=sheet.to_json(), title=title_for(sheet), redo=stack,
                version=ScoreSheetRow.version + 1, updated_at=utcnow())
    )
    if result.rowcount == 0:
        db.rollback()
        raise StaleSheetError
    db.commit()


def rematch_of(db: Session, row: ScoreSheetRow) -> ScoreSheetRow | None:
    """The rematch of ``row`` (the next game of the evening), if there is one."""
    return db.exec(select(ScoreSheetRow).where(
        ScoreSheetRow.previous_id == row.id)).first()


def evening(db: Session, row: ScoreSheetRow) -> list[ScoreSheetRow]:
    """The games linked to ``row`` by rematches, oldest first (``row`` among them).

    Only this browser's sheets count, and at most :data:`MAX_SHEETS_PER_SESSION`.
    """
    games = [row]
    seen = {row.id}
    while games[0].previous_id is not None and len(games) < MAX_SHEETS_PER_SESSION:
        previous = db.get(ScoreSheetRow, games[0].previous_id)
        if previous is None or previous.session_id != row.session_id or previous.id in seen:
            break
        games.insert(0, previous)
        seen.add(previous.id)
    while len(games) < MAX_SHEETS_PER_SESSION:
        following = rematch_of(db, games[-1])
        if following is None or following.session_id != row.session_id or following.id in seen:
            break
        games.append(following)
        seen.add(following.id)
    return games


def redo_stack(row: ScoreSheetRow) -> list[HandEntry]:
    """The hands Undo took back from ``row``, the next one to redo last (issue 17)."""
    if not row.redo:
        return []
    return [HandEntry.from_dict(data) for data in json.loads(row.redo)]


def delete_sheet(db: Session, row: ScoreSheetRow) -> None:
    """Delete a sheet (its share link stops working); commits. Its rematch, if any, is
    linked to the game before it, so the evening stays one chain."""
    following = rematch_of(db, row)
    if following is not None:
        previous_id = row.previous_id
        db.exec(update(ScoreSheetRow).where(col(ScoreSheetRow.id) == row.id)
                .values(previous_id=None))
        db.exec(update(ScoreSheetRow).where(col(ScoreSheetRow.id) == following.id)
                .values(previous_id=previous_id))
    db.exec(delete(ScoreSheetRow).where(col(ScoreSheetRow.id) == row.id))
    db.commit()


# --- what the templates show -------------------------------------------------------------


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
    """The table's options in one line: ``"To 100 · gin 25 · undercut 25 · box 20 …"``."""
    options = sheet.options
    rules = options.rules
    parts = [f"To {rules.target}", f"gin {rules.gin_bonus}", f"undercut {rules.undercut_bonus}"]
    if rules.big_gin:
        parts.append(f"big gin {rules.big_gin_bonus}")
    parts += [f"box {rules.box_bonus}", f"game {rules.game_bonus}"]
    if rules.shutout:
        parts.append("shutout doubles")
    if rules.oklahoma:
        parts.append("Oklahoma" + (" (spades double)" if rules.oklahoma_spade_double else ""))
    if rules.straight_gin:
        parts.append("straight gin")
    if rules.round_the_corner:
        parts.append("round the corner")
    if rules.loser_deals and not options.gin_for_three:
        parts.append("loser deals")
    if options.hollywood:
        parts.append("Hollywood")
    if options.gin_for_three:
        parts.append("gin for three")
    return " · ".join(parts)
