"""*Download my data*: everything the server holds about one browser's history, as
JSON-ready rows by table (docs/privacy.md).

The rows are found by following the database's foreign keys, so a table added later is
included without a change here: a table that belongs to a browser (a foreign key to
``browser_session``) gives this browser's rows only; any other table gives the rows that
belong to a row already found (a match's hands and reviews, a friend match's hands
included). What the browser may not see yet is left out (:data:`HIDDEN`): the seeds that
would tell the cards of a hand not finished.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from sqlalchemy import Table, select
from sqlmodel import Session, SQLModel

SESSION_TABLE = "browser_session"

HIDDEN: dict[tuple[str, str], Callable[[dict[str, Any]], bool]] = {
    ("play_match", "next_server_seed"): lambda row: True,
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


def _value(value: Any) -> Any:
    return value.isoformat() if isinstance(value, datetime) else value


def browser_data(db: Session, session_id: str) -> dict[str, list[dict[str, Any]]]:
    """Every row of this browser's history by table name (tables with none left out),
    each row as ``{column: value}`` with times in ISO 8601 and the hidden values
    (:data:`HIDDEN`) set to ``None``."""
    found: dict[str, list[dict[str, Any]]] = {}
    for table in SQLModel.metadata.sorted_tables:
        rows = _rows(db, table, session_id, found)
        if rows:
            found[table.name] = [
                {name: None if (table.name, name) in HIDDEN
                 and HIDDEN[(table.name, name)](row) else _value(value)
                 for name, value in row.items()} for row in rows]
    return found


def _rows(db: Session, table: Table, session_id: str,
          found: dict[str, list[dict[str, Any]]]) -> list[dict[str, Any]]:
    if table.name == SESSION_TABLE:
        query = select(table).where(table.c.id == session_id)
        return [dict(r._mapping) for r in db.exec(query)]  # type: ignore[call-overload]
    owned = [fk for fk in table.foreign_keys if fk.column.table.name == SESSION_TABLE]
    links = owned or [fk for fk in table.foreign_keys
                      if fk.column.table.name in found and fk.column.table is not table]
    rows: dict[tuple[Any, ...], dict[str, Any]] = {}
    for fk in links:
        values = {row[fk.column.name] for row in found.get(fk.column.table.name, [])}
        if fk.column.table.name == SESSION_TABLE:
            values = {session_id}
        values.discard(None)
        if not values:
            continue
        query = select(table).where(fk.parent.in_(values))
        for record in db.exec(query):  # type: ignore[call-overload]
            row = dict(record._mapping)
            rows[tuple(row[c.name] for c in table.primary_key.columns)] = row
    return list(rows.values())
