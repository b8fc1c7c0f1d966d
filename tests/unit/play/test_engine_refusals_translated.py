"""The engine's English refusals shown in the player's language (app/play/refusals.py):
each kind the engine raises for a tap matches a catalogue sentence, its card named with
the card's own article; a message no pattern knows stays as the engine wrote it."""

from __future__ import annotations

import pytest

from app.core import i18n
from app.engine import HOUSE, GameError, apply_match, new_match, parse_match_action
from app.engine.fairness import check_client_seed
from app.play.common import sentence
from app.play.refusals import refusal


def _errors() -> list[str]:
    """Real refusals of the engine: actions out of turn and out of phase, a card not
    held, a client seed too long."""
    match = new_match(HOUSE, seed=3, first_dealer=1)
    found = []
    for player, text in ((1, "pass"), (0, "draw_stock"), (0, "discard 2C"), (0, "big_gin")):
        try:
            apply_match(match, player, parse_match_action(text))
        except GameError as error:
            found.append(str(error))
    try:
        check_client_seed("x" * 80)
    except GameError as error:
        found.append(str(error))
    return found


@pytest.mark.parametrize("language", ["de", "es"])
def test_the_engines_refusals_are_shown_in_the_players_language(language: str) -> None:
    errors = _errors()
    assert len(errors) == 5
    with i18n.language(language):
        for text in errors:
            shown = refusal(text)
            assert shown is not None and shown != text, text
    with i18n.language("de"):
        assert refusal("you do not hold the jack of spades") == \
            "Du hast den Pik-Buben nicht auf der Hand."
    with i18n.language("es"):
        assert refusal("you do not hold the queen of hearts") == \
            "No tienes la reina de corazones."


def test_an_unknown_message_stays_as_the_engine_wrote_it() -> None:
    with i18n.language("de"):
        assert refusal("something new happened") is None
        assert sentence("something new happened") == "Something new happened."
