"""What a watcher of a table sees: public information only, live (issue 49).

:func:`watch_screen` builds the watcher's model from the kit's one screen model
(:func:`app.table.screen.table_screen`, built for a seat and then stripped down to what
is public) and from the public events of the hand: the discard pile (every card with who
threw it), the stock's size, both hands' sizes, the last move in words (a card drawn
from the stock is never named), whose turn it is, the score, and at the end of a hand
what both players were shown (:class:`~app.table.screen.ResultPanel`: melds, layoffs,
deadwood). Never a card in a hand while the hand is in play, never the stock's order,
never a seed: no field of :class:`WatchScreen` holds one.

The players are named by :class:`WatchSeats` (both by name, nobody is "you"). Any
table may be watched so (a friend match, an event's table): the caller finds the match
and the names and decides who may watch (``app.friend.watch``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from app.core.i18n import N_, gettext
from app.engine import HandKind, MatchState, Phase, match_view
from app.table.common import FriendSeats
from app.table.screen import (
    GameScore,
    PileCard,
    ResultPanel,
    ScoreRow,
    game_scores,
    other_turn,
    result_panel,
    score_rows,
    table_screen,
)
from app.table.words import describe, match_result


@dataclass(frozen=True, slots=True)
class WatchSeats(FriendSeats):
    """Who is who for a watcher: both players by name (``names``, seat 0 first);
    ``me`` is only the seat the sentences are told against (the other seat is
    ``given_name``, the subject of "Ann drew from the stock")."""

    names: tuple[str, str] = ("", "")

    def who(self, player: int) -> str:
        """The player's name (never "You")."""
        return self.names[player]

    @property
    def subject(self) -> str:
        """The other seat's name at the start of a sentence ("Ann")."""
        return self.given_name


def seats_for(names: tuple[str, str], me: int = 0) -> WatchSeats:
    """:class:`WatchSeats` told against seat ``me`` (the other seat is the subject)."""
    return WatchSeats(me, names[1 - me], names=names)


@dataclass(frozen=True, slots=True)
class WatchScreen:
    """The watcher's table (module docstring), seat 0 first everywhere: ``names``,
    ``scores`` (hand points of the match), ``hand_counts`` (cards in each hand);
    ``pile`` the discard pile newest first; ``to_play`` the name of the player to act
    (``""`` once the hand is over); ``status`` the moment in a sentence; ``last_move``
    the last turn in words; ``result`` the end of the hand as the players saw it;
    ``headline`` the match's result once it is over."""

    version: int
    names: tuple[str, str]
    hand_number: int
    target: int
    goal: str
    """What ends the match: "to 100", "8 hands" (:attr:`Screen.goal`)."""
    scores: tuple[int, int]
    dealer: str
    stock_count: int
    top_discard: str | None
    discard_count: int
    pile: tuple[PileCard, ...]
    hand_counts: tuple[int, int]
    to_play: str
    status: str
    last_move: str
    result: ResultPanel | None
    score_rows: tuple[ScoreRow, ...]
    game_scores: tuple[GameScore, ...]
    over: bool
    match_over: bool
    headline: str = ""


_STEPS = {
    Phase.UPCARD_OFFER: N_("%(name)s's turn: take the upcard or pass."),
    Phase.DRAW: N_("%(name)s's turn: draw from the stock or take the discard."),
    Phase.DISCARD: N_("%(name)s's turn: discard a card."),
}


def _last_move(match: MatchState, names: tuple[str, str]) -> str:
    """The last turn of the current hand in words, as a watcher may read it (a card
    drawn from the stock is not named); ``""`` before anyone has acted."""
    log = match.hand_log
    if not log:
        return ""
    mover = int(log[-1][0])
    turn, _ = other_turn(match, mover)
    return describe(turn, seats_for(names, 1 - mover))


def _result(match: MatchState, names: tuple[str, str]) -> ResultPanel | None:
    """The end of the hand as both players saw it, said of both by name."""
    view = match_view(match, 0)
    result = view.result
    if view.phase is not Phase.OVER or result is None:
        return None
    defender = 0 if result.knocker is None else 1 - result.knocker
    panel = result_panel(result, view.rules, seats_for(names, defender))
    if result.kind is HandKind.UNDERCUT and result.knocker is not None:
        panel = replace(panel, headline=gettext(
            "Undercut! %(knocker)s knocked; %(name)s scores %(points)d",
            knocker=names[result.knocker], name=names[defender], points=result.points))
    return replace(panel, moment="")


def _status(match: MatchState, names: tuple[str, str]) -> str:
    """The moment in a sentence: whose turn and what they may do, or how it ended."""
    hand = match_view(match, 0)
    if match.over:
        return gettext("Match over.")
    if hand.phase is Phase.OVER:
        end = hand.result
        if end is None or end.winner is None:
            return gettext("Void hand: nobody scores. The same dealer deals again.")
        return gettext("Hand over: %(name)s scores %(points)d.", name=names[end.winner],
                       points=end.points)
    return gettext(_STEPS[hand.phase], name=names[hand.to_play])


def watch_screen(match: MatchState, names: tuple[str, str], version: int) -> WatchScreen:
    """The watcher's table of ``match`` (module docstring) between ``names`` (seat 0
    first) at ``version`` (the match's, for the live stream)."""
    seats = seats_for(names)
    base = table_screen(match, seats, version=version, level="", sort="rank")
    view = match_view(match, 0)
    thrown = {**{str(c): names[1] for c in view.opponent_discards},
              **{str(c): names[0] for c in view.own_discards}}
    pile = tuple(PileCard(p.code, thrown.get(p.code) or gettext("Upcard")) for p in base.pile)
    result = _result(match, names)
    over = view.phase is Phase.OVER
    headline = ""
    if match.over:
        tally = match.tally
        loser = 0 if tally.winner is None else 1 - tally.winner
        headline = match_result(tally, seats_for(names, loser))
    return WatchScreen(
        version=version, names=names, hand_number=base.hand_number, target=base.target,
        goal=base.goal,
        scores=base.scores, dealer=names[view.dealer], stock_count=base.stock_count,
        top_discard=base.top_discard, discard_count=base.discard_count, pile=pile,
        hand_counts=(len(view.hand), base.computer_cards),
        to_play="" if over else names[view.to_play],
        status=_status(match, names), last_move=_last_move(match, names),
        result=result, score_rows=score_rows(match, seats),
        game_scores=game_scores(match.hollywood, seats), over=over,
        match_over=match.over, headline=headline)
