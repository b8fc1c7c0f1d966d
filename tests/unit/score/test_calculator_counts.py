"""The score calculator's counts without the app: cards typed or ticked, gin and big gin
recognised, round the corner, 200 random deals settled as the sheet expects."""

from __future__ import annotations

import random

import pytest
from starlette.datastructures import FormData

from app.engine import CLASSIC, parse_cards
from app.engine.melds import least_deadwood
from app.score import keeper as sk
from app.score.sheet import ScoreSheet, SheetError, SheetOptions
from tests.support.deals import codes, deal, expected_counts


def sheet(**rules: object) -> ScoreSheet:
    """A blank Classic sheet for Ann and Bob with ``rules`` changed."""
    return ScoreSheet.new(SheetOptions(rules=CLASSIC.with_options(**rules)), ["Ann", "Bob"])




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
