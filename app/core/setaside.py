"""Stored rows that cannot be read: found, set aside for the operator, logged; their
owner starts afresh instead of meeting an error on every page.

A row corrupted on disk or by hand — JSON cut short, a time that is not a time, a match
log that no longer replays, a score sheet that no longer parses — would give its owner
500 on every page that reads it, ``/play`` and ``/play/new`` included. When a request of a
browser fails unexpectedly, ``app.web.errors`` asks :func:`find` which of that browser's
rows cannot be read:

* every row of every table that belongs to a browser (a ``session_id`` or
  ``guest_session_id`` column, and the ``browser_session`` row itself) is loaded on its
  own through the ORM and validated against its model's declared types (SQLite stores
  text in an integer column), so one that does not decode, or holds a value of the
  wrong type, is named: a new table is covered as soon as it has an owner column;
* the checks the features register with :func:`register` look deeper (a match
  replays, a score sheet parses, a review's ratings read), since a row can decode and
  still not make sense.

:func:`set_aside` then copies each row found, as stored and with the rows that go with
it (a match's hands, its seats), into ``set_aside_row`` (``app.core.models.SetAsideRow``)
and deletes it; the browser's session row is repaired instead (its times reset), since
deleting it would take everything else of the browser with it. Each is logged (table,
key, reason) at WARNING. Nothing here runs on a request that works.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, Table, insert, or_, select, text, update
from sqlmodel import Session, SQLModel

from app.core import statcache
from app.core.models import BrowserSession, SetAsideRow, utcnow

log = logging.getLogger("app.setaside")
OWNER_COLUMNS = ("session_id", "guest_session_id")
"""Columns naming the browser a row belongs to."""


@dataclass(frozen=True)
class Finding:
    """A stored row that cannot be read: its table, its primary key (column → value)
    and what failed (a short sentence; no stored values)."""

    table: str
    key: tuple[tuple[str, Any], ...]
    reason: str

    @classmethod
    def of(cls, table: str, key: dict[str, Any], error: BaseException | str) -> Finding:
        """A finding for the row of ``table`` keyed ``key``, failed with ``error``."""
        reason = error if isinstance(error, str) else f"{type(error).__name__}: {error}"
        return cls(table, tuple(sorted(key.items())), reason[:500])


Check = Callable[[Session, str], Iterable[Finding]]
"""A feature's deeper check: ``(db, session id) -> the rows of that browser that load but
cannot be used``. It reads only; an exception out of it is logged and ignored."""
_checks: list[Check] = []


def register(*checks: Check) -> None:
    """Add the features' checks (``app.main.create_app`` passes them in; core imports no
    feature). Registering a check twice runs it once."""
    for check in checks:
        if check not in _checks:
            _checks.append(check)


def _mapped() -> dict[str, type[Any]]:
    registry = SQLModel._sa_registry  # noqa: SLF001 - SQLModel's own mapper registry
    return {mapper.local_table.name: mapper.class_ for mapper in registry.mappers
            if isinstance(mapper.local_table, Table)}


def _table(name: str) -> Table:
    return SQLModel.metadata.tables[name]


def _owned(table: Table, session_id: str) -> Any:
    if table.name == BrowserSession.__tablename__:
        return table.c.id == session_id
    columns = [table.c[name] for name in OWNER_COLUMNS if name in table.c]
    return or_(*(column == session_id for column in columns)) if columns else None


def _readable_rows(db: Session, session_id: str) -> list[Finding]:
    """Every row of the browser's own tables that fails to load through the ORM."""
    found = []
    mapped = _mapped()
    for table in SQLModel.metadata.sorted_tables:
        owned = _owned(table, session_id)
        if owned is None or table.name not in mapped or table.name == SetAsideRow.__tablename__:
            continue
        keys = list(table.primary_key.columns)
        for values in db.execute(select(*keys).where(owned)).all():
            key = {column.name: value for column, value in zip(keys, values, strict=True)}
            try:
                model = mapped[table.name]
                row = db.get(model, tuple(values) if len(values) > 1 else values[0])
                if row is not None:  # each value of the type its field declares
                    model.model_validate({name: getattr(row, name)
                                          for name in model.model_fields})
            except Exception as error:
                found.append(Finding.of(table.name, key, error))
            finally:
                db.rollback()
                db.expunge_all()
    return found


def find(engine: Engine, session_id: str) -> list[Finding]:
    """The rows of browser ``session_id`` that cannot be read (module docstring), each
    once. Reads only, in deferred transactions. Blocks: call it from a thread."""
    found: list[Finding] = []
    with engine.connect() as conn:
        reader = conn.execution_options(sqlite_begin="DEFERRED")
        with Session(bind=reader) as db:
            found.extend(_readable_rows(db, session_id))
            for check in list(_checks):
                try:
                    found.extend(check(db, session_id))
                except Exception:  # a broken check must not hide the other findings
                    log.exception("a stored-row check failed")
                finally:
                    db.rollback()
                    db.expunge_all()
    unique: dict[tuple[str, tuple[tuple[str, Any], ...]], Finding] = {}
    for finding in found:
        unique.setdefault((finding.table, finding.key), finding)
    return list(unique.values())


def _raw(conn: Any, table: Table, where: dict[str, Any]) -> list[dict[str, Any]]:
    """The stored values of ``table``'s rows matching ``where``, undecoded (plain SQL:
    no JSON or time parsing, so a corrupted value comes back as it is). Names are quoted
    by the dialect: a column may be a reserved word (``drill_card.index``)."""
    quote = conn.dialect.identifier_preparer.quote
    condition = " AND ".join(f"{quote(name)} = :p{n}" for n, name in enumerate(where))
    values = {f"p{n}": value for n, value in enumerate(where.values())}
    rows = conn.execute(text(f"SELECT * FROM {quote(table.name)} WHERE {condition}"), values)
    return [dict(row._mapping) for row in rows]  # noqa: SLF001 - SQLAlchemy's row API


def _dependents(table: Table) -> list[tuple[Table, str, str]]:
    """``(child table, its column, the parent's column)`` for each foreign key to
    ``table`` that cascades on delete: what goes when a row of ``table`` goes."""
    out = []
    for child in SQLModel.metadata.sorted_tables:
        for fk in child.foreign_keys:
            if fk.column.table is table and (fk.ondelete or "").upper() == "CASCADE":
                out.append((child, fk.parent.name, fk.column.name))
    return out


def set_aside(engine: Engine, session_id: str, findings: Iterable[Finding]) -> int:
    """Copy each row found into ``set_aside_row`` (with the rows that cascade from it)
    and delete it — the browser's own session row is repaired instead (its times set to
    now) — in one transaction; log each. The number of rows set aside. Blocks."""
    count = 0
    findings = list(findings)
    with engine.begin() as conn:
        if findings:  # this browser's statistics and its friends' lose rows
            with Session(bind=conn) as db:
                statcache.bump_friends(db, session_id)
                statcache.bump(db, [session_id])
        for finding in findings:
            table = _table(finding.table)
            key = dict(finding.key)
            rows = _raw(conn, table, key)
            if not rows:
                continue  # gone meanwhile (the other seat of a friend match set it aside)
            data: dict[str, Any] = {"row": rows[0], "with": {}}
            for child, column, parent_column in _dependents(table):
                if child.name == SetAsideRow.__tablename__:
                    continue
                kept = _raw(conn, child, {column: rows[0][parent_column]})
                if kept:
                    data["with"].setdefault(child.name, []).extend(kept)
            conn.execute(insert(_table(SetAsideRow.__tablename__)).values(
                table_name=table.name, row_key=json.dumps(key, default=str)[:200],
                session_id=session_id, reason=finding.reason,
                data=json.dumps(data, default=str), created_at=utcnow()))
            if table.name == BrowserSession.__tablename__:
                now = utcnow()
                conn.execute(update(table).where(table.c.id == key["id"])
                             .values(created_at=now, last_seen=now))
            else:
                condition = [table.c[name] == value for name, value in key.items()]
                conn.execute(table.delete().where(*condition))
            log.warning("set aside an unreadable %s row %s of a browser: %s", table.name,
                        json.dumps(key, default=str), finding.reason)
            count += 1
    return count
