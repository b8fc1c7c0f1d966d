"""Expert on the play screen: offered in the New match form, refused when
unknown in a form (400) or in a stored match (a clear error on load); the Hint button
shows the Expert's advice from the person's view and is counted with the match."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlmodel import Session

from app.core.config import Settings
from app.core.models import PlayMatch, PlaySeat
from app.engine import (
    match_view,
)
from app.engine.bots import UnknownLevelError, expert
from app.table import storage as play_storage
from app.table.storage import open_seat
from app.table.words import action_words
from tests.support.browsers import session_id_of
from tests.support.hardening import hidden_cards, leaks


def test_new_match_form_offers_the_four_levels(client: TestClient) -> None:
    page = client.get("/play/new").text
    for name, label in (("easy", "Easy"), ("standard", "Standard"), ("hard", "Hard"),
                        ("expert", "Expert")):
        assert f'value="{name}"' in page and label in page
    assert 'value="simple"' not in page  # the reference player is not a level


def _stored(app: FastAPI, client: TestClient) -> tuple[PlaySeat, PlayMatch]:
    """This browser's seat and its current match row, as stored."""
    with Session(app.state.engine) as db:
        seat = open_seat(db, session_id_of(client))
        assert seat is not None
        game = db.get(PlayMatch, seat.match_id)
        assert game is not None
        return seat, game


def test_an_expert_match_starts_and_is_stored(app: FastAPI, client: TestClient) -> None:
    response = client.post("/play/new", data={"level": "expert", "version": "0"})
    assert response.status_code in (200, 303)
    assert _stored(app, client)[1].level == "expert"
    assert 'Expert<span class="scorebar__long"> computer</span>' in client.get("/play").text


def test_a_stored_match_with_an_unknown_level_is_a_clear_error_on_load(
        app: FastAPI, client: TestClient) -> None:
    client.post("/play/new", data={"level": "standard", "version": "0"})
    session_id = session_id_of(client)
    _, game = _stored(app, client)
    with Session(app.state.engine) as db:
        game.level = "grandmaster"
        db.add(game)
        db.commit()
    play_storage.forget_cache()
    with Session(app.state.engine) as db, pytest.raises(
            UnknownLevelError, match="unknown computer level 'grandmaster'"):
        play_storage.load(db, session_id)


# --- Hints ---------------------------------------------------------------------------

HX = {"HX-Request": "true"}


@pytest.fixture
def small_expert() -> Iterator[None]:
    """Hints computed in the test's thread with a small, clock-free Expert budget."""
    saved = expert.DEFAULT_BUDGET
    expert.DEFAULT_BUDGET = expert.Budget(samples=3, discards=2, deadline=None)
    yield
    expert.DEFAULT_BUDGET = saved


@pytest.fixture
def settings(db_url: str) -> Settings:
    """No process pool in these tests: hints are computed in the request thread."""
    return Settings(database_url=db_url, compute_workers=0)


def _start(app: FastAPI, client: TestClient, level: str = "standard") -> PlaySeat:
    client.post("/play/new", data={"level": level, "version": "0"})
    return _stored(app, client)[0]


def _row(app: FastAPI, client: TestClient) -> PlayMatch:
    return _stored(app, client)[1]


def test_a_hint_shows_what_expert_would_do_and_is_counted(
        app: FastAPI, client: TestClient, small_expert: None) -> None:
    row = _start(app, client)
    page = client.get("/play").text
    assert 'id="a-hint"' in page
    response = client.post("/play/hint", data={"version": str(row.version)}, headers=HX)
    assert response.status_code == 200
    body = response.text
    assert 'id="hint"' in body and "Expert would:" in body
    assert 1 <= body.count("to win the match") <= 3
    assert "<html" not in body  # the hint box only
    seat, game = _stored(app, client)
    assert game.hints_used == 1
    assert seat.version == row.version  # nothing in the game changed
    with Session(app.state.engine) as db:
        loaded = play_storage.load(db, seat.session_id)
        assert loaded is not None
    match = loaded.match
    hidden, _ = hidden_cards(match)
    assert not leaks(body, hidden)
    # The advice is one of the person's legal actions, in words.
    view = match_view(match, 0)
    assert any(action_words(a) in body for a in view.legal)


def test_a_plain_post_shows_the_whole_screen_with_the_hint(
        app: FastAPI, client: TestClient, small_expert: None) -> None:
    row = _start(app, client)
    response = client.post("/play/hint", data={"version": str(row.version)})
    assert response.status_code == 200
    assert "Expert would:" in response.text and 'id="table"' in response.text
    # Reloading the screen shows it without the hint (advice is for one position).
    assert "Expert would:" not in client.get("/play").text


@pytest.mark.parametrize("version", ["", "abc", "-1", "999999"])
def test_a_hint_from_a_stale_or_forged_screen_is_refused_and_not_counted(
        app: FastAPI, client: TestClient, small_expert: None, version: str) -> None:
    _start(app, client)
    response = client.post("/play/hint", data={"version": version}, headers=HX)
    assert response.status_code == 409
    assert "Expert would:" not in response.text
    assert _row(app, client).hints_used == 0


def test_a_hint_without_a_match_is_refused(client: TestClient) -> None:
    response = client.post("/play/hint", data={"version": "0"})
    assert response.status_code == 400
    assert "no match yet" in response.text.lower()


def test_a_new_match_starts_with_no_hints_used(
        app: FastAPI, client: TestClient, small_expert: None) -> None:
    row = _start(app, client)
    client.post("/play/hint", data={"version": str(row.version)}, headers=HX)
    assert _row(app, client).hints_used == 1
    client.post("/play/new", data={"level": "expert", "version": str(row.version)})
    fresh = _row(app, client)
    assert fresh.level == "expert" and fresh.hints_used == 0
