"""Play against the computer: the glue between a browser's stored match and the engine.

Issue 3, SPEC §1 and §7. The engine stays pure; this module does the rest:

* **load** a browser's ``PlayMatch`` row and rebuild its :class:`MatchState` by replaying
  rules + seed + action log (``app.engine.match.replay``). Replays are cached per process
  under the row's ``version``, so a tap normally replays nothing; a new process (restart,
  another worker) replays once and carries on.
* **act**: apply the person's action (player 0), then let the computer (player 1) act
  until it is the person's turn again or the hand is over; store the longer log with
  ``version + 1``. A form carries the version it was rendered with, so a stale double tap
  changes nothing (409). Illegal actions change nothing either (400) and the status line
  says what is allowed.
* **screen**: everything the play template shows, built from the person's
  :class:`PlayerView` only. While a hand is in progress no value built here holds the
  computer's cards or the stock (only its size); the settlement becomes visible once
  the hand is over, as in the game.

Rows are written with an ``UPDATE ... WHERE version = :read`` so two processes can
never both apply a tap to the same version (SQLite also serialises writers with
``BEGIN IMMEDIATE``).
"""

from __future__ import annotations

import random
import re
import secrets
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.attributes import set_committed_value
from sqlmodel import Session

from app.engine import (
    HOUSE,
    Card,
    Discarded,
    Drew,
    Event,
    GameError,
    HandKind,
    HandResult,
    HandVoided,
    Knocked,
    MatchState,
    Meld,
    MeldKind,
    NextHand,
    Passed,
    Phase,
    PlayerView,
    Rules,
    RulesError,
    TookDiscard,
    TookUpcard,
    apply_match,
    best_arrangement,
    deadwood_by_discard,
    make_meld,
    match_view,
    new_match,
    parse_match_action,
    replay,
    visible_event,
)
from app.engine.bots import DEFAULT_LEVEL, LEVELS, choose_action
from app.engine.hand import BigGin, Discard, DrawStock, Gin, Knock, Pass, TakeDiscard, TakeUpcard
from app.guide import guide_link_for
from app.models import PlayMatch, utcnow

PERSON = 0
COMPUTER = 1
SORTS = ("rank", "suit", "melds")
SORT_LABELS = {"rank": "Sort by rank", "suit": "Sort by suit", "melds": "Melds first"}
LEVEL_LABELS = {"easy": "Easy", "standard": "Standard", "hard": "Hard"}

# Form action values and the actions they stand for; the card actions take the
# selected card (or a ``card`` field).
SIMPLE_ACTIONS = ("take_upcard", "pass", "draw_stock", "take_discard", "big_gin", "next_hand")
CARD_ACTIONS = ("discard", "knock", "gin")

# Table options the New match form offers (SPEC §6, the ones that apply to play).
NUMBER_OPTIONS = ("target", "gin_bonus", "undercut_bonus", "big_gin_bonus", "box_bonus",
                  "game_bonus")
SWITCH_OPTIONS = ("big_gin", "shutout", "oklahoma", "straight_gin", "round_the_corner",
                  "loser_deals")

_CACHE_SIZE = 512
MAX_TARGET = 100_000
"""Highest target the New match form accepts (the engine itself sets no upper bound)."""


class PlayError(Exception):
    """A tap that changed nothing; ``message`` says why and what is allowed."""

    status_code = 400

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class StaleTapError(PlayError):
    """The form was rendered for an older version of the match (a double tap, old tab)."""

    status_code = 409


class NoMatchError(PlayError):
    """The browser has no match yet."""


@dataclass(frozen=True, slots=True)
class Loaded:
    """A browser's stored match and the rebuilt match state (server side only)."""

    row: PlayMatch
    match: MatchState


# --- storage and replay ------------------------------------------------------------------

_cache: OrderedDict[str, tuple[int, int, MatchState]] = OrderedDict()
_cache_lock = threading.Lock()


def _log_pairs(log: Sequence[Sequence[Any]]) -> list[tuple[int, str]]:
    return [(int(player), str(text)) for player, text in log]


def rebuild(row: PlayMatch) -> MatchState:
    """The match state of ``row``: from this process's cache when the version matches,
    else by replaying the stored rules, seed and log (then cached).

    Raises:
        GameError: the stored log does not replay (a corrupted row).
    """
    with _cache_lock:
        hit = _cache.get(row.session_id)
        if hit is not None and hit[0] == row.version and hit[1] == len(row.log):
            _cache.move_to_end(row.session_id)
            return hit[2]
    match = replay(Rules.from_dict(row.rules), row.seed, _log_pairs(row.log), row.first_dealer)
    _remember(row.session_id, row.version, match)
    return match


def _remember(session_id: str, version: int, match: MatchState) -> None:
    with _cache_lock:
        _cache[session_id] = (version, len(match.log), match)
        _cache.move_to_end(session_id)
        while len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)


def forget_cache() -> None:
    """Empty this process's replay cache (tests and benchmarks use it to force replays)."""
    with _cache_lock:
        _cache.clear()


def load(db: Session, session_id: str) -> Loaded | None:
    """The browser's match, or ``None`` when it has not started one."""
    row = db.get(PlayMatch, session_id)
    if row is None:
        return None
    return Loaded(row, rebuild(row))


def computer_plays(match: MatchState, level: str) -> tuple[MatchState, list[Event]]:
    """Let the computer act until it is the person's turn or the hand is over.

    Its random source is derived from the match seed and the log length, so a replay of
    the stored log is exact whatever the bot does with it.
    """
    events: list[Event] = []
    while not match.over and match.hand.phase is not Phase.OVER \
            and match.hand.to_play == COMPUTER:
        rng = random.Random(f"{match.seed}:computer:{len(match.log)}")
        action = choose_action(level, match_view(match, COMPUTER), rng)
        match, happened = apply_match(match, COMPUTER, action)
        events.extend(happened)
    return match, events


def _store(db: Session, row: PlayMatch, match: MatchState, **changes: Any) -> PlayMatch:
    """Write ``match``'s log (and ``changes``) if the row is still at ``row.version``."""
    values: dict[str, Any] = {
        "log": [[player, text] for player, text in match.log],
        "version": row.version + 1,
        "updated_at": utcnow(),
        **changes,
    }
    result = db.exec(
        update(PlayMatch)
        .where(PlayMatch.session_id == row.session_id)  # type: ignore[arg-type]
        .where(PlayMatch.version == row.version)  # type: ignore[arg-type]
        .values(**values)
        .execution_options(synchronize_session=False)
    )
    if result.rowcount != 1:
        db.rollback()
        raise StaleTapError(_STALE)
    db.commit()
    _mirror(row, values)
    _remember(row.session_id, row.version, match)
    return row


def _mirror(row: PlayMatch, values: Mapping[str, Any]) -> None:
    """Show the values just written on the loaded row (as stored, not as pending changes)."""
    for key, value in values.items():
        set_committed_value(row, key, value)


_STALE = ("That tap came from an older screen, so nothing was changed. "
          "Here is the game as it is now.")


# --- starting a match ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MatchOptions:
    """What the New match form chose: the computer's level and the table's rules."""

    level: str = DEFAULT_LEVEL
    rules: Rules = HOUSE


def options_from_form(form: Mapping[str, str]) -> MatchOptions:
    """Parse the New match form; a missing number keeps its House value, a missing
    checkbox means off.

    Raises:
        PlayError: an unknown level, a number that is not a whole number or out of range.
    """
    level = form.get("level") or DEFAULT_LEVEL
    if level not in LEVELS:
        raise PlayError(f"Unknown computer level {level[:20]!r}: choose "
                        f"{', '.join(LEVEL_LABELS[name] for name in LEVELS)}.")
    values: dict[str, Any] = {}
    for name in NUMBER_OPTIONS:
        text = (form.get(name) or "").strip()
        if not text:
            continue
        number = whole_number(text)
        if number is None:
            raise PlayError(f"{_label(name)} must be a whole number, not {text[:20]!r}.")
        values[name] = number
    if values.get("target", HOUSE.target) > MAX_TARGET:
        raise PlayError(f"Target must be a whole number from 1 to {MAX_TARGET}.")
    for name in SWITCH_OPTIONS:
        values[name] = form.get(name) in ("on", "1", "true", "yes")
    try:
        rules = HOUSE.with_options(**values)
    except RulesError as error:
        raise PlayError(_sentence(str(error))) from None
    return MatchOptions(level, rules)


def start_match(db: Session, session_id: str, options: MatchOptions,
                expected_version: int | None = None) -> PlayMatch:
    """Deal a new match for this browser, replacing any match in progress.

    ``expected_version`` (from the form) guards against a stale resubmission replacing a
    match that has moved on since the form was shown; without it, only a browser with no
    match yet may start one.

    Raises:
        StaleTapError: the stored match is not at ``expected_version``.
    """
    row = db.get(PlayMatch, session_id)
    match = new_match(options.rules, secrets.randbits(63), first_dealer=COMPUTER)
    match, events = computer_plays(match, options.level)
    said = describe(events)
    if row is None:
        row = PlayMatch(session_id=session_id, rules=options.rules.to_dict(), seed=match.seed,
                        first_dealer=match.first_dealer, level=options.level,
                        log=[[p, t] for p, t in match.log], computer_said=said, version=1)
        db.add(row)
        try:
            db.commit()
        except IntegrityError:  # another tap of this browser started a match just now
            db.rollback()
            raise StaleTapError(_STALE) from None
        _remember(session_id, row.version, match)
        return row
    if expected_version != row.version:  # a missing version cannot replace a match either
        db.rollback()
        raise StaleTapError(_STALE)
    return _store(db, row, match, rules=options.rules.to_dict(), seed=match.seed,
                  first_dealer=match.first_dealer, level=options.level, selected=None,
                  computer_said=said)


# --- a tap -----------------------------------------------------------------------------------


def tap(db: Session, session_id: str, form: Mapping[str, str]) -> Loaded:
    """Apply one tap of the play screen and return the match as it now stands.

    ``form`` holds exactly one of ``action`` (with ``version``, and ``card`` or the
    selection for discard/knock/gin), ``select``/``deselect`` (a card code) or ``sort``.
    Selecting and sorting are screen choices: they need no version and never touch the
    game.

    Raises:
        NoMatchError: no match started yet.
        StaleTapError: ``version`` is not the stored one; nothing changed.
        PlayError: anything else illegal or malformed; nothing changed.
    """
    row = db.get(PlayMatch, session_id)
    if row is None:
        raise NoMatchError("There is no match yet: tap New match to start one.")
    match = rebuild(row)
    if "sort" in form:
        sort = form["sort"]
        if sort not in SORTS:
            raise PlayError(f"Unknown sort {sort[:20]!r}: sort by rank, by suit or melds first.")
        return _set_screen(db, row, match, sort=sort)
    if "select" in form or "deselect" in form:
        selecting = "select" in form
        card = _held_card(match, form["select" if selecting else "deselect"])
        return _set_screen(db, row, match, selected=str(card) if selecting else None)
    if "action" not in form:
        raise PlayError("Nothing to do: tap a card or one of the buttons.")
    version = whole_number(form.get("version", ""))
    if version is None:
        raise PlayError("The form is missing its version: reload the page and tap again.")
    if version != row.version:
        raise StaleTapError(_STALE)
    action = _action_from_form(match, row, form)
    if match.over:
        raise PlayError("The match is over: tap New match to play again.")
    try:
        match, _ = apply_match(match, PERSON, action)
    except GameError as error:
        raise PlayError(_sentence(str(error))) from None
    said = row.computer_said
    if match.hand.phase is Phase.OVER and not isinstance(action, NextHand):
        said = ""  # the person ended the hand: the result panel tells the rest
    match, events = computer_plays(match, row.level)
    if events or isinstance(action, NextHand):
        said = describe(events)
    selected = row.selected
    if selected is not None and (match.hand.phase is Phase.OVER or isinstance(action, NextHand)
                                 or Card.parse(selected) not in match_view(match, PERSON).hand):
        selected = None  # a new hand starts with nothing selected
    _store(db, row, match, selected=selected, computer_said=said)
    return Loaded(row, match)


_WHOLE = re.compile(r"[0-9]{1,9}")


def whole_number(text: str) -> int | None:
    """``text`` as a whole number when it is 1–9 ASCII digits, else ``None``.

    ``str.isdigit`` is not enough before ``int()``: it accepts ``"²"`` (which ``int``
    refuses) and digit strings too long for ``int`` to parse — both were 500s.
    """
    return int(text) if _WHOLE.fullmatch(text) else None


def _held_card(match: MatchState, text: str) -> Card:
    try:
        card = Card.parse(text)
    except GameError:
        raise PlayError(f"{text[:20]!r} is not a card: tap one of your cards.") from None
    if match.hand.phase is Phase.OVER or card not in match_view(match, PERSON).hand:
        raise PlayError(f"You do not hold the {card.name.lower()}: tap one of your cards.")
    return card


def _set_screen(db: Session, row: PlayMatch, match: MatchState, **values: Any) -> Loaded:
    db.exec(
        update(PlayMatch).where(PlayMatch.session_id == row.session_id)  # type: ignore[arg-type]
        .values(**values)
        .execution_options(synchronize_session=False)
    )
    db.commit()
    _mirror(row, values)
    return Loaded(row, match)


def _action_from_form(match: MatchState, row: PlayMatch, form: Mapping[str, str]) -> Any:
    name = form.get("action", "")
    if name in SIMPLE_ACTIONS:
        return parse_match_action(name)
    if name in CARD_ACTIONS:
        code = form.get("card") or row.selected
        if not code:
            raise PlayError(f"Select the card to {name} with first, then tap {name.title()}."
                            if name != "discard" else
                            "Select the card to discard first, then tap Discard.")
        card = _held_card(match, code)
        return parse_match_action(f"{name} {card}")
    raise PlayError(f"Unknown action {name[:20]!r}: use the buttons on the screen.")


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _label(name: str) -> str:
    return name.replace("_", " ").capitalize()


# --- words ---------------------------------------------------------------------------------


def _the(card: Card) -> str:
    return f"the {card.name.lower()}"


def _join(parts: Sequence[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def describe(events: Sequence[Event]) -> str:
    """What the computer did, in words the person may read ("Computer drew from the
    stock and discarded the seven of clubs."). Never names a card drawn from the stock.
    """
    sentences: list[str] = []
    turn: list[str] = []

    def close() -> None:
        if turn:
            sentences.append("Computer " + _join(turn) + ".")
            turn.clear()

    for raw in events:
        event = visible_event(raw, PERSON)
        if isinstance(event, HandVoided):
            close()
            sentences.append("The stock is down to two cards: the hand is void.")
            continue
        if getattr(event, "player", None) != COMPUTER:
            continue
        if isinstance(event, Passed):
            turn.append(f"passed on the upcard ({_the(event.card)})")
            close()
        elif isinstance(event, TookUpcard):
            turn.append(f"took the upcard ({_the(event.card)})")
        elif isinstance(event, Drew):
            turn.append("drew from the stock")
        elif isinstance(event, TookDiscard):
            turn.append(f"took {_the(event.card)} from the discard pile")
        elif isinstance(event, Discarded):
            turn.append(f"discarded {_the(event.card)}")
        elif isinstance(event, Knocked):
            if event.kind is HandKind.BIG_GIN:
                turn.append("went big gin")
            elif event.deadwood == 0:
                turn.append("went gin")
            else:
                turn.append(f"knocked with {event.deadwood} deadwood")
            close()
    close()
    return " ".join(sentences)


# --- the screen ------------------------------------------------------------------------------


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
    parts = [_meld_text(meld.kind, meld.cards) for meld in arrangement.melds]
    melds_text = ("Melds: " + "; ".join(parts)) if parts else "No melds yet"
    return tuple(out), melds_text, arrangement.deadwood


def _short(card: Card) -> str:
    rank = "10" if card.rank.value == "T" else card.rank.value
    return f"{rank}{card.suit.symbol}\ufe0e"


def _meld_text(kind: MeldKind, cards: Sequence[Card]) -> str:
    word = "run" if kind is MeldKind.RUN else "set"
    return f"{word} " + " ".join(_short(card) for card in cards)


def _rules_summary(rules: Rules, level: str) -> tuple[tuple[str, str], ...]:
    def onoff(value: bool) -> str:
        return "on" if value else "off"

    if rules.straight_gin:
        limit = "gin only (straight gin)"
    elif rules.oklahoma:
        limit = "the first upcard's value (Oklahoma; an ace means gin only)"
    else:
        limit = str(rules.knock_limit)
    rows = [
        ("Computer", LEVEL_LABELS.get(level, level)),
        ("Target", f"{rules.target} points"),
        ("Knock limit", limit),
        ("Gin bonus", str(rules.gin_bonus)),
        ("Undercut bonus", str(rules.undercut_bonus)),
        ("Big gin", f"on, bonus {rules.big_gin_bonus}" if rules.big_gin else "off"),
        ("Box bonus", str(rules.box_bonus) if rules.box_bonus else "none"),
        ("Game bonus", str(rules.game_bonus) if rules.game_bonus else "none"),
        ("Shutout doubles", onoff(rules.shutout)),
        ("Oklahoma", ("on, a spade upcard doubles the hand" if rules.oklahoma_spade_double
                      else "on") if rules.oklahoma else "off"),
        ("Round the corner", onoff(rules.round_the_corner)),
        ("Loser deals", onoff(rules.loser_deals)),
    ]
    return tuple(rows)


def _limit_note(view: PlayerView) -> str:
    notes = []
    if view.limit.gin_only:
        notes.append("Gin only this hand")
    elif view.limit.limit != 10:
        notes.append(f"Knock limit {view.limit.limit} this hand")
    if view.limit.doubled:
        notes.append("spade upcard: points double")
    return "; ".join(notes)


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


def _result_panel(result: HandResult, rules: Rules) -> ResultPanel:
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


def _step(view: PlayerView, match: MatchState) -> str:
    if match.over:
        t = match.tally
        return ("Match over: you won! Tap New match to play again." if t.winner == PERSON
                else "Match over: the computer won. Tap New match to play again.")
    if view.phase is Phase.OVER:
        result = view.result
        if result is None or result.winner is None:
            return "Void hand: nobody scores. Tap Next hand for the redeal."
        who = "you score" if result.winner == PERSON else "the computer scores"
        return f"Hand over: {who} {result.points}. Tap Next hand."
    if not view.my_turn:  # pragma: no cover - the computer always finishes its turn
        return "The computer is playing."
    if view.phase is Phase.UPCARD_OFFER:
        return "Your turn: take the upcard or pass."
    if view.phase is Phase.DRAW:
        if view.must_draw_stock:
            return "Your turn: both passed the upcard, so draw from the stock."
        return "Your turn: draw from the stock or take the discard."
    if BigGin() in view.legal:
        return "Your turn: big gin! Tap Big gin, or discard a card."
    if view.limit.gin_only:
        return "Your turn: discard a card, or go gin with it (no knocking this hand)."
    return "Your turn: discard a card, or knock or go gin with it."


def _guide_step(view: PlayerView, match: MatchState) -> str:
    """The guide section that explains the current step (see :func:`guide_link_for`)."""
    if match.over:
        return "match_over"
    if view.phase is Phase.OVER and (view.result is None or view.result.winner is None):
        return "void"
    return view.phase.value


def _hand_note(view: PlayerView, selected: Card | None, deadwood: int) -> str:
    """Below the hand: the deadwood and, with 11 cards, what the selected discard leaves."""
    if view.phase is not Phase.DISCARD or not view.my_turn:
        return f"Deadwood {deadwood}."
    legal = set(view.legal)
    if BigGin() in legal:
        return ("All 11 cards are melded: tap Big gin (no discard), or select a card to "
                "discard and go gin.")
    can_gin = any(isinstance(a, Gin) for a in legal)
    can_knock = any(isinstance(a, Knock) for a in legal)
    if selected is None:
        extra = " You can go gin." if can_gin else " You can knock." if can_knock else ""
        return f"Deadwood {deadwood} with 11 cards. Select a card to discard.{extra}"
    if selected == view.taken_from_pile:
        return (f"You took {_the(selected)} from the pile: it cannot go back this turn. "
                "Select another card.")
    left = deadwood_by_discard(view.hand, view.rules)[selected]
    if Gin(selected) in legal:
        tail = " That is gin!"
    elif Knock(selected) in legal:
        tail = " You may knock."
    else:
        tail = ""
    return f"Discarding {_the(selected)} leaves {left} deadwood.{tail}"


def screen(loaded: Loaded, notice: str = "") -> Screen:
    """The play screen for the person (player 0), from their :class:`PlayerView` only."""
    row, match = loaded.row, loaded.match
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
    step = _step(view, match)
    status = f"{notice} {step}" if notice else step
    top = view.top_discard
    return Screen(
        version=row.version,
        level=row.level,
        level_label=LEVEL_LABELS.get(row.level, row.level),
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
        hand_note=_hand_note(view, selected, deadwood) if not over else "",
        sort=row.sort,
        sorts=tuple((key, SORT_LABELS[key], key == row.sort) for key in SORTS),
        enabled=enabled,
        take_label="Take upcard" if view.phase is Phase.UPCARD_OFFER else "Take discard",
        big_gin=rules.big_gin,
        limit_note=_limit_note(view),
        rules_summary=_rules_summary(rules, row.level),
        result=_result_panel(view.result, rules) if over and view.result is not None else None,
        match_end=_match_end(match) if match.over else None,
        over=over,
        match_over=match.over,
    )


def default_options(row: PlayMatch | None) -> dict[str, Any]:
    """Values to pre-fill the New match form with: House rules, the current level."""
    values: dict[str, Any] = HOUSE.to_dict()
    values["level"] = row.level if row is not None else DEFAULT_LEVEL
    return values


__all__ = [
    "COMPUTER", "LEVELS", "LEVEL_LABELS", "PERSON", "SWITCH_OPTIONS", "Loaded", "MatchOptions",
    "NoMatchError", "PlayError", "Screen", "StaleTapError", "computer_plays", "default_options",
    "describe", "forget_cache", "load", "options_from_form", "rebuild", "screen", "start_match",
    "tap",
]
