"""The operator's page (``/admin``, docs/operating.md): the instance's counts, the
switches and the announcement (:mod:`app.core.switches`), a purge of unused histories
and a whole-instance export.

* :mod:`app.admin.operator` — counts, purge, export (the database);
* :mod:`app.admin.signin` — the operator's token and the signed-in cookie.

May import :mod:`app.web`, :mod:`app.core`; no other feature. Imported by the routes.
"""
