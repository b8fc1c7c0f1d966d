"""Fair deals between two friends: each player sets their own client seed
before a hand, and after it each recomputes the combined seed and the deal from what
their own page shows (``docs/fairness.md``).
"""

from __future__ import annotations

import hashlib
import html
import re

from fastapi import FastAPI
from fastapi.testclient import TestClient

from app.engine import Card, Phase
from app.engine.fairness import combine_client_seeds, fair_deal
from tests.support.friends import choose
from tests.support.hardening import action_form
from tests.web.fair.test_fair_play import _attr, _held
from tests.web.friend.test_friend import browser, invite, join, stored_match


def _code(page: str, css: str) -> str | None:
    found = re.search(rf'<code class="fair-hex {css}">([^<]*)</code>', page)
    return html.unescape(found.group(1)) if found else None


def _play_to_the_end(app: FastAPI, clients: tuple[TestClient, TestClient]) -> None:
    game, match = stored_match(app, clients[0])
    while match.hand.phase is not Phase.OVER:
        player = match.hand.to_play
        response = clients[player].post("/play", data=action_form(choose(match, player),
                                                                  game.version))
        assert response.status_code in (200, 303), response.text[:500]
        game, match = stored_match(app, clients[0])


def _check_from_the_pages(app: FastAPI, clients: tuple[TestClient, TestClient],
                          seeds: tuple[str, str], hand: int, dealer: int,
                          commitment: str, dealt: tuple[set[Card], set[Card]]) -> None:
    """After hand ``hand``, each player rebuilds the deal from their own page alone."""
    for seat, client in enumerate(clients):
        page = client.get("/play").text
        mine, theirs = _code(page, "fair-seed-mine"), _code(page, "fair-seed-theirs")
        assert (mine, theirs) == (seeds[seat], seeds[1 - seat])
        inviter, friend = (mine, theirs) if seat == 0 else (theirs, mine)
        combined = _attr(page, "data-client-seed")
        server_seed = _attr(page, "data-server-seed")
        assert combined is not None and server_seed is not None
        assert combine_client_seeds(inviter, friend) == combined
        assert hashlib.sha256(server_seed.encode()).hexdigest() == commitment
        deal = fair_deal(server_seed, combined, hand)
        assert set(deal.non_dealer if seat != dealer else deal.dealer) == dealt[seat]
        # The box's link checks it on /fair from the two seeds.
        link = re.search(r'href="(/fair\?[^"]+)"', page)
        assert link is not None
        url = html.unescape(link.group(1))
        assert "inviter_seed=" in url and "friend_seed=" in url
        checked = client.get(url)
        assert checked.status_code == 200 and "The commitment matches" in checked.text
        assert f'id="fair-combined">{combined}<' in checked.text
        # /fair combines the two seeds itself when the client seed is left out.
        query = {"server_seed": server_seed, "hand_number": str(hand),
                 "inviter_seed": inviter, "friend_seed": friend}
        alone = client.get("/fair", params=query)
        assert alone.status_code == 200
        assert f'data-cards="{" ".join(str(c) for c in deal.stock)}"' in alone.text


def test_each_friend_recomputes_the_deal_from_their_own_page(app: FastAPI) -> None:
    host, guest = browser(app), browser(app)
    clients = (host, guest)
    token = invite(host, client_seed="ann's seed")
    assert join(guest, token, client_seed="Bob & <co>").status_code == 303
    pages = [client.get("/play").text for client in clients]
    commitment = _attr(pages[0], "data-commitment")
    assert commitment is not None and _attr(pages[1], "data-commitment") == commitment
    assert all(_attr(page, "data-server-seed") is None for page in pages)
    assert all(_code(page, "fair-seed-theirs") is None for page in pages)
    dealt = (_held(pages[0]), _held(pages[1]))
    _play_to_the_end(app, clients)
    _check_from_the_pages(app, clients, ("ann's seed", "Bob & <co>"), 1, 1, commitment,
                          dealt)
    # Before hand 2 each sets their own seed in the box (the other's is not shown there).
    for seat, (client, seed) in enumerate(zip(clients, ("ann 2", "bob 2"), strict=True)):
        game, _ = stored_match(app, host)
        page = client.post("/play", data={"client_seed": seed, "version": str(game.version)})
        assert page.status_code == 200
        assert f'id="client-seed" name="client_seed" value="{seed}"' in page.text
        assert ("bob 2", "ann 2")[seat] not in page.text
    page = host.get("/play").text
    next_commitment = _attr(page, "data-next-commitment")
    assert next_commitment is not None
    game, _ = stored_match(app, host)
    host.post("/play", data=action_form("next_hand", game.version))
    game, match = stored_match(app, host)
    assert match.hand_number == 2
    dealt = (_held(host.get("/play").text), _held(guest.get("/play").text))
    _play_to_the_end(app, clients)
    _check_from_the_pages(app, clients, ("ann 2", "bob 2"), 2, match.dealer,
                          next_commitment, dealt)


def test_fair_refuses_seeds_that_do_not_combine_into_the_client_seed(
        app: FastAPI) -> None:
    client = browser(app)
    server = "5" * 64
    combined = combine_client_seeds("a", "b")
    good = {"server_seed": server, "hand_number": "1", "inviter_seed": "a",
            "friend_seed": "b"}
    page = client.get("/fair", params={**good, "client_seed": combined})
    assert page.status_code == 200 and f'id="fair-combined">{combined}<' in page.text
    wrong = client.get("/fair", params={**good, "client_seed": "a"})
    assert wrong.status_code == 400
    assert "not the two players' seeds combined" in html.unescape(wrong.text)
    assert 'class="panel fair-result"' not in wrong.text
    bad = client.get("/fair", params={**good, "friend_seed": "café"})
    assert bad.status_code == 400 and "The friend's seed" in html.unescape(bad.text)
    assert 'class="panel fair-result"' not in bad.text
