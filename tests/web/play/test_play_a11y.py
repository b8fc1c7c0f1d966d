"""The play screen for screen readers and the keyboard over HTTP.

Headings for Score, Computer, Piles, Your hand and Actions; each card of the hand named
with its meld; the live regions exist in the first render. The words themselves are
checked in ``tests/unit/table/test_table_words.py``, a whole hand played with the keyboard
in ``tests/browser/test_play_a11y_browser.py``.
"""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from app.engine import Card


def start(client: TestClient) -> str:
    client.get("/play")
    response = client.post("/play/new", data={"level": "standard"})
    assert response.status_code == 200
    return response.text


def test_the_table_has_headings_live_regions_and_named_cards(client: TestClient) -> None:
    html = start(client)
    headings = re.findall(r"<h2[^>]*>([^<]+)", html)
    for name in ("Score", "Computer", "Piles", "Your hand", "Actions"):
        assert name in [h.strip() for h in headings], name
    # Live regions exist from the first render (screen readers watch them from then on).
    assert re.search(r'id="status"[^>]*aria-live="polite"', html)
    assert re.search(r'<p id="computer-live"[^>]*aria-live="polite"', html)
    assert re.search(r'<p id="table-read"[^>]*aria-live="polite"[^>]*></p>', html)
    labels = re.findall(r'class="slot__input" type="radio" name="card" value="(\w\w)" '
                        r'id="c-\w\w" aria-label="([^"]+)"', html)
    assert len(labels) == 10
    for code, label in labels:
        assert label.startswith(Card.parse(code).name)
        assert label == Card.parse(code).name or ", in run " in label or ", in set of " in label
    assert 'popovertarget="table-summary" data-key="r">Read the table</button>' in html
    summary = re.search(r'<p id="table-summary-text">([^<]+)</p>', html)
    assert summary is not None and summary.group(1).startswith("Your hand, 10 cards: ")


# --- in Chromium: a whole hand with the keyboard alone ------------------------------------
