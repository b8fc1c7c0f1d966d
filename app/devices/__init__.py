"""Your history on any device, without an account (docs/devices.md).

* :mod:`app.devices.codes` — the codes themselves: making, showing, reading back what a
  person typed, hashing (pure);
* :mod:`app.devices.access` — issuing a device code or the recovery code, redeeming one,
  forgetting a browser (the database);
* :mod:`app.devices.data` — everything of a history, for *Download my data*.

Failed codes are limited per browser and per client address by
:class:`app.core.attempts.Attempts`.

Opening a history on another browser *joins* that browser to it: both browsers then hold
the same ``gin_session`` and share the history, statistics, rating, settings and the
match in progress; the joining browser keeps its own former history for an *undo*.

May import :mod:`app.table`, :mod:`app.web`, :mod:`app.core`, :mod:`app.engine`; no other
feature. Imported by the routes.
"""
