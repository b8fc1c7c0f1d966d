"""Looking back: history, hand reviews, practice hands, statistics and the analysis.

* :mod:`app.review.history` — the finished matches and hands of a browser, reviews,
  hand history files;
* :mod:`app.review.practice` — *Try again from here*: a hand re-dealt from a rated
  decision, played on the play table itself and never counted;
* :mod:`app.review.stats` — match reports and statistics;
* :mod:`app.review.analysis` — each decision rated by Expert, off the request path;
  ``app.main`` passes :func:`~app.review.analysis.queue_hand` to :mod:`app.table.storage`,
  which
  calls it once the change that ended a hand is committed;
* :mod:`app.review.imports` — imported hand history files: what an import answers and
  where the file waits for its review;
* :mod:`app.review.skill` — the player's skill rating (Glicko-2, docs/rating.md);
* :mod:`app.review.share` — *Share this hand*: a read-only link to one finished hand's
  review, shown from the sharer's seat (only its token's hash is stored);
* :mod:`app.review.drill`, :mod:`app.review.puzzle`, :mod:`app.review.spot`,
  :mod:`app.review.together` — *Train your game*: the drill of this browser's own rated
  decisions (FSRS), the daily puzzle, a decision's position as the player saw it, and a
  friend match's review stepped through together.

May import :mod:`app.table`, :mod:`app.web`, :mod:`app.core`, :mod:`app.engine`; no other
feature. Imported by the routes and ``app.main``.
"""
