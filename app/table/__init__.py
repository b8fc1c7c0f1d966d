"""The table kit: everything a table of Gin Rummy needs, whatever feature deals it.

Play against the computer (:mod:`app.play`), a friend match (:mod:`app.friend`), the
daily deal (:mod:`app.daily`), a practice hand (:mod:`app.review.practice`) and the
lesson (:mod:`app.learn`) are each a *kind of table*: their own deal and storage, the
same screen, words, turn loop and tap. One concern per module:

* :mod:`app.table.common` — the seats (:class:`~app.table.common.Seats`: who is who,
  the computer, or a friend by name: :class:`~app.table.common.FriendSeats`), the seat
  modes of a stored match (:class:`~app.table.common.SeatMode`, chosen by
  :func:`~app.table.common.mode_of`: against the computer or a friend), the errors,
  :class:`~app.table.common.Loaded`, the version check, the table's options
  (:class:`~app.table.common.MatchOptions`);
* :mod:`app.table.storage` — a seat at a stored match (``PlaySeat``, ``PlayMatch``,
  ``PlayHand``): **load** and **store** for a match against the computer and a friend
  match alike, with the listeners ``app.main`` passes in (:func:`~app.table.storage.listen`);
* :mod:`app.table.tap` — **tap**, the one tap of every table: the form parsed, the
  version checked (a stale double tap changes nothing: 409), the action applied on the
  engine, the other seat's turn, stored through the kind passed in
  (:class:`~app.table.tap.TableKind`, a small protocol: ``load``, ``store`` and a few
  hooks), the events returned;
* :mod:`app.table.seats` — a seat at a stored match as a kind of table
  (:class:`~app.table.seats.SeatKind`): play against the computer and a friend match,
  the friend match being a seat mode (``Loaded.turn_level`` is ``None``: nobody moves
  for the other seat), not a branch; and **seat_page**, what the seat mode adds to its
  table page (the friend away, other friend matches, the waiting page: asked of the
  friend feature through the :class:`~app.table.seats.FriendTable` ``app.main`` passes);
* :mod:`app.table.computer` — **advance**: who moves by itself (the computer's turn;
  nobody in a friend match);
* :mod:`app.table.arrange` — the hand's own order (dragged by the player);
* :mod:`app.table.words` — what happened in words: what the other player did, the step
  line, notes, meld and rule texts;
* :mod:`app.table.screen` — **table_screen**: everything ``templates/play/table.html``
  shows, from the viewer's seat only (the other's cards and the stock never reach it
  while a hand is in progress), the match-end screen, and **just_did**: what the other
  player just did, in words and events to play out, for every table;
* :mod:`app.table.fairness` — the fairness box (commitment, seeds revealed);
* :mod:`app.table.watch` — a watcher's table: the public side of a match only (the
  piles, the counts, the moves, the score; never a hidden card).

A new kind of table (a puzzle, a tournament table) is a feature of its own: its deal and
storage in its package, a :class:`~app.table.tap.TableKind` for its taps, and its screen
built with :func:`~app.table.screen.table_screen`, drawn by ``templates/play/table.html``.

The kit imports no feature (``pyproject.toml``'s import contracts check it): what a
feature must hear of it passes in (listeners, its storage). May import
:mod:`app.web`, :mod:`app.core`, :mod:`app.engine`.
"""

from app.table.common import (
    COMPUTER,
    PERSON,
    SORTS,
    VS_COMPUTER,
    Loaded,
    MatchOptions,
    NoMatchError,
    NotYourMatchError,
    PlayError,
    Seats,
    StaleTapError,
)
from app.table.computer import advance
from app.table.screen import Screen, screen, table_screen
from app.table.words import describe

__all__ = [
    "COMPUTER", "PERSON", "SORTS", "VS_COMPUTER", "Loaded", "MatchOptions", "NoMatchError",
    "NotYourMatchError", "PlayError", "Screen", "Seats", "StaleTapError", "advance",
    "describe", "screen", "table_screen",
]
