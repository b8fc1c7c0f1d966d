"""A score sheet for games played with real cards (docs/rules.md §4–6; ``docs/score-sheet.md``).

People at a table enter each hand — who knocked (or went gin or big gin) and the two
deadwood counts, with Oklahoma the first upcard — and the sheet does the rest with the
same arithmetic as Play (:func:`~app.engine.scoring.score_hand`,
:func:`~app.engine.scoring.knock_limit_for`, :func:`~app.engine.scoring.tally`,
:func:`~app.engine.scoring.next_dealer`).

A sheet is a value: :class:`ScoreSheet` holds the options, the names and the entries,
and :func:`compute_sheet` recomputes everything (rows, running totals, boxes, who deals
and who sits out next, bonuses, winner, margin) from them, so an edit or a deletion of
any hand is a new list of entries and a recomputation.

Variants:

* **Hollywood**: three games (columns) at once. A player's 1st win is scored in
  column 1, the 2nd in columns 1–2, the 3rd and later in all three — always only in
  columns that are still open. Put generally (as tables play it), a win goes into every
  open column the player is already on the board in, plus the first open column they
  are not yet on; so a player shut out of a closed column 1 makes their first entry in
  column 2. Each column is its own game with its own boxes, game bonus and shutout, and
  closes when someone reaches the target in it; the sheet is over when all three have
  closed.
* **A number of hands** (``rules.hands``, not with Hollywood): the game is over after
  that many hands, void hands included, and the higher hand points win, no bonus added
  (:func:`~app.engine.scoring.tally_of_hands`).
* **Gin for three**: the player with the lowest cut sits out the first hand
  (``SheetOptions.first_sitter``); the loser of each hand sits out the next, and the one
  who waited deals to the winner. A void hand is replayed by the same two players with
  the same dealer. (``loser_deals`` only applies to two players.)

All errors are :class:`SheetError`, a :class:`~app.engine.errors.InvalidScoreError` that
names the offending form ``field`` and hand ``number`` so the web layer can put the
message next to the field.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from app.engine.cards import Card, Rank
from app.engine.errors import N_, Cause, GameError, InvalidScoreError, Phrase
from app.engine.rules import CLASSIC, Rules
from app.engine.scoring import (
    HOLLYWOOD_COLUMNS,
    MAX_DEADWOOD,
    VOID_SCORE,
    HandKind,
    HandRecord,
    HandScore,
    KnockLimit,
    MatchTally,
    Role,
    hollywood_columns,
    knock_limit_for,
    next_dealer,
    score_hand,
    tally,
)

SHEET_FORMAT = "gin-rummy-score-sheet"
"""The ``format`` marker of an exported sheet."""

SHEET_VERSION = 1
"""The version of the JSON export written by :meth:`ScoreSheet.to_json`."""

MAX_NAME_LENGTH = 30
"""Longest player name, in characters."""

MAX_HANDS = 500
"""Most hands one sheet may hold (a bound for imports and storage)."""

HAND_PROBLEM = N_("hand %(hand)s: %(problem)s")
"""A refusal about one hand of a sheet (``problem``: the refusal itself)."""



class SheetError(InvalidScoreError):
    """A score sheet refused an entry, an option or an import: a template (an ``N_``
    message, or an engine :class:`~app.engine.errors.Cause`) and its values, as every
    engine refusal (``str(error)`` the English; ``app.web.phrases`` the page's words).

    Attributes:
        field: the form field the message belongs next to (``"knocker_deadwood"``,
            ``"defender_deadwood"``, ``"upcard"``, ``"knocker"``, ``"kind"``, ``"pair"``,
            ``"name0"``, ``"players"``, ``"first_dealer"``, ``"first_sitter"``,
            ``"options"``, ``"file"``), or ``None`` for the sheet as a whole.
        number: the hand (1-based) the error is about, or ``None``.
        also: more fields' messages found in the same check (field → :class:`Phrase`),
            so a form can show every wrong field at once.
    """

    def __init__(self, cause: Cause | str, /, *, field: str | None = None,
                 number: int | None = None, also: Mapping[str, Phrase] | None = None,
                 **values: object):
        super().__init__(cause, **values)
        self.field = field
        self.number = number
        self.also = dict(also or {})

    @classmethod
    def of(cls, error: GameError, *, field: str | None = None,
           number: int | None = None) -> SheetError:
        """``error``'s refusal (its cause and values) next to ``field``, about hand
        ``number``."""
        return cls(error.cause or error.template, field=field, number=number, **error.values)

    def by_field(self, default: str) -> dict[str, Phrase]:
        """Every message by its form field (``default`` for the sheet as a whole)."""
        return {self.field or default: self.phrase, **self.also}


class GameOverError(SheetError):
    """A hand comes after the end of the game.

    Attributes:
        number: the hand that cannot follow.
        ended_by: the hand that ended the game.
        reason: how it ended, e.g. ``"Ann reached 103 of 100"`` (a :class:`Phrase`).
    """

    def __init__(self, number: int, ended_by: int, reason: Phrase):
        super().__init__(N_("the game ended with hand %(ended)s (%(reason)s), so hand "
                            "%(hand)s cannot come after the end of the game"),
                         number=number, ended=ended_by, reason=reason, hand=number)
        self.ended_by = ended_by
        self.reason = reason


def game_winner(final: Sequence[int]) -> tuple[int | None, int]:
    """Who wins a finished game and by how much, from the final totals (docs/rules.md §5).

    The winner is the player with the higher final total (bonuses included), which is
    not always the player who reached the target: boxes can put the other ahead. The
    margin is their final total minus the next best (never negative).

    Returns:
        ``(player index, margin)``, or ``(None, 0)`` when the best totals tie.
    """
    best = max(final)
    leaders = [p for p, total in enumerate(final) if total == best]
    if len(leaders) != 1:
        return None, 0
    return leaders[0], best - max(t for p, t in enumerate(final) if p != leaders[0])


class EntryKind(StrEnum):
    """What the table says happened in a hand; the sheet classifies it further.

    A ``KNOCK`` with deadwood 0 is scored as gin; a knock may turn out an undercut.
    """

    KNOCK = "knock"
    GIN = "gin"
    BIG_GIN = "big_gin"
    VOID = "void"


@dataclass(frozen=True, slots=True)
class SheetOptions:
    """The table's options for one sheet.

    Attributes:
        rules: bonuses, target, Oklahoma, straight gin, loser deals … (docs/rules.md §6); the
            Classic preset by default (docs/rules.md §5).
        hollywood: score three games at once (see the module docstring).
        players: 2, or 3 for gin for three.
        first_dealer: player index dealing the first hand.
        first_sitter: gin for three only: the player who cut lowest and sits out the first
            hand (ignored with two players).

    Raises:
        SheetError: players not 2 or 3, or a dealer/sitter index out of range (or the
            first dealer sitting out), or Hollywood with a number of hands.
    """

    rules: Rules = CLASSIC
    hollywood: bool = False
    players: int = 2
    first_dealer: int = 0
    first_sitter: int = 2

    def __post_init__(self) -> None:
        if self.players not in (2, 3):
            raise SheetError(N_("a sheet is for 2 players, or 3 for gin for three"),
                             field="players")
        if not 0 <= self.first_dealer < self.players:
            raise SheetError(N_("the first dealer must be player 1 to %(players)s"),
                             field="first_dealer", players=self.players)
        if self.players == 3:
            if not 0 <= self.first_sitter < 3:
                raise SheetError(N_("the first to sit out must be player 1 to 3"),
                                 field="first_sitter")
            if self.first_sitter == self.first_dealer:
                raise SheetError(N_("the player sitting out cannot deal the first hand"),
                                 field="first_dealer")
        if self.hollywood and self.rules.hands:
            raise SheetError(Cause.HANDS_HOLLYWOOD, field="hollywood")

    @property
    def gin_for_three(self) -> bool:
        """True for a three-player sheet."""
        return self.players == 3

    @property
    def columns(self) -> int:
        """How many games the sheet scores at once: 3 in Hollywood, else 1."""
        return HOLLYWOOD_COLUMNS if self.hollywood else 1

    def to_dict(self) -> dict[str, Any]:
        """The options as a JSON-ready dict (rules nested)."""
        return {
            "rules": self.rules.to_dict(),
            "hollywood": self.hollywood,
            "players": self.players,
            "first_dealer": self.first_dealer,
            "first_sitter": self.first_sitter,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SheetOptions:
        """Rebuild options from :meth:`to_dict` output.

        Raises:
            SheetError: a missing or ill-typed value (``field="file"``), or bad options.
        """
        rules_data = data.get("rules")
        if not isinstance(rules_data, dict):
            raise SheetError(N_("the options have no rules"), field="file")
        try:
            rules = Rules.from_dict(rules_data)
        except GameError as err:
            raise SheetError(N_("the rules are invalid: %(problem)s"), field="file",
                             problem=err) from err
        values: dict[str, Any] = {}
        for key, kind in (("hollywood", bool), ("players", int), ("first_dealer", int),
                          ("first_sitter", int)):
            if key not in data:
                continue
            value = data[key]
            if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
                raise SheetError(N_("option %(key)s has the wrong type"), field="file",
                                 key=key)
            values[key] = value
        return cls(rules=rules, **values)


@dataclass(frozen=True, slots=True)
class HandEntry:
    """One hand as the table reports it (nothing computed yet).

    Attributes:
        kind: knock, gin, big gin or void (:class:`EntryKind`).
        knocker: index of the player who knocked or went out; ``None`` for a void hand.
        knocker_deadwood: the knocker's deadwood (0 for gin and big gin).
        defender_deadwood: the defender's deadwood after layoffs (for gin and big gin,
            the whole count: no layoffs against gin).
        upcard: the first upcard, used with Oklahoma (sets the knock limit; a spade
            doubles); kept but unused otherwise.
        pair: gin for three: the two players who played the hand (``None`` means the two
            the sheet expected); must be ``None`` for two players.
    """

    kind: EntryKind
    knocker: int | None = None
    knocker_deadwood: int = 0
    defender_deadwood: int = 0
    upcard: Card | None = None
    pair: tuple[int, int] | None = None

    @classmethod
    def knock(cls, knocker: int, knocker_deadwood: int, defender_deadwood: int, *,
              upcard: Card | None = None, pair: tuple[int, int] | None = None) -> HandEntry:
        """A knock (scored as gin when ``knocker_deadwood`` is 0, an undercut when D ≤ K)."""
        return cls(EntryKind.KNOCK, knocker, knocker_deadwood, defender_deadwood, upcard, pair)

    @classmethod
    def gin(cls, knocker: int, defender_deadwood: int, *, upcard: Card | None = None,
            pair: tuple[int, int] | None = None) -> HandEntry:
        """Gin by ``knocker``; ``defender_deadwood`` is the defender's whole count."""
        return cls(EntryKind.GIN, knocker, 0, defender_deadwood, upcard, pair)

    @classmethod
    def big_gin(cls, knocker: int, defender_deadwood: int, *, upcard: Card | None = None,
                pair: tuple[int, int] | None = None) -> HandEntry:
        """Big gin (all 11 cards melded) by ``knocker``; needs the big gin option."""
        return cls(EntryKind.BIG_GIN, knocker, 0, defender_deadwood, upcard, pair)

    @classmethod
    def void(cls, *, upcard: Card | None = None,
             pair: tuple[int, int] | None = None) -> HandEntry:
        """A void hand: no knock before the stock ran down to two cards; no score."""
        return cls(EntryKind.VOID, None, 0, 0, upcard, pair)

    def to_dict(self) -> dict[str, Any]:
        """The entry as a JSON-ready dict."""
        data: dict[str, Any] = {"kind": self.kind.value}
        if self.kind is not EntryKind.VOID:
            data["knocker"] = self.knocker
            data["knocker_deadwood"] = self.knocker_deadwood
            data["defender_deadwood"] = self.defender_deadwood
        if self.upcard is not None:
            data["upcard"] = str(self.upcard)
        if self.pair is not None:
            data["pair"] = list(self.pair)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], number: int | None = None) -> HandEntry:
        """Rebuild an entry from :meth:`to_dict` output (types checked, rules not).

        Raises:
            SheetError: unknown kind or ill-typed value (``field="file"``).
        """
        def refused(problem: GameError) -> SheetError:
            if number is None:
                return SheetError.of(problem, field="file")
            return SheetError(HAND_PROBLEM, field="file", number=number, hand=number,
                              problem=problem)

        try:
            kind = EntryKind(str(data.get("kind")))
        except ValueError as err:
            raise refused(GameError(N_("unknown hand kind %(kind)s"),
                                    kind=repr(data.get("kind")))) from err
        ints: dict[str, int | None] = {}
        for key in ("knocker", "knocker_deadwood", "defender_deadwood"):
            value = data.get(key, None if key == "knocker" else 0)
            if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
                raise refused(GameError(N_("%(key)s must be a whole number"), key=key))
            ints[key] = value
        upcard: Card | None = None
        if data.get("upcard") is not None:
            if not isinstance(data["upcard"], str):
                raise refused(GameError(N_("upcard must be a card code")))
            try:
                upcard = Card.parse(data["upcard"])
            except GameError as err:
                raise refused(err) from err
        pair: tuple[int, int] | None = None
        raw_pair = data.get("pair")
        if raw_pair is not None:
            if (not isinstance(raw_pair, list) or len(raw_pair) != 2
                    or not all(isinstance(p, int) and not isinstance(p, bool)
                               for p in raw_pair)):
                raise refused(GameError(N_("pair must be two player numbers")))
            pair = (raw_pair[0], raw_pair[1])
        return cls(kind, ints["knocker"], ints["knocker_deadwood"] or 0,
                   ints["defender_deadwood"] or 0, upcard, pair)


@dataclass(frozen=True, slots=True)
class HandRow:
    """One recorded hand with everything the sheet worked out for it.

    Attributes:
        number: 1-based hand number.
        entry: the entry as recorded.
        dealer: who dealt it.
        players: the two players who played it (``(0, 1)`` for two players).
        sitter: gin for three: who sat it out; else ``None``.
        knocker, defender: player indexes (``None`` for a void hand).
        winner: who scored (the defender on an undercut); ``None`` for a void hand.
        limit: the hand's knock limit and Oklahoma doubling.
        score: classification, points and arithmetic (:class:`HandScore`).
        win_number: the winner's how-many-th win this is (0 for a void hand).
        columns: 0-based columns the points went into (Hollywood; ``(0,)`` on a plain
            sheet for a scored hand; empty for a void hand).
        totals: running hand points after this hand, ``totals[column][player]``.
        closed: columns this hand closed (someone reached the target there).
        out_of_turn: gin for three: not the two players the sheet expected.
    """

    number: int
    entry: HandEntry
    dealer: int
    players: tuple[int, int]
    sitter: int | None
    knocker: int | None
    defender: int | None
    winner: int | None
    limit: KnockLimit
    score: HandScore
    win_number: int
    columns: tuple[int, ...]
    totals: tuple[tuple[int, ...], ...]
    closed: tuple[int, ...]
    out_of_turn: bool = False

    @property
    def kind(self) -> HandKind:
        """How the hand was classified (knock, undercut, gin, big gin, void)."""
        return self.score.kind

    @property
    def points(self) -> int:
        """The hand's points (Oklahoma doubling included)."""
        return self.score.points


@dataclass(frozen=True, slots=True)
class ColumnResult:
    """One game of the sheet (the only one unless Hollywood).

    Attributes:
        index: 0-based column number.
        tally: points, boxes and — once over — bonuses, winner, margin (docs/rules.md §5).
        hands: the hand numbers scored in this column.
        closed_by: the hand number that closed the column, or ``None`` while open.
    """

    index: int
    tally: MatchTally
    hands: tuple[int, ...]
    closed_by: int | None

    @property
    def closed(self) -> bool:
        """True once someone reached the target in this column."""
        return self.closed_by is not None

    @property
    def reached(self) -> int | None:
        """Who reached the target (and took the game bonus), once closed."""
        return self.tally.winner

    @property
    def winner(self) -> int | None:
        """Once closed, the player with the higher final total (:func:`game_winner`)."""
        return game_winner(self.tally.final)[0] if self.closed else None

    @property
    def margin(self) -> int:
        """Once closed, the winner's final total minus the next best; else 0."""
        return game_winner(self.tally.final)[1] if self.closed else 0


@dataclass(frozen=True, slots=True)
class SheetResult:
    """Everything :func:`compute_sheet` works out from the entries.

    Attributes:
        options, names: as given.
        rows: one :class:`HandRow` per entry.
        columns: one :class:`ColumnResult` (three in Hollywood).
        over: the game (all columns, in Hollywood) has ended.
        next_dealer: who deals the next hand (``None`` once over).
        next_players: the two players of the next hand.
        next_sitter: gin for three: who sits out the next hand; else ``None``.
        totals: per player, the sum over columns of ``tally.final`` (hand points while a
            column is open; with bonuses once it has closed).
        wins: hands won per player.
        winner: once over, the player with the highest total (``None`` on a tie); this
            may not be the player who reached the target (:func:`game_winner`).
        margin: once over, the winner's total minus the next best total; else 0.
    """

    options: SheetOptions
    names: tuple[str, ...]
    rows: tuple[HandRow, ...]
    columns: tuple[ColumnResult, ...]
    over: bool
    next_dealer: int | None
    next_players: tuple[int, int]
    next_sitter: int | None
    totals: tuple[int, ...]
    wins: tuple[int, ...]
    winner: int | None
    margin: int

    @property
    def tally(self) -> MatchTally:
        """The first (on a plain sheet the only) column's tally."""
        return self.columns[0].tally

    @property
    def reached(self) -> int | None:
        """Plain sheet, once over: who reached the target first (took the game bonus)."""
        return self.columns[0].reached


_NOT_A_COUNT = {
    "knocker_deadwood": N_("the knocker's deadwood must be a whole number from 0 to %(most)s"),
    "defender_deadwood": N_("the defender's deadwood must be a whole number from 0 to "
                            "%(most)s"),
}


def _check_whole(value: object, field_name: str, number: int | None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_DEADWOOD:
        raise SheetError(_NOT_A_COUNT[field_name], field=field_name, number=number,
                         most=MAX_DEADWOOD)
    return value


def _check_entry(
    options: SheetOptions, entry: HandEntry, expected: tuple[int, int], number: int,
) -> tuple[tuple[int, int], KnockLimit, HandScore, int | None, int | None]:
    """Validate one entry; return (players, limit, score, knocker, defender)."""
    rules = options.rules
    if not isinstance(entry.kind, EntryKind):
        raise SheetError(N_("say what happened: knock, gin, big gin or void"), field="kind",
                         number=number)
    # Who played.
    if entry.pair is None:
        pair = expected
    elif not options.gin_for_three:
        raise SheetError(N_("only gin for three says which two played"), field="pair",
                         number=number)
    else:
        a, b = entry.pair
        if not (0 <= a < 3 and 0 <= b < 3) or a == b:
            raise SheetError(N_("two different players play each hand"), field="pair",
                             number=number)
        pair = (min(a, b), max(a, b))
    # The knock limit (Oklahoma needs the upcard, even for a void hand it is harmless).
    upcard = entry.upcard if rules.oklahoma else None
    if rules.oklahoma and upcard is None and entry.kind is not EntryKind.VOID:
        raise SheetError(N_("Oklahoma: enter the first upcard, it sets the knock limit"),
                         field="upcard", number=number)
    if rules.oklahoma and upcard is None:  # a void hand without its upcard
        limit = KnockLimit(rules.knock_limit)
    else:
        limit = knock_limit_for(rules, upcard)
    if entry.kind is EntryKind.VOID:
        if entry.knocker is not None:
            raise SheetError(N_("a void hand has no knocker"), field="knocker",
                             number=number)
        return pair, limit, VOID_SCORE, None, None
    knocker = entry.knocker
    if knocker is None or isinstance(knocker, bool) or knocker not in pair:
        raise SheetError(N_("choose who knocked or went out: one of the two players of the "
                            "hand"), field="knocker", number=number)
    defender = pair[1] if knocker == pair[0] else pair[0]
    k = _check_whole(entry.knocker_deadwood, "knocker_deadwood", number)
    _check_whole(entry.defender_deadwood, "defender_deadwood", number)
    if entry.kind is EntryKind.BIG_GIN and not rules.big_gin:
        raise SheetError(Cause.BIG_GIN_OFF, field="kind", number=number)
    if entry.kind in (EntryKind.GIN, EntryKind.BIG_GIN) and k != 0:
        raise SheetError(N_("big gin means the knocker's deadwood is 0 (a count above 0 is a "
                            "knock)") if entry.kind is EntryKind.BIG_GIN
                         else N_("gin means the knocker's deadwood is 0 (a count above 0 is "
                                 "a knock)"), field="knocker_deadwood", number=number)
    if k > limit.limit:
        if rules.straight_gin:
            raise SheetError(N_("cannot knock with %(count)s: straight gin: there is no "
                                "knocking, only gin (0) ends a hand"),
                             field="knocker_deadwood", number=number, count=k)
        if limit.gin_only and upcard is not None and upcard.rank is Rank.ACE:
            raise SheetError(N_("cannot knock with %(count)s: the upcard is %(card)s: only "
                                "gin (0) ends this hand"),
                             field="knocker_deadwood", number=number, count=k, card=upcard)
        if rules.oklahoma and upcard is not None:
            raise SheetError(N_("cannot knock with %(count)s: the upcard, %(card)s, sets this "
                                "hand's knock limit to %(limit)s, so the knocker's deadwood "
                                "must be %(limit)s or less"),
                             field="knocker_deadwood", number=number, count=k, card=upcard,
                             limit=limit.limit)
        raise SheetError(N_("cannot knock with %(count)s: the knocker's deadwood must be "
                            "%(limit)s or less to knock"),
                         field="knocker_deadwood", number=number, count=k, limit=limit.limit)
    try:
        score = score_hand(k, entry.defender_deadwood, rules,
                           big_gin=entry.kind is EntryKind.BIG_GIN, limit=limit)
    except InvalidScoreError as err:  # pragma: no cover - the checks above come first
        raise SheetError.of(err, field="knocker_deadwood", number=number) from err
    return pair, limit, score, knocker, defender


def compute_sheet(
    options: SheetOptions, names: Sequence[str], entries: Iterable[HandEntry],
) -> SheetResult:
    """Recompute a whole sheet from its entries (docs/rules.md §4–6).

    Args:
        options: the table's options.
        names: one name per player (``options.players`` of them).
        entries: the hands in order.

    Returns:
        Rows with classification, arithmetic and running totals; per-column tallies; who
        deals and who sits out next; totals, winner and margin once over.

    Raises:
        SheetError: an invalid entry (with its ``field`` and hand ``number``), or a hand
            after the game ended.
    """
    n = options.players
    if len(names) != n:
        raise SheetError(N_("the sheet needs %(count)s names"), field="name0", count=n)
    columns = options.columns
    records: list[list[HandRecord]] = [[] for _ in range(columns)]
    column_hands: list[list[int]] = [[] for _ in range(columns)]
    closed_by: list[int | None] = [None] * columns
    points = [[0] * n for _ in range(columns)]  # running hand points, [column][player]
    wins = [0] * n
    on_board = [[False] * n for _ in range(columns)]  # [column][player] has scored there
    rows: list[HandRow] = []
    dealer = options.first_dealer
    if options.gin_for_three:
        sitter: int | None = options.first_sitter
        expected = _others(options.first_sitter)
    else:
        sitter, expected = None, (0, 1)
    over = False
    ended_by, end_reason = 0, Phrase("")
    for number, entry in enumerate(entries, start=1):
        if number > MAX_HANDS:
            raise SheetError(N_("a sheet holds at most %(most)s hands"), number=number,
                             most=MAX_HANDS)
        if over:
            raise GameOverError(number, ended_by, end_reason)
        pair, limit, score, knocker, defender = _check_entry(options, entry, expected, number)
        played_sitter = _third(pair) if options.gin_for_three else None
        out_of_turn = pair != expected
        hand_dealer = dealer if dealer in pair else pair[0]
        if score.winner is None:
            winner: int | None = None
        else:
            winner = knocker if score.winner is Role.KNOCKER else defender
        used: tuple[int, ...] = ()
        closed_now: list[int] = []
        win_number = 0
        if winner is not None:
            wins[winner] += 1
            win_number = wins[winner]
            used = hollywood_columns(winner, closed_by, on_board) if options.hollywood \
                else (0,)
            for c in used:
                on_board[c][winner] = True
                records[c].append(HandRecord(winner, score.points, score.kind))
                column_hands[c].append(number)
                points[c][winner] += score.points
                if points[c][winner] >= options.rules.target and not options.rules.hands:
                    # as tally() decides "over" (a number of hands: below)
                    closed_by[c] = number
                    closed_now.append(c)
                    reached = {"name": names[winner], "points": points[c][winner],
                               "target": options.rules.target}
                    end_reason = Phrase.of(
                        N_("game %(game)s closed: %(name)s reached %(points)s of %(target)s"),
                        game=c + 1, **reached) if options.hollywood else Phrase.of(
                        N_("%(name)s reached %(points)s of %(target)s"), **reached)
        if number == options.rules.hands:  # as tally_of_hands() decides "over"
            closed_by[0] = number
            closed_now.append(0)
            end_reason = Phrase.of(N_("%(hands)s hands were played"), hands=number)
        running = tuple(tuple(column_points) for column_points in points)
        rows.append(HandRow(number, entry, hand_dealer, pair, played_sitter, knocker, defender,
                            winner, limit, score, win_number, used, running, tuple(closed_now),
                            out_of_turn))
        over = all(c is not None for c in closed_by)
        ended_by = number
        if options.gin_for_three:
            expected, sitter, dealer = _next_for_three(rows[-1])
        else:
            dealer = next_dealer(hand_dealer, HandRecord(winner, score.points, score.kind),
                                 options.rules)
    results = tuple(
        ColumnResult(c, tally(records[c], options.rules, n), tuple(column_hands[c]),
                     closed_by[c])
        for c in range(columns)
    )
    totals = tuple(sum(col.tally.final[p] for col in results) for p in range(n))
    winner_all: int | None = None
    margin = 0
    if over:
        winner_all, margin = game_winner(totals)
    return SheetResult(
        options, tuple(names), tuple(rows), results, over,
        None if over else dealer, expected, None if over else sitter,
        totals, tuple(wins), winner_all, margin,
    )


def _next_for_three(row: HandRow) -> tuple[tuple[int, int], int, int]:
    """Gin for three, after ``row``: the two players of the next hand, who sits out and
    who deals (docs/score-sheet.md, "Rematch"): a void hand is replayed by the same three;
    else the winner plays the one who sat out, who deals, and the loser sits out."""
    if row.winner is None:
        assert row.sitter is not None
        return row.players, row.sitter, row.dealer
    loser = row.defender if row.winner == row.knocker else row.knocker
    assert loser is not None and row.sitter is not None
    return (min(row.winner, row.sitter), max(row.winner, row.sitter)), loser, row.sitter


def _others(player: int) -> tuple[int, int]:
    a, b = (p for p in range(3) if p != player)
    return (a, b)


def _third(pair: tuple[int, int]) -> int:
    return 3 - pair[0] - pair[1]


def tidy_name(name: str) -> str:
    """A player name as stored: Unicode NFC, runs of whitespace (tabs, line breaks, no-break
    spaces …) made one space, no space at either end.

    Raises:
        SheetError: the name holds a control or format character (Unicode category C*:
            NUL, escape codes, zero-width spaces and joiners, bidirectional overrides,
            lone surrogates, private or unassigned code points): they are invisible or
            reorder the text around them, so two names that look the same could differ.
    """
    tidy = " ".join(unicodedata.normalize("NFC", str(name)).split())
    bad = next((ch for ch in tidy if unicodedata.category(ch).startswith("C")), None)
    if bad is not None:
        raise SheetError(N_("a name cannot hold invisible or control characters (found "
                            "%(char)s): type it again with letters, digits and spaces"),
                         char=f"U+{ord(bad):04X}")
    return tidy


def name_key(name: str) -> str:
    """The form in which two names are compared: compatibility-normalised (NFKC) and
    case-folded, so ``"Ann"``, ``"ANN"`` and full-width ``"Ａｎｎ"`` are the same player."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def check_names(names: Sequence[str], players: int) -> tuple[str, ...]:
    """Tidy and check player names (:func:`tidy_name`): 1..30 characters, all different
    once compared by :func:`name_key`.

    Returns:
        The tidied names.

    Raises:
        SheetError: wrong count, an empty, too long or repeated name, or one with control
            or format characters (``field="nameI"``).
    """
    if len(names) != players:
        raise SheetError(N_("enter %(count)s names"), field="name0", count=players)
    seen: set[str] = set()
    tidy: list[str] = []
    for i, raw in enumerate(names):
        try:
            name = tidy_name(raw)
        except SheetError as err:
            raise SheetError.of(err, field=f"name{i}") from None
        if not name:
            raise SheetError(N_("player %(player)s needs a name"), field=f"name{i}",
                             player=i + 1)
        if len(name) > MAX_NAME_LENGTH:
            raise SheetError(N_("a name has at most %(most)s characters"), field=f"name{i}",
                             most=MAX_NAME_LENGTH)
        if name_key(name) in seen:
            raise SheetError(N_("each player needs a different name"), field=f"name{i}")
        seen.add(name_key(name))
        tidy.append(name)
    return tuple(tidy)


@dataclass(frozen=True, slots=True)
class OptionsChange:
    """What changing a sheet's options would do, for the table to confirm.

    Attributes:
        sheet: the sheet with the new options (nothing stored yet).
        before, after: the results with the old and the new options.
        ends_game: the change would end a game that was still running.
        reopens_game: the change would re-open a game that had ended.
        effects: sentences describing the change (totals, winner, game state), each a
            :class:`Phrase`.
    """

    sheet: ScoreSheet
    before: SheetResult
    after: SheetResult
    ends_game: bool
    reopens_game: bool
    effects: tuple[Phrase, ...]

    @property
    def needs_confirmation(self) -> bool:
        """True when the change ends or re-opens the game: ask before saving."""
        return self.ends_game or self.reopens_game


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """A score sheet as stored: options, names and entries (everything else computed).

    Build one with :meth:`new`; every change returns a new sheet after checking that the
    whole sheet still computes (an invalid change raises and the old sheet is untouched).
    """

    options: SheetOptions
    names: tuple[str, ...]
    entries: tuple[HandEntry, ...] = field(default=())

    @classmethod
    def new(cls, options: SheetOptions, names: Sequence[str]) -> ScoreSheet:
        """A blank sheet; names are tidied and checked (:func:`check_names`).

        Raises:
            SheetError: bad names.
        """
        return cls(options, check_names(names, options.players), ())

    def result(self) -> SheetResult:
        """Recompute everything (:func:`compute_sheet`)."""
        return compute_sheet(self.options, self.names, self.entries)

    def _with_entries(self, entries: Sequence[HandEntry]) -> ScoreSheet:
        sheet = replace(self, entries=tuple(entries))
        sheet.result()
        return sheet

    def add(self, entry: HandEntry) -> ScoreSheet:
        """The sheet with ``entry`` recorded as the next hand.

        Raises:
            SheetError: the game is over, or the entry is invalid.
        """
        number = len(self.entries) + 1
        if self.result().over:
            raise SheetError(N_("the game is over: no more hands can be recorded"),
                             number=number)
        return self._with_entries([*self.entries, entry])

    def preview(self, entry: HandEntry, number: int | None = None) -> HandRow:
        """The row ``entry`` would get as hand ``number`` (default: the next hand).

        Raises:
            SheetError: as :meth:`add` or :meth:`replace_hand`.
        """
        if number is None:
            return self.add(entry).result().rows[-1]
        return self.replace_hand(number, entry).result().rows[number - 1]

    def _index(self, number: int) -> int:
        if not 1 <= number <= len(self.entries):
            raise SheetError(N_("there is no hand %(hand)s"), number=number, hand=number)
        return number - 1

    def replace_hand(self, number: int, entry: HandEntry) -> ScoreSheet:
        """The sheet with hand ``number`` (1-based) corrected; later hands recomputed.

        Raises:
            SheetError: no such hand, an invalid entry, or a later hand would come after
                the end of the game.
        """
        index = self._index(number)
        entries = list(self.entries)
        entries[index] = entry
        try:
            return self._with_entries(entries)
        except GameOverError as err:
            later = err.number if err.number == len(entries) else f"{err.number}–{len(entries)}"
            raise SheetError(
                N_("with this change the game ends with hand %(ended)s (%(reason)s), so hand "
                   "%(later)s cannot come after the end of the game: delete the later hands "
                   "first"), number=number, ended=err.ended_by, reason=err.reason,
                later=later) from err
        except SheetError as err:
            if err.number is not None and err.number != number:
                raise SheetError(N_("this change would make hand %(hand)s invalid: "
                                    "%(problem)s"), number=number, hand=err.number,
                                 problem=err) from err
            raise

    def delete_hand(self, number: int) -> ScoreSheet:
        """The sheet without hand ``number``; later hands recomputed.

        Raises:
            SheetError: no such hand, or a later hand would become invalid.
        """
        index = self._index(number)
        entries = [e for i, e in enumerate(self.entries) if i != index]
        try:
            return self._with_entries(entries)
        except SheetError as err:
            raise SheetError(N_("deleting hand %(hand)s would make the sheet invalid: "
                                "%(problem)s"), number=number, hand=number,
                             problem=err) from err

    def change_options(self, options: SheetOptions) -> OptionsChange:
        """Work out what new options would do; nothing is changed until the caller saves.

        The number of players cannot change once hands are recorded. The result says
        whether the game would end or re-open, so the table can confirm
        (:attr:`OptionsChange.needs_confirmation`).

        Raises:
            SheetError: the recorded hands are not valid under the new options (e.g. a
                big gin with big gin off, a knock above an Oklahoma limit, hands after
                the new end of the game).
        """
        if options.players != self.options.players and self.entries:
            raise SheetError(N_("the number of players cannot change once hands are "
                                "recorded"), field="players")
        before = self.result()
        sheet = replace(self, options=options)
        try:
            after = sheet.result()
        except GameOverError as err:
            raise SheetError(
                N_("with these options the game ends with hand %(ended)s (%(reason)s), so "
                   "hand %(hand)s cannot come after the end of the game"),
                field="options", ended=err.ended_by, reason=err.reason,
                hand=err.number) from err
        except SheetError as err:
            problem: GameError | Phrase = err if err.number is None else Phrase.of(
                HAND_PROBLEM, hand=err.number, problem=err)
            raise SheetError(N_("with these options %(problem)s"), field="options",
                             problem=problem) from err
        ends = after.over and not before.over
        reopens = before.over and not after.over
        effects: list[Phrase] = []
        if ends:
            effects.append(Phrase(N_("This ends the game.")))
        if reopens:
            effects.append(Phrase(N_("This re-opens the game: nobody has won it any more.")))
        for p, name in enumerate(self.names):
            if before.totals[p] != after.totals[p]:
                effects.append(Phrase.of(N_("%(name)s: %(before)s → %(after)s."), name=name,
                                         before=before.totals[p], after=after.totals[p]))
        if before.winner != after.winner and after.winner is not None:
            effects.append(Phrase.of(N_("%(name)s wins."), name=self.names[after.winner]))
        return OptionsChange(sheet, before, after, ends, reopens, tuple(effects))

    def to_dict(self) -> dict[str, Any]:
        """The sheet as a JSON-ready dict (see :meth:`to_json`)."""
        return {
            "format": SHEET_FORMAT,
            "version": SHEET_VERSION,
            "names": list(self.names),
            "options": self.options.to_dict(),
            "hands": [entry.to_dict() for entry in self.entries],
        }

    def to_json(self) -> str:
        """The sheet as versioned JSON: names, options and every entry (lossless)."""
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1)

    @classmethod
    def from_dict(cls, data: Any) -> ScoreSheet:
        """Rebuild and fully check a sheet from :meth:`to_dict` output.

        Raises:
            SheetError: not a sheet, a newer version, or any invalid part.
        """
        if not isinstance(data, dict) or data.get("format") != SHEET_FORMAT:
            raise SheetError(N_("this is not a Gin Rummy score sheet export"), field="file")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise SheetError(N_("the export has no valid version number"), field="file")
        if version > SHEET_VERSION:
            raise SheetError(N_("the export is version %(version)s; this app reads up to "
                                "version %(most)s"), field="file", version=version,
                             most=SHEET_VERSION)
        options_data = data.get("options")
        names = data.get("names")
        hands = data.get("hands", [])
        if not isinstance(options_data, dict):
            raise SheetError(N_("the export has no options"), field="file")
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise SheetError(N_("the export's names must be a list of text"), field="file")
        if not isinstance(hands, list) or not all(isinstance(h, dict) for h in hands):
            raise SheetError(N_("the export's hands must be a list"), field="file")
        if len(hands) > MAX_HANDS:
            raise SheetError(N_("a sheet holds at most %(most)s hands"), field="file",
                             most=MAX_HANDS)
        options = SheetOptions.from_dict(options_data)
        try:
            sheet = cls(options, check_names(names, options.players),
                        tuple(HandEntry.from_dict(h, i) for i, h in enumerate(hands, 1)))
            sheet.result()
        except SheetError as err:
            if err.number is None or err.field == "file":
                raise SheetError.of(err, field="file", number=err.number) from err
            raise SheetError(HAND_PROBLEM, field="file", number=err.number, hand=err.number,
                             problem=err) from err
        return sheet

    @classmethod
    def from_json(cls, text: str | bytes) -> ScoreSheet:
        """Parse :meth:`to_json` output.

        Raises:
            SheetError: not JSON, or not a valid sheet (``field="file"``).
        """
        try:
            data = json.loads(text)
        except (ValueError, UnicodeDecodeError) as err:
            raise SheetError(N_("the file is not valid JSON"), field="file") from err
        except RecursionError as err:  # callers with outside input bound the depth first
            raise SheetError(N_("the file nests too deeply"), field="file") from err
        return cls.from_dict(data)
