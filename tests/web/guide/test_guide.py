"""The guide over HTTP: every page reachable, every link alive, every FAQ question of
docs/rules.md §8 present, and every example number equal to the engine's own result — under the
default rules and after a rule constant changes.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from urllib.parse import urldefrag, urljoin, urlsplit

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from app.engine import (
    CLASSIC,
    HOUSE,
    HandRecord,
    Phase,
    Rules,
    lay_down,
    least_deadwood,
    parse_cards,
    score_hand,
    tally,
)
from app.guide import content as guide
from app.guide.content import GuideRules, guide_link_for
from app.review.skill import LEVEL_WIN_RATES

# docs/rules.md §8: the FAQ answers at least these questions (anchor, words the question contains).
SPEC_FAQ = [
    ("aim", "aim"),
    ("controls", "controls"),
    ("format", "format"),
    ("before-a-move", "before a move"),
    ("knock-limit", "exactly 10"),
    ("ace", "ace"),
    ("tie", "tie"),
    ("layoffs-automatic", "layoffs automatic"),
    ("layoff-against-gin", "lay off against gin"),
    ("no-winner", "without a winner"),
    ("stock-runs-out", "stock runs out"),
    ("big-gin", "gin and big gin"),
    ("match-points", "points is a match"),
]
GUIDE_TOPICS = ["aim", "deal", "turn", "melds", "knocking", "scoring", "void", "match",
                "controls", "strategy", "options", "faq"]


class PageParser(HTMLParser):
    """Links, element ids, engine numbers (``data-n``) and headings of one page."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()
        self.numbers: dict[str, str] = {}
        self.headings: dict[str, str] = {}
        self._capture: str | None = None
        self._heading: str | None = None
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "a" and values.get("href"):
            self.links.append(values["href"] or "")
        if values.get("id"):
            self.ids.add(values["id"] or "")
        if values.get("data-n"):
            self._capture = values["data-n"]
            self._text = []
        if tag in ("h1", "h2") and values.get("id"):
            self._heading = values["id"]
            self._text = []

    def handle_data(self, data: str) -> None:
        if self._capture is not None or self._heading is not None:
            self._text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if self._capture is not None and tag in ("strong", "span"):
            self.numbers[self._capture] = "".join(self._text).strip()
            self._capture = None
        if self._heading is not None and tag in ("h1", "h2"):
            self.headings[self._heading] = " ".join("".join(self._text).split())
            self._heading = None


def parse(html: str) -> PageParser:
    parser = PageParser()
    parser.feed(html)
    return parser


def crawl(client: TestClient) -> dict[str, PageParser]:
    """Every /guide page reachable from the home page by following links."""
    seen: dict[str, PageParser] = {}
    queue = ["/"]
    while queue:
        path = queue.pop()
        if path in seen:
            continue
        response = client.get(path)
        assert response.status_code == 200, f"{path} answered {response.status_code}"
        page = parse(response.text)
        seen[path] = page
        for href in page.links:
            url, _ = urldefrag(urljoin(f"http://testserver{path}", href))
            parts = urlsplit(url)
            if parts.netloc == "testserver" and parts.path.startswith("/guide"):
                queue.append(parts.path)
    return seen


def number(page: PageParser, key: str) -> int:
    assert key in page.numbers, f"no number {key!r} on the page"
    return int(page.numbers[key])


@pytest.fixture
def pages(client: TestClient) -> dict[str, PageParser]:
    return crawl(client)


# --- reachability and links ---------------------------------------------------------------


def test_every_guide_topic_is_reachable_from_the_home_page(
    pages: dict[str, PageParser],
) -> None:
    assert "/guide" in pages
    for slug in GUIDE_TOPICS:
        assert f"/guide/{slug}" in pages, f"/guide/{slug} is not linked"


def test_header_rules_link_and_home_page_lead_to_the_guide(client: TestClient) -> None:
    home = parse(client.get("/").text)
    assert "/guide" in home.links
    for slug in GUIDE_TOPICS:
        page = parse(client.get(f"/guide/{slug}").text)
        assert "/guide" in page.links  # header Rules link and the pager


def test_every_internal_link_of_the_guide_answers_200_and_its_anchor_exists(
    client: TestClient, pages: dict[str, PageParser]
) -> None:
    checked = 0
    for path, page in pages.items():
        if not path.startswith("/guide"):
            continue
        for href in page.links:
            url, fragment = urldefrag(urljoin(f"http://testserver{path}", href))
            parts = urlsplit(url)
            if parts.netloc != "testserver" or not parts.path.startswith("/guide"):
                continue
            target = pages.get(parts.path) or parse(client.get(parts.path).text)
            if fragment:
                assert fragment in target.ids, f"{path}: no #{fragment} on {parts.path}"
            checked += 1
    assert checked > 100


def test_links_from_the_guide_to_the_rest_of_the_app_answer_200(
    client: TestClient, pages: dict[str, PageParser]
) -> None:
    outside = set()
    for path, page in pages.items():
        for href in page.links:
            parts = urlsplit(urljoin(f"http://testserver{path}", href))
            if parts.netloc == "testserver" and not parts.path.startswith("/guide"):
                outside.add(parts.path)
    assert {"/", "/play", "/score"} <= outside
    missing = []
    for path in sorted(outside):
        status = client.get(path).status_code
        if status == 404 and path in ("/play", "/score"):
            missing.append(path)  # owned by other issues, may not be merged yet
            continue
        assert status == 200, f"{path} answered {status}"
    if missing:
        pytest.skip(f"not built yet by their owners: {', '.join(missing)}")


def test_every_section_listed_in_the_contents_has_its_anchor(
    pages: dict[str, PageParser],
) -> None:
    for page in guide.PAGES:
        ids = pages[page.url].ids
        for section in page.sections:
            assert section.anchor in ids, f"{page.url}#{section.anchor}"


def test_unknown_guide_page_is_404(client: TestClient) -> None:
    assert client.get("/guide/nonsense").status_code == 404


# --- FAQ --------------------------------------------------------------------------------


def test_faq_answers_every_question_of_spec_section_8_under_its_own_anchor(
    pages: dict[str, PageParser],
) -> None:
    faq = pages["/guide/faq"]
    for anchor, words in SPEC_FAQ:
        assert anchor in faq.ids, f"#{anchor} missing"
        question = faq.headings.get(f"{anchor}-q", "")
        assert words.lower() in question.lower(), f"#{anchor}: {question!r}"


def test_faq_says_which_rules_are_played(client: TestClient) -> None:
    text = client.get("/guide/faq").text
    assert "Exactly 10 is allowed" in text
    assert "A tie is an <strong>undercut</strong>" in text
    assert "No. Against gin" in text


def test_faq_gives_each_levels_measured_strength_against_simple(client: TestClient) -> None:
    # The figures are those of docs/strength.md (tests/unit/review/test_skill.py checks
    # LEVEL_WIN_RATES against it), as whole percentages.
    text = client.get("/guide/faq").text
    answer = text[text.index('id="strength-q"'):]
    answer = answer[:answer.index("</section>")]
    shown = re.search(r"Easy wins about (\d+)% of its matches, Standard (\d+)%, "
                      r"Hard (\d+)% and Expert (\d+)%", answer)
    assert shown, answer
    assert [int(n) for n in shown.groups()] == [
        round(100 * LEVEL_WIN_RATES[level][0]) for level in ("easy", "standard", "hard",
                                                             "expert")]
    assert 'href="/stats"' in answer


# --- numbers from the engine --------------------------------------------------------------


def test_worked_match_of_spec_section_5_shows_the_engines_totals(
    pages: dict[str, PageParser],
) -> None:
    match = pages["/guide/match"]
    records = [HandRecord(0, 22), HandRecord(1, 44), HandRecord(0, 25), HandRecord(0, 56)]
    expected = tally(records, CLASSIC)
    assert (expected.final, expected.margin) == ((263, 64), 199)
    assert number(match, "final-a") == 263
    assert number(match, "final-b") == 64
    assert number(match, "margin") == 199
    assert number(match, "boxes-a") == 60 and number(match, "boxes-b") == 20
    assert number(match, "game-a") == 100
    assert number(match, "points-a") == 103 and number(match, "points-b") == 44
    shutout = tally([r for r in records if r.winner == 0], CLASSIC)
    assert shutout.shutout and number(match, "shutout") == shutout.final[0] == 526


def _settled(pair: tuple[str, str], rules: Rules):  # type: ignore[no-untyped-def]
    return lay_down(parse_cards(pair[0]), parse_cards(pair[1]), rules)


@pytest.mark.parametrize("key,pair", [
    ("knock", guide.KNOCK_EXAMPLE),
    ("undercut", guide.UNDERCUT_EXAMPLE),
    ("gin", guide.GIN_EXAMPLE),
])
def test_each_scoring_example_equals_the_engines_settlement(
    pages: dict[str, PageParser], key: str, pair: tuple[str, str]
) -> None:
    scoring = pages["/guide/scoring"]
    settlement = _settled(pair, HOUSE)
    assert number(scoring, f"{key}-points") == settlement.points
    assert number(scoring, f"{key}-knocker") == settlement.knocker_deadwood
    assert number(scoring, f"{key}-defender") == settlement.defender_deadwood
    assert scoring.numbers[f"{key}-arithmetic"] == settlement.score.arithmetic
    if settlement.layoffs:
        assert number(scoring, f"{key}-before") == settlement.defender_deadwood_before_layoffs


def test_spec_undercut_example_reads_25_plus_8_minus_5(pages: dict[str, PageParser]) -> None:
    assert pages["/guide/scoring"].numbers["undercut-arithmetic"] == "undercut: 25 + 8 − 5 = 28"


def test_hand_examples_show_the_engines_deadwood(pages: dict[str, PageParser]) -> None:
    melds = pages["/guide/melds"]
    assert number(melds, "meld-best-deadwood") == least_deadwood(
        parse_cards(guide.MELD_HAND), HOUSE)
    assert number(melds, "ace") == 1
    turn = pages["/guide/turn"]
    ten, drawn = guide.TURN_HAND
    assert number(turn, "turn-before-deadwood") == least_deadwood(parse_cards(ten), HOUSE)
    big = pages["/guide/options"]
    assert number(big, "big-gin-points") == _settled(
        guide.BIG_GIN_EXAMPLE, HOUSE.with_options(big_gin=True)).points
    assert number(pages["/guide/scoring"], "tie-deadwood") == 7
    assert pages["/guide/scoring"].numbers["tie-arithmetic"] == score_hand(7, 7).arithmetic


def test_changed_rule_constants_change_the_pages(app: FastAPI, client: TestClient) -> None:
    play = HOUSE.with_options(undercut_bonus=20, gin_bonus=30)
    match_rules = CLASSIC.with_options(box_bonus=25, game_bonus=200, gin_bonus=30)
    app.state.guide_rules = GuideRules(play=play, match=match_rules)
    scoring = parse(client.get("/guide/scoring").text)
    undercut = _settled(guide.UNDERCUT_EXAMPLE, play)
    gin = _settled(guide.GIN_EXAMPLE, play)
    assert number(scoring, "undercut-points") == undercut.points == 20 + 8 - 5
    assert number(scoring, "gin-points") == gin.points == 30 + gin.defender_deadwood
    assert number(scoring, "undercut-bonus") == 20
    match = parse(client.get("/guide/match").text)
    records = [HandRecord(0, 22), HandRecord(1, 30 + 19), HandRecord(0, 25),
               HandRecord(0, 30 + 31)]
    expected = tally(records, match_rules)
    assert number(match, "final-a") == expected.final[0] == 108 + 75 + 200
    assert number(match, "final-b") == expected.final[1] == 49 + 25
    assert number(match, "margin") == expected.margin
    assert number(match, "shutout") == 2 * (108 + 75 + 200)
    faq = client.get("/guide/faq").text
    assert "undercut bonus 20" in faq and "gin bonus 30" in faq


def test_a_smaller_undercut_bonus_can_leave_the_worked_match_unfinished(
    app: FastAPI, client: TestClient
) -> None:
    app.state.guide_rules = GuideRules(match=CLASSIC.with_options(undercut_bonus=20))
    match = parse(client.get("/guide/match").text)
    assert number(match, "points-a") == 22 + 20 + 56
    assert "final-a" not in match.numbers
    assert "nobody has reached 100" in client.get("/guide/match").text


def test_oklahoma_table_comes_from_knock_limit_for(pages: dict[str, PageParser]) -> None:
    options = pages["/guide/options"]
    assert number(options, "okla-7D") == 7
    assert number(options, "okla-KH") == 10
    assert number(options, "okla-5S") == 5
    assert "okla-AC" not in options.numbers  # an ace: gin only


# --- play screen links --------------------------------------------------------------------


def test_every_guide_link_for_target_exists(pages: dict[str, PageParser]) -> None:
    for key in [*Phase, "void", "match_over", "new_match", "knock", "gin", "layoff"]:
        url, fragment = urldefrag(guide_link_for(key))
        assert url in pages, url
        if fragment:
            assert fragment in pages[url].ids, guide_link_for(key)


def test_guide_pages_carry_no_inline_script_or_style(pages: dict[str, PageParser],
                                                     client: TestClient) -> None:
    for path in pages:
        html = client.get(path).text
        assert not re.search(r"<script(?![^>]*\bsrc=)", html), path
        assert " style=" not in html and " onclick=" not in html, path
