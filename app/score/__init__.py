"""Score: the scorekeeper for games played with real cards.

* :mod:`app.score.sheet` — the score sheet itself, pure (no I/O): entries, options,
  the tally with boxes, bonuses, shutouts, Oklahoma, Hollywood and gin for three;
* :mod:`app.score.calculator` — deadwood counted from the cards (pure);
* :mod:`app.score.evening` — rematches and the tally across linked games (pure);
* :mod:`app.score.forms` — the Score pages' forms: parsing, the values they show, the
  import, the deadwood calculator's cards;
* :mod:`app.score.storage` — a browser's sheets in the database;
* :mod:`app.score.views` — what the templates show about a computed sheet;
* :mod:`app.score.keeper` — the three above under one name, for the route and the
  templates (``sk``).

May import :mod:`app.table`, :mod:`app.web`, :mod:`app.core`, :mod:`app.engine`; no other
feature; the pure modules (sheet, calculator, evening) the engine only, and each other
(both are import contracts). Imported by the routes only.
"""
