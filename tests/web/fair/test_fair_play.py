"""Provably fair deals in Play (docs/fairness.md) and the play storage hand by hand.

The commitment is on the screen before the first action of a hand; the seeds revealed
after it re-derive exactly the cards the person saw; the client seed is set in the New
match form and between hands; a tap writes only the current hand's row, and a restart
replays one hand per match.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import event
from sqlmodel import Session, select

from app.core.models import PlayHand, PlayMatch
from app.engine import Card, HandSeed, Phase
from app.engine.fairness import fair_deal
from app.table import storage
from app.web.sessions import COOKIE_NAME
from tests.support.browsers import session_id_of
from tests.support.hardening import StoredPlay, action_form, random_form, stored_play

_HELD = re.compile(r'name="card" value="([A2-9TJQK][CDHS])"')


def _attr(html: str, name: str) -> str | None:
    found = re.search(rf'{name}="([^"]*)"', html)
    return found.group(1) if found else None


def _held(html: str) -> set[Card]:
    return {Card.parse(code) for code in _HELD.findall(html)}


def _stored(app: FastAPI, client: TestClient) -> StoredPlay:
    row = stored_play(app.state.engine, session_id_of(client))
    assert row is not None
    return row


def _replayed(row: StoredPlay) -> Any:
    from tests.support.hardening import Replayer
    return Replayer.from_row(row).advance(row.log)


def _start(client: TestClient, **form: str) -> str:
    client.get("/play")
    response = client.post("/play/new", data={"level": "easy", **form})
    assert response.status_code == 200, response.text[:500]
    return response.text


def _play_hand(app: FastAPI, client: TestClient, rng: random.Random,
               first_page: str) -> Iterator[tuple[dict[str, str], str, str]]:
    """Play the current hand to its end: yields (form, page before, page after)."""
    page = first_page
    while True:
        row = _stored(app, client)
        match = _replayed(row)
        if match.hand.phase is Phase.OVER:
            return
        form = random_form(match, row.version, rng, greedy=0.8)
        after = client.post("/play", data=form).text
        yield form, page, after
        page = after


def _finish_hand(app: FastAPI, client: TestClient, rng: random.Random, page: str) -> None:
    """Play the current hand to its end."""
    for _ in _play_hand(app, client, rng, page):
        pass


def _next_hands(app: FastAPI, client: TestClient, rng: random.Random, page: str,
                hands: int) -> str:
    """Play ``hands`` hands to their end, dealing the next one after each (unless the
    match is over); the last page."""
    for _ in range(hands):
        _finish_hand(app, client, rng, page)
        row = _stored(app, client)
        if _replayed(row).over:
            break
        page = client.post("/play", data=action_form("next_hand", row.version)).text
    return page


def test_a_hands_revealed_seeds_re_derive_the_cards_seen_and_the_commitment(
    app: FastAPI, client: TestClient
) -> None:
    rng = random.Random(14)
    for attempt in range(3):
        page = _start(client, client_seed=f"my seed {attempt}",
                      version=str(_stored(app, client).version) if attempt else "0")
        # Before the first action: the commitment only.
        commitment = _attr(page, "data-commitment")
        assert commitment is not None and re.fullmatch(r"[0-9a-f]{64}", commitment)
        assert _attr(page, "data-server-seed") is None
        assert _attr(page, "data-hand-number") == "1"
        first_hand = _held(page)
        drawn: list[Card] = []
        took_upcard: Card | None = None
        for form, before, after in _play_hand(app, client, rng, page):
            if form["action"] in ("draw_stock", "take_upcard") and \
                    _attr(after, "data-server-seed") is None:
                new = _held(after) - _held(before)
                assert len(new) == 1
                if form["action"] == "draw_stock":
                    drawn.append(new.pop())
                else:
                    took_upcard = new.pop()
            page = after
        server_seed = _attr(page, "data-server-seed")
        client_seed = _attr(page, "data-client-seed")
        assert server_seed is not None and client_seed == f"my seed {attempt}"
        assert _attr(page, "data-hand-number") == "1"
        assert hashlib.sha256(server_seed.encode("ascii")).hexdigest() == commitment
        assert _attr(page, "data-commitment") == commitment
        deal = fair_deal(server_seed, client_seed, 1)
        assert first_hand == set(deal.non_dealer)  # the computer deals hand 1
        if took_upcard is not None:
            assert took_upcard == deal.upcard
        # Each draw takes the top of the stock: the person's k-th draw is the card at the
        # position given by the draws (both players') before it in the stored log.
        draws = [player for player, text in _stored(app, client).hands[-1].log
                 if text == "draw_stock"]
        mine = [position for position, player in enumerate(draws) if player == 0]
        assert drawn == [deal.stock[position] for position in mine]
        link = f"/fair?server_seed={server_seed}"
        assert link in page
        check = client.get(page[page.index(link):].split('"')[0].replace("&amp;", "&"))
        assert check.status_code == 200 and "The commitment matches" in check.text
        if drawn or took_upcard:
            return
    pytest.fail("no card drawn in three hands")


def test_the_next_hands_commitment_is_shown_before_it_is_dealt_and_kept(
    app: FastAPI, client: TestClient
) -> None:
    rng = random.Random(3)
    page = _start(client)
    _finish_hand(app, client, rng, page)
    page = client.get("/play").text
    next_commitment = _attr(page, "data-next-commitment")
    assert next_commitment is not None
    row = _stored(app, client)
    assert row.next_server_seed is not None and row.next_server_seed not in page
    # A new client seed for the next hand, then the deal.
    changed = client.post("/play", data={"client_seed": "  spaced ~ seed! ",
                                         "version": str(row.version)})
    assert changed.status_code == 200
    row = _stored(app, client)
    page = client.post("/play", data=action_form("next_hand", row.version)).text
    assert _attr(page, "data-hand-number") == "2"
    assert _attr(page, "data-commitment") == next_commitment
    _finish_hand(app, client, rng, page)
    page = client.get("/play").text
    seed = _attr(page, "data-server-seed")
    assert seed is not None and _attr(page, "data-client-seed") == "  spaced ~ seed! "
    assert hashlib.sha256(seed.encode()).hexdigest() == next_commitment
    assert _stored(app, client).hands[1].client_seed == "  spaced ~ seed! "


@pytest.mark.parametrize("client_seed, message", [
    ("", "at least one character"),
    ("x" * 65, "at most 64 characters"),
    ("café", "printable ASCII"),
    ("tab\tseed", "printable ASCII"),
    ("\u202eevil", "printable ASCII"),
    ("nul\x00", "printable ASCII"),
])
def test_a_bad_client_seed_is_refused_with_a_message(
    app: FastAPI, client: TestClient, client_seed: str, message: str
) -> None:
    client.get("/play")
    response = client.post("/play/new", data={"level": "easy", "client_seed": client_seed,
                                              "version": "0"})
    assert response.status_code == 400
    assert message in response.text
    assert stored_play(app.state.engine, session_id_of(client)) is None
    # Between hands too: nothing changes.
    page = _start(client)
    _finish_hand(app, client, random.Random(1), page)
    row = _stored(app, client)
    response = client.post("/play", data={"client_seed": client_seed,
                                          "version": str(row.version)})
    assert response.status_code == 400 and message in response.text
    after = _stored(app, client)
    assert (after.version, after.client_seed) == (row.version, row.client_seed)


def test_the_new_match_form_shows_a_random_client_seed_and_uses_it(
    app: FastAPI, client: TestClient
) -> None:
    form = client.get("/play/new").text
    shown = re.search(r'name="client_seed" value="([^"]+)"', form)
    assert shown is not None and len(shown.group(1)) >= 8
    assert shown.group(1) not in client.get("/play/new").text  # a fresh one each time
    _start(client, client_seed=shown.group(1))
    row = _stored(app, client)
    assert row.client_seed == shown.group(1) == row.hands[0].client_seed


def test_the_client_seed_cannot_change_in_the_middle_of_a_hand(
    app: FastAPI, client: TestClient
) -> None:
    _start(client)
    row = _stored(app, client)
    response = client.post("/play", data={"client_seed": "later", "version": str(row.version)})
    assert response.status_code == 400 and "between hands" in response.text
    assert _stored(app, client).client_seed == row.client_seed


def test_each_hand_has_a_fresh_server_seed(app: FastAPI, client: TestClient) -> None:
    rng = random.Random(8)
    page = _start(client)
    _next_hands(app, client, rng, page, 3)
    seeds = _stored(app, client).server_seeds
    assert len(seeds) >= 3 and len(set(seeds)) == len(seeds)
    assert all(re.fullmatch(r"[0-9a-f]{64}", seed) for seed in seeds)


# --- storage: what a tap writes, what a restart replays ------------------------------------


class Writes:
    """Every INSERT/UPDATE/DELETE the app's engine sends, with its parameters."""

    def __init__(self, app: FastAPI) -> None:
        self.statements: list[tuple[str, Any]] = []
        event.listen(app.state.engine, "before_cursor_execute", self._note)

    def _note(self, _conn: Any, _cursor: Any, statement: str, parameters: Any,
              _context: Any, _many: bool) -> None:
        if statement.lstrip().split()[0].upper() in ("INSERT", "UPDATE", "DELETE"):
            self.statements.append((statement, parameters))

    def take(self) -> list[tuple[str, Any]]:
        taken, self.statements = self.statements, []
        return taken


def test_a_tap_writes_only_the_current_hand_whatever_the_match_length(
    app: FastAPI, client: TestClient
) -> None:
    """Per tap: the seat and the current hand's row (plus the match row when a hand ends
    or starts); never an earlier hand, and the bytes written are bounded by the
    current hand's log, not by the match's length."""
    rng = random.Random(12)
    page = _start(client, level="easy")
    writes = Writes(app)
    per_hand: list[int] = []
    while len(per_hand) < 6:
        biggest = 0
        for _form, _before, _after in _play_hand(app, client, rng, page):
            taken = writes.take()
            row = _stored(app, client)
            current = row.hands[-1]
            for statement, parameters in taken:
                text = statement.lower()
                assert "play_hand" in text or "play_seat" in text or "play_match" in text \
                    or "browser_session" in text, statement
                if text.startswith("update play_hand"):
                    # The WHERE names the current hand; the log written is that hand's.
                    assert current.number in tuple(parameters), (statement, parameters)
            size = sum(len(repr(parameters)) for _, parameters in taken)
            assert size <= 1500 + 60 * len(current.log), (size, len(current.log))
            biggest = max(biggest, size)
        per_hand.append(biggest)
        row = _stored(app, client)
        if _replayed(row).over:
            page = _start(client, version=str(row.version))
            continue
        page = client.post("/play", data=action_form("next_hand", row.version)).text
        for statement, _parameters in writes.take():
            assert not statement.lower().startswith("update play_hand"), statement
    assert len(per_hand) == 6


def test_a_restart_replays_only_the_current_hand_once(
    app: FastAPI, client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(21)
    page = _start(client)
    _next_hands(app, client, rng, page, 2)
    replayed: list[int] = []
    real = storage.resume

    def counting(*args: Any, **kwargs: Any) -> Any:
        replayed.append(len(list(args[4])))
        return real(*args, **kwargs)

    monkeypatch.setattr(storage, "resume", counting)
    monkeypatch.setattr(storage, "replay", lambda *a, **k: pytest.fail("a whole replay"))
    storage.forget_cache()  # as after a restart
    client.get("/play")
    client.get("/play")
    row = _stored(app, client)
    assert len(row.hands) >= 3
    assert replayed == [len(row.hands[-1].log)]  # one hand, once


def test_finished_matches_and_hands_are_kept_with_their_own_ids(
    app: FastAPI, client: TestClient
) -> None:
    _start(client)
    first = _stored(app, client)
    _start(client, version=str(first.version))
    second = _stored(app, client)
    assert second.match_id != first.match_id
    with Session(app.state.engine) as db:
        matches = db.exec(select(PlayMatch).where(
            PlayMatch.session_id == session_id_of(client))).all()
        assert {m.id for m in matches} == {first.match_id, second.match_id}
        assert db.get(PlayHand, (first.match_id, 1)) is not None


# --- a match stored before provable deals --------------------------------------------------

PLAY_HANDS_REVISION = "0004"
"""The migration that moved Play to one row per hand."""


def test_a_match_stored_before_provable_deals_loads_and_goes_on_fairly(tmp_path: Any) -> None:
    from alembic.script import ScriptDirectory
    from sqlalchemy import JSON, BigInteger, Column, Integer, MetaData, String, Table
    from sqlmodel.sql.sqltypes import UTCDateTime

    from alembic import command
    from app.core.config import Settings
    from app.core.db import alembic_config, create_db_engine
    from app.core.models import BrowserSession, utcnow
    from app.engine import HOUSE, NextHand, apply_match, legal_match_actions, new_match
    from app.main import create_app
    from app.web.sessions import new_token

    url = f"sqlite:///{tmp_path / 'old.db'}"
    config = alembic_config(url)
    before = ScriptDirectory.from_config(config).get_revision(PLAY_HANDS_REVISION).down_revision
    assert isinstance(before, str)
    command.upgrade(config, before)
    # An old match: two hands played, the third one started.
    match = new_match(HOUSE, seed=77, first_dealer=1)
    log: list[list[Any]] = []
    while not (match.hand_number >= 3 and match.hand.phase is not Phase.OVER
               and len(match.hand_log) >= 2 and match.hand.to_play == 0):
        if match.hand.phase is Phase.OVER:
            match, _ = apply_match(match, 0, NextHand())
            log.append([0, "next_hand"])
            continue
        player = match.hand.to_play
        action = legal_match_actions(match, player)[0]
        match, _ = apply_match(match, player, action)
        log.append([player, str(action)])
    old = Table("play_match", MetaData(), Column("session_id", String), Column("rules", JSON),
                Column("seed", BigInteger), Column("first_dealer", Integer),
                Column("level", String), Column("log", JSON), Column("sort", String),
                Column("selected", String), Column("computer_said", String),
                Column("version", Integer), Column("created_at", UTCDateTime()),
                Column("updated_at", UTCDateTime()))
    session_id = new_token()  # before 0025 the id was the cookie itself
    engine = create_db_engine(url)
    with Session(engine) as db:
        db.add(BrowserSession(id=session_id))
        db.commit()
    with engine.begin() as conn:
        conn.execute(old.insert().values(
            session_id=session_id, rules=HOUSE.to_dict(), seed=77, first_dealer=1,
            level="easy", log=log, sort="suit", selected=None, computer_said="", version=9,
            created_at=utcnow(), updated_at=utcnow()))
    engine.dispose()
    command.upgrade(config, "head")

    app = create_app(Settings(database_url=url))
    with TestClient(app, base_url="http://testserver",
                    cookies={COOKIE_NAME: session_id}) as client:
        page = client.get("/play").text
        assert _held(page) == set(match.hand.hands[0])
        assert "before provable deals" in page and _attr(page, "data-commitment") is None
        row = _stored(app, client)
        assert (row.version, row.sort, len(row.hands)) == (9, "suit", match.hand_number)
        assert [h.log for h in row.hands] == [
            [list(e) for e in hand] for hand in _split(log)]
        assert _replayed(row) == match
        _finish_hand(app, client, random.Random(2), page)
        row = _stored(app, client)
        page = client.post("/play", data=action_form("next_hand", row.version)).text
        assert _attr(page, "data-hand-number") == str(match.hand_number + 1)
        assert re.fullmatch(r"[0-9a-f]{64}", _attr(page, "data-commitment") or "")
        assert isinstance(_stored(app, client).seeds[-1], HandSeed)


def _split(log: list[list[Any]]) -> list[list[list[Any]]]:
    hands: list[list[list[Any]]] = [[]]
    for entry in log:
        if entry[1] == "next_hand":
            hands.append([])
        else:
            hands[-1].append(entry)
    return hands
