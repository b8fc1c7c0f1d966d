"""The verify page ``/fair`` (docs/fairness.md): the deal from four values, or a clear message."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.engine.fairness import commitment, fair_deal

SEED = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
GOOD = {"server_seed": SEED, "client_seed": "ClientSeed-42", "hand_number": "7"}


def _cards(html: str) -> list[list[str]]:
    return [codes.split() for codes in re.findall(r'data-cards="([^"]*)"', html)]


def test_an_empty_visit_shows_the_form_and_no_deal(client: TestClient) -> None:
    response = client.get("/fair")
    assert response.status_code == 200
    assert 'name="server_seed"' in response.text and 'name="hand_number"' in response.text
    assert "data-cards" not in response.text


def test_the_page_shows_the_hands_upcard_and_stock_dealt_from_the_values(
    client: TestClient
) -> None:
    response = client.get("/fair", params={**GOOD, "commitment": commitment(SEED)})
    assert response.status_code == 200
    deal = fair_deal(SEED, "ClientSeed-42", 7)
    assert _cards(response.text) == [
        [str(c) for c in deal.non_dealer], [str(c) for c in deal.dealer], [str(deal.upcard)],
        [str(c) for c in deal.stock]]
    assert "The commitment matches" in response.text
    assert f'data-commitment="{deal.commitment}"' in response.text


def test_a_commitment_of_another_seed_is_reported_as_not_matching(client: TestClient) -> None:
    response = client.get("/fair", params={**GOOD, "commitment": commitment("00" * 32)})
    assert response.status_code == 200
    assert "does NOT match" in response.text
    assert "The commitment matches" not in response.text


def test_without_a_commitment_the_deal_is_shown_without_a_verdict(client: TestClient) -> None:
    response = client.get("/fair", params=GOOD)
    assert response.status_code == 200
    assert len(_cards(response.text)) == 4
    assert "match" not in response.text.split('class="panel fair-result"')[1].split("<h3>")[0]


@pytest.mark.parametrize("field, value, message", [
    ("server_seed", "ab" * 31, "must be 64 hex characters long, not 62"),
    ("server_seed", "ab" * 40, "must be 64 hex characters long, not 80"),
    ("server_seed", "g" * 64, "only the hex digits"),
    ("server_seed", "é" * 64, "only the hex digits"),
    ("server_seed", "", "Enter the server seed"),
    ("client_seed", "", "Enter the client seed"),
    ("client_seed", "naïve", "printable ASCII"),
    ("client_seed", "emoji 🂡", "printable ASCII"),
    ("client_seed", "nul\x00", "printable ASCII"),
    ("client_seed", "x" * 65, "at most 64 characters"),
    ("client_seed", "x" * 5000, "at most 64 characters"),
    ("hand_number", "0", "from 1 to 10,000, not 0"),
    ("hand_number", "10001", "from 1 to 10,000, not 10,001"),
    ("hand_number", "99999999999999999999", "from 1 to 10,000"),
    ("hand_number", "-1", "whole number"),
    ("hand_number", "1.5", "whole number"),
    ("hand_number", "²", "whole number"),
    ("hand_number", "", "Enter the hand number"),
    ("commitment", "abc", "must be 64 hex characters long, not 3"),
    ("commitment", "q" * 64, "only the hex digits"),
])
def test_a_bad_value_gets_a_clear_message_and_no_deal(
    client: TestClient, field: str, value: str, message: str
) -> None:
    response = client.get("/fair", params={**GOOD, field: value})
    assert response.status_code == 400
    text = response.text.replace("&#39;", "'")
    assert message in text
    assert f'id="fair-{field}-error"' in text
    assert "data-cards" not in text
    assert response.headers["content-security-policy"]


def test_the_hand_number_bounds_themselves_are_accepted(client: TestClient) -> None:
    for number in ("1", "10000", " 42 "):
        assert client.get("/fair", params={**GOOD, "hand_number": number}).status_code == 200


def test_an_upper_case_seed_is_accepted_and_checked_as_lower_case(client: TestClient) -> None:
    response = client.get("/fair", params={**GOOD, "server_seed": SEED.upper(),
                                           "commitment": commitment(SEED).upper()})
    assert response.status_code == 200 and "The commitment matches" in response.text


def test_a_huge_value_is_not_echoed_in_full(client: TestClient) -> None:
    response = client.get("/fair", params={**GOOD, "client_seed": "y" * 20_000})
    assert response.status_code == 400
    assert "y" * 201 not in response.text


def test_the_guide_explains_how_to_check_a_deal_and_links_the_check_page(
    client: TestClient
) -> None:
    response = client.get("/guide/fair")
    assert response.status_code == 200
    for words in ("commitment", "server seed", "client seed", 'href="/fair"',
                  "tools/verify_deal.py", "gin-shuffle-v1"):
        assert words in response.text
    assert 'href="/guide/fair"' in client.get("/guide").text
    assert 'href="/guide/fair"' in client.get("/fair").text


@settings(max_examples=60, deadline=None,  # a loaded 2-CPU machine starved input generation
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from(["server_seed", "client_seed", "hand_number",
                                        "commitment", "other"]),
                       st.one_of(st.text(max_size=80), st.sampled_from(
                           ["ab" * 32, "AB" * 32, "0", "10000", "10001", "²", "٣", "1e3",
                            "9" * 400, " ", "x" * 64, "\x00"]))))
def test_any_query_gets_a_page_or_a_clear_400(client: TestClient,
                                               query: dict[str, str]) -> None:
    response = client.get("/fair", params=query)
    assert response.status_code in (200, 400), response.text[:300]
    if response.status_code == 400:
        assert 'class="error"' in response.text
