"""The display settings form parsed without the app: exactly the listed choices, and a back
link that never leaves the site."""

from __future__ import annotations

import re

import pytest

from app.prefs.settings import SETTINGS, parse_form, safe_back
from app.web.display import Display

GOOD = {"card_size": "large", "deck": "four", "theme": "dark", "motion": "reduced",
        "computer_speed": "slow", "card_back": "blue", "felt": "grey", "sound": "on",
        "vibration": "on", "language": "de"}


def test_parse_form_accepts_exactly_the_listed_choices() -> None:
    assert parse_form(list(GOOD.items())) == Display(**GOOD)
    assert {s.name for s in SETTINGS} == set(Display.model_fields)


@pytest.mark.parametrize("value", ["//evil.example", "https://evil.example/", "/play?x=1",
                                   "javascript:alert(1)", "/play\n", "/../x", "", "/settings"])
def test_the_back_link_never_leaves_the_site(value: str) -> None:
    assert safe_back(value) in ("", value)
    assert safe_back(value) == "" or re.fullmatch(r"/[A-Za-z0-9/_-]*", value)
    assert safe_back(value) == "" or ".." not in value
