"""The person's taps and starting a match (docs/rules.md §1, §6 and §7).

**tap**: the table kit's one tap on this browser's seat (:func:`app.table.seats.tap`:
the person's action for the seat this browser plays, then, against the computer, its
turn; in a friend match nobody's, and the other browser is told), counted by outcome.
A form carries the match version it was rendered with, so a stale double tap changes
nothing (409); illegal actions change nothing either (400) and the status line says
what is allowed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlmodel import Session

from app.core import i18n, metrics
from app.core.db import after_commit
from app.core.i18n import gettext
from app.core.inputs import checked, one_of, whole_number
from app.core.models import PlayMatch, PlaySeat
from app.engine import (
    HOUSE,
    OPTION,
    OPTIONS,
    PRESET,
    PRESETS,
    HandSeed,
    Rules,
    RulesError,
    new_match,
    preset_of,
)
from app.engine.bots import DEFAULT_LEVEL, LEVELS
from app.table import seats
from app.table.common import (
    COMPUTER,
    LEVEL_LABELS,
    STALE,
    Loaded,
    MatchOptions,
    PlayError,
    StaleTapError,
    sentence,
)
from app.table.computer import advance
from app.table.seats import client_seed_of as _client_seed
from app.table.storage import (
    bump_seat,
    drop_computer_seats,
    hand_row,
    load_named,
    new_client_seed,
    new_server_seed,
    open_seat,
    remember_on_commit,
    take_seat,
)
from app.table.words import turn_record

# Table options the New match form offers: every option of the engine's one table
# (app.engine.OPTIONS, docs/rules.md §6), in its order.
NUMBER_OPTIONS = tuple(option.name for option in OPTIONS if not option.switch)
SWITCH_OPTIONS = tuple(option.name for option in OPTIONS if option.switch)
DEFAULT_ON_SWITCHES = {option.name: f"{option.name}_shown" for option in OPTIONS
                       if option.switch and option.default}
"""Switches that are on in House rules, each with the hidden field the New match form
posts beside it: an unticked box is missing from the post, so only a form that carries the
hidden field can turn it off; a post without it (an older form, a script) keeps the default."""
MAX_TARGET = OPTION["target"].most or 0
"""Highest target the New match form accepts (the table's ``form_high``: the engine itself
sets no upper bound)."""

# --- starting a match ----------------------------------------------------------------------


CUSTOM = "custom"
"""The New match form's ``preset`` for the player's own scoring options (the fields)."""


def options_from_form(form: Mapping[str, str]) -> MatchOptions:
    """Parse the New match form; a missing number keeps its House value, a missing
    checkbox means off.

    ``preset`` names a scoring preset (:data:`app.engine.PRESETS`): its scoring options
    replace the posted ones, the variants are the form's; but when it is the preset the
    form showed (``preset_shown``) and a posted scoring option differs from it, the player
    changed that field: the posted scoring options. ``custom`` or none (an older form, a
    script): the posted scoring options.

    A missing ``client_seed`` means a random one; one given must be 1–64 printable ASCII
    characters (``docs/fairness.md``).

    Raises:
        PlayError: an unknown level or preset, a number that is not a whole number or out
            of range, a malformed client seed; its ``field`` names the field at fault.
    """
    level = one_of(form.get("level") or DEFAULT_LEVEL, LEVELS)
    if level is None:
        level = form.get("level", "")
        raise PlayError(gettext("Unknown computer level %(level)s: choose %(levels)s.",
                                level=repr(level[:20]), levels=", ".join(
                                    gettext(LEVEL_LABELS[name]) for name in LEVELS)),
                        field="level")
    values: dict[str, Any] = {}
    for name in NUMBER_OPTIONS:
        text = (form.get(name) or "").strip()
        if not text:
            continue
        number = whole_number(text)
        if number is None:
            raise PlayError(gettext("%(option)s must be a whole number of 0 or more (digits "
                                    "only), not %(text)s.", option=_label(name),
                                    text=repr(text[:20])), field=name)
        values[name] = number
    if values.get("target", HOUSE.target) > MAX_TARGET:
        raise PlayError(gettext("Target must be a whole number from 1 to %(most)s.",
                                most=i18n.number(MAX_TARGET)), field="target")
    for name in SWITCH_OPTIONS:
        shown = DEFAULT_ON_SWITCHES.get(name)
        if shown is not None and name not in form and shown not in form:
            continue  # not on this form: the House value
        values[name] = checked(form.get(name))
    preset = form.get("preset") or CUSTOM
    if preset != CUSTOM:
        if preset not in PRESET:
            raise PlayError(gettext("Unknown scoring %(preset)s: choose %(presets)s.",
                                    preset=repr(preset[:20]), presets=", ".join(
                                        gettext(p.label) for p in PRESETS)),
                            field="preset")
        chosen = PRESET[preset].values
        # The preset the form showed is still chosen but a scoring field was changed
        # under it: the player's own scoring (a new preset chosen brings its values).
        edited = any(values[name] != value for name, value in chosen.items()
                     if name in values)
        if not (preset == form.get("preset_shown") and edited):
            values.update(chosen)
    try:
        rules = HOUSE.with_options(**values)
    except RulesError as error:
        raise PlayError(sentence(error), field=error.option or "") from None
    client_seed = form.get("client_seed")
    return MatchOptions(level, rules, None if client_seed is None else _client_seed(client_seed))


def start_match(db: Session, session_id: str, options: MatchOptions,
                expected_version: int | None = None, guard: PlaySeat | None = None) -> Loaded:
    """Deal a new match against the computer for this browser and open it. The match
    against the computer it was playing stays stored (history) but leaves the list of
    matches in progress (its seat is dropped: one at a time); its friend matches stay
    in progress, each with its own seat.

    Hand 1 is dealt from a fresh server seed and the chosen (or a random) client seed.
    ``expected_version`` (from the form) is checked against ``guard``, by default the
    browser's open seat (the New match form carries its version); Rematch passes the
    finished match's seat. It guards against a stale resubmission starting a second
    match; without it, only a browser with no match yet may start one.

    Raises:
        StaleTapError: the guarding seat is not at ``expected_version``.
    """
    seat = guard if guard is not None else open_seat(db, session_id)
    if seat is not None and expected_version != seat.version:
        db.rollback()  # a missing version cannot replace a match either
        raise StaleTapError(STALE)
    client_seed = options.client_seed or new_client_seed()
    match = new_match(options.rules, HandSeed(new_server_seed(), client_seed),
                      first_dealer=COMPUTER)
    match, events = advance(match, options.level)
    said = turn_record(events)
    # The match's version starts at the seat's next one: against the computer both
    # always agree, so a form's version is the seat's and the match's alike.
    game = PlayMatch(session_id=session_id, rules=options.rules.to_dict(),
                     first_dealer=match.first_dealer, level=options.level,
                     client_seed=client_seed, hands=1, over=match.over,
                     version=1 if seat is None else seat.version + 1)
    db.add(game)
    db.flush()
    assert game.id is not None
    db.add(hand_row(game, match))
    sort = "rank"
    if seat is not None:
        bump_seat(db, seat)  # the guard: a simultaneous New match of this browser loses
        sort = seat.sort
    if drop_computer_seats(db, session_id) and seat is None:
        # The browser had no seat when this tap read it, and now has one against the
        # computer: a simultaneous Start match of this browser was first. This one loses.
        db.rollback()
        raise StaleTapError(STALE)
    # Another tap of this browser may have started a match just now (commit_seat).
    new = take_seat(db, session_id, game.id, version=game.version, computer_said=said,
                    sort=sort)
    remember_on_commit(db, game, game.version, match)
    after_commit(db, lambda: metrics.match_started(options.level))
    return Loaded(new, game, match)


def rematch(db: Session, session_id: str, form: Mapping[str, str]) -> Loaded:
    """Deal a new match against the computer with the finished match's level, table
    options and client seed (*Rematch* on the match-end screen: one tap, no form).
    ``form`` holds the ``version`` the screen was rendered with.

    Raises:
        NoMatchError: no match yet. StaleTapError: the screen is older than the match.
        PlayError: the match is not over, or it is a friend match (a rematch with a friend
            is a new invitation). Nothing changes.
    """
    loaded = load_named(db, session_id, form)
    version = whole_number(form.get("version", ""))
    if version != loaded.game.version:
        raise StaleTapError(STALE)
    refusal = loaded.seats.refusal_of_rematch
    if refusal is not None:
        raise PlayError(refusal)
    if not loaded.match.over:
        raise PlayError(gettext("Rematch is offered once the match is over: play on, or tap "
                                "New match."))
    game = loaded.game
    options = MatchOptions(game.level, Rules.from_dict(game.rules), game.client_seed)
    return start_match(db, session_id, options, version, guard=loaded.seat)


# --- a tap -----------------------------------------------------------------------------------


def tap(db: Session, session_id: str, form: Mapping[str, str]) -> Loaded:
    """Apply one tap of the play screen and return the match as it now stands.

    ``form`` holds exactly one of ``action`` (with ``version``, and ``card`` for
    discard/knock/gin), ``client_seed`` (with ``version``, between hands), ``sort``
    or ``arrange`` (with ``version``: the hand's whole new order, :mod:`app.table.arrange`).
    Sorting and arranging are screen choices: they never touch the game nor bump the
    version; a sort clears the arranged order.

    Raises:
        NoMatchError: no match started yet.
        StaleTapError: ``version`` is not the stored one; nothing changed.
        PlayError: anything else illegal or malformed; nothing changed.

    Each tap is counted by outcome (``gin_taps_total``: applied, stale, refused).
    """
    return seats.counted_tap(db, session_id, form)




def _label(name: str) -> str:
    return gettext(OPTION[name].label)



def default_options(game: PlayMatch | None) -> dict[str, Any]:
    """Values to pre-fill the New match form with: the last match's table options, its
    scoring preset (``preset``: the first that fits, else ``custom``), level and client
    seed (the same table again); House rules, the default level and a fresh
    random client seed for a first match."""
    values: dict[str, Any] = HOUSE.to_dict()
    values["preset"] = PRESETS[0].name
    if game is None:
        values["level"] = DEFAULT_LEVEL
        values["client_seed"] = new_client_seed()
        return values
    rules = Rules.from_dict(game.rules)
    values.update(rules.to_dict())
    preset = preset_of(rules)
    values["preset"] = preset.name if preset is not None else CUSTOM
    values["level"] = game.level
    values["client_seed"] = game.client_seed or new_client_seed()
    return values
