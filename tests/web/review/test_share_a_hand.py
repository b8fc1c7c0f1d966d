"""*Share this hand*: a read-only link to one finished hand, from the sharer's seat.

The link opens in a fresh browser without forms that act, shows no card that stayed
hidden at the hand's end (the stock) nor the other hand before the end, names the sharer
only when they chose it, stops when revoked (by the sharer only); a forged or unknown
token says so without a 500; the token is never stored in clear.
"""

from __future__ import annotations

import re

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlmodel import Session

from app.core.models import HandShare
from app.engine import Card
from app.engine.review import hand_positions
from app.review import history as hist
from app.web.sessions import token_hash
from tests.support.browsers import session_id_of, stored_with
from tests.support.hardening import cards_written, leaks
from tests.support.translated import english_left
from tests.web.review.test_history import _finish_hand

LINK = re.compile(r'value="(http://testserver/shared/hand/([A-Za-z0-9_-]+))"')


def _share(client: TestClient, match_id: int, number: int, **form: str) -> tuple[str, str]:
    """Share the hand; (the link's path, its token) as the page shows them once."""
    made = client.post(f"/play/history/{match_id}/{number}/share", data=form)
    assert made.status_code == 200, made.text
    found = LINK.search(made.text)
    assert found is not None, made.text
    return found.group(1).removeprefix("http://testserver"), found.group(2)


def _hidden_at_end(app: FastAPI, client: TestClient, match_id: int,
                   number: int) -> tuple[set[Card], list[set[Card]]]:
    """The cards still in the stock at the hand's end, and at each position the other
    player's cards the sharer could not see (all but those taken from the pile)."""
    with Session(app.state.engine) as db:
        facts = hist.hand_facts(db, session_id_of(client), match_id, number)
    positions = hand_positions(facts.rules, facts.seed, facts.number, facts.dealer, facts.log)
    end = positions[-1].state
    unseen = [set(p.state.hands[1]) - set(p.state.known[1]) for p in positions[:-1]]
    return set(end.stock), unseen


def test_a_shared_link_opens_read_only_in_a_fresh_browser_and_hides_what_stayed_hidden(
        app: FastAPI, client: TestClient) -> None:
    match_id, number = _finish_hand(app, client)
    path, _token = _share(client, match_id, number)
    stock, unseen = _hidden_at_end(app, client, match_id, number)
    assert stock, "a finished hand leaves cards in the stock"
    with TestClient(app) as fresh:
        page = fresh.get(path)
        assert page.status_code == 200
        assert "<form" not in page.text and "hx-post" not in page.text
        assert leaks(page.text, stock) == []
        steps = page.text.split('class="review-step felt"')[1:]
        assert len(steps) == len(unseen) + 1
        for index, (text, hidden) in enumerate(zip(steps, unseen, strict=False)):
            assert leaks(text, hidden) == [], f"step {index} shows the other hand"
        # At the end the other hand is shown as it was: both hands face up.
        assert len(cards_written(steps[-1])) >= 20
        assert "A shared hand" in page.text


def test_the_name_is_shown_only_when_chosen(app: FastAPI, client: TestClient) -> None:
    match_id, number = _finish_hand(app, client)
    quiet, _ = _share(client, match_id, number, name="Zebulon")
    named, _ = _share(client, match_id, number, name="Zebulon", show_name="1")
    with TestClient(app) as fresh:
        assert "Zebulon" not in fresh.get(quiet).text
        assert "A hand shared by Zebulon" in fresh.get(named).text


def test_stop_sharing_ends_the_link_and_only_the_sharer_can(app: FastAPI,
                                                           client: TestClient) -> None:
    match_id, number = _finish_hand(app, client)
    path, _ = _share(client, match_id, number)
    review = client.get(f"/play/history/{match_id}/{number}").text
    assert "Stop sharing" in review
    with TestClient(app) as other:
        other.get("/")
        refused = other.post(f"/play/history/{match_id}/{number}/unshare")
        assert refused.status_code == 404
        assert other.get(path).status_code == 200
    stopped = client.post(f"/play/history/{match_id}/{number}/unshare",
                          follow_redirects=False)
    assert stopped.status_code == 303
    with TestClient(app) as fresh:
        gone = fresh.get(path)
        assert gone.status_code == 410
        assert "no longer shared" in gone.text
    assert "Stop sharing" not in client.get(f"/play/history/{match_id}/{number}").text


def test_a_cross_site_share_is_refused(app: FastAPI, client: TestClient) -> None:
    match_id, number = _finish_hand(app, client)
    refused = client.post(f"/play/history/{match_id}/{number}/share",
                          headers={"Origin": "https://elsewhere.example"})
    assert refused.status_code == 403
    with Session(app.state.engine) as db:
        assert db.get(HandShare, token_hash("x")) is None
        assert not db.exec(HandShare.__table__.select()).all()  # type: ignore[attr-defined]


def test_a_forged_or_unknown_link_says_so(client: TestClient) -> None:
    for token in ["A" * 43, "not-a-token", "%00", "x" * 500]:
        page = client.get(f"/shared/hand/{token}")
        assert page.status_code == 404
        assert "does not lead to a shared hand" in page.text


def test_the_token_is_not_stored_in_clear(app: FastAPI, client: TestClient) -> None:
    match_id, number = _finish_hand(app, client)
    _, token = _share(client, match_id, number, name="Zebulon", show_name="1")
    assert stored_with(app.state.engine, [token]) == []
    with Session(app.state.engine) as db:
        assert db.get(HandShare, token_hash(token)) is not None
    data = client.get("/privacy/data.json")
    assert token_hash(token) not in data.text
    [shared] = data.json()["tables"]["hand_share"]
    assert "token_hash" not in shared
    assert (shared["match_id"], shared["number"], shared["name"]) == (match_id, number,
                                                                     "Zebulon")
    assert shared["created_at"] and shared["session_id"] == "you"


@pytest.mark.parametrize(("language", "words"), [
    ("de", ("Diese Runde teilen", "Eine geteilte Runde", "Nicht mehr geteilt")),
    ("es", ("Compartir esta mano", "Una mano compartida", "Ya no se comparte")),
    ("fr", ("Partager cette donne", "Une donne partagée", "est plus partagée")),
    ("it", ("Condividi questa mano", "Una mano condivisa", "Non più condivisa")),
    ("pt", ("Partilhar esta mão", "Uma mão partilhada", "Já não está partilhada"))])
def test_sharing_is_said_in_the_pages_language(app: FastAPI, client: TestClient,
                                               language: str,
                                               words: tuple[str, str, str]) -> None:
    client.headers["Accept-Language"] = language
    match_id, number = _finish_hand(app, client)
    review = client.get(f"/play/history/{match_id}/{number}").text
    made = client.post(f"/play/history/{match_id}/{number}/share").text
    path, _ = _share(client, match_id, number)
    with TestClient(app) as fresh:
        fresh.headers["Accept-Language"] = language
        shared = fresh.get(path).text
        client.post(f"/play/history/{match_id}/{number}/unshare")
        stopped = fresh.get(path).text
    for page, word in zip((review, shared, stopped), words, strict=True):
        assert word in page
    for page in (review, made, shared, stopped):
        assert english_left(page, language) == []


def test_forgetting_the_history_deletes_its_shares(app: FastAPI, client: TestClient) -> None:
    match_id, number = _finish_hand(app, client)
    path, token = _share(client, match_id, number)
    assert client.post("/devices/forget", data={"confirm": "yes"}).status_code in (200, 303)
    with Session(app.state.engine) as db:
        assert db.get(HandShare, token_hash(token)) is None
    with TestClient(app) as fresh:
        assert fresh.get(path).status_code == 404
