"""Several matches at once: the list of a browser's matches in progress (``/play``).

A browser has one seat per match it plays (:class:`app.core.models.PlaySeat`): at most
one match against the computer in progress and any number of friend matches, as host
or guest, plus an invite waiting for its friend. :func:`in_progress` lists them, newest
seat first, at most :data:`SHOWN`, each with the opponent, the score (the viewer's
first), whose turn it is and the link that opens it (``/play?match=<id>``).

Whose turn is the viewer's own view of the match (:func:`app.engine.match_view`):
nothing about the other player's cards leaves here. A match's state comes from the
replay cache of :mod:`app.table.storage` (a listed match costs no replay after its
first load in this process). Reads only.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session, col, or_, select

from app.core.i18n import gettext
from app.core.models import PlayMatch, PlaySeat
from app.engine import Phase, match_view
from app.table.common import LEVEL_LABELS, seat_of, seats_of
from app.table.storage import rebuild

SHOWN = 8
"""The most matches the list shows (newest seat first): short enough for a phone."""


@dataclass(frozen=True, slots=True)
class MatchLine:
    """One match in progress as the list shows it: ``match_id``, ``opponent`` (the
    friend's name, or "Computer (Standard)"), ``scores`` (the viewer's first, ``None``
    for an invite not yet taken), ``your_turn`` (the viewer is to act, a new hand to
    deal included), ``turn`` (words for whose turn it is), ``friend``, ``waiting`` (an
    invite the friend has not taken up yet) and ``shown`` (the match this page shows)."""

    match_id: int
    opponent: str
    scores: tuple[int, int] | None
    your_turn: bool
    turn: str
    friend: bool
    waiting: bool = False
    shown: bool = False


def in_progress(db: Session, session_id: str, shown: int | None = None) -> list[MatchLine]:
    """This browser's matches in progress (dealt and not over; its open invite too),
    newest seat first, at most :data:`SHOWN`; ``shown`` marks the match on screen.

    Raises:
        GameError, ValueError: a stored match does not replay (``app.core.setaside``
            then sets it aside, as for the table itself).
    """
    mine = or_(col(PlayMatch.hands) > 0, col(PlayMatch.invite_status) == "open")
    rows = db.exec(select(PlaySeat, PlayMatch)
                   .join(PlayMatch, col(PlayMatch.id) == col(PlaySeat.match_id))
                   .where(col(PlaySeat.session_id) == session_id,
                          col(PlayMatch.over).is_(False), mine)
                   .order_by(col(PlaySeat.opened_at).desc(), col(PlaySeat.match_id).desc())
                   .limit(SHOWN)).all()
    lines = []
    for seat, game in rows:
        assert game.id is not None
        me = seat_of(game, session_id)
        seats = seats_of(game, me)
        if game.hands == 0:
            lines.append(MatchLine(game.id, gettext("Invite"), None, False,
                                   gettext("Waiting for your friend"), True, True,
                                   game.id == shown))
            continue
        state = rebuild(db, seat, game)
        if state.over:
            continue
        view = match_view(state, me)
        mine_now = view.my_turn or view.phase is Phase.OVER
        if game.friend:
            opponent = seats.other_name
            turn = gettext("Your turn") if mine_now else gettext(
                "%(name)s's turn", name=seats.other_name)
        else:
            opponent = gettext("Computer (%(level)s)",
                               level=gettext(LEVEL_LABELS.get(game.level, game.level)))
            turn = gettext("Your turn")
            mine_now = True  # the computer answers at once: the move is always yours
        lines.append(MatchLine(game.id, opponent, (view.scores[me], view.scores[1 - me]),
                               mine_now, turn, game.friend, False, game.id == shown))
    return lines


def your_turn_elsewhere(lines: list[MatchLine]) -> list[MatchLine]:
    """The friend matches of ``lines`` where it is the viewer's turn, but the one shown
    (the notice "your turn against Ann")."""
    return [line for line in lines if line.friend and line.your_turn and not line.shown]


__all__ = ["SHOWN", "MatchLine", "in_progress", "your_turn_elsewhere"]
