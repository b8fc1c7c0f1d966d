"""Plumbing every feature stands on: no pages, no templates, no game rules of its own.

* :mod:`app.core.config` — the server's settings, read from the environment;
* :mod:`app.core.db` — the database engine, its ``LAZY`` transactions, the effects a
  change queues with ``after_commit`` (run after its commit), the SQLite writer lock, and
  the storage faults (read-only, full) answered 503 and recovered from without a restart;
* :mod:`app.core.models` — the tables (SQLModel; Alembic migrates them);
* :mod:`app.core.setaside` — stored rows that cannot be read, found and set aside for
  the operator (the features add their checks);
* :mod:`app.core.workers` — the process pool for CPU-heavy work (the computer's
  decisions, hints, hand analysis);
* :mod:`app.core.inputs` — bounds for everything parsed from outside (form sizes and
  numbers, JSON);
* :mod:`app.core.collector` — the garbage collector tuned for a busy server;
* :mod:`app.core.i18n` — translations: the player's language, gettext with named
  placeholders, plural forms, numbers in the locale's format;
* :mod:`app.core.logs` — the server's log, as text lines or JSON;
* :mod:`app.core.metrics` — the operator's Prometheus metrics;
* :mod:`app.core.readiness` — whether this process can serve pages now (``/readyz``);
* :mod:`app.core.switches` — the operator's switches and announcement, stored;
* :mod:`app.core.attempts` — failed attempts at a secret, limited per key;
* :mod:`app.core.fairuse` — fair use: the rates and places that keep one browser from
  slowing everyone else; :mod:`app.core.sharedrates` — its counters shared by every
  instance on one PostgreSQL database;
* :mod:`app.core.statcache` — marking a browser's stored statistics out of date;
* :mod:`app.core.botaccounts` — the programs admitted to the bot protocol: their
  accounts, tokens (stored as hashes) and the "bot" mark of a seat (docs/bots.md).

"No web" means no page, route, template nor web framework: nothing here imports FastAPI,
Starlette or Jinja2 (an import contract of ``pyproject.toml`` checks it). What ties a
request to the database is :mod:`app.web.unitofwork`; the form reader is
``app.web.deps.read_form``.

May import: :mod:`app.engine` and libraries (no web framework). Imported by everything
above it.
"""
