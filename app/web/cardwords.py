"""Cards in words, in the request's language (docs/translating.md "Cards in a
sentence", docs/glossary.md "Cards"): a card's name, the card with its article in a
sentence, ranks, suits and the ranks of a set.

The words are catalogue messages (rank, suit, the name's pattern: English "nine of
clubs", German "Kreuz-Neun", Spanish "nueve de tréboles"); the grammar a card's article
needs (each rank's gender, German's cases and the weak noun *Bube*, *den Pik-Buben*)
is :data:`GRAMMAR`, one row per language.

A sentence names a card through a placeholder whose name says the card's case, filled
by :func:`card_values`: ``%(card)s`` the card with its article as a subject or standing
alone ("die Kreuz-Neun", "der Pik-Bube"), ``%(card_acc)s`` as an object ("den
Pik-Buben"), ``%(card_dat)s`` after a preposition that takes the dative ("dem
Pik-Buben"). English and Spanish say all three alike. Every function accepts an engine
:class:`~app.engine.Card` or its code (``"TH"``); a bad code raises
:class:`app.engine.errors.InvalidCardError`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal

from app.core.i18n import N_, current, gettext
from app.engine import Card, Rank, Suit

Case = Literal["nom", "acc", "dat"]
CASES: tuple[Case, ...] = ("nom", "acc", "dat")

RANK_WORDS: dict[Rank, str] = {
    Rank.ACE: N_("ace"), Rank.TWO: N_("two"), Rank.THREE: N_("three"),
    Rank.FOUR: N_("four"), Rank.FIVE: N_("five"), Rank.SIX: N_("six"),
    Rank.SEVEN: N_("seven"), Rank.EIGHT: N_("eight"), Rank.NINE: N_("nine"),
    Rank.TEN: N_("ten"), Rank.JACK: N_("jack"), Rank.QUEEN: N_("queen"),
    Rank.KING: N_("king"),
}
"""Each rank's word as a card's name uses it."""

RANK_PLURALS: dict[Rank, str] = {
    Rank.ACE: N_("aces"), Rank.TWO: N_("twos"), Rank.THREE: N_("threes"),
    Rank.FOUR: N_("fours"), Rank.FIVE: N_("fives"), Rank.SIX: N_("sixes"),
    Rank.SEVEN: N_("sevens"), Rank.EIGHT: N_("eights"), Rank.NINE: N_("nines"),
    Rank.TEN: N_("tens"), Rank.JACK: N_("jacks"), Rank.QUEEN: N_("queens"),
    Rank.KING: N_("kings"),
}
"""Several cards of a rank ("a set of three sevens")."""

SUIT_WORDS: dict[Suit, str] = {
    Suit.CLUBS: N_("clubs"), Suit.DIAMONDS: N_("diamonds"),
    Suit.HEARTS: N_("hearts"), Suit.SPADES: N_("spades"),
}
"""Each suit's word as a card's name uses it."""

NAME = N_("%(rank)s of %(suit)s")
"""A card's name from its rank and suit: "nine of clubs", "Kreuz-Neun"."""


@dataclass(frozen=True)
class Grammar:
    """What a language's card article needs: ``articles[gender]`` is the definite
    article in the nominative, accusative and dative; ``genders`` a rank's gender
    where it is not ``default``; ``weak`` the ranks whose noun takes ``weak_ending``
    outside the nominative (German *der Bube, den Buben*); ``elided`` the ranks whose
    word starts with a vowel sound, so the article is ``elision`` written without a
    space (French *l'as*, Italian *l'asso*, *l'otto*)."""

    articles: dict[str, tuple[str, str, str]]
    default: str = "m"
    genders: dict[Rank, str] = field(default_factory=dict)
    weak: frozenset[Rank] = frozenset()
    weak_ending: str = ""
    elided: frozenset[Rank] = frozenset()
    elision: str = ""


GRAMMAR: dict[str, Grammar] = {
    "en": Grammar(articles={"m": ("the", "the", "the")}),
    # der Bube, der König; das Ass; die Dame and the numbers (die Kreuz-Neun)
    "de": Grammar(articles={"m": ("der", "den", "dem"), "f": ("die", "die", "der"),
                            "n": ("das", "das", "dem")},
                  default="f", genders={Rank.JACK: "m", Rank.KING: "m", Rank.ACE: "n"},
                  weak=frozenset({Rank.JACK}), weak_ending="n"),
    # la jota, la reina; el as, el rey and the numbers (el nueve de tréboles)
    "es": Grammar(articles={"m": ("el", "el", "el"), "f": ("la", "la", "la")},
                  genders={Rank.JACK: "f", Rank.QUEEN: "f"}),
    # la dame; l'as; le valet, le roi and the numbers (le neuf de trèfle, le huit)
    "fr": Grammar(articles={"m": ("le", "le", "le"), "f": ("la", "la", "la")},
                  genders={Rank.QUEEN: "f"}, elided=frozenset({Rank.ACE}), elision="l'"),
    # la donna; l'asso, l'otto; il fante, il re and the numbers (il nove di fiori)
    "it": Grammar(articles={"m": ("il", "il", "il"), "f": ("la", "la", "la")},
                  genders={Rank.QUEEN: "f"}, elided=frozenset({Rank.ACE, Rank.EIGHT}),
                  elision="l'"),
    # a dama; o ás, o valete, o rei and the numbers (o nove de paus)
    "pt": Grammar(articles={"m": ("o", "o", "o"), "f": ("a", "a", "a")},
                  genders={Rank.QUEEN: "f"}),
}
"""Each language's card grammar; a new language adds its row (English's serves until
then)."""


def _card(card: Card | str) -> Card:
    return card if isinstance(card, Card) else Card.parse(card)


def _grammar() -> Grammar:
    return GRAMMAR.get(current(), GRAMMAR["en"])


def rank_word(rank: Rank) -> str:
    """A rank's word: "nine", "Neun", "nueve"."""
    return gettext(RANK_WORDS[rank])


def rank_plural(rank: Rank) -> str:
    """A rank's word for several cards: "sevens", "Siebenen", "sietes"."""
    return gettext(RANK_PLURALS[rank])


def suit_word(suit: Suit) -> str:
    """A suit's word: "hearts", "Herz", "corazones"."""
    return gettext(SUIT_WORDS[suit])


def _name(card: Card, case: Case = "nom") -> str:
    return _name_in(card, case, current())


@lru_cache(maxsize=1024)
def _name_in(card: Card, case: Case, language: str) -> str:  # language: the cache key
    """A card's name in ``case``, cached per language: the play screen names some thirty
    cards on every tap (clear it with ``cache_clear`` when a catalogue is replaced)."""
    grammar = _grammar()
    rank = rank_word(card.rank)
    if case != "nom" and card.rank in grammar.weak:
        rank += grammar.weak_ending
    return gettext(NAME, rank=rank, suit=suit_word(card.suit))


def card_name(card: Card | str) -> str:
    """A card's name alone, with a capital (a label, an accessible name): "Nine of
    clubs", "Kreuz-Neun", "Nueve de tréboles"."""
    name = _name(_card(card))
    return name[:1].upper() + name[1:]


def card_noun(card: Card | str) -> str:
    """A card's name inside a sentence, without an article: "nine of clubs",
    "Kreuz-Neun", "nueve de tréboles"."""
    return _name(_card(card))


def the_card(card: Card | str, case: Case = "nom") -> str:
    """The card with its definite article in ``case`` (module docstring): "the nine of
    clubs"; German "die Kreuz-Neun", "den Pik-Buben" (``"acc"``), "dem Herz-Ass"
    (``"dat"``); Spanish "la reina de picas"; French "l'as de pique"."""
    found = _card(card)
    grammar = _grammar()
    if found.rank in grammar.elided:
        return f"{grammar.elision}{_name(found, case)}"
    gender = grammar.genders.get(found.rank, grammar.default)
    article = grammar.articles.get(gender, next(iter(grammar.articles.values())))
    return f"{article[CASES.index(case)]} {_name(found, case)}"


def card_values(card: Card | str, key: str = "card") -> dict[str, str]:
    """The placeholders a sentence naming ``card`` may use: ``{key}`` (nominative),
    ``{key}_acc`` and ``{key}_dat`` (module docstring), e.g.
    ``gettext("discarded %(card_acc)s", **card_values(card))``."""
    return {key: the_card(card), f"{key}_acc": the_card(card, "acc"),
            f"{key}_dat": the_card(card, "dat")}
