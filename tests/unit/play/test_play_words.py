"""The words of the play screen: melds, card labels and the table summary read out
(issue 16), the computer's moves, the hint's actions."""

from __future__ import annotations

from app.engine import (
    BigGin,
    Card,
    Discard,
    Discarded,
    DrawStock,
    Drew,
    Gin,
    HandKind,
    Knock,
    Knocked,
    MeldKind,
    Pass,
    Passed,
    TakeDiscard,
    TakeUpcard,
    TookDiscard,
    parse_cards,
)
from app.play import describe
from app.play.words import action_words, card_label, meld_words, table_summary


def test_meld_words_read_a_run_and_a_set() -> None:
    run = [Card.parse(c) for c in ("5H", "6H", "7H")]
    assert meld_words(MeldKind.RUN, run) == "run five six seven of hearts"
    assert card_label(run[2], MeldKind.RUN, run) == \
        "Seven of hearts, in run five six seven of hearts"
    sixes = [Card.parse(c) for c in ("6C", "6D", "6S", "6H")]
    assert meld_words(MeldKind.SET, sixes) == "set of four sixes"
    assert card_label(Card.parse("KD")) == "King of diamonds"


def test_table_summary_names_hand_pile_score_and_step() -> None:
    text = table_summary(["Ace of spades", "Two of clubs"], Card.parse("9H"), 3, (12, 40),
                         100, "Your turn: draw a card.")
    assert text == ("Your hand, 2 cards: Ace of spades; Two of clubs. Top of the discard "
                    "pile: nine of hearts, 3 cards in the pile. Score: you 12, computer 40, "
                    "playing to 100. Your turn: draw a card.")


def test_computer_words_never_name_its_stock_draw() -> None:
    drawn, thrown = Card.parse("QH"), Card.parse("7C")
    words = describe([Drew(1, drawn), Discarded(1, thrown)])
    assert words == "Computer drew from the stock and discarded the seven of clubs."
    words = describe([Drew(1, drawn), Discarded(1, thrown), Knocked(1, 6, HandKind.KNOCK)])
    assert words == ("Computer drew from the stock, discarded the seven of clubs and "
                     "knocked with 6 deadwood.")
    assert "queen" not in words.lower()
    assert describe([Passed(1, thrown)]) == \
        "Computer passed on the upcard (the seven of clubs)."
    assert describe([TookDiscard(1, drawn), Discarded(1, thrown)]) == \
        "Computer took the queen of hearts from the discard pile and discarded the seven of clubs."
    # The person's own events are not the computer's doing.
    assert describe([Drew(0, drawn), Discarded(0, thrown)]) == ""


def test_hint_words_name_every_kind_of_action() -> None:
    card = parse_cards("KH")[0]
    assert action_words(Discard(card)) == "Discard the king of hearts"
    assert action_words(Knock(card)) == "Knock, discarding the king of hearts"
    assert action_words(Gin(card)) == "Go gin, discarding the king of hearts"
    for action in (TakeUpcard(), Pass(), DrawStock(), TakeDiscard(), BigGin()):
        assert action_words(action)
