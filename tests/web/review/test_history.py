"""History, hand reviews and the hand history format.

A finished hand is listed and reviewable position by position; another browser's ids and
ids that do not exist get the same 404; an export imports back to the same review; a
malformed, truncated, edited or oversized file is refused with a clear 4xx and nothing
is stored.
"""

from __future__ import annotations

import re

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from httpx import Response

from app.core.fairuse import Rate
from app.engine.handhistory import (
    MAGIC,
    HandHistoryError,
    check,
    dump,
    parse,
)
from app.web.sessions import COOKIE_NAME
from tests.support.browsers import session_id_of
from tests.support.hardening import diff, finish_hand, snapshot, stored_play
from tests.support.histories import match_file
from tests.web.fair.test_fair_play import _stored

SERVER = "5" * 64


def _finish_hand(app: FastAPI, client: TestClient, seed: int = 1) -> tuple[int, int]:
    """Start a match (Easy) and play a hand of it to the end, one with a move of the
    person's (see :func:`tests.hardening.finish_hand`): (match id, hand number)."""
    client.get("/play")
    current = stored_play(app.state.engine, session_id_of(client))
    form = {"level": "easy", "version": str(current.version if current else 0)}
    assert client.post("/play/new", data=form).status_code == 200
    played = finish_hand(app, client, seed, deal_next=False)
    return played["match_id"], played["number"]


def test_the_history_lists_a_finished_hand_and_its_review_steps_through_it(
        app: FastAPI, client: TestClient) -> None:
    match_id, number = _finish_hand(app, client)
    page = client.get("/play/history")
    assert page.status_code == 200
    assert f'href="/play/history/{match_id}/{number}"' in page.text
    review = client.get(f"/play/history/{match_id}/{number}")
    assert review.status_code == 200
    row = _stored(app, client)
    log = row.hands[0].log
    assert len(re.findall(r'class="review-step felt"', review.text)) == len(log) + 1
    # Both hands at the deal are shown: twenty different face-up cards in step 0.
    step0 = review.text.split('id="step-0"')[1].split('id="step-1"')[0]
    assert len(set(re.findall(r'aria-label="([A-Z][a-z]+ of [a-z]+)"', step0))) >= 21
    assert 'data-go="forward"' in review.text and "review.js" in review.text


def test_the_hand_in_progress_is_not_in_the_history(app: FastAPI, client: TestClient) -> None:
    match_id, number = _finish_hand(app, client)
    row = _stored(app, client)
    client.post("/play", data={"action": "next_hand", "version": str(row.version)})
    assert client.get(f"/play/history/{match_id}/{number + 1}").status_code == 404
    assert client.get(f"/play/history/{match_id}/{number + 1}.txt").status_code == 404
    assert f"/play/history/{match_id}/{number + 1}\"" not in client.get("/play/history").text


@pytest.mark.parametrize("path", [
    "/play/history/{m}/{h}", "/play/history/{m}/{h}.txt", "/play/history/{m}.txt"])
def test_another_browsers_history_is_invisible(app: FastAPI, client: TestClient,
                                               path: str) -> None:
    match_id, number = _finish_hand(app, client)
    mine = client.get(path.format(m=match_id, h=number))
    assert mine.status_code == 200
    with TestClient(app) as other:
        other.get("/")
        assert other.cookies[COOKIE_NAME] != client.cookies[COOKIE_NAME]
        theirs = other.get(path.format(m=match_id, h=number),
                           headers={"accept": "text/html"})
        assert theirs.status_code == 404
        assert "no such finished hand in this browser" in theirs.text
        assert f'/play/history/{match_id}/' not in other.get("/play/history").text
        missing = other.get(path.format(m=match_id + 1000, h=number),
                            headers={"accept": "text/html"})
        assert missing.status_code == 404 and missing.text.count("no such finished hand") == 1


def test_matches_are_numbered_per_browser(app: FastAPI, client: TestClient) -> None:
    # Another browser plays first, so the server's count is ahead of this browser's.
    with TestClient(app) as other:
        _finish_hand(app, other, seed=2)
    first, number = _finish_hand(app, client, seed=3)
    second, _ = _finish_hand(app, client, seed=4)
    assert first > 1  # the server's id: not what the browser is shown
    listing = client.get("/play/history").text
    assert f'id="match-{first}">Match 1 · ' in listing
    assert f'id="match-{second}">Match 2 · ' in listing
    assert "<h1>Match 1 report</h1>" in client.get(f"/play/history/{first}").text
    assert "<h1>Match 2 report</h1>" in client.get(f"/play/history/{second}").text
    review = client.get(f"/play/history/{first}/{number}").text
    assert f"Hand {number} of match 1" in review


@pytest.mark.parametrize("bad", ["abc", "-1", "0", "99999999999999999999", "1e3", "²", "%00"])
def test_garbage_ids_are_a_clear_404(app: FastAPI, client: TestClient, bad: str) -> None:
    match_id, _ = _finish_hand(app, client)
    for path in (f"/play/history/{bad}/1", f"/play/history/{match_id}/{bad}",
                 f"/play/history/{bad}.txt", f"/play/history/{match_id}/{bad}.txt"):
        response = client.get(path, headers={"accept": "text/html"})
        assert response.status_code == 404, path


def test_export_then_import_shows_the_same_review(app: FastAPI, client: TestClient) -> None:
    match_id, number = _finish_hand(app, client, seed=3)
    text = client.get(f"/play/history/{match_id}/{number}.txt")
    assert text.status_code == 200 and text.text.startswith(MAGIC)
    assert "attachment" in text.headers["content-disposition"]
    parsed = parse(text.text)
    row = _stored(app, client)
    assert parsed.hands[0].log == tuple((p, t) for p, t in row.hands[0].log)
    assert dump(parsed) == text.text
    before = snapshot(app.state.engine)
    imported = _imported_review(client, text.text)
    stored = client.get(f"/play/history/{match_id}/{number}").text

    def steps(html: str) -> list[str]:
        return re.findall(r'class="review-step__title"[^>]*>(.*?)</h2>', html, re.S)

    assert steps(imported.text) == steps(stored) and len(steps(stored)) > 1
    assert diff(before, snapshot(app.state.engine)) == {}
    match_text = client.get(f"/play/history/{match_id}.txt").text
    assert parse(match_text).hands == parsed.hands


IMPORTED = re.compile(r'href="(/play/history/import/[A-Za-z0-9_-]+\?hand=(\d+))"')


def _imported_review(client: TestClient, text: str) -> Response:
    """Import ``text`` and follow the summary's link to the review of its first hand."""
    summary = client.post("/play/history/import", data={"text": text})
    assert summary.status_code == 200
    link = IMPORTED.search(summary.text)
    assert link is not None and link.group(2) == "1"
    review = client.get(link.group(1))
    assert review.status_code == 200
    return review


def test_a_large_import_answers_a_short_summary_and_a_link_to_its_review(
        app: FastAPI, client: TestClient) -> None:
    small, large = match_file(1), match_file(30)
    assert len(large) > 20 * len(small)
    before = snapshot(app.state.engine)
    answers = [client.post("/play/history/import", files={"file": ("m.txt", text.encode())})
               for text in (small, large)]
    assert [answer.status_code for answer in answers] == [200, 200]
    # The answer does not grow with the file: a summary, not the file's review.
    assert len(answers[1].content) < len(answers[0].content) + 512
    assert len(answers[1].content) < len(large) // 3
    assert "30 hands read" in answers[1].text and "review-step" not in answers[1].text
    link = IMPORTED.search(answers[1].text)
    assert link is not None
    token = link.group(1).split("?")[0]
    last = client.get(f"{token}?hand=30")
    assert last.status_code == 200 and "Hand 30 (imported)" in last.text
    assert f'href="{token}?hand=29"' in last.text  # the previous hand's review
    # Nothing is stored; a token the server does not hold asks for the file again.
    assert diff(before, snapshot(app.state.engine)) == {}
    gone = client.get("/play/history/import/not-a-token?hand=1")
    assert gone.status_code == 404 and "import it again" in gone.text


def _edited(text: str) -> dict[str, str]:
    """Malformed versions of a valid hand history, by name."""
    lines = text.splitlines()
    actions = [i for i, line in enumerate(lines) if re.fullmatch(r"[01] [a-z_]+( \w\w)?", line)]
    discards = [i for i in actions if " discard " in f" {lines[i]}"]
    illegal = list(lines)
    illegal[actions[0]] = lines[actions[0]].replace("pass", "knock AS") \
        if "pass" in lines[actions[0]] else "0 knock AS"
    duplicate = list(lines)
    first_discard = lines[discards[0]].split()[-1]
    duplicate[discards[-1]] = lines[discards[-1]][:2] + "discard " + first_discard
    swapped = list(lines)
    swapped[actions[0]] = ("1" if lines[actions[0]][0] == "0" else "0") + lines[actions[0]][1:]
    return {
        "truncated": "\n".join(lines[:len(lines) // 2]) + "\n",
        "no end": "\n".join(lines[:-1]) + "\n",
        "illegal action": "\n".join(illegal) + "\n",
        "duplicate card": "\n".join(duplicate) + "\n",
        "wrong player": "\n".join(swapped) + "\n",
        "bad seed": text.replace("server-seed ", "server-seed zz"),
        "bad rules": text.replace('"target": 100', '"target": -5'),
        "not json rules": re.sub(r"rules \{.*\}", "rules {oops", text),
        "unknown level": re.sub(r"level \w+", "level grandmaster", text),
        "empty": "",
        "not a history": "hello\n",
        "garbage": "\x00\xff" * 200,
        "long line": text.replace("level ", "level " + "x" * 1000),
    }


def test_malformed_hand_histories_are_refused_and_nothing_is_stored(
        app: FastAPI, client: TestClient) -> None:
    # A hand with a plain discard in it (a hand's server seed is drawn afresh, so the
    # odd deal ends at a knock or gin on the first turn: the next hand is taken then).
    for seed in range(5, 15):
        match_id, number = _finish_hand(app, client, seed=seed)
        text = client.get(f"/play/history/{match_id}/{number}.txt").text
        if re.search(r"^[01] discard \w\w$", text, re.M):
            break
    before = snapshot(app.state.engine)
    # Dozens of files in a second, beyond what a person imports (LIMIT_IMPORTS_*).
    unlimited = Rate(10_000, 60)
    app.state.fair_use.rates["imports"] = (unlimited, unlimited)
    for name, bad in _edited(text).items():
        with pytest.raises(HandHistoryError):
            check(parse(bad))
        response = client.post("/play/history/import", data={"text": bad})
        assert response.status_code == 400, name
        assert 'class="error"' in response.text, name
        files = client.post("/play/history/import",
                            files={"file": ("hand.txt", bad.encode("utf-8", "replace"))})
        assert files.status_code == 400, name
    huge = client.post("/play/history/import",
                       files={"file": ("big.txt", b"0 pass\n" * (10 * 1024 * 1024 // 7))})
    assert huge.status_code == 413
    assert diff(before, snapshot(app.state.engine)) == {}


def test_stored_play_helper_still_reads_hands(app: FastAPI, client: TestClient) -> None:
    _finish_hand(app, client, seed=9)
    row = stored_play(app.state.engine, session_id_of(client))
    assert row is not None and row.hands[0].finished
