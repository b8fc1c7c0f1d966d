"""A bot's seat over JSON (``docs/bots.md``): who it is, what it sees, what it does.

:func:`authenticate` finds the bot of a request's ``Authorization: Bearer`` header
(:class:`BotRefusal` 404 while ``BOTS`` is off, 401 without a valid token).
:func:`seat_view` is the seat's view as JSON, built from the engine's view of that seat
(:func:`app.engine.match_view`: its own hand, the pile, the stock's *count*, what the
other player is known to hold) and the kit's seats (who is who, the bot marks):
nothing of the other hand, the stock or the next hand's seed. :func:`act` is the kit's
one tap (:func:`app.table.seats.tap`) on the bot's seat with the version it read;
:func:`refusal` turns what the kit refuses into the protocol's error object.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlmodel import Session

from app.core import botaccounts
from app.core.i18n import N_, gettext
from app.core.models import BotAccount
from app.engine import Card, GameError, Phase, legal_match_actions, match_view
from app.table.common import (
    NOT_YOURS,
    Loaded,
    NoMatchError,
    NotYourMatchError,
    PlayError,
    StaleTapError,
)
from app.table.seats import counted_tap
from app.table.storage import load

PROTOCOL = "gin-bot/1"
"""The protocol's name and version, in every view (``docs/bots.md``)."""

OFF = N_("Bots are off on this server: the operator turns them on with BOTS=true.")
NO_TOKEN = N_("This request carries no bot token: send Authorization: Bearer <token>.")
WRONG_TOKEN = N_("This bot token is unknown or revoked: ask the operator for one.")
BAD_BODY = N_("The request's body must be a JSON object: see docs/bots.md.")

ACTIONS = ("take_upcard", "pass", "draw_stock", "take_discard", "discard", "knock", "gin",
           "big_gin", "next_hand")
"""Every action a bot may post (``card`` with discard, knock and gin)."""


class BotRefusal(PlayError):
    """A bot request refused before its seat is read (the protocol's own): ``cause``
    names it (``bots_off``, ``no_token``, ``wrong_token``, ``bad_request``)."""

    def __init__(self, message: str, status_code: int, cause: str) -> None:
        super().__init__(message)
        self.status_code = status_code
        self.cause = cause


def authenticate(db: Session, header: str | None, bots_on: bool) -> BotAccount:
    """The bot account of an ``Authorization`` header.

    Raises:
        BotRefusal: bots are off (404 ``bots_off``), no bearer token of a bot's shape
            (401 ``no_token``), a token unknown or revoked (401 ``wrong_token``).
    """
    if not bots_on:
        raise BotRefusal(gettext(OFF), 404, "bots_off")
    token = botaccounts.bearer_token(header)
    if token is None:
        raise BotRefusal(gettext(NO_TOKEN), 401, "no_token")
    account = botaccounts.account_for(db, token)
    if account is None:
        raise BotRefusal(gettext(WRONG_TOKEN), 401, "wrong_token")
    return account


def _cards(cards: Any) -> list[str]:
    return [str(card) for card in cards]


def _action(action: Any) -> dict[str, str]:
    name, _, card = str(action).partition(" ")
    return {"action": name, "card": card} if card else {"action": name}


def seat_view(loaded: Loaded) -> dict[str, Any]:
    """The JSON view of the bot's seat in ``loaded`` (see ``docs/bots.md``, "The view"):
    only what that seat may know. A finished hand's ``result`` shows both hands, as the
    table's result panel shows them to both players."""
    match, me, game = loaded.match, loaded.me, loaded.game
    view = match_view(match, me)
    seats = loaded.seats
    names = list(game.names or ["", ""])
    marks = [botaccounts.is_bot_seat(game, seat) for seat in (0, 1)]
    result = view.result
    over = view.phase is Phase.OVER
    out: dict[str, Any] = {
        "protocol": PROTOCOL,
        "match": game.id,
        "version": game.version,
        "seat": me,
        "players": [{"seat": seat, "name": names[seat] if seat < len(names) else "",
                     "bot": marks[seat], "you": seat == me} for seat in (0, 1)],
        "opponent": {"name": seats.other_name, "bot": seats.other_bot},
        "rules": game.rules,
        "hand_number": match.hand_number,
        "dealer": view.dealer,
        "knock_limit": view.limit.limit,
        "scores": list(view.scores),
        "target": match.rules.target,
        "phase": str(view.phase),
        "your_turn": (not match.over) and (view.my_turn or over),
        "to_play": None if over else view.to_play,
        "hand": _cards(view.hand),
        "drawn": None if view.drawn is None else str(view.drawn),
        "taken_from_pile": None if view.taken_from_pile is None else str(view.taken_from_pile),
        "upcard": str(view.upcard),
        "discard_pile": _cards(view.discard_pile),
        "stock_count": view.stock_count,
        "opponent_card_count": view.opponent_card_count,
        "opponent_known": _cards(sorted(view.opponent_known, key=lambda card: card.index)),
        "own_discards": _cards(view.own_discards),
        "opponent_discards": _cards(view.opponent_discards),
        "opponent_declined": _cards(view.opponent_declined),
        "legal": [_action(a) for a in legal_match_actions(match, me)],
        "match_over": match.over,
        "winner": match.tally.winner if match.over else None,
        "result": None,
    }
    if result is not None:
        out["result"] = {
            "kind": str(result.kind),
            "knocker": result.knocker, "winner": result.winner, "points": result.points,
            "hands": [_cards(result.hands[0]), _cards(result.hands[1])],
        }
    return out


def seat(db: Session, account: BotAccount, match_id: int) -> Loaded:
    """The bot's seat at ``match_id``.

    Raises:
        NotYourMatchError: the bot holds no seat there (404), or it is not dealt yet.
    """
    loaded = load(db, account.session_id, match_id)
    if loaded is None:
        raise NotYourMatchError(gettext(NOT_YOURS))
    return loaded


def act(db: Session, account: BotAccount, match_id: int, body: Mapping[str, Any]) -> Loaded:
    """The bot's action ``body`` (``{"version": n, "action": "...", "card": "7H"}``) on
    its seat at ``match_id``: the kit's one tap, counted like a browser's.

    Raises:
        BotRefusal: the body is no JSON object of those fields (400 ``bad_request``).
        StaleTapError: ``version`` is not the match's (409); nothing changed.
        PlayError: the table refuses the action now (400, its message); nothing changed.
    """
    form: dict[str, str] = {"match": str(match_id)}
    for key in ("version", "action", "card"):
        value = body.get(key)
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int | str):
            raise BotRefusal(gettext(BAD_BODY), 400, "bad_request")
        form[key] = str(value)
    if "action" not in form:
        form["action"] = ""
    return counted_tap(db, account.session_id, form)


def refusal(error: PlayError) -> dict[str, Any]:
    """The protocol's error object of a refusal: ``{"error": message, "cause": ...,
    "status": n}``, the message in the request's language as the table says it; the
    cause is the protocol's, the engine's (``illegal:<name>``) or the table's kind."""
    cause = getattr(error, "cause", None)
    if cause is None:
        context = error.__context__
        if isinstance(context, GameError) and context.cause is not None:
            cause = f"illegal:{context.cause.name.lower()}"
        elif isinstance(error, StaleTapError):
            cause = "stale"
        elif isinstance(error, NotYourMatchError):
            cause = "not_your_match"
        elif isinstance(error, NoMatchError):
            cause = "no_match"
        else:
            cause = "refused"
    return {"error": error.message, "cause": cause, "status": error.status_code}


def parse_card(text: str) -> Card | None:
    """``text`` as a card, or ``None`` (a bot's tools may check before posting)."""
    try:
        return Card.parse(text)
    except GameError:
        return None


__all__ = ["ACTIONS", "PROTOCOL", "BotRefusal", "act", "authenticate", "parse_card",
           "refusal", "seat", "seat_view"]
