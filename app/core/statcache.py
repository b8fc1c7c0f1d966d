"""Marking a browser's stored statistics out of date (``browser_stats``, built by
``app.review.stats``).

Every change that moves a browser's figures bumps its row's ``generation`` in the
same transaction as the change: a hand that ends (``app.table.storage``, both players
of a friend match), an old match split into hands, an analysis that lands
(``app.review.analysis``), a friend's browser forgotten (``app.devices.access``), rows
set aside (``app.core.setaside``). The next view of ``/stats`` sees ``built`` behind
``generation`` and rebuilds. A bump is an upsert, so a view building the row at the
same moment cannot store figures older than the change (it stores ``built`` = the
generation it read, which the bump has left behind). What no bump reaches (a friend's
history purged for age) is caught by the age limit in ``app.review.stats``.
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import literal, or_
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import Session, col, select

from app.core.models import BrowserSession, BrowserStats, PlayMatch, utcnow


def bump(db: Session, session_ids: Iterable[str | None]) -> None:
    """Mark the statistics of these browsers (``None`` ignored) out of date, in ``db``'s
    transaction, in one statement: ``INSERT … SELECT`` from ``browser_session`` (a
    browser whose session row is gone is skipped) ``ON CONFLICT DO UPDATE generation =
    generation + 1``."""
    ids = sorted({sid for sid in session_ids if sid})
    if not ids:
        return
    dialect = db.get_bind().dialect.name
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    table = BrowserStats.__table__  # type: ignore[attr-defined]
    present = select(col(BrowserSession.id), literal(1), literal(-1),
                     literal(utcnow(), type_=table.c.built_at.type)) \
        .where(col(BrowserSession.id).in_(ids))
    statement = insert(BrowserStats).from_select(
        ["session_id", "generation", "built", "built_at"], present)
    db.exec(statement.on_conflict_do_update(
        index_elements=["session_id"],
        set_={"generation": table.c.generation + 1}))


def bump_players(db: Session, match_id: int | None) -> None:
    """:func:`bump` both players of match ``match_id`` (against the computer, its one)."""
    if match_id is None:
        return
    row = db.exec(select(PlayMatch.session_id, PlayMatch.guest_session_id)
                  .where(col(PlayMatch.id) == match_id)).first()
    if row is not None:
        bump(db, row)


def bump_friends(db: Session, session_id: str) -> None:
    """:func:`bump` the other players of this browser's friend matches (before it is
    forgotten or its rows set aside: their figures lose a match or a rating)."""
    rows = db.exec(select(PlayMatch.session_id, PlayMatch.guest_session_id)
                   .where(col(PlayMatch.friend),
                          or_(col(PlayMatch.session_id) == session_id,
                              col(PlayMatch.guest_session_id) == session_id))).all()
    bump(db, [sid for row in rows for sid in row if sid != session_id])
