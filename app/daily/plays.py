"""A browser's plays of the daily deal (docs/daily.md): load today's, a tap, play it
again as practice, and what the results add up to (the streak, the day's results).

Each play is a :class:`~app.core.models.DailyPlay` row: the hand's actions after the
deal, replayed on the engine from the day's seed (:func:`app.daily.deal.start`); the
computer is Expert, moving by :func:`app.table.advance` as on the play table; a tap is
the table kit's one tap (:func:`app.table.tap.tap`) with :class:`DailyKind`. The first
play of a day (``attempt`` 1) counts; *Play again* adds practice plays (2, 3 …), offered
once the play before is over. The browser's match in Play (``play_seat``,
``play_match``) is never read or written.

Every post names its day (in the form's address, ``/daily?day=<day>``) and, for a move, the
row's ``version``: a post for another day than today (:class:`OtherDayError`, 409), a
malformed day (:class:`DailyError`, 400) or an older screen
(:class:`~app.table.StaleTapError`, 409) changes nothing.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import date

from sqlalchemy import update
from sqlmodel import Session, col, select

from app.core import i18n
from app.core.i18n import N_, gettext
from app.core.models import DailyPlay, utcnow
from app.core.setaside import Finding
from app.daily import deal
from app.daily.days import Day, insert_or_skip
from app.daily.days import load as load_day
from app.engine import Event, MatchAction, MatchState, Phase, apply_match
from app.engine.match import parse_match_action
from app.table import PlayError, StaleTapError
from app.table.common import STALE, check_version
from app.table.tap import TableKind, action_from_form, computer_turn
from app.table.tap import tap as table_tap

DAY_TEXT = re.compile(r"^\d{4}-\d{2}-\d{2}$")


class DailyError(PlayError):
    """A daily post that changed nothing (malformed, or not allowed now); ``message``
    says why."""


class OtherDayError(DailyError):
    """A post for another day's deal (a table left open past midnight, or a forged day)."""

    status_code = 409


@dataclass(frozen=True, slots=True)
class Play:
    """A browser's current play of a day's deal: its row (a fresh, unsaved one before
    the first tap), the hand rebuilt on the engine, and the events that answered this
    tap (played out on the table; none on a plain load)."""

    row: DailyPlay
    match: MatchState
    events: tuple[Event, ...] = ()

    @property
    def over(self) -> bool:
        """True once the hand has ended."""
        return self.match.hand.phase is Phase.OVER

    @property
    def counted(self) -> bool:
        """True for the day's first play (it counts); False for practice."""
        return self.row.counted


def posted_day(text: str, today: date) -> date:
    """The day a post names (``2026-12-01``), which must be ``today``.

    Raises:
        DailyError: ``text`` is not a day. OtherDayError: it is another day.
    """
    try:
        day = date.fromisoformat(text) if DAY_TEXT.match(text) else None
    except ValueError:
        day = None
    if day is None:
        raise DailyError(gettext("%(text)s is not a day: open the daily deal again.",
                                 text=repr(text[:12])))
    if day != today:
        raise OtherDayError(gettext(
            "That was the daily deal of %(day)s; today (%(today)s) has a new deal, so "
            "nothing was played. Here it is.", day=i18n.date(day), today=i18n.date(today)))
    return day


def replay(day: Day, log: list[list[object]]) -> MatchState:
    """``day``'s hand after the actions of ``log`` (``[seat, action]`` pairs).

    Raises:
        GameError: the log does not replay.
    """
    match = deal.start(day.seed)
    for player, text in log:
        match, _ = apply_match(match, int(str(player)), parse_match_action(str(text)))
    return match


def _latest(db: Session, session_id: str, day: date) -> DailyPlay | None:
    row = db.exec(select(DailyPlay).where(col(DailyPlay.session_id) == session_id,
                                          col(DailyPlay.day) == day)
                  .order_by(col(DailyPlay.attempt).desc()).limit(1)).first()
    if row is not None:
        db.expunge(row)  # read once: the page renders after the transaction ends
    return row


def load(db: Session, session_id: str, day: Day) -> Play:
    """This browser's current play of ``day``'s deal (a fresh one before its first tap).

    Raises:
        GameError: the stored play does not replay.
    """
    row = _latest(db, session_id, day.day) or DailyPlay(session_id=session_id, day=day.day)
    return Play(row, replay(day, row.log))


def _store(db: Session, row: DailyPlay, **values: object) -> None:
    """Write ``values`` with ``version + 1`` if the row is still at the version read
    (a play's first tap adds its row).

    Raises:
        StaleTapError: another tap was stored since the row was read.
    """
    values = {**values, "version": row.version + 1}
    if row.id is None:
        fields = {"session_id": row.session_id, "day": row.day, "attempt": row.attempt,
                  "log": row.log, "sort": row.sort, "started_at": utcnow(), **values}
        added = insert_or_skip(db, DailyPlay, [fields], ["session_id", "day", "attempt"])
    else:
        added = db.exec(update(DailyPlay).where(col(DailyPlay.id) == row.id,
                                                col(DailyPlay.version) == row.version)
                        .values(**values).execution_options(synchronize_session=False)
                        ).rowcount
    if added != 1:
        raise StaleTapError(STALE)


@dataclass(frozen=True, slots=True)
class DailyKind(TableKind[Play]):
    """A browser's current play of ``day``'s deal as a kind of table
    (:func:`app.table.tap.tap`): Expert answers each move."""

    db: Session
    session_id: str
    day: Day
    nothing_to_do: str = N_("Nothing to do: tap a card or one of the buttons (your own "
                            "order of the hand is kept on the Play table only).")
    refusal: type[PlayError] = DailyError

    def load(self) -> Play:
        """The current play (:func:`load`)."""
        return load(self.db, self.session_id, self.day)

    def version(self, table: Play) -> int:
        """The play's row's version."""
        return table.row.version

    def match(self, table: Play) -> MatchState:
        """The hand rebuilt on the engine."""
        return table.match

    def sort(self, table: Play, sort: str) -> Play:
        """Store the hand's sort on the play."""
        _store(self.db, table.row, sort=sort)
        return self.load()

    def parse(self, table: Play, form: Mapping[str, str]) -> MatchAction:
        """The person's action; refused once the hand is over."""
        if table.over:
            raise DailyError(gettext("This hand is over: play it again as practice, or come "
                                     "back tomorrow for a new deal."))
        return action_from_form(table.match, form)

    def turn(self, table: Play, match: MatchState) -> tuple[MatchState, list[Event]]:
        """Expert's turn (:data:`app.daily.deal.LEVEL`)."""
        return computer_turn(match, deal.LEVEL)

    def store(self, table: Play, before: MatchState, after: MatchState, action: MatchAction,
              events: list[Event]) -> Play:
        """Store the hand's log, and its points once it is over."""
        values: dict[str, object] = {"log": [[p, t] for p, t in after.hand_log]}
        if after.hand.phase is Phase.OVER:
            values |= {"points": deal.points_for(after.records[-1]), "finished_at": utcnow()}
        _store(self.db, table.row, **values)
        return Play(self.load().row, after)


def tap(db: Session, session_id: str, day: Day, form: Mapping[str, str]) -> Play:
    """One tap of the daily table (:func:`app.table.tap.tap` with :class:`DailyKind`):
    ``sort`` (a screen choice), or ``action`` (``card`` for discard, knock and gin) with
    ``version``; the person's action on the engine, then Expert's turn. ``day`` is
    today's, the post's day already checked (:func:`posted_day`).

    Raises:
        StaleTapError: ``version`` is not the stored one; nothing changed.
        DailyError: the hand is over, or a malformed form; nothing changed.
        PlayError: the action is not legal now; nothing changed.
    """
    done = table_tap(DailyKind(db, session_id, day), form)
    return replace(done.table, events=done.events)


def again(db: Session, session_id: str, day: Day, form: Mapping[str, str]) -> None:
    """Deal today's hand again, as practice (it does not count): offered once the
    current play is over; ``version`` is that play's.

    Raises:
        DailyError: the current play is not over. StaleTapError: an older screen.
    """
    current = _latest(db, session_id, day.day)
    if current is None or current.points is None:
        raise DailyError(gettext("Finish today's hand first: the first play of the day is "
                                 "the one that counts."))
    check_version(form, current.version)
    added = insert_or_skip(db, DailyPlay, [{
        "session_id": session_id, "day": day.day, "attempt": current.attempt + 1, "log": [],
        "version": 0, "sort": current.sort, "started_at": utcnow()}],
        ["session_id", "day", "attempt"])
    if added != 1:
        raise StaleTapError(STALE)


def counted_points(db: Session, session_id: str, day: date) -> int | None:
    """This browser's counted points for ``day`` (``None`` before its first play ended)."""
    return db.exec(select(DailyPlay.points).where(
        col(DailyPlay.session_id) == session_id, col(DailyPlay.day) == day,
        col(DailyPlay.attempt) == 1)).first()


def streak_of(db: Session, session_id: str, today: date) -> int:
    """This browser's streak on ``today`` (:func:`app.daily.deal.streak`: up one for each
    day played to its end, down one for each day missed)."""
    days = db.exec(select(col(DailyPlay.day)).where(
        col(DailyPlay.session_id) == session_id, col(DailyPlay.attempt) == 1,
        col(DailyPlay.points).is_not(None))).all()
    return deal.streak(days, today)


def results(db: Session, day: date) -> list[int]:
    """Every browser's counted points for ``day`` (anonymous: no session in them)."""
    found = db.exec(select(col(DailyPlay.points)).where(
        col(DailyPlay.day) == day, col(DailyPlay.attempt) == 1,
        col(DailyPlay.points).is_not(None))).all()
    return [int(points) for points in found if points is not None]


def unreadable(db: Session, session_id: str) -> list[Finding]:
    """Browser ``session_id``'s daily plays that load but do not replay on their day's
    deal (a log cut short, a card that is none). An ``app.core.setaside`` check."""
    found = []
    for row in db.exec(select(DailyPlay).where(col(DailyPlay.session_id) == session_id)):
        day = load_day(db, row.day)
        try:
            if day is None:
                raise LookupError(f"no daily deal for {row.day}")
            replay(day, row.log)
        except Exception as error:
            found.append(Finding.of(DailyPlay.__tablename__, {"id": row.id}, error))
    return found


__all__ = ["DailyError", "OtherDayError", "Play", "again", "counted_points", "load",
           "posted_day", "replay", "results", "streak_of", "tap", "unreadable"]
