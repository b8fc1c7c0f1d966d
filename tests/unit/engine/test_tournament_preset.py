"""The Tournament (EAAI) preset (docs/rules.md §5, docs/strength.md): to 100, knock with
10, gin and undercut 25 (a tie is an undercut), no big gin, no box, game or shutout
bonus; the dealer alternates after a scored hand and deals again after a dead hand."""

from __future__ import annotations

import pytest

from app.engine import (
    TOURNAMENT,
    DrawStock,
    HandKind,
    HandRecord,
    HandSeed,
    NextHand,
    Pass,
    Phase,
    apply_match,
    legal_match_actions,
    match_tally,
    new_match,
)
from app.engine.match import MatchState, dealer_of, resume
from app.engine.scoring import score_hand

SERVER = "ab" * 32


def seed(number: int) -> HandSeed:
    return HandSeed(SERVER, f"eaai-{number}")


@pytest.mark.parametrize(
    ("records", "dealers"),
    [
        # a dead hand keeps the dealer, a scored one (whoever won) passes the deal
        ([HandRecord(None, 0, HandKind.VOID)], [1, 1]),
        ([HandRecord(0, 12, HandKind.KNOCK)], [1, 0]),
        ([HandRecord(1, 30, HandKind.GIN)], [1, 0]),
        ([HandRecord(None, 0, HandKind.VOID), HandRecord(None, 0, HandKind.VOID),
          HandRecord(1, 27, HandKind.UNDERCUT), HandRecord(None, 0, HandKind.VOID),
          HandRecord(1, 5, HandKind.KNOCK)], [1, 1, 1, 0, 0, 1]),
    ],
)
def test_under_the_tournament_preset_a_dead_hand_keeps_the_dealer_and_a_scored_one_passes_it(
        records: list[HandRecord], dealers: list[int]) -> None:
    assert TOURNAMENT.loser_deals is False
    assert [dealer_of(TOURNAMENT, 1, records[:n]) for n in range(len(records) + 1)] == dealers
    match = resume(TOURNAMENT, 1, records, seed(len(records) + 1), [])
    assert match.hand.dealer == dealers[-1]


def _play_hand(match: MatchState, knock: bool) -> MatchState:
    """Play the current hand out: nobody ever knocks (a dead hand), or the first player
    who may knock or go gin does."""
    while match.hand.phase is not Phase.OVER:
        player = match.hand.to_play
        actions = legal_match_actions(match, player)
        ending = [a for a in actions if type(a).__name__ in ("Gin", "Knock")]
        if knock and ending:
            action = ending[0]
        elif Pass() in actions:
            action = Pass()
        elif DrawStock() in actions:
            action = DrawStock()
        else:
            action = next(a for a in actions if type(a).__name__ == "Discard")
        match, _ = apply_match(match, player, action)
    return match


def test_a_played_dead_hand_is_redealt_by_the_same_dealer_and_a_scored_one_by_the_other() -> None:
    match = new_match(TOURNAMENT, seed(1), first_dealer=1)
    match = _play_hand(match, knock=False)
    assert match.records[-1].kind == HandKind.VOID and match.records[-1].winner is None
    match, _ = apply_match(match, 0, NextHand(seed(2)))
    assert match.hand.dealer == 1  # a dead hand: the same dealer deals again
    for number in range(3, 30):
        before = match.hand.dealer
        match = _play_hand(match, knock=True)
        if match.records[-1].winner is not None:
            break
        match, _ = apply_match(match, 0, NextHand(seed(number)))
    else:
        pytest.fail("no scored hand in 27 hands")
    assert not match.over
    match, _ = apply_match(match, 1, NextHand(seed(99)))
    assert match.hand.dealer == 1 - before  # a scored hand: the deal passes


@pytest.mark.parametrize(
    ("knocker", "defender", "kind", "winner", "points"),
    [
        (4, 20, HandKind.KNOCK, "knocker", 16),
        (10, 11, HandKind.KNOCK, "knocker", 1),
        (7, 7, HandKind.UNDERCUT, "defender", 25),  # a tie is an undercut
        (8, 3, HandKind.UNDERCUT, "defender", 30),  # 25 + 8 - 3
        (0, 31, HandKind.GIN, "knocker", 56),  # gin 25 + 31
        (0, 0, HandKind.GIN, "knocker", 25),
    ],
)
def test_the_tournament_presets_scores(knocker: int, defender: int, kind: HandKind,
                                       winner: str, points: int) -> None:
    score = score_hand(knocker, defender, TOURNAMENT)
    assert (score.kind, str(score.winner), score.points) == (kind, winner, points)


def test_the_tournament_preset_has_no_big_gin_and_no_box_game_or_shutout_bonus() -> None:
    assert TOURNAMENT.big_gin is False
    with pytest.raises(Exception, match="[Bb]ig gin"):
        score_hand(0, 10, TOURNAMENT, big_gin=True)
    # 100 reached by player 0 having won every hand: no box, game bonus nor doubling.
    records = [HandRecord(0, 40, HandKind.KNOCK), HandRecord(0, 60, HandKind.GIN)]
    tally = match_tally(records, TOURNAMENT)
    assert tally.over and tally.winner == 0
    assert tally.final == (100, 0) and tally.box_bonus == (0, 0)
    assert tally.game_bonus == (0, 0) and not tally.shutout
