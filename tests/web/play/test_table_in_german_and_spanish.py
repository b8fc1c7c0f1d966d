"""The table in German, Spanish, French, Italian and Portuguese (issues 31, 52): every
state of the play table (the upcard, a discard with its notes, a hand's result, a match's
end, a refusal), the New match form, the lesson, the invite pages and a friend match,
rendered with ``Accept-Language`` of each, show their words in that language and none of
the English messages the catalogue translates."""

from __future__ import annotations

import html
import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po
from fastapi import FastAPI
from fastapi.testclient import TestClient

from app.engine import Phase, Rules, new_match
from tests.support.browsers import session_id_of
from tests.support.positions import act, bot_until, store_position

ROOT = Path(__file__).resolve().parents[3]
HTMX = {"HX-Request": "true"}
EXPECTED = {
    # words each state must show in that language
    "de": {"table": "Deine Hand", "keys": "Tastatur", "new": "Partie starten",
           "result": "Nächste Runde", "end": "Revanche", "learn": "Spielend lernen",
           "wait": "Einladungslink", "join": "lädt dich zu einer Partie Gin ein",
           "refused": "Dieser Einladungslink ist ungültig"},
    "es": {"table": "Tu mano", "keys": "Teclado", "new": "Empezar la partida",
           "result": "Siguiente mano", "end": "Revancha", "learn": "Aprende jugando",
           "wait": "Enlace de invitación", "join": "te invita a jugar al gin",
           "refused": "Este enlace de invitación no es válido"},
    "fr": {"table": "Ta main", "keys": "Clavier", "new": "Commencer la partie",
           "result": "Donne suivante", "end": "Revanche", "learn": "Apprendre en jouant",
           "wait": "Lien d'invitation", "join": "t'invite à jouer au gin",
           "refused": "Ce lien d'invitation n'est pas valable"},
    "it": {"table": "La tua mano", "keys": "Tastiera", "new": "Inizia la partita",
           "result": "Mano successiva", "end": "Rivincita", "learn": "Impara giocando",
           "wait": "Link d'invito", "join": "ti invita a giocare a gin",
           "refused": "Questo link d'invito non è valido"},
    "pt": {"table": "A tua mão", "keys": "Teclado", "new": "Começar a partida",
           "result": "Mão seguinte", "end": "Desforra", "learn": "Aprender a jogar",
           "wait": "Link de convite", "join": "convida-te para jogar gin",
           "refused": "Este link de convite não é válido"},
}
SAID = {
    # sentences and words the tests find in the page, and a discard note's start and the
    # articles a card may take in it
    "de": {"select": "Wähle zuerst die Karte", "stale": "Veraltete Ansicht",
           "final": "Endstand", "not_now": "Diesmal nicht", "computer": "Computer",
           "note": "Wenn du ", "articles": ("der ", "die ", "das ", "den ")},
    "es": {"select": "Elige primero la carta", "stale": "pantalla anterior",
           "final": "Puntuación final", "not_now": "Esta vez no", "computer": "El ordenador",
           "note": "Si descartas ", "articles": ("el ", "la ")},
    "fr": {"select": "Sélectionne d'abord la carte", "stale": "écran plus ancien",
           "final": "Score final", "not_now": "Pas cette fois", "computer": "L'ordinateur",
           "note": "Défausser ", "articles": ("le ", "la ", "l'")},
    "it": {"select": "Prima seleziona la carta", "stale": "schermata vecchia",
           "final": "Punteggio finale", "not_now": "Non questa volta",
           "computer": "Il computer", "note": "Scartare ", "articles": ("il ", "la ", "l'")},
    "pt": {"select": "Seleciona primeiro a carta", "stale": "ecrã mais antigo",
           "final": "Pontuação final", "not_now": "Desta vez não",
           "computer": "O computador", "note": "Descartar ", "articles": ("o ", "a ")},
}


AREA = ("app/play/**.py", "app/learn/**.py", "app/friend/**.py", "app/web/rulewords.py",
        "app/web/cardwords.py", "app/web/render.py", "templates/play/**.html",
        "templates/learn/**.html", "templates/friend/**.html", "templates/_cards.html")
"""The code and templates whose messages this test holds to the page's language."""


@cache
def _english(language: str) -> tuple[str, ...]:
    """The English messages of :data:`AREA` of two words or more, without placeholders
    or markup, whose translation differs: none may show on a page in ``language``."""
    keywords = {"_": None, "gettext": None, "ngettext": (1, 2), "N_": None}
    method_map = [(pattern, "python" if pattern.endswith(".py") else "jinja2")
                  for pattern in AREA]
    options = {p: {"trim_blocks": "true", "lstrip_blocks": "true"}
               for p in AREA if p.endswith(".html")}
    ours = {message[0] if isinstance(message, tuple) else message
            for _, _, message, _, _ in extract_from_dir(str(ROOT), method_map, options,
                                                        keywords=keywords)}
    path = ROOT / "app" / "locale" / language / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as file:
        catalog = read_po(file, locale=language)
    found = []
    for message in catalog:
        if not message.id or isinstance(message.id, tuple) or message.id not in ours:
            continue
        text = message.id
        if "%(" in text or "<" in text or " " not in text.strip() or text == message.string:
            continue
        found.append(text)
    return tuple(found)


def _shown(page: str) -> str:
    """The words of ``page`` a person or a screen reader meets: text and the accessible
    attributes (aria-label, alt, title, the hand's notes), tags and scripts removed; the
    fairness box (templates/fair/, translated on its own) left out."""
    page = re.sub(r"<script\b[^>]*>.*?</script>", " ", page, flags=re.S)
    page = re.sub(r'<section class="fair-box".*?</section>', " ", page, flags=re.S)
    attributes = re.findall(r'\b(?:aria-label|alt|title|data-note|data-default)="([^"]*)"',
                            page)
    text = re.sub(r"<[^>]+>", " ", page)
    return html.unescape(" ".join([text, *attributes]))


def _check(page: str, language: str, key: str) -> None:
    shown = _shown(page)
    assert EXPECTED[language][key] in shown, (language, key)
    left = [message for message in _english(language) if message in shown]
    assert not left, (language, key, left[:5])


@pytest.fixture(params=list(EXPECTED))
def language(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def speaker(client: TestClient, language: str) -> TestClient:
    """One browser whose Accept-Language is ``language``."""
    client.headers["Accept-Language"] = language
    return client


def _version(page: str) -> str:
    found = re.search(r'name="version" value="(\d+)"', page)
    assert found
    return found.group(1)


def test_the_new_match_form_and_the_table_speak_the_language(speaker: TestClient,
                                                              language: str) -> None:
    _check(speaker.get("/play/new").text, language, "new")
    answer = speaker.post("/play/new", data={"version": "0", "level": "easy"})
    assert answer.status_code == 200
    page = speaker.get("/play").text
    _check(page, language, "table")
    _check(page, language, "keys")
    assert '<html lang="' + language + '"' in page
    # A refusal, as a plain post and as the script's post, in the same language.
    refused = speaker.post("/play", data={"action": "discard", "version": _version(page)})
    assert refused.status_code == 400
    _check(refused.text, language, "table")
    assert SAID[language]["select"] in html.unescape(refused.text)
    stale = speaker.post("/play", data={"action": "pass", "version": "999"}, headers=HTMX)
    assert stale.status_code == 409
    assert SAID[language]["stale"] in html.unescape(stale.text)


def test_a_discard_names_the_card_with_its_article(app: FastAPI, speaker: TestClient,
                                                   language: str) -> None:
    speaker.get("/play")
    position = bot_until((new_match(Rules(), seed=11, first_dealer=1), []),
                         lambda m: m.hand.phase is Phase.DISCARD and m.hand.to_play == 0)
    store_position(app.state.engine, session_id_of(speaker), position)
    page = speaker.get("/play").text
    _check(page, language, "table")
    notes = re.findall(r'data-note="([^"]*)"', page)
    assert notes
    start = str(SAID[language]["note"])
    articles = tuple(SAID[language]["articles"])
    named = [html.unescape(note)[len(start):] for note in notes
             if html.unescape(note).startswith(start)]
    assert named, notes
    assert all(note.startswith(articles) for note in named), named


def test_a_hands_result_and_the_matchs_end_speak_the_language(app: FastAPI,
                                                              speaker: TestClient,
                                                              language: str) -> None:
    speaker.get("/play")
    rules = Rules(target=60, box_bonus=25, game_bonus=100, shutout=True)
    start = (new_match(rules, seed=5, first_dealer=1), [])
    hand_over = bot_until(start, lambda m: m.hand.phase is Phase.OVER)
    store_position(app.state.engine, session_id_of(speaker), hand_over)
    _check(speaker.get("/play").text, language, "result")
    over = bot_until(act(hand_over, 0, "next_hand"), lambda m: m.over)
    store_position(app.state.engine, session_id_of(speaker), over, "hard")
    page = speaker.get("/play").text
    _check(page, language, "end")
    assert SAID[language]["final"] in html.unescape(page)


def test_the_lesson_speaks_the_language(speaker: TestClient, language: str) -> None:
    speaker.post("/learn/start", data={"back": "/"})
    page = speaker.get("/learn").text
    _check(page, language, "learn")
    refused = speaker.post("/learn", data={"action": "pass", "version": _version(page)})
    assert refused.status_code == 400
    _check(refused.text, language, "learn")
    assert SAID[language]["not_now"] in html.unescape(refused.text)


def test_the_invite_pages_and_a_friend_match_speak_the_language(
        app: FastAPI, speaker: TestClient, language: str) -> None:
    wait = speaker.post("/play/friend", data={"name": "Ann", "version": "0"})
    assert wait.status_code == 200
    _check(wait.text, language, "wait")
    link = re.search(r'value="[^"]*/play/friend/([A-Za-z0-9_-]+)"', wait.text)
    assert link
    with TestClient(app, base_url="http://testserver",
                    headers={"Accept-Language": language}) as friend:
        _check(friend.get(f"/play/friend/{link.group(1)}").text, language, "join")
        _check(friend.get("/play/friend/" + "x" * 32).text, language, "refused")
        joined = friend.post(f"/play/friend/{link.group(1)}", data={"name": "Bob"})
        assert joined.status_code == 200
        _check(joined.text, language, "table")
        assert "Ann" in joined.text
    _check(speaker.get("/play").text, language, "table")


def test_the_computers_last_turn_is_told_in_the_language_it_is_read_in(
        client: TestClient, language: str) -> None:
    client.headers["Accept-Language"] = "en"
    client.post("/play/new", data={"version": "0", "level": "easy"})
    page = client.post("/play", data={"action": "pass", "version": _version(
        client.get("/play").text)}).text
    english = re.findall(r'<p class="said"[^>]*>([^<]+)</p>', page)
    assert english and english[0].startswith("Computer "), english
    client.headers["Accept-Language"] = language  # the same hand, read in another language
    told = re.findall(r'<p class="said"[^>]*>([^<]+)</p>', client.get("/play").text)
    assert told and told[0] != english[0]
    assert SAID[language]["computer"] in html.unescape(told[0])
    assert not [message for message in _english(language) if message in told[0]]
