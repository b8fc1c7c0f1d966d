"""Provably fair deals, as the screens show them (the shuffle itself is
:mod:`app.engine.fairness`).

* :mod:`app.fair.verify` — the ``/fair`` verify page: read its four values, deal.

The play screen's fairness box is :mod:`app.table.fairness` (the screen shows it, and
the kit imports no feature above it). May import :mod:`app.table`, :mod:`app.web`,
:mod:`app.core`, :mod:`app.engine`; no other feature. Imported by the routes.
"""
