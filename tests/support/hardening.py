"""Helpers shared by the hardening tests: database snapshots, route discovery,
the hidden cards of a stored match, and a random legal player for the play forms.

The tests take the truth from the database and the engine — never from a response — so
that a response can be checked against it.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from fastapi import FastAPI
from fastapi import routing as fastapi_routing
from fastapi.routing import APIRoute
from sqlalchemy import Engine, MetaData, select
from sqlmodel import Session, SQLModel

from app.core.models import PlayHand, PlayMatch
from app.engine import (
    CARDS,
    Card,
    MatchState,
    NextHand,
    Phase,
    Rules,
    deadwood_by_discard,
)
from app.engine.match import (
    Seed,
    apply_match,
    legal_match_actions,
    new_match,
    parse_match_action,
)
from app.table.storage import match_history, open_seat
from tests.support.browsers import session_id_of

Snapshot = dict[str, list[tuple[Any, ...]]]


# --- the database -------------------------------------------------------------------------


def snapshot(engine: Engine, *, metadata: MetaData | None = None) -> Snapshot:
    """Every row of every table, in primary-key order, as plain tuples of the values the
    database driver returns (the stored text of a JSON or time column, not the Python
    object SQLAlchemy would make of it): byte-comparable, and no less strict than the
    typed rows, since those are made from these. Read in one deferred transaction with
    SQL written once per table: the hardening tests take two of these around each of
    thousands of requests, and SQLAlchemy's typed ``select`` per table took half of
    those tests' time."""
    metadata = metadata or SQLModel.metadata
    out: Snapshot = {}
    with engine.connect() as conn:
        conn = conn.execution_options(sqlite_begin="DEFERRED")
        with conn.begin():
            conn.exec_driver_sql("SELECT 1")  # begins the transaction (BEGIN DEFERRED)
            cursor = conn.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
            try:
                for name, sql in _snapshot_queries(engine, metadata):
                    cursor.execute(sql)
                    out[name] = [tuple(row) for row in cursor.fetchall()]
            finally:
                cursor.close()
    return out


_QUERIES: dict[tuple[str, MetaData], list[tuple[str, str]]] = {}


def _snapshot_queries(engine: Engine, metadata: MetaData) -> list[tuple[str, str]]:
    """``(table, "SELECT * FROM table ORDER BY its primary key")`` for each table of
    ``metadata``, quoted for ``engine``'s dialect (made once per dialect and metadata)."""
    key = (engine.dialect.name, metadata)  # the object, not its id(): an id is reused
    if key not in _QUERIES:
        quote = engine.dialect.identifier_preparer.quote
        queries = []
        for table in metadata.sorted_tables:
            order = list(table.primary_key.columns) or list(table.columns)
            columns = ", ".join(quote(column.name) for column in table.columns)
            keys = ", ".join(quote(column.name) for column in order)
            queries.append((table.name, f"SELECT {columns} FROM {quote(table.name)} "
                                        f"ORDER BY {keys}"))
        _QUERIES[key] = queries
    return _QUERIES[key]


def diff(before: Snapshot, after: Snapshot) -> dict[str, tuple[list[Any], list[Any]]]:
    """Tables whose rows changed: ``{table: (rows only before, rows only after)}``."""
    changed: dict[str, tuple[list[Any], list[Any]]] = {}
    for name in sorted(set(before) | set(after)):
        old, new = before.get(name, []), after.get(name, [])
        if old != new:
            changed[name] = ([r for r in old if r not in new], [r for r in new if r not in old])
    return changed


# --- routes ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class RouteInfo:
    """One route of the app: its path template (``/score/{sheet_id}``) and methods."""

    path: str
    methods: frozenset[str]


def api_routes(app: FastAPI, method: str) -> list[RouteInfo]:
    """The app's own routes answering ``method`` (no static mount), included routers too.

    FastAPI 0.16x keeps included routers lazily (``app.routes`` holds one entry per
    router); ``fastapi.routing.iter_route_contexts`` walks them as the OpenAPI schema
    does.
    """
    found: list[RouteInfo] = []
    iterate = getattr(fastapi_routing, "iter_route_contexts", None)
    if iterate is not None:
        for context in iterate(app.routes):
            methods = getattr(context.original_route, "methods", None)
            path = getattr(context, "path", None) or getattr(context.original_route, "path", "")
            if methods and method in methods:
                found.append(RouteInfo(path, frozenset(methods)))
    else:  # pragma: no cover - older FastAPI: a flat list of APIRoute objects
        for route in app.routes:
            if isinstance(route, APIRoute) and method in route.methods:
                found.append(RouteInfo(route.path, frozenset(route.methods)))
    return found


_PARAM = re.compile(r"{([^}:]+)(?::[^}]*)?}")


def filled_paths(app: FastAPI, method: str, values: Mapping[str, Any]) -> list[str]:
    """Every route of the app answering ``method``, its parameters filled from ``values``.

    Raises:
        AssertionError: a route has a parameter ``values`` does not name, so that a new
            route cannot slip past the tests that use this.
    """
    paths = []
    for route in api_routes(app, method):
        path = fill_path(route.path, values)
        assert path is not None, f"add a value for the parameters of {route.path}"
        paths.append(path)
    return paths


async def asgi_request(app: Any, scope: dict[str, Any], messages: Iterable[dict[str, Any]]
                       ) -> list[dict[str, Any]]:
    """Run one raw ASGI request whose client sends ``messages`` and then hangs up
    (``http.disconnect``); return what the app sent. Run it on a ``TestClient``'s
    portal: ``client.portal.call(asgi_request, app, scope, messages)``."""
    sent: list[dict[str, Any]] = []
    incoming = iter(messages)

    async def receive() -> dict[str, Any]:
        return next(incoming, {"type": "http.disconnect"})

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    await app(scope, receive, send)
    return sent


def http_scope(method: str, path: str, headers: Iterable[tuple[str, str]]) -> dict[str, Any]:
    """An ASGI HTTP scope for ``method path`` from 127.0.0.1 to ``testserver``."""
    raw = [(b"host", b"testserver")] + [(k.lower().encode(), v.encode("latin-1"))
                                        for k, v in headers]
    return {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method,
        "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b"",
        "root_path": "", "client": ("127.0.0.1", 5000), "server": ("testserver", 80),
        "headers": raw, "state": {},
    }


def fill_path(path: str, values: Mapping[str, Any]) -> str | None:
    """``/score/{sheet_id}`` with its parameters filled from ``values``; None if one is
    missing."""
    missing = [name for name in _PARAM.findall(path) if name not in values]
    if missing:
        return None
    return _PARAM.sub(lambda m: str(values[m.group(1)]), path)


# --- hidden cards --------------------------------------------------------------------------


@dataclass
class StoredPlay:
    """A browser's Play match as stored, read straight from the tables: the seat's and
    the match's columns, each hand's seed and the whole log (the hands' logs joined by
    ``next_hand`` entries), so tests can replay it with the engine."""

    session_id: str
    version: int
    sort: str
    selected: str | None
    computer_said: str
    match_id: int
    level: str
    rules: dict[str, Any]
    first_dealer: int
    client_seed: str
    next_server_seed: str | None
    seeds: list[Seed]
    server_seeds: list[str]
    hands: list[Any]
    log: list[list[Any]]

    @property
    def seed(self) -> Seed:
        """The current hand's seed."""
        return self.seeds[-1]


def stored_play(engine: Engine, session_id: str) -> StoredPlay | None:
    """The browser's current Play match as stored, or ``None`` without one."""
    with Session(engine) as db:
        seat = open_seat(db, session_id)
        if seat is None:
            return None
        game = db.get(PlayMatch, seat.match_id)
        assert game is not None
        hands = list(db.exec(select(PlayHand).where(PlayHand.match_id == game.id)
                             .order_by(PlayHand.number)).scalars())
        seeds, log = match_history(db, game)
        return StoredPlay(
            session_id, seat.version, seat.sort, seat.selected, seat.computer_said,
            int(game.id or 0), game.level, dict(game.rules), game.first_dealer,
            game.client_seed, game.next_server_seed, seeds,
            [h.server_seed for h in hands if h.server_seed], hands, [list(e) for e in log])


@dataclass
class Replayer:
    """An engine replay of one stored match, advanced incrementally as its log grows."""

    rules: Rules
    seeds: list[Seed]
    first_dealer: int
    match: MatchState = field(init=False)
    applied: list[tuple[int, str]] = field(init=False, default_factory=list)

    def __post_init__(self) -> None:
        self.match = new_match(self.rules, self.seeds[0], self.first_dealer)

    @classmethod
    def from_row(cls, row: StoredPlay) -> Replayer:
        """A replayer for a stored match (:func:`stored_play`)."""
        return cls(Rules.from_dict(row.rules), list(row.seeds), row.first_dealer)

    def advance(self, log: Iterable[Iterable[Any]],
                seeds: list[Seed] | None = None) -> MatchState:
        """Apply the entries of ``log`` beyond those already applied (hand ``n`` dealt
        from ``seeds[n - 1]``, the seeds known so far by default); return the state."""
        if seeds is not None:
            self.seeds = list(seeds)
        entries = [(int(p), str(t)) for p, t in log]
        done = len(self.applied)
        if self.applied != entries[:done]:
            raise AssertionError("the stored log rewrote history")
        for player, text in entries[done:]:
            action = parse_match_action(text)
            if isinstance(action, NextHand):
                action = NextHand(self.seeds[self.match.hand_number])
            self.match, _ = apply_match(self.match, player, action)
            self.applied.append((player, text))
        return self.match


class Replays:
    """Stored matches replayed incrementally: one :class:`Replayer` per match id, each
    advanced to its row's log when asked (the leak tests read the stored match after
    every request; a replay from the first action each time grew with the match)."""

    def __init__(self) -> None:
        self._by_match: dict[int, Replayer] = {}

    def advanced(self, row: StoredPlay) -> Replayer:
        """The replayer of ``row``'s match, advanced to its log and seeds."""
        replayer = self._by_match.get(row.match_id)
        if replayer is None:
            replayer = self._by_match[row.match_id] = Replayer.from_row(row)
        replayer.advance(row.log, row.seeds)
        return replayer


def secrets_in_play(row: StoredPlay, match: MatchState) -> list[str]:
    """The seeds no response may hold now: the server seed of the hand in progress (an
    old match's int seed, which deals every hand, always) and the next hand's server
    seed, drawn when a hand ends and dealt from only at Next hand."""
    found = [row.next_server_seed] if row.next_server_seed else []
    seed = row.seeds[-1]
    if isinstance(seed, int):
        found.append(str(seed))
    elif match.hand.phase is not Phase.OVER:
        found.append(seed.server_seed)
    return found


def hidden_cards(match: MatchState, viewer: int = 0) -> tuple[set[Card], tuple[Card, ...]]:
    """The cards ``viewer`` must not see now, and the stock order.

    While the hand is in progress the hidden cards are every card except the viewer's
    own, the discard pile and the opponent's known pickups (cards it took from the pile,
    which were face up). Once the hand is over nothing is hidden (both hands are shown).
    """
    hand = match.hand
    if hand.phase is Phase.OVER:
        return set(), ()
    public = set(hand.hands[viewer]) | set(hand.discard_pile) | set(hand.known[1 - viewer])
    return set(CARDS) - public, tuple(hand.stock)


_RANKS = {"A": "ace", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six",
          "7": "seven", "8": "eight", "9": "nine", "T": "ten", "J": "jack", "Q": "queen",
          "K": "king"}
_SUITS = {"C": ("clubs", "\u2663"), "D": ("diamonds", "\u2666"), "H": ("hearts", "\u2665"),
          "S": ("spades", "\u2660")}
_RANK_BY_WORD = {word: code for code, word in _RANKS.items()}
_SUIT_BY_WORD = {word: code for code, (word, _) in _SUITS.items()}
_SUIT_BY_SYMBOL = {symbol: code for code, (_, symbol) in _SUITS.items()}
# One pass per way of writing a card, each finding every card written that way. Each
# pattern starts with what is rarest in a page (a card code's two characters, the word
# "of", a suit symbol, a picture's extension), which the regular expression engine looks
# for quickly, and checks what must come before it from there: the leak tests search
# every response of hundreds of hands, and a pattern that tried an alternation of words
# at every position of every page took most of their time.
_CODE = re.compile(r"[A2-9TJQK](?<![A-Za-z0-9][A2-9TJQK])[CDHS](?![A-Za-z0-9])")
_OF_SUIT = re.compile(rf"of\s+({'|'.join(w for w, _ in _SUITS.values())})\b", re.IGNORECASE)
_RANK_BEFORE = re.compile(rf"\b({'|'.join(_RANKS.values())})\s+\Z", re.IGNORECASE)
_SUIT_SYMBOL = re.compile("[\u2663\u2666\u2665\u2660]")
_RANK_BEFORE_SYMBOL = re.compile(r"(?<![A-Za-z0-9])(10|[A2-9JQK])\s*\Z")
_EXTENSION = re.compile(r"\.(?:svg|png|jpe?g|webp|gif)\b", re.IGNORECASE)
_PICTURE_CODE = re.compile(r"[a2-9tjqk][cdhs]\Z", re.IGNORECASE)


def _before_spaces(text: str, end: int) -> int:
    """Where the run of white space that ends at ``end`` starts, less five characters
    (the longest rank word): the rank that comes before "of" or a suit symbol is there."""
    start = end
    while start > 0 and text[start - 1].isspace():
        start -= 1
    return max(0, start - 5)


def cards_written(text: str) -> dict[Card, str]:
    """Every card written in ``text`` — as a code token (``7C``), a full name ("Seven of
    clubs"), rank and suit symbol (``7♣``, ``10 ♥``) or a picture file name (``7c.svg``) —
    with the bit of text around its first appearance."""
    found: dict[Card, str] = {}

    def note(code: str, start: int, end: int) -> None:
        card = Card.parse(code)
        if card not in found:
            found[card] = text[max(0, start - 60):end + 60]

    for m in _CODE.finditer(text):
        note(m.group(0), m.start(), m.end())
    for m in _OF_SUIT.finditer(text):
        rank = _RANK_BEFORE.search(text, _before_spaces(text, m.start()), m.start())
        if rank:
            note(_RANK_BY_WORD[rank.group(1).lower()] + _SUIT_BY_WORD[m.group(1).lower()],
                 rank.start(), m.end())
    for m in _SUIT_SYMBOL.finditer(text):
        rank = _RANK_BEFORE_SYMBOL.search(text, _before_spaces(text, m.start()), m.start())
        if rank:
            note(("T" if rank.group(1) == "10" else rank.group(1))
                 + _SUIT_BY_SYMBOL[m.group(0)], rank.start(), m.end())
    for m in _EXTENSION.finditer(text):
        code = _PICTURE_CODE.search(text, max(0, m.start() - 2), m.start())
        if code:
            note(code.group(0).upper(), code.start(), m.end())
    return found


def leaks(text: str, hidden: Iterable[Card]) -> list[tuple[Card, str]]:
    """Each hidden card found in ``text`` with the bit of text around it."""
    written = cards_written(text)
    return [(card, written[card]) for card in hidden if card in written]


# --- a random legal player ------------------------------------------------------------------


def random_form(match: MatchState, version: int, rng: random.Random,
                greedy: float = 0.5) -> dict[str, str]:
    """The play form for a random legal action of the person (player 0).

    With probability ``greedy`` a discard is the one leaving the least deadwood, and a
    knock or gin is taken whenever legal, so that hands end by knocks as well as voids.
    """
    actions = legal_match_actions(match, 0)
    if not actions:
        raise AssertionError("no legal action for the person")
    if rng.random() < greedy:
        enders = [a for a in actions if str(a).split()[0] in ("knock", "gin", "big_gin")]
        if enders:
            return action_form(str(rng.choice(enders)), version)
        discards = [a for a in actions if str(a).startswith("discard ")]
        if discards:
            left = deadwood_by_discard(match.hand.hands[0], match.rules)
            best = min(discards, key=lambda a: left[Card.parse(str(a).split()[1])])
            return action_form(str(best), version)
    return action_form(str(rng.choice(actions)), version)


def action_form(text: str, version: int) -> dict[str, str]:
    """``"discard TH"`` → ``{"action": "discard", "card": "TH", "version": "7"}``."""
    name, _, card = text.partition(" ")
    form = {"action": name, "version": str(version)}
    if card:
        form["card"] = card
    return form


def hand_is_over(match: MatchState) -> bool:
    """True when the current hand has been scored or voided."""
    return match.hand.phase is Phase.OVER


# --- what a response shows ------------------------------------------------------------------

_TAG = re.compile(r"<[^>]*>")


def response_text(response: Any, cookie_jar: Any, session_id: str) -> str:
    """Body (raw and with tags replaced by spaces), headers and cookies as one text, for
    leak checks.

    The browser session id is masked: it is 43 random URL-safe characters drawn before any
    deal, so it holds no game information, yet it may contain ``3D`` or ``-7C_`` by chance
    (a leak check that scanned it failed about one run in a hundred).
    """
    body = response.text
    headers = "\n".join(f"{k}: {v}" for k, v in response.headers.multi_items())
    cookies = "\n".join(f"{c.name}={c.value}" for c in cookie_jar)
    everything = "\n".join([body, _TAG.sub(" ", body), headers, cookies])
    return everything.replace(session_id, "<session id>") if session_id else everything


def finish_hand(app: FastAPI, client: Any, seed: int = 1,
                deal_next: bool = True) -> dict[str, int]:
    """Play the browser's current hand to its end with random legal taps (knocking when
    it can), then (``deal_next``) deal the next one, so the browser has a finished hand
    in its history and a hand in progress where it is the person's turn; the path values
    ``match_id`` and ``number`` of the finished hand, and ``step``, the first of the
    person's actions in it.

    Whatever the deal, that promise holds: a hand the computer ends before the person
    acts (it may take the upcard and knock at once) is not one the person played, so the
    next one is dealt; a match that ends is replaced by a new one at the same level.
    """
    rng = random.Random(seed)
    finished: dict[str, int] | None = None
    while True:
        row = stored_play(app.state.engine, session_id_of(client))
        assert row is not None
        match = Replayer.from_row(row).advance(row.log)
        if match.hand.phase is not Phase.OVER:
            if finished is not None:  # the next hand, dealt and the person's to play
                return finished
            client.post("/play", data=random_form(match, row.version, rng, greedy=0.9))
            continue
        steps = [i for i, (p, _) in enumerate(match.hand_log, start=1) if p == 0]
        if steps and finished is None:
            finished = {"match_id": row.match_id, "number": match.hand_number,
                        "step": steps[0]}
        if match.over:  # a finished match has no next hand: start another
            finished = None
            client.post("/play/new", data={"level": row.level, "version": str(row.version)})
            continue
        if finished is not None and not deal_next:
            return finished
        client.post("/play", data={"action": "next_hand", "version": str(row.version)})
