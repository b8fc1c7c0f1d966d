"""The result panel lays each meld out in table order, layoffs in place and marked."""

from app.engine import HOUSE, HandResult, lay_down, parse_cards
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
