"""Scoring one hand and a match (docs/rules.md §4–6).

These functions take deadwood counts, not cards, so the scorekeeper (people playing with
real cards) and the game against the computer share every line of arithmetic.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from .cards import Card, Rank, Suit
from .errors import N_, Cause, InvalidScoreError, Phrase
from .rules import HOUSE, Rules

MAX_DEADWOOD = 98
"""Largest possible deadwood of 10 cards (docs/rules.md §2): the bound for input validation."""


class HandKind(StrEnum):
    """How a hand ended (docs/rules.md §4); compares equal to its string value."""

    KNOCK = "knock"
    UNDERCUT = "undercut"
    GIN = "gin"
    BIG_GIN = "big_gin"
    VOID = "void"


class Role(StrEnum):
    """The two sides of a finished hand."""

    KNOCKER = "knocker"
    DEFENDER = "defender"


_SUMS: dict[tuple[HandKind, bool], str] = {
    (HandKind.KNOCK, False): N_("knock: %(defender)d − %(knocker)d = %(points)d"),
    (HandKind.KNOCK, True): N_("knock: (%(defender)d − %(knocker)d) × 2 = %(points)d"),
    (HandKind.UNDERCUT, False):
        N_("undercut: %(bonus)d + %(knocker)d − %(defender)d = %(points)d"),
    (HandKind.UNDERCUT, True):
        N_("undercut: (%(bonus)d + %(knocker)d − %(defender)d) × 2 = %(points)d"),
    (HandKind.GIN, False): N_("gin: %(bonus)d + %(defender)d = %(points)d"),
    (HandKind.GIN, True): N_("gin: (%(bonus)d + %(defender)d) × 2 = %(points)d"),
    (HandKind.BIG_GIN, False): N_("big gin: %(bonus)d + %(defender)d = %(points)d"),
    (HandKind.BIG_GIN, True): N_("big gin: (%(bonus)d + %(defender)d) × 2 = %(points)d"),
    (HandKind.VOID, False): N_("void hand: no score"),
}
"""A hand's sum by its kind and doubling (docs/rules.md §4, §6 Oklahoma): the template of
:attr:`HandScore.terms`."""


@dataclass(frozen=True, slots=True)
class HandScore:
    """The points of one hand and its terms: how they were reached.

    ``winner`` is ``None`` only for a void hand. ``points`` already includes Oklahoma
    doubling; ``bonus`` is the gin, big gin or undercut bonus that was added (0 for a
    knock or a void hand). :attr:`terms` is the sum as a message with these values
    (the web layer says it in the page's language), :attr:`arithmetic` its English,
    e.g. ``"undercut: 25 + 8 − 5 = 28"``.
    """

    kind: HandKind
    winner: Role | None
    points: int
    knocker_deadwood: int
    defender_deadwood: int
    doubled: bool = False
    bonus: int = 0

    @property
    def terms(self) -> Phrase:
        """The sum: its template by kind and doubling, with the deadwood counts, the
        bonus and the points as values (``knocker``, ``defender``, ``bonus``,
        ``points``)."""
        return Phrase.of(_SUMS[self.kind, self.doubled], knocker=self.knocker_deadwood,
                         defender=self.defender_deadwood, bonus=self.bonus,
                         points=self.points)

    @property
    def arithmetic(self) -> str:
        """The sum in English (logs and tests): ``"knock: (12 − 4) × 2 = 16"``."""
        return str(self.terms)


@dataclass(frozen=True, slots=True)
class KnockLimit:
    """The knock limit of one hand and whether its points are doubled (docs/rules.md §6, Oklahoma).

    ``limit`` is the most deadwood a knock may leave: 0 means gin only.
    """

    limit: int
    doubled: bool = False

    @property
    def gin_only(self) -> bool:
        """True when only gin may end the hand."""
        return self.limit == 0


def knock_limit_for(rules: Rules = HOUSE, upcard: Card | None = None) -> KnockLimit:
    """The knock limit for a hand under ``rules`` given its first upcard.

    Straight gin: 0 (gin only). Oklahoma: the upcard's value (face cards 10, an ace
    gin only), and a spade upcard doubles the hand when ``oklahoma_spade_double``.
    Otherwise ``rules.knock_limit``.

    Raises:
        InvalidScoreError: Oklahoma is on and no upcard is given.
    """
    if rules.straight_gin:
        limit = 0
    elif rules.oklahoma:
        if upcard is None:
            raise InvalidScoreError(Cause.OKLAHOMA_UPCARD)
        limit = 0 if upcard.rank is Rank.ACE else min(upcard.points, rules.knock_limit)
    else:
        limit = rules.knock_limit
    doubled = bool(
        rules.oklahoma and rules.oklahoma_spade_double and upcard is not None
        and upcard.suit is Suit.SPADES
    )
    return KnockLimit(limit, doubled)


def _check_count(cause: Cause, value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_DEADWOOD:
        raise InvalidScoreError(cause, most=MAX_DEADWOOD, found=repr(value))


def score_hand(
    knocker_deadwood: int,
    defender_deadwood: int,
    rules: Rules = HOUSE,
    *,
    big_gin: bool = False,
    limit: KnockLimit | None = None,
) -> HandScore:
    """Classify and score one hand from its deadwood counts (docs/rules.md §4).

    Args:
        knocker_deadwood: the knocker's deadwood (0 for gin).
        defender_deadwood: the defender's deadwood after layoffs (whole deadwood for gin).
        rules: bonuses and options.
        big_gin: the knocker went out with all 11 cards melded (needs ``rules.big_gin``).
        limit: the hand's knock limit and doubling; default :func:`knock_limit_for` with
            no upcard (so pass it when Oklahoma is on).

    Returns:
        Knock (knocker scores D − K), undercut when D ≤ K (defender scores bonus + K − D),
        gin (bonus + D) or big gin (big gin bonus + D), doubled for an Oklahoma spade.

    Raises:
        InvalidScoreError: a count out of 0..98, a knock above the limit, big gin with
            deadwood or when the option is off.
    """
    _check_count(Cause.BAD_KNOCKER_COUNT, knocker_deadwood)
    _check_count(Cause.BAD_DEFENDER_COUNT, defender_deadwood)
    hand_limit = limit if limit is not None else knock_limit_for(rules)
    if big_gin:
        if not rules.big_gin:
            raise InvalidScoreError(Cause.BIG_GIN_OFF)
        if knocker_deadwood != 0:
            raise InvalidScoreError(Cause.BIG_GIN_DEADWOOD)
    if knocker_deadwood > hand_limit.limit:
        if hand_limit.gin_only:
            raise InvalidScoreError(Cause.KNOCK_GIN_ONLY, count=knocker_deadwood)
        raise InvalidScoreError(Cause.KNOCK_ABOVE_LIMIT, count=knocker_deadwood,
                                limit=hand_limit.limit)
    k, d = knocker_deadwood, defender_deadwood
    if k == 0:
        kind = HandKind.BIG_GIN if big_gin else HandKind.GIN
        bonus = rules.big_gin_bonus if big_gin else rules.gin_bonus
        points, winner = bonus + d, Role.KNOCKER
    elif d > k:
        kind, winner, bonus = HandKind.KNOCK, Role.KNOCKER, 0
        points = d - k
    else:
        kind, winner = HandKind.UNDERCUT, Role.DEFENDER
        bonus = rules.undercut_bonus
        points = bonus + k - d
    if hand_limit.doubled:
        points *= 2
    return HandScore(kind, winner, points, k, d, hand_limit.doubled, bonus)


VOID_SCORE = HandScore(HandKind.VOID, None, 0, 0, 0)
"""The score of a void hand (docs/rules.md §3.6)."""


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One scored hand of a match: who won it (player index) and the points.

    ``winner`` is ``None`` for a void hand, which counts for nothing.
    """

    winner: int | None
    points: int
    kind: HandKind = HandKind.KNOCK


@dataclass(frozen=True, slots=True)
class MatchTally:
    """A match's standing after some hands (docs/rules.md §5).

    Lists are indexed by player. ``points`` are hand points only; ``final`` adds box
    bonuses, the game bonus and shutout doubling once the match is ``over``. ``winner``
    is ``None`` while the match goes on, and also once it is over as a tie (a Hollywood
    match's level totals, a match of a number of hands ending on equal points).
    """

    points: tuple[int, ...]
    boxes: tuple[int, ...]
    over: bool
    winner: int | None
    box_bonus: tuple[int, ...]
    game_bonus: tuple[int, ...]
    shutout: bool
    final: tuple[int, ...]
    margin: int


def tally(records: Sequence[HandRecord], rules: Rules = HOUSE, players: int = 2) -> MatchTally:
    """Add up a match: hand points, boxes, and the bonuses once someone reaches the target.

    The hand that crosses ``rules.target`` is scored in full; then every player gets
    ``box_bonus`` per hand won, the winner gets ``game_bonus``, and with ``shutout`` on,
    a winner whose opponents never won a hand (no box; a hand won for 0 points, as a
    tied undercut with an undercut bonus of 0, is a box and so no shutout) has the whole
    total doubled. Void hands are won by no one. The margin is the
    winner's final total minus the best other final total. Hands after the target are
    refused.

    A match of a number of hands (``rules.hands``): :func:`tally_of_hands` instead.

    Raises:
        InvalidScoreError: a hand after the match ended, or a winner index out of range.
    """
    if rules.hands:
        return tally_of_hands(records, rules, players)
    points = [0] * players
    boxes = [0] * players
    winner: int | None = None
    for number, record in enumerate(records, start=1):
        if winner is not None:
            raise InvalidScoreError(Cause.AFTER_THE_END, hand=number)
        _add_hand(points, boxes, record, number)
        if record.winner is not None and points[record.winner] >= rules.target:
            winner = record.winner
    box_bonus = tuple(count * rules.box_bonus for count in boxes)
    if winner is None:
        zeros = (0,) * players
        return MatchTally(tuple(points), tuple(boxes), False, None, zeros, zeros, False,
                          tuple(points), 0)
    game_bonus = tuple(rules.game_bonus if p == winner else 0 for p in range(players))
    final = [points[p] + box_bonus[p] + game_bonus[p] for p in range(players)]
    shutout = rules.shutout and all(boxes[p] == 0 for p in range(players) if p != winner)
    if shutout:
        final[winner] *= 2
    margin = final[winner] - max(final[p] for p in range(players) if p != winner)
    return MatchTally(tuple(points), tuple(boxes), True, winner, box_bonus, game_bonus,
                      shutout, tuple(final), margin)


def _add_hand(points: list[int], boxes: list[int], record: HandRecord, number: int) -> None:
    """Add hand ``number``'s ``record`` to the running ``points`` and ``boxes`` (a void
    hand adds nothing).

    Raises:
        InvalidScoreError: the record's winner is not one of the players.
    """
    if record.winner is None:
        return
    if not 0 <= record.winner < len(points):
        raise InvalidScoreError(Cause.NO_SUCH_WINNER, hand=number, player=record.winner)
    points[record.winner] += record.points
    boxes[record.winner] += 1


def tally_of_hands(records: Sequence[HandRecord], rules: Rules = HOUSE,
                   players: int = 2) -> MatchTally:
    """Add up a match of ``rules.hands`` hands (docs/rules.md §5, "A match of a number
    of hands"): it is over once that many hands are recorded, void hands included (a
    hand is a deal: a duplicate event's tables all play boards 1 to N); the target ends
    nothing. The winner is the player with the most hand points, ``None`` when the best
    are equal (a draw); no box bonus, game bonus or shutout is added (``final`` is the
    hand points), and the margin is the winner's points minus the next best (0 on a
    draw). Hands after the last are refused.

    Raises:
        InvalidScoreError: a hand after the match ended, or a winner index out of range.
    """
    points = [0] * players
    boxes = [0] * players
    for number, record in enumerate(records, start=1):
        if number > rules.hands:
            raise InvalidScoreError(Cause.AFTER_THE_END, hand=number)
        _add_hand(points, boxes, record, number)
    zeros = (0,) * players
    over = len(records) >= rules.hands
    winner: int | None = None
    margin = 0
    if over:
        best = max(points)
        leaders = [p for p in range(players) if points[p] == best]
        if len(leaders) == 1:
            winner = leaders[0]
            margin = best - max(points[p] for p in range(players) if p != winner)
    return MatchTally(tuple(points), tuple(boxes), over, winner, zeros, zeros, False,
                      tuple(points), margin)


HOLLYWOOD_COLUMNS = 3
"""Number of games scored at once in Hollywood."""


def hollywood_columns(winner: int, closed_by: Sequence[int | None],
                      on_board: Sequence[Sequence[bool]]) -> tuple[int, ...]:
    """Hollywood: the open columns a win goes into (docs/rules.md §6).

    Every open column the winner is already on the board in, plus the first open column
    they are not on yet: so a player's 1st win goes in column 1, the 2nd in columns 1–2,
    the 3rd and later in all three, and a player shut out of a closed column 1 makes their
    first entry in column 2. ``closed_by[c]`` is ``None`` while column ``c`` is open;
    ``on_board[c][p]`` says player ``p`` has won a hand in column ``c`` (a hand worth 0
    points counts: it is a box).
    """
    used: list[int] = []
    for column, closed in enumerate(closed_by):
        if closed is None:
            used.append(column)
            if not on_board[column][winner]:
                break
    return tuple(used)


@dataclass(frozen=True, slots=True)
class HollywoodTally:
    """Three games scored at once (docs/rules.md §6): one :class:`MatchTally` per column.

    ``hands[c]`` lists the 0-based indexes of the records scored in column ``c``;
    ``closed_by[c]`` the 1-based number of the record that closed it (``None`` while
    open). ``over`` once all three have closed; ``totals`` sums each player's
    ``final`` over the columns.
    """

    columns: tuple[MatchTally, ...]
    hands: tuple[tuple[int, ...], ...]
    closed_by: tuple[int | None, ...]
    over: bool
    totals: tuple[int, ...]


def hollywood_tally(records: Sequence[HandRecord], rules: Rules = HOUSE,
                    players: int = 2) -> HollywoodTally:
    """Add up a Hollywood match: each win goes into the columns of
    :func:`hollywood_columns`, each column is tallied as its own game by :func:`tally`
    (boxes, game bonus, shutout), and a column closes when someone reaches the target
    in it. Void hands count for nothing.

    Raises:
        InvalidScoreError: a hand after all three columns closed, or a winner index out
            of range.
    """
    column_records: list[list[HandRecord]] = [[] for _ in range(HOLLYWOOD_COLUMNS)]
    column_hands: list[list[int]] = [[] for _ in range(HOLLYWOOD_COLUMNS)]
    closed_by: list[int | None] = [None] * HOLLYWOOD_COLUMNS
    points = [[0] * players for _ in range(HOLLYWOOD_COLUMNS)]
    on_board = [[False] * players for _ in range(HOLLYWOOD_COLUMNS)]
    for index, record in enumerate(records):
        number = index + 1
        if all(closed is not None for closed in closed_by):
            raise InvalidScoreError(Cause.AFTER_THE_END, hand=number)
        if record.winner is None:
            continue
        if not 0 <= record.winner < players:
            raise InvalidScoreError(Cause.NO_SUCH_WINNER, hand=number,
                                    player=record.winner)
        for c in hollywood_columns(record.winner, closed_by, on_board):
            on_board[c][record.winner] = True
            column_records[c].append(record)
            column_hands[c].append(index)
            points[c][record.winner] += record.points
            if points[c][record.winner] >= rules.target:
                closed_by[c] = number
    columns = tuple(tally(column_records[c], rules, players) for c in range(HOLLYWOOD_COLUMNS))
    totals = tuple(sum(column.final[p] for column in columns) for p in range(players))
    return HollywoodTally(columns, tuple(tuple(h) for h in column_hands), tuple(closed_by),
                          all(closed is not None for closed in closed_by), totals)


def match_tally(records: Sequence[HandRecord], rules: Rules = HOUSE) -> MatchTally:
    """The one tally of a two-player Play match, plain or Hollywood (docs/rules.md §5–6):
    everything that adds up a match (the play screen, the history, the statistics, the
    match report, the hand analysis) calls this.

    Plain: :func:`tally`. Hollywood (``rules.hollywood``): the three games of
    :func:`hollywood_tally` summed — ``points`` the hand points over the games (a hand
    in two games counts twice), ``boxes`` the hands won, ``final`` the games' totals
    (bonuses included once a game has closed), ``box_bonus``/``game_bonus`` summed,
    ``shutout`` when any game was one; ``over`` once all three have closed, and then
    ``winner`` is the player with the higher three-game total (``None`` on a tie:
    docs/rules.md §6) and ``margin`` the difference of the totals. A match of a number
    of hands (``rules.hands``, never with Hollywood): :func:`tally_of_hands`, over after
    its hands with ``winner`` ``None`` on equal points, as a Hollywood tie.

    Raises:
        InvalidScoreError: a hand after the match ended, or a winner index out of range.
    """
    if not rules.hollywood:
        return tally(records, rules)
    board = hollywood_tally(records, rules)
    players = range(2)
    points = tuple(sum(c.points[p] for c in board.columns) for p in players)
    boxes = tuple(sum(1 for r in records if r.winner == p) for p in players)
    if not board.over:
        zeros = (0, 0)
        return MatchTally(points, boxes, False, None, zeros, zeros, False, board.totals, 0)
    leaders = [p for p in players if board.totals[p] == max(board.totals)]
    return MatchTally(
        points, boxes, True, leaders[0] if len(leaders) == 1 else None,
        tuple(sum(c.box_bonus[p] for c in board.columns) for p in players),
        tuple(sum(c.game_bonus[p] for c in board.columns) for p in players),
        any(c.shutout for c in board.columns), board.totals,
        abs(board.totals[0] - board.totals[1]))


def standing(records: Sequence[HandRecord], rules: Rules = HOUSE) -> tuple[int, int]:
    """The hand points the next hand is played at, per player (docs/rules.md §5–6): what
    the hand analysis rates a decision against (the chance to win a game to
    ``rules.target``) and the review shows as "before this hand".

    Plain: the match's hand points (:func:`match_tally`). Hollywood: the first open
    game's (the oldest game still open, which every win goes into); the last game's
    once all three have closed.

    Raises:
        InvalidScoreError: as :func:`match_tally`.
    """
    if not rules.hollywood:
        points = match_tally(records, rules).points
        return points[0], points[1]
    board = hollywood_tally(records, rules)
    column = next((c for c, closed in zip(board.columns, board.closed_by, strict=True)
                   if closed is None), board.columns[-1])
    return column.points[0], column.points[1]


def next_dealer(dealer: int, record: HandRecord, rules: Rules = HOUSE) -> int:
    """Who deals the next two-player hand (docs/rules.md §3.6–7, §6 loser deals).

    A void hand: the same dealer again. Loser deals: the player who did not win.
    Otherwise the deal alternates.
    """
    if record.winner is None:
        return dealer
    if rules.loser_deals:
        return 1 - record.winner
    return 1 - dealer
