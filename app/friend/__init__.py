"""Play a friend: a match between two browsers, started by an invite link.

* :mod:`app.friend.invites` — invites, seats, joining, cancelling, presence;
* :mod:`app.friend.live` — telling the other browser that the match changed (in process
  on SQLite, PostgreSQL ``LISTEN``/``NOTIFY`` across instances); ``app.main`` passes
  :func:`~app.friend.live.announce` to :mod:`app.play` for every change of a match;
* :mod:`app.friend.stream` — the Server-Sent Events of ``/play/events``;
* :mod:`app.friend.pages` — the inviter's waiting page (``/play`` shows it too);
* :mod:`app.friend.presence` — who is at the table, kept in memory and written to the
  database in batches.

Builds on :mod:`app.play` (the same table and turn loop). May import :mod:`app.play`,
:mod:`app.web`, :mod:`app.core`, :mod:`app.engine`; no other feature. Imported by the
routes and ``app.main``.
"""
