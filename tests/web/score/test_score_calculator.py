"""The score sheet's deadwood calculator: counts from the cards equal the
engine's ``settle`` — on 200 deals, through the form parser and over HTTP — with round the
corner honoured, wrong cards refused next to their field."""

from __future__ import annotations

import random
import re
import warnings

from app.engine import parse_cards

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from tests.support.deals import codes, deal, expected_counts
from tests.web.score.test_score_http import exported, hand, new_sheet

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
