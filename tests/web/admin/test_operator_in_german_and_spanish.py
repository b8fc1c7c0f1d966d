"""The operator's page and its sign-in in German and Spanish (the switches' names, the
notices and refusals)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.support.translated import english_left
from tests.web.admin.conftest import TOKEN


@pytest.mark.parametrize(("language", "words"), [
    ("de", ("Betreiber-Token", "Das ist nicht das Token.", "Diese Instanz",
            "Neue Einladungen an Freunde", "Schalter geändert.", "Einschalten")),
    ("es", ("Token de administración", "Ese no es el token.", "Esta instancia",
            "Invitaciones nuevas a amigos", "Interruptor cambiado.", "Activar")),
    ("fr", ("Jeton", "pas le jeton.", "Cette instance", "Nouvelles invitations entre amis",
            "Interrupteur modifié.", "Activer")),
    ("it", ("Token", "Non è il token.", "Questa istanza", "Nuovi inviti tra amici",
            "Interruttore cambiato.", "Attiva")),
    ("pt", ("Token do operador", "Esse não é o token.", "Esta instância",
            "Convites novos entre amigos", "Interruptor alterado.", "Ligar")),
])
def test_the_operators_page_is_translated(client: TestClient, language: str,
                                          words: tuple[str, ...]) -> None:
    headers = {"Accept-Language": language}
    signin = client.get("/admin", headers=headers).text
    assert words[0] in signin and english_left(signin, language) == []
    wrong = client.post("/admin/sign-in", data={"token": "nope"}, headers=headers)
    assert wrong.status_code == 403 and words[1] in wrong.text
    client.post("/admin/sign-in", data={"token": TOKEN}, headers=headers)
    page = client.post("/admin/switch", data={"name": "invites", "value": "off"},
                       headers=headers).text
    for word in words[2:]:  # the switch just turned off offers to turn it on
        assert word in page
    assert english_left(page, language) == []
    bad = client.post("/admin/purge", data={"days": "0"}, headers=headers)
    assert bad.status_code == 400 and english_left(bad.text, language) == []
