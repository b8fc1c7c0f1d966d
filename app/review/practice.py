"""Practice hands (*Try again from here*): from a rated decision of a finished
hand, the same hand is re-dealt exactly — the same cards in hand, the same pile, the
same hidden cards and stock order — and played on against the computer at the match's
level. A practice hand is stored apart (``practice_hand``, one per browser), marked on
its screen and never counted in the match or the statistics.

A practice hand is shown on the play table itself (:func:`practice_screen`, built by
:func:`app.table.screen.table_screen`): the same sort buttons, meld bars and deadwood
note, on one screen; its sort is the browser's play sort (``PlaySeat.sort``). While it is
in progress its screen is built from the person's view only, as on the play screen: the
computer's cards and the stock are hidden again.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from sqlalchemy import update
from sqlmodel import Session, col, select

from app.core.i18n import N_
from app.core.inputs import whole_number
from app.core.models import PlaySeat, PracticeHand, utcnow
from app.core.setaside import Finding
from app.engine import (
    Event,
    GameError,
    MatchAction,
    MatchState,
    Phase,
    PlayerView,
    apply_match,
    match_view,
)
from app.engine.match import parse_match_action, resume
from app.review.history import HandFacts, NotInHistoryError, hand_facts
from app.table.common import (
    PERSON,
    SORTS,
    STALE,
    VS_COMPUTER,
    PlayError,
    StaleTapError,
    parse_sort,
    sentence,
)
from app.table.screen import PracticeTable, ResultPanel, Screen, result_panel, table_screen
from app.table.tap import TableKind, computer_turn
from app.table.tap import tap as table_tap
from app.table.words import describe


class NoPracticeError(PlayError):
    """This browser has no practice hand."""

    status_code = 404


@dataclass(frozen=True, slots=True)
class Practice:
    """A browser's practice hand: its row, the facts of the hand it came from and the
    match state as it stands now (the practice hand being the current hand)."""

    row: PracticeHand
    facts: HandFacts
    match: MatchState
    sort: str = "rank"
    """How the hand is sorted on the table: the browser's play sort."""

    @property
    def view(self) -> PlayerView:
        """The person's view of the practice hand (nothing hidden while it is on)."""
        return match_view(self.match, PERSON)

    @property
    def result(self) -> ResultPanel | None:
        """The end of the practice hand, once it is over."""
        state = self.match.hand
        if state.phase is not Phase.OVER or state.result is None:
            return None
        return result_panel(state.result, self.match.rules)


def practice_start(facts: HandFacts, start: int) -> MatchState:
    """The match as it stood just before action ``start`` of the hand of ``facts``
    (the person to act), the earlier hands' results included, so that the computer
    and the scores are exactly as they were.

    Raises:
        NotInHistoryError: ``start`` is not one of the person's turns in that hand, or
            the reviewing player is the friend who joined a friend match (a practice
            hand plays seat 0 against the computer).
    """
    if facts.seats.me != PERSON:
        raise NotInHistoryError(N_("Try again from here plays the inviter's seat against "
                                   "the computer, so it is not offered to the friend who "
                                   "joined."))
    if not 1 <= start <= len(facts.log) or facts.log[start - 1][0] != PERSON:
        raise NotInHistoryError(N_("You can try again only from one of your own decisions "
                                   "in this hand."))
    return resume(facts.rules, facts.first_dealer, facts.records, facts.seed,
                  facts.log[:start - 1])


def begin(db: Session, session_id: str, match_id: int | None, number: int | None,
          start: int | None) -> None:
    """Start (or restart) this browser's practice hand from position ``start`` of its
    finished hand ``number`` of match ``match_id``.

    Raises:
        NotInHistoryError: no such finished hand of this browser, or not the person's turn.
    """
    facts = hand_facts(db, session_id, match_id, number)
    assert facts.match_id is not None
    practice_start(facts, start or 0)
    row = db.get(PracticeHand, session_id)
    if row is None:
        db.add(PracticeHand(session_id=session_id, match_id=facts.match_id,
                            number=facts.number, start=start or 0))
    else:
        db.exec(update(PracticeHand).where(col(PracticeHand.session_id) == session_id)
                .values(match_id=facts.match_id, number=facts.number, start=start,
                        log=[], version=row.version + 1, created_at=utcnow())
                .execution_options(synchronize_session=False))
    db.flush()


def load(db: Session, session_id: str) -> Practice:
    """This browser's practice hand as it stands.

    Raises:
        NoPracticeError: none started (or its match is gone).
    """
    row = db.get(PracticeHand, session_id)
    if row is not None:
        db.expunge(row)  # read once: the page renders after the transaction ends
    if row is None:
        raise NoPracticeError(N_("There is no practice hand: open a hand in your history "
                                 "and tap Try again from here on one of your decisions."))
    try:
        facts = hand_facts(db, session_id, row.match_id, row.number)
        match = practice_start(facts, row.start)
        for player, text in row.log:
            match, _ = apply_match(match, int(player), parse_match_action(str(text)))
    except (NotInHistoryError, GameError) as error:  # pragma: no cover - rows replay
        raise NoPracticeError("This practice hand can no longer be rebuilt.") from error
    # The sort alone: the practice hand needs nothing else of the seat.
    sort = db.exec(select(PlaySeat.sort).where(PlaySeat.session_id == session_id)).first()
    return Practice(row, facts, match, sort if sort in SORTS else "rank")


def sort_hand(db: Session, session_id: str, sort: str) -> None:
    """Sort the practice hand (and the play table: one sort for the browser). A screen
    choice: no version, nothing of the game changes.

    Raises:
        PlayError: ``sort`` is not rank, suit or melds.
    """
    db.exec(update(PlaySeat).where(col(PlaySeat.session_id) == session_id)
            .values(sort=parse_sort(sort)).execution_options(synchronize_session=False))


def practice_screen(practice: Practice, notice: str = "", said: str = "",
                    events: tuple[Event, ...] = ()) -> Screen:
    """The practice hand on the play table (the person's view only while it is on):
    ``said`` and ``events`` are the computer's answer to this tap, played out."""
    facts = practice.facts
    return table_screen(practice.match, VS_COMPUTER, version=practice.row.version,
                        level=facts.level, sort=practice.sort, said=said, events=events,
                        notice=notice, match_id=facts.match_id,
                        practice=PracticeTable(facts.match_id or 0, facts.number,
                                               practice.row.start))


@dataclass(frozen=True, slots=True)
class PracticeKind(TableKind[Practice]):
    """This browser's practice hand as a kind of table (:func:`app.table.tap.tap`): the
    computer answers at the match's level; the sort is the play table's
    (:func:`sort_hand`, no version)."""

    db: Session
    session_id: str

    def load(self) -> Practice:
        """The practice hand (:func:`load`).

        Raises:
            NoPracticeError: none started.
        """
        return load(self.db, self.session_id)

    def version(self, table: Practice) -> int:
        """The practice hand's version."""
        return table.row.version

    def match(self, table: Practice) -> MatchState:
        """The match as it stands, the practice hand being the current hand."""
        return table.match

    def check_version(self, table: Practice, form: Mapping[str, str]) -> None:
        """A missing or other version is an older screen's tap (409)."""
        if whole_number(form.get("version", "")) != table.row.version:
            raise StaleTapError(STALE)

    def parse(self, table: Practice, form: Mapping[str, str]) -> MatchAction:
        """The action as the engine writes it (``discard 7H``); refused once the hand
        is over."""
        if table.match.hand.phase is Phase.OVER:
            raise PlayError("This practice hand is over: try again, or go back to the "
                            "review.")
        text = form.get("action", "")[:20]
        card = form.get("card", "")[:3]
        try:
            return parse_match_action(f"{text} {card}" if card else text)
        except GameError as error:
            raise PlayError(sentence(error)) from error

    def turn(self, table: Practice, match: MatchState) -> tuple[MatchState, list[Event]]:
        """The computer's turn at the match's level."""
        return computer_turn(match, table.facts.level)

    def store(self, table: Practice, before: MatchState, after: MatchState,
              action: MatchAction, events: list[Event]) -> Practice:
        """Store the practice hand's log if it is still at the version read."""
        prefix = table.row.start - 1
        log = [[p, t] for p, t in after.hand_log[prefix:]]
        result = self.db.exec(update(PracticeHand)
                              .where(col(PracticeHand.session_id) == self.session_id,
                                     col(PracticeHand.version) == table.row.version)
                              .values(log=log, version=table.row.version + 1)
                              .execution_options(synchronize_session=False))
        if result.rowcount != 1:
            self.db.rollback()
            raise StaleTapError(STALE)
        return self.load()


def tap(db: Session, session_id: str, form: Mapping[str, str]) -> tuple[
        Practice, str, tuple[Event, ...]]:
    """One tap of the practice hand (:func:`app.table.tap.tap` with
    :class:`PracticeKind`): ``action`` (and ``card``) with ``version``, the person's
    action, then the computer's reply, stored if the practice is still at ``version``.
    Returns the practice as it now stands, what the computer did in words, and the
    events of its turn.

    Raises:
        NoPracticeError: none started. StaleTapError: an older screen's tap.
        PlayError: the action is not legal now (nothing changes).
    """
    done = table_tap(PracticeKind(db, session_id), form)
    return done.table, describe(done.events), done.events


__all__ = ["NoPracticeError", "Practice", "begin", "load", "practice_screen",
           "practice_start", "sort_hand", "tap"]


def unreadable_practice(db: Session, session_id: str) -> list[Finding]:
    """Browser ``session_id``'s practice hand when it loads but does not rebuild with
    an error other than the page's own refusal. An ``app.core.setaside`` check."""
    try:
        load(db, session_id)
    except NoPracticeError:
        return []
    except Exception as error:
        return [Finding.of(PracticeHand.__tablename__, {"session_id": session_id}, error)]
    return []
