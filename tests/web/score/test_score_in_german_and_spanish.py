"""The scorekeeper in German, Spanish, French, Italian and Portuguese: the sheets' list
and the new-sheet form, a sheet with a hand recorded (the hand in words, the standing, the
totals), a garbage deadwood count refused in the page's language, the preview and the deadwood
calculator, the options and the delete confirmations."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.support.translated import english_left
from tests.web.score.test_score_http import field_error, hand, new_sheet, version

WORDS = {
    "de": {"index": ("Deine Punkteblöcke", "Neuer Punkteblock", "Klopfgrenze"),
           "sheet": ("Ann klopft mit 6; Bob 28", "Runde 2: Bob gibt.", "Gewonnene Runden (Boxen)"),
           "garbage": "Das Totholz des Klopfenden muss eine ganze Zahl von 0 bis 98 sein",
           "missing": "Das Totholz des Verteidigers fehlt",
           "preview": "Noch nicht eingetragen.",
           "calc": "Beide Zählungen sind unten eingetragen",
           "options": "Änderung bestätigen",
           "delete": "Diesen Punkteblock löschen?",
           "limit": "Klopfen mit 12 geht nicht: Das Totholz des Klopfenden muss 10 oder",
           "gin": "Gin heißt, das Totholz des Klopfenden ist 0"},
    "es": {"index": ("Tus hojas de puntos", "Hoja nueva", "Límite para cerrar"),
           "sheet": ("Ann cierra con 6; Bob 28", "Mano 2: reparte Bob.",
                     "Manos ganadas (casillas)"),
           "garbage": "Los puntos sueltos de quien cierra deben ser un número entero de 0 a 98",
           "missing": "Faltan los puntos sueltos del defensor",
           "preview": "Aún no anotada.",
           "calc": "Los dos recuentos están rellenados abajo",
           "options": "Confirma el cambio",
           "delete": "¿Borrar esta hoja?",
           "limit": "No se puede cerrar con 12: quien cierra debe tener 10 puntos sueltos",
           "gin": "Gin significa que quien cierra tiene 0 puntos sueltos"},
    # French: a no-break space before ":", a narrow one before ";" and "?"
    "fr": {"index": ("Tes feuilles de marque", "Nouvelle feuille", "Limite pour frapper"),
           "sheet": ("Ann frappe à 6\u202f; Bob 28", "Donne 2\u00a0: Bob donne.",
                     "Donnes gagnées (cases)"),
           "garbage": ("Les points morts de celui qui frappe doivent être un nombre entier "
                       "de 0 à 98"),
           "missing": "Les points morts du défenseur manquent",
           "preview": "Pas encore enregistré.",
           "calc": "Les deux totaux sont remplis ci-dessous",
           "options": "Confirmer le changement",
           "delete": "Supprimer cette feuille\u202f?",
           "limit": ("Impossible de frapper avec 12\u00a0: les points morts de celui qui "
                     "frappe doivent"),
           "gin": "Gin veut dire que les points morts de celui qui frappe sont 0",
           "sat_out": "pas joué cette donne", "game": "Jeu 3", "over": "Partie terminée",
           "rematch": "Revanche"},
    "it": {"index": ("I tuoi fogli segnapunti", "Nuovo foglio", "Limite per bussare"),
           "sheet": ("Ann bussa con 6; Bob 28", "Mano 2: Bob dà le carte.",
                     "Mani vinte (caselle)"),
           "garbage": "I punti morti di chi bussa devono essere un numero intero da 0 a 98",
           "missing": "Mancano i punti morti del difensore",
           "preview": "Non ancora registrato.",
           "calc": "Entrambi i totali sono compilati qui sotto",
           "options": "Conferma la modifica",
           "delete": "Eliminare questo foglio?",
           "limit": ("Non puoi bussare con 12: i punti morti di chi bussa devono essere "
                     "10 o meno"),
           "gin": "Gin vuol dire che i punti morti di chi bussa sono 0",
           "sat_out": "Cy è rimasto fuori in questa mano", "game": "Gioco 3",
           "over": "Partita finita", "rematch": "Rivincita"},
    "pt": {"index": ("As tuas folhas de pontos", "Nova folha", "Limite para bater"),
           "sheet": ("Ann bate com 6; Bob 28", "Mão 2: Bob dá.", "Mãos ganhas (linhas)"),
           "garbage": "Os pontos soltos de quem bate têm de ser um número inteiro de 0 a 98",
           "missing": "Faltam os pontos soltos do defensor",
           "preview": "Ainda não registado.",
           "calc": "As duas contagens estão preenchidas em baixo",
           "options": "Confirmar a alteração",
           "delete": "Apagar esta folha?",
           "limit": ("Não podes bater com 12: os pontos soltos de quem bate têm de ser "
                     "10 ou menos"),
           "gin": "Gin significa que os pontos soltos de quem bate são 0",
           "sat_out": "Cy ficou de fora nesta mão", "game": "Jogo 3",
           "over": "Partida terminada", "rematch": "Desforra"},
}
for _language, _said in (("de", ("Cy hat diese Runde ausgesetzt", "Spiel 3", "Partie vorbei",
                                 "Revanche")),
                         ("es", ("Cy no jugó esta mano", "Juego 3", "Partida terminada",
                                 "Revancha"))):
    WORDS[_language].update(zip(("sat_out", "game", "over", "rematch"), _said, strict=True))


@pytest.fixture(params=list(WORDS))
def language(request: pytest.FixtureRequest, client: TestClient) -> str:
    """Each test in each language, chosen by the browser's Accept-Language."""
    client.headers["Accept-Language"] = request.param
    return str(request.param)


def test_the_sheets_list_and_the_new_sheet_form(client: TestClient, language: str) -> None:
    page = client.get("/score").text
    for word in WORDS[language]["index"]:
        assert word in page
    assert english_left(page, language) == []
    refused = client.post("/score", data={"players": "2", "target": "0"})
    assert refused.status_code == 422 or refused.status_code == 400
    assert english_left(refused.text, language) == []


def test_a_sheet_with_a_hand_and_its_refusals(client: TestClient, language: str) -> None:
    url = new_sheet(client)
    assert hand(client, url, kind="knock", knocker="0", knocker_deadwood="6",
                defender_deadwood="28").status_code == 303
    page = client.get(url).text
    for word in WORDS[language]["sheet"]:
        assert word in page
    assert english_left(page, language) == []
    garbage = hand(client, url, kind="knock", knocker="0", knocker_deadwood="lots",
                   defender_deadwood="")
    assert garbage.status_code == 422
    assert field_error(garbage.text, "knocker_deadwood").startswith(WORDS[language]["garbage"])
    assert WORDS[language]["missing"] in field_error(garbage.text, "defender_deadwood")
    assert english_left(garbage.text, language) == []
    over = hand(client, url, kind="knock", knocker="1", knocker_deadwood="12",
                defender_deadwood="30")
    assert over.status_code == 422
    assert field_error(over.text, "knocker_deadwood").startswith(WORDS[language]["limit"])
    gin = hand(client, url, kind="gin", knocker="1", knocker_deadwood="3",
               defender_deadwood="30")
    assert field_error(gin.text, "knocker_deadwood").startswith(WORDS[language]["gin"])


def test_the_preview_and_the_calculator(client: TestClient, language: str) -> None:
    url = new_sheet(client)
    preview = hand(client, url, path="/preview", kind="knock", knocker="1",
                   knocker_deadwood="4", defender_deadwood="20")
    assert WORDS[language]["preview"] in preview.text
    assert english_left(preview.text, language) == []
    counted = hand(client, url, path="/preview", kind="knock", knocker="0", count="1",
                   knocker_cards="2C 3C 4C 5D 6D 7D 8H 8S 8C 2H",
                   defender_cards="KC KD KH QS JS TS 9D 9H 4S 3H")
    assert WORDS[language]["calc"] in counted.text
    assert english_left(counted.text, language) == []


def test_the_options_and_the_delete_confirmations(client: TestClient, language: str) -> None:
    url = new_sheet(client)
    assert hand(client, url, kind="gin", knocker="0", defender_deadwood="30").status_code == 303
    options = client.get(f"{url}/options").text
    assert english_left(options, language) == []
    form = {"players": "2", "name0": "Ann", "name1": "Bob", "first_dealer": "0",
            "target": "50", "gin_bonus": "25", "undercut_bonus": "25", "big_gin_bonus": "31",
            "box_bonus": "20", "game_bonus": "100", "shutout": "on",
            "version": version(client, url)}
    confirm = client.post(f"{url}/options", data=form)
    assert WORDS[language]["options"] in confirm.text
    assert english_left(confirm.text, language) == []
    one = client.post(f"{url}/hands/1/delete", data={"version": version(client, url)}).text
    assert english_left(one, language) == []
    delete = client.post(f"{url}/delete").text
    assert WORDS[language]["delete"] in delete and english_left(delete, language) == []


def test_gin_for_three_hollywood_and_a_finished_game(client: TestClient, language: str) -> None:
    three = new_sheet(client, players="3", name2="Cy", first_sitter="2", first_dealer="0")
    sat_out = hand(client, three, kind="knock", knocker="2", knocker_deadwood="4",
                   defender_deadwood="20", sitter="2")
    assert WORDS[language]["sat_out"] in field_error(sat_out.text, "knocker")
    assert english_left(sat_out.text, language) == []
    holly = new_sheet(client, hollywood="on")
    for _ in range(3):
        hand(client, holly, kind="gin", knocker="0", defender_deadwood="10")
    page = client.get(holly).text
    assert WORDS[language]["game"] in page
    assert english_left(page, language) == []
    short = new_sheet(client, target="10")
    assert hand(client, short, kind="gin", knocker="1", defender_deadwood="30").status_code == 303
    over = client.get(short).text
    assert WORDS[language]["over"] in over
    assert WORDS[language]["rematch"] in over
    assert english_left(over, language) == []


def test_a_void_hands_preview_and_the_waiting_words_are_in_the_pages_language(
        client: TestClient, language: str) -> None:
    """The preview of a void hand (its kind, its no-score line) and the words the preview
    box shows while it waits ("Not scored yet", data-wait) are the page's language
    (issue 52), and the score row's kind is a noun ("Cierre", never the button "Cerrar")."""
    from tests.support.glossary import forbidden_in
    from tests.support.untranslated import english_messages

    url = new_sheet(client)
    preview = client.post(f"{url}/preview", headers={"HX-Request": "true"},
                          data={"version": "0", "kind": "void"})
    assert preview.status_code == 200
    assert english_messages(preview.text, language) == []
    assert forbidden_in(preview.text, language) == []
    void = {"de": "Nullrunde", "es": "Mano nula", "fr": "Donne nulle", "it": "Mano nulla",
            "pt": "Mão nula"}[language]
    assert void in preview.text
    assert {"de": "Noch nicht gewertet.", "es": "Aún sin puntuar.", "fr": "Pas encore compté.",
            "it": "Non ancora contato.", "pt": "Ainda não pontuado."}[language] in preview.text
    knock = client.post(f"{url}/preview", headers={"HX-Request": "true"},
                        data={"version": "0", "kind": "knock", "knocker": "0",
                              "knocker_deadwood": "5", "defender_deadwood": "12"})
    tag = knock.text.split('class="kind-tag kind-tag--knock">', 1)[1].split("<", 1)[0]
    assert tag == {"de": "Klopfen", "es": "Cierre", "fr": "Frappe", "it": "Bussata",
                   "pt": "Batida"}[language]
