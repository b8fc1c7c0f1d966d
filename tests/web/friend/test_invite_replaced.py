"""A browser has one open invite: starting a new one replaces the last, whose link then
says so and admits nobody."""

from __future__ import annotations

from fastapi import FastAPI
from sqlmodel import Session, select

from app.core.models import PlayMatch
from app.table.storage import open_seat
from tests.support.browsers import session_id_of
from tests.web.friend.test_friend import browser, invite, join


def test_a_second_invite_cancels_the_first(app: FastAPI) -> None:
    host = browser(app)
    first = invite(host)
    with Session(app.state.engine) as db:
        seat = open_seat(db, session_id_of(host))
        assert seat is not None
    second = invite(host, version=str(seat.version))  # the New match form, opened again
    assert first != second
    friend = browser(app)
    page = friend.get(f"/play/friend/{first}")
    assert page.status_code == 410 and "replaced by a newer one" in page.text
    refused = join(friend, first)
    assert refused.status_code == 410
    with Session(app.state.engine) as db:
        statuses = {game.invite_token: game.invite_status
                    for game in db.exec(select(PlayMatch).where(PlayMatch.friend)).all()}
    assert statuses == {first: "replaced", second: "open"}
    assert join(friend, second).status_code == 303  # the new link still admits the friend
    assert f"/play/friend/{second}" not in host.get("/play").text  # the match has begun
