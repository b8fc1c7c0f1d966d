"""Imported hand history files: what an import answers, and where the file waits for
its review.

An import answers a short summary of the file (:class:`ImportSummary`: how many hands,
which, the level and rules, the points at the end) and a link to the review of one of
its hands, never the whole file's review: the answer's size does not grow with the
file's hands. The link names the file by an unguessable token; the file waits for it on
a small shelf in the server's memory (:class:`Shelf`: bounded in files, bytes and time),
never in the database ("nothing is stored", docs/hand-history.md). A token the shelf no
longer holds (a restart, another server process with ``WORKERS`` > 1, an old link)
answers a page that asks for the file again.

Reading a file (:func:`read_summary`) runs in the process pool, off the event loop, as
:func:`app.review.history.read_import` does for the review.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass

from app.engine import Rules, match_tally
from app.engine.handhistory import HandHistoryError, check, parse
from app.web.phrases import in_words


def refusal(error: HandHistoryError) -> str:
    """``error`` (a refusal of :mod:`app.engine.handhistory`) in the page's language
    (:func:`app.web.phrases.in_words`: its template with its values, each
    :class:`~app.engine.Phrase` and the nested refusal, the rules', the seed's or a
    replayed move's, said in turn; numbers in the page's digits)."""
    return in_words(error)


@dataclass(frozen=True, slots=True)
class ImportSummary:
    """What an import shows of a checked file: its hands' count and first and last
    numbers, the computer's level, the rules, the score after the last hand
    (``scores``, player 0 first: the match's total with its bonuses once over; ``None``
    for a Hollywood file that does not start at hand 1, whose games are unknown) and
    whether the match was over then."""

    hands: int
    first: int
    last: int
    level: str
    rules: Rules
    scores: tuple[int, int] | None
    over: bool


def read_summary(text: str) -> ImportSummary:
    """Parse and check a hand history file's ``text`` (docs/hand-history.md) and sum
    it up. A module-level function, so it runs in the process pool
    (``app.core.workers.interactive``).

    Raises:
        HandHistoryError: malformed or illegal, with the line at fault.
    """
    parsed = parse(text.replace("\x00", ""))
    records = check(parsed)
    first, last = parsed.hands[0], parsed.hands[-1]
    rules = parsed.rules
    scores: tuple[int, int] | None
    if first.number == 1:
        tally = match_tally(records, rules)
        total = tally.final if tally.over else tally.points
        scores, over = (total[0], total[1]), tally.over
    elif rules.hollywood:
        scores, over = None, False
    else:  # a hand exported alone: its scores line, plus what it made
        points = list(last.scores)
        if records[-1].winner is not None:
            points[records[-1].winner] += records[-1].points
        scores, over = (points[0], points[1]), max(points) >= rules.target
    return ImportSummary(len(parsed.hands), first.number, last.number, parsed.level,
                         rules, scores, over)


class Shelf:
    """Imported files waiting for their review, in this process's memory: at most
    ``files`` files and ``total_bytes`` characters (the oldest leave first), each for
    ``seconds``. Thread-safe (the routes run in the thread pool)."""

    def __init__(self, files: int = 64, total_bytes: int = 4 * 1024 * 1024,
                 seconds: float = 3600) -> None:
        self._files = files
        self._bytes = total_bytes
        self._seconds = seconds
        self._held: OrderedDict[str, tuple[float, str]] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()

    def put(self, text: str) -> str:
        """Keep ``text`` and return its token (URL-safe, 128 random bits)."""
        token = secrets.token_urlsafe(16)
        with self._lock:
            self._held[token] = (time.monotonic(), text)
            self._size += len(text)
            self._trim()
        return token

    def get(self, token: str) -> str | None:
        """The file kept under ``token``, or ``None`` when it is not (or no longer) here."""
        with self._lock:
            self._trim()
            held = self._held.get(token)
            return None if held is None else held[1]

    def _trim(self) -> None:
        now = time.monotonic()
        while self._held:
            token, (since, text) = next(iter(self._held.items()))
            if (len(self._held) <= self._files and self._size <= self._bytes
                    and now - since < self._seconds):
                break
            del self._held[token]
            self._size -= len(text)


shelf = Shelf()
"""This process's shelf of imported files."""


__all__ = ["ImportSummary", "Shelf", "read_summary", "shelf"]
