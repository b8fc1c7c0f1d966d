"""The open bot protocol over HTTP (``docs/bots.md``): a program plays a friend match
through its own seat, with the bearer token the operator issued. Every answer is JSON
(the event stream excepted); every request carries ``Authorization: Bearer <token>``.

* ``GET /api/bot/me`` — the bot's name and the protocol.
* ``POST /api/bot/join`` — ``{"invite": "<the invite's code or link>", "client_seed":
  "..."}`` (the seed optional): take the friend's seat of that invite, as a browser does
  by the link; the seat's view.
* ``GET /api/bot/matches/{id}`` — the seat's view (only what that seat may see).
* ``POST /api/bot/matches/{id}`` — ``{"version": n, "action": "discard", "card": "7H"}``:
  one action, checked against the version like a browser's tap; the view after it.
* ``GET /api/bot/matches/{id}/events`` — Server-Sent Events, the friend table's own
  stream: ``event: move`` with ``data: <version>-<away>`` whenever the match changes
  (no card: the bot then reads its view).

Refusals are ``{"error": message, "cause": ..., "status": n}`` with the table's own
messages in the request's language (``Accept-Language``): 404 while the operator keeps
bots off (``BOTS``), 401 without a valid token, 400/404/409/410 as the table and the
invite refuse. The fair-use limits are a browser's: the token's hash stands for the
browser (``app.web.limits.Client``), so each post counts against ``LIMIT_POSTS_*`` and
each stream holds one of ``LIMIT_STREAMS_*``; beyond them 429 with ``Retry-After``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from starlette.background import BackgroundTask
from starlette.concurrency import run_in_threadpool
from starlette.responses import JSONResponse, Response, StreamingResponse

from app.botapi import seat as bot_seat
from app.core import botaccounts
from app.core.models import BotAccount
from app.friend import invites as friend
from app.friend import presence
from app.friend.stream import events as event_stream
from app.table.common import PlayError
from app.table.seats import client_seed_of
from app.web.deps import DbDep, choose_language
from app.web.limits import held_until_closed, stream_slot
from app.web.render import settle

router = APIRouter(prefix="/api/bot")

_INVITE = re.compile(r"(?:.*/)?([A-Za-z0-9_-]{16,64})/?")
"""An invite's code alone, or the whole link ending in it."""
_HEADERS = {"Cache-Control": "no-store"}


def _answer(body: dict[str, Any], status_code: int = 200) -> JSONResponse:
    return JSONResponse(body, status_code=status_code, headers=_HEADERS)


def _refused(error: PlayError) -> JSONResponse:
    found = bot_seat.refusal(error)
    headers = dict(_HEADERS)
    if found["status"] == 401:
        headers["WWW-Authenticate"] = 'Bearer realm="gin-bot"'
    return JSONResponse(found, status_code=found["status"], headers=headers)


def _bot(request: Request, db: DbDep) -> BotAccount:
    """The bot of the request's bearer token (see :func:`app.botapi.seat.authenticate`),
    its history marked as used."""
    choose_language(request)
    account = bot_seat.authenticate(db, request.headers.get("authorization"),
                                    request.app.state.settings.bots)
    botaccounts.touch(db, account)
    return account


def _guarded(request: Request, db: DbDep, work: Callable[[BotAccount], Response]) -> Response:
    try:
        return work(_bot(request, db))
    except PlayError as error:
        db.rollback()
        return _refused(error)


async def _json_body(request: Request) -> dict[str, Any]:
    """The request's JSON object (``{}`` for an empty body); a body that is not one is
    answered by the route as ``bad_request``."""
    raw = await request.body()
    if not raw.strip():
        return {}
    try:
        body = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        return {"\0bad": True}
    return body if isinstance(body, dict) else {"\0bad": True}


BodyDep = Annotated[dict[str, Any], Depends(_json_body)]


def _check(body: dict[str, Any]) -> None:
    if "\0bad" in body:
        raise bot_seat.BotRefusal(bot_seat.BAD_BODY, 400, "bad_request")


@router.get("/me")
def me(request: Request, db: DbDep) -> Response:
    """The bot's name and the protocol's version."""
    return _guarded(request, db, lambda account: _answer(
        {"name": account.name, "bot": True, "protocol": bot_seat.PROTOCOL}))


@router.post("/join")
def join(request: Request, db: DbDep, body: BodyDep) -> Response:
    """Take the friend's seat of the invite ``body["invite"]`` (its code or its link)
    and deal hand 1, as a browser does by the link; answered with the seat's view."""

    def work(account: BotAccount) -> Response:
        _check(body)
        text = body.get("invite")
        found = _INVITE.fullmatch(text.strip()) if isinstance(text, str) else None
        seed = body.get("client_seed")
        if seed is not None and not isinstance(seed, str):
            raise bot_seat.BotRefusal(bot_seat.BAD_BODY, 400, "bad_request")
        game = friend.accept(db, found.group(1) if found else "", account.session_id, account.name,
                             None if seed is None else client_seed_of(seed), bot=True)
        assert game.id is not None
        view = bot_seat.seat_view(bot_seat.seat(db, account, game.id))
        settle(request, 200)
        return _answer(view)

    return _guarded(request, db, work)


@router.get("/matches/{match_id}")
def view(request: Request, match_id: int, db: DbDep) -> Response:
    """The bot's seat's view of match ``match_id`` (404 when it holds no seat there)."""

    def work(account: BotAccount) -> Response:
        loaded = bot_seat.seat(db, account, match_id)
        presence.mark(request.app.state.engine, match_id, loaded.me)
        return _answer(bot_seat.seat_view(loaded))

    return _guarded(request, db, work)


@router.post("/matches/{match_id}")
def act(request: Request, match_id: int, db: DbDep, body: BodyDep) -> Response:
    """One action of the bot's seat (``version``, ``action``, ``card``); the view after
    it, or the refusal (nothing changed)."""

    def work(account: BotAccount) -> Response:
        _check(body)
        loaded = bot_seat.act(db, account, match_id, body)
        settle(request, 200)
        return _answer(bot_seat.seat_view(loaded))

    return _guarded(request, db, work)


def _watched(request: Request, db: DbDep, match_id: int) -> tuple[int, int] | JSONResponse:
    try:
        account = _bot(request, db)
        loaded = bot_seat.seat(db, account, match_id)
        return match_id, loaded.me
    except PlayError as error:
        db.rollback()
        return _refused(error)
    finally:
        db.commit()
        db.close()  # the stream holds no transaction


@router.get("/matches/{match_id}/events")
async def events(request: Request, match_id: int, db: DbDep) -> Response:
    """Server-Sent Events of match ``match_id`` for the bot's seat: the friend table's
    stream (``event: move``, ``data: <version>-<away>``; nothing holds a card)."""
    watched = await run_in_threadpool(_watched, request, db, match_id)
    if isinstance(watched, JSONResponse):
        return watched
    release = stream_slot(request)  # 429 beyond the streams per bot or address
    engine = request.app.state.engine
    poll = engine.dialect.name == "sqlite" and request.app.state.settings.workers > 1
    stream = event_stream(engine, watched[0], watched[1], poll)
    return StreamingResponse(held_until_closed(release, stream),
                             media_type="text/event-stream",
                             headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
                             background=BackgroundTask(release))
