"""The operator's page (``/admin``, docs/operating.md): the instance's counts, the
switches and the announcement (:mod:`app.core.switches`) and a purge of unused
histories (backups: :mod:`app.backup`).

* :mod:`app.admin.operator` — counts and purge (the database);
* :mod:`app.admin.signin` — the operator's token and the signed-in cookie.

May import :mod:`app.table`, :mod:`app.web`, :mod:`app.core`, :mod:`app.engine`; no
other feature. Imported by the routes.
"""
