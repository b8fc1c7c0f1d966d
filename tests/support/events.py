"""An event made through the app, for the tests that visit every route: its slug
(``{event_slug}`` in the routes' paths)."""

from __future__ import annotations

import re
from typing import Any

SLUG = re.compile(r"/events/([A-Za-z0-9_-]{12})/")


def an_event_page(client: Any, **fields: str) -> str:
    """Create an event as ``client``'s browser (Swiss, online, House rules, or
    ``fields``); the page that answers (with the host code)."""
    response = client.post("/events", data={"name": "Club night", "format": "swiss",
                                            "rounds": "3", "cards": "online",
                                            "preset": "house", **fields})
    assert response.status_code == 200, response.text[:2000]
    return str(response.text)


def an_event(client: Any, **fields: str) -> str:
    """:func:`an_event_page`'s event's slug."""
    found = SLUG.search(an_event_page(client, **fields))
    assert found is not None
    return found.group(1)
