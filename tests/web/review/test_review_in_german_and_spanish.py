"""The history, a hand's review (its captions name the cards with their articles), the
match report, the statistics and the import page in German, Spanish, French, Italian and
Portuguese."""

from __future__ import annotations

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from app.core import i18n
from app.engine.rating import LuckAndPlay
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
    "fr": {"list": ("Historique", "Partie 1", "Bilan de partie"),
           "review": ("Donne 1 de la partie 1", "La donne", "points morts"),
           "report": ("Bilan de la partie 1", "Tes décisions"),
           "stats": ("Statistiques", "Donnes jouées", "Parties par niveau"),
           "import": ("Importer un historique de donne", "pas pu être lu"),
           "practice": "entraînement"},
    "it": {"list": ("Cronologia", "Partita 1", "Resoconto della partita"),
           "review": ("Mano 1 della partita 1", "La distribuzione", "punti morti"),
           "report": ("Resoconto della partita 1", "Le tue decisioni"),
           "stats": ("Statistiche", "Mani giocate", "Partite per livello"),
           "import": ("Importa una cronologia di mano", "non si è potuta leggere"),
           "practice": "Nessuna mano di allenamento"},
    "pt": {"list": ("Histórico", "Partida 1", "Relatório da partida"),
           "review": ("Mão 1 da partida 1", "A distribuição", "pontos soltos"),
           "report": ("Relatório da partida 1", "As tuas decisões"),
           "stats": ("Estatísticas", "Mãos jogadas", "Partidas por nível"),
           "import": ("Importar um histórico de mão", "não pôde ser lido"),
           "practice": "Sem mão de treino"},
}


@pytest.mark.parametrize("language", list(WORDS))
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


@pytest.mark.parametrize("language", list(WORDS))
def test_no_practice_hand_and_a_missing_hand_are_said_in_the_pages_language(
        client: TestClient, language: str) -> None:
    client.headers["Accept-Language"] = language
    page = client.get("/play/practice")
    assert WORDS[language]["practice"] in page.text
    assert english_left(page.text, language) == []
    missing = client.get("/play/history/999/1", headers={"Accept": "text/html"})
    assert missing.status_code == 404 and english_left(missing.text, language) == []


@pytest.mark.parametrize(("language", "before", "after", "play", "sentence"), [
    ("de", 50.0, 0.0, -50.0, "Deine Chance, die Partie zu gewinnen, ging von 50 % auf 0 %: 0 "
                             "Punkte durch die Karten, \u221250 durch dein Spiel."),
    ("es", 50.0, 62.0, -19.0, "Tu probabilidad de ganar la partida pasó de 50 % a 62 %: +31 "
                              "puntos por las cartas, \u221219 por tu juego."),
])
def test_luck_and_play_in_words(language: str, before: float, after: float, play: float,
                                sentence: str) -> None:
    with i18n.language(language):
        split = LuckAndPlay(before, after, after - before - play, play)
        assert luck_sentence(split).replace("\xa0", " ") == sentence
