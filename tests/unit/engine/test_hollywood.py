"""Hollywood in the engine (app.engine.scoring.hollywood_tally; issue 32): three games at
once, the column rule shared with the score sheet, which must agree hand for hand."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from app.engine import (
    CLASSIC,
    HOUSE,
    HandKind,
    HandRecord,
    InvalidScoreError,
    NextHand,
    Phase,
    apply_match,
    match_view,
    new_match,
)
from app.engine.bots import choose_action
from app.engine.handhistory import HandHistory, HandHistoryError, HistoryHand, check, dump, parse
from app.engine.match import MatchState
from app.engine.scoring import hollywood_columns, hollywood_tally, match_tally, standing, tally
from app.score.sheet import HandEntry, ScoreSheet, SheetOptions
from tests.support.deals import sheet_entry

A, B = 0, 1


def test_the_column_rule_first_second_third_win_and_after_a_closed_column() -> None:
    open3: list[int | None] = [None, None, None]
    nobody = [[False, False] for _ in range(3)]
    assert hollywood_columns(A, open3, nobody) == (0,)
    on_one = [[True, False], [False, False], [False, False]]
    assert hollywood_columns(A, open3, on_one) == (0, 1)
    on_two = [[True, False], [True, False], [False, False]]
    assert hollywood_columns(A, open3, on_two) == (0, 1, 2)
    # Column 1 closed with B never on it: B's first win opens column 2.
    assert hollywood_columns(B, [4, None, None], on_two) == (1,)


def test_the_engines_hollywood_tally_equals_the_score_sheets() -> None:
    rng = random.Random(32)
    for _ in range(40):
        entries: list[HandEntry] = []
        sheet = ScoreSheet.new(SheetOptions(rules=CLASSIC, hollywood=True), ["Ann", "Bob"])
        while not sheet.result().over:
            roll = rng.random()
            knocker = rng.randrange(2)
            if roll < 0.05:
                entry = HandEntry.void()
            elif roll < 0.25:
                entry = HandEntry.gin(knocker, rng.randrange(0, 60))
            else:
                entry = HandEntry.knock(knocker, rng.randrange(1, 11), rng.randrange(0, 60))
            entries.append(entry)
            sheet = sheet.add(entry)
        result = sheet.result()
        records = [HandRecord(row.winner, row.points, row.kind) for row in result.rows]
        engine = hollywood_tally(records, CLASSIC)
        assert engine.over
        assert engine.columns == tuple(column.tally for column in result.columns)
        assert engine.totals == result.totals
        assert engine.closed_by == tuple(column.closed_by for column in result.columns)
        assert [tuple(i + 1 for i in hands) for hands in engine.hands] == \
            [column.hands for column in result.columns]
        with pytest.raises(InvalidScoreError, match="after the match ended"):
            hollywood_tally([*records, HandRecord(A, 10, HandKind.KNOCK)], CLASSIC)


def test_a_column_shutout_counts_boxes_not_points() -> None:
    # Ann's 0-point undercut (undercut bonus 0) puts her on column 1's board.
    rules = CLASSIC.with_options(undercut_bonus=0)
    result = hollywood_tally([HandRecord(A, 0, HandKind.UNDERCUT),
                              HandRecord(B, 120, HandKind.GIN)], rules)
    assert result.closed_by == (2, None, None) and not result.over
    assert not result.columns[0].shutout and result.columns[0].boxes == (1, 1)


def _play_hollywood_match(seed: int) -> tuple[MatchState, list[HandEntry]]:
    """Two Easy computers play a whole Hollywood match (House rules, to 50 to keep it
    short); each hand is also written down as a scorekeeper enters it."""
    rules = HOUSE.with_options(hollywood=True, target=50)
    rng = random.Random(seed)
    match = new_match(rules, seed, first_dealer=1)
    entries: list[HandEntry] = []
    while not match.over:
        if match.hand.phase is Phase.OVER:
            match, _ = apply_match(match, 0, NextHand())
            continue
        player = match.hand.to_play
        action = choose_action("easy", match_view(match, player), rng)
        match, _ = apply_match(match, player, action)
        result = match.hand.result
        if result is None:
            continue
        entries.append(sheet_entry(result))
    return match, entries


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_hollywood_match_ends_when_all_three_games_close_as_the_sheet_says(
    seed: int,
) -> None:
    match, entries = _play_hollywood_match(seed)
    board = match.hollywood
    assert board is not None and board.over and match.over
    assert len(entries) == len(match.records)
    # The same hands on a Hollywood score sheet: the same three games, hand for hand.
    sheet = ScoreSheet.new(SheetOptions(rules=match.rules, hollywood=True,
                                        first_dealer=match.first_dealer), ["A", "B"])
    for entry in entries:
        sheet = sheet.add(entry)
    final = sheet.result()
    assert [row.winner for row in final.rows] == [r.winner for r in match.records]
    assert [row.points for row in final.rows] == [r.points for r in match.records]
    assert final.over
    assert board.columns == tuple(column.tally for column in final.columns)
    assert match.tally.final == final.totals
    assert match.tally.winner == final.winner and match.tally.margin == final.margin


TIED = (HandRecord(A, 20, HandKind.GIN), HandRecord(B, 10, HandKind.KNOCK),
        HandRecord(B, 10, HandKind.KNOCK))
"""To 10, House rules: A wins game 1 by 20; B's first win opens game 2 (A was never
on it) and closes it, B's second goes into game 3 only and closes it: B won two
games of three by 10 each, and the totals are level, 20 to 20."""


def test_a_hollywood_match_is_won_by_the_higher_three_game_total_and_level_is_a_tie(
) -> None:
    rules = HOUSE.with_options(hollywood=True, target=10)
    board = hollywood_tally(TIED, rules)
    assert board.closed_by == (1, 2, 3) and board.over
    assert [c.final for c in board.columns] == [(20, 0), (0, 10), (0, 10)]
    tied = match_tally(TIED, rules)
    assert tied.over and tied.final == (20, 20)
    assert tied.winner is None and tied.margin == 0  # not B, who won more games
    # One more point for A in game 1 and A wins the match, by the difference.
    ahead = match_tally((HandRecord(A, 21, HandKind.GIN), *TIED[1:]), rules)
    assert ahead.winner == A and ahead.margin == 1 and ahead.final == (21, 20)


def test_match_tally_is_tally_for_a_plain_match_and_sums_the_games_in_hollywood() -> None:
    records = (HandRecord(A, 30, HandKind.KNOCK), HandRecord(B, 25, HandKind.GIN),
               HandRecord(A, 30, HandKind.KNOCK))
    assert match_tally(records, CLASSIC) == tally(records, CLASSIC)
    rules = CLASSIC.with_options(hollywood=True)
    board = hollywood_tally(records, rules)
    summed = match_tally(records, rules)
    assert not summed.over and summed.winner is None
    # A's 1st win in game 1, the 2nd in games 1 and 2; B's only win in game 1.
    assert summed.points == (90, 25) and summed.boxes == (2, 1)
    assert summed.final == board.totals == (90, 25)


def test_standing_is_the_first_open_games_points_in_hollywood() -> None:
    rules = HOUSE.with_options(hollywood=True, target=50)
    assert standing((), rules) == (0, 0)
    records = (HandRecord(A, 30, HandKind.KNOCK), HandRecord(A, 25, HandKind.GIN),
               HandRecord(B, 10, HandKind.KNOCK))
    # Game 1 closed at A's second win (55): the first open game is game 2 (A 25, B 10).
    assert hollywood_tally(records, rules).closed_by == (2, None, None)
    assert standing(records, rules) == (25, 10)
    assert standing(records, HOUSE.with_options(target=100)) == (55, 10)
    # After the match, the last game's.
    assert standing(TIED, HOUSE.with_options(hollywood=True, target=10)) == (0, 10)


def test_a_hollywood_hand_history_file_checks_with_the_first_open_games_scores() -> None:
    rules = HOUSE.with_options(hollywood=True, target=40)
    rng = random.Random(5)
    match = new_match(rules, 5, first_dealer=1)
    hands: list[HistoryHand] = []
    while not match.over:
        if match.hand.phase is Phase.OVER:
            hands.append(HistoryHand(match.hand_number, match.dealer,
                                     standing(match.records[:-1], rules), 5,
                                     match.hand_log))
            match, _ = apply_match(match, 0, NextHand())
            continue
        player = match.hand.to_play
        match, _ = apply_match(match, player,
                               choose_action("easy", match_view(match, player), rng))
    hands.append(HistoryHand(match.hand_number, match.dealer,
                             standing(match.records[:-1], rules), 5, match.hand_log))
    history = HandHistory(rules, "easy", 1, tuple(hands))
    assert check(parse(dump(history))) == list(match.records)
    # The plain sums would be refused once a game has closed (past the target)...
    closed = next(c for c in hollywood_tally(match.records, rules).closed_by if c)
    assert closed < len(hands)  # (this deal: game 1 closes at hand 2 of 4)
    summed = [replace(h, scores=match_tally(match.records[:h.number - 1],
                                            HOUSE.with_options(target=10_000)).points)
              for h in hands]
    with pytest.raises(HandHistoryError, match="scores before it"):
        check(replace(history, hands=tuple(summed)))
    # ... and a file of several hands that does not start at hand 1 cannot be added up.
    with pytest.raises(HandHistoryError, match="starts at hand 1"):
        check(replace(history, hands=tuple(hands[1:3])))
