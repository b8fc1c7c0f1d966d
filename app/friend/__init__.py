"""Play a friend: a match between two browsers, started by an invite link.

* :mod:`app.friend.invites` — invites, seats, joining, cancelling, presence;
* :mod:`app.friend.live` — telling the other browser that the match changed (in process
  on SQLite, PostgreSQL ``LISTEN``/``NOTIFY`` across instances); ``app.main`` passes
  :func:`~app.friend.live.announce` to :mod:`app.table.storage` for every change of a match;
* :mod:`app.friend.stream` — the Server-Sent Events of ``/play/events``;
* :mod:`app.friend.pages` — the inviter's waiting page (``/play`` shows it too);
* :mod:`app.friend.presence` — who is at the table, kept in memory and written to the
  database in batches;
* :mod:`app.friend.watch` — watching a match by a secret link, with both players' leave
  (``issue`` makes one for an event's table).

Builds on the table kit (:mod:`app.table`: a friend match is a seat mode of the same
table, tap and storage as play). May import :mod:`app.table`,
:mod:`app.web`, :mod:`app.core`, :mod:`app.engine`; no other feature. Imported by the
routes and ``app.main``.
"""
