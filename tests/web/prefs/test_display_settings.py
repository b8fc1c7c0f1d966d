"""Display settings: stored per browser, written on <html> by the server.

Each setting is stored with the browser session, applied on the first paint of Play,
Score, the guide and home (the server writes it on ``<html>``, so no script has to run
first), survives a reload, and stays with its browser. A bad form gets 400 and changes
nothing.
"""

from __future__ import annotations

import re
from urllib.parse import urlencode

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlmodel import Session, select

from app.core.models import DisplayPrefs
from app.prefs.settings import SETTINGS
from app.web.display import DEFAULT, Display

PAGES = ("/", "/play", "/score", "/guide", "/guide/scoring", "/settings")
GOOD = {"card_size": "large", "deck": "four", "theme": "dark", "motion": "reduced",
        "computer_speed": "slow", "card_back": "blue", "felt": "burgundy", "sound": "on",
        "vibration": "on", "language": "en"}


def html_attributes(html: str) -> dict[str, str]:
    """The attributes of the page's ``<html>`` tag."""
    tag = re.search(r"<html([^>]*)>", html)
    assert tag is not None
    return dict(re.findall(r'([\w-]+)="([^"]*)"', tag.group(1)))


def form(**changes: str) -> dict[str, str]:
    """The default settings as a form, with ``changes``."""
    return {**DEFAULT.model_dump(), **changes}


def stored_rows(app: FastAPI) -> list[DisplayPrefs]:
    with Session(app.state.engine) as db:
        return list(db.exec(select(DisplayPrefs)))


def test_a_new_browser_gets_the_defaults_on_every_page(client: TestClient) -> None:
    for path in PAGES:
        attrs = html_attributes(client.get(path).text)
        assert attrs["data-card-size"] == "normal", path
        assert attrs["data-deck"] == "two"
        assert attrs["data-theme"] == "device"
        assert attrs["data-motion"] == "device"
        assert attrs["data-computer-turn-ms"] == "450"


@pytest.mark.parametrize(("name", "value", "attribute"), [
    (setting.name, choice.value, {"card_size": "data-card-size", "computer_speed":
                                  "data-computer-speed", "card_back": "data-card-back",
                                  "language": "lang"}.get(
                                      setting.name, f"data-{setting.name}"))
    for setting in SETTINGS for choice in setting.choices
])
def test_each_choice_is_stored_and_shown_on_every_page_after_reload(
        app: FastAPI, client: TestClient, name: str, value: str, attribute: str) -> None:
    client.get("/settings")
    response = client.post("/settings", data=form(**{name: value}), follow_redirects=False)
    assert response.status_code == 303
    assert response.headers["location"].startswith("/settings?saved=1")
    (row,) = stored_rows(app)
    assert getattr(row, name) == value
    for path in PAGES:
        for _ in range(2):  # first paint, and again after a reload
            shown = "en" if value == "auto" else value  # auto: no Accept-Language here
            assert html_attributes(client.get(path).text)[attribute] == shown, path


def test_the_settings_page_shows_the_stored_choice_checked(client: TestClient) -> None:
    client.post("/settings", data=GOOD)
    html = client.get("/settings").text
    for name, value in GOOD.items():
        assert re.search(rf'name="{name}" value="{value}" checked', html), name
    assert html.count(" checked") == len(GOOD)
    assert "Settings saved" in client.get("/settings?saved=1").text


def test_settings_belong_to_their_browser(app: FastAPI, client: TestClient) -> None:
    client.post("/settings", data=GOOD)
    with TestClient(app) as other:
        assert html_attributes(other.get("/").text)["data-theme"] == "device"
    assert html_attributes(client.get("/").text)["data-theme"] == "dark"


def test_computer_speed_and_motion_reach_the_page(client: TestClient) -> None:
    for speed, ms in (("quick", "300"), ("normal", "450"), ("slow", "600")):
        client.post("/settings", data=form(computer_speed=speed))
        attrs = html_attributes(client.get("/play").text)
        assert attrs["data-computer-speed"] == speed
        assert attrs["data-computer-turn-ms"] == ms
    client.post("/settings", data=form(computer_speed="slow", motion="reduced"))
    assert html_attributes(client.get("/play").text)["data-computer-turn-ms"] == "0"


def test_theme_colour_follows_the_theme(client: TestClient) -> None:
    html = client.get("/").text
    assert re.search(r'<meta name="theme-color" content="#[0-9a-f]{6}" '
                     r'media="\(prefers-color-scheme: dark\)">', html)
    assert 'name="color-scheme" content="light dark"' in html
    colours = set()
    for theme in ("light", "dark", "contrast"):
        client.post("/settings", data=form(theme=theme))
        html = client.get("/").text
        metas = re.findall(r'<meta name="theme-color" content="(#[0-9a-f]{6})">', html)
        assert len(metas) == 1 and "prefers-color-scheme" not in html
        colours.add(metas[0])
    assert len(colours) == 3


BAD_FORMS = [
    pytest.param(form(theme="purple"), "Theme: choose one of", id="unknown value"),
    pytest.param(form(card_size=""), "Card size: choose one of", id="empty value"),
    pytest.param({k: v for k, v in form().items() if k != "deck"}, "Deck: nothing chosen",
                 id="missing field"),
    pytest.param(form(colour="red"), "Unknown setting", id="unknown field"),
    pytest.param(form(motion="reduced\x00"), "Motion: choose one of", id="control character"),
    pytest.param(form(computer_speed="9" * 5000), "choose one of", id="long value"),
]


@pytest.mark.parametrize(("data", "message"), BAD_FORMS)
def test_a_bad_form_is_refused_and_changes_nothing(app: FastAPI, client: TestClient,
                                                   data: dict[str, str], message: str) -> None:
    client.post("/settings", data=GOOD)
    response = client.post("/settings", data=data)
    assert response.status_code == 400
    assert message in response.text and "Nothing was changed" in response.text
    (row,) = stored_rows(app)
    assert Display(**{name: getattr(row, name) for name in GOOD}) == Display(**GOOD)


def test_a_repeated_field_or_a_file_is_refused(app: FastAPI, client: TestClient) -> None:
    body = urlencode([*form().items(), ("theme", "dark")])
    repeated = client.post("/settings", content=body,
                           headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert repeated.status_code == 400 and "Theme: chosen twice" in repeated.text
    upload = client.post("/settings", data=form(), files={"theme": ("t.txt", b"dark")})
    assert upload.status_code == 400
    assert stored_rows(app) == []


def test_settings_are_linked_from_home_and_play_and_lead_back(client: TestClient) -> None:
    for path in ("/", "/play"):
        html = client.get(path).text
        assert re.search(r'<a class="site-nav__settings" href="/settings\?back=[^"]*"', html)
    html = client.get("/settings?back=/play").text
    assert 'name="back" value="/play"' in html and "Back to Play" in html
    response = client.post("/settings", data={**form(), "back": "/play"},
                           follow_redirects=False)
    assert response.headers["location"] == "/settings?saved=1&back=%2Fplay"
    evil = client.get("/settings?back=//evil.example").text
    assert "evil.example" not in evil


def test_a_card_face_names_its_suit_for_the_four_colour_deck(client: TestClient) -> None:
    html = client.get("/settings").text
    for suit in ("hearts", "diamonds", "clubs", "spades"):
        assert f"card--{suit}" in html
