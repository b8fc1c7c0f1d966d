"""An engine refusal, and a hand's sum, on every page that shows one, in German, Spanish,
French, Italian and Portuguese: a refused tap at the table, a refused move in the lesson,
a refused entry on the score sheet and the void hand's preview (with the live preview's
own words). Each comes from its template and values (app/web/phrases.py), none from the
engine's English."""

from __future__ import annotations

import random
import re

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from app.core import i18n
from app.engine import Cause, GameError, match_view
from app.web.phrases import in_words
from tests.web.play.test_play_http import Player, read_page, stored
from tests.web.score.test_score_http import field_error, hand, new_sheet

SAID = {
    "de": {"offer": "Die offene Karte wird angeboten: nimm die offene Karte oder passe.",
           "card": "unbekannter Kartencode 'ZZ'",
           "big gin": "großes Gin ist an diesem Tisch aus",
           "void": "Nullrunde: keine Punkte",
           "wait": ('data-wait="Noch nicht gewertet."',
                    'data-wait-because="Noch nicht gewertet: %s"')},
    "es": {"offer": "Se ofrece la carta descubierta: toma la carta descubierta o pasa.",
           "card": "código de carta desconocido 'ZZ'",
           "big gin": "el gin grande está desactivado en esta mesa",
           "void": "Mano nula: sin puntos",
           "wait": ('data-wait="Aún sin puntuar."', 'data-wait-because="Aún sin puntuar: %s"')},
    # French: a no-break space before ":"
    "fr": {"offer": "La retourne est proposée : prends la retourne ou passe.",  # read_page's
           # status has its blanks collapsed
           "card": "code de carte inconnu 'ZZ'",
           "big gin": "le grand gin est désactivé à cette table",
           "void": "donne nulle\u00a0: pas de score",
           "wait": ('data-wait="Pas encore compté."',
                    'data-wait-because="Pas encore compté\u00a0: %s"')},
    "it": {"offer": "La carta scoperta è in offerta: prendi la carta scoperta o passa.",
           "card": "codice di carta sconosciuto 'ZZ'",
           "big gin": "il gran gin è disattivato a questo tavolo",
           "void": "mano nulla: nessun punteggio",
           "wait": ('data-wait="Non ancora contato."',
                    'data-wait-because="Non ancora contato: %s"')},
    "pt": {"offer": "A carta virada está em oferta: fica com a carta virada ou passa.",
           "card": "código de carta desconhecido 'ZZ'",
           "big gin": "o grande gin está desligado nesta mesa",
           "void": "mão nula: sem pontuação",
           "wait": ('data-wait="Ainda não pontuado."',
                    'data-wait-because="Ainda não pontuado: %s"')},
}


@pytest.fixture(params=list(SAID))
def language(request: pytest.FixtureRequest, client: TestClient) -> str:
    """Each test in each language, chosen by the browser's Accept-Language."""
    client.headers["Accept-Language"] = request.param
    return str(request.param)


def _unescaped(html: str) -> str:
    return html.replace("&#39;", "'").replace("&#34;", '"').replace("&quot;", '"')


def test_a_refused_tap_says_why_in_the_players_language(app: FastAPI, client: TestClient,
                                                        language: str) -> None:
    page = read_page(Player(app, client, random.Random(4)).start().text)
    refused = client.post("/play", data={"action": "draw_stock", "version": page.version or ""},
                          headers={"HX-Request": "true"})
    assert refused.status_code == 400
    assert SAID[language]["offer"] in read_page(refused.text).status
    assert "take the upcard or pass" not in refused.text
    # A refusal that names a card: the upcard just taken, said with its own article.
    _, match = stored(app, client)
    upcard = match_view(match, 0).top_discard
    assert upcard is not None
    client.post("/play", data={"action": "take_upcard", "version": page.version or ""})
    row, _ = stored(app, client)
    taken = client.post("/play", data={"action": "discard", "card": str(upcard),
                                       "version": str(row.version)})
    assert taken.status_code == 400
    with i18n.language(language):
        expected = in_words(GameError(Cause.UPCARD_JUST_TAKEN, card=upcard))
    assert " ".join(expected.split()) in _unescaped(read_page(taken.text).status)
    assert "discard another card" not in taken.text


def test_a_refused_move_in_the_lesson_says_why(client: TestClient, language: str) -> None:
    client.post("/learn/start", data={"back": "/guide"})
    answer = client.post("/learn", data={"action": "discard", "card": "ZZ", "version": "0"},
                         headers={"HX-Request": "true"})
    assert answer.status_code == 400
    assert SAID[language]["card"].lower() in _unescaped(answer.text).lower()
    assert "unknown card code" not in answer.text


def test_a_refused_entry_and_the_void_hands_preview(client: TestClient, language: str) -> None:
    url = new_sheet(client)
    big = hand(client, url, kind="big_gin", knocker="0", knocker_deadwood="0",
               defender_deadwood="30")
    assert big.status_code == 422
    assert field_error(big.text, "kind").lower().startswith(SAID[language]["big gin"].lower())
    void = hand(client, url, path="/preview", kind="void")
    assert void.status_code == 200
    assert SAID[language]["void"] in void.text
    assert "void hand: no score" not in void.text.lower()
    for words in SAID[language]["wait"]:  # the live preview's "Not scored yet" (score.js)
        assert words in _unescaped(void.text)
    assert "Not scored yet" not in void.text
    announce = re.search(r'id="announce"[^>]*>(.*?)</p>', void.text, re.S)
    assert announce is not None and SAID[language]["void"] in announce.group(1)
