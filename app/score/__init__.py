"""Score: the scorekeeper for games played with real cards.

* :mod:`app.score.sheet` — the score sheet itself, pure (no I/O): entries, options,
  the tally with boxes, bonuses, shutouts, Oklahoma, Hollywood and gin for three;
* :mod:`app.score.calculator` — deadwood counted from the cards (pure);
* :mod:`app.score.evening` — rematches and the tally across linked games (pure);
* :mod:`app.score.keeper` — the glue: forms, storage and views of the Score pages.

The pure modules may import only :mod:`app.engine` (rules, cards, scoring) and each
other; the glue may import :mod:`app.core` and :mod:`app.web` too; no other feature.
Imported by the routes only.
"""
