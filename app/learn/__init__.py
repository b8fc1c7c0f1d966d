"""*Learn by playing*: a first hand that teaches (issue 26).

Owns the lesson: one fixed deal played on the real engine against a scripted computer,
a short sentence at each step (melds, sets and runs; draw or take; which card to throw;
when you may knock; gin; the undercut; the layoff), the one move each step accepts, the
lesson's place per browser (``learn_lesson``), and the home page's offer of it.

* :mod:`app.learn.script` — the deal, the steps and the computer's replies (engine only);
* :mod:`app.learn.lesson` — load, tap, start again, the offer, and the table, built with
  the kit's screen (:func:`app.table.screen`) so the lesson looks like play; its taps
  are the kit's one tap (:func:`app.table.tap.tap`) with the lesson's storage.

It never reads or writes the browser's match against the computer, and nothing of it
counts in the history or the statistics. May import :mod:`app.table`, :mod:`app.web`,
:mod:`app.core`, :mod:`app.engine` (``pyproject.toml``'s import contracts check it).
"""
