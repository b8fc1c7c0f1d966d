"""Provably fair deals, as the screens show them (the shuffle itself is
:mod:`app.engine.fairness`).

* :mod:`app.fair.verify` — the ``/fair`` verify page: read its four values, deal;
* :mod:`app.fair.box` — the play screen's fairness box (commitment, seeds revealed).

May import :mod:`app.play` (the seats), :mod:`app.core`, :mod:`app.engine`.
"""
