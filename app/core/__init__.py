"""Plumbing every feature stands on: no web, no templates, no game rules of its own.

* :mod:`app.core.config` — the server's settings, read from the environment;
* :mod:`app.core.db` — the database engine, the request's unit of work (one commit, then
  the effects queued with ``after_commit``), the SQLite writer lock, and the storage
  faults (read-only, full) answered 503 and recovered from without a restart;
* :mod:`app.core.models` — the tables (SQLModel; Alembic migrates them);
* :mod:`app.core.setaside` — stored rows that cannot be read, found and set aside for
  the operator (the features add their checks);
* :mod:`app.core.workers` — the process pool for CPU-heavy work (the computer's
  decisions, hints, hand analysis);
* :mod:`app.core.inputs` — bounds for everything parsed from outside (forms, JSON);
* :mod:`app.core.collector` — the garbage collector tuned for a busy server.

May import: :mod:`app.engine` and libraries. Imported by everything above it.
"""
