"""The words of the play screen: melds, card labels and the table summary read out
(issue 16), the computer's moves, the hint's actions."""

from __future__ import annotations

from dataclasses import replace

from app.engine import (
    HOUSE,
    BigGin,
    Card,
    Discard,
    Discarded,
    DrawStock,
    Drew,
    Gin,
    HandKind,
    HandRecord,
    Knock,
    Knocked,
    MeldKind,
    Pass,
    Passed,
    TakeDiscard,
    TakeUpcard,
    TookDiscard,
    hollywood_tally,
    match_tally,
    match_view,
    new_match,
    parse_cards,
)
from app.table import describe
from app.table.common import VS_COMPUTER, FriendSeats
from app.table.words import (
    action_words,
    card_label,
    game_lines,
    match_result,
    meld_words,
    step_line,
    table_summary,
)


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
    games = ("Game 1 over: you 40, computer 12: you win by 28", "Game 2: you 5, computer 12",
             "Game 3: you 0, computer 0")
    text = table_summary([], None, 0, (5, 12), 30, "Match on.", games=games)
    assert text.endswith("Score: Game 1 over: you 40, computer 12: you win by 28; Game 2: "
                         "you 5, computer 12; Game 3: you 0, computer 0, playing to 30. "
                         "Match on.")


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


def test_a_level_hollywood_match_is_headlined_a_tie_not_a_win() -> None:
    # To 10: A wins game 1 by 20; B wins games 2 and 3 by 10 each: 20 to 20 over the three.
    rules = HOUSE.with_options(hollywood=True, target=10)
    records = (HandRecord(0, 20, HandKind.GIN), HandRecord(1, 10, HandKind.KNOCK),
               HandRecord(1, 10, HandKind.KNOCK))
    tied = match_tally(records, rules)
    assert match_result(tied, VS_COMPUTER) == "The match is a tie, 20 to 20"
    friend = FriendSeats(me=1, given_name="Ann")
    assert match_result(tied, friend) == "The match is a tie, 20 to 20"
    lines = game_lines(hollywood_tally(records, rules), friend)
    assert lines == ("Game 1 over: you 0, Ann 20: Ann wins by 20",
                     "Game 2 over: you 10, Ann 0: you win by 10",
                     "Game 3 over: you 10, Ann 0: you win by 10")
    won = match_tally((HandRecord(0, 21, HandKind.GIN), *records[1:]), rules)
    assert match_result(won, VS_COMPUTER) == "You won the match, 21 to 20"
    assert match_result(won, friend) == "Ann won the match, 21 to 20"
    over = replace(new_match(rules, 1), records=records)
    assert over.over and step_line(match_view(over, 0), over) == \
        "Match over: a tie. Tap Rematch to play again."
    plain = match_tally((HandRecord(1, 10, HandKind.KNOCK),), HOUSE.with_options(target=10))
    assert match_result(plain, VS_COMPUTER) == "The computer won the match, 10 to 0"
