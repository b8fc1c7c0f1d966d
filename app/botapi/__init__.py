"""The open bot protocol (``docs/bots.md``): a program plays a friend match through a
seat of its own, over HTTP and JSON, with the token the operator issued
(``python -m app bot add NAME``; accounts and tokens: :mod:`app.core.botaccounts`).

* :mod:`app.botapi.seat` — who the bot is (``Authorization: Bearer``, refused while the
  operator keeps bots off), its seat's view as JSON (the engine's view of that seat
  alone: never the other hand or the stock's order), its actions (the kit's one tap,
  with the match's version as the browser's tap carries it) and its refusals, by cause,
  with the table's own messages.

A bot's seat is a seat of the table kit like a browser's (its account has a history of
its own), so it meets the same rules, versions and fair-use limits.
May import :mod:`app.table`, :mod:`app.web`, :mod:`app.core`, :mod:`app.engine`; no
other feature. Imported by the routes (``app/routes/botapi.py``).
"""
