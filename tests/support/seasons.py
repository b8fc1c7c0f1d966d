"""A season made through the app, for the tests that visit every route: its slug
(``{season_slug}`` in the routes' paths) and the page that showed its host code."""

from __future__ import annotations

from typing import Any


def a_season_page(client: Any, name: str = "Winter league") -> tuple[str, str]:
    """Make a season as ``client``'s browser; ``(slug, its page with the host code)``."""
    response = client.post("/seasons", data={"name": name}, follow_redirects=False)
    assert response.status_code == 303, response.text[:2000]
    slug = str(response.headers["location"]).rsplit("/", 1)[1]
    page = client.get(f"/seasons/{slug}")
    assert page.status_code == 200
    return slug, str(page.text)


def a_season(client: Any, name: str = "Winter league") -> str:
    """:func:`a_season_page`'s season's slug."""
    return a_season_page(client, name)[0]


def host_code(page: str) -> str:
    """The host code a season's (or event's) first page shows."""
    return page.split('id="host-code-value">', 1)[1].split("<", 1)[0]
