"""Docs are tests: every guide page and every FAQ answer, rendered under rules other than
House (a knock limit of 7, Oklahoma, loser deals, straight gin, gin only), states the
numbers the engine uses with those rules (issue 32).

The rule words are read from the page text: every "N or less" and "Exactly N is allowed"
is the table's knock limit, Oklahoma's cap is the limit :func:`knock_limit_for` gives,
the deal follows :func:`next_dealer`, and gin for three's dealer is the score sheet's.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from app.engine import (
    CLASSIC,
    HOUSE,
    Card,
    HandKind,
    HandRecord,
    Rules,
    knock_limit_for,
    lay_down,
    parse_cards,
)
from app.engine.scoring import next_dealer
from app.guide.content import (
    FAQ,
    KNOCKER_CHOICE,
    OKLAHOMA_CAPPED,
    OKLAHOMA_UPCARDS,
    PAGES,
    GuideRules,
)
from app.score.sheet import HandEntry, ScoreSheet, SheetOptions

PATHS = ["/guide", *(page.url for page in PAGES)]

TABLES = {
    "limit-7": HOUSE.with_options(knock_limit=7),
    "oklahoma-limit-7": HOUSE.with_options(knock_limit=7, oklahoma=True),
    "oklahoma": HOUSE.with_options(oklahoma=True, oklahoma_spade_double=False),
    "loser-deals": HOUSE.with_options(loser_deals=True, knock_limit=4),
    "gin-only": HOUSE.with_options(knock_limit=0),
    "straight-gin": HOUSE.with_options(straight_gin=True),
    "knocker-best": HOUSE.with_options(knocker_best_arrangement=True, knock_limit=9),
}


class Text(HTMLParser):
    """The visible text of a page, the text of each ``id``'d section, and ``data-n``."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.numbers: dict[str, str] = {}
        self.sections: dict[str, list[str]] = {}
        self._open: list[str] = []
        self._number: str | None = None
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag in ("script", "style"):
            self._skip += 1
        if tag == "section" and values.get("id"):
            self._open.append(values["id"] or "")
            self.sections[values["id"] or ""] = []
        elif tag == "section":
            self._open.append("")
        if values.get("data-n"):
            self._number = values["data-n"]
            self.numbers[self._number] = ""

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skip -= 1
        if tag == "section" and self._open:
            self._open.pop()
        if tag in ("strong", "span") and self._number is not None:
            self._number = None

    def handle_data(self, data: str) -> None:
        if self._skip:
            return
        self.parts.append(data)
        if self._number is not None:
            self.numbers[self._number] += data.strip()
        for anchor in self._open:
            if anchor:
                self.sections[anchor].append(data)

    @property
    def text(self) -> str:
        return re.sub(r" ([,.;:)])", r"\1", " ".join("".join(self.parts).split()))


def read(client: TestClient, path: str) -> Text:
    response = client.get(path)
    assert response.status_code == 200, path
    page = Text()
    page.feed(response.text)
    return page


@pytest.fixture(params=list(TABLES), ids=list(TABLES))
def table(request: pytest.FixtureRequest, app: FastAPI) -> Rules:
    rules = TABLES[request.param]
    app.state.guide_rules = GuideRules(play=rules, match=CLASSIC)
    return rules


def test_every_knock_limit_the_guide_states_is_the_engines(
    table: Rules, client: TestClient
) -> None:
    # Without Oklahoma the limit is the same every hand: knock_limit_for with no upcard.
    fixed = None if table.oklahoma else knock_limit_for(table).limit
    for path in PATHS:
        text = read(client, path).text
        for found in re.findall(r"\b(\d+) or less\b", text):
            assert fixed is not None and int(found) == fixed, (path, found)
        for found in re.findall(r"Exactly (\d+) is allowed", text):
            assert fixed is not None and int(found) == fixed, (path, found)
        for found in re.findall(r"never more than (\d+)\)", text):
            assert table.oklahoma and int(found) == table.knock_limit, (path, found)
        for found in re.findall(r"the limit is (\d+)\)", text):
            assert fixed is not None and int(found) == fixed, (path, found)
        if table.straight_gin or table.knock_limit == 0:
            assert "0 (" in text or path != "/guide/aim", path


def test_no_page_says_layoffs_follow_gin(table: Rules, client: TestClient) -> None:
    for path in PATHS:
        text = read(client, path).text
        assert "then lays off" not in text, path
    brief = read(client, "/guide").text
    assert "after gin, nothing is laid off" in brief


def test_the_oklahoma_table_and_its_cap_are_knock_limit_for(
    table: Rules, client: TestClient
) -> None:
    page = read(client, "/guide/options")
    okla = table.with_options(oklahoma=True, straight_gin=False)
    for code in OKLAHOMA_UPCARDS:
        limit = knock_limit_for(okla, Card.parse(code))
        if limit.gin_only:
            assert f"okla-{code}" not in page.numbers
        else:
            assert int(page.numbers[f"okla-{code}"]) == limit.limit
    upcard, cap = OKLAHOMA_CAPPED
    capped = knock_limit_for(HOUSE.with_options(oklahoma=True, knock_limit=cap),
                             Card.parse(upcard))
    assert capped.limit == cap == int(page.numbers["okla-capped"])
    assert f"with a knock limit of {cap}, a king" in page.text
    assert int(page.numbers["knock-limit"]) == table.knock_limit


def test_the_deal_words_follow_next_dealer(table: Rules, client: TestClient) -> None:
    deal = read(client, "/guide/deal").text
    won_by_1 = HandRecord(1, 10, HandKind.KNOCK)
    if table.loser_deals:
        assert "loser deals (on at this table)" in deal
        assert next_dealer(1, won_by_1, table) == 0  # the loser deals
    else:
        assert "loser deals (a table option, off in House rules)" in deal
        assert next_dealer(0, won_by_1, table) == 1  # the deal swaps
    assert "the loser of each hand deals the next" in deal
    assert next_dealer(0, HandRecord(None, 0, HandKind.VOID), table) == 0
    assert "After a void hand, the same dealer deals again" in deal


def test_gin_for_three_words_follow_the_score_sheet(table: Rules, client: TestClient) -> None:
    text = read(client, "/guide/options").text
    assert "the winner plays the one who waited, who deals" in text
    assert "Loser deals is ignored with three players" in text
    # Ann deals to Bob, Cy sits out; Bob wins: Ann (the loser) sits out, Cy deals to Bob —
    # with loser deals on as well, which two players ignore.
    rules = CLASSIC.with_options(loser_deals=True)
    sheet = ScoreSheet.new(SheetOptions(rules=rules, players=3, first_dealer=0,
                                        first_sitter=2), ["Ann", "Bob", "Cy"])
    result = sheet.add(HandEntry.knock(1, 5, 20)).result()
    assert result.next_sitter == 0 and result.next_dealer == 2
    assert result.next_players == (1, 2)
    void = sheet.add(HandEntry.void()).result()
    assert void.next_dealer == 0 and void.next_players == (0, 1)


def test_every_faq_answer_renders_and_the_format_is_a_default(
    table: Rules, client: TestClient
) -> None:
    page = read(client, "/guide/faq")
    for question in FAQ:
        answer = " ".join("".join(page.sections[question.anchor]).split())
        assert len(answer) > len(question.question) + 20, question.anchor
    format_answer = " ".join("".join(page.sections["format"]).split())
    assert "At this table Play uses these rules" in format_answer
    assert f"gin bonus {table.gin_bonus}" in format_answer


def test_house_faq_says_the_format_is_the_default_and_the_app_lays_the_melds(
    client: TestClient,
) -> None:
    page = read(client, "/guide/faq")
    format_answer = " ".join("".join(page.sections["format"]).split())
    assert "Unless you change the table options under New match, Play uses House rules" \
        in format_answer
    assert "10 or less (the knock limit, a table option)" in format_answer
    melds = " ".join("".join(page.sections["knocker-melds"]).split())
    assert "The app does, for you and for the computer alike" in melds
    knocking = read(client, "/guide/knocking").text
    assert "The app lays your melds for you" in knocking


def test_the_options_page_says_where_each_option_is_switched(client: TestClient) -> None:
    text = read(client, "/guide/options").text
    assert "changes no score" not in text
    assert "only under New match" not in text
    assert "gin for three only in the score keeper" in text
    assert "Hollywood and gin for three only" not in text
    corner = " ".join("".join(read(client, "/guide/options").sections.get(
        "round-the-corner", [])).split()) or text
    assert "score keeper's deadwood calculator" in corner


def test_the_spade_switch_is_described_as_the_table_has_it(
    table: Rules, client: TestClient
) -> None:
    text = read(client, "/guide/options").text
    assert "Spade upcard doubles" in text
    off = table.oklahoma and not table.oklahoma_spade_double
    assert ("(off at this table)" in text) == off
    spade = knock_limit_for(table.with_options(oklahoma=True, straight_gin=False),
                            Card.parse("5S"))
    assert spade.doubled == table.oklahoma_spade_double
    row = re.search(r"5♠\S*(?: \S+){1,2}? (?:\d+|gin only) (doubled|normal)", text)
    assert row is not None and row.group(1) == ("doubled" if spade.doubled else "normal")


def test_the_knocker_arrangement_example_is_the_engines(app: FastAPI, client: TestClient) -> None:
    page = read(client, "/guide/options")
    codes = [parse_cards(codes) for codes in KNOCKER_CHOICE]
    least = lay_down(*codes, HOUSE)
    best = lay_down(*codes, HOUSE.with_options(knocker_best_arrangement=True))
    assert int(page.numbers["arranges-least-deadwood"]) == least.knocker_deadwood == 1
    assert int(page.numbers["arranges-best-deadwood"]) == best.knocker_deadwood == 7
    assert page.numbers["arranges-least-arithmetic"] == least.score.arithmetic
    assert page.numbers["arranges-best-arithmetic"] == best.score.arithmetic
    assert int(page.numbers["arranges-least-points"]) == least.points == 26
    assert int(page.numbers["arranges-best-points"]) == best.points == 2
    assert "Knocker arranges for the best score" in page.text
    # The knocking page says which arrangement the table lays.
    assert "the arrangement of your cards with the least deadwood" in \
        read(client, "/guide/knocking").text
    app.state.guide_rules = GuideRules(play=HOUSE.with_options(knocker_best_arrangement=True))
    knocking = read(client, "/guide/knocking").text
    assert "at this table, the arrangement that scores best for you" in knocking


def test_the_three_player_settlement_is_the_sheets(client: TestClient) -> None:
    """The options page's settlement of gin for three (issue 52) is what the score sheet
    does: boxes for all three, the game bonus to whoever reached the target, a shutout
    only when neither other player won a hand, the margin over the next best total."""
    text = read(client, "/guide/options").text
    assert "only if neither other player won a hand" in text
    assert "minus the next best total" in text
    rules = CLASSIC
    sheet = ScoreSheet.new(SheetOptions(rules=rules, players=3, first_dealer=0,
                                        first_sitter=2), ["Ann", "Bob", "Cy"])
    # Bob (1) beats Ann (0) by 30; Bob then beats Cy by 80 and reaches 110: Ann won
    # nothing, Cy won nothing: a shutout of both, so Bob's total doubles.
    first = sheet.add(HandEntry.knock(1, 5, 35))
    result = first.result()
    players = result.next_players
    assert players is not None and 1 in players
    done = first.add(HandEntry.knock(1, 5, 85)).result()
    assert done.over
    box, game = rules.box_bonus, rules.game_bonus
    assert done.totals[1] == 2 * (30 + 80 + 2 * box + game)
    assert done.winner == 1 and done.margin == done.totals[1] - max(done.totals[0],
                                                                    done.totals[2])


def test_the_house_statements_follow_house_rules(client: TestClient) -> None:
    """Without a table of its own, the FAQ states House's big gin and end bonuses as the
    engine's House preset has them."""
    text = read(client, "/guide/faq").text
    assert ("It is on in House rules." in text) == HOUSE.big_gin
    assert ("It is off in House rules" in text) == (not HOUSE.big_gin)
    no_bonuses = not (HOUSE.box_bonus or HOUSE.game_bonus or HOUSE.shutout)
    assert ("House rules add no bonuses at the end" in text) == no_bonuses
    assert "in Play" not in text.replace("In Play", "")  # no claim about Play's options


def test_the_guide_shows_the_browsers_own_table(client: TestClient) -> None:
    """A browser whose match plays other options than House (the table's "Rules for this
    step" link leads to the guide) reads that table's values: big gin on, its bonuses,
    its knock limit (issue 52)."""
    form = {"level": "easy", "version": "0", "preset": "custom", "knock_limit": "7",
            "big_gin": "on", "box_bonus": "20", "game_bonus": "100", "shutout": "on",
            "gin_bonus": "25", "undercut_bonus": "25", "big_gin_bonus": "31",
            "target": "100"}
    client.post("/play/new", data=form)
    table = client.get("/play")
    assert table.status_code == 200
    text = read(client, "/guide/faq").text
    assert "It is on at your table." in text
    assert ("Your table adds at the end: 20 per hand won, 100 for the game, and a shutout "
            "doubles the winner's total.") in text
    assert "7 or less" in read(client, "/guide/knocking").text
