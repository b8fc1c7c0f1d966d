"""The verify page and the play screen's fairness box in German, Spanish, French, Italian
and Portuguese: every label and hint, each refusal of a bad value (the engine's English
refusals mapped to the page's language) and the verdict."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from app.engine.fairness import commitment
from tests.support.translated import english_left

SEED = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
GOOD = {"server_seed": SEED, "client_seed": "ClientSeed-42", "hand_number": "7"}
WORDS = {
    "de": {"form": ("Geben prüfen", "Server-Startwert", "Rundennummer"),
           "deal": ("Die Festlegung passt", "Hand des Gebers", "Offene Karte", "Stapel"),
           "other": "passt NICHT"},
    "es": {"form": ("Comprobar un reparto", "Semilla del servidor", "Número de mano"),
           "deal": ("El compromiso coincide", "Mano del repartidor", "Carta descubierta",
                    "Mazo"),
           "other": "NO coincide"},
    "fr": {"form": ("Vérifier une donne", "Graine serveur", "Numéro de donne"),
           "deal": ("engagement correspond", "Main du donneur", "Retourne", "Pioche"),
           "other": "NE correspond PAS"},
    "it": {"form": ("Verifica una smazzata", "Seed del server", "Numero della mano"),
           "deal": ("impegno corrisponde", "Mano del mazziere", "Carta scoperta", "Tallone"),
           "other": "NON corrisponde"},
    "pt": {"form": ("Verificar uma distribuição", "Semente do servidor", "Número da mão"),
           "deal": ("compromisso corresponde", "Mão de quem dá", "Carta virada", "Monte"),
           "other": "NÃO corresponde"},
}


@pytest.mark.parametrize("language", list(WORDS))
def test_the_verify_page_and_its_verdicts_are_translated(client: TestClient,
                                                         language: str) -> None:
    headers = {"Accept-Language": language}
    form = client.get("/fair", headers=headers).text
    for word in WORDS[language]["form"]:
        assert word in form
    assert english_left(form, language) == []
    deal = client.get("/fair", params={**GOOD, "commitment": commitment(SEED)},
                      headers=headers).text
    for word in WORDS[language]["deal"]:
        assert word in deal
    assert english_left(deal, language) == []
    other = client.get("/fair", params={**GOOD, "commitment": commitment("00" * 32)},
                       headers=headers).text
    assert WORDS[language]["other"] in other and english_left(other, language) == []


@pytest.mark.parametrize(("language", "field", "value", "message"), [
    ("de", "server_seed", "ab" * 31, "muss 64 Hex-Zeichen lang sein, nicht 62"),
    ("es", "server_seed", "ab" * 31, "debe tener 64 caracteres hexadecimales, no 62"),
    ("de", "commitment", "g" * 64, "Die Festlegung darf nur die Hex-Ziffern"),
    ("es", "commitment", "g" * 64, "El compromiso solo puede tener las cifras"),
    ("de", "client_seed", "x" * 65, "höchstens 64 Zeichen haben, nicht 65"),
    ("es", "client_seed", "é", "no el carácter 'é'"),
    ("de", "hand_number", "0", "zwischen 1 und 10.000 liegen, nicht 0"),
    ("es", "hand_number", "siete", "número entero de 1 a 10.000"),
    ("de", "hand_number", "", "Gib die Rundennummer ein."),
    ("es", "inviter_seed", "é", "Semilla de quien invita: La semilla del cliente solo"),
    ("fr", "server_seed", "ab" * 31, "doit faire 64 caractères hexadécimaux, pas 62"),
    ("it", "server_seed", "ab" * 31, "deve essere lungo 64 caratteri esadecimali, non 62"),
    ("pt", "server_seed", "ab" * 31, "tem de ter 64 carateres hexadecimais, não 62"),
    ("it", "hand_number", "0", "da 1 a 10.000, non 0"),
])
def test_a_bad_value_is_refused_in_the_pages_language(
        client: TestClient, language: str, field: str, value: str, message: str) -> None:
    page = client.get("/fair", params={**GOOD, field: value},
                      headers={"Accept-Language": language})
    assert page.status_code == 400
    assert message in page.text.replace("&#39;", "'")
    assert english_left(page.text, language) == []


@pytest.mark.parametrize(("language", "words"), [
    ("de", ("Faires Mischen", "Festlegung der Runde 1", "SHA-256 des geheimen")),
    ("es", ("Reparto justo", "compromiso de la mano 1", "SHA-256 de la semilla secreta")),
    ("fr", ("Donne équitable", "engagement de la donne 1", "SHA-256 de la graine serveur")),
    ("it", ("Smazzata equa", "impegno della mano 1", "SHA-256 del seed segreto del server")),
    ("pt", ("Distribuição justa", "compromisso da mão 1", "SHA-256 da semente secreta")),
])
def test_the_fairness_box_of_the_play_screen_is_translated(
        client: TestClient, language: str, words: tuple[str, ...]) -> None:
    headers = {"Accept-Language": language}
    client.get("/play", headers=headers)
    table = client.post("/play/new", data={"level": "easy"}, headers=headers).text
    found = re.search(r'<section class="fair-box".*?</section>', table, re.S)
    assert found is not None
    for word in words:
        assert word in found.group(0)
    assert english_left(found.group(0), language) == []
