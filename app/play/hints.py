"""Hints: what the Expert would do now, from the person's own view.

A hint is :func:`app.engine.bots.expert.evaluate` on the person's
:class:`~app.engine.hand.PlayerView` — never the computer's cards or the stock order —
computed in the process pool of :mod:`app.core.workers` with the Expert's own time budget.
Its random source comes from the hand's secret seed, the hand number and the hand's log
length, so asking twice in the same position gives the same hint. Each hint given is
counted in the match's ``hints_used`` column (no version change: a hint changes nothing
in the game).

At most one hint per browser is worked out at a time (:data:`ONE_AT_A_TIME`): a second
one asked meanwhile (another tab, a script) is refused at once with 429 rather than
queued, since it would show the same advice; the play screen's own hint form drops a
second click while the first is in flight.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from sqlalchemy import update
from sqlmodel import Session

from app.core import workers
from app.core.fairuse import InFlight
from app.core.i18n import N_, gettext, percent
from app.core.models import PlayMatch
from app.engine import Action, match_view
from app.table.common import (
    PERSON,
    STALE,
    Loaded,
    PlayError,
    StaleTapError,
    whole_number,
)
from app.table.storage import load_named
from app.table.words import action_words

HINT_NOISE = 0.05
"""Two estimated chances closer than this (5 points of win chance) are within the noise
of the Expert's samples: the panel calls them *about even* rather than ranking them."""


ONE_AT_A_TIME = InFlight(
    1, N_("Your last hint is still being worked out: it shows in a moment. Nothing else "
          "was asked."), kind="hint", retry_after=2)
"""One hint in flight per browser (session id), per server process."""


@dataclass(frozen=True, slots=True)
class HintOption:
    """One of the Expert's choices: what to do (``action``, and in ``words``), the
    estimated chance to win the match after it (``value``, 0..1, and ``chance``, a whole
    percentage as text), and whether it is *about even* with the panel's first line
    (``even``: within :data:`HINT_NOISE` of the highest chance, as the first line is)."""

    action: str
    words: str
    chance: str
    value: float = 0.0
    even: bool = False


@dataclass(frozen=True, slots=True)
class HintRow:
    """One line of the hint's list: one choice with its figure, or the choices about
    even with the recommended one, grouped under one shared figure (``chance``: "54%",
    or a range "51%–54%" when their rounded figures differ)."""

    options: tuple[HintOption, ...]
    chance: str

    @property
    def even(self) -> bool:
        """Several choices about even, grouped."""
        return len(self.options) > 1


@dataclass(frozen=True, slots=True)
class HintPanel:
    """The hint shown under the hand: the recommended play first, then the others by
    their chance, highest first. ``rows`` is the list as shown: the first row holds the
    recommended play (with the choices about even with it, grouped), and no later row
    shows a higher figure than it."""

    options: tuple[HintOption, ...]
    rows: tuple[HintRow, ...] = ()

    @property
    def best(self) -> HintOption:
        """What the Expert would do now."""
        return self.options[0]


def _figure(values: list[float]) -> str:
    """One figure for chances shown together: a whole percentage, or a range of two."""
    low, high = percent(min(values)), percent(max(values))
    return high if low == high else gettext("%(low)s–%(high)s", low=low, high=high)


def hint_panel(best: list[tuple[Action, float]]) -> HintPanel:
    """The panel for Expert's ``[(action, win_chance), ...]`` (its play first, chances
    0..1) — a panel that agrees with itself (issue 48):

    * the recommended play is the Expert's, unless another choice's chance is higher by
      more than :data:`HINT_NOISE` (the Expert's samples then disagree with its usual
      play): that choice is recommended instead;
    * every choice within :data:`HINT_NOISE` of the highest chance is *about even* with
      it: they share the first row, the recommended play first, under one figure (a
      range when their rounded figures differ);
    * the others follow, highest first, each with its own figure, none higher than the
      first row's (they are below the noise band, so below every choice in it).

    Raises ``ValueError`` for an empty ``best``.
    """
    if not best:
        raise ValueError("a hint needs at least one choice")
    top = max(chance for _, chance in best)
    floor = top - HINT_NOISE
    pick = 0 if best[0][1] >= floor else max(range(len(best)), key=lambda i: best[i][1])
    order = [pick, *sorted((i for i in range(len(best)) if i != pick),
                           key=lambda i: (-best[i][1], i))]
    grouped = sum(chance >= floor for _, chance in best) > 1
    options = tuple(
        HintOption(str(best[i][0]), action_words(best[i][0]), percent(best[i][1]),
                   best[i][1], even=grouped and best[i][1] >= floor)
        for i in order)
    group = tuple(option for option in options if option.value >= floor)
    rows = [HintRow(group, _figure([option.value for option in group]))]
    rows += [HintRow((option,), option.chance) for option in options if option.value < floor]
    return HintPanel(options, tuple(rows))


def give_hint(db: Session, session_id: str, form: Mapping[str, str],
              browser: str | None = None) -> tuple[Loaded, HintPanel]:
    """The Expert's advice for the person's position, and count the hint.

    ``browser`` is the key this browser's hint holds :data:`ONE_AT_A_TIME` by: the one
    the fair-use middleware refuses a second hint by (``app.web.limits.Client.browser``,
    its cookie's hash), ``session_id`` without one.

    ``form`` carries the screen's ``version``, so a hint asked from an old screen is
    refused instead of advising on a position that has moved on.

    Raises:
        NoMatchError: no match yet.
        StaleTapError: ``version`` is missing or not the stored one.
        PlayError: it is not the person's turn (the hand or match is over), or the match
            is against a friend (no hints there).
        Refused: this browser's previous hint is still being worked out (429).
    """
    loaded = load_named(db, session_id, form)
    if whole_number(form.get("version", "")) != loaded.game.version:
        raise StaleTapError(STALE)
    refusal = loaded.seats.refusal_of_hint
    if refusal is not None:
        raise PlayError(refusal)
    match = loaded.match
    view = match_view(match, PERSON)
    if not view.my_turn or not view.legal:
        raise PlayError(gettext("No hint now: it is not your turn to play."))
    with ONE_AT_A_TIME.hold(browser or session_id):
        best = workers.hint(
            view, f"{match.seed_text}:hint:{match.hand_number}:{len(match.hand_log)}")
    db.exec(
        update(PlayMatch)
        .where(PlayMatch.id == loaded.game.id)  # type: ignore[arg-type]
        .values(hints_used=PlayMatch.hints_used + 1)
        .execution_options(synchronize_session=False)
    )
    db.flush()
    db.refresh(loaded.game)
    return loaded, hint_panel(best)


__all__ = ["HINT_NOISE", "ONE_AT_A_TIME", "HintOption", "HintPanel", "HintRow", "give_hint",
           "hint_panel"]
