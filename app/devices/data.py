"""*Download my data*: everything the server holds about one browser's history, as
JSON-ready rows by table (docs/privacy.md).

The rows are found by following the database's foreign keys, so a table added later is
included without a change here: a table that belongs to a browser (a foreign key to
``browser_session``) gives this browser's rows only; any other table gives the rows that
belong to a row already found (a match's hands, a friend match's hands included, and
this player's own reviews: :data:`SEAT_ROWS`). What the browser may not see yet is left
out (:data:`HIDDEN`): the seeds that would tell the cards of a hand not finished.

Nobody's session id leaves in it, the owner's neither: every column that names a browser
(:data:`BROWSER_COLUMNS`) says :data:`YOU` for the owner and the other player's *name*
(or ``None``) for anyone else; a browser column not listed there is left out, and the
tables of credentials are not exported at all (:data:`NOT_EXPORTED`), nor a
credential's column in another table (:data:`LEFT_OUT`).
``tests/web/devices/test_my_data.py`` checks that every browser column of the models is
listed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import datetime
from typing import Any

from sqlalchemy import Table, select
from sqlmodel import Session, SQLModel

SESSION_TABLE = "browser_session"
BATCH = 200
"""Rows read at a time (``yield_per``)."""

HIDDEN: dict[tuple[str, str], Callable[[dict[str, Any]], bool]] = {
    ("play_match", "next_server_seed"): lambda row: True,
    # a duplicate event's boards: other tables may still be dealt them, even when this
    # match is over (the event's page shows each round's seeds once the round is done)
    ("play_match", "board_seeds"): lambda row: True,
    ("event_board", "server_seed"): lambda row: True,  # the event's, shown on its page
    ("play_match", "legacy_seed"): lambda row: not row.get("over"),
    ("play_match", "hand_seeds"): lambda row: not row.get("over"),
    ("play_match", "guest_client_seed"): lambda row: not row.get("over"),
    ("play_hand", "server_seed"): lambda row: not row.get("finished"),
    ("daily_deal", "server_seed"): lambda row: True,  # the instance's, never a browser's
}
"""(table, column) → whether to leave the value out of a row: the next hand's server
seed always, a hand's server seed (and an old match's single seed) until it is over, a
friend match's client seeds of the players until the match is over (the fairness box
shows them hand by hand; docs/fairness.md). ``tests/web/devices/test_my_data.py``
checks that every column holding a seed is either here or public (a client seed, a
commitment)."""

SEALED_ROWS = {"play_hand": {"server_seed", "log"}, "hand_review": {"ratings"}}
"""Table → columns left out (``None``) of every row of a duplicate event's table whose
boards the event has not revealed yet (``app.table.storage.sealed``): a finished hand's
seed and moves, from which its deal could be told while another table may still be
playing the same cards."""
SEALED_KEY = "(sealed)"
"""Where :func:`browser_tables` keeps the ids of such matches among its keys."""

LEFT_OUT = {("hand_share", "token_hash"), ("watch_link", "token_hash")}
"""(table, column) never in the download: a shared hand's link and a friend match's watch
link (the hash of its token, a credential). The row still says which hand was shared
or which match could be watched, when, and whether it was stopped."""


YOU = "you"
"""What a column naming a browser says for the owner of the data."""

BROWSER_COLUMNS: dict[tuple[str, str], int | None] = {
    ("browser_session", "id"): None,
    ("access_code", "session_id"): None,
    ("play_seat", "session_id"): None,
    ("play_match", "session_id"): 0,
    ("play_match", "guest_session_id"): 1,
    ("practice_hand", "session_id"): None,
    ("learn_lesson", "session_id"): None,
    ("daily_play", "session_id"): None,
    ("score_sheet", "session_id"): None,
    ("display_prefs", "session_id"): None,
    ("browser_stats", "session_id"): None,
    ("hand_share", "session_id"): None,
    ("event_host", "session_id"): None,
    ("event_player", "session_id"): None,
    ("season_host", "session_id"): None,
    ("drill_card", "session_id"): None,
    ("drill_day", "session_id"): None,
    ("puzzle_answer", "session_id"): None,
    ("puzzle_rating", "session_id"): None,
}
"""(table, column) of every column that names a browser → the seat whose name (in the
row's ``names``) stands for another browser (``None``: nobody's name, the value is
``None``). The owner's own id becomes :data:`YOU`."""

NOT_EXPORTED = {
    "browser_token": "every device's credential (a hash of its cookie)",
    "bot_account": "a bot's credential (a hash of its token), the operator's to manage",
    "set_aside_row": "the operator's copies of unreadable rows (app.core.setaside)",
}
"""Tables never in the download, with why."""

SEAT_ROWS = {"hand_review"}
"""Tables of a match's rows per seat (``seat``): only the owner's seat is exported (the
friend's reviews are theirs)."""


def is_browser_column(table: Table, name: str) -> bool:
    """True when column ``name`` of ``table`` names a browser: a foreign key to
    ``browser_session``, a column named ``*session_id``, or the session's own id."""
    column = table.c[name]
    return (table.name == SESSION_TABLE and column.primary_key) or name.endswith(
        "session_id") or any(fk.column.table.name == SESSION_TABLE
                             for fk in column.foreign_keys)


def _browser_value(table: str, name: str, row: dict[str, Any], session_id: str) -> Any:
    value = row[name]
    if value is None:
        return None
    if value == session_id:
        return YOU
    seat = BROWSER_COLUMNS[(table, name)]
    names = row.get("names")
    if seat is None or not isinstance(names, list) or len(names) <= seat:
        return None
    return names[seat]


def _exported(table: Table, row: dict[str, Any], session_id: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, value in row.items():
        if (table.name, name) in LEFT_OUT:
            continue
        if is_browser_column(table, name):
            if (table.name, name) in BROWSER_COLUMNS:  # unlisted: left out
                out[name] = _browser_value(table.name, name, row, session_id)
        elif (table.name, name) in HIDDEN and HIDDEN[(table.name, name)](row):
            out[name] = None
        else:
            out[name] = _value(value)
    return out


def _value(value: Any) -> Any:
    return value.isoformat() if isinstance(value, datetime) else value


def browser_data(db: Session, session_id: str) -> dict[str, list[dict[str, Any]]]:
    """Every row of this browser's history by table name (tables with none left out),
    each row as ``{column: value}`` with times in ISO 8601, the hidden values
    (:data:`HIDDEN`) set to ``None`` and browsers named as :data:`BROWSER_COLUMNS` says
    (never by their ids): :func:`browser_tables` held in memory."""
    found = {name: list(rows) for name, rows in browser_tables(db, session_id)}
    return {name: rows for name, rows in found.items() if rows}


def browser_tables(db: Session, session_id: str
                   ) -> Iterator[tuple[str, Iterator[dict[str, Any]]]]:
    """:func:`browser_data` table by table (but :data:`NOT_EXPORTED`), each table's rows
    read in batches of :data:`BATCH` as they are consumed (a table may yield none): what
    *Download my data* streams. Consume each table's rows before asking for the next
    table (its rows are found from the keys of those before); only those keys, and the
    owner's seat in each match (for :data:`SEAT_ROWS`), are kept."""
    keys: dict[str, dict[str, set[Any]]] = {}
    seats: dict[Any, int] = {}
    referenced: dict[str, set[str]] = {}
    for table in SQLModel.metadata.sorted_tables:
        for fk in table.foreign_keys:
            referenced.setdefault(fk.column.table.name, set()).add(fk.column.name)
    for table in SQLModel.metadata.sorted_tables:
        if table.name in NOT_EXPORTED:
            continue
        yield table.name, _shown(table, _rows(db, table, session_id, keys),
                                 referenced.get(table.name, set()), keys, seats, session_id)


def _shown(table: Table, rows: Iterator[dict[str, Any]], referenced: set[str],
           keys: dict[str, dict[str, set[Any]]], seats: dict[Any, int],
           session_id: str) -> Iterator[dict[str, Any]]:
    """``rows`` as exported (:func:`_exported`; of :data:`SEAT_ROWS`, the owner's seat
    only), noting the values of ``referenced`` columns in ``keys`` and the owner's seat of
    each match in ``seats``."""
    sealed = keys.setdefault(SEALED_KEY, {SEALED_KEY: set()})[SEALED_KEY]
    for row in rows:
        if table.name in SEAT_ROWS and seats.get(row["match_id"]) != row["seat"]:
            continue
        if table.name == "play_match":
            seats[row["id"]] = 0 if row["session_id"] == session_id else 1
            if row.get("board_seeds") and row.get("boards_revealed_at") is None:
                sealed.add(row["id"])
        held = keys.setdefault(table.name, {name: set() for name in referenced})
        for name in referenced:
            held[name].add(row[name])
        out = _exported(table, row, session_id)
        if table.name in SEALED_ROWS and row.get("match_id") in sealed:
            out.update(dict.fromkeys(SEALED_ROWS[table.name] & out.keys()))
        yield out


def _rows(db: Session, table: Table, session_id: str,
          found: dict[str, dict[str, set[Any]]]) -> Iterator[dict[str, Any]]:
    if table.name == SESSION_TABLE:
        query = select(table).where(table.c.id == session_id)
        yield from (dict(r._mapping) for r in db.exec(query))  # type: ignore[call-overload]
        return
    owned = [fk for fk in table.foreign_keys if fk.column.table.name == SESSION_TABLE]
    links = owned or [fk for fk in table.foreign_keys
                      if fk.column.table.name in found and fk.column.table is not table]
    seen: set[tuple[Any, ...]] = set()
    for fk in links:
        values = set(found.get(fk.column.table.name, {}).get(fk.column.name, set()))
        if fk.column.table.name == SESSION_TABLE:
            values = {session_id}
        values.discard(None)
        if not values:
            continue
        query = select(table).where(fk.parent.in_(values)).execution_options(yield_per=BATCH)
        for record in db.exec(query):  # type: ignore[call-overload]
            row = dict(record._mapping)
            if len(links) > 1:  # a row found through two links is listed once, first
                key = tuple(row[c.name] for c in table.primary_key.columns)
                if key in seen:
                    continue
                seen.add(key)
            yield row
