"""Play a friend: a match between two browsers, started by an invite link.

* :mod:`app.friend.invites` — invites, seats, joining, cancelling, presence;
* :mod:`app.friend.live` — telling the other browser that the match changed (in process
  on SQLite, PostgreSQL ``LISTEN``/``NOTIFY`` across instances).

Builds on :mod:`app.play` (the same table and turn loop). May import :mod:`app.play`,
:mod:`app.web`, :mod:`app.core`, :mod:`app.engine`.
"""
