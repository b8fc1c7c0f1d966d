"""A refused form field is shown at the field (templates/_errors.html): New match, *Play a
friend* and *Host an event* mark the field at fault, put the message under it and land
the page there (the ``#answer`` target, focused), whichever field it is: each table
option (not a whole number, or out of its bounds), the computer's level, the scoring
preset, the client seed, a friend's or an event's name, an event's format, cards, rounds
and hands; joining a friend's match or an event keeps what was typed. The table options'
disclosure opens only for a field under it; the status line at the top is left for
refusals of no one field. Nothing is stored."""

from __future__ import annotations

import re

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlmodel import Session, select

from app.core.models import Event, PlayMatch, PlaySeat
from app.engine.rules import NUMBERS
from tests.support.events import an_event
from tests.support.forms import refusals

UNDER_OPTIONS = {option.name for option in NUMBERS} | {"client_seed"}
"""The fields under the table options' disclosure."""


def _bad_numbers() -> list[tuple[str, str]]:
    """Each number option, not a whole number and past its highest."""
    cases = [(option.name, "abc") for option in NUMBERS]
    cases += [(option.name, str(option.most + 1)) for option in NUMBERS
              if option.most is not None]
    return cases


NEW_MATCH = [({name: value}, name) for name, value in _bad_numbers()] + [
    ({"target": "0"}, "target"),
    ({"level": "godlike"}, "level"),
    ({"preset": "bogus"}, "preset"),
    ({"client_seed": "x" * 65}, "client_seed"),
    ({"client_seed": "tab\there"}, "client_seed"),
    ({"hands": "5", "hollywood": "on", "preset": "custom"}, "hands"),
]

FRIEND = [({"name": ""}, "name"), ({"name": "x" * 21}, "name"),
          ({"name": "Ann\x07"}, "name"), ({"name": "Ann", "target": "abc"}, "target")]

EVENT = [({"name": ""}, "name"), ({"format": "knockout"}, "format"),
         ({"cards": "paper"}, "cards"), ({"rounds": "99"}, "rounds"),
         ({"rounds": "x"}, "rounds"), ({"hands": "99"}, "hands"),
         ({"gin_bonus": "abc"}, "gin_bonus"), ({"target": "0"}, "target")]


def _assert_shown_at(html: str, name: str, *, opened: bool) -> None:
    seen = refusals(html)
    assert seen.marked == {name}, seen
    assert set(seen.messages) == {name} and seen.messages[name], seen
    assert seen.focused == name, seen
    assert seen.status == "", f"the message is at the field, not the top: {seen.status!r}"
    assert seen.options_open == opened, seen
    if name not in ("level", "preset", "format", "cards"):  # radios: their fieldset
        assert name in seen.described, seen


@pytest.mark.parametrize(("data", "name"), NEW_MATCH)
def test_new_match_shows_a_refused_field_at_the_field(
        app: FastAPI, client: TestClient, data: dict[str, str], name: str) -> None:
    response = client.post("/play/new", data={"level": "standard", "preset": "custom", **data})
    assert response.status_code == 400
    _assert_shown_at(response.text, name, opened=name in UNDER_OPTIONS)
    with Session(app.state.engine) as db:
        assert not db.exec(select(PlayMatch)).all()


@pytest.mark.parametrize(("data", "name"), FRIEND)
def test_play_a_friend_shows_a_refused_field_at_the_field(
        app: FastAPI, client: TestClient, data: dict[str, str], name: str) -> None:
    response = client.post("/play/friend", data={"preset": "house", **data})
    assert response.status_code == 400
    _assert_shown_at(response.text, name, opened=name in UNDER_OPTIONS)
    with Session(app.state.engine) as db:
        assert not db.exec(select(PlaySeat)).all() and not db.exec(select(PlayMatch)).all()


@pytest.mark.parametrize(("data", "name"), EVENT)
def test_hosting_an_event_shows_a_refused_field_at_the_field(
        app: FastAPI, client: TestClient, data: dict[str, str], name: str) -> None:
    form = {"name": "Club night", "format": "swiss", "cards": "online", "rounds": "3",
            "preset": "custom", **data}
    response = client.post("/events", data=form)
    assert response.status_code == 400
    # The event's own hands field stands outside the table options.
    _assert_shown_at(response.text, name, opened=name in UNDER_OPTIONS - {"hands"})
    with Session(app.state.engine) as db:
        assert not db.exec(select(Event)).all()


def test_a_refusal_of_no_one_field_stays_in_the_status_line(app: FastAPI,
                                                            client: TestClient) -> None:
    client.post("/play/new", data={"level": "standard", "version": "0"})
    response = client.post("/play/new", data={"level": "standard", "version": "0"})
    assert response.status_code == 409
    seen = refusals(response.text)
    assert seen.status and not seen.marked and not seen.messages and seen.focused is None
    assert not seen.options_open


def _guest(app: FastAPI) -> TestClient:
    """Another browser (its own cookies) on ``app``, whose lifespan the ``client``
    fixture runs: not started again here (a second start leaves a task running)."""
    return TestClient(app, base_url="http://testserver")


JOIN_FRIEND = [({"name": ""}, "name"), ({"name": "Bob\x07"}, "name"),
               ({"name": "Bob", "client_seed": "x" * 65}, "client_seed")]


@pytest.mark.parametrize(("data", "name"), JOIN_FRIEND)
def test_joining_a_friend_shows_a_refused_field_at_the_field_and_keeps_what_was_typed(
        app: FastAPI, client: TestClient, data: dict[str, str], name: str) -> None:
    client.post("/play/friend", data={"name": "Ann", "version": "0"})
    token = re.search(r"/play/friend/([A-Za-z0-9_-]{16,64})", client.get("/play").text)
    assert token
    response = _guest(app).post(f"/play/friend/{token[1]}", data=data)
    assert response.status_code == 400
    _assert_shown_at(response.text, name, opened=False)
    if name == "client_seed":  # the name typed is kept, not lost to the refusal
        assert 'value="Bob"' in response.text


def test_joining_an_event_under_a_taken_name_shows_it_at_the_name(
        app: FastAPI, client: TestClient) -> None:
    slug = an_event(client)
    assert client.post(f"/events/{slug}/join", data={"name": "Ann"}).status_code == 200
    guest = _guest(app)
    for typed in ("ann", ""):
        response = guest.post(f"/events/{slug}/join", data={"name": typed})
        assert response.status_code in (400, 409)
        _assert_shown_at(response.text, "name", opened=False)
        assert f'value="{typed}"' in response.text


def test_a_hosts_refused_walk_in_is_shown_at_the_walk_in_field_not_the_join_form(
        app: FastAPI, client: TestClient) -> None:
    slug = an_event(client)
    version = re.search(r'name="version" value="(\d+)"', client.get(f"/events/{slug}").text)
    assert version
    assert client.post(f"/events/{slug}/walk-in",
                       data={"version": version[1], "name": "Ann"}).status_code == 200
    page = client.get(f"/events/{slug}").text
    version = re.search(r'name="version" value="(\d+)"', page)
    assert version
    response = client.post(f"/events/{slug}/walk-in", data={"version": version[1],
                                                           "name": "ANN"})
    assert response.status_code == 409
    seen = refusals(response.text)
    assert set(seen.messages) == {"walk_in"} and seen.focused == "walk_in", seen
    assert 'id="walk-in" name="name" value="ANN"' in response.text
    assert 'id="join-name" name="name" value=""' in response.text  # the join form: untouched
    assert '<p class="play-status__refused" role="alert">' not in response.text  # not at the top


def _version(client: TestClient, slug: str) -> str:
    found = re.search(r'name="version" value="(\d+)"', client.get(f"/events/{slug}").text)
    assert found
    return found[1]


def test_a_refused_result_correction_opens_with_what_was_typed_and_says_why_at_the_points(
        app: FastAPI, client: TestClient) -> None:
    slug = an_event(client, cards="real")
    for name in ("Ann", "Bob"):
        client.post(f"/events/{slug}/walk-in", data={"version": _version(client, slug),
                                                    "name": name})
    client.post(f"/events/{slug}/start", data={"version": _version(client, slug)})
    page = client.get(f"/events/{slug}").text
    pairing = re.search(r'name="pairing"><option value="(\d+)"', page)
    assert pairing, "no table to correct"
    response = client.post(f"/events/{slug}/correct", data={
        "version": _version(client, slug), "pairing": pairing[1], "outcome": "b",
        "points_a": "120", "points_b": "35"})
    assert response.status_code == 400
    seen = refusals(response.text)
    assert set(seen.messages) == {"points_a"} and seen.focused == "points_a", seen
    assert "points_a" in seen.described
    assert '<p class="play-status__refused" role="alert">' not in response.text  # not at the top
    assert re.search(r'<details class="event-correct" open>', response.text)
    assert 'value="b" checked' in response.text and 'value="120"' in response.text
    assert 'value="35"' in response.text
