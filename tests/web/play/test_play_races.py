"""Two taps of one browser that read the same version (a double tap, two tabs): the one
that loses the race writes nothing and is refused as stale, never a 500 — also when the
winner's tap inserted a row (the next hand's) that the loser would insert too."""

from __future__ import annotations

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlmodel import Session

from app.engine import HandSeed, NextHand, apply_match
from app.table import StaleTapError, storage
from tests.support.browsers import session_id_of
from tests.support.hardening import finish_hand, stored_play


def test_a_next_hand_that_lost_the_race_is_stale_and_writes_nothing(
        app: FastAPI, client: TestClient) -> None:
    assert client.post("/play/new", data={"level": "easy"}).status_code == 200
    finish_hand(app, client, seed=3, deal_next=False)
    session_id = session_id_of(client)
    with Session(app.state.engine.execution_options(sqlite_begin="LAZY"),
                 expire_on_commit=False) as loser:  # as a request does
        read = storage.load(loser, session_id)  # the losing tap has read the match
        assert read is not None
        seed = HandSeed(read.game.next_server_seed or "0" * 64, read.game.client_seed)
        dealt, _ = apply_match(read.match, 0, NextHand(seed))
        loser.rollback()
        won = client.post("/play", data={"action": "next_hand",
                                         "version": str(read.game.version)})
        assert won.status_code == 200
        before = stored_play(app.state.engine, session_id)
        with pytest.raises(StaleTapError):
            storage.store(loser, read, dealt)
    assert stored_play(app.state.engine, session_id) == before
