"""What the operator sees and does (docs/operating.md): the instance's counts and a purge
of unused histories. Every action is logged (``app.admin``)."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from sqlalchemy import Engine, func
from sqlmodel import Session, col, select

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
