"""The result panel lays each meld out in table order, layoffs in place and marked."""

import pytest

from app.core import i18n
from app.engine import HOUSE, HandResult, Rules, lay_down, parse_cards
from app.engine.scoring import VOID_SCORE
from app.table.screen import ResultPanel, result_panel
from app.table.words import record_words


def test_layoffs_sit_in_sequence_on_the_run_they_extend() -> None:
    # Knocker (player 0): 6H 7H 8H | 2C 2D 2S | 4S 5S 6S | AC  -> deadwood 1
    # Defender (player 1) holds 5H and 9H: both go onto 6H-7H-8H, at either end.
    knocker = parse_cards("6H 7H 8H 2C 2D 2S 4S 5S 6S AC")
    defender = parse_cards("5H 9H KC KD QS JD 9C 3D TC 8D")
    settlement = lay_down(knocker, defender, HOUSE)
    result = HandResult(0, settlement, settlement.score, 0, (tuple(knocker), tuple(defender)))
    panel = result_panel(result, HOUSE)
    run = next(meld for side in panel.sides for meld in side.melds if "7H" in meld.cards)
    assert run.cards == ("5H", "6H", "7H", "8H", "9H")
    assert set(run.laid_off) == {"5H", "9H"}


def test_a_void_hand_shows_each_hand_in_melds_with_its_real_deadwood() -> None:
    # Nobody knocked. Player 0: 3C 4C 5C | 9D 9H 9S | KC QD JH 2S -> deadwood 32
    #                 Player 1: AH 2H 3H 4H | 7C 7D 7S | TS JS 8D -> deadwood 28
    hands = (tuple(parse_cards("3C 4C 5C 9D 9H 9S KC QD JH 2S")),
             tuple(parse_cards("AH 2H 3H 4H 7C 7D 7S TS JS 8D")))
    result = HandResult(None, None, VOID_SCORE, None, hands)
    panel = result_panel(result, HOUSE)
    assert panel.void
    mine, theirs = panel.sides
    assert (mine.deadwood, theirs.deadwood) == (32, 28)  # not the raw totals 70 and 55
    assert sorted(mine.deadwood_cards) == sorted(["KC", "QD", "JH", "2S"])
    assert [meld.cards for meld in theirs.melds] == [("AH", "2H", "3H", "4H"), ("7C", "7D", "7S")]


# Knocker (player 0):  A♥ 2♥ 3♥ | 9♣ 9♦ 9♠ | J♦ Q♦ K♦ | A♣    least deadwood 1
# Defender (player 1): 2♠ 3♠ 4♠ | 6♣ 6♦ 6♠ | 4♥ 5♥ 9♥ 10♦   lays off all four on that
# With "Knocker arranges for the best score", A-2-3♥ stay deadwood: a knock for 2 rather
# than an undercut of 26 (tests/unit/engine/test_knocker_arrangement.py).
ARRANGED = ("AH 2H 3H 9C 9D 9S JD QD KD AC", "2S 3S 4S 6C 6D 6S 4H 5H 9H TD")


def _panel(rules: Rules, knocker: int = 0) -> ResultPanel:
    cards = (parse_cards(ARRANGED[0]), parse_cards(ARRANGED[1]))
    settlement = lay_down(cards[0], cards[1], rules)
    winner = knocker if settlement.winner.value == "knocker" else 1 - knocker
    hands = (tuple(cards[0]), tuple(cards[1])) if knocker == 0 else \
        (tuple(cards[1]), tuple(cards[0]))
    result = HandResult(knocker, settlement, settlement.score, winner, hands)
    return result_panel(result, rules)


def test_the_panel_says_when_and_why_the_melds_are_not_the_least_deadwood() -> None:
    best = HOUSE.with_options(knocker_best_arrangement=True)
    panel = _panel(best)
    assert panel.arrangement == (
        "Your melds were laid for the best score, not the least deadwood (Knocker arranges "
        "for the best score): deadwood 7 (AC AH 2H 3H) makes a knock for 2 "
        "(knock: 9 − 7 = 2); the least deadwood, 1, would have made an undercut, 26 to the "
        "defender (undercut: 25 + 1 − 0 = 26).")
    computer = _panel(best, knocker=1)
    assert computer.arrangement.startswith("The computer's melds were laid")


def test_the_panel_says_nothing_of_the_arrangement_when_it_is_the_least_deadwood() -> None:
    assert _panel(HOUSE).arrangement == ""



@pytest.mark.parametrize("language", [lang for lang in i18n.LANGUAGES if lang != i18n.SOURCE])
def test_each_sides_label_is_the_hands_kind_as_a_noun_and_the_sentence_keeps_its_verb(
        language: str) -> None:
    """Beside "You" or a name the panel says what the side did in a neutral form, the
    noun of the hand's kind ("Du · Klopfen", "Toi · Frappe"; issue 52: never "Du ·
    klopfte"), while the computer's last-move sentence says "went gin" with a verb
    ("Der Computer zog vom Stapel und machte Gin", not "... und Gin")."""
    with i18n.language(language):
        knocker, _ = _panel(HOUSE).sides
        assert knocker.role.casefold() == i18n.pgettext("hand kind", "Knock").casefold()
        label = i18n.pgettext("result side", "went gin")
        assert label.casefold() == i18n.pgettext("hand kind", "Gin").casefold()
        verb = i18n.gettext("went gin")
        assert verb != label and verb in record_words("draw gin")
