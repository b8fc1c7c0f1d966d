"""The score sheet's deadwood calculator: counts from the cards equal the
engine's ``settle`` — on 200 deals, through the form parser and over HTTP — with round the
corner honoured, wrong cards refused next to their field."""

from __future__ import annotations

import random
import re
import warnings

import pytest
from starlette.datastructures import FormData

from app.engine import CLASSIC, Card, parse_cards
from app.engine.cards import CARDS
from app.engine.layoff import settle
from app.engine.melds import best_arrangements, least_deadwood
from app.engine.scoring import KnockLimit
from app.score import keeper as sk
from app.score.sheet import ScoreSheet, SheetError, SheetOptions

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from tests.web.score.test_score_http import exported, hand, new_sheet

UNLIMITED = KnockLimit(98)


def expected_counts(knocker: list[Card], defender: list[Card], corner: bool) -> tuple[int, int]:
    """The engine's answer, straight from ``settle``: the knocker lays a least-deadwood
    arrangement, the one that leaves the defender the most after layoffs (docs/rules.md §4)."""
    rules = CLASSIC.with_options(round_the_corner=corner)
    settlements = [settle(a.melds, a.deadwood_cards, defender, rules, limit=UNLIMITED)
                   for a in best_arrangements(knocker, rules)]
    knocker_count = least_deadwood(knocker, rules)
    assert all(s.knocker_deadwood == knocker_count for s in settlements)
    return knocker_count, max(s.defender_deadwood for s in settlements)


def deal(rng: random.Random, built: bool) -> tuple[list[Card], list[Card]]:
    """Two 10-card hands: a plain random deal, or a knocker built around a run (some
    round the corner) and a set, with the defender holding cards that lay off on them."""
    deck = list(CARDS)
    rng.shuffle(deck)
    if not built:
        return deck[:10], deck[10:20]
    suit = rng.randrange(4)
    start, length = rng.randrange(13), rng.randint(3, 5)
    run = [CARDS[suit * 13 + (start + i) % 13] for i in range(length)]
    rank = rng.randrange(13)
    group = [c for c in CARDS if c.rank.number == rank + 1 and c not in run][:3]
    knocker = list(dict.fromkeys(run + group))
    rest = [c for c in deck if c not in knocker]
    knocker += [c for c in rest if c.points <= 4][: 10 - len(knocker)]
    knocker += [c for c in rest if c not in knocker][: 10 - len(knocker)]
    near = [CARDS[suit * 13 + (start - 1) % 13], CARDS[suit * 13 + (start + length) % 13],
            *[c for c in CARDS if c.rank.number == rank + 1]]
    defender = [c for c in dict.fromkeys(near) if c not in knocker and rng.random() < 0.7]
    defender += [c for c in deck if c not in knocker and c not in defender][: 10 - len(defender)]
    return knocker[:10], defender[:10]


def sheet(**rules: object) -> ScoreSheet:
    """A blank Classic sheet for Ann and Bob with ``rules`` changed."""
    return ScoreSheet.new(SheetOptions(rules=CLASSIC.with_options(**rules)), ["Ann", "Bob"])


def codes(cards: list[Card]) -> str:
    """``"TH AS 5C"``."""
    return " ".join(map(str, cards))


def test_calculator_counts_equal_settle_on_200_deals() -> None:
    rng = random.Random(17)
    with_layoffs = corner_runs = 0
    for i in range(200):
        knocker, defender = deal(rng, built=i % 2 == 1)
        corner = i % 4 >= 2
        s = sheet(round_the_corner=corner)
        # Half typed, half ticked on the grid: the form parser reads both.
        if i % 3 == 0:
            form = FormData([("knocker_cards", codes(knocker).lower()),
                             *[("dc", str(c)) for c in defender]])
        else:
            form = FormData([("defender_cards", codes(defender)),
                             *[("kc", str(c)) for c in knocker]])
        count, values = sk.count_from_cards(form, s)
        k, d = expected_counts(knocker, defender, corner)
        assert (count.knocker_deadwood, count.defender_deadwood) == (k, d), (i, knocker,
                                                                          defender)
        assert values["defender_deadwood"] == str(d)
        assert values["knocker_deadwood"] == ("" if k == 0 else str(k))
        assert values["kind"] == ("gin" if k == 0 else "knock")
        with_layoffs += bool(count.settlement.layoffs)
        corner_runs += corner and any(
            m.cards[0].rank.number > m.cards[-1].rank.number
            for m in count.settlement.knocker_melds)
    assert with_layoffs >= 40, with_layoffs      # the deals exercise layoffs ...
    assert corner_runs >= 5, corner_runs          # ... and runs round the corner


def test_round_the_corner_changes_the_count() -> None:
    knocker = parse_cards("QH KH AH 2C 2D 2S 3C 4C 5C 9D")
    defender = parse_cards("JH 3H 7S 8S TD JD QD KD 6C 7C")
    plain, _ = sk.count_from_cards(FormData({"knocker_cards": codes(knocker),
                                             "defender_cards": codes(defender)}), sheet())
    corner, _ = sk.count_from_cards(FormData({"knocker_cards": codes(knocker),
                                              "defender_cards": codes(defender)}),
                                    sheet(round_the_corner=True))
    # Aces low: the 2s and 3C 4C 5C meld; QH KH AH and 9D are loose: 10 + 10 + 1 + 9.
    assert plain.knocker_deadwood == 30
    assert corner.knocker_deadwood == 9      # QH KH AH is a run round the corner
    assert any(str(c) == "JH" for c, _ in corner.settlement.layoffs)


def test_big_gin_and_gin_are_recognised_from_the_cards() -> None:
    eleven = {"knocker_cards": "AC 2C 3C 4D 5D 6D 7H 8H 9H TH JH",
              "defender_cards": "2H 3H 4H 5S 6S 7S 8S 9S TS JS"}
    with pytest.raises(SheetError, match="(?i)big gin is off"):
        sk.count_from_cards(FormData(eleven), sheet())
    big, values = sk.count_from_cards(FormData(eleven), sheet(big_gin=True))
    assert values["kind"] == "big_gin" and values["knocker_deadwood"] == ""
    assert big.defender_deadwood == least_deadwood(parse_cards(eleven["defender_cards"]))
    gin, values = sk.count_from_cards(FormData({
        "knocker_cards": "AC 2C 3C 4D 5D 6D 7H 8H 9H TH",
        "defender_cards": "JH QS KS 5S 6S 7S 8S 2D 3D 4S"}), sheet())
    assert values["kind"] == "gin" and values["knocker_deadwood"] == ""
    assert not gin.settlement.layoffs        # no layoffs against gin (JH would fit)
    assert gin.defender_deadwood == least_deadwood(parse_cards(
        "JH QS KS 5S 6S 7S 8S 2D 3D 4S"))


@pytest.mark.parametrize("fields, field, words", [
    ({"knocker_cards": "TH XX"}, "knocker_cards", "unknown card code"),
    ({"knocker_cards": "TH " * 80}, "knocker_cards", "too many"),
    ({"knocker_cards": "AC 2C 3C", "defender_cards": "4C 5C 6C 7C 8C 9C TC JC QC KC"},
     "cards", "10 cards"),
    ({"knocker_cards": "AC 2C 3C 4C 5C 6C 7C 8C 9C TC",
      "defender_cards": "TC JC QC KC AD 2D 3D 4D 5D 6D"}, "cards", "both hands"),
    ({"knocker_cards": "AC 2C 3C 4C 5C 6C 7C 8C 9C TC"}, "cards", "missing"),
])
def test_wrong_cards_are_refused_next_to_their_field(fields: dict[str, str], field: str,
                                                      words: str) -> None:
    with pytest.raises(SheetError, match=words) as err:
        sk.count_from_cards(FormData(fields), sheet())
    assert err.value.field == field


def test_unticking_a_card_removes_it_without_javascript() -> None:
    shown = "AC 2C 3C"
    form = FormData([("knocker_cards", shown), ("knocker_cards_shown", shown),
                     ("kc", "AC"), ("kc", "3C")])
    assert codes(sk.parse_hand_cards(form, "knocker_cards", "kc", "x")) == "AC 3C"
    edited = FormData([("knocker_cards", "AC 2C 3C 4C"), ("knocker_cards_shown", shown),
                       ("kc", "AC"), ("kc", "2C"), ("kc", "3C"), ("kc", "9D")])
    assert codes(sk.parse_hand_cards(edited, "knocker_cards", "kc", "x")) == "AC 2C 3C 4C 9D"


# --- over HTTP ------------------------------------------------------------------------


def filled(html: str, name: str) -> str:
    """The value the entry form shows in the field ``name``."""
    match = re.search(rf'name="{name}"[^>]*value="([^"]*)"', html)
    assert match, name
    return match.group(1)


def test_count_button_fills_both_counts_and_shows_melds_and_layoffs(
        client: TestClient) -> None:
    url = new_sheet(client)
    response = hand(client, url, path="/preview", kind="knock", knocker="0", count="1",
                    knocker_cards="5H 6H 7H KC KD KS 2C 3D 9S 9D",
                    defender_cards="8H 9H AS 2S 3S QC QH QD 4C 5C")
    # Counted, and the sheet still judges the knock: 23 is over the limit of 10.
    assert response.status_code == 422, response.text
    page = response.text
    assert filled(page, "knocker_deadwood") == "23"
    assert filled(page, "defender_deadwood") == "9"
    calc = page[page.index('id="calc-result"'):]
    calc = re.sub(r"<[^>]+>", "", calc[:calc.index("</div>")])
    assert "Ann" in calc and "Bob" in calc
    assert "lays off 8♥︎ on 5♥︎ 6♥︎ 7♥︎, 9♥︎ on 5♥︎ 6♥︎ 7♥︎" in calc
    assert 'aria-label="Eight of hearts"' in page
    assert "Cannot knock with 23" in page   # the sheet still judges the knock limit


def test_count_then_record_over_http_equals_settle_on_deals(client: TestClient) -> None:
    rng = random.Random(1717)
    url = new_sheet(client, target="10000")
    checked = 0
    while checked < 15:
        knocker, defender = deal(rng, built=True)
        k, d = expected_counts(knocker, defender, corner=False)
        if k > 10:
            continue
        response = hand(client, url, path="/preview", knocker="1", count="1",
                        **{"knocker_cards": codes(knocker), "kc": [], "kind": "knock",
                           "defender_cards": codes(defender)})
        assert response.status_code == 200, response.text
        assert filled(response.text, "defender_deadwood") == str(d)
        assert filled(response.text, "knocker_deadwood") == ("" if k == 0 else str(k))
        checked += 1
    # Record with the cards alone: the counts are worked out on the way.
    knocker, defender = parse_cards("AC 2C 3C 4D 5D 6D 7H 8H 9H 2S"), parse_cards(
        "TS JS QS 3S 4S 5S KH KD 8C 9C")
    recorded = hand(client, url, kind="knock", knocker="0", knocker_cards=codes(knocker),
                    defender_cards=codes(defender))
    assert recorded.status_code == 303
    last = exported(client, url)["hands"][-1]
    assert (last["knocker_deadwood"], last["defender_deadwood"]) == expected_counts(
        knocker, defender, corner=False)


def test_the_grid_is_52_labelled_checkboxes_per_hand(client: TestClient) -> None:
    page = client.get(new_sheet(client)).text
    for box in ("kc", "dc"):
        assert len(re.findall(rf'<input type="checkbox" name="{box}" value="\w\w">', page)) == 52
    assert page.count('<span class="visually-hidden">Ten of hearts</span>') == 2
    assert 'for="knocker_cards"' in page and 'for="defender_cards"' in page
