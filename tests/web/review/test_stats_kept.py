"""Statistics kept up to date (app/review/stats.py, app/core/statcache.py): the kept
figures equal those recomputed from nothing (every hand replayed, every analysis read,
as each view did before) on a history, and stay equal after a match ends through
play, after an analysis lands, after a friend's browser is forgotten and in a browser
that opened the history with a device code; a view of ``/stats`` sends the same
statements whatever the history's size.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlmodel import Session, col, select

from app.core import statcache
from app.core.models import BrowserStats, PlayHand
from app.devices import access
from app.devices.codes import CodeKind
from app.engine.rating import Rating
from app.review import analysis, stats
from app.review import history as hist
from tests.support.browsers import session_id_of
from tests.support.hardening import Replayer, random_form, stored_play
from tests.support.histories import store_history
from tests.web.play.test_tap_cost import counted

FRIEND = "friend-of-the-stats-test-0000000000000000"


def _sid(client: TestClient) -> str:
    client.get("/")
    return session_id_of(client)


def _kept_equals_recomputed(app: FastAPI, sid: str) -> stats.Stats:
    """The kept statistics of ``sid`` (building them when out of date), checked
    against those recomputed from nothing."""
    with Session(app.state.engine) as db:
        kept = stats.stats(db, sid)
        db.commit()
        old, _, _ = stats.recomputed(db, sid)
    assert kept == old
    return kept


def _current(app: FastAPI, sid: str) -> bool:
    with Session(app.state.engine) as db:
        row = db.get(BrowserStats, sid)
        return row is not None and row.built == row.generation


def _play_match(app: FastAPI, client: TestClient, seed: int) -> int:
    """Start a match to 10 points (Easy) and play it to its end with random legal taps;
    its id."""
    row = stored_play(app.state.engine, session_id_of(client))
    form = {"level": "easy", "target": "10", "version": str(row.version if row else 0)}
    assert client.post("/play/new", data=form).status_code == 200
    rng = random.Random(seed)
    while True:
        row = stored_play(app.state.engine, session_id_of(client))
        assert row is not None
        match = Replayer.from_row(row).advance(row.log)
        if match.over:
            return row.match_id
        if match.hand.phase.value == "over":
            client.post("/play", data={"action": "next_hand", "version": str(row.version)})
        else:
            client.post("/play", data=random_form(match, row.version, rng, greedy=0.9))


def _figures(html: str) -> dict[str, str]:
    return dict(re.findall(r'id="(stat-[a-z-]+)">([^<]*)<', html))


def test_kept_statistics_equal_the_recomputed_ones_as_the_history_changes(
        app: FastAPI, client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    engine = app.state.engine
    sid = _sid(client)
    store_history(engine, sid, 4, seed=1, target=25)
    store_history(engine, FRIEND, 3, seed=2, target=25, unfinished=False)
    store_history(engine, sid, 2, seed=3, target=25, friend=FRIEND, unfinished=False)
    with Session(engine) as db:  # rows stored behind the app's back: as a migration would
        statcache.bump(db, [sid])
        db.commit()
    assert client.get("/stats").status_code == 200
    assert _current(app, sid)
    first = _kept_equals_recomputed(app, sid)
    assert first.friends is not None and first.skill is not None and first.luck

    # A match that ends through play: the tap that ends each hand marks them out of date.
    match_id = _play_match(app, client, seed=4)
    assert not _current(app, sid)
    page = client.get("/stats")
    assert _current(app, sid)
    ended = _kept_equals_recomputed(app, sid)
    assert ended.hands > first.hands and ended.skill != first.skill
    assert _figures(page.text)["stat-hands"] == str(ended.hands)

    # An analysis that lands marks them out of date too (the search itself made up).
    with Session(engine) as db:
        number = db.exec(select(PlayHand.number).where(PlayHand.match_id == match_id)
                         .order_by(col(PlayHand.number).desc())).first()
        facts = hist.hand_facts(db, sid, match_id, number)
    made_up = [Rating(1, "pass", "pass", 0.5, 0.6, 10.0, "mistake").to_dict()]
    monkeypatch.setattr(analysis, "analyse", lambda *args: (made_up, 0.0))
    analysis.configure(enabled=True)
    try:
        job = analysis.schedule(engine, match_id, facts.number, facts.rules.to_dict(),
                                facts.seed, facts.dealer, facts.scores, list(facts.log))
        assert job is not None
        job.result(timeout=60)
    finally:
        analysis.configure(enabled=False)
    assert not _current(app, sid)
    analysed = _kept_equals_recomputed(app, sid)
    assert match_id in dict(analysed.accuracy) and match_id not in dict(ended.accuracy)

    # The friend forgets their browser: their matches with this one go, and its figures
    # with them.
    with Session(engine) as db:
        access.forget(db, FRIEND)
        db.commit()
    assert not _current(app, sid)
    forgotten = _kept_equals_recomputed(app, sid)
    assert forgotten.friends is None

    # Another browser opens this history with a device code: the same figures.
    with Session(engine) as db:
        code = access.issue(db, sid, CodeKind.DEVICE).code
        db.commit()
    with TestClient(app, base_url="http://testserver") as other:
        _sid(other)
        assert other.post("/devices/join", data={"code": code}).status_code in (200, 303)
        assert _figures(other.get("/stats").text) == _figures(client.get("/stats").text)


def _statements(engine: Any, client: TestClient) -> list[str]:
    """The statements ``/stats`` sends, but the schema gate's own look at
    ``alembic_version`` (``app.core.readiness``: every few seconds, whatever the page)
    and the transaction it opens."""
    with counted(engine) as seen:
        assert client.get("/stats").status_code == 200
    gate = [i for i, sql in enumerate(seen) if "alembic_version" in sql]
    drop = {j for i in gate for j in (i - 1, i)
            if j >= 0 and (j == i or seen[j].startswith("BEGIN"))}
    return [sql for i, sql in enumerate(seen) if i not in drop]


def test_a_statistics_view_sends_the_same_statements_at_5_and_200_matches(
        app: FastAPI, client: TestClient) -> None:
    engine = app.state.engine
    sid = _sid(client)
    counts: dict[int, tuple[list[str], list[str]]] = {}
    for size, grow in ((5, 5), (200, 195)):
        store_history(engine, sid, grow, seed=size, target=10, unfinished=False)
        with Session(engine) as db:
            statcache.bump(db, [sid])
            db.commit()
        client.get("/stats")  # built once for the history stored behind the app's back
        current = _statements(engine, client)
        # A match more (the same one each time): the view rebuilds from the kept facts,
        # replaying the new hands only.
        store_history(engine, sid, 1, seed=7, target=10, unfinished=False)
        with Session(engine) as db:
            statcache.bump(db, [sid])
            db.commit()
        counts[size] = (current, _statements(engine, client))
    assert len(counts[5][0]) == len(counts[200][0])
    assert len(counts[5][1]) == len(counts[200][1])
    assert not [s for s in counts[200][0] if "play_hand" in s or "hand_review" in s]
