"""A match survives a server restart: one ``python -m app`` process writes it, a new
process on the same database resumes the exact position and plays on."""

from __future__ import annotations

import re
from collections.abc import Callable

import httpx

from tests.support.servers import LiveServer
from tests.web.play.test_play_http import read_page


def _position(html: str) -> tuple[str, ...]:
    """What the person sees that must not change: hand, status, version, score, piles."""
    page = read_page(html)
    hand = sorted(b.value for b in page.buttons if b.name == "card")
    piles = re.findall(r'class="pile__label[^"]*">([^<]*)<', html)
    score = re.search(r'class="scorebar__score"[^>]*>(.*?)</button>', html, re.S)
    return (" ".join(hand), page.status, page.version or "", " | ".join(piles),
            score.group(1) if score else "")


def _tap(client: httpx.Client, html: str) -> str:
    """One sensible tap: pass on the upcard, draw, or discard the first card."""
    page = read_page(html)
    enabled = {b.value for b in page.enabled("action")}
    data = {"version": page.version or ""}
    if "pass" in enabled:
        data["action"] = "pass"
    elif "draw_stock" in enabled:
        data["action"] = "draw_stock"
    elif "next_hand" in enabled:
        data["action"] = "next_hand"
    else:
        card = page.enabled("card")[0].value
        data.update(action="discard", card=card)
    response = client.post("/play", data=data)
    assert response.status_code == 200, response.text[:500]
    return response.text


def test_a_new_server_process_resumes_the_match(
    start_server: Callable[..., LiveServer],
) -> None:
    first = start_server()
    with httpx.Client(base_url=first.url, follow_redirects=True, timeout=10) as client:
        html = client.post("/play/new", data={"level": "standard"}).text
        for _ in range(5):
            html = _tap(client, html)
        before = _position(html)
        cookies = dict(client.cookies)
    first.kill()  # no clean shutdown: the state must already be on disk

    second = start_server(db_url=first.db_url)
    with httpx.Client(base_url=second.url, follow_redirects=True, timeout=10,
                      cookies=cookies) as client:
        html = client.get("/play").text
        assert _position(html) == before
        # ...and the match goes on from there.
        after = _tap(client, html)
        assert read_page(after).version == str(int(before[2]) + 1)


def test_simultaneous_double_taps_apply_once(live_server: str) -> None:
    """Four copies of one tap sent at once to a real server: one applies, the rest get 409."""
    from concurrent.futures import ThreadPoolExecutor

    with httpx.Client(base_url=live_server, follow_redirects=True, timeout=10) as client:
        html = client.post("/play/new", data={"level": "standard"}).text
        version = read_page(html).version or ""
        cookies = dict(client.cookies)

    def send(_: int) -> int:
        with httpx.Client(base_url=live_server, cookies=cookies, timeout=10) as c:
            return c.post("/play", data={"action": "pass", "version": version}).status_code

    with ThreadPoolExecutor(4) as pool:
        codes = sorted(pool.map(send, range(4)))
    assert codes == [303, 409, 409, 409]
    with httpx.Client(base_url=live_server, cookies=cookies, timeout=10) as client:
        assert read_page(client.get("/play").text).version == str(int(version) + 1)
