"""An evening at the table: rematches and the tally across linked games.

A *rematch* is a new game with the same players and options, dealt by whoever the rules
give after the last hand of the game before — as if play simply went on (docs/rules.md §3.7, §6):

* two players: the deal alternates, or with *loser deals* the loser of the last hand deals;
* gin for three: the loser of the last hand sits out, and the player who waited deals.

The *evening tally* adds up the finished games of a chain of rematches: games won and the
total margin of those wins, per player. A game's winner and margin are the sheet's
(:func:`~app.score.sheet.game_winner`: the higher final total).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from app.engine.errors import N_
from app.engine.scoring import HandRecord, next_dealer
from app.score.sheet import ScoreSheet, SheetError, SheetResult


def rematch(sheet: ScoreSheet) -> ScoreSheet:
    """A blank sheet for the next game: same names and options, the next dealer (and, for
    gin for three, the next to sit out) as the rules give after the last hand.

    Raises:
        SheetError: the game is not over yet.
    """
    result = sheet.result()
    if not result.over:
        raise SheetError(N_("the game is not over yet: finish it before a rematch"))
    last = result.rows[-1]
    options = sheet.options
    if last.winner is None:  # a game of a number of hands may end on a void hand
        if options.gin_for_three:
            assert last.sitter is not None
            options = replace(options, first_dealer=last.dealer, first_sitter=last.sitter)
        else:
            options = replace(options, first_dealer=last.dealer)
    elif options.gin_for_three:
        loser = last.defender if last.winner == last.knocker else last.knocker
        assert last.sitter is not None and loser is not None
        options = replace(options, first_dealer=last.sitter, first_sitter=loser)
    else:
        record = HandRecord(last.winner, last.points, last.kind)
        options = replace(options, first_dealer=next_dealer(last.dealer, record, options.rules))
    return ScoreSheet(options, sheet.names, ())


@dataclass(frozen=True, slots=True)
class EveningTally:
    """Games won and margins across the linked games of an evening.

    Attributes:
        names: the players, as named in the latest game.
        games: how many games are linked (finished or not).
        finished: how many of them are over.
        wins: per player, finished games won.
        margins: per player, the total margin of the games they won (points).
        ties: finished games that ended level.
    """

    names: tuple[str, ...]
    games: int
    finished: int
    wins: tuple[int, ...]
    margins: tuple[int, ...]
    ties: int

    @property
    def leader(self) -> int | None:
        """The player with the largest total margin, or ``None`` when level."""
        best = max(self.margins)
        leaders = [p for p, m in enumerate(self.margins) if m == best]
        return leaders[0] if len(leaders) == 1 else None

    @property
    def lead(self) -> int:
        """The leader's total margin minus the next best (0 when level)."""
        if self.leader is None:
            return 0
        return self.margins[self.leader] - max(
            m for p, m in enumerate(self.margins) if p != self.leader)


def evening_tally(results: Sequence[SheetResult]) -> EveningTally:
    """Add up the games of an evening, oldest first (players by seat, names from the last).

    Raises:
        SheetError: no games, or games with different numbers of players.
    """
    if not results:
        raise SheetError(N_("an evening needs at least one game"))
    players = len(results[-1].names)
    if any(len(result.names) != players for result in results):
        raise SheetError(N_("every game of an evening has the same number of players"))
    wins, margins, finished, ties = [0] * players, [0] * players, 0, 0
    for result in results:
        if not result.over:
            continue
        finished += 1
        if result.winner is None:
            ties += 1
            continue
        wins[result.winner] += 1
        margins[result.winner] += result.margin
    return EveningTally(results[-1].names, len(results), finished, tuple(wins),
                        tuple(margins), ties)


__all__ = ["EveningTally", "evening_tally", "rematch"]
