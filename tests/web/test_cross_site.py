"""State-changing requests from another site are refused, for every play and score form.

Each POST route of the app (discovered from ``app.routes``) is sent a form that the app
would accept from its own pages — first with ``Origin: https://evil.example`` (and then
with only a foreign ``Referer``, and with ``Origin: null``): 403 and every stored row
unchanged. The same form from the app's own origin then goes through, which proves the
refusal came from the origin check and not from the form.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlmodel import Session, select

from app.core.models import ScoreSheetRow
from app.engine import Rules, new_match
from tests.support.browsers import session_id_of
from tests.support.events import an_event, an_event_page
from tests.support.hardening import (
    StoredPlay,
    api_routes,
    diff,
    fill_path,
    finish_hand,
    snapshot,
    stored_play,
)
from tests.support.histories import mark_mistakes, store_history
from tests.support.positions import bot_until, store_position
from tests.support.seasons import a_season, a_season_page, host_code

SETUP = {"players": "2", "name0": "Ann", "name1": "Bob", "target": "100", "gin_bonus": "25",
         "undercut_bonus": "25", "big_gin_bonus": "31", "box_bonus": "20",
         "game_bonus": "100", "first_dealer": "0"}
HAND = {"kind": "knock", "knocker": "0", "knocker_deadwood": "5", "defender_deadwood": "30"}
FOREIGN = [
    {"origin": "https://evil.example"},
    {"referer": "https://evil.example/page"},
    {"origin": "null"},
    {"origin": "http://testserver.evil.example"},
    {"origin": "https://testserver"},  # the same host by another scheme (served over http)
    {"origin": "http://testserver:8000"},  # another port
]


class World:
    """One browser with a match in progress and a score sheet holding two hands."""

    def __init__(self, app: FastAPI, client: TestClient) -> None:
        self.app = app
        self.client = client
        client.get("/play")
        assert client.post("/play/new", data={"level": "easy"}).status_code == 200
        self.hand = finish_hand(app, client)
        assert client.post("/score", data=SETUP).status_code == 200
        for _ in range(2):
            hand = {**HAND, "version": str(self.sheet().version)}
            assert client.post(f"/score/{self.sheet().id}/hands", data=hand).status_code == 200

    def undone(self) -> dict[str, str]:
        """Undo the last hand, so that Redo has one to put back; Redo's form."""
        url = f"/score/{self.sheet().id}"
        undo = self.client.post(f"{url}/undo", data={"version": str(self.sheet().version)})
        assert undo.status_code == 200
        return {"version": str(self.sheet().version)}

    def finished(self) -> dict[str, str]:
        """Finish the game (a gin for 123), so that it can have a rematch; its form."""
        url = f"/score/{self.sheet().id}"
        gin = {"kind": "gin", "knocker": "0", "defender_deadwood": "98",
               "version": str(self.sheet().version)}
        assert self.client.post(f"{url}/hands", data=gin).status_code == 200
        return {}

    def sheet(self) -> ScoreSheetRow:
        with Session(self.app.state.engine) as db:
            return db.exec(select(ScoreSheetRow).where(
                ScoreSheetRow.session_id == session_id_of(self.client))).one()

    def match(self) -> StoredPlay:
        row = stored_play(self.app.state.engine, session_id_of(self.client))
        assert row is not None
        return row

    def match_over(self) -> dict[str, str]:
        """Make this browser's match a finished one, so that Rematch has one to replay;
        its form."""
        position = bot_until((new_match(Rules(target=30), seed=5, first_dealer=1), []),
                             lambda m: m.over)
        store_position(self.app.state.engine, session_id_of(self.client), position)
        version = re.search(r'name="version" value="(\d+)"', self.client.get("/play").text)
        assert version is not None
        return {"version": version.group(1)}

    def practice_action(self) -> dict[str, str]:
        """Start a practice hand from the finished hand, and a legal tap in it."""
        from app.review import practice

        path = "/play/history/{match_id}/{number}/practice".format(**self.hand)
        self.client.post(path, data={"step": str(self.hand["step"])})
        with Session(self.app.state.engine) as db:
            current = practice.load(db, session_id_of(self.client))
            name, _, card = str(current.view.legal[0]).partition(" ")
            return {"action": name, "card": card, "version": str(current.row.version)}

    def friend_invite(self) -> str:
        """Another browser's open friend invite; its token."""
        other = TestClient(self.app, base_url="http://testserver")
        other.get("/")
        other.post("/play/friend", data={"name": "Ann", "version": "0"})
        found = re.search(r"/play/friend/([A-Za-z0-9_-]{32})", other.get("/play").text)
        assert found
        return found.group(1)

    def drill_answer(self) -> dict[str, str]:
        """This browser's history analysed, full of blunders, so that the drill asks a
        question; an answer's form (its first move)."""
        sid = session_id_of(self.client)
        store_history(self.app.state.engine, sid, 1, analysed=1.0, unfinished=False)
        mark_mistakes(self.app.state.engine, sid)
        page = self.client.get("/train").text
        item = re.search(r'name="item" value="([^"]+)"', page)
        version = re.search(r'name="version" value="(\d+)"', page)
        move = re.search(r'name="move" value="([^"]+)"', page)
        assert item and version and move, page
        return {"item": item.group(1), "version": version.group(1), "move": move.group(1)}

    def puzzle_answer(self) -> dict[str, str]:
        """Today's puzzle chosen (as the app's background task does) from another
        browser's analysed hands; an answer's form."""
        from app.core.models import utcnow
        from app.review import puzzle

        other = TestClient(self.app, base_url="http://testserver")
        other.get("/")
        store_history(self.app.state.engine, session_id_of(other), 3, analysed=1.0,
                      unfinished=False)
        mark_mistakes(self.app.state.engine, session_id_of(other))
        day = utcnow().date()
        chosen = puzzle.prepare(self.app.state.engine, day)
        assert chosen is not None
        return {"day": day.isoformat(), "move": chosen.best}

    def friend_history(self) -> dict[str, Any]:
        """A finished, analysed friend match this browser played with another: the path
        parameters of its first hand (for *Review together*)."""
        other = TestClient(self.app, base_url="http://testserver")
        other.get("/")
        match_id = store_history(self.app.state.engine, session_id_of(self.client), 1,
                                 friend=session_id_of(other), analysed=1.0,
                                 unfinished=False)[0]
        return {"match_id": match_id, "number": 1}

    def friend_match(self, allowed: int = 0, link: bool = False) -> dict[str, str]:
        """A friend match this browser joined (another browser invites), with
        ``allowed`` of its seats letting others watch (the other browser's first) and,
        with ``link``, a watch link made; the watch forms' ``match``."""
        host = TestClient(self.app, base_url="http://testserver")
        host.get("/")
        host.post("/play/friend", data={"name": "Ann", "version": "0"})
        found = re.search(r"/play/friend/([A-Za-z0-9_-]{32})", host.get("/play").text)
        assert found
        assert self.client.post(f"/play/friend/{found.group(1)}", data={"name": "Bob"},
                                follow_redirects=False).status_code == 303
        match = re.search(r'name="match" value="(\d+)"', self.client.get("/play/watch").text)
        assert match
        form = {"match": match.group(1)}
        for browser in (host, self.client)[:allowed]:
            browser.post("/play/watch", data={**form, "allow": "1"})
        if link:
            assert self.client.post("/play/watch/link", data=form).status_code == 200
        return form

    def own_invite(self) -> dict[str, str]:
        """Make an invite of this browser (so that it can cancel it); Cancel's form."""
        version = str(self.match().version)
        assert self.client.post("/play/friend", data={"name": "Ann", "version": version},
                                follow_redirects=False).status_code == 303
        return {}

    def event_slug(self) -> str:
        """This browser's event (made once), which three other browsers have joined."""
        if getattr(self, "_event", None) is None:
            self._event = an_event(self.client)
            for name in ("Ann", "Bob", "Cy"):
                other = TestClient(self.app, base_url="http://testserver")
                other.get("/")
                assert other.post(f"/events/{self._event}/join", data={"name": name},
                                  follow_redirects=False).status_code == 303
        return str(self._event)

    def event_form(self, state: str = "open", **fields: str) -> dict[str, str]:
        """Bring this browser's event to ``state`` (``running``: round 1 paired;
        ``paused``; ``round-done``: round 1 with every result), the host's form for it."""
        from app.core.models import Event, EventPairing

        slug = self.event_slug()

        def version() -> str:
            with Session(self.app.state.engine) as db:
                return str(db.exec(select(Event).where(Event.slug == slug)).one().version)

        def post(action: str, **more: str) -> None:
            response = self.client.post(f"/events/{slug}/{action}",
                                        data={"version": version(), **more},
                                        follow_redirects=False)
            assert response.status_code == 303, response.text[:500]

        if state != "open":
            post("start")
        if state == "paused":
            post("pause")
        pairing = self.event_pairing()
        if state == "round-done":
            with Session(self.app.state.engine) as db:
                for row in db.exec(select(EventPairing)).all():
                    if row.outcome is None:
                        row.outcome, row.points_a = "a", 100
                        db.add(row)
                db.commit()
        filled = {name: value.format(pairing=pairing, player=self.event_player())
                  for name, value in fields.items()}
        return {"version": version(), **filled}

    def event_pairing(self) -> str:
        """The id of a table (not a bye) of this browser's event, or "0"."""
        from app.core.models import EventPairing

        with Session(self.app.state.engine) as db:
            row = db.exec(select(EventPairing).where(
                EventPairing.player_b.is_not(None))).first()  # type: ignore[union-attr]
            return str(row.id) if row is not None else "0"

    def event_player(self) -> str:
        """The id of a player of this browser's event."""
        from app.core.models import EventPlayer

        with Session(self.app.state.engine) as db:
            return str(db.exec(select(EventPlayer)).first().id)  # type: ignore[union-attr]

    def host_code(self) -> dict[str, str]:
        """Another browser's event's host code (to host it from this one)."""
        other = TestClient(self.app, base_url="http://testserver")
        other.get("/")
        page = an_event_page(other)
        return {"code": page.split('id="host-code-value">', 1)[1].split("<", 1)[0]}

    def season_slug(self) -> str:
        """This browser's season (made once)."""
        if getattr(self, "_season", None) is None:
            self._season = a_season(self.client)
        return str(self._season)

    def season_code(self) -> dict[str, str]:
        """Another browser's season's host code (to host it from this one)."""
        other = TestClient(self.app, base_url="http://testserver")
        other.get("/")
        return {"code": host_code(a_season_page(other)[1])}

    def season_event(self) -> dict[str, str]:
        """This browser's event put in its season (so that it can be taken out); the
        form's ``event``."""
        slug = self.event_slug()
        response = self.client.post(f"/seasons/{self.season_slug()}/attach",
                                    data={"event": slug}, follow_redirects=False)
        assert response.status_code == 303, response.text[:500]
        return {"event": slug}

    def play_action(self) -> dict[str, str]:
        """A legal tap now: the first enabled action button's form."""
        from app.engine.match import legal_match_actions
        from tests.support.hardening import Replayer, action_form

        row = self.match()
        match = Replayer.from_row(row).advance(row.log)
        return action_form(str(legal_match_actions(match, 0)[0]), row.version)


# A form each route accepts from the app's own pages, by path template.
ACCEPTED: dict[str, Callable[[World], dict[str, str]]] = {
    "/play": lambda w: w.play_action(),
    "/play/new": lambda w: {"level": "standard", "version": str(w.match().version)},
    "/play/hint": lambda w: {"version": str(w.match().version)},
    "/score": lambda w: SETUP,
    "/score/import": lambda w: {"json": _export(w)},
    "/score/{sheet_id}/hands": lambda w: {**HAND, "version": str(w.sheet().version)},
    "/score/{sheet_id}/preview": lambda w: HAND,
    "/score/{sheet_id}/hands/{number}": lambda w: {**HAND, "defender_deadwood": "40",
                                                   "version": str(w.sheet().version)},
    "/score/{sheet_id}/hands/{number}/preview": lambda w: HAND,
    "/score/{sheet_id}/hands/{number}/delete": lambda w: {"confirm": "yes",
                                                          "version": str(w.sheet().version)},
    "/score/{sheet_id}/undo": lambda w: {"version": str(w.sheet().version)},
    "/score/{sheet_id}/redo": lambda w: w.undone(),
    "/score/{sheet_id}/rematch": lambda w: w.finished(),
    "/score/{sheet_id}/options": lambda w: {**SETUP, "name0": "Cat",
                                            "version": str(w.sheet().version)},
    "/score/{sheet_id}/delete": lambda w: {"confirm": "yes", "version": str(w.sheet().version)},
    "/settings": lambda w: {"card_size": "large", "deck": "four", "theme": "dark",
                            "motion": "reduced", "computer_speed": "slow", "card_back": "blue",
                            "felt": "grey", "sound": "on", "vibration": "on",
                            "language": "en"},
    "/play/history/import": lambda w: {"text": w.client.get(
        "/play/history/{match_id}/{number}.txt".format(**w.hand)).text},
    "/play/history/{match_id}/{number}/practice": lambda w: {"step": str(w.hand["step"])},
    "/play/history/{match_id}/{number}/analyse": lambda w: {},
    "/play/history/{match_id}/{number}/share": lambda w: {"show_name": "1", "name": "Ann"},
    "/play/history/{match_id}/{number}/unshare": lambda w: _shared(w),
    "/play/practice": lambda w: w.practice_action(),
    "/learn": lambda w: {"action": "take_upcard", "version": "0"},
    "/daily": lambda w: {"action": "take_upcard", "version": "0", "day": _today()},
    "/daily/again": lambda w: _daily_over(w),
    "/learn/start": lambda w: {"back": "/guide"},
    "/learn/offer": lambda w: {},
    "/play/rematch": lambda w: w.match_over(),
    "/play/friend": lambda w: {"name": "Ann", "version": str(w.match().version)},
    "/play/friend/cancel": lambda w: w.own_invite(),
    "/play/friend/{token}": lambda w: {"name": "Bob"},
    "/play/friend/{token}/decline": lambda w: {},
    "/play/watch": lambda w: {**w.friend_match(), "allow": "1"},
    "/play/watch/link": lambda w: w.friend_match(allowed=2),
    "/play/watch/stop": lambda w: w.friend_match(allowed=2, link=True),
    "/train/answer": lambda w: w.drill_answer(),
    "/train/puzzle": lambda w: w.puzzle_answer(),
    "/play/history/{match_id}/{number}/together": lambda w: {"step": "1", "version": "0"},
    "/devices/code": lambda w: {},
    "/devices/recovery": lambda w: {},
    "/devices/join": lambda w: {"code": _other_device_code(w)},
    "/devices/undo": lambda w: _previous_history(w),
    "/devices/forget": lambda w: {"confirm": "yes"},
    "/events": lambda w: {"name": "Club night", "format": "swiss", "rounds": "3",
                          "cards": "online", "preset": "house"},
    "/events/host": lambda w: w.host_code(),
    "/events/{event_slug}/join": lambda w: {"name": "Di"},
    "/events/{event_slug}/walk-in": lambda w: w.event_form(name="Ed"),
    "/events/{event_slug}/start": lambda w: w.event_form(),
    "/events/{event_slug}/pause": lambda w: w.event_form("running"),
    "/events/{event_slug}/resume": lambda w: w.event_form("paused"),
    "/events/{event_slug}/next": lambda w: w.event_form("round-done"),
    "/events/{event_slug}/drop": lambda w: w.event_form(player="{player}"),
    "/events/{event_slug}/correct": lambda w: w.event_form(
        "running", pairing="{pairing}", outcome="b", points_a="10", points_b="100"),
    "/events/{event_slug}/finish": lambda w: w.event_form("running"),
    "/events/{event_slug}/watch": lambda w: w.event_form("running", pairing="{pairing}"),
    "/seasons": lambda w: {"name": "Winter league"},
    "/seasons/host": lambda w: w.season_code(),
    "/seasons/{season_slug}/attach": lambda w: {"event": w.event_slug()},
    "/seasons/{season_slug}/detach": lambda w: w.season_event(),
}
# Path parameters of routes about another thing than the world's own hand.
PARAMS: dict[str, Callable[[World], dict[str, Any]]] = {
    "/play/history/{match_id}/{number}/together": lambda w: w.friend_history(),
}
# GET routes that answer 200 only within a friend match (tests/web/friend/test_friend.py): here,
# without one, their refusal or "nothing to watch" still carries the headers.
FRIEND_ONLY = {"/play/friend/qr.svg": 404, "/play/friend/{token}": 404, "/play/pulse": 204,
               "/play/events": 204}
# ... and the operator's metrics are a 404 page while METRICS_TOKEN is unset (tests/web/core).
NOT_200_HERE = {**FRIEND_ONLY, "/metrics": 404,
                "/play/history/import/{token}": 404,  # no file imported under this token
                "/shared/hand/{token}": 404,  # no hand shared under this token
                "/play/watch": 404,  # no friend match of this browser
                "/watch/{token}": 404, "/watch/{token}/view": 404,  # no such watch link
                "/watch/{token}/events": 404,
                # the world's hand is no friend match's: nothing to review together
                "/play/history/{match_id}/{number}/together": 404,
                "/play/history/{match_id}/{number}/together/events": 404,
                # the bot protocol answers 404 while the operator keeps bots off (BOTS)
                "/api/bot/me": 404, "/api/bot/matches/{match_id}": 404,
                "/api/bot/matches/{match_id}/events": 404}
# Previews change nothing even when accepted; the rest must change something. (An import
# only shows a review; these tests' apps do not analyse hands.)
READ_ONLY = {"/score/{sheet_id}/preview", "/score/{sheet_id}/hands/{number}/preview",
             "/play/history/import", "/play/history/{match_id}/{number}/analyse",
             "/devices/undo"}  # undo changes the browser's cookie only


def _shared(world: World) -> dict[str, str]:
    """Share the world's hand (so that *Stop sharing* has a link to stop); no fields."""
    response = world.client.post("/play/history/{match_id}/{number}/share".format(
        **world.hand))
    assert response.status_code == 200
    return {}


def _today() -> str:
    from app.daily import days

    return days.today().isoformat()


def _daily_over(world: World) -> dict[str, str]:
    """Today's daily hand played to its end by this browser (as stored); Play again's form."""
    from app.core.models import DailyPlay
    from app.daily import days

    world.client.get("/")
    with Session(world.app.state.engine) as db:
        db.add(DailyPlay(session_id=session_id_of(world.client), day=days.today(),
                         points=0))
        db.commit()
    return {"version": "0", "day": _today()}


def _other_device_code(world: World) -> str:
    """A device code made by another browser (to open its history in this one)."""
    other = TestClient(world.app, base_url="http://testserver")
    page = other.post("/devices/code").text
    return page.split('<code id="device-code">', 1)[1].split("<", 1)[0]


def _previous_history(world: World) -> dict[str, str]:
    """Give this browser a former history to go back to (as joining leaves it)."""
    other = TestClient(world.app, base_url="http://testserver")
    other.get("/")
    world.client.cookies.set("gin_previous", other.cookies["gin_session"])
    return {}


def _export(world: World) -> str:
    response = world.client.get(f"/score/{world.sheet().id}/export")
    assert response.status_code == 200
    return response.text


@pytest.fixture
def world(app: FastAPI, client: TestClient) -> Iterator[World]:
    yield World(app, client)


# The bot protocol's JSON routes (docs/bots.md): a program sends them with its bearer
# token, no form; tests/web/botapi plays them. From another site they are refused too.
BOT_API = "/api/bot/"


def test_every_post_route_has_a_cross_site_check(app: FastAPI) -> None:
    templates = {route.path for route in api_routes(app, "POST")
                 if not route.path.startswith(BOT_API)}
    assert templates, "no POST routes found"
    assert templates <= set(ACCEPTED), f"add an accepted form for {templates - set(ACCEPTED)}"
    assert {"/play", "/play/new", "/score"} <= templates


@pytest.mark.parametrize("template", sorted(ACCEPTED))
def test_cross_site_post_is_refused_and_changes_nothing(
    app: FastAPI, world: World, template: str
) -> None:
    if template not in {route.path for route in api_routes(app, "POST")}:
        pytest.skip(f"{template} is not a route of this app")
    sheet = world.sheet()
    params: dict[str, Any] = {"sheet_id": sheet.id, "number": 1, **world.hand}
    if "{token}" in template:
        params["token"] = world.friend_invite()
    if template in PARAMS:
        params.update(PARAMS[template](world))
    if "{event_slug}" in template:
        params["event_slug"] = world.event_slug()
    if "{season_slug}" in template:
        params["season_slug"] = world.season_slug()
    path = fill_path(template, params)
    assert path is not None
    form: Any = ACCEPTED[template](world)
    engine = app.state.engine
    before = snapshot(engine)
    for headers in FOREIGN:
        for htmx in ({}, {"HX-Request": "true"}):
            response = world.client.post(path, data=form, headers={**headers, **htmx},
                                         follow_redirects=False)
            assert response.status_code == 403, (headers, response.status_code)
            assert "Cross-site request refused" in response.text
            assert "set-cookie" not in response.headers
            assert not diff(before, snapshot(engine)), headers
    # The very same form from the app's own page is accepted.
    response = world.client.post(path, data=form, follow_redirects=False,
                                 headers={"origin": "http://testserver",
                                          "referer": "http://testserver/score"})
    assert response.status_code in (200, 303), (response.status_code, response.text[:300])
    if template not in READ_ONLY:
        assert diff(before, snapshot(engine)), "the accepted form should have changed state"


def test_cross_site_post_to_the_bot_protocol_is_refused(app: FastAPI, world: World) -> None:
    """The bot protocol's POSTs carry no cookie-borne authority, yet a page of another
    site posting to them (a bot's token in a script there) is refused like a form."""
    templates = {route.path for route in api_routes(app, "POST")
                 if route.path.startswith(BOT_API)}
    assert templates, "no bot protocol routes found"
    before = snapshot(app.state.engine)
    for template in sorted(templates):
        path = fill_path(template, {"match_id": world.hand["match_id"]})
        assert path is not None
        for headers in FOREIGN:
            response = world.client.post(path, json={"invite": "x"}, headers={
                **headers, "authorization": "Bearer gbot_x"})
            assert response.status_code == 403, (path, headers, response.status_code)
    assert not diff(before, snapshot(app.state.engine))


def test_cross_site_get_changes_nothing(app: FastAPI, world: World) -> None:
    """A GET from another site (a link, an <img>) is answered but changes nothing."""
    before = snapshot(app.state.engine)
    for path in ["/play", "/play/new", "/score", f"/score/{world.sheet().id}"]:
        response = world.client.get(path, headers={"origin": "https://evil.example",
                                                    "referer": "https://evil.example/"})
        assert response.status_code == 200
    assert not diff(before, snapshot(app.state.engine))


def test_every_page_carries_the_security_headers(app: FastAPI, world: World) -> None:
    """Every GET route of the app (play, score, shared sheet, export, guide) and a tap's
    answer: scripts only from the app itself, no sniffing, a referrer policy, no framing,
    and no inline script or event handler in the HTML (the CSP would block it anyway)."""
    sheet = world.sheet()
    params = {"sheet_id": sheet.id, "number": 1, "token": sheet.share_token, "slug": "faq",
              "match_id": world.hand["match_id"], "event_slug": world.event_slug(),
              "season_slug": world.season_slug()}
    responses = []
    for route in api_routes(app, "GET"):
        path = fill_path(route.path, params)
        assert path is not None, route.path
        responses.append((path, world.client.get(path), NOT_200_HERE.get(route.path, 200)))
    responses.append(("tap", world.client.post("/play", data=world.play_action(),
                                               headers={"HX-Request": "true"}), 200))
    for path, response, status in responses:
        assert response.status_code == status, path
        headers = response.headers
        csp = dict((part.split()[0], part.split()[1:])
                   for part in headers["content-security-policy"].split("; "))
        assert csp["script-src"] == ["'self'"], path
        assert csp["frame-ancestors"] == ["'none'"], path
        assert headers["x-content-type-options"] == "nosniff", path
        assert headers["referrer-policy"] in ("same-origin", "no-referrer"), path
        assert headers["x-frame-options"] == "DENY", path
        if headers.get("content-type", "").startswith("text/html"):
            html = response.text
            scripts = re.findall(r"<script\b[^>]*>", html)
            # Every script is a file of ours; a JSON data block (the page's words for
            # static/table/) is never run, whatever it holds.
            assert all('src="/static/' in tag or 'type="application/json"' in tag
                       for tag in scripts), (path, scripts)
            assert not re.search(r"<[^>]+\son[a-z]+\s*=", html), path
            assert not re.search(r"\shref\s*=\s*\"javascript:", html, re.I), path
