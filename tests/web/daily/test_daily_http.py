"""The daily deal over HTTP (``/daily``, app.daily): two browsers get the same deal and
the same par, computed once in the background ("par being computed" until then); the
seed revealed the next day re-derives the deal on ``/fair``; the second play of a day
is practice; a missed day shrinks the streak; a post for another day is refused with
nothing changed; the match in Play is never touched; the computer's cards and the stock
stay hidden until the hand ends. Today is injected (the ``today`` dependency)."""

from __future__ import annotations

import random
import re
import sqlite3
from collections.abc import Iterator
from datetime import date, timedelta
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import update
from sqlalchemy.exc import OperationalError
from sqlmodel import Session, func, select

from app.core.config import Settings
from app.core.models import DailyDeal, DailyPlay, PlayMatch, SetAsideRow, utcnow
from app.daily import days, deal, plays
from app.engine import match_view
from app.engine.bots import choose_action, expert
from app.engine.fairness import HandSeed, commitment, fair_deal
from app.main import create_app
from tests.support.browsers import session_id_of
from tests.support.hardening import action_form, diff, hidden_cards, leaks, snapshot
from tests.support.waiting import wait_until

DAY = date(2026, 12, 1)
QUICK = expert.Budget(samples=3, batch=3, discards=2, deadline=None)
HTMX = {"HX-Request": "true"}


class Clock:
    """The day the app believes it is (the ``today`` dependency); :meth:`set` also does
    what the server does for a new day (at start-up and every few minutes): draw its
    seed and tomorrow's, and queue their pars."""

    def __init__(self, app: FastAPI) -> None:
        self.app = app
        self.set(DAY)

    def set(self, day: date) -> None:
        self.day = day
        days.prepare_now(self.app.state.engine, day)

    def __call__(self) -> date:
        return self.day


@pytest.fixture
def settings(db_url: str) -> Settings:
    """Decisions and the par in the test's threads (no pool), the par turned on."""
    return Settings(database_url=db_url, analyse_hands=False, compute_workers=0,
                    daily_pars=True)


@pytest.fixture(autouse=True)
def quick_expert() -> Iterator[None]:
    """A small, clock-free Expert for the computer's moves and for the par."""
    saved = expert.DEFAULT_BUDGET
    expert.DEFAULT_BUDGET = QUICK
    days.configure(budget=QUICK, enabled=True)  # the Clock prepares before the lifespan
    yield
    expert.DEFAULT_BUDGET = saved  # the daily switches: every test starts afresh (conftest)


@pytest.fixture
def clock(app: FastAPI) -> Clock:
    clock = Clock(app)
    app.dependency_overrides[days.today] = clock
    return clock


def browser(app: FastAPI) -> TestClient:
    return TestClient(app, base_url="http://testserver")


def stored_day(app: FastAPI, day: date = DAY) -> DailyDeal:
    with Session(app.state.engine) as db:
        row = db.get(DailyDeal, day)
        assert row is not None
        return row


def current(app: FastAPI, client: TestClient, day: date = DAY) -> plays.Play:
    with Session(app.state.engine) as db:
        found = days.load(db, day)
        assert found is not None
        return plays.load(db, session_id_of(client), found)


def version_on(page: str) -> int:
    found = re.search(r'name="version" value="(\d+)"', page)
    assert found, "no version field on the page"
    return int(found.group(1))


def play_to_end(app: FastAPI, client: TestClient, day: date = DAY) -> str:
    """Play the day's hand to its end as Easy would, half the taps as a script's posts;
    check at each step that nothing hidden reached the page. The result page."""
    rng = random.Random(7)
    for step in range(200):
        page = client.get("/daily").text
        play = current(app, client, day)
        if play.over:
            return page
        hidden, stock = hidden_cards(play.match)
        assert not leaks(page, hidden), f"step {step}: the page shows a hidden card"
        action = choose_action("easy", match_view(play.match, 0), rng)
        form = action_form(str(action), version_on(page))
        headers = HTMX if step % 2 else {}
        answer = client.post(f"/daily?day={day.isoformat()}", data=form, headers=headers,
                             follow_redirects=False)
        assert answer.status_code == (200 if step % 2 else 303), answer.text[:300]
    raise AssertionError("the daily hand did not end")


def par_done(app: FastAPI) -> None:
    """Wait for every par queued (the test's days', and those of the app's start-up:
    the real today's), so that nothing changes but what the test does."""
    wait_until(lambda: all_pars_done(app), what="the pars")


def all_pars_done(app: FastAPI) -> bool:
    """True once no par is left to compute (the app's start-up queues today's)."""
    with Session(app.state.engine) as db:
        return all(row.par_status == "done" for row in db.exec(select(DailyDeal)).all())


def par_ready(client: TestClient) -> bool:
    return "par being computed" not in client.get("/daily").text


def test_two_browsers_get_the_same_deal_and_the_same_par(app: FastAPI,
                                                         clock: Clock) -> None:
    with browser(app) as ann, browser(app) as bob:
        first = ann.get("/daily")
        assert first.status_code == 200 and 'id="daily-bar"' in first.text
        bob.get("/daily")
        ann_play, bob_play = current(app, ann), current(app, bob)
        assert ann_play.match.hand.hands == bob_play.match.hand.hands
        assert ann_play.match.hand.stock == bob_play.match.hand.stock
        row = stored_day(app)
        wait_until(lambda: stored_day(app).par_status == "done", what="the par")
        row = stored_day(app)
        expected = deal.points_for(deal.par_hand(HandSeed(
            row.server_seed, deal.client_seed(DAY)), DAY, QUICK))
        assert row.par == expected
        ann_end, bob_end = play_to_end(app, ann), play_to_end(app, bob)
        for end in (ann_end, bob_end):
            assert f"par {'+' if expected > 0 else ''}" in end or "par 0" in end
            assert 'id="daily-results"' in end
        assert "Today on this server: 2 players" in ann.get("/daily").text
    # The par is computed once: one row for the day, both browsers read it.
    with Session(app.state.engine) as db:
        assert db.exec(select(func.count()).select_from(DailyDeal)
                       .where(DailyDeal.day == DAY)).one() == 1


def test_the_page_says_the_par_is_being_computed_until_it_is(db_url: str) -> None:
    app = create_app(Settings(database_url=db_url, analyse_hands=False, compute_workers=0,
                              daily_pars=False))
    days.configure(enabled=False)
    app.dependency_overrides[days.today] = Clock(app)
    with browser(app) as ann:
        page = ann.get("/daily").text
        assert "par being computed" in page
        assert stored_day(app).par is None
        days.configure(enabled=True)
        for job in days.prepare_now(app.state.engine, DAY):  # the server's next round
            job.result()
        assert "par shown after your hand" in ann.get("/daily").text
        assert stored_day(app).par_status == "done"


def test_a_par_that_could_not_be_stored_is_computed_again_once_its_claim_is_stale(
        app: FastAPI, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    engine = app.state.engine
    stored = days._store

    def full_disk(*_args: object) -> None:
        raise OperationalError("UPDATE daily_deal", {}, sqlite3.OperationalError("disk full"))

    monkeypatch.setattr(days, "_store", full_disk)
    for job in days.prepare_now(engine, DAY):
        job.result(timeout=60)
    assert stored_day(app).par_status == "computing"
    assert "storing the par of the daily deal of 2026-12-01 failed" in caplog.text
    monkeypatch.setattr(days, "_store", stored)
    assert days.prepare_now(engine, DAY) == []  # a fresh claim is nobody else's to take
    with Session(engine) as db:
        db.exec(update(DailyDeal).values(par_started_at=utcnow() - days.PAR_STALE
                                         - timedelta(seconds=1)))
        db.commit()
    for job in days.prepare_now(engine, DAY):  # the server's next round
        job.result(timeout=60)
    assert stored_day(app).par_status == "done"


def test_a_day_not_drawn_yet_is_not_drawn_by_a_request(app: FastAPI) -> None:
    app.dependency_overrides[days.today] = lambda: date(2031, 1, 1)
    with browser(app) as ann:
        ann.get("/")  # the browser's session
        par_done(app)
        before = snapshot(app.state.engine)
        page = ann.get("/daily")
        assert page.status_code == 503 and page.headers["Retry-After"] == "60"
        assert "being drawn" in page.text
        assert ann.post("/daily?day=2031-01-01", data={"action": "pass",
                                                   "version": "0"}).status_code == 503
        assert diff(before, snapshot(app.state.engine)) == {}


def test_the_revealed_seed_re_derives_the_deal(app: FastAPI, clock: Clock) -> None:
    with browser(app) as ann:
        page = ann.get("/daily").text
        seed = stored_day(app).server_seed
        tomorrow = stored_day(app, DAY + timedelta(1)).server_seed
        dealt = current(app, ann).match.hand
        # While the day lasts neither its seed nor tomorrow's is shown, only commitments.
        assert seed not in page and tomorrow not in page
        assert commitment(seed)[:8] in page
        play_to_end(app, ann)
        end = ann.get("/daily").text
        assert seed not in end and tomorrow not in end
        clock.set(DAY + timedelta(1))
        next_day = play_to_end(app, ann, clock.day)  # the result shows yesterday's seed
        assert seed in next_day and tomorrow not in next_day
        link = re.search(r'id="daily-check" href="([^"]+)"', next_day)
        assert link, "no link to check yesterday's deal"
        checked = ann.get(link.group(1).replace("&amp;", "&"))
        assert checked.status_code == 200
        assert "The commitment matches" in checked.text
        player = re.search(r'Non-dealer.*?data-cards="([^"]+)"', checked.text, re.S)
        assert player is not None
        assert player.group(1).split() == [str(c) for c in fair_deal(
            seed, deal.client_seed(DAY), 1).non_dealer]
        assert {str(c) for c in dealt.hands[deal.PLAYER]} == set(player.group(1).split())
        # /fair lists the past days' seeds too.
        fair = ann.get("/fair").text
        assert DAY.isoformat() in fair and seed in fair


def test_the_second_play_of_the_day_is_practice(app: FastAPI, clock: Clock) -> None:
    with browser(app) as ann:
        end = play_to_end(app, ann)
        counted = current(app, ann).row
        assert counted.attempt == 1 and counted.points is not None
        again = ann.post(f"/daily/again?day={DAY.isoformat()}",
                         data={"version": str(version_on(end))}, follow_redirects=False)
        assert again.status_code == 303
        page = ann.get("/daily").text
        assert "Practice" in page
        second = play_to_end(app, ann)
        assert "Practice: this play does not count." in second
        practice = current(app, ann).row
        assert practice.attempt == 2
        with Session(app.state.engine) as db:
            assert plays.counted_points(db, session_id_of(ann), DAY) == counted.points
            assert plays.results(db, DAY) == [counted.points]  # practice is not counted
        assert "Streak: 1 day" in second


def test_practice_is_offered_only_once_the_hand_is_over(app: FastAPI, clock: Clock) -> None:
    with browser(app) as ann:
        page = ann.get("/daily").text
        answer = ann.post(f"/daily/again?day={DAY.isoformat()}",
                          data={"version": str(version_on(page))})
        assert answer.status_code == 400
        assert "the first play of the day is the one that counts" in answer.text


def test_a_missed_day_shrinks_the_streak(app: FastAPI, clock: Clock) -> None:
    with browser(app) as ann:
        for offset in (0, 1, 2):
            clock.set(DAY + timedelta(offset))
            end = play_to_end(app, ann, clock.day)
        assert "Streak: 3 days" in end
        clock.set(DAY + timedelta(4))  # day 3 missed
        end = play_to_end(app, ann, clock.day)
        assert "Streak: 3 days" in end  # 3, one off for the missed day, one on for today
        clock.set(DAY + timedelta(6))  # day 5 missed
        end = play_to_end(app, ann, clock.day)
        assert "Streak: 3 days" in end


@pytest.mark.parametrize("day_text", ["2026-11-30", "2026-12-02", "2025-12-01", "garbage",
                                      "2026-13-01", "2026-12-01x", "x" * 200])
def test_a_post_for_another_day_is_refused_and_changes_nothing(
        app: FastAPI, clock: Clock, day_text: str) -> None:
    with browser(app) as ann:
        page = ann.get("/daily").text
        version = version_on(page)
        ann.post(f"/daily?day={DAY.isoformat()}", data={"action": "pass", "version": "0"})
        par_done(app)
        before = snapshot(app.state.engine)
        for path, form in ((f"/daily?day={day_text}", {"action": "draw_stock",
                                                       "version": str(version + 1)}),
                           ("/daily", {"action": "draw_stock", "version": str(version + 1)}),
                           (f"/daily?day={day_text}", {"sort": "suit"}),
                           (f"/daily/again?day={day_text}", {"version": str(version + 1)})):
            answer = ann.post(path, data=form, headers=HTMX)
            assert answer.status_code in (400, 409), (path, answer.status_code)
            text = answer.text
            assert "nothing was played" in text or "is not a day" in text
            assert 'id="table"' in text  # today's table, as it stands
        assert diff(before, snapshot(app.state.engine)) == {}


def test_stale_and_illegal_taps_change_nothing(app: FastAPI, clock: Clock) -> None:
    with browser(app) as ann:
        page = ann.get("/daily").text
        version = version_on(page)
        path = f"/daily?day={DAY.isoformat()}"
        assert ann.post(path, data={"action": "pass", "version": str(version)},
                        headers=HTMX).status_code == 200
        par_done(app)
        before = snapshot(app.state.engine)
        for form, status in (({"action": "pass", "version": str(version)}, 409),
                             ({"action": "discard", "card": "ZZ",
                               "version": str(version + 1)}, 400),
                             ({"action": "next_hand", "version": str(version + 1)}, 400),
                             ({"action": "fly", "version": str(version + 1)}, 400),
                             ({"sort": "colour"}, 400), ({}, 400)):
            answer = ann.post(path, data=form, headers=HTMX)
            assert answer.status_code == status, (form, answer.text[:200])
        assert diff(before, snapshot(app.state.engine)) == {}


def test_the_daily_never_touches_the_match_in_play(app: FastAPI, clock: Clock) -> None:
    with browser(app) as ann:
        ann.post("/play/new", data={"level": "standard", "version": "0"})
        with Session(app.state.engine) as db:
            matches: Any = db.exec(select(PlayMatch)).all()
            before = [(m.id, m.version) for m in matches]
        play_to_end(app, ann)
        with Session(app.state.engine) as db:
            assert [(m.id, m.version) for m in db.exec(select(PlayMatch)).all()] == before
            assert db.exec(select(func.count()).select_from(DailyPlay)).one() == 1
        assert 'id="table"' in ann.get("/play").text


def test_home_and_nav_offer_the_daily_deal(client: TestClient) -> None:
    page = client.get("/").text
    assert 'href="/daily"' in page and "Daily deal" in page


def test_a_play_that_no_longer_replays_is_set_aside(app: FastAPI, clock: Clock) -> None:
    with TestClient(app, base_url="http://testserver", raise_server_exceptions=False) as ann:
        ann.get("/daily")
        assert ann.post(f"/daily?day={DAY.isoformat()}",
                        data={"action": "pass", "version": "0"}).status_code == 200
        with app.state.engine.begin() as conn:
            conn.exec_driver_sql("UPDATE daily_play SET log = '[[0, \"discard ZZ\"]]'")
        page = ann.get("/daily")
        assert page.status_code == 200 and 'id="board"' in page.text  # afresh
        with Session(app.state.engine) as db:
            assert db.exec(select(func.count()).select_from(DailyPlay)).one() == 0
            assert db.exec(select(func.count()).select_from(SetAsideRow)).one() == 1
