"""The page's language: the browser's Accept-Language on a first visit, the Settings'
switch over it, ``<html lang>`` and ``Vary`` right (app/web/deps.py: use_language), on
error pages no route answered too (``choose_language``) and in the manifest. Every page
and play state in each language: tests/web/test_no_english_left.py."""

from __future__ import annotations

from fastapi.testclient import TestClient

from app.core.i18n import LANGUAGES
from app.web.display import DEFAULT

PAGES = ("/", "/play", "/score", "/guide", "/settings", "/devices", "/stats")


def _lang(html: str) -> str:
    return html.split("<html lang=\"", 1)[1].split("\"", 1)[0]


def test_accept_language_chooses_the_first_visits_language(client: TestClient) -> None:
    for path in PAGES:
        page = client.get(path, headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"})
        assert page.status_code == 200, path
        assert _lang(page.text) == "de", path
        assert ">Einstellungen<" in page.text and ">Regeln<" in page.text, path
        assert "Accept-Language" in page.headers["vary"], path
    spanish = client.get("/", headers={"Accept-Language": "es-MX"})
    assert _lang(spanish.text) == "es" and ">Ajustes<" in spanish.text
    french = client.get("/", headers={"Accept-Language": "fr-CA, it;q=0.5"})
    assert _lang(french.text) == "fr" and ">Réglages<" in french.text
    english = client.get("/", headers={"Accept-Language": "nl, sv;q=0.5"})
    assert _lang(english.text) == "en" and ">Settings<" in english.text


def test_the_settings_switch_overrides_the_browser(client: TestClient) -> None:
    client.get("/")
    form = {**DEFAULT.model_dump(), "language": "es"}
    assert client.post("/settings", data=form, follow_redirects=False).status_code == 303
    page = client.get("/settings", headers={"Accept-Language": "de"})
    assert _lang(page.text) == "es" and ">Guardar ajustes<" in page.text
    assert "Accept-Language" not in page.headers["vary"]  # the page no longer depends on it
    assert 'value="es" checked' in page.text
    back = {**DEFAULT.model_dump(), "language": "auto"}
    assert client.post("/settings", data=back, follow_redirects=False).status_code == 303
    assert _lang(client.get("/", headers={"Accept-Language": "de"}).text) == "de"


def test_a_language_outside_the_choices_is_refused(client: TestClient) -> None:
    client.get("/")
    outside = next(code for code in ("nl", "sv", "pl", "xx") if code not in LANGUAGES)
    page = client.post("/settings", data={**DEFAULT.model_dump(), "language": outside})
    assert page.status_code == 400 and "Language: choose one of" in page.text


def test_a_page_no_route_answered_speaks_the_browsers_language(client: TestClient) -> None:
    html = {"Accept": "text/html"}
    for path in ("/no-such-page", "/play/rematch"):  # 404, 405: before any route's dependency
        page = client.get(path, headers={**html, "Accept-Language": "de"})
        assert page.status_code in (404, 405), path
        assert _lang(page.text) == "de" and ">Einstellungen<" in page.text, path
        assert "Accept-Language" in page.headers["vary"], path
    client.get("/")
    form = {**DEFAULT.model_dump(), "language": "es"}
    assert client.post("/settings", data=form, follow_redirects=False).status_code == 303
    page = client.get("/no-such-page", headers={**html, "Accept-Language": "de"})
    assert _lang(page.text) == "es" and ">Ajustes<" in page.text
    assert "Accept-Language" not in page.headers["vary"]


def test_the_manifest_speaks_the_browsers_language(client: TestClient) -> None:
    english = client.get("/manifest.webmanifest")
    german = client.get("/manifest.webmanifest", headers={"Accept-Language": "de-AT"})
    spanish = client.get("/manifest.webmanifest", headers={"Accept-Language": "es"})
    assert (english.json()["lang"], german.json()["lang"], spanish.json()["lang"]) == (
        "en", "de", "es")
    assert english.json()["description"].startswith("Play gin rummy")
    assert "Gin Rommé" in german.json()["description"]
    assert "ordenador" in spanish.json()["description"]
    assert german.json()["name"] == "Gin Rommé"  # the game's name in German
    assert "Accept-Language" in german.headers["vary"]


def test_a_fragment_says_its_language_so_an_old_tab_reloads_instead_of_mixing(
        client: TestClient) -> None:
    """A tab opened before a language switch in another tab asks for a piece of the table
    (htmx, HX-Request): the answer says its language (Content-Language), which no longer
    matches the old tab's ``<html lang>``; static/app.js then reloads that page instead
    of swapping the new language's table into the old language's frame (issue 52)."""
    client.post("/play/new", data={"level": "easy", "version": "0"})
    old_tab = client.get("/play")
    assert _lang(old_tab.text) == "en" and old_tab.headers["content-language"] == "en"
    form = {**DEFAULT.model_dump(), "language": "de"}
    assert client.post("/settings", data=form, follow_redirects=False).status_code == 303
    piece = client.get("/play", headers={"HX-Request": "true"})
    assert piece.status_code == 200
    assert piece.headers["content-language"] == "de" != _lang(old_tab.text)
    assert "HX-Request" in piece.headers["vary"]
