"""Pages of Play that more than one area's routes answer with: the New match form (the
play routes, and *Play a friend*'s when its form is refused), and the view model of a
seat's table page (:class:`TablePage`).

Renders through :mod:`app.web.render`; reads through :mod:`app.play`'s own modules.
"""

from dataclasses import dataclass
from typing import Any

from fastapi import Request
from sqlmodel import Session
from starlette.responses import Response

from app.core.inputs import checked
from app.engine.bots import LEVELS
from app.play.actions import SWITCH_OPTIONS, default_options
from app.play.hints import HintPanel
from app.play.matches import MatchLine, in_progress
from app.table.common import LEVEL_LABELS
from app.table.screen import Screen
from app.table.storage import load, seat_version
from app.web.render import refused_at, render


@dataclass(frozen=True, slots=True)
class TablePage:
    """What ``templates/play/table.html`` (and its hint box, ``play/_hint.html``) reads
    for a seat's table, against the computer or a friend: ``s`` the screen model,
    ``match_id`` the match every form names, ``hint`` the Expert's advice when asked,
    ``lines`` the browser's matches in progress (a whole page only; none for an htmx
    swap), ``watch_others`` whether the page listens for its other friend matches."""

    s: Screen
    match_id: int | None
    hint: HintPanel | None = None
    lines: tuple[MatchLine, ...] = ()
    watch_others: bool = False
    back: Any = None
    """An event's table: the way back to the event (``name`` and ``path``, an app
    path), shown above the table and at the match's end; ``None`` otherwise."""


def posted_options(fields: dict[str, str]) -> dict[str, Any]:
    """A refused New match (or invite) form's values as posted, to show it again: the
    defaults, then the fields, with the switches as booleans."""
    values: dict[str, Any] = {**default_options(None), **fields}
    for name in SWITCH_OPTIONS:
        values[name] = checked(fields.get(name))
    return values


def new_match_page(request: Request, db: Session, session_id: str, *, notice: str = "",
                   field: str = "", values: dict[str, Any] | None = None,
                   status_code: int = 200) -> Response:
    """The New match form (against the computer, or *Play a friend*), pre-filled with
    ``values`` (else the last match's options) and a refusal ``notice``: at the form
    ``field`` it names (:attr:`~app.table.common.PlayError.field`), else in the status line."""
    loaded = load(db, session_id)
    version = seat_version(db, session_id)  # also when no match is shown (a cancelled invite)
    game = loaded.game if loaded is not None else None
    lines = in_progress(db, session_id)
    context = {
        "values": values or default_options(game),
        "levels": [(name, LEVEL_LABELS[name]) for name in LEVELS],
        "version": version,
        "in_progress": any(not line.friend for line in lines),
        **refused_at(notice, field),
        "lines": lines,
    }
    return render(request, "play/new.html", context, status_code=status_code)
