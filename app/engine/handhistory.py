"""The hand history text format, ``gin-hand-history 1`` (``docs/hand-history.md``).

A plain-text record of one hand or a whole match that rebuilds every position exactly:
the rules, the seeds that dealt each hand (``gin-shuffle-v1``, ``docs/fairness.md``) and
one action per line. Example::

    gin-hand-history 1
    rules {"target": 100, "knock_limit": 10, ...}
    level standard
    first-dealer 1
    hand 1
    dealer 1
    scores 0 0
    server-seed 3f...(64 hex)
    client-seed my lucky seed
    0 pass
    1 pass
    0 draw_stock
    0 discard KH
    ...
    end

Lines are separated by ``\\n`` (a ``\\r\\n`` file is accepted); blank lines and lines
starting with ``#`` are ignored. ``scores`` are both players' hand points before the
hand (player 0 first; Hollywood: the first open game's,
:func:`~app.engine.scoring.standing`). A hand dealt before provable deals carries
``legacy-seed N`` instead of the two seed lines. :func:`parse` checks the syntax and bounds only;
:func:`check` replays every hand, so an edited action, a card dealt twice or a
truncated file is refused with the line at fault. Pure: no I/O.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from .errors import N_, Cause, GameError, Phrase, RulesError
from .fairness import MAX_HAND_NUMBER, HandSeed, InvalidSeedError
from .match import LogEntry, Seed
from .review import hand_positions
from .rules import Rules
from .scoring import HandRecord, match_tally, next_dealer, standing

MAGIC = "gin-hand-history 1"
MAX_BYTES = 60 * 1024
"""The largest file :func:`parse` reads (a 40-hand match takes about 25 KB; the web
server refuses any request body over 64 KB before it reaches a route)."""
MAX_LINE = 400
"""The longest line accepted, in characters (the rules line is about 300)."""
MAX_ACTIONS = 600
"""The most actions one hand may log (a real hand has fewer than 100)."""
MAX_HANDS = 100
"""The most hands one file may hold."""
MAX_SCORE = 100_000
LEVELS = frozenset({"easy", "standard", "hard", "expert"})

_ACTION = re.compile(r"([01]) ([a-z_]+(?: [0-9TJQKA][CDHS])?)")
_WHOLE = re.compile(r"[0-9]{1,6}")


class HandHistoryError(GameError, ValueError):
    """A hand history that cannot be read or does not replay; the message names the
    line (counted from 1) and what is wrong there.

    ``template`` is the English message with named placeholders, marked for the
    catalogue, and ``values`` its values (a number, a quoted text, a :class:`Phrase`,
    or under ``problem`` the nested refusal: the rules', seed's or game's own, also
    kept as ``inner``). ``str(error)`` is the English sentence; the web layer translates
    the template with the same values (``app.web.phrases``).
    """

    def __init__(self, template: str, inner: Exception | None = None,
                 **values: object) -> None:
        super().__init__(template, **values)
        self.inner = inner


@dataclass(frozen=True, slots=True)
class HistoryHand:
    """One hand of a hand history: its number in the match, dealer, both players' hand
    points before it, the seed that dealt it and its action log."""

    number: int
    dealer: int
    scores: tuple[int, int]
    seed: Seed
    log: tuple[LogEntry, ...]


@dataclass(frozen=True, slots=True)
class HandHistory:
    """A parsed hand history: the match's rules, the computer's level, who dealt the
    first hand, and one or more hands in order."""

    rules: Rules
    level: str
    first_dealer: int
    hands: tuple[HistoryHand, ...]


def _seed_lines(seed: Seed) -> list[str]:
    if isinstance(seed, HandSeed):
        return [f"server-seed {seed.server_seed}", f"client-seed {seed.client_seed}"]
    return [f"legacy-seed {seed}"]


def dump(history: HandHistory) -> str:
    """The text of ``history`` (see the module docstring), ending with a newline."""
    lines = [MAGIC, "rules " + json.dumps(history.rules.to_dict(), separators=(", ", ": ")),
             f"level {history.level}", f"first-dealer {history.first_dealer}"]
    for hand in history.hands:
        lines += [f"hand {hand.number}", f"dealer {hand.dealer}",
                  f"scores {hand.scores[0]} {hand.scores[1]}", *_seed_lines(hand.seed)]
        lines += [f"{player} {text}" for player, text in hand.log]
        lines.append("end")
    return "\n".join(lines) + "\n"


class _Lines:
    """The meaningful lines of a file with their numbers, read one at a time."""

    def __init__(self, text: str) -> None:
        self.items = [(n, line.rstrip("\r")) for n, line in enumerate(text.split("\n"), 1)
                      if line.strip() and not line.startswith("#")]
        self.at = 0

    def next(self, what: Phrase) -> tuple[int, str]:
        if self.at >= len(self.items):
            last = self.items[-1][0] if self.items else 0
            raise HandHistoryError(N_("The file ends after line %(last)s; %(what)s is "
                                      "missing (is the file cut short?)."), last=last,
                                   what=what)
        item = self.items[self.at]
        self.at += 1
        return item

    def field(self, name: str) -> tuple[int, str]:
        number, line = self.next(Phrase(N_("the %(name)s line"), (("name", name),)))
        key, _, value = line.partition(" ")
        if key != name or not value:
            raise HandHistoryError(N_("Line %(line)s: expected '%(name)s ...', found "
                                      "%(found)s."), line=number, name=name,
                                   found=_quote(line))
        return number, value

    def peek(self) -> str | None:
        return self.items[self.at][1] if self.at < len(self.items) else None


def _quote(line: str) -> str:
    return repr(line if len(line) <= 40 else line[:40] + "...")


def _whole(number: int, value: str, what: Phrase, top: int) -> int:
    if not _WHOLE.fullmatch(value) or int(value) > top:
        raise HandHistoryError(N_("Line %(line)s: %(what)s must be a whole number from 0 to "
                                  "%(top)s, not %(found)s."), line=number, what=what,
                               top=top, found=_quote(value))
    return int(value)


def _player(number: int, value: str, what: Phrase) -> int:
    if value not in ("0", "1"):
        raise HandHistoryError(N_("Line %(line)s: %(what)s must be 0 or 1, not %(found)s."),
                               line=number, what=what, found=_quote(value))
    return int(value)


def parse(text: str) -> HandHistory:
    """Read a hand history (syntax and bounds; :func:`check` replays it).

    Raises:
        HandHistoryError: larger than :data:`MAX_BYTES`, a line longer than
            :data:`MAX_LINE`, a missing or unexpected line, a malformed value or seed,
            more than :data:`MAX_HANDS` hands or :data:`MAX_ACTIONS` actions in a hand.
    """
    if len(text) > MAX_BYTES or len(text.encode("utf-8", "replace")) > MAX_BYTES:
        raise HandHistoryError(N_("A hand history may be at most %(most)s KB."),
                               most=MAX_BYTES // 1024)
    lines = _Lines(text)
    for number, line in lines.items:
        if len(line) > MAX_LINE:
            raise HandHistoryError(N_("Line %(line)s is longer than %(most)s characters."),
                                   line=number, most=MAX_LINE)
    number, line = lines.next(Phrase(N_("the first line")))
    if line.strip() != MAGIC:
        raise HandHistoryError(N_("Line %(line)s: a hand history starts with '%(magic)s'."),
                               line=number, magic=MAGIC)
    number, value = lines.field("rules")
    try:
        data = json.loads(value)
        if not isinstance(data, dict):
            raise RulesError(Cause.RULES_NOT_OBJECT)
        rules = Rules.from_dict(data)
    except (ValueError, TypeError, RulesError) as error:
        problem = error if isinstance(error, GameError) else GameError(Cause.RULES_NOT_READ)
        raise HandHistoryError(N_("Line %(line)s: the rules do not read: %(problem)s"),
                               error, line=number, problem=problem) from error
    number, level = lines.field("level")
    if level not in LEVELS:
        raise HandHistoryError(N_("Line %(line)s: the level is one of %(levels)s, not "
                                  "%(found)s."), line=number,
                               levels=", ".join(sorted(LEVELS)), found=_quote(level))
    number, value = lines.field("first-dealer")
    first_dealer = _player(number, value, Phrase(N_("the first dealer")))
    hands: list[HistoryHand] = []
    while lines.peek() is not None or not hands:
        if len(hands) >= MAX_HANDS:
            raise HandHistoryError(N_("A hand history holds at most %(most)s hands."),
                                   most=MAX_HANDS)
        hands.append(_parse_hand(lines))
    return HandHistory(rules, level, first_dealer, tuple(hands))


def _parse_hand(lines: _Lines) -> HistoryHand:
    number, value = lines.field("hand")
    hand_number = _whole(number, value, Phrase(N_("the hand number")), MAX_HAND_NUMBER)
    if hand_number < 1:
        raise HandHistoryError(N_("Line %(line)s: hands are numbered from 1."), line=number)
    number, value = lines.field("dealer")
    dealer = _player(number, value, Phrase(N_("the dealer")))
    number, value = lines.field("scores")
    parts = value.split(" ")
    if len(parts) != 2:
        raise HandHistoryError(N_("Line %(line)s: 'scores' takes two numbers."), line=number)
    scores = (_whole(number, parts[0], Phrase(N_("a score")), MAX_SCORE),
              _whole(number, parts[1], Phrase(N_("a score")), MAX_SCORE))
    seed: Seed
    if (lines.peek() or "").startswith("legacy-seed "):
        number, value = lines.field("legacy-seed")
        if not re.fullmatch(r"[0-9]{1,19}", value) or int(value) >= 2**63:
            raise HandHistoryError(N_("Line %(line)s: the legacy seed is a whole number "
                                      "below 2**63."), line=number)
        seed = int(value)
    else:
        number, server = lines.field("server-seed")
        client_number, client = lines.next(Phrase(N_("the %(name)s line"),
                                                  (("name", "client-seed"),)))
        if not client.startswith("client-seed "):
            raise HandHistoryError(N_("Line %(line)s: expected 'client-seed ...'."),
                                   line=client_number)
        try:
            seed = HandSeed(server, client[len("client-seed "):])
        except InvalidSeedError as error:
            raise HandHistoryError(N_("Line %(line)s-%(last)s: %(problem)s"), error,
                                   line=number, last=client_number, problem=error) from error
    log: list[LogEntry] = []
    while True:
        number, line = lines.next(Phrase(N_("the hand's 'end' line")))
        if line == "end":
            break
        match = _ACTION.fullmatch(line)
        if match is None:
            raise HandHistoryError(N_("Line %(line)s: expected '<player 0 or 1> <action>' "
                                      "or 'end', found %(found)s."), line=number,
                                   found=_quote(line))
        if len(log) >= MAX_ACTIONS:
            raise HandHistoryError(N_("Line %(line)s: a hand has at most %(most)s actions."),
                                   line=number, most=MAX_ACTIONS)
        log.append((int(match.group(1)), match.group(2)))
    return HistoryHand(hand_number, dealer, scores, seed, tuple(log))


def check(history: HandHistory) -> list[HandRecord]:
    """Replay every hand of ``history`` and return their results.

    Each hand must replay to its end (a finished hand). Hand 1 starts at 0 to 0, dealt
    by the first dealer; in a file of several hands they must follow each other in the
    match: consecutive numbers, each dealer and each ``scores`` line what the hand
    before makes them (docs/rules.md §5).

    Raises:
        HandHistoryError: an illegal action (a card not in hand, a card dealt twice by
            an edit), a hand that stops before its end, or hands that do not follow on.
    """
    records: list[HandRecord] = []
    previous: HistoryHand | None = None
    for hand in history.hands:
        where = hand.number
        if previous is None:
            if hand.number == 1 and (hand.scores != (0, 0)
                                     or hand.dealer != history.first_dealer):
                raise HandHistoryError(N_("Hand 1 starts at 0 to 0, dealt by the first "
                                          "dealer."))
        else:
            record = records[-1]
            if history.rules.hollywood:  # the first open game's points (docs/rules.md §6)
                if history.hands[0].number != 1:
                    raise HandHistoryError(N_("Hand %(hand)s: a Hollywood file of several "
                                              "hands starts at hand 1 (its three games are "
                                              "added up from the first hand)."), hand=where)
                if match_tally(records, history.rules).over:
                    raise HandHistoryError(N_("Hand %(hand)s: the match was over before it "
                                              "(all three games had closed)."), hand=where)
                scores = list(standing(records, history.rules))
            else:
                scores = list(previous.scores)
                if record.winner is not None:
                    scores[record.winner] += record.points
            dealer = next_dealer(previous.dealer, record, history.rules)
            if hand.number != previous.number + 1:
                raise HandHistoryError(N_("Hand %(hand)s: hands must follow each other "
                                          "(expected hand %(expected)s)."), hand=where,
                                       expected=previous.number + 1)
            if hand.dealer != dealer:
                raise HandHistoryError(N_("Hand %(hand)s: player %(dealer)s deals it, not "
                                          "player %(found)s."), hand=where, dealer=dealer,
                                       found=hand.dealer)
            if hand.scores != (scores[0], scores[1]):
                raise HandHistoryError(N_("Hand %(hand)s: the scores before it are "
                                          "%(first)s and %(second)s."), hand=where,
                                       first=scores[0], second=scores[1])
        if history.rules.hands:  # a match of a number of hands (docs/rules.md §5)
            if hand.number > history.rules.hands:
                raise HandHistoryError(N_("Hand %(hand)s: the match was over before it (a "
                                          "match of %(most)s hands)."), hand=where,
                                       most=history.rules.hands)
        elif max(hand.scores) >= history.rules.target:
            raise HandHistoryError(N_("Hand %(hand)s: the match was over before it (a score "
                                      "of %(score)s reaches the target)."), hand=where,
                                   score=max(hand.scores))
        try:
            positions = hand_positions(history.rules, hand.seed, hand.number, hand.dealer,
                                       hand.log)
        except GameError as error:
            raise HandHistoryError(N_("Hand %(hand)s does not replay: %(problem)s"), error,
                                   hand=where, problem=error) from error
        result = positions[-1].state.result
        if result is None:
            raise HandHistoryError(N_("Hand %(hand)s stops before its end (is the file cut "
                                      "short?)."), hand=where)
        records.append(HandRecord(result.winner, result.points, result.kind))
        previous = hand
    return records


__all__ = ["MAGIC", "MAX_BYTES", "HandHistory", "HandHistoryError", "HistoryHand", "Phrase",
           "check",
           "dump", "parse"]
