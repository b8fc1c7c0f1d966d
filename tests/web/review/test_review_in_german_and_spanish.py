"""The history, a hand's review (its captions name the cards with their articles), the
match report, the statistics and the import page in German and Spanish."""

from __future__ import annotations

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from app.core import i18n
from app.review.stats import luck_sentence
from tests.support.translated import english_left
from tests.web.review.test_history import _finish_hand

WORDS = {
    "de": {"list": ("Verlauf", "Partie 1", "Partiebericht"),
           "review": ("Runde 1 der Partie 1", "Das Geben", "Totholz"),
           "report": ("Bericht zu Partie 1", "Deine Entscheidungen"),
           "stats": ("Statistik", "Gespielte Runden", "Partien nach Stufe"),
           "import": ("Rundenprotokoll importieren", "Dieses Rundenprotokoll ließ sich nicht"),
           "practice": "Keine Übungsrunde"},
    "es": {"list": ("Historial", "Partida 1", "Informe de la partida"),
           "review": ("Mano 1 de la partida 1", "El reparto", "puntos sueltos"),
           "report": ("Informe de la partida 1", "Tus decisiones"),
           "stats": ("Estadísticas", "Manos jugadas", "Partidas por nivel"),
           "import": ("Importar un historial de manos", "No se ha podido leer este historial"),
           "practice": "No hay mano de práctica"},
}


@pytest.mark.parametrize("language", ["de", "es"])
def test_the_history_review_report_and_statistics_are_translated(
        app: FastAPI, client: TestClient, language: str) -> None:
    client.headers["Accept-Language"] = language
    match_id, number = _finish_hand(app, client)
    pages = {
        "list": client.get("/play/history").text,
        "review": client.get(f"/play/history/{match_id}/{number}").text,
        "report": client.get(f"/play/history/{match_id}").text,
        "stats": client.get("/stats").text,
    }
    for name, page in pages.items():
        for word in WORDS[language][name]:
            assert word in page, (name, word)
        assert english_left(page, language) == [], name
    refused = client.post("/play/history/import", data={"text": "not a hand history"})
    assert refused.status_code == 400
    for word in WORDS[language]["import"]:
        assert word in refused.text
    assert english_left(refused.text, language) == []


@pytest.mark.parametrize("language", ["de", "es"])
def test_no_practice_hand_and_a_missing_hand_are_said_in_the_pages_language(
        client: TestClient, language: str) -> None:
    client.headers["Accept-Language"] = language
    page = client.get("/play/practice")
    assert WORDS[language]["practice"] in page.text
    assert english_left(page.text, language) == []
    missing = client.get("/play/history/999/1", headers={"Accept": "text/html"})
    assert missing.status_code == 404 and english_left(missing.text, language) == []


@pytest.mark.parametrize(("language", "luck", "play", "sentence"), [
    ("de", 18.2, -4.4, "Die Karten haben dir 18 Punkte Gewinnchance gebracht, dein Spiel hat "
                       "4 gekostet."),
    ("de", -1.0, 0.0, "Die Karten haben dich 1 Punkt Gewinnchance gekostet, dein Spiel nichts."),
    ("es", 0.2, -2.0, "Las cartas estuvieron igualadas, tu juego costó 2."),
    ("es", 5.0, 0.0, "Las cartas te dieron 5 puntos de probabilidad de ganar, tu juego no costó "
                     "nada."),
])
def test_luck_and_play_in_words(language: str, luck: float, play: float, sentence: str) -> None:
    with i18n.language(language):
        assert luck_sentence(luck, play) == sentence
