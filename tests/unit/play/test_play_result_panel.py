"""The result panel lays each meld out in table order, layoffs in place and marked."""

from app.engine import HOUSE, HandResult, lay_down, parse_cards
from app.engine.scoring import VOID_SCORE
from app.play.screen import result_panel


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
