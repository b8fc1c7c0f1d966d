"""Settings: ``/settings`` shows and saves this browser's display settings.

A plain form (no JavaScript needed) posted to ``/settings``; a good form is stored with
the browser session and answered ``303`` back to the page (``?saved=1``), a bad one
(missing, unknown, repeated or out-of-range field) with ``400`` and the page saying what
was wrong, nothing stored. ``back`` (query or hidden field) is the page the person came
from; it is used only when it is a plain local path. The page's logic is :mod:`app.prefs`.
"""

from urllib.parse import urlencode

from fastapi import APIRouter, Request
from starlette.responses import Response

from app.core.i18n import gettext
from app.prefs.settings import (
    SETTINGS,
    DisplayError,
    back_label,
    parse_form,
    safe_back,
    save_display,
)
from app.web.deps import DbDep, DisplayDep, FormDep, SessionDep
from app.web.display import Display
from app.web.links import base_path, see_other
from app.web.render import render

router = APIRouter()


def _page(request: Request, display: Display, *, back: str, saved: bool = False,
          error: str = "", status_code: int = 200) -> Response:
    return render(request, "prefs/settings.html", {
        "settings": SETTINGS,
        "current": display,
        "back": back,
        "back_label": back_label(back) if back else "",
        "saved": saved,
        "error": error,
    }, status_code=status_code)


@router.get("/settings", name="settings")
def settings_page(request: Request, session: SessionDep, display: DisplayDep, back: str = "",
                  saved: str = "") -> Response:
    """The settings form, each group showing this browser's current choice."""
    return _page(request, display, back=safe_back(back, base_path(request)),
                 saved=saved == "1")


@router.post("/settings")
def settings_save(request: Request, session: SessionDep, db: DbDep, form: FormDep,
                  display: DisplayDep) -> Response:
    """Store the posted settings and go back to the page (303); a bad form gets 400."""
    fields = [(name, value) for name, value in form.multi_items() if isinstance(value, str)]
    back = safe_back(next((value for name, value in fields if name == "back"), ""),
                     base_path(request))
    try:
        if len(fields) != len(form.multi_items()):
            raise DisplayError(gettext("Settings are plain choices: no files."))
        display = parse_form([(name, value) for name, value in fields if name != "back"])
    except DisplayError as exc:
        return _page(request, display, back=back, error=str(exc), status_code=400)
    save_display(db, session.id, display)
    query = {"saved": "1", **({"back": back} if back else {})}
    return see_other(request, f"/settings?{urlencode(query)}")
