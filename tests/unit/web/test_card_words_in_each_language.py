"""Cards in words (app/web/cardwords.py): each language's names, the card's own article
in each case (docs/glossary.md "Cards")."""

from __future__ import annotations

import pytest

from app.core import i18n
from app.engine import CARDS
from app.web.cardwords import card_name, card_values, rank_plural, the_card


@pytest.mark.parametrize(("language", "code", "name", "nom", "acc", "dat"), [
    ("en", "9C", "Nine of clubs", "the nine of clubs", "the nine of clubs", "the nine of clubs"),
    ("de", "9C", "Kreuz-Neun", "die Kreuz-Neun", "die Kreuz-Neun", "der Kreuz-Neun"),
    ("de", "JS", "Pik-Bube", "der Pik-Bube", "den Pik-Buben", "dem Pik-Buben"),
    ("de", "KD", "Karo-König", "der Karo-König", "den Karo-König", "dem Karo-König"),
    ("de", "AH", "Herz-Ass", "das Herz-Ass", "das Herz-Ass", "dem Herz-Ass"),
    ("de", "QS", "Pik-Dame", "die Pik-Dame", "die Pik-Dame", "der Pik-Dame"),
    ("es", "9C", "Nueve de tréboles", "el nueve de tréboles", "el nueve de tréboles",
     "el nueve de tréboles"),
    ("es", "QS", "Reina de picas", "la reina de picas", "la reina de picas", "la reina de picas"),
    ("es", "JD", "Jota de diamantes", "la jota de diamantes", "la jota de diamantes",
     "la jota de diamantes"),
    ("es", "KH", "Rey de corazones", "el rey de corazones", "el rey de corazones",
     "el rey de corazones"),
])
def test_a_card_is_named_with_its_own_article(language: str, code: str, name: str, nom: str,
                                              acc: str, dat: str) -> None:
    with i18n.language(language):
        assert card_name(code) == name
        assert (the_card(code), the_card(code, "acc"), the_card(code, "dat")) == (nom, acc, dat)
        assert card_values(code) == {"card": nom, "card_acc": acc, "card_dat": dat}


@pytest.mark.parametrize("language", list(i18n.LANGUAGES))
def test_every_card_has_a_name_of_its_own_in_each_language(language: str) -> None:
    with i18n.language(language):
        names = {card_name(card) for card in CARDS}
        assert len(names) == 52
        if language != "en":
            assert not names & {card.name for card in CARDS}
        assert all(rank_plural(card.rank) for card in CARDS)
