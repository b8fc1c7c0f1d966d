"""Storage and replay of a browser's match (issue 3, SPEC §7).

**load** a browser's ``PlayMatch`` row and rebuild its :class:`MatchState` by replaying
rules + seed + action log (``app.engine.match.replay``). Replays are cached per process
under the row's ``version``, so a tap normally replays nothing; a new process (restart,
another worker) replays once and carries on.

Rows are written with an ``UPDATE ... WHERE version = :read`` so two processes can
never both apply a tap to the same version (SQLite also serialises writers with
``BEGIN IMMEDIATE``).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import update
from sqlalchemy.orm.attributes import set_committed_value
from sqlmodel import Session

from app.engine import MatchState, Rules, replay
from app.models import PlayMatch, utcnow
from app.play.common import STALE, Loaded, StaleTapError

_CACHE_SIZE = 512
_cache: OrderedDict[str, tuple[int, int, MatchState]] = OrderedDict()
_cache_lock = threading.Lock()

def _log_pairs(log: Sequence[Sequence[Any]]) -> list[tuple[int, str]]:
    return [(int(player), str(text)) for player, text in log]


def rebuild(row: PlayMatch) -> MatchState:
    """The match state of ``row``: from this process's cache when the version matches,
    else by replaying the stored rules, seed and log (then cached).

    Raises:
        GameError: the stored log does not replay (a corrupted row).
    """
    with _cache_lock:
        hit = _cache.get(row.session_id)
        if hit is not None and hit[0] == row.version and hit[1] == len(row.log):
            _cache.move_to_end(row.session_id)
            return hit[2]
    match = replay(Rules.from_dict(row.rules), row.seed, _log_pairs(row.log), row.first_dealer)
    remember(row.session_id, row.version, match)
    return match


def remember(session_id: str, version: int, match: MatchState) -> None:
    """Cache ``match`` as the state of ``session_id`` at ``version`` (this process only)."""
    with _cache_lock:
        _cache[session_id] = (version, len(match.log), match)
        _cache.move_to_end(session_id)
        while len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)


def forget_cache() -> None:
    """Empty this process's replay cache (tests and benchmarks use it to force replays)."""
    with _cache_lock:
        _cache.clear()


def load(db: Session, session_id: str) -> Loaded | None:
    """The browser's match, or ``None`` when it has not started one."""
    row = db.get(PlayMatch, session_id)
    if row is None:
        return None
    return Loaded(row, rebuild(row))


def store(db: Session, row: PlayMatch, match: MatchState, **changes: Any) -> PlayMatch:
    """Write ``match``'s log (and ``changes``, other columns) if the row is still at
    ``row.version``; the row object then shows the stored values.

    Raises:
        StaleTapError: the row moved on since it was read (nothing written).
    """
    values: dict[str, Any] = {
        "log": [[player, text] for player, text in match.log],
        "version": row.version + 1,
        "updated_at": utcnow(),
        **changes,
    }
    result = db.exec(
        update(PlayMatch)
        .where(PlayMatch.session_id == row.session_id)  # type: ignore[arg-type]
        .where(PlayMatch.version == row.version)  # type: ignore[arg-type]
        .values(**values)
        .execution_options(synchronize_session=False)
    )
    if result.rowcount != 1:
        db.rollback()
        raise StaleTapError(STALE)
    db.commit()
    _mirror(row, values)
    remember(row.session_id, row.version, match)
    return row


def _mirror(row: PlayMatch, values: Mapping[str, Any]) -> None:
    """Show the values just written on the loaded row (as stored, not as pending changes)."""
    for key, value in values.items():
        set_committed_value(row, key, value)


def save_screen(db: Session, row: PlayMatch, match: MatchState, **values: Any) -> Loaded:
    """Store screen choices (``selected``, ``sort``) that never touch the game: no
    version check, no new version."""
    db.exec(
        update(PlayMatch).where(PlayMatch.session_id == row.session_id)  # type: ignore[arg-type]
        .values(**values)
        .execution_options(synchronize_session=False)
    )
    db.commit()
    _mirror(row, values)
    return Loaded(row, match)
