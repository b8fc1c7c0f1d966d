"""Your devices and the privacy page in German and Spanish: the page, a device code and
a recovery code just made (the date in the locale's format), each refusal of a code."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from app.core import i18n
from app.core.models import utcnow
from tests.support.translated import english_left

WORDS = {
    "de": ("Dein Verlauf auf jedem Gerät", "Diesen Browser vergessen", "Gerätecode anzeigen"),
    "es": ("Tu historial en cualquier dispositivo", "Olvidar este navegador",
           "Mostrar un código de dispositivo"),
}


@pytest.mark.parametrize("language", ["de", "es"])
def test_the_devices_page_and_its_codes_are_translated(client: TestClient,
                                                       language: str) -> None:
    headers = {"Accept-Language": language}
    page = client.get("/devices", headers=headers).text
    for word in WORDS[language]:
        assert word in page
    assert english_left(page, language) == []
    device = client.post("/devices/code", headers=headers).text
    assert {"de": "Dein Gerätecode", "es": "Tu código de dispositivo"}[language] in device
    assert {"de": "10 Minuten", "es": "10 minutos"}[language] in device
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
])
def test_the_privacy_page_is_translated(client: TestClient, language: str,
                                        words: tuple[str, ...]) -> None:
    page = client.get("/privacy", headers={"Accept-Language": language}).text
    for word in words:
        assert word in page
    assert english_left(page, language) == []
