"""Play positions built with the engine and stored as a browser's match, as if played
there: ``act``, ``bot_until`` (the Standard computer in both seats until a condition
holds), ``table_positions`` (the play screen in each step and result panel) and
``store_position`` (the match as one stored before provable deals: the app
splits it into hands when it loads it); ``position_server`` runs a server of its own
with its database at hand to store them. The accessibility audit and the match-end tests
reach their screens this way, without playing through a browser.
"""

from __future__ import annotations

import functools
import random
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import Engine
from sqlmodel import Session

from app.core.db import create_db_engine
from app.core.models import PlayMatch, PlaySeat
from app.engine import Phase, Rules, apply_match, legal_actions, new_match, parse_match_action
from app.engine.bots import choose_action
from app.engine.hand import Knock
from app.engine.match import MatchState, match_view
from app.engine.scoring import HandKind
from tests.support.servers import LiveServer, sqlite_url

Position = tuple[MatchState, list[tuple[int, str]]]
"""A match and the log of actions that reached it (stored as the app would load it)."""


def act(position: Position, player: int, text: str) -> Position:
    """``position`` after ``player``'s action ``text`` (``"discard 7C"``)."""
    match, log = position
    return apply_match(match, player, parse_match_action(text))[0], [*log, (player, text)]


def bot_until(position: Position, done: Callable[[MatchState], bool], seed: int = 1) -> Position:
    """Let the Standard computer play both seats until ``done(match)``."""
    rng = random.Random(seed)
    for _ in range(20_000):
        match = position[0]
        if done(match):
            return position
        if match.hand.phase is Phase.OVER:
            position = act(position, 0, "next_hand")
            continue
        seat = match.hand.to_play
        action = choose_action("standard", match_view(match, seat), rng)
        position = act(position, seat, str(action))
    raise AssertionError("position not reached")


def _over(match: MatchState) -> bool:
    return match.hand.phase is Phase.OVER


def _first_ended_by(kind: HandKind) -> Position:
    """The first deal (seeds 1, 2, ...) whose hand ends by ``kind`` before the match ends."""
    for seed in range(1, 200):
        found = bot_until((new_match(Rules(), seed=seed, first_dealer=1), []),
                          lambda m: m.over or (_over(m) and m.hand.result is not None
                                               and m.hand.result.kind == kind))
        if not found[0].over:
            return found
    raise AssertionError(f"no deal ends by {kind}")


def table_positions() -> dict[str, Position]:
    """Named positions of the person's play screen (the person is player 0): each step
    (``upcard``: take or pass, ``draw``, ``discard``, ``knock-offer``: a discard that
    may knock), each result panel (``result``: a knock, ``gin``, ``undercut``, ``void``)
    and ``match-end``. The same deals on every call: played once per process (0.2 s of
    bots; the 28 fit checks of the browser lane each asked), each call gets its own
    logs."""
    return {name: (match, list(log)) for name, (match, log) in _table_positions().items()}


@functools.cache
def _table_positions() -> dict[str, Position]:
    upcard: Position = (new_match(Rules(), seed=7, first_dealer=1), [])
    assert upcard[0].hand.phase is Phase.UPCARD_OFFER and upcard[0].hand.to_play == 0
    draw = act(act(upcard, 0, "pass"), 1, "pass")
    assert draw[0].hand.phase is Phase.DRAW and draw[0].hand.to_play == 0
    discard = act(draw, 0, "draw_stock")
    knock_offer = bot_until((new_match(Rules(), seed=3, first_dealer=1), []),
                            lambda m: m.hand.phase is Phase.DISCARD and m.hand.to_play == 0
                            and any(isinstance(a, Knock) for a in legal_actions(m.hand, 0)))
    knocked = bot_until((new_match(Rules(), seed=3, first_dealer=1), []),
                        lambda m: _over(m) and m.hand.result is not None
                        and m.hand.result.knocker is not None and not m.over)
    void = upcard
    while not _over(void[0]):
        hand = void[0].hand
        seat, phase = hand.to_play, hand.phase
        if phase is Phase.UPCARD_OFFER:
            void = act(void, seat, "pass")
        elif phase is Phase.DRAW:
            void = act(void, seat, "draw_stock")
        else:
            void = act(void, seat, f"discard {hand.hands[seat][0]}")
    match_end = bot_until((new_match(Rules(), seed=5, first_dealer=1), []), lambda m: m.over)
    return {"upcard": upcard, "draw": draw, "discard": discard, "knock-offer": knock_offer,
            "result": knocked, "gin": _first_ended_by(HandKind.GIN),
            "undercut": _first_ended_by(HandKind.UNDERCUT), "void": void,
            "match-end": match_end}


def store_position(engine: Engine, session_id: str, position: Position,
                   level: str = "standard", names: tuple[str, str] | None = None) -> int:
    """Make ``position`` the match of browser session ``session_id`` (a match with an
    int seed, stored before provable deals); the new match's id. With ``names`` it is a
    friend match between those two (seat 0 is ``session_id``; the friend's seat is
    empty)."""
    match, log = position
    assert isinstance(match.seed, int)
    with Session(engine) as db:
        game = PlayMatch(session_id=session_id, rules=match.rules.to_dict(),
                         first_dealer=match.first_dealer, level=level,
                         legacy_seed=match.seed, legacy_log=[[p, t] for p, t in log],
                         friend=names is not None, names=list(names) if names else None,
                         invite_status="accepted" if names else None,
                         hands=1 if names else 0)
        db.add(game)
        db.flush()
        assert game.id is not None
        db.merge(PlaySeat(session_id=session_id, match_id=game.id, version=1))
        db.commit()
        return game.id


@contextmanager
def position_server(folder: Path, template: Path) -> Iterator[tuple[LiveServer, Engine]]:
    """A server on a copy of the migrated ``template`` database in ``folder``, and an
    engine on that database to store positions with; both closed at the end."""
    path = folder / "gin.db"
    shutil.copyfile(template, path)
    server = LiveServer(db_url=sqlite_url(path)).start()
    engine = create_db_engine(server.db_url)
    try:
        yield server, engine
    finally:
        engine.dispose()
        server.stop()
        server.log.close()
