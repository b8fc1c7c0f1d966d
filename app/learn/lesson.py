"""A browser's lesson: load it, a tap, start it again, the home page's offer, and the
table it shows (built with the play screen, :func:`app.table.screen`).

The lesson's place is one small row (:class:`app.core.models.LearnLesson`): the number
of taught moves made. The table is rebuilt from it with :func:`app.learn.script.state_at`
on the engine, so nothing of a game is stored, no match is created and the browser's
match against the computer (``play_seat``, ``play_match``) is never read or written:
the lesson counts in no history and no statistics.

A tap must name the row's ``version`` (else :class:`~app.table.StaleTapError`, 409) and
the step's taught move (else :class:`WrongMoveError`, 400, with the step's kind
sentence); either way nothing changes. The table is built from the person's view only,
as on the play screen: the computer's cards and the stock stay hidden until the hand
ends.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from sqlalchemy import update
from sqlmodel import Session, col

from app.core.i18n import N_, gettext
from app.core.models import LearnLesson, PlayMatch, PlaySeat, utcnow
from app.engine import Event, GameError, MatchAction, MatchState, Phase, parse_match_action
from app.learn import script
from app.table import Loaded, PlayError, Screen, StaleTapError, screen
from app.table.common import STALE, sentence
from app.table.tap import TableKind
from app.table.tap import tap as table_tap
from app.table.words import turn_record
from app.web.links import return_path

CARD_ACTIONS = ("discard", "knock", "gin")
_SELECT_FIRST = {"discard": N_("Select a card first, then tap Discard."),
                 "knock": N_("Select a card first, then tap Knock."),
                 "gin": N_("Select a card first, then tap Gin.")}
SIMPLE_ACTIONS = ("take_upcard", "pass", "draw_stock", "take_discard", "big_gin", "next_hand")


class WrongMoveError(PlayError):
    """A move the lesson does not teach now (or a malformed tap): nothing changed;
    ``message`` says what the step asks."""


@dataclass(frozen=True, slots=True)
class Lesson:
    """A browser's lesson as it stands: its row (a fresh, unsaved one before the first
    tap), the match rebuilt on the engine and the events of the computer's last reply
    (for the table to play out after a tap; none on a plain load)."""

    row: LearnLesson
    match: MatchState
    events: tuple[Event, ...] = ()

    @property
    def done(self) -> int:
        """Taught moves made (0 … ``len(script.STEPS)``)."""
        return self.row.done

    @property
    def step(self) -> script.Step | None:
        """The step to play now; ``None`` once the lesson is over."""
        return script.STEPS[self.done] if self.done < len(script.STEPS) else None

    @property
    def over(self) -> bool:
        """True once the last taught move ended a hand (the lesson's three hands)."""
        return self.match.hand.phase is Phase.OVER

    @property
    def finished(self) -> bool:
        """True once every step is made (the last hand's result: the lesson's end)."""
        return self.done >= len(script.STEPS)


@dataclass(frozen=True, slots=True)
class Coach:
    """What the lesson panel above the table shows: ``number`` of ``total`` steps (the
    end is ``total + 1``), a title and the step's sentence; ``button`` and ``card`` the
    control and card to point at; ``back`` where Leave goes; ``over``: the lesson is
    finished (its end); ``summary`` (the end only) one line per point taught."""

    number: int
    total: int
    title: str
    say: str
    button: str
    card: str
    back: str
    over: bool
    summary: tuple[str, ...] = ()


def safe_back(path: str | None, base: str = "") -> str:
    """``path`` as a local app path Leave may return to, else ``/``
    (:func:`app.web.links.return_path`: the sub-path ``base`` taken off when it carries
    it; no query, no host: a link elsewhere is never followed)."""
    return return_path(path, base) or "/"


def _row(db: Session, session_id: str) -> LearnLesson:
    row = db.get(LearnLesson, session_id)
    if row is None:
        return LearnLesson(session_id=session_id)
    db.expunge(row)  # read once: the page renders after the transaction ends
    return row


def _rebuild(row: LearnLesson, events: bool = False) -> Lesson:
    done = min(max(row.done, 0), len(script.STEPS))
    if done != row.done:  # pragma: no cover - rows are written only by tap()
        row.done = done
    match, happened = script.state_at(done)
    return Lesson(row, match, tuple(happened) if events else ())


def load(db: Session, session_id: str) -> Lesson:
    """This browser's lesson as it stands (its first step when it never started)."""
    return _rebuild(_row(db, session_id))


def begin(db: Session, session_id: str, back: str | None, base: str = "") -> None:
    """Start the lesson again from its first step; Leave will go back to ``back`` (a
    local path, the sub-path ``base`` taken off; else the home page). The home page's
    offer stays until the lesson is finished (:func:`tap`) or the offer dismissed."""
    row = db.get(LearnLesson, session_id)
    path, now = safe_back(back, base), utcnow()
    if row is None:
        db.add(LearnLesson(session_id=session_id, done=0, back=path, updated_at=now))
    else:
        db.exec(update(LearnLesson).where(col(LearnLesson.session_id) == session_id)
                .values(done=0, back=path, updated_at=now, version=row.version + 1)
                .execution_options(synchronize_session=False))
    db.flush()


def offer_open(db: Session, session_id: str) -> bool:
    """True while the home page offers the lesson: this browser has neither finished the
    lesson nor dismissed the offer (a lesson started and left is offered again)."""
    row = db.get(LearnLesson, session_id)
    return row is None or not row.offer_closed


def close_offer(db: Session, session_id: str) -> None:
    """The home page offers the lesson no more (dismissed); the guide still does."""
    row = db.get(LearnLesson, session_id)
    if row is None:
        db.add(LearnLesson(session_id=session_id, offer_closed=True))
    elif not row.offer_closed:
        db.exec(update(LearnLesson).where(col(LearnLesson.session_id) == session_id)
                .values(offer_closed=True).execution_options(synchronize_session=False))
    db.flush()


def _action(form: Mapping[str, str]) -> MatchAction:
    name = form.get("action", "")
    if name in CARD_ACTIONS:
        code = form.get("card", "")
        if not code:
            raise WrongMoveError(gettext(_SELECT_FIRST[name]))
        text = f"{name} {code}"
    elif name in SIMPLE_ACTIONS:
        text = name
    else:
        raise WrongMoveError(gettext("Unknown action %(name)s: use the buttons on the screen.",
                                     name=repr(name[:20])))
    try:
        return parse_match_action(text)
    except GameError as error:
        raise WrongMoveError(sentence(error)) from None


def _store(db: Session, row: LearnLesson, *, done: int | None = None,
           sort: str | None = None) -> LearnLesson:
    """Write ``done`` or ``sort`` with ``version + 1`` if the row is still at the version
    read (a browser's first tap adds its row); the last step made closes the home
    page's offer.

    Raises:
        StaleTapError: another tap was stored since the row was read.
    """
    done = row.done if done is None else done
    sort = row.sort if sort is None else sort
    closed = row.offer_closed or done >= len(script.STEPS)
    version, now = row.version + 1, utcnow()
    if db.get(LearnLesson, row.session_id) is None:
        if row.version != 0:  # pragma: no cover - a row is never deleted but with its session
            raise StaleTapError(STALE)
        db.add(LearnLesson(session_id=row.session_id, back=row.back, done=done, sort=sort,
                           offer_closed=closed, version=version, updated_at=now))
        db.flush()
    else:
        result = db.exec(update(LearnLesson)
                         .where(col(LearnLesson.session_id) == row.session_id,
                                col(LearnLesson.version) == row.version)
                         .values(done=done, sort=sort, version=version, updated_at=now,
                                 offer_closed=closed)
                         .execution_options(synchronize_session=False))
        if result.rowcount != 1:
            raise StaleTapError(STALE)
    return _row(db, row.session_id)


@dataclass(frozen=True, slots=True)
class LessonKind(TableKind[Lesson]):
    """A browser's lesson as a kind of table (:func:`app.table.tap.tap`): only the step's
    taught move is allowed, and the computer's turn is the script's reply."""

    db: Session
    session_id: str
    refusal: type[PlayError] = WrongMoveError

    def load(self) -> Lesson:
        """The lesson as it stands (:func:`load`)."""
        return load(self.db, self.session_id)

    def version(self, table: Lesson) -> int:
        """The lesson row's version."""
        return table.row.version

    def match(self, table: Lesson) -> MatchState:
        """The lesson's match rebuilt from the script."""
        return table.match

    def sort(self, table: Lesson, sort: str) -> Lesson:
        """Store the hand's sort on the lesson."""
        return _rebuild(_store(self.db, table.row, sort=sort))

    def parse(self, table: Lesson, form: Mapping[str, str]) -> MatchAction:
        """The step's taught move, or the step's kind sentence (:class:`WrongMoveError`)."""
        action = _action(form)
        try:
            script.check_move(table.done, action)
        except script.WrongMove as error:
            why = gettext(error.message)
            raise WrongMoveError(gettext("Not that card: %(why)s", why=why)
                                 if error.wrong_card else why) from None
        return action

    def turn(self, table: Lesson, match: MatchState) -> tuple[MatchState, list[Event]]:
        """The computer's scripted reply to the taught move."""
        return script.state_at(table.done + 1)

    def store(self, table: Lesson, before: MatchState, after: MatchState,
              action: MatchAction, events: list[Event]) -> Lesson:
        """One more taught move made, if the row is still at the version read."""
        return _rebuild(_store(self.db, table.row, done=table.done + 1))


def tap(db: Session, session_id: str, form: Mapping[str, str]) -> Lesson:
    """One tap of the lesson's table (:func:`app.table.tap.tap` with :class:`LessonKind`):
    ``sort`` (a screen choice, no version needed), or ``action`` (``card`` for discard,
    knock and gin) with ``version``. The step's taught move is played on the engine,
    then the computer's scripted reply.

    Raises:
        StaleTapError: ``version`` is not the stored one (an older screen); nothing changed.
        WrongMoveError: not the taught move, the lesson is over, or a malformed form;
            nothing changed, and the message says what the step asks.
    """
    done = table_tap(LessonKind(db, session_id), form)
    return replace(done.table, events=done.events)


def coach(lesson: Lesson) -> Coach:
    """The lesson panel for ``lesson``'s step (or its end)."""
    total = len(script.STEPS)
    step = lesson.step
    if step is None:
        return Coach(total + 1, total, gettext(script.END_TITLE), gettext(script.END_SAY),
                     "", "", lesson.row.back, True,
                     tuple(gettext(line) for line in script.SUMMARY))
    return Coach(lesson.done + 1, total, gettext(step.title), gettext(step.say), step.button,
                 step.card, lesson.row.back, False)


def table(lesson: Lesson, notice: str = "") -> Screen:
    """The lesson's table as the play screen shows a table (:func:`app.table.screen`),
    from the person's view only; ``notice`` heads the status line (a refusal). At the
    lesson's end the status line says so (there is no Next hand to tap)."""
    said = turn_record(lesson.events or script.last_turn(lesson.done)) if not lesson.over else ""
    seat = PlaySeat(session_id=lesson.row.session_id, match_id=0, version=lesson.row.version,
                    sort=lesson.row.sort, selected=None, computer_said=said)
    game = PlayMatch(session_id=lesson.row.session_id, rules=script.RULES.to_dict(),
                     first_dealer=script.COMPUTER, level="standard",
                     version=lesson.row.version)
    loaded = Loaded(seat, game, lesson.match, lesson.events)
    shown = screen(loaded, notice)
    if lesson.finished:
        line = gettext("The lesson is over: play a real match, or start it again.")
        status = f"{notice} {line}" if notice else line
        shown = replace(shown, step=line, status=status,
                        table_summary=shown.table_summary.replace(shown.status, status))
    return shown


__all__ = [
    "Coach", "Lesson", "WrongMoveError", "begin", "close_offer", "coach",
    "load", "offer_open", "safe_back", "table", "tap",
]
