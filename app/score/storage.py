"""The Score pages' storage (issue 5): a browser's sheets in ``score_sheet`` rows.

:func:`list_sheets`, :func:`get_sheet`, :func:`get_shared`, :func:`create_sheet`,
:func:`save_sheet` (optimistic concurrency on ``version``), :func:`delete_sheet`, the
evening's chain (:func:`rematch_of`, :func:`evening`) and the Redo stack — always scoped
to the browser session that owns the sheet.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Sequence
from functools import lru_cache

from sqlalchemy import delete, update
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from app.core.i18n import N_, gettext
from app.core.models import ScoreSheetRow, utcnow
from app.core.setaside import Finding
from app.score.sheet import HandEntry, ScoreSheet, SheetError

SHARE_TOKEN_BYTES = 18
"""Random bytes in a share token (``secrets.token_urlsafe``): 144 bits, 24 characters."""

MAX_SHEETS_PER_SESSION = 200
"""Most sheets one browser keeps; creating more asks to delete old ones first."""


class StaleSheetError(Exception):
    """The sheet changed (another tab or a double tap) since the form was shown."""


def title_for(sheet: ScoreSheet) -> str:
    """A short title for lists in the page's language: ``"Ann v Bob"`` (``"Ann gegen
    Bob"``), three names for gin for three."""
    names = sheet.names
    if len(names) == 2:
        return gettext("%(first)s v %(second)s", first=names[0], second=names[1])
    if len(names) == 3:
        return gettext("%(first)s v %(second)s v %(third)s", first=names[0],
                       second=names[1], third=names[2])
    return " · ".join(names)


def load(row: ScoreSheetRow) -> ScoreSheet:
    """The engine sheet stored in ``row`` (parsed once per stored document and cached:
    a sheet of 500 hands takes some 40 ms to parse and check)."""
    return _parse(row.document)


@lru_cache(maxsize=256)
def _parse(document: str) -> ScoreSheet:
    return ScoreSheet.from_json(document)


def list_sheets(db: Session, session_id: str) -> list[tuple[ScoreSheetRow, ScoreSheet]]:
    """This browser's sheets, most recently changed first."""
    rows = db.exec(
        select(ScoreSheetRow)
        .where(ScoreSheetRow.session_id == session_id)
        .order_by(col(ScoreSheetRow.updated_at).desc(), col(ScoreSheetRow.id).desc())
    ).all()
    return [(row, load(row)) for row in rows]


def get_sheet(db: Session, session_id: str, sheet_id: int) -> ScoreSheetRow | None:
    """The sheet ``sheet_id`` if this browser owns it, else ``None``."""
    row = db.get(ScoreSheetRow, sheet_id)
    if row is None or row.session_id != session_id:
        return None
    return row


def get_shared(db: Session, token: str) -> ScoreSheetRow | None:
    """The sheet behind a share token, or ``None``."""
    if not 16 <= len(token) <= 64:
        return None
    return db.exec(select(ScoreSheetRow).where(ScoreSheetRow.share_token == token)).first()


def count_sheets(db: Session, session_id: str) -> int:
    """How many sheets this browser keeps."""
    return len(db.exec(select(ScoreSheetRow.id).where(
        ScoreSheetRow.session_id == session_id)).all())


def create_sheet(db: Session, session_id: str, sheet: ScoreSheet, *,
                 previous_id: int | None = None) -> ScoreSheetRow:
    """Store a new sheet for this browser with a fresh share token (the request commits).

    ``previous_id``: the game this one is a rematch of (unique: one rematch per game).

    Raises:
        SheetError: the browser already keeps :data:`MAX_SHEETS_PER_SESSION` sheets.
        sqlalchemy.exc.IntegrityError: ``previous_id`` already has its rematch (a race;
            the transaction is rolled back).
    """
    if count_sheets(db, session_id) >= MAX_SHEETS_PER_SESSION:
        raise SheetError(N_("this browser keeps at most %(most)s sheets: delete an old one "
                            "first"), most=MAX_SHEETS_PER_SESSION)
    now = utcnow()
    row = ScoreSheetRow(session_id=session_id, share_token=secrets.token_urlsafe(
        SHARE_TOKEN_BYTES), title=title_for(sheet), document=sheet.to_json(),
        created_at=now, updated_at=now, previous_id=previous_id)
    db.add(row)
    try:
        db.flush()
    except IntegrityError:
        db.rollback()
        raise
    return row


def save_sheet(db: Session, row: ScoreSheetRow, sheet: ScoreSheet, expected_version: int,
               *, redo: Sequence[HandEntry] = ()) -> None:
    """Store ``sheet`` in ``row`` if nobody changed it since ``expected_version`` (the
    request commits).

    ``redo`` is the new Redo stack (:func:`redo_stack`); every change but Undo and Redo
    leaves it empty.

    Raises:
        StaleSheetError: the stored version is not ``expected_version``.
    """
    stack = json.dumps([entry.to_dict() for entry in redo]) if redo else None
    result = db.exec(
        update(ScoreSheetRow)
        .where(col(ScoreSheetRow.id) == row.id, col(ScoreSheetRow.version) == expected_version)
        .values(document=sheet.to_json(), title=title_for(sheet), redo=stack,
                version=ScoreSheetRow.version + 1, updated_at=utcnow())
    )
    if result.rowcount == 0:
        db.rollback()
        raise StaleSheetError


def rematch_of(db: Session, row: ScoreSheetRow) -> ScoreSheetRow | None:
    """The rematch of ``row`` (the next game of the evening), if there is one."""
    return db.exec(select(ScoreSheetRow).where(
        ScoreSheetRow.previous_id == row.id)).first()


def evening(db: Session, row: ScoreSheetRow) -> list[ScoreSheetRow]:
    """The games linked to ``row`` by rematches, oldest first (``row`` among them).

    Only this browser's sheets count, and at most :data:`MAX_SHEETS_PER_SESSION`.
    """
    games = [row]
    seen = {row.id}
    while games[0].previous_id is not None and len(games) < MAX_SHEETS_PER_SESSION:
        previous = db.get(ScoreSheetRow, games[0].previous_id)
        if previous is None or previous.session_id != row.session_id or previous.id in seen:
            break
        games.insert(0, previous)
        seen.add(previous.id)
    while len(games) < MAX_SHEETS_PER_SESSION:
        following = rematch_of(db, games[-1])
        if following is None or following.session_id != row.session_id or following.id in seen:
            break
        games.append(following)
        seen.add(following.id)
    return games


def redo_stack(row: ScoreSheetRow) -> list[HandEntry]:
    """The hands Undo took back from ``row``, the next one to redo last (issue 17)."""
    if not row.redo:
        return []
    return [HandEntry.from_dict(data) for data in json.loads(row.redo)]


def delete_sheet(db: Session, row: ScoreSheetRow) -> None:
    """Delete a sheet (its share link stops working; the request commits). Its rematch, if any, is
    linked to the game before it, so the evening stays one chain."""
    following = rematch_of(db, row)
    if following is not None:
        previous_id = row.previous_id
        db.exec(update(ScoreSheetRow).where(col(ScoreSheetRow.id) == row.id)
                .values(previous_id=None))
        db.exec(update(ScoreSheetRow).where(col(ScoreSheetRow.id) == following.id)
                .values(previous_id=previous_id))
    db.exec(delete(ScoreSheetRow).where(col(ScoreSheetRow.id) == row.id))


def unreadable(db: Session, session_id: str) -> list[Finding]:
    """The score sheets of browser ``session_id`` that load but do not parse (their
    document or their Undo stack). An ``app.core.setaside`` check (reads only)."""
    found = []
    for sheet_id in db.exec(select(ScoreSheetRow.id).where(
            ScoreSheetRow.session_id == session_id)).all():
        try:
            row = db.get(ScoreSheetRow, sheet_id)
            if row is not None:
                load(row)
                redo_stack(row)
        except Exception as error:
            found.append(Finding.of(ScoreSheetRow.__tablename__, {"id": sheet_id}, error))
        finally:
            db.rollback()
    return found
