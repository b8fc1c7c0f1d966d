"""The table kit's one tap (app/table/tap.py), driven with an in-memory kind of table:
the version check, the engine's refusals, the other seat's turn by seat mode (the
computer's, or nobody's when the other seat is a person) and a lost race, each leaving
the stored table unchanged when refused."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import pytest

from app.engine import HOUSE, Event, HandSeed, MatchAction, MatchState, Phase, new_match
from app.table.common import COMPUTER, PERSON, PlayError, StaleTapError
from app.table.tap import TableKind, computer_turn, tap


@dataclass
class Stored:
    """One table as a kind would store it: its match, version and sort."""

    match: MatchState
    version: int = 1
    sort: str = "rank"


@dataclass
class MemoryKind(TableKind[Stored]):
    """A kind whose storage is a field: ``level`` is the seat mode (``None``: the other
    seat is a person); ``race`` makes the next store lose to another tap."""

    stored: Stored
    level: str | None = "easy"
    race: bool = False
    stores: list[MatchAction] = field(default_factory=list)

    def load(self) -> Stored:
        return Stored(self.stored.match, self.stored.version, self.stored.sort)

    def version(self, table: Stored) -> int:
        return table.version

    def match(self, table: Stored) -> MatchState:
        return table.match

    def sort(self, table: Stored, sort: str) -> Stored:
        self.stored.sort = sort
        return self.load()

    def turn(self, table: Stored, match: MatchState) -> tuple[MatchState, list[Event]]:
        return computer_turn(match, self.level)

    def store(self, table: Stored, before: MatchState, after: MatchState,
              action: MatchAction, events: list[Event]) -> Stored:
        if self.race:
            raise StaleTapError("lost")
        self.stores.append(action)
        self.stored = Stored(after, table.version + 1, table.sort)
        return self.load()


def _kind(level: str | None = "easy") -> MemoryKind:
    match = new_match(HOUSE, HandSeed("5e" * 32, "one tap"), first_dealer=COMPUTER)
    assert match.hand.to_play == PERSON  # the non-dealer decides on the upcard first
    return MemoryKind(Stored(match), level)


def _form(action: str, version: int = 1, **more: str) -> Mapping[str, str]:
    return {"action": action, "version": str(version), **more}


def test_a_legal_tap_is_applied_and_the_computer_answers_it() -> None:
    kind = _kind()
    done = tap(kind, _form("pass"))
    assert done.table.version == 2
    assert kind.stores and done.events  # the computer decided on the upcard in turn
    assert any(getattr(event, "player", None) == COMPUTER for event in done.events)


def test_with_a_person_in_the_other_seat_nobody_moves_after_the_tap() -> None:
    kind = _kind(level=None)
    done = tap(kind, _form("pass"))
    assert done.events == ()
    assert done.table.match.hand.to_play == COMPUTER  # the friend's turn, untouched


def test_a_stale_double_tap_changes_nothing() -> None:
    kind = _kind()
    tap(kind, _form("pass"))
    before = kind.stored
    with pytest.raises(StaleTapError):
        tap(kind, _form("pass", version=1))  # the same form posted again
    assert kind.stored is before


@pytest.mark.parametrize("form, words", [
    ({"action": "pass"}, "version"),
    ({"action": "pass", "version": "x"}, "version"),
    ({"version": "1"}, "Nothing to do"),
    (_form("fly"), "Unknown action"),
    (_form("discard"), "Select the card"),
    (_form("discard", card="ZZ"), "is not a card"),
    (_form("draw_stock"), ""),  # the engine's refusal: the upcard is still to decide
])
def test_a_refused_tap_says_why_and_changes_nothing(form: Mapping[str, str],
                                                    words: str) -> None:
    kind = _kind()
    before = kind.stored
    with pytest.raises(PlayError) as refused:
        tap(kind, form)
    assert not isinstance(refused.value, StaleTapError)
    assert words in refused.value.message and refused.value.status_code == 400
    assert kind.stored is before and not kind.stores


def test_a_tap_that_loses_the_race_to_store_is_stale() -> None:
    kind = _kind()
    kind.race = True
    with pytest.raises(StaleTapError):
        tap(kind, _form("pass"))
    assert kind.stored.version == 1 and kind.stored.match.hand.phase is Phase.UPCARD_OFFER


def test_a_sort_is_a_screen_choice_without_a_version() -> None:
    kind = _kind()
    done = tap(kind, {"sort": "suit"})
    assert done.table.sort == "suit" and done.table.version == 1 and done.events == ()
    with pytest.raises(PlayError, match="Unknown sort"):
        tap(kind, {"sort": "colour"})
