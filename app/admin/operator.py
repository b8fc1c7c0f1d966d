"""What the operator sees and does (docs/operating.md): the instance's counts, a purge of
unused histories, a whole-instance export. Every action is logged (``app.admin``)."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Engine, func
from sqlalchemy import select as table_select
from sqlmodel import Session, SQLModel, col, select

from app.core.models import BrowserSession, HandReview, PlayHand, PlayMatch, ScoreSheetRow, utcnow
from app.web.sessions import purge_expired_sessions

log = logging.getLogger("app.admin")

MAX_PURGE_DAYS = 3650


@dataclass(frozen=True, slots=True)
class Counts:
    """The instance at a glance: histories (all, and seen in the last day), matches (all,
    in progress, friend matches in progress, open invites), finished hands, score sheets
    and hands waiting for their analysis."""

    sessions: int
    sessions_today: int
    matches: int
    in_progress: int
    friend_in_progress: int
    open_invites: int
    hands: int
    sheets: int
    analysis_backlog: int


def counts(db: Session) -> Counts:
    """The instance's counts now (a handful of ``COUNT`` queries)."""
    def count(query: Any) -> int:
        return int(db.exec(query).one())
    day = utcnow() - timedelta(days=1)
    return Counts(
        count(select(func.count()).select_from(BrowserSession)),
        count(select(func.count()).select_from(BrowserSession)
              .where(col(BrowserSession.last_seen) >= day)),
        count(select(func.count()).select_from(PlayMatch)),
        count(select(func.count()).select_from(PlayMatch).where(col(PlayMatch.over).is_(False))),
        count(select(func.count()).select_from(PlayMatch)
              .where(col(PlayMatch.over).is_(False), col(PlayMatch.friend))),
        count(select(func.count()).select_from(PlayMatch)
              .where(col(PlayMatch.invite_status) == "open")),
        count(select(func.count()).select_from(PlayHand).where(col(PlayHand.finished))),
        count(select(func.count()).select_from(ScoreSheetRow)),
        count(select(func.count()).select_from(HandReview)
              .where(col(HandReview.status) == "analysing")),
    )


def purge(engine: Engine, days: int) -> int:
    """Delete every history unused for ``days`` days (1 … :data:`MAX_PURGE_DAYS`) with
    everything in it; how many. Raises ``ValueError`` outside that range."""
    if not 1 <= days <= MAX_PURGE_DAYS:
        raise ValueError(f"Give a number of days from 1 to {MAX_PURGE_DAYS}.")
    deleted = purge_expired_sessions(engine, days)
    log.info("admin: purged %d histories unused for %d days", deleted, days)
    return deleted


def _plain(value: Any) -> Any:
    return value.isoformat() if isinstance(value, datetime) else value


NOT_EXPORTED = frozenset({"operator_session"})
"""Tables the whole-instance export leaves out: the operators' sessions (a restored
instance signs its operator in afresh)."""


def export_lines(engine: Engine) -> Iterator[str]:
    """The whole instance as JSON lines, table by table in the order of their foreign
    keys: first ``{"export": ..., "tables": [...]}``, then one ``{"table": name, "row":
    {...}}`` per row (PostgreSQL and SQLite alike: plain ``SELECT``s, read in one
    transaction so that the lines agree with each other)."""
    tables = [t for t in SQLModel.metadata.sorted_tables if t.name not in NOT_EXPORTED]
    log.info("admin: whole-instance export started")
    yield json.dumps({"export": "gin-rummy", "at": utcnow().isoformat(),
                      "tables": [t.name for t in tables]}) + "\n"
    with engine.connect() as conn:
        for table in tables:
            order = list(table.primary_key.columns)
            for record in conn.execute(table_select(table).order_by(*order)):
                row = {k: _plain(v) for k, v in record._mapping.items()}
                yield json.dumps({"table": table.name, "row": row}, ensure_ascii=False,
                                 default=str) + "\n"
