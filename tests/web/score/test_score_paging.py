"""A long score sheet shows a page of hands (app/web/paging.py): its last 50 with a
link to the earlier ones, every page reachable, the hand being corrected on its page,
the undo naming the last hand whatever page is shown."""

from __future__ import annotations

import json
import re

from fastapi.testclient import TestClient

from app.engine import CLASSIC
from app.score.sheet import HandEntry, ScoreSheet, SheetOptions


def _sheet(client: TestClient, hands: int) -> str:
    """Import a sheet of ``hands`` knocks; its address."""
    options = SheetOptions(rules=CLASSIC.with_options(target=10_000))
    entries = tuple(HandEntry.knock(i % 2, 3, 9 + i % 40) for i in range(hands))
    text = json.dumps(ScoreSheet(options, ("Ann", "Bob"), entries).to_dict())
    made = client.post("/score/import", data={"json": text}, follow_redirects=False)
    assert made.status_code == 303
    return made.headers["location"].split("#")[0]


def _hands(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'<tr id="hand-(\d+)"', html)]


def test_a_long_sheet_shows_its_last_50_hands_and_links_to_the_earlier(
        client: TestClient) -> None:
    url = _sheet(client, 120)
    page = client.get(url).text
    assert _hands(page) == list(range(71, 121))
    assert "Hands 71–120 of 120" in page and "Undo hand 120" in page
    earlier = re.search(r'href="([^"]+upto=70#sheet)"', page)
    assert earlier is not None and "Later hands" not in page
    middle = client.get(earlier.group(1).replace("&amp;", "&")).text
    assert _hands(middle) == list(range(21, 71)) and "Undo hand 120" in middle
    first = client.get(f"{url}?upto=20").text
    assert _hands(first) == list(range(1, 21)) and "Earlier hands" not in first
    assert 'upto=70#sheet">Later hands' in first
    assert len(page) < len(client.get(f"{url}?upto=5000").text) * 2  # clamped, same size
    for junk in ("x", "-3", "²", "9" * 30):
        assert _hands(client.get(f"{url}?upto={junk}").text) == list(range(71, 121))


def test_correcting_an_early_hand_shows_its_page(client: TestClient) -> None:
    url = _sheet(client, 120)
    page = client.get(f"{url}/hands/10").text
    assert 10 in _hands(page) and len(_hands(page)) == 50


def test_a_short_sheet_is_one_page_without_links(client: TestClient) -> None:
    url = _sheet(client, 12)
    page = client.get(url).text
    assert _hands(page) == list(range(1, 13)) and "Earlier hands" not in page
