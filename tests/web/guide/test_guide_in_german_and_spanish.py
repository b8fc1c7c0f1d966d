"""The guide, its FAQ and the home page in German, Spanish, French, Italian and
Portuguese: every page, under the default rules and under tables that take the guide's
other branches (straight gin, Oklahoma, a changed knock limit, big gin and bonuses on),
rendered with each language's ``Accept-Language`` carries the language's words and none
of the English messages these pages mark (docs/translating.md)."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from fastapi import FastAPI
from fastapi.testclient import TestClient

from app.core import i18n
from app.engine import CLASSIC, HOUSE, Rules
from app.guide.content import PAGES, GuideRules

ROOT = Path(__file__).resolve().parents[3]
PATHS = ["/", "/guide", *(page.url for page in PAGES)]
TABLES: dict[str, Rules] = {
    "house": HOUSE,
    "straight": HOUSE.with_options(straight_gin=True),
    "oklahoma": HOUSE.with_options(oklahoma=True, oklahoma_spade_double=False),
    "limit-7-everything-on": HOUSE.with_options(
        knock_limit=7, big_gin=True, box_bonus=25, game_bonus=100, shutout=True,
        round_the_corner=True, loser_deals=True, knocker_best_arrangement=True),
}
WORDS = {  # each guide page says at least one of these (glossary terms)
    "de": ("Runde", "Karte", "Totholz", "klopf"),
    "es": ("mano", "carta", "sueltas", "cerr"),
    "fr": ("donne", "carte", "morts", "frapp"),
    "it": ("mano", "cart", "morti", "buss"),  # carta, carte (Carte vere)
    "pt": ("mão", "carta", "soltos", "bat"),
}


class Visible(HTMLParser):
    """The text a reader meets: text outside <script>/<style>, and accessible names."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._hidden += 1
        for name, value in attrs:
            if name in ("aria-label", "title", "alt", "placeholder") and value:
                self.parts.append(f" {value} ")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._hidden -= 1
        self.parts.append(" ")

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self.parts.append(data)

    @property
    def text(self) -> str:
        return " ".join("".join(self.parts).split())


def visible(html: str) -> str:
    parser = Visible()
    parser.feed(html)
    return parser.text


def _our_messages() -> list[str]:
    """The messages of the guide's and the home page's templates and content."""
    keywords = {"_": None, "gettext": None, "ngettext": (1, 2), "N_": None}
    method_map = [("app/guide/**.py", "python"), ("templates/guide/**.html", "jinja2"),
                  ("templates/home.html", "jinja2")]
    options = {"templates/**.html": {"trim_blocks": "true", "lstrip_blocks": "true"}}
    found: list[str] = []
    for _, _, message, _, _ in extract_from_dir(str(ROOT), method_map, options,
                                                keywords=keywords):
        found.extend(message if isinstance(message, tuple) else (message,))
    return found


def _english_fragments(language: str) -> set[str]:
    """Pieces of our English messages long enough to be unmistakable (tags, code and
    placeholders cut out), for every message the language translates differently."""
    fragments = set()
    with i18n.language(language):
        for message in _our_messages():
            if i18n.lookup(message) == message:
                continue  # the same word in both languages ("Hollywood", "Gin")
            text = re.sub(r"<code>.*?</code>", "\0", message.replace("&amp;", "&"))
            text = re.sub(r"<[^>]+>", "\0", text)  # code and tags are not prose
            for piece in re.split(r"%\(\w+\)s|\0", text):
                piece = " ".join(piece.split()).strip(" .,:;()")
                if len(piece) >= 18 and " " in piece:
                    fragments.add(piece)
    return fragments


@pytest.fixture(params=list(TABLES), ids=list(TABLES))
def table(request: pytest.FixtureRequest, app: FastAPI) -> str:
    app.state.guide_rules = GuideRules(play=TABLES[request.param], match=CLASSIC)
    return str(request.param)


@pytest.mark.parametrize("language", list(WORDS))
def test_every_guide_page_and_the_home_page_speak_the_language(
    client: TestClient, table: str, language: str
) -> None:
    english = _english_fragments(language)
    assert len(english) > 300, "the guide's English messages were not found"
    for path in PATHS:
        response = client.get(path, headers={"Accept-Language": language})
        assert response.status_code == 200, path
        assert f'<html lang="{language}"' in response.text, path
        text = visible(response.text)
        left = sorted(piece for piece in english if piece in text)
        assert not left, f"{path} ({table}, {language}) still says in English: {left}"
        assert any(word in text for word in WORDS[language]), (path, table)


@pytest.mark.parametrize(("language", "title", "faq"), [
    ("de", "Klopfen, Gin und Anlegen", "Darf ich bei Gin anlegen?"),
    ("es", "Cerrar, gin y colocar", "¿Puedo colocar contra un gin?"),
    ("fr", "Frapper, gin et rajouts", "Puis-je rajouter contre un gin ?"),  # no-break spaces
    ("it", "Bussare, gin e attacchi", "Posso attaccare contro un gin?"),
    ("pt", "Bater, gin e acréscimos", "Posso acrescentar contra um gin?"),
])
def test_titles_contents_and_questions_are_translated(
    client: TestClient, language: str, title: str, faq: str
) -> None:
    contents = visible(client.get("/guide", headers={"Accept-Language": language}).text)
    assert title in contents and faq in contents
    page = client.get("/guide/knocking", headers={"Accept-Language": language}).text
    assert f"<h1>{title}</h1>" in page
    assert f"<title>{title} · " in page


def test_numbers_and_examples_are_the_same_in_every_language(client: TestClient) -> None:
    """The engine's numbers (data-n) do not depend on the language."""
    numbers = {}
    for language in i18n.LANGUAGES:
        html = client.get("/guide/scoring", headers={"Accept-Language": language}).text
        numbers[language] = re.findall(r'data-n="([\w-]+)">(\d+)<', html)
    assert numbers["en"] and all(found == numbers["en"] for found in numbers.values())
