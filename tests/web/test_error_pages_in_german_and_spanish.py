"""The error pages (404, 429 with its Retry-After in words, 503) and the offline page in
German, Spanish, French, Italian and Portuguese, chosen by Accept-Language even where no
route ran (an unknown path, the fair-use middleware); the manifest's name and description
in the page's language."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from app.core.config import Settings
from app.core.fairuse import Rate
from tests.support.translated import english_left

GERMAN = {"Accept-Language": "de-DE,de;q=0.9", "Accept": "text/html"}
SPANISH = {"Accept-Language": "es-ES,es;q=0.9", "Accept": "text/html"}
FRENCH = {"Accept-Language": "fr-FR,fr;q=0.9", "Accept": "text/html"}
ITALIAN = {"Accept-Language": "it-IT,it;q=0.9", "Accept": "text/html"}
PORTUGUESE = {"Accept-Language": "pt-PT,pt;q=0.9", "Accept": "text/html"}
LANGUAGES = [("de", GERMAN), ("es", SPANISH), ("fr", FRENCH), ("it", ITALIAN),
             ("pt", PORTUGUESE)]


@pytest.mark.parametrize(("language", "headers"), LANGUAGES)
def test_an_unknown_page_says_so_in_the_browsers_language(
        client: TestClient, language: str, headers: dict[str, str]) -> None:
    page = client.get("/no-such-page", headers=headers)
    assert page.status_code == 404
    assert f'<html lang="{language}"' in page.text
    words = {"de": ("Seite nicht gefunden", "Fehler 404."),
             "es": ("Página no encontrada", "Error 404."),
             "fr": ("Page introuvable", "Erreur 404."),
             "it": ("Pagina non trovata", "Errore 404."),
             "pt": ("Página não encontrada", "Erro 404.")}[language]
    for word in words:
        assert word in page.text
    assert english_left(page.text, language) == []


@pytest.mark.parametrize(("language", "headers"), LANGUAGES)
def test_the_offline_page_is_translated(client: TestClient, language: str,
                                        headers: dict[str, str]) -> None:
    page = client.get("/offline", headers=headers)
    assert {"de": "Keine Verbindung", "es": "Sin conexión", "fr": "Pas de connexion",
            "it": "Nessuna connessione", "pt": "Sem ligação"}[language] in page.text
    assert english_left(page.text, language) == []


@pytest.mark.parametrize(("language", "name", "description"), [
    ("de", "Gin Rommé", "Spiele Gin Rommé gegen den Computer"),
    ("es", "Gin Rummy", "Juega al gin rummy contra el ordenador"),
    ("fr", "Gin Rami", "Joue au gin rami contre l'ordinateur"),
    ("it", "Gin Rummy", "Gioca a Gin Rummy contro il computer"),
    ("pt", "Gin Rummy", "Joga Gin Rummy contra o computador"),
])
def test_the_manifest_speaks_the_pages_language(client: TestClient, language: str, name: str,
                                                description: str) -> None:
    home = client.get("/", headers={"Accept-Language": language})
    assert f'href="/manifest.webmanifest?lang={language}"' in home.text
    manifest = json.loads(client.get(f"/manifest.webmanifest?lang={language}").text)
    assert manifest["name"] == name and manifest["lang"] == language
    assert manifest["description"].startswith(description)
    by_header = client.get("/manifest.webmanifest", headers={"Accept-Language": language})
    assert json.loads(by_header.text)["lang"] == language
    assert "Accept-Language" in by_header.headers["vary"]
    assert json.loads(client.get("/manifest.webmanifest?lang=xx").text)["lang"] == "en"


@pytest.fixture
def settings(db_url: str) -> Settings:
    """Two posts a minute per browser: the third is refused."""
    return Settings(database_url=db_url, analyse_hands=False,
                    limit_posts_per_browser=Rate(2, 60))


@pytest.mark.parametrize(("language", "headers"), LANGUAGES)
def test_too_many_posts_are_refused_in_the_browsers_language(
        client: TestClient, language: str, headers: dict[str, str]) -> None:
    client.get("/", headers=headers)
    answers = [client.post("/settings", data={}, headers=headers) for _ in range(3)]
    refused = answers[-1]
    assert refused.status_code == 429 and int(refused.headers["retry-after"]) >= 1
    words = {"de": ("Einen Moment bitte", "Du tippst schneller", "noch einmal versuchen"),
             "es": ("Un momento, por favor", "Estás enviando toques", "Puedes volver a intentarlo"),
             "fr": ("Un instant", "Tu envoies des touchers", "Tu peux réessayer"),
             "it": ("Un momento, per favore", "Stai toccando più in fretta", "Puoi riprovare"),
             "pt": ("Um momento, por favor", "Estás a tocar mais depressa",
                    "Podes tentar outra vez")}[language]
    for word in words:
        assert word in refused.text
    assert english_left(refused.text, language) == []
    fragment = client.post("/settings", data={}, headers={**headers, "HX-Request": "true"})
    assert fragment.status_code == 429 and words[1] in fragment.text


@pytest.mark.parametrize(("language", "headers"), LANGUAGES)
def test_a_busy_database_answers_503_in_the_browsers_language(
        client: TestClient, language: str, headers: dict[str, str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    from app.core.db import DatabaseBusyError
    from app.routes import prefs

    def busy(*_args: object, **_kwargs: object) -> None:
        raise DatabaseBusyError("locked")

    client.get("/", headers=headers)
    monkeypatch.setattr(prefs, "render", busy)
    page = client.get("/settings", headers=headers)
    assert page.status_code == 503 and page.headers["retry-after"]
    assert {"de": "Gerade ausgelastet", "es": "Ocupado ahora mismo",
            "fr": "Occupé pour le moment", "it": "Occupato al momento",
            "pt": "Ocupado neste momento"}[language] in page.text
    assert english_left(page.text, language) == []


def test_the_check_finds_an_english_message_left_on_a_page(client: TestClient) -> None:
    english = client.get("/no-such-page", headers={"Accept": "text/html"}).text
    assert "Page not found" in english_left(english, "de")
