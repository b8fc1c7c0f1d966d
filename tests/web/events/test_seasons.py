"""Seasons over HTTP (``/seasons``, app/events/seasons.py): making one (the host code
shown once, stored as a hash), attaching events (when creating one, from the event's
page, from the season's page), the running table after two events against a hand
computation (a browser is one player across events, a walk-in is one by exact name),
each pair's head to head with the luck and play split as the match report computes it,
the exports, and refusals that change nothing.

Each ``TestClient`` is one browser; results are set by the host's correction (the
events' own tests check that tables report them)."""

from __future__ import annotations

import csv
import html
import io
import json
import re

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlmodel import Session, col, select

from app.core.models import Event, EventPairing, EventPlayer, Season, SeasonEvent, SeasonHost
from app.devices.codes import code_hash
from app.review import stats
from tests.support.browsers import session_id_of
from tests.support.histories import store_history
from tests.web.events.test_events import browser, create, host_post, players, rows, version

CODE = re.compile(r'id="host-code-value">([0-9A-Z-]+)<')


@pytest.fixture
def engine(app: FastAPI, client: TestClient):  # noqa: ANN201 - the app's engine
    return app.state.engine


def make_season(host: TestClient, name: str = "Winter league") -> tuple[str, str]:
    """Make a season as ``host``; ``(slug, host code)``."""
    response = host.post("/seasons", data={"name": name}, follow_redirects=False)
    assert response.status_code == 303, response.text[:2000]
    slug = response.headers["location"].rsplit("/", 1)[1]
    page = host.get(f"/seasons/{slug}")
    code = CODE.search(page.text)
    assert page.status_code == 200 and code
    return slug, code.group(1)


def attached(engine, season_slug: str) -> list[str]:  # noqa: ANN001
    """The slugs of the season's events."""
    with Session(engine) as db:
        season = db.exec(select(Season).where(Season.slug == season_slug)).one()
        return [e.slug for e in db.exec(select(Event).join(
            SeasonEvent, col(SeasonEvent.event_id) == col(Event.id))
            .where(SeasonEvent.season_id == season.id)).all()]


def play_round_robin(client: TestClient, engine, slug: str,  # noqa: ANN001
                     results: dict[frozenset[str], tuple[str, int, int]]) -> None:
    """Start the round robin ``slug`` and set every table's result from ``results``
    (the pair's names → winner, winner's points, loser's points), round by round."""
    host_post(client, engine, slug, "start")
    while True:
        event, roster, tables = rows(engine, slug)
        names = {p.id: p.name for p in roster}
        for t in tables:
            if t.round != event.round or t.player_b is None or t.outcome is not None:
                continue
            winner, high, low = results[frozenset((names[t.player_a], names[t.player_b]))]
            a_won = names[t.player_a] == winner
            host_post(client, engine, slug, "correct", pairing=str(t.id),
                      outcome="a" if a_won else "b", points_a=str(high if a_won else low),
                      points_b=str(low if a_won else high))
        if rows(engine, slug)[0].status == "finished":
            return
        host_post(client, engine, slug, "next")


def table_rows(page: str) -> list[tuple[str, ...]]:
    """The running table's lines: (rank, name, events, points, W-D-L, for–against)."""
    body = page.split("data-season-table", 1)[1].split("</table>", 1)[0]
    found = re.findall(r'<tr[^>]*data-player="[^"]*">\s*<td>([^<]+)</td>\s*<th scope="row">'
                       r'([^<]+)(?:<span[^>]*>[^<]*</span>)?\s*</th>\s*<td data-events>(\d+)</td>'
                       r'\s*<td data-points>([^<]+)</td>\s*<td>([^<]+)</td>\s*'
                       r'<td data-for-against>([^<]+)</td>', body)
    return [tuple(html.unescape(cell).strip() for cell in line) for line in found]


def test_a_season_is_made_with_a_host_code_shown_once_and_stored_as_a_hash(
        client: TestClient, engine) -> None:  # noqa: ANN001
    slug, code = make_season(client)
    with Session(engine) as db:
        season = db.exec(select(Season).where(Season.slug == slug)).one()
        assert season.host_code_hash == code_hash(code.replace("-", ""))
        assert season.name == "Winter league"
    again = client.get(f"/seasons/{slug}").text
    assert code not in again and "Winter league" in again
    assert "Winter league" in client.get("/seasons").text  # your seasons
    for bad in ("", "   ", "x" * 61, "bad\x07name"):
        refused = client.post("/seasons", data={"name": bad})
        assert refused.status_code == 400 and "Give the season a name" in refused.text
    with Session(engine) as db:
        assert len(db.exec(select(Season)).all()) == 1


def test_two_events_make_the_running_table_a_hand_computation_gives(
        app: FastAPI, client: TestClient, engine) -> None:  # noqa: ANN001
    season, _ = make_season(client)
    # Night 1, made in the season: Ann and Bob (browsers), Cy (a walk-in).
    first, _ = create(client, format="roundrobin", cards="real", season=season)
    assert attached(engine, season) == [first]
    ann, bob = players(app, first, ["Ann", "Bob"])
    host_post(client, engine, first, "walk-in", name="Cy")
    play_round_robin(client, engine, first, {
        frozenset(("Ann", "Bob")): ("Ann", 120, 60),
        frozenset(("Bob", "Cy")): ("Bob", 110, 90),
        frozenset(("Ann", "Cy")): ("Cy", 105, 100)})
    # Night 2, added from its page: Ann's browser again, the walk-in Cy again (the same
    # name: the same player), and another browser under the name Bob (another player).
    second, _ = create(client, format="roundrobin", cards="real")
    page = client.get(f"/events/{second}").text
    assert f'/seasons/{season}/attach' in page
    joined = ann.post(f"/events/{second}/join", data={"name": "Ann"}, follow_redirects=False)
    assert joined.status_code == 303
    host_post(client, engine, second, "walk-in", name="Cy")
    players(app, second, ["Bob"])
    added = client.post(f"/seasons/{season}/attach", data={"event": second, "back": "event"},
                        follow_redirects=False)
    assert added.status_code == 303 and added.headers["location"].endswith(f"/events/{second}")
    assert "Part of the season" in client.get(f"/events/{second}").text
    play_round_robin(client, engine, second, {
        frozenset(("Ann", "Cy")): ("Ann", 130, 20),
        frozenset(("Ann", "Bob")): ("Bob", 100, 99),
        frozenset(("Bob", "Cy")): ("Cy", 100, 50)})
    # By hand (a bye is 1 point): Ann W-L-bye twice = 4 points, 449 for, 285 against;
    # Cy L-W-bye twice = 4, 315-390; Ann and Cy won one each against the other, so the
    # points difference puts Ann first. The first Bob 2 (170-210), the second Bob 2
    # (150-199): they never met, the difference parts them.
    page = bob.get(f"/seasons/{season}").text
    assert table_rows(page) == [
        ("1", "Ann", "2", "4", "2-0-2", "449–285"),
        ("2", "Cy", "2", "4", "2-0-2", "315–390"),
        ("3", "Bob", "1", "2", "1-0-1", "170–210"),
        ("4", "Bob (2)", "1", "2", "1-0-1", "150–199")]
    text = html.unescape(page)
    for record in ("Ann and Cy are level at 1–1", "Ann leads Bob 1–0",
                   "Bob (2) leads Ann 1–0", "Cy leads Bob (2) 1–0", "Bob leads Cy 1–0"):
        assert record in text
    assert "No analysed hand yet" in text  # score sheets: no analysis
    assert 'class="is-mine"' in page  # Bob's browser sees its own line
    data = json.loads(client.get(f"/seasons/{season}/table.json").text)
    assert [(r["name"], r["match_points"], r["events"]) for r in data["standings"]] == [
        ("Ann", "4", 2), ("Cy", "4", 2), ("Bob", "2", 1), ("Bob (2)", "2", 1)]
    assert [e["name"] for e in data["events"]] == ["Club night", "Club night"]
    lines = list(csv.reader(io.StringIO(client.get(f"/seasons/{season}/table.csv").text)))
    assert lines[0][:4] == ["rank", "name", "events", "match_points"]
    assert lines[1][:4] == ["1", "Ann", "2", "4"]
    with Session(engine) as db:
        secrets = [s for p in db.exec(select(EventPlayer)).all() for s in [p.session_id] if s]
        secrets += [db.exec(select(Season)).one().host_code_hash]
    for export in (json.dumps(data), "\n".join(",".join(line) for line in lines)):
        assert not [s for s in secrets if s in export]


def test_the_head_to_head_sums_each_sides_own_luck_and_play_as_the_match_report(
        app: FastAPI, client: TestClient, engine) -> None:  # noqa: ANN001
    season, _ = make_season(client)
    event, _ = create(client, format="roundrobin", season=season)
    ann, bob = players(app, event, ["Ann", "Bob"])
    host_post(client, engine, event, "start")
    ann_id, bob_id = session_id_of(ann), session_id_of(bob)
    # A friend match Ann (seat 0) and Bob (seat 1) played to its end, about half its
    # hands analysed from Ann's seat only, stored as the kit stores one: the table's.
    (match_id,) = store_history(engine, bob_id, 1, seed=3, target=60, friend=ann_id,
                                unfinished=False)
    with Session(engine) as db:
        pairing = db.exec(select(EventPairing)).one()
        roster = {p.session_id: p.id for p in db.exec(select(EventPlayer)).all()}
        pairing.player_a, pairing.player_b = roster[ann_id], roster[bob_id]
        pairing.match_id = match_id
        db.add(pairing)
        db.commit()
        report = stats.match_report(db, ann_id, match_id)
    assert report.luck is not None and report.play is not None
    page = html.unescape(bob.get(f"/seasons/{season}").text)
    cards, play = stats.split_figures(report.luck, report.play)
    _, _, (table,) = rows(engine, event)
    winner, loser = ("Ann", "Bob") if table.outcome == "a" else ("Bob", "Ann")
    assert f"{winner} leads {loser} 1–0" in page
    assert (f"Over 1 analysed match, the cards gave Ann {cards} points of win chance, "
            f"and Ann's play {play}.") in page
    assert "the cards gave Bob" not in page  # Bob's hands were never analysed


def test_refusals_change_nothing(app: FastAPI, client: TestClient,
                                 engine) -> None:  # noqa: ANN001
    season, _ = make_season(client)
    mine, _ = create(client)
    stranger = browser(app)
    theirs, _ = create(stranger, name="Their night")
    other_season, _ = make_season(stranger, "Their league")
    # Unknown or forged season.
    for slug in ("nosuchseason", "x" * 200, "../etc"):
        assert client.get(f"/seasons/{slug}").status_code == 404
    assert client.post("/seasons/nosuchseason0/attach",
                       data={"event": mine}).status_code == 404
    assert client.get("/seasons/nosuchseason0/table.csv").status_code == 404
    # A non-host attaching, an event this browser does not host, a forged event field.
    refused = stranger.post(f"/seasons/{season}/attach", data={"event": theirs})
    assert refused.status_code == 403 and "Only the season's host" in html.unescape(refused.text)
    assert client.post(f"/seasons/{season}/attach", data={"event": theirs}).status_code == 403
    for forged in ("", "nope", "<script>", "x" * 500):
        assert client.post(f"/seasons/{season}/attach",
                           data={"event": forged}).status_code == 404
    assert client.post(f"/seasons/{season}/detach", data={"event": mine}).status_code == 404
    assert attached(engine, season) == []
    # An event attached twice (to this season or another one).
    assert client.post(f"/seasons/{season}/attach", data={"event": mine},
                       follow_redirects=False).status_code == 303
    twice = client.post(f"/seasons/{season}/attach", data={"event": mine})
    assert twice.status_code == 409 and "counts in one season only" in twice.text
    with Session(engine) as db:
        db.add(SeasonHost(season_id=db.exec(select(Season).where(
            Season.slug == other_season)).one().id, session_id=session_id_of(client)))
        db.commit()
    assert client.post(f"/seasons/{other_season}/attach",
                       data={"event": mine}).status_code == 409
    assert attached(engine, season) == [mine] and attached(engine, other_season) == []
    # Creating an event in a season this browser does not host, or no season: nothing made.
    with Session(engine) as db:
        before = len(db.exec(select(Event)).all())
    denied = stranger.post("/events", data={"name": "Sneaky", "preset": "house",
                                            "season": season})
    assert denied.status_code == 403
    assert stranger.post("/events", data={"name": "Sneaky", "preset": "house",
                                          "season": "nosuchseason0"}).status_code == 404
    with Session(engine) as db:
        assert len(db.exec(select(Event)).all()) == before
    # Taking an event out: the host only.
    assert stranger.post(f"/seasons/{season}/detach", data={"event": mine}).status_code == 403
    assert client.post(f"/seasons/{season}/detach", data={"event": mine},
                       follow_redirects=False).status_code == 303
    assert attached(engine, season) == []


def test_another_device_hosts_the_season_with_its_code(
        app: FastAPI, client: TestClient, engine) -> None:  # noqa: ANN001
    season, code = make_season(client)
    spare = browser(app)
    assert spare.post("/seasons/host", data={"code": "0000-0000-0000-0000-0000"}
                      ).status_code == 400
    assert spare.post("/seasons/host", data={"code": "x" * 500}).status_code == 400
    right = spare.post("/seasons/host", data={"code": code.lower()}, follow_redirects=False)
    assert right.status_code == 303 and right.headers["location"].endswith(f"/seasons/{season}")
    event, _ = create(spare)
    assert spare.post(f"/seasons/{season}/attach", data={"event": event},
                      follow_redirects=False).status_code == 303
    assert attached(engine, season) == [event]
    assert version(engine, event) == "0"  # attaching does not touch the event


def test_the_season_pages_speak_german(app: FastAPI, client: TestClient) -> None:
    client.post("/prefs", data={"language": "de"})
    season, _ = make_season(client)
    page = client.get(f"/seasons/{season}", headers={"Accept-Language": "de"}).text
    assert "Running table" not in page and "Head to head" not in page


def test_two_attaching_the_same_event_at_once_leave_it_in_one_season(
        app: FastAPI, client: TestClient, engine,  # noqa: ANN001
        monkeypatch: pytest.MonkeyPatch) -> None:
    from app.events import seasons
    from app.events.hosting import EventError

    first, second = make_season(client)[0], make_season(client, "Summer league")[0]
    event, _ = create(client)
    assert client.post(f"/seasons/{first}/attach", data={"event": event},
                       follow_redirects=False).status_code == 303
    # The other request read "in no season" before this one wrote: the key refuses it.
    monkeypatch.setattr(seasons, "season_of", lambda db, found: None)
    with Session(engine) as db:
        season = seasons.find(db, second)
        with pytest.raises(EventError) as refused:
            seasons.attach(db, season, event, session_id_of(client))
        assert refused.value.status_code == 409
        db.commit()
    assert attached(engine, first) == [event] and attached(engine, second) == []
