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

import re
import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass

from app.core.i18n import N_, gettext, number
from app.engine import GameError, Rules, match_tally
from app.engine.handhistory import HandHistoryError, Phrase, check, parse
from app.play.refusals import refusal as engine_refusal

NOT_RULES = N_("the text is not valid JSON or holds an unknown rule")
"""What a rules line that Python's JSON reader refused shows (its own words are English
and name no rule)."""

REPLAY: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), message) for pattern, message in (
        (r"action (?P<index>\d+) \((?P<action>'[^']*')\): (?P<problem>.+)",
         N_("action %(index)s (%(action)s): %(problem)s")),
        (r"unknown action (?P<action>'[^']*'): actions are (?P<names>.+)",
         N_("unknown action %(action)s: actions are %(names)s")),
    ))
"""The replay's own wrappers of a refused action (``app.engine.review``: the action's
place and text) and the action parser's refusal of a name, which play never shows: (pattern,
catalogue message); ``problem`` is itself an engine refusal, translated in turn."""


def _in_words(value: object) -> object:
    if isinstance(value, Phrase):
        return gettext(value.template, **dict(value.values))
    if isinstance(value, HandHistoryError):
        return refusal(value)
    if isinstance(value, BaseException):
        return _engine_words(str(value), isinstance(value, GameError))
    if isinstance(value, int):
        return number(value)
    return value


def _engine_words(text: str, game: bool = True) -> str:
    for pattern, message in REPLAY:
        found = pattern.fullmatch(text)
        if found:
            values = dict(found.groupdict())
            if "problem" in values:
                values["problem"] = _engine_words(values["problem"])
            return gettext(message, **values)
    known = engine_refusal(text)
    if known is not None:
        return known
    return text if game else gettext(NOT_RULES)


def refusal(error: HandHistoryError) -> str:
    """``error`` (a refusal of :mod:`app.engine.handhistory`) in the page's language:
    its template through the catalogue with its values, each :class:`Phrase` and the
    nested refusal (rules, seed, an illegal move: ``app.play.refusals``) translated the
    same way, numbers in the page's digits. An inner refusal no pattern knows is shown
    as the engine wrote it."""
    return gettext(error.template,
                   **{key: _in_words(value) for key, value in error.values.items()})


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
