"""Score: score sheets for games played with real cards (docs/rules.md §1.2, §4–6).

Every form works as a plain post answered with a 303 redirect (or, for a wrong entry, the
page again with the message next to the field and status 422); the hand preview also
answers htmx with just the entry block. Sheets belong to the browser session; another
browser gets 404. ``/score/shared/{token}`` is the read-only view.
"""

from contextlib import suppress
from dataclasses import replace
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Path, Request
from sqlalchemy.exc import IntegrityError
from starlette.datastructures import FormData, UploadFile
from starlette.responses import Response

from app.core.i18n import N_, gettext
from app.core.inputs import whole_number
from app.core.models import ScoreSheetRow
from app.events import hosting
from app.score import keeper as sk
from app.score.evening import evening_tally, rematch
from app.score.sheet import OptionsChange, ScoreSheet, SheetError
from app.score.views import SheetPage
from app.web import paging
from app.web.deps import DbDep, FormDep, SessionDep
from app.web.links import see_other
from app.web.render import is_htmx, render

router = APIRouter(prefix="/score")

SheetId = Annotated[int, Path(ge=1, le=2**62)]
HandNumber = Annotated[int, Path(ge=1, le=10_000)]


TOO_LARGE = N_("That is too large for a score sheet export (the limit is %(kb)s KB): choose "
               "the .json file the app exported, or paste its text.")
STALE = N_("This sheet changed in another tab or window: here it is as it stands now.")


def _own(db: DbDep, session: SessionDep, sheet_id: int) -> ScoreSheetRow:
    row = sk.get_sheet(db, session.id, sheet_id)
    if row is None:
        raise HTTPException(404, N_("No such score sheet in this browser"))
    return row


def _version(form: FormData) -> int:
    text = form.get("version")
    number = whole_number(text) if isinstance(text, str) else None
    return -1 if number is None else number


# --- the list, new sheets, import --------------------------------------------------------


def _index(request: Request, db: DbDep, session: SessionDep, *, status_code: int = 200,
           form: dict[str, str] | None = None, errors: dict[str, str] | None = None,
           import_error: str | None = None, import_text: str = "") -> Response:
    sheets = [(row, sheet, sk.result_of(sheet)) for row, sheet in sk.list_sheets(db, session.id)]
    return render(request, "score/index.html", {
        "sheets": sheets,
        "form": form or sk.setup_form(None),
        "errors": errors or {},
        "import_error": import_error,
        "import_text": import_text,
        "sk": sk,
    }, status_code=status_code)


@router.get("", name="score_index")
def score_index(request: Request, db: DbDep, session: SessionDep) -> Response:
    """This browser's score sheets and the form for a new one (Classic defaults).

    ``?import=too-large`` (where the request size cap sends an oversized import) shows the
    import form with its message."""
    if request.query_params.get("import") == "too-large":
        return _index(request, db, session,
                      import_error=gettext(TOO_LARGE, kb=sk.MAX_IMPORT_BYTES // 1000))
    return _index(request, db, session)


@router.post("", name="score_create")
def score_create(request: Request, db: DbDep, session: SessionDep, form: FormDep) -> Response:
    """Start a sheet from the setup form; 303 to it, or 422 with the message by the field."""
    try:
        sheet = sk.parse_setup(form)
        row = sk.create_sheet(db, session.id, sheet)
    except SheetError as err:
        values = {key: str(value) for key, value in form.items() if isinstance(value, str)}
        return _index(request, db, session, status_code=422, form=values,
                      errors=sk.errors_in_words(err.by_field("options")))
    return see_other(request, f"/score/{row.id}")


@router.post("/import", name="score_import")
def score_import(request: Request, db: DbDep, session: SessionDep, form: FormDep) -> Response:
    """Import an exported sheet from an uploaded file or pasted text; 303 to the copy
    (429 beyond the import limits). Read here, in the thread pool, within
    ``sk.MAX_IMPORT_BYTES``."""
    upload, pasted = form.get("file"), form.get("json")
    data: bytes | str = ""
    if isinstance(upload, UploadFile) and upload.filename:
        data = upload.file.read(sk.MAX_IMPORT_BYTES + 1)
    elif isinstance(pasted, str):
        data = pasted.strip()
    text = pasted if isinstance(pasted, str) else ""
    if not data:
        return _index(request, db, session, status_code=422, import_text=text,
                      import_error=gettext(
                          "Choose an exported sheet (a .json file) or paste its text."))
    if len(data) > sk.MAX_IMPORT_BYTES:
        return _index(request, db, session, status_code=422, import_text="",
                      import_error=gettext(TOO_LARGE, kb=sk.MAX_IMPORT_BYTES // 1000))
    try:
        sheet = sk.import_sheet(data)
        row = sk.create_sheet(db, session.id, sheet)
    except SheetError as err:
        return _index(request, db, session, status_code=422, import_text=text,
                      import_error=gettext("Could not import: %(problem)s",
                                           problem=sk.in_words(err)))
    return see_other(request, f"/score/{row.id}")


# --- the read-only share view (before /{sheet_id} so "shared" is not taken for an id) ----


@router.get("/shared/{token}", name="score_shared")
def score_shared(request: Request, db: DbDep, token: str) -> Response:
    """Read-only view of a sheet for whoever has its share link."""
    row = sk.get_shared(db, token)
    if row is None:
        raise HTTPException(404, N_("This share link does not lead to a score sheet"))
    sheet = sk.load(row)
    view = _sheet_context(row, sheet, shared=True, upto=_upto(request),
                          **_evening(db, row, sk.result_of(sheet)))
    return render(request, "score/sheet.html", view,
                  headers={"X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer"})


# --- one sheet ---------------------------------------------------------------------------


def _evening(db: DbDep, row: ScoreSheetRow, result: Any) -> dict[str, Any]:
    """The evening's games around ``row`` (links and tally), for the sheet page, and the
    way back to its event when it is an event's table."""
    games = sk.evening(db, row)
    back = hosting.back_link(db, sheet_id=row.id)
    if len(games) < 2:
        return {"evening": None, "games": games, "next_game": None, "back": back}
    results = [result if game.id == row.id else sk.result_of(sk.load(game)) for game in games]
    index = next(i for i, game in enumerate(games) if game.id == row.id)
    return {"evening": evening_tally(results), "games": games, "back": back,
            "game_number": index + 1,
            "next_game": games[index + 1] if index + 1 < len(games) else None}


def _sheet_context(row: ScoreSheetRow, sheet: ScoreSheet, *, shared: bool = False,
                   upto: int | None = None, **extra: Any) -> SheetPage:
    """The sheet page's view model: its hands a page at a time (:mod:`app.web.paging`:
    the newest, the page ``upto`` names, or the one holding the hand being corrected),
    with ``extra`` fields of :class:`~app.score.views.SheetPage` (the form, a preview,
    the evening …)."""
    result = sk.result_of(sheet)
    total = len(result.rows)
    edited = extra.get("edit_number")
    page = paging.around(total, edited) if edited is not None and upto is None \
        else paging.window(total, upto)
    view = SheetPage(
        row=row, sheet=sheet, result=result, names=sheet.names, opts=sheet.options,
        rules=sheet.options.rules,
        rows=[sk.describe(hand, sheet.names) for hand in result.rows[page.slice()]],
        page=page,
        page_url=f"/score/shared/{row.share_token}" if shared else f"/score/{row.id}",
        shared=shared, sk=sk, form=sk.entry_form(None, result),
        redo=[] if shared else sk.redo_stack(row),
        rematch=rematch(sheet) if result.over else None,
    )
    return replace(view, **extra)


def _upto(request: Request) -> int | None:
    """The page of hands the address names (``?upto=N``: the last hand it shows)."""
    return paging.upto(request.query_params.get("upto"))


def _show(request: Request, row: ScoreSheetRow, sheet: ScoreSheet, *, status_code: int = 200,
          block: str | list[str] | None = None, **extra: Any) -> Response:
    view = _sheet_context(row, sheet, upto=_upto(request), htmx=is_htmx(request), **extra)
    return render(request, "score/sheet.html", view, block=block, status_code=status_code)


@router.get("/{sheet_id}", name="score_sheet")
def score_sheet(request: Request, db: DbDep, session: SessionDep, sheet_id: SheetId
                ) -> Response:
    """The sheet: hands, running totals, boxes, who deals next, and the entry form."""
    row = _own(db, session, sheet_id)
    sheet = sk.load(row)
    return _show(request, row, sheet, **_evening(db, row, sk.result_of(sheet)))


def _entry_post(request: Request, db: DbDep, session: SessionDep, form: FormData,
                sheet_id: int, number: int | None, record: bool) -> Response:
    row = _own(db, session, sheet_id)
    sheet = sk.load(row)
    values = {key: str(value) for key, value in form.items() if isinstance(value, str)}
    blocks = ["entry", "announce"]
    if number is not None and number > len(sheet.entries):
        raise HTTPException(404, N_("No such hand on this sheet"))
    count = None
    cards_given = any(values.get(field) for field, _box, _label in sk.CARD_FIELDS) or any(
        form.getlist(box) for _field, box, _label in sk.CARD_FIELDS)
    counts_empty = not values.get("knocker_deadwood") and not values.get("defender_deadwood")
    for field, box, label in sk.CARD_FIELDS if cards_given else ():
        # Show the cards as the calculator reads them (typed and ticked together); when
        # they are wrong, the count says what is wrong with them.
        with suppress(SheetError):
            values[field] = " ".join(map(str, sk.parse_hand_cards(form, field, box, label)))
    if form.get("count") or (cards_given and counts_empty):
        try:
            count, filled = sk.count_from_cards(form, sheet)
        except SheetError as err:
            return _show(request, row, sheet, status_code=422, block=blocks, form=values,
                         errors=sk.errors_in_words(err.by_field("cards")), edit_number=number,
                         calc_open=True)
        values.update(filled)
        form = FormData({**values})
    try:
        entry = sk.parse_entry(form, sheet, number)
        updated = sheet.add(entry) if number is None else sheet.replace_hand(number, entry)
        hand = updated.result().rows[-1 if number is None else number - 1]
    except SheetError as err:
        return _show(request, row, sheet, status_code=422, block=blocks, form=values,
                     errors=sk.errors_in_words(err.by_field("entry")), edit_number=number,
                     count=count)
    if not record:
        return _show(request, row, sheet, block=blocks, form=values, edit_number=number,
                     preview=sk.describe(hand, sheet.names), preview_result=updated.result(),
                     count=count)
    try:
        sk.save_sheet(db, row, updated, _version(form))
    except sk.StaleSheetError:
        return _stale(request, db, row)
    anchor = f"hand-{number}" if number is not None else "sheet"
    return see_other(request, f"/score/{sheet_id}#{anchor}")


@router.post("/{sheet_id}/hands", name="score_record")
def score_record(request: Request, db: DbDep, session: SessionDep, sheet_id: SheetId,
                 form: FormDep) -> Response:
    """Record the next hand; 303 back to the sheet, or 422 with the message by the field."""
    return _entry_post(request, db, session, form, sheet_id, None, record=True)


@router.post("/{sheet_id}/preview", name="score_preview")
def score_preview(request: Request, db: DbDep, session: SessionDep, sheet_id: SheetId,
                  form: FormDep) -> Response:
    """Classify and score the hand in the form without recording it."""
    return _entry_post(request, db, session, form, sheet_id, None, record=False)


@router.get("/{sheet_id}/hands/{number}", name="score_edit")
def score_edit(request: Request, db: DbDep, session: SessionDep, sheet_id: SheetId,
               number: HandNumber) -> Response:
    """The sheet with the entry form holding hand ``number`` for correction."""
    row = _own(db, session, sheet_id)
    sheet = sk.load(row)
    if number > len(sheet.entries):
        raise HTTPException(404, N_("No such hand on this sheet"))
    result = sheet.result()
    return _show(request, row, sheet, edit_number=number,
                 form=sk.entry_form(sheet.entries[number - 1], result))


@router.post("/{sheet_id}/hands/{number}", name="score_update")
def score_update(request: Request, db: DbDep, session: SessionDep, sheet_id: SheetId,
                 number: HandNumber, form: FormDep) -> Response:
    """Save a corrected hand; every later hand is recomputed."""
    return _entry_post(request, db, session, form, sheet_id, number, record=True)


@router.post("/{sheet_id}/hands/{number}/preview", name="score_update_preview")
def score_update_preview(request: Request, db: DbDep, session: SessionDep,
                         sheet_id: SheetId, number: HandNumber, form: FormDep) -> Response:
    """Preview a corrected hand without saving it."""
    return _entry_post(request, db, session, form, sheet_id, number, record=False)


@router.post("/{sheet_id}/hands/{number}/delete", name="score_delete_hand")
def score_delete_hand(request: Request, db: DbDep, session: SessionDep,
                      sheet_id: SheetId, number: HandNumber, form: FormDep) -> Response:
    """Delete hand ``number`` once confirmed (``confirm=yes``); later hands are recomputed.
    Without the confirmation, the page asking for it (what the hand was, what changes)."""
    row = _own(db, session, sheet_id)
    sheet = sk.load(row)
    if number > len(sheet.entries):
        raise HTTPException(404, N_("No such hand on this sheet"))
    try:
        updated = sheet.delete_hand(number)
        if form.get("confirm") != "yes":
            result = sheet.result()
            return render(request, "score/delete_hand.html", {
                "row": row, "number": number, "names": sheet.names,
                "view": sk.describe(result.rows[number - 1], sheet.names),
                "before": result, "after": updated.result(), "version": _version(form),
                "sk": sk,
            })
        sk.save_sheet(db, row, updated, _version(form))
    except SheetError as err:
        said = sk.in_words(err)
        message = said[:1].upper() + said[1:]
        return _show(request, row, sheet, status_code=422, notice=message,
                     edit_number=number, form=sk.entry_form(sheet.entries[number - 1],
                                                            sheet.result()))
    except sk.StaleSheetError:
        return _stale(request, db, row)
    return see_other(request, f"/score/{sheet_id}#sheet")


def _stale(request: Request, db: DbDep, row: ScoreSheetRow) -> Response:
    """409: the sheet changed since the form was shown; the sheet as it is now."""
    db.refresh(row)
    return _show(request, row, sk.load(row), status_code=409, notice=gettext(STALE))


@router.post("/{sheet_id}/undo", name="score_undo")
def score_undo(request: Request, db: DbDep, session: SessionDep, sheet_id: SheetId,
               form: FormDep) -> Response:
    """Take back the last recorded hand (it goes on the Redo stack); 303 to the sheet."""
    return _undo_or_redo(request, db, session, sheet_id, form, redo=False)


@router.post("/{sheet_id}/redo", name="score_redo")
def score_redo(request: Request, db: DbDep, session: SessionDep, sheet_id: SheetId,
               form: FormDep) -> Response:
    """Put back the hand Undo last took back; 303 to the sheet."""
    return _undo_or_redo(request, db, session, sheet_id, form, redo=True)


def _undo_or_redo(request: Request, db: DbDep, session: SessionDep, sheet_id: SheetId,
                  form: FormData, *, redo: bool) -> Response:
    """Undo (take back the last hand, pushing it on the Redo stack) or Redo (put back
    the top of the stack); saved with its new Redo stack, 303 to the undo bar (422 when
    there is nothing to undo or redo, 409 if stale)."""
    row = _own(db, session, sheet_id)
    sheet = sk.load(row)
    stack = sk.redo_stack(row)
    if not (stack if redo else sheet.entries):
        notice = gettext("There is nothing to redo: Redo puts back a hand taken back with "
                         "Undo, until another change is made.") if redo else gettext(
            "There is no hand to undo: no hands are recorded yet.")
        return _show(request, row, sheet, status_code=422, notice=notice)
    if redo:
        try:
            updated = sheet.add(stack[-1])
        except SheetError as err:  # pragma: no cover - the stack is cleared by every other change
            return _show(request, row, sheet, status_code=422, notice=sk.in_words(err))
        stack = stack[:-1]
    else:
        updated = sheet.delete_hand(len(sheet.entries))
        stack = [*stack, sheet.entries[-1]]
    try:
        sk.save_sheet(db, row, updated, _version(form), redo=stack)
    except sk.StaleSheetError:
        return _stale(request, db, row)
    return see_other(request, f"/score/{row.id}#undo")


@router.post("/{sheet_id}/rematch", name="score_rematch")
def score_rematch(request: Request, db: DbDep, session: SessionDep, sheet_id: SheetId,
                  form: FormDep) -> Response:
    """Start the next game of the evening: same players and options, the dealer the rules
    give; linked to this one. A game that already has its rematch leads to it (303)."""
    row = _own(db, session, sheet_id)
    existing = sk.rematch_of(db, row)
    if existing is not None:
        return see_other(request, f"/score/{existing.id}")
    try:
        created = sk.create_sheet(db, session.id, rematch(sk.load(row)), previous_id=row.id)
    except SheetError as err:
        said = sk.in_words(err)
        message = said[:1].upper() + said[1:]
        return _show(request, row, sk.load(row), status_code=422, notice=message)
    except IntegrityError:  # a double tap: the other tap made the rematch (rolled back)
        existing = sk.rematch_of(db, row)
        if existing is None:
            raise
        return see_other(request, f"/score/{existing.id}")
    return see_other(request, f"/score/{created.id}")


# --- options -----------------------------------------------------------------------------


def _options_page(request: Request, row: ScoreSheetRow, sheet: ScoreSheet, *,
                  form: dict[str, str], errors: dict[str, str] | None = None,
                  change: OptionsChange | None = None, status_code: int = 200,
                  notice: str | None = None) -> Response:
    return render(request, "score/options.html", {
        "row": row, "sheet": sheet, "form": form, "errors": errors or {},
        "change": change, "sk": sk, "notice": notice,
    }, status_code=status_code)


@router.get("/{sheet_id}/options", name="score_options")
def score_options(request: Request, db: DbDep, session: SessionDep, sheet_id: SheetId
                  ) -> Response:
    """The names and table options of a sheet, to change."""
    row = _own(db, session, sheet_id)
    sheet = sk.load(row)
    return _options_page(request, row, sheet, form=sk.setup_form(sheet))


@router.post("/{sheet_id}/options", name="score_options_save")
def score_options_save(request: Request, db: DbDep, session: SessionDep,
                       sheet_id: SheetId, form: FormDep) -> Response:
    """Change names and options. A change that ends or re-opens the game is shown for
    confirmation first (``confirm=yes`` saves it)."""
    row = _own(db, session, sheet_id)
    sheet = sk.load(row)
    values = {key: str(value) for key, value in form.items() if isinstance(value, str)}
    try:
        candidate = sk.parse_setup(form, current=sheet)
        change = sheet.change_options(candidate.options)
    except SheetError as err:
        return _options_page(request, row, sheet, form=values, status_code=422,
                             errors=sk.errors_in_words(err.by_field("options")))
    updated = ScoreSheet(candidate.options, candidate.names, sheet.entries)
    if change.needs_confirmation and values.get("confirm") != "yes":
        return _options_page(request, row, sheet, form=values, change=change)
    try:
        sk.save_sheet(db, row, updated, _version(form))
    except sk.StaleSheetError:
        db.refresh(row)
        return _options_page(request, row, sk.load(row), form=sk.setup_form(sk.load(row)),
                             status_code=409, notice=gettext(STALE))
    return see_other(request, f"/score/{sheet_id}")


# --- export, share, delete ----------------------------------------------------------------


@router.get("/{sheet_id}/export", name="score_export")
def score_export(db: DbDep, session: SessionDep, sheet_id: SheetId) -> Response:
    """The sheet as a JSON file download (import it back on any browser)."""
    row = _own(db, session, sheet_id)
    sheet = sk.load(row)
    slug = "-".join("".join(ch for ch in name.lower() if ch.isascii() and ch.isalnum()) or "player"
                    for name in sheet.names)
    return Response(
        sheet.to_json(), media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="score-{slug}-{row.id}.json"'},
    )


@router.post("/{sheet_id}/delete", name="score_delete")
def score_delete(request: Request, db: DbDep, session: SessionDep, sheet_id: SheetId,
                 form: FormDep) -> Response:
    """Delete the whole sheet (and its share link) once confirmed (``confirm=yes``); 303 to
    the list. Without the confirmation, the page asking for it."""
    row = _own(db, session, sheet_id)
    if form.get("confirm") != "yes":
        return render(request, "score/delete.html",
                      {"row": row, "result": sk.load(row).result(), "sk": sk})
    sk.delete_sheet(db, row)
    return see_other(request, "/score")

