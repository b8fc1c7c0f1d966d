"""The engine's messages in the player's language (app/web/phrases.py): a refusal's
template through the catalogue with its values (a card with its own article, numbers),
a hand's sum from its terms; no pattern matched against English anywhere."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core import i18n
from app.engine import VOID_SCORE, Card, Cause, GameError, Phrase, score_hand
from app.score.sheet import ScoreSheet, SheetError, SheetOptions
from app.web.phrases import in_words, score_words, sentence
from tests.unit.engine.test_refusals_by_cause import _real_refusals

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize("language", ["de", "es"])
def test_the_engines_refusals_are_said_in_the_players_language(language: str) -> None:
    refusals = _real_refusals()
    with i18n.language(language):
        for error in refusals:
            assert in_words(error) != str(error), str(error)


def test_a_card_is_named_with_its_own_article() -> None:
    error = GameError(Cause.NOT_HELD, card=Card.parse("JS"))
    with i18n.language("de"):
        assert in_words(error) == "Du hast den Pik-Buben nicht auf der Hand."
    with i18n.language("es"):
        assert in_words(GameError(Cause.NOT_HELD, card=Card.parse("QH"))) == \
            "No tienes la reina de corazones."
    with i18n.language("en"):
        assert in_words(error) == str(error) == "You do not hold the jack of spades."


def test_a_nested_refusal_and_a_phrase_are_said_in_turn() -> None:
    with pytest.raises(SheetError) as refused:
        ScoreSheet.new(SheetOptions(), ["Ann", "Bob"]).delete_hand(3)
    with i18n.language("de"):
        assert in_words(refused.value) == "es gibt keine Runde 3"
    wrapped = GameError(Cause.ACTION_REFUSED, index=4, action="'discard 2C'",
                        problem=GameError(Cause.NOT_YOUR_TURN))
    with i18n.language("es"):
        assert in_words(wrapped) == ("jugada 4 ('discard 2C'): No es tu turno: espera al "
                                     "otro jugador.")
    with i18n.language("de"):
        said = in_words(GameError(Cause.DRAW_FIRST, now=Phrase("take the upcard or pass")))
        assert said.startswith("Zieh zuerst eine Karte: ") and "take" not in said


@pytest.mark.parametrize(("language", "void", "undercut"), [
    ("de", "Nullrunde: keine Punkte", "Unterbieten: 25 + 8 − 5 = 28"),
    ("es", "Mano nula: sin puntos", "Contragolpe: 25 + 8 − 5 = 28"),
    ("en", "void hand: no score", "undercut: 25 + 8 − 5 = 28"),
])
def test_a_hands_sum_is_said_from_its_terms(language: str, void: str, undercut: str) -> None:
    with i18n.language(language):
        assert score_words(VOID_SCORE) == void
        assert score_words(score_hand(8, 5)) == undercut


def test_a_sentence_has_a_capital_and_a_stop() -> None:
    with i18n.language("en"):
        assert sentence(GameError(Cause.LOG_DEALS)) == "A hand's log cannot deal the next hand."
        assert sentence(Phrase("something new happened")) == "Something new happened."


def test_no_regular_expression_translates_an_engine_message() -> None:
    for gone in ("app/play/refusals.py", "app/score/refusals.py", "app/web/phrasebook.py"):
        assert not (ROOT / gone).exists(), gone
    for module in ("app/web/phrases.py", "app/review/imports.py", "app/fair/verify.py"):
        text = (ROOT / module).read_text()
        assert "import re\n" not in text and "re.compile" not in text, module
