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
    ("fr", "9C", "Neuf de trèfle", "le neuf de trèfle", "le neuf de trèfle",
     "le neuf de trèfle"),
    ("fr", "QH", "Dame de cœur", "la dame de cœur", "la dame de cœur", "la dame de cœur"),
    ("fr", "AS", "As de pique", "l'as de pique", "l'as de pique", "l'as de pique"),
    ("fr", "8D", "Huit de carreau", "le huit de carreau", "le huit de carreau",
     "le huit de carreau"),
    ("it", "9C", "Nove di fiori", "il nove di fiori", "il nove di fiori", "il nove di fiori"),
    ("it", "QH", "Donna di cuori", "la donna di cuori", "la donna di cuori",
     "la donna di cuori"),
    ("it", "AS", "Asso di picche", "l'asso di picche", "l'asso di picche", "l'asso di picche"),
    ("it", "8D", "Otto di quadri", "l'otto di quadri", "l'otto di quadri", "l'otto di quadri"),
    ("pt", "9C", "Nove de paus", "o nove de paus", "o nove de paus", "o nove de paus"),
    ("pt", "QH", "Dama de copas", "a dama de copas", "a dama de copas", "a dama de copas"),
    ("pt", "AS", "Ás de espadas", "o ás de espadas", "o ás de espadas", "o ás de espadas"),
    ("pt", "JD", "Valete de ouros", "o valete de ouros", "o valete de ouros",
     "o valete de ouros"),
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


@pytest.mark.parametrize(("language", "forms"), [
    ("en", {0: "0 cards", 1: "1 card", 2: "2 cards", 5: "5 cards"}),
    ("de", {0: "0 Karten", 1: "1 Karte", 2: "2 Karten", 5: "5 Karten"}),
    ("es", {0: "0 cartas", 1: "1 carta", 2: "2 cartas", 5: "5 cartas"}),
    # French says the singular for 0; Portugal's Portuguese the plural (pt_PT's rule)
    ("fr", {0: "0 carte", 1: "1 carte", 2: "2 cartes", 5: "5 cartes"}),
    ("it", {0: "0 carte", 1: "1 carta", 2: "2 carte", 5: "5 carte"}),
    ("pt", {0: "0 cartas", 1: "1 carta", 2: "2 cartas", 5: "5 cartas"}),
])
def test_card_counts_take_each_languages_plural_forms(language: str,
                                                      forms: dict[int, str]) -> None:
    with i18n.language(language):
        for n, words in forms.items():
            pile = i18n.lookup_plural("%(count)s card", "%(count)s cards", n) % {"count": n}
            assert pile == words, (language, n)
            hand = i18n.ngettext("Your hand, %(num)d card: %(cards)s.",
                                 "Your hand, %(num)d cards: %(cards)s.", n, cards="…")
            # French puts a no-break space before a colon
            assert f" {words}:" in hand.replace("\u00a0:", ":"), (language, n, hand)
            top = i18n.ngettext("Top of the discard pile: %(card)s, %(num)d card in the pile.",
                                "Top of the discard pile: %(card)s, %(num)d cards in the pile.",
                                n, card=the_card("9C"))
            assert f" {words} " in top, (language, n, top)
