"""The phrasebook that serves the engine's refusals and the score sheet's sentences
(app.web.phrasebook)."""

from __future__ import annotations

from app.core import i18n
from app.play.refusals import refusal
from app.score.refusals import in_words
from app.web.phrasebook import Phrasebook, card_named


def test_a_card_is_found_by_its_english_name_in_any_case() -> None:
    assert card_named("Nine of Clubs") is not None
    assert str(card_named("nine of clubs")) == "9C"
    assert card_named("eleven of clubs") is None


def test_the_first_matching_entry_wins_and_groups_become_values() -> None:
    book = Phrasebook([(r"(?P<n>\d+) cards", "%(n)s cards"), (r"\d+ .*", "other")],
                      lambda groups: {"n": int(groups["n"]) * 2}, whole=True)
    assert book.translate("3 cards") == "6 cards"
    assert book.translate("x 3 cards") is None


def test_a_value_the_book_does_not_know_leaves_the_sentence_untranslated() -> None:
    with i18n.language("de"):
        assert refusal("you do not hold the eleven of clubs") is None
        said = refusal("you do not hold the nine of clubs")
    assert said == "Du hast die Kreuz-Neun nicht auf der Hand."


def test_a_nested_sentence_is_translated_inside_its_hand() -> None:
    with i18n.language("de"):
        said = in_words("hand 3: a void hand has no knocker")
    assert "3" in said and "void" not in said and said != "hand 3: a void hand has no knocker"
