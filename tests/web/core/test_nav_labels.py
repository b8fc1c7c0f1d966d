"""Each label of the site's navigation is its page's name (issue 52: "Del día" led to
"Mano del día", "Punkte" to "Punkteblock"): in every language the app offers, the label
is one of the page's title's parts (``<title>``: "Page · Gin Rummy") or its heading."""

from __future__ import annotations

import re
from html import unescape

import pytest
from fastapi.testclient import TestClient

from app.core import i18n

NAV = re.compile(r'<nav class="site-nav"[^>]*>(.*?)</nav>', re.S)
LINK = re.compile(r'<a [^>]*href="([^"?]+)[^"]*"[^>]*>(.*?)</a>', re.S)


def _text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def _names(html: str) -> set[str]:
    """The page's names: each part of its title and each heading's text."""
    title = re.search(r"<title>(.*?)</title>", html, re.S)
    names = {part.strip() for part in _text(title[1]).split("·")} if title else set()
    names |= {_text(h) for h in re.findall(r"<h1[^>]*>(.*?)</h1>", html, re.S)}
    return names


def nav_links(html: str) -> list[tuple[str, str]]:
    """The navigation's (href, label) pairs (the gear's sign aside)."""
    nav = NAV.search(html)
    assert nav, "no site navigation"
    return [(href, _text(re.sub(r'<span[^>]*aria-hidden="true"[^>]*>.*?</span>', "", label)))
            for href, label in LINK.findall(nav[1])]


@pytest.mark.parametrize("language", list(i18n.LANGUAGES))
def test_each_nav_label_is_its_pages_title(client: TestClient, language: str) -> None:
    headers = {"Accept-Language": language}
    client.post("/play/new", data={"level": "easy", "version": "0"}, headers=headers)
    links = nav_links(client.get("/", headers=headers).text)
    assert len(links) >= 4
    wrong = []
    for href, label in links:
        page = client.get(href, headers=headers)
        assert page.status_code == 200, href
        if label not in _names(page.text):
            wrong.append(f"{href}: label {label!r}, page {sorted(_names(page.text))}")
    assert not wrong, f"{language}:\n  " + "\n  ".join(wrong)


TILE = re.compile(r'<a class="tile[^"]*" href="([^"?]+)"[^>]*>\s*<span class="tile__title">(.*?)'
                  r'</span>', re.S)


@pytest.mark.parametrize("language", list(i18n.LANGUAGES))
def test_each_home_tile_is_its_pages_title(client: TestClient, language: str) -> None:
    """The home page's tiles lead to every part of the app (events too: club nights and
    leagues were only in the footer), each titled with its page's name."""
    headers = {"Accept-Language": language}
    client.post("/play/new", data={"level": "easy", "version": "0"}, headers=headers)
    tiles = TILE.findall(client.get("/", headers=headers).text)
    assert [href for href, _ in tiles] == ["/play", "/daily", "/train", "/events", "/score",
                                           "/guide"]
    wrong = []
    for href, title in tiles:
        page = client.get(href, headers=headers)
        assert page.status_code == 200, href
        if _text(title) not in _names(page.text):
            wrong.append(f"{href}: tile {_text(title)!r}, page {sorted(_names(page.text))}")
    assert not wrong, f"{language}:\n  " + "\n  ".join(wrong)
