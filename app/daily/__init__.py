"""The daily deal (``/daily``, docs/daily.md): each UTC day one hand, the same cards for
everyone on the instance, against Expert, scored against the *par* — what Expert scores
from your seat on the same deal.

* :mod:`app.daily.deal` — the day's seeds, the par's play-out, the streak and the
  distribution (pure: the engine only);
* :mod:`app.daily.storage` — the days' seeds and pars, each browser's plays.

May import :mod:`app.play`, :mod:`app.web`, :mod:`app.core`, :mod:`app.engine`; no other
feature. Imported by the routes.
"""
