"""History and hand reviews.

* ``GET /play/history`` — the finished matches and hands of this browser, newest first,
  a page at a time (``?upto=``; ``?match=`` one match and a page of its hands);
* ``GET /play/history/{match}/{hand}`` — the review of one finished hand;
* ``GET /play/history/{match}.txt`` and ``/play/history/{match}/{hand}.txt`` — the hand
  history text of a match or a hand (``docs/hand-history.md``), as a download;
* ``GET /play/history/import`` — the import form; ``POST`` reads a hand history file
  (the text pasted or a file chosen) in the process pool (off the event loop) and
  answers its summary with a link to a hand's review,
  ``GET /play/history/import/{token}?hand=N`` (``app.review.imports``). Nothing is
  stored in the database; 429 beyond the import limits (``app.web.limits``);
* ``POST /play/history/{match}/{hand}/share`` — *Share this hand*: makes a read-only link
  and shows it (once: only its hash is kept); ``POST …/unshare`` — *Stop sharing*;
  ``GET /shared/hand/{token}`` — the shared hand, for anyone with the link
  (``app.review.share``; 404 unknown, 410 stopped);
* ``GET /play/h2h`` — head to head: this browser's record against each player of its
  friend matches, with the luck and play split summed (``app.review.stats``).

Another browser's ids and ids that do not exist get the same 404 page; a malformed hand
history gets 400 with the line at fault (a body over 64 KB is refused with 413 by the
security middleware before it gets here).
"""

from collections.abc import Callable, Iterable

from fastapi import APIRouter, Request
from sqlmodel import Session
from starlette.responses import PlainTextResponse, Response

from app.core import workers
from app.core.i18n import N_, gettext
from app.core.models import PlayMatch
from app.engine import Event as GameEvent
from app.engine import GameError
from app.engine.handhistory import HandHistoryError
from app.review import history as hist
from app.review import imports, practice, share, stats
from app.table.common import PlayError, whole_number
from app.web import paging
from app.web.deps import DbDep, FieldsDep, FormDep, SessionDep, SettingsDep
from app.web.links import see_other
from app.web.render import is_htmx, render, settle
from app.web.rulewords import rules_name
from app.web.streams import compact_json, csv_rows, json_groups, streamed

router = APIRouter()

ECHO_LIMIT = 60 * 1024
"""How much of a refused file the import form shows back for correction (characters)."""
LUCK_TRIES = 90
"""How often the result panel asks for a hand's luck line (every 2 s: three minutes)."""
PENDING_TRIES = 5
"""How often it asks while no analysis of the hand is stored at all (one is stored as the
hand ends: none after ten seconds will not come), so "Weighing luck and play…" clears."""
TOO_SLOW = N_("This file took too long to read, so it was not shown: import a shorter one "
              "(one match, or one hand).")
GONE = N_("This imported file is no longer here (imports are kept for an hour and never "
          "stored): import it again.")


def _not_found(request: Request, error: hist.NotInHistoryError | None = None) -> Response:
    if isinstance(error, hist.SealedHandError):  # a duplicate board still in play elsewhere
        return render(request, "error.html", {
            "status": 409, "title": gettext("Not yet"), "message": gettext(hist.SEALED)},
            status_code=409)
    return render(request, "error.html", {"status": 404,
                                          "title": gettext("Not in your history"),
                                          "message": gettext(hist.NOT_FOUND)}, status_code=404)


def _id(text: str) -> int | None:
    return whole_number(text)


@router.get("/play/history", name="history")
def history_page(request: Request, session: SessionDep, db: DbDep) -> Response:
    """The history: a page of matches newest first (``?upto=N``: the page whose oldest
    match is the N-th), each with its last finished hands; ``?match=ID`` one match
    alone with a page of its hands (``upto``: the last hand shown)."""
    query = request.query_params
    match = query.get("match")
    match_id = None if match is None else _id(match) or -1  # not a number: no match
    found = hist.history(db, session.id, paging.upto(query.get("upto")), match_id)
    return render(request, "review/list.html", {"matches": found.matches, "page": found.page})


@router.get("/play/history/last", name="history_last")
def last_hand(request: Request, session: SessionDep, db: DbDep) -> Response:
    """The review of the last finished hand of this browser's current match (the play
    screen links here when a hand ends), or the history when there is none."""
    return _to_last(request, db, session.id, hand=True)


def _to_last(request: Request, db: DbDep, session_id: str, *, hand: bool) -> Response:
    """303 to the last finished hand's review (or its match's report), else the history."""
    found = hist.last_finished(db, session_id)
    if found is None:
        return see_other(request, "/play/history")
    path = f"/play/history/{found[0]}/{found[1]}" if hand else f"/play/history/{found[0]}"
    return see_other(request, path)


@router.get("/play/history/import", name="history_import")
def import_form(request: Request) -> Response:
    """The import form (paste a hand history or choose its file)."""
    return render(request, "review/import.html", {"notice": "", "text": ""})


@router.post("/play/history/import")
def import_history(request: Request, form: FormDep, settings: SettingsDep) -> Response:
    """Read an imported hand history and answer its summary (hands, level, rules, the
    score at the end) with a link to the review of hand ``hand`` (1-based position in
    the file); refuse a malformed file with 400 and the line at fault.

    The file is read in the process pool (``imports.read_summary``), never on the event
    loop nor in the server's process, and within ``IMPORT_SECONDS`` (413 beyond); 429
    beyond the import limits. The answer's size does not grow with the file: the file
    waits on the shelf (``imports.shelf``) for its review's link."""
    text, pasted = "", True
    upload = form.get("file")
    if upload is not None and not isinstance(upload, str):
        raw = upload.file.read()
        text, pasted = (raw.decode("utf-8", "replace") if raw else ""), not raw
    if not text:
        value = form.get("text")
        text = value if isinstance(value, str) else ""
    chosen = form.get("hand")
    hand = (whole_number(chosen) or 1) if isinstance(chosen, str) else 1
    try:
        summary = workers.interactive(imports.read_summary, text,
                                      timeout=settings.import_seconds)
    except HandHistoryError as error:
        # A pasted text comes back for correction; a chosen file stays with its owner.
        return render(request, "review/import.html",
                      {"notice": gettext("This hand history could not be read: %(problem)s",
                                         problem=imports.refusal(error)),
                       "text": text[:ECHO_LIMIT] if pasted else ""},
                      status_code=400)
    except TimeoutError:
        return render(request, "review/import.html",
                      {"notice": gettext(TOO_SLOW), "text": ""}, status_code=413)
    token = imports.shelf.put(text)
    return render(request, "review/imported.html",
                  {"s": summary, "token": token, "hand": min(max(hand, 1), summary.hands),
                   "rules": rules_name(summary.rules)})


@router.get("/play/history/import/{token}", name="history_imported")
def imported_review(request: Request, settings: SettingsDep, token: str,
                    hand: str = "1") -> Response:
    """The review of hand ``hand`` (1-based position in the file) of an imported file
    still on the shelf; 404 with a page that asks for the file again when it is not."""
    text = imports.shelf.get(token)
    if text is None:
        return render(request, "review/import.html",
                      {"notice": gettext(GONE), "text": ""}, status_code=404)
    index = (whole_number(hand) or 1) - 1
    try:
        found = workers.interactive(hist.read_import, text, index,
                                    timeout=settings.import_seconds)
    except TimeoutError:
        return render(request, "review/import.html",
                      {"notice": gettext(TOO_SLOW), "text": ""}, status_code=413)
    return render(request, "review/review.html",
                  {"r": found.review, "imported": True, "a": None,
                   "count": found.count, "index": found.index, "token": token})


@router.get("/play/history/{match_id}.txt")
def match_export(request: Request, session: SessionDep, db: DbDep,
                 match_id: str) -> Response:
    """The hand history text of a match's finished hands (a download)."""
    try:
        text = hist.match_file(db, session.id, _id(match_id))
    except hist.NotInHistoryError as error:
        return _not_found(request, error)
    return _text(text, f"gin-match-{match_id}.txt")


@router.get("/play/history/{match_id}/{number}.txt")
def hand_export(request: Request, session: SessionDep, db: DbDep, match_id: str,
                number: str) -> Response:
    """The hand history text of one finished hand (a download)."""
    hand = _id(number)
    try:
        if hand is None:
            raise hist.NotInHistoryError(hist.NOT_FOUND)
        text = hist.match_file(db, session.id, _id(match_id), hand)
    except hist.NotInHistoryError as error:
        return _not_found(request, error)
    return _text(text, f"gin-match-{match_id}-hand-{number}.txt")


def _text(text: str, filename: str) -> Response:
    return PlainTextResponse(text, headers={
        "Content-Disposition": f'attachment; filename="{filename}"'})


def _hand_facts(db: DbDep, session_id: str, match_id: str,
                number: str) -> hist.HandFacts | hist.NotInHistoryError:
    """The stored facts of this browser's hand ``number`` of match ``match_id`` (path
    parts as sent), or why not (not in its history, or a board not yet revealed)."""
    try:
        return hist.hand_facts(db, session_id, _id(match_id), _id(number))
    except hist.NotInHistoryError as error:
        return error


@router.get("/play/history/{match_id}/{number}", name="hand_review")
def hand_review(request: Request, session: SessionDep, db: DbDep, match_id: str,
                number: str) -> Response:
    """The review of a finished hand of this browser."""
    facts = _hand_facts(db, session.id, match_id, number)
    if isinstance(facts, hist.NotInHistoryError):
        return _not_found(request, facts)
    row = hist.stored_analysis(db, facts)
    try:
        review = hist.review(facts)
    except GameError:  # pragma: no cover - a stored hand always replays
        return _not_found(request)
    return render(request, "review/review.html",
                  {"r": review, "imported": False, "a": hist.analysis_view(row),
                   "shares": share.active(db, session.id, facts),
                   "own_name": _own_name(db, facts)})


def _own_name(db: DbDep, facts: hist.HandFacts) -> str:
    """The name this browser played under in a friend match ("" against the computer):
    what *Share this hand* offers to show."""
    game = db.get(PlayMatch, facts.match_id)
    names = (game.names or []) if game is not None and game.friend else []
    return str(names[facts.seats.me]) if len(names) > facts.seats.me else ""


@router.post("/play/history/{match_id}/{number}/share")
def share_hand(request: Request, session: SessionDep, db: DbDep, match_id: str,
               number: str, fields: FieldsDep) -> Response:
    """*Share this hand*: make a read-only link to this browser's finished hand and show
    it (the only time it is shown). The name (field ``name``) is shown with the hand
    only when ``show_name`` is ticked."""
    facts = _hand_facts(db, session.id, match_id, number)
    if isinstance(facts, hist.NotInHistoryError):
        return _not_found(request, facts)
    name = fields.get("name", "") if fields.get("show_name") else None
    token = share.share(db, session.id, facts, name)
    return render(request, "review/shared_link.html",
                  {"facts": facts, "link": str(request.url_for("hand_shared", token=token)),
                   "named": bool(name and name.strip())})


@router.post("/play/history/{match_id}/{number}/unshare")
def unshare_hand(request: Request, session: SessionDep, db: DbDep, match_id: str,
                 number: str, _form: FieldsDep) -> Response:
    """*Stop sharing*: every link this browser made to the hand stops opening it."""
    facts = _hand_facts(db, session.id, match_id, number)
    if isinstance(facts, hist.NotInHistoryError):
        return _not_found(request, facts)
    share.stop(db, session.id, facts)
    return see_other(request, f"/play/history/{facts.match_id}/{facts.number}")


@router.get("/shared/hand/{token}", name="hand_shared")
def shared_hand(request: Request, db: DbDep, token: str) -> Response:
    """A shared hand, read-only, for whoever has the link (no cookie needed): 404 with a
    page that says so for an unknown or malformed link, 410 for a stopped one."""
    headers = {"X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer"}
    try:
        found = share.shared_review(db, token)
    except share.ShareError as error:
        stopped = isinstance(error, share.StoppedError)
        return render(request, "error.html", {
            "status": error.status_code,
            "title": gettext("No longer shared") if stopped else gettext("No such shared hand"),
            "message": gettext(error.message)}, status_code=error.status_code,
            headers=headers)
    return render(request, "review/shared.html", {"s": found}, headers=headers)


@router.get("/play/history/{match_id}/{number}/analysis")
def analysis_status(request: Request, session: SessionDep, db: DbDep, match_id: str,
                    number: str) -> Response:
    """Polled by the review page while its hand is analysed: 204 while the analysis
    runs, then 200 with ``HX-Refresh`` so the page reloads with the ratings (200 alone
    when there is nothing to wait for)."""
    facts = _hand_facts(db, session.id, match_id, number)
    if isinstance(facts, hist.NotInHistoryError):
        return _not_found(request, facts)
    status = hist.analysis_view(hist.stored_analysis(db, facts)).status
    if status == "analysing":
        return PlainTextResponse("", status_code=204)
    if status in ("done", "failed"):
        return PlainTextResponse(status, headers={"HX-Refresh": "true"})
    return PlainTextResponse(status)


@router.get("/play/history/{match_id}/{number}/luck")
def hand_luck(request: Request, session: SessionDep, db: DbDep, match_id: str,
              number: str) -> Response:
    """The result panel's luck-and-play line of a finished hand (an HTMX fragment): it
    asks again every few seconds while the hand is analysed, then says how much the
    cards and the player's decisions moved their chance to win the match."""
    match, hand = _id(match_id), _id(number)
    asked = whole_number(request.query_params.get("try", "0")) or 0
    if match is None or hand is None:
        return _not_found(request)
    try:
        luck = stats.hand_luck(db, session.id, match, hand)
    except hist.NotInHistoryError:
        return _not_found(request)
    if (luck.status == "analysing" and asked >= LUCK_TRIES) or (
            luck.status == "pending" and asked >= PENDING_TRIES):
        luck = stats.HandLuck("none")  # the analysis was lost, or never queued: stop asking
    return render(request, "review/_hand_luck.html",
                  {"luck": luck, "url": f"/play/history/{match}/{hand}/luck?try={asked + 1}"})


@router.post("/play/history/{match_id}/{number}/analyse")
def analyse_hand(request: Request, session: SessionDep, db: DbDep, match_id: str,
                 number: str, _form: FieldsDep) -> Response:
    """Queue the analysis of a hand that has none (or lost it in a restart)."""
    facts = _hand_facts(db, session.id, match_id, number)
    if isinstance(facts, hist.NotInHistoryError):
        return _not_found(request, facts)
    hist.request_analysis(db, facts, session.id)
    return see_other(request, f"/play/history/{facts.match_id}/{facts.number}")


# --- Practice hands (Try again from here) ---------------------------------------------


@router.post("/play/history/{match_id}/{number}/practice")
def start_practice(request: Request, session: SessionDep, db: DbDep, match_id: str,
                   number: str, fields: FieldsDep) -> Response:
    """Start a practice hand from one of the person's decisions (form field ``step``)."""
    try:
        practice.begin(db, session.id, _id(match_id), _id(number),
                       whole_number(fields.get("step", "")))
    except hist.NotInHistoryError as error:
        if isinstance(error, hist.SealedHandError):
            return _not_found(request, error)
        if error.message not in (hist.NOT_FOUND, gettext(hist.NOT_FOUND)):
            return render(request, "error.html", {
                "status": 400, "title": gettext("Not your turn there"),
                "message": gettext(error.message)}, status_code=400)
        return _not_found(request)
    return see_other(request, "/play/practice")


PLAY_BLOCKS = ["status", "table"]
"""What a script's tap on the practice table gets back, as on the play table."""


def _practice_page(request: Request, current: practice.Practice, notice: str = "",
                   said: str = "", events: tuple[GameEvent, ...] = (),
                   status_code: int = 200) -> Response:
    """The practice hand on the play table (the blocks only, for a script's tap)."""
    screen = practice.practice_screen(current, notice, said, events)
    return render(request, "play/table.html", {"s": screen, "hint": None},
                  block=PLAY_BLOCKS, status_code=status_code)


@router.get("/play/practice", name="practice")
def practice_page(request: Request, session: SessionDep, db: DbDep) -> Response:
    """The practice hand (marked, never counted), on the same table as play."""
    try:
        current = practice.load(db, session.id)
    except practice.NoPracticeError as error:
        return render(request, "review/no_practice.html",
                      {"message": gettext(error.message)})
    return _practice_page(request, current)


def _no_practice(request: Request, error: practice.NoPracticeError) -> Response:
    return render(request, "error.html", {"status": 404, "title": gettext("No practice hand"),
                                          "message": gettext(error.message)}, status_code=404)


@router.post("/play/practice")
def practice_tap(request: Request, session: SessionDep, db: DbDep,
                 fields: FieldsDep) -> Response:
    """One tap of the practice hand: ``action`` (and ``card``) with ``version``, or
    ``sort``. A plain form post is answered 303 to ``/play/practice``; a script's post
    (``HX-Request``) with the table's blocks, as on the play table. Refused (400/409):
    the table as it stands and the reason; nothing changes."""
    said = ""
    events: tuple[GameEvent, ...] = ()
    try:
        if "sort" in fields:
            practice.sort_hand(db, session.id, fields["sort"])
        else:
            _, said, events = practice.tap(db, session.id, fields)
    except practice.NoPracticeError as error:
        return _no_practice(request, error)
    except PlayError as error:  # a refused tap or form field (a sort): the table, as it is
        try:
            current = practice.load(db, session.id)
        except practice.NoPracticeError as missing:
            return _no_practice(request, missing)
        return _practice_page(request, current, error.message, status_code=error.status_code)
    if not is_htmx(request):
        return see_other(request, "/play/practice")
    return _practice_page(request, practice.load(db, session.id), said=said, events=events)


# --- Match reports and statistics ------------------------------------------------------


@router.get("/play/history/report")
def current_report(request: Request, session: SessionDep, db: DbDep) -> Response:
    """The report of this browser's current match (the play screen links here)."""
    return _to_last(request, db, session.id, hand=False)


@router.get("/play/history/{match_id}", name="match_report")
def report(request: Request, session: SessionDep, db: DbDep, match_id: str) -> Response:
    """The report of one match of this browser."""
    try:
        found = stats.match_report(db, session.id, _id(match_id))
    except hist.NotInHistoryError:
        return _not_found(request)
    return render(request, "review/report.html", {"m": found})


@router.get("/play/h2h", name="head_to_head")
def head_to_head_page(request: Request, session: SessionDep, db: DbDep) -> Response:
    """This browser's record against each player of its friend matches (head to head:
    ``app.review.stats.head_to_head``, from the kept facts: no replay while nothing
    changed)."""
    rivals = stats.head_to_head(db, session.id)
    return render(request, "review/h2h.html", {"rivals": rivals})


@router.get("/stats", name="stats")
def stats_page(request: Request, session: SessionDep, db: DbDep) -> Response:
    """Statistics of this browser's matches and hands, with SVG charts (kept up to date:
    a view reads one row while nothing has changed; ``app.review.stats.stats``)."""
    figures = stats.stats(db, session.id)
    return render(request, "review/stats.html", {"s": figures})


def _export(request: Request, db: DbDep, session_id: str,
            body: Callable[[Session], Iterable[str]], media_type: str,
            filename: str) -> Response:
    """Bring the kept facts up to date, end the request's unit of work, then stream
    ``body`` (its own session, rows read in batches: ``app.web.streams``)."""
    stats.refresh(db, session_id)
    settle(request)
    return streamed(request.app.state.engine, body, media_type=media_type,
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})


@router.get("/stats.json")
def stats_json(request: Request, session: SessionDep, db: DbDep) -> Response:
    """Every match and finished hand of this browser as JSON (a download, streamed)."""
    sid = session.id
    return _export(request, db, sid, lambda rows: json_groups(
        [("matches", stats.exported_matches(rows, sid)),
         ("hands", stats.exported_hands(rows, sid))], compact_json),
        "application/json", "gin-stats.json")


@router.get("/stats.csv")
def stats_csv(request: Request, session: SessionDep, db: DbDep) -> Response:
    """Every finished hand of this browser as CSV, one row per hand (a download,
    streamed)."""
    sid = session.id
    return _export(request, db, sid,
                   lambda rows: csv_rows(stats.exported_hands(rows, sid), ["match"]),
                   "text/csv; charset=utf-8", "gin-hands.csv")
