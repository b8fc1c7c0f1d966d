"""Your devices and the privacy page in German, Spanish, French, Italian and Portuguese:
the page, a device code and a recovery code just made (the date in the locale's format),
each refusal of a code."""

from __future__ import annotations

import html

import pytest
from fastapi.testclient import TestClient

from app.core import i18n
from app.core.models import utcnow
from tests.support.translated import english_left

WORDS = {
    "de": ("Dein Verlauf auf jedem Gerät", "Diesen Browser vergessen", "Gerätecode anzeigen"),
    "es": ("Tu historial en cualquier dispositivo", "Olvidar este navegador",
           "Mostrar un código de dispositivo"),
    "fr": ("Ton historique sur n'importe quel appareil", "Oublier ce navigateur",
           "Afficher un code d'appareil"),
    "it": ("La tua cronologia su qualsiasi dispositivo", "Dimentica questo browser",
           "Mostra un codice dispositivo"),
    "pt": ("O teu histórico em qualquer dispositivo", "Esquecer este navegador",
           "Mostrar um código de dispositivo"),
}
CODE = {"de": ("Dein Gerätecode", "10 Minuten"),
        "es": ("Tu código de dispositivo", "10 minutos"),
        "fr": ("Ton code d'appareil", "10 minutes"),
        "it": ("Il tuo codice dispositivo", "10 minuti"),
        "pt": ("O teu código de dispositivo", "10 minutos")}


@pytest.mark.parametrize("language", list(WORDS))
def test_the_devices_page_and_its_codes_are_translated(client: TestClient,
                                                       language: str) -> None:
    headers = {"Accept-Language": language}
    page = html.unescape(client.get("/devices", headers=headers).text)
    for word in WORDS[language]:
        assert word in page
    assert english_left(page, language) == []
    device = html.unescape(client.post("/devices/code", headers=headers).text)
    assert CODE[language][0] in device and CODE[language][1] in device
    assert english_left(device, language) == []
    recovery = client.post("/devices/recovery", headers=headers).text
    assert english_left(recovery, language) == []
    again = client.get("/devices", headers=headers).text
    with i18n.language(language):
        assert i18n.date(utcnow()) in again
    assert english_left(again, language) == []


@pytest.mark.parametrize(("language", "code", "message"), [
    ("de", "nonsense!", "Das ist kein Code"),
    ("es", "nonsense!", "Eso no es un código"),
    ("de", "ABCD-EFGH", "Kein Verlauf hat diesen Code"),
    ("es", "ABCD-EFGH", "Ningún historial tiene este código"),
    ("fr", "nonsense!", "Ce n&#39;est pas un code"),
    ("it", "ABCD-EFGH", "Nessuna cronologia ha questo codice"),
    ("pt", "nonsense!", "Isso não é um código"),
])
def test_a_code_that_opens_nothing_is_refused_in_the_pages_language(
        client: TestClient, language: str, code: str, message: str) -> None:
    client.get("/devices", headers={"Accept-Language": language})
    page = client.post("/devices/join", data={"code": code},
                       headers={"Accept-Language": language})
    assert page.status_code == 400 and message in page.text
    assert english_left(page.text, language) == []


@pytest.mark.parametrize(("language", "words"), [
    ("de", ("Was gespeichert wird", "Ein Cookie", "Meine Daten herunterladen")),
    ("es", ("Qué se guarda", "Una cookie", "Descargar mis datos")),
    ("fr", ("Ce qui est enregistré", "Un cookie", "Télécharger mes données")),
    ("it", ("Cosa si conserva", "Un cookie", "Scarica i miei dati")),
    ("pt", ("O que é guardado", "Um cookie", "Descarregar os meus dados")),
])
def test_the_privacy_page_is_translated(client: TestClient, language: str,
                                        words: tuple[str, ...]) -> None:
    page = client.get("/privacy", headers={"Accept-Language": language}).text
    for word in words:
        assert word in page
    assert english_left(page, language) == []
