#!/usr/bin/env python3
"""A sample bot for the open bot protocol (docs/bots.md): standard library only.

It joins a friend match by its invite (the code or the whole link), then plays it to
the end with a trivial policy, reading its seat's view after every change it hears on
the match's event stream:

* the upcard offer: take the upcard when it lowers the hand's deadwood, else pass;
* the draw: take the discard when it lowers the deadwood, else draw from the stock;
* then gin when it can, knock when it can (with the card that leaves the least
  deadwood), else discard the highest card of the deadwood;
* between hands: deal the next one.

    python3 tools/bot_client.py --server http://127.0.0.1:8000 --token gbot_... \\
        --invite 'http://127.0.0.1:8000/play/friend/XXXX'

The token comes from the operator (``python -m app bot add NAME``) and may be given in
the environment as ``GIN_BOT_TOKEN`` instead. Exit status 0 when the match is over
(the last line says who won), 1 with the server's refusal otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import urllib.error
import urllib.request
from itertools import combinations
from typing import Any

RANKS = "A23456789TJQK"
SUITS = "CDHS"


# --- the policy: pure functions of the seat's view --------------------------------------


def rank(card: str) -> int:
    """0 (ace) .. 12 (king)."""
    return RANKS.index(card[0])


def points(card: str) -> int:
    """A card's deadwood value: ace 1, faces 10."""
    return min(rank(card) + 1, 10)


def melds(cards: list[str]) -> list[frozenset[str]]:
    """Every meld among ``cards``: sets of 3 or 4 of a rank, runs of 3+ in a suit."""
    found: list[frozenset[str]] = []
    by_rank: dict[int, list[str]] = {}
    by_suit: dict[str, list[str]] = {}
    for card in cards:
        by_rank.setdefault(rank(card), []).append(card)
        by_suit.setdefault(card[1], []).append(card)
    for group in by_rank.values():
        for size in (3, 4):
            found.extend(frozenset(c) for c in combinations(group, size))
    for suited in by_suit.values():
        ordered = sorted(suited, key=rank)
        for start in range(len(ordered)):
            run = [ordered[start]]
            for card in ordered[start + 1:]:
                if rank(card) != rank(run[-1]) + 1:
                    break
                run.append(card)
                if len(run) >= 3:
                    found.append(frozenset(run))
    return found


def deadwood(cards: list[str]) -> int:
    """The least deadwood of ``cards`` over every way to meld them."""
    options = melds(cards)
    best = sum(points(c) for c in cards)

    def search(left: frozenset[str], start: int) -> None:
        nonlocal best
        best = min(best, sum(points(c) for c in left))
        for i in range(start, len(options)):
            if options[i] <= left:
                search(left - options[i], i + 1)

    search(frozenset(cards), 0)
    return best


def best_discard(hand: list[str], forbidden: str | None = None) -> tuple[str, int]:
    """The card whose discard leaves the least deadwood (the highest card among equals),
    and that deadwood; never ``forbidden`` (the card just taken from the pile)."""
    choices = [c for c in hand if c != forbidden]
    return min(((c, deadwood([x for x in hand if x != c])) for c in choices),
               key=lambda pair: (pair[1], -points(pair[0])))


def choose(view: dict[str, Any]) -> dict[str, str] | None:
    """The action to post for ``view`` (``{"action": ..., "card": ...}``), or ``None``
    when it is not this seat's turn."""
    legal = view["legal"]
    names = {a["action"] for a in legal}
    if not view["your_turn"] or not legal:
        return None
    if "next_hand" in names:
        return {"action": "next_hand"}
    hand = view["hand"]
    top = view["discard_pile"][-1] if view["discard_pile"] else None
    if "take_upcard" in names or "take_discard" in names:
        take = "take_upcard" if "take_upcard" in names else "take_discard"
        if top is not None and best_discard(hand + [top], top)[1] < deadwood(hand):
            return {"action": take}
        if "pass" in names:
            return {"action": "pass"}
        return {"action": "draw_stock"}
    if "draw_stock" in names:
        return {"action": "draw_stock"}
    for name in ("big_gin", "gin", "knock"):
        options = [a for a in legal if a["action"] == name]
        if options:
            return min(options, key=lambda a: deadwood(
                [c for c in hand if c != a.get("card")]))
    discards = [a["card"] for a in legal if a["action"] == "discard"]
    card = min(discards, key=lambda c: (deadwood([x for x in hand if x != c]), -points(c)))
    return {"action": "discard", "card": card}


# --- the protocol: urllib and json --------------------------------------------------------


class Refused(Exception):
    """The server refused a request: ``body`` is its error object."""

    def __init__(self, status: int, body: dict[str, Any]) -> None:
        super().__init__(f"{status}: {body.get('error', body)}")
        self.status = status
        self.body = body


class Bot:
    """One bot's connection to a server (``base``: the app's address)."""

    def __init__(self, base: str, token: str) -> None:
        self.base = base.rstrip("/")
        self.headers = {"Authorization": f"Bearer {token}", "Accept": "application/json"}

    def call(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        """One JSON request; the answer's object. Waits and tries again on 429."""
        data = None if body is None else json.dumps(body).encode()
        while True:
            request = urllib.request.Request(self.base + path, data=data, method=method,
                                             headers={**self.headers,
                                                      "Content-Type": "application/json"})
            try:
                with urllib.request.urlopen(request, timeout=60) as response:
                    return json.loads(response.read())
            except urllib.error.HTTPError as error:
                text = error.read()
                try:
                    found = json.loads(text)
                except ValueError:
                    found = {"error": text.decode(errors="replace")}
                if error.code == 429:
                    time.sleep(float(error.headers.get("Retry-After", "1")))
                    continue
                raise Refused(error.code, found) from None

    def moves(self, match: int) -> Any:
        """The match's event stream: yields each ``move`` event's version."""
        request = urllib.request.Request(f"{self.base}/api/bot/matches/{match}/events",
                                         headers={**self.headers,
                                                  "Accept": "text/event-stream"})
        with urllib.request.urlopen(request, timeout=60) as response:
            event = ""
            for raw in response:
                line = raw.decode().rstrip("\r\n")
                if line.startswith("event: "):
                    event = line[7:]
                elif line.startswith("data: ") and event == "move":
                    yield int(line[6:].split("-")[0])


def play(bot: Bot, invite: str, log: Any = print) -> dict[str, Any]:
    """Join the match of ``invite`` and play it to its end; the last view."""
    view = bot.call("POST", "/api/bot/join", {"invite": invite})
    match = view["match"]
    log(f"joined match {match} as seat {view['seat']} against {view['opponent']['name']}")
    while not view["match_over"]:
        action = choose(view)
        if action is not None:
            try:
                view = bot.call("POST", f"/api/bot/matches/{match}",
                                {"version": view["version"], **action})
            except Refused as refused:
                if refused.body.get("cause") != "stale":
                    raise
                view = bot.call("GET", f"/api/bot/matches/{match}")
            continue
        for version in bot.moves(match):  # wait for the other player
            if version != view["version"]:
                break
        view = bot.call("GET", f"/api/bot/matches/{match}")
    mine, theirs = view["scores"][view["seat"]], view["scores"][1 - view["seat"]]
    won = "won" if view["winner"] == view["seat"] else "lost"
    log(f"match {match} over: the bot {won}, {mine} to {theirs}")
    return view


def main() -> int:
    """Parse the arguments, play one match; the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--server", default="http://127.0.0.1:8000")
    parser.add_argument("--token", default=os.environ.get("GIN_BOT_TOKEN", ""))
    parser.add_argument("--invite", required=True, help="the invite's code or link")
    args = parser.parse_args()
    if not args.token:
        parser.error("give the bot's token (--token or GIN_BOT_TOKEN)")
    try:
        play(Bot(args.server, args.token), args.invite, lambda text: print(text, flush=True))
    except Refused as refused:
        print(f"refused: {refused}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
