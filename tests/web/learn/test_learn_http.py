"""*Learn by playing* over HTTP: every step of the lesson posted as a plain form and as
a script's post, every move the lesson does not teach refused with nothing changed,
forged and stale posts refused, the browser's match in progress untouched, the
computer's cards hidden until each hand's end, and the home page's offer made until the
lesson is finished or the offer dismissed."""

from __future__ import annotations

import re

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlmodel import Session, func, select

from app.core.models import LearnLesson, PlayHand, PlayMatch
from app.engine import DrawStock, Phase, legal_actions
from app.learn import script
from tests.support.browsers import session_id_of
from tests.support.hardening import action_form as fields
from tests.support.hardening import stored_play

HTMX = {"HX-Request": "true"}


def lesson_row(app: FastAPI, client: TestClient) -> tuple[int, int] | None:
    """The stored (done, version) of this client's lesson, ``None`` before the first tap."""
    with Session(app.state.engine) as db:
        row = db.get(LearnLesson, session_id_of(client))
        return None if row is None else (row.done, row.version)


def version_on(page: str) -> int:
    found = re.search(r'name="version" value="(\d+)"', page)
    assert found, "no version field on the page"
    return int(found.group(1))


def hidden_words(done: int) -> list[str]:
    """What no page may show while the lesson's hand is in progress: the computer's
    cards and the stock, by code in a card's markup, by name and by symbol."""
    match, _ = script.state_at(done)
    if match.hand.phase is Phase.OVER:
        return []  # between hands: the hand just ended is public
    hidden = [*match.hand.hands[script.COMPUTER], *match.hand.stock]
    words = []
    for card in hidden:
        rank = "10" if card.rank.value == "T" else card.rank.value
        words += [f'data-card="{card}"', f"#{card}\"", card.name, f"{rank}{card.suit.symbol}"]
    return words


def test_every_step_plays_over_http_to_the_end(app: FastAPI, client: TestClient) -> None:
    page = client.get("/learn")
    assert page.status_code == 200
    assert f"step 1 of {len(script.STEPS)}" in page.text and 'id="learn-leave"' in page.text
    for done, step in enumerate(script.STEPS):
        page = client.get("/learn")
        assert f"step {done + 1} of {len(script.STEPS)}" in page.text
        assert step.title in page.text
        for word in hidden_words(done):
            assert word not in page.text, f"step {done + 1} shows {word!r}"
        version = version_on(page.text)
        if done % 2:
            answer = client.post("/learn", data=fields(step.move, version), headers=HTMX)
            assert answer.status_code == 200
            assert 'id="table"' in answer.text and "<html" not in answer.text
        else:
            answer = client.post("/learn", data=fields(step.move, version),
                                 follow_redirects=False)
            assert answer.status_code == 303 and answer.headers["location"] == "/learn"
        assert lesson_row(app, client) == (done + 1, version + 1)
    end = client.get("/learn")
    assert "the end" in end.text and "Play a real match" in end.text
    match, _ = script.state_at(len(script.STEPS))
    result = match.hand.result
    assert result is not None and result.winner == script.PERSON
    assert f"you score {result.points}" in end.text.lower()
    assert "Tap Next hand" not in end.text and 'id="a-next_hand"' not in end.text
    assert "The lesson is over" in end.text
    assert result.score.arithmetic in end.text
    assert 'id="learn-leave"' in end.text
    assert "dealt before provable deals" not in end.text  # the deal is fixed, and says so
    assert "The lesson's deal is fixed" in end.text
    assert "/play/history/last" not in end.text  # the real match's links are not offered
    for line in script.SUMMARY:
        assert line in end.text


def test_a_move_the_step_does_not_teach_is_refused_and_changes_nothing(
        app: FastAPI, client: TestClient) -> None:
    client.post("/learn/start", data={"back": "/guide"})
    for done, step in enumerate(script.STEPS):
        match, _ = script.state_at(done)
        others = [a for a in legal_actions(match.hand, script.PERSON) if a != step.action] \
            if match.hand.phase is not Phase.OVER else [DrawStock()]
        assert others, f"step {done + 1} has no other move to refuse"
        before = lesson_row(app, client)
        assert before is not None
        for action in others[:6]:
            answer = client.post("/learn", data=fields(str(action), before[1]), headers=HTMX)
            assert answer.status_code == 400, str(action)
            assert step.wrong in answer.text
            assert 'id="table"' in answer.text
            assert lesson_row(app, client) == before
        client.post("/learn", data=fields(step.move, before[1]))


@pytest.mark.parametrize("form", [
    {},
    {"action": "draw_stock"},
    {"action": "draw_stock", "version": "x"},
    {"action": "dance", "version": "0"},
    {"action": "discard", "version": "0"},
    {"action": "discard", "card": "ZZ", "version": "0"},
    {"action": "discard", "card": "TH", "version": "0"},
    {"action": "next_hand", "version": "0"},
    {"action": "take_upcard" * 500, "version": "0"},
    {"sort": "colour"},
])
def test_forged_posts_are_refused(app: FastAPI, client: TestClient, form: dict[str, str]) -> None:
    client.get("/learn")
    answer = client.post("/learn", data=form, headers=HTMX)
    assert answer.status_code == 400
    assert 'id="table"' in answer.text
    assert lesson_row(app, client) is None
    assert f"step 1 of {len(script.STEPS)}" in client.get("/learn").text


def test_a_stale_post_is_refused(app: FastAPI, client: TestClient) -> None:
    client.post("/learn", data=fields(script.STEPS[0].move, 0))
    answer = client.post("/learn", data=fields(script.STEPS[1].move, 0), headers=HTMX)
    assert answer.status_code == 409
    assert "older screen" in answer.text
    assert lesson_row(app, client) == (1, 1)
    # A repeat of the first tap with its old version is refused too.
    again = client.post("/learn", data=fields(script.STEPS[0].move, 0), headers=HTMX)
    assert again.status_code == 409
    assert lesson_row(app, client) == (1, 1)


def test_the_lesson_is_over_once_played(app: FastAPI, client: TestClient) -> None:
    for done, step in enumerate(script.STEPS):
        client.post("/learn", data=fields(step.move, done))
    answer = client.post("/learn", data=fields("draw_stock", len(script.STEPS)), headers=HTMX)
    assert answer.status_code == 400 and "The lesson is over" in answer.text
    assert lesson_row(app, client) == (len(script.STEPS), len(script.STEPS))
    client.post("/learn/start", data={"back": "/"})
    assert f"step 1 of {len(script.STEPS)}" in client.get("/learn").text
    assert lesson_row(app, client) == (0, len(script.STEPS) + 1)


def test_sorting_the_hand_is_kept_and_moves_nothing(app: FastAPI, client: TestClient) -> None:
    answer = client.post("/learn", data={"sort": "suit"}, headers=HTMX)
    assert answer.status_code == 200
    assert 'aria-pressed="true"' in answer.text and "hand--suit" in answer.text
    with Session(app.state.engine) as db:
        row = db.get(LearnLesson, session_id_of(client))
        assert row is not None and row.sort == "suit" and row.done == 0


def test_the_match_in_progress_is_untouched(app: FastAPI, client: TestClient) -> None:
    started = client.post("/play/new", data={"level": "easy"}, follow_redirects=False)
    assert started.status_code == 303
    session_id = session_id_of(client)
    before = stored_play(app.state.engine, session_id)
    assert before is not None
    history = client.get("/play/history").text
    for done, step in enumerate(script.STEPS):
        client.post("/learn", data=fields(step.move, done))
    client.post("/learn", data=fields("pass", 0))
    assert stored_play(app.state.engine, session_id) == before
    with Session(app.state.engine) as db:
        assert db.exec(select(func.count()).select_from(PlayMatch)).one() == 1
        assert db.exec(select(func.count()).select_from(PlayHand)).one() == 1
    assert client.get("/play/history").text == history
    assert client.get("/play").status_code == 200


def test_leave_goes_back_where_the_lesson_was_started(client: TestClient) -> None:
    client.post("/learn/start", data={"back": "/guide"})
    assert 'learn-leave" href="/guide"' in client.get("/learn").text
    for forged in ("https://evil.example/", "//evil.example", "/guide?x=1", "javascript:1"):
        client.post("/learn/start", data={"back": forged})
        assert 'learn-leave" href="/"' in client.get("/learn").text, forged


def test_the_home_page_offers_the_lesson_until_dismissed(client: TestClient) -> None:
    first = client.get("/")
    assert 'id="learn-offer"' in first.text and 'action="/learn/start"' in first.text
    assert 'id="learn-offer"' in client.get("/").text  # not yet answered: still offered
    closed = client.post("/learn/offer", follow_redirects=False)
    assert closed.status_code == 303
    assert 'id="learn-offer"' not in client.get("/").text
    assert 'action="/learn/start"' in client.get("/guide").text  # the guide still offers it


def test_the_offer_stays_until_the_lesson_is_finished(app: FastAPI) -> None:
    with TestClient(app) as other:
        assert 'id="learn-offer"' in other.get("/").text
        started = other.post("/learn/start", data={"back": "/"}, follow_redirects=False)
        assert started.headers["location"] == "/learn"
        version = version_on(other.get("/learn").text)
        other.post("/learn", data=fields(script.STEPS[0].move, version))
        assert lesson_row(app, other) == (1, version + 1)
        assert 'id="learn-offer"' in other.get("/").text  # left half-way: offered again
        other.post("/learn/start", data={"back": "/"})
        for step in script.STEPS:
            assert 'id="learn-offer"' in other.get("/").text
            other.post("/learn", data=fields(step.move, version_on(other.get("/learn").text)))
        row = lesson_row(app, other)
        assert row is not None and row[0] == len(script.STEPS)
        assert 'id="learn-offer"' not in other.get("/").text


def test_the_guide_offers_the_lesson(client: TestClient) -> None:
    page = client.get("/guide")
    assert "Learn by playing" in page.text
    assert '<input type="hidden" name="back" value="/guide">' in page.text


