"""Readiness: whether this process can serve pages now (``/readyz``), apart from being
alive (``/healthz``).

Ready means all of:

* the database's schema is at the code's head: ``alembic_version`` holds exactly the
  migration scripts' head(s) (:func:`script_heads`, read once per process). A database
  behind the code (``alembic upgrade head`` not run yet) or ahead of it (a newer version
  migrated it) would fail on the first query that names a new column: pages are refused
  with 503 instead (``app.web.readiness``), the reason :data:`BEHIND` or :data:`AHEAD`;
* the database answers and takes a write (``app.core.db.check_storage``: a write
  transaction rolled back; on SQLite ``BEGIN IMMEDIATE``), its file is the one at its
  path (``app.core.db``), the pool gives a connection.

:class:`SchemaGate` keeps the schema's state for the page gate: checked at start-up, again
every :data:`RECHECK_READY_SECONDS` while at head and every
:data:`RECHECK_REFUSED_SECONDS` while not, and on every ``/readyz``; so running the
migrations is noticed without a restart, and nothing is latched.
"""

from __future__ import annotations

import functools
import logging
import threading
import time

from alembic.script import ScriptDirectory
from sqlalchemy import Engine, text

from app.core.db import alembic_config, check_storage, storage_fault

log = logging.getLogger("app.db")
BEHIND = "schema-behind"
"""The database's schema is older than the code's (or it has none): run the migrations."""
AHEAD = "schema-ahead"
"""The database was migrated by a newer version of the code: run that version."""
RECHECK_READY_SECONDS = 10.0
RECHECK_REFUSED_SECONDS = 1.0


@functools.cache
def script_heads() -> frozenset[str]:
    """The head revision(s) of the migration scripts (``alembic/versions``), read once."""
    return frozenset(ScriptDirectory.from_config(alembic_config("")).get_heads())


@functools.cache
def _known_revisions() -> frozenset[str]:
    script = ScriptDirectory.from_config(alembic_config(""))
    return frozenset(revision.revision for revision in script.walk_revisions())


def _no_table(error: BaseException) -> bool:
    """True when ``error`` says the table does not exist (SQLite's message, PostgreSQL's
    SQLSTATE 42P01), not that the database failed."""
    orig = getattr(error, "orig", None) or error
    if storage_fault(error) is not None:
        return False
    return getattr(orig, "sqlstate", None) == "42P01" or str(orig).startswith("no such table")


def schema_fault(engine: Engine) -> str | None:
    """``None`` when the database's ``alembic_version`` is the scripts' head, else
    :data:`BEHIND` (older, or no schema at all) or :data:`AHEAD` (a revision these
    scripts do not know). Any other error (a storage fault: ``app.core.db.storage_fault``)
    is raised as it is. Reads one small table. Blocks."""
    try:
        with engine.connect() as conn:
            rows = conn.execution_options(sqlite_begin="DEFERRED").execute(
                text("SELECT version_num FROM alembic_version")).all()
    except Exception as error:
        if not _no_table(error):
            raise
        rows = []  # no alembic_version table: nothing was migrated
    versions = frozenset(str(row[0]) for row in rows)
    if versions == script_heads():
        return None
    return BEHIND if versions <= _known_revisions() else AHEAD


class SchemaGate:
    """The schema's state as the page gate sees it (module docstring): ``fault`` is
    ``None`` at head, else :data:`BEHIND` or :data:`AHEAD`."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.fault: str | None = None
        self.checked: float | None = None
        self._lock = threading.Lock()

    def due(self) -> bool:
        """True when the state is older than its re-check interval (or never checked)."""
        if self.checked is None:
            return True
        every = RECHECK_READY_SECONDS if self.fault is None else RECHECK_REFUSED_SECONDS
        return time.monotonic() - self.checked >= every

    def check(self) -> str | None:
        """Read the schema's state now and keep it. A database that cannot be read
        leaves the state as it was (its own fault answers for it). Blocks."""
        with self._lock:
            try:
                fault = schema_fault(self.engine)
            except Exception as error:
                log.warning("schema check: the database cannot be read (%s)",
                            type(error).__name__, exc_info=True)
                return self.fault
            if fault != self.fault:
                if fault is None:
                    log.warning("the database's schema is at head again: serving pages")
                else:
                    log.error("the database's schema is not at head (%s): pages answer "
                              "503 until `alembic upgrade head` is run", fault)
            self.fault, self.checked = fault, time.monotonic()
            return fault

    def forget(self) -> None:
        """Check again on the next request (the database file was replaced)."""
        self.checked = None

    def current(self) -> str | None:
        """The state, checked again first when :meth:`due`. Blocks when it checks."""
        return self.check() if self.due() else self.fault


def readiness(engine: Engine, gate: SchemaGate) -> str | None:
    """``None`` when this process can serve pages, else why not: :data:`BEHIND`,
    :data:`AHEAD`, or a storage fault (``"read-only"``, ``"full"``, ``"failing"``,
    ``"unreachable"``: ``app.core.db.check_storage``). Checks the schema afresh
    (:meth:`SchemaGate.check`: the page gate follows), then the storage. Blocks: call it
    from a thread."""
    return gate.check() or check_storage(engine)
