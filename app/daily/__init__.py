"""The daily deal (``/daily``, docs/daily.md): each UTC day one hand, the same cards for
everyone on the instance, against Expert, scored against the *par* — what Expert scores
from your seat on the same deal.

* :mod:`app.daily.deal` — the day's client seed, the par's play-out, the streak and the
  distribution (pure: the engine only);
* :mod:`app.daily.days` — the days' seeds (drawn a day ahead by the server, revealed the
  day after) and pars (computed once, in the background);
* :mod:`app.daily.plays` — each browser's plays: taps, practice, the streak, the day's
  results;
* :mod:`app.daily.page` — the page: the kit's table (:mod:`app.table`) and the daily panel.

May import :mod:`app.table`, :mod:`app.web`, :mod:`app.core`, :mod:`app.engine`; no other
feature. Imported by the routes (``daily``, and ``fair`` for the revealed seeds).
"""
