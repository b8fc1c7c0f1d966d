"""Events (club nights and leagues, ``/events``): a host's event on this instance, its
players (no accounts: a browser's session, or a walk-in by name), its rounds paired by
round robin or Swiss, its tables started through the features that keep tables (a
friend match, :mod:`app.friend`; a score sheet for real cards, :mod:`app.score`), and
the live standings read from those tables as they finish.

* :mod:`app.events.pairing` and :mod:`app.events.standings` — pure (no I/O: an import
  contract checks it): the pairings, the match points and the tie-breaks;
* :mod:`app.events.duplicate` — pure too: duplicate boards' scoring, each table's board
  against the others that held the same cards;
* :mod:`app.events.hosting` — the event's storage: creating, joining, the host's
  actions and code, the rounds, the results read from the tables, corrections;
* :mod:`app.events.pages` — what the pages and the exports show;
* :mod:`app.events.finders` — an event or a season by its slug or its host code;
* :mod:`app.events.seasons` — seasons: a club's events grouped under a name, their
  storage, host code and page; :mod:`app.events.season_table` — pure: the season's
  running table and each pair's head to head.

A layer above the features (``pyproject.toml``'s layers contract). May import the
features (:mod:`app.friend`, :mod:`app.score`, :mod:`app.play` for the table options,
:mod:`app.devices` for the code's form, :mod:`app.review`, :mod:`app.fair`,
:mod:`app.guide`, :mod:`app.prefs`, :mod:`app.admin`, :mod:`app.daily`,
:mod:`app.learn`, :mod:`app.botapi` to mark a bot's seat), the table kit
:mod:`app.table`, :mod:`app.web`, :mod:`app.core`, :mod:`app.engine`. Imported by the
routes only (``app/routes/events.py``, ``app/routes/seasons.py``). No feature knows
about events: the results are read from the tables' own rows when an event's page or
its live poll asks.
"""
