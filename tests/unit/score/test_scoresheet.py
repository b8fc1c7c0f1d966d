"""The score sheet for table games (app.score.sheet; docs/rules.md §4–6)."""

import json

import pytest

from app.engine import CLASSIC, Card, HandKind
from app.score.sheet import (
    EntryKind,
    HandEntry,
    ScoreSheet,
    SheetError,
    SheetOptions,
    compute_sheet,
)

A, B, C = 0, 1, 2


def sheet(*entries: HandEntry, players: int = 2, **rules: object) -> ScoreSheet:
    """A sheet for Ann and Bob (and Cy) with Classic rules changed by ``rules``."""
    names = ["Ann", "Bob", "Cy"][:players]
    options = SheetOptions(rules=CLASSIC.with_options(**rules), players=players)
    s = ScoreSheet.new(options, names)
    for entry in entries:
        s = s.add(entry)
    return s


WORKED_MATCH = (
    HandEntry.knock(A, 6, 28),   # A knocks on 6, B has 28 after layoffs → A 22
    HandEntry.gin(B, 19),        # B goes gin, A holds 19 → B 44
    HandEntry.knock(B, 9, 9),    # B knocks on 9, A has 9: a tie is an undercut → A 25
    HandEntry.gin(A, 31),        # A goes gin, B holds 31 → A 56
)


def test_worked_match_of_spec_5_ends_263_to_64_with_margin_199() -> None:
    result = sheet(*WORKED_MATCH).result()
    assert [row.points for row in result.rows] == [22, 44, 25, 56]
    assert [row.winner for row in result.rows] == [A, B, A, A]
    assert [row.kind for row in result.rows] == [
        HandKind.KNOCK, HandKind.GIN, HandKind.UNDERCUT, HandKind.GIN]
    assert [row.totals[0] for row in result.rows] == [(22, 0), (22, 44), (47, 44), (103, 44)]
    t = result.tally
    assert t.points == (103, 44)
    assert t.boxes == (3, 1)
    assert t.box_bonus == (60, 20)
    assert t.game_bonus == (100, 0)
    assert result.over and result.winner == A
    assert result.totals == (263, 64) and result.margin == 199
    assert result.next_dealer is None


def test_worked_match_doubles_to_526_when_b_never_scored() -> None:
    # A wins the same 103 points in three hands (22, 25, 56) and B never scores:
    # 103 + 3 boxes × 20 + game 100 = 263, doubled by the shutout.
    result = sheet(HandEntry.knock(A, 6, 28), HandEntry.knock(A, 2, 27),
                   HandEntry.gin(A, 31)).result()
    t = result.tally
    assert t.points == (103, 0) and t.shutout
    assert result.totals == (526, 0) and result.margin == 526
    assert sheet(*WORKED_MATCH, shutout=False).result().totals == (263, 64)


@pytest.mark.parametrize(
    ("knocker", "defender", "kind", "winner", "points"),
    [
        (0, 22, HandKind.GIN, A, 47),
        (5, 12, HandKind.KNOCK, A, 7),
        (7, 7, HandKind.UNDERCUT, B, 25),
        (9, 4, HandKind.UNDERCUT, B, 30),
    ],
)
def test_classification_table(knocker: int, defender: int, kind: HandKind, winner: int,
                              points: int) -> None:
    row = sheet().preview(HandEntry.knock(A, knocker, defender))
    assert (row.kind, row.winner, row.points) == (kind, winner, points)
    assert row.score.arithmetic.endswith(f"= {points}")


def test_undercut_with_a_20_point_bonus_scores_25() -> None:
    row = sheet(undercut_bonus=20).preview(HandEntry.knock(A, 9, 4))
    assert (row.kind, row.winner, row.points) == (HandKind.UNDERCUT, B, 25)
    assert row.score.arithmetic == "undercut: 20 + 9 − 4 = 25"


def test_knock_on_11_is_refused_next_to_the_knocker_count() -> None:
    s = sheet()
    with pytest.raises(SheetError) as err:
        s.add(HandEntry.knock(A, 11, 30))
    assert err.value.field == "knocker_deadwood"
    assert "10 or less" in str(err.value)
    assert s.entries == ()


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        (HandEntry.knock(A, -1, 5), "knocker_deadwood"),
        (HandEntry.knock(A, 3, 99), "defender_deadwood"),
        (HandEntry(EntryKind.KNOCK, A, 3, 2.5), "defender_deadwood"),  # type: ignore[arg-type]
        (HandEntry(EntryKind.GIN, A, 4, 20), "knocker_deadwood"),
        (HandEntry.big_gin(A, 12), "kind"),
        (HandEntry(EntryKind.KNOCK, None, 3, 20), "knocker"),
        (HandEntry(EntryKind.KNOCK, 2, 3, 20), "knocker"),
        (HandEntry.knock(A, 3, 20, pair=(0, 1)), "pair"),
    ],
)
def test_wrong_entries_name_their_field(entry: HandEntry, field: str) -> None:
    with pytest.raises(SheetError) as err:
        sheet().add(entry)
    assert err.value.field == field


def test_straight_gin_refuses_any_knock() -> None:
    s = sheet(straight_gin=True)
    with pytest.raises(SheetError, match="straight gin"):
        s.add(HandEntry.knock(A, 1, 30))
    assert s.add(HandEntry.gin(A, 30)).result().rows[0].points == 55


def test_big_gin_on_12_scores_43_and_survives_export_and_import() -> None:
    s = sheet(HandEntry.big_gin(A, 12), big_gin=True)
    row = s.result().rows[0]
    assert (row.kind, row.points, row.score.arithmetic) == (
        HandKind.BIG_GIN, 43, "big gin: 31 + 12 = 43")
    back = ScoreSheet.from_json(s.to_json())
    assert back == s
    assert back.result().rows[0].kind is HandKind.BIG_GIN
    assert back.result().rows[0].points == 43


def test_oklahoma_with_a_four_of_spades_upcard() -> None:
    s = sheet(oklahoma=True)
    four = Card.parse("4S")
    knock = s.preview(HandEntry.knock(A, 3, 20, upcard=four))
    assert (knock.kind, knock.winner, knock.points) == (HandKind.KNOCK, A, 34)
    assert knock.limit.limit == 4 and knock.limit.doubled
    assert knock.score.arithmetic == "knock: (20 − 3) × 2 = 34"
    with pytest.raises(SheetError) as err:
        s.add(HandEntry.knock(A, 6, 20, upcard=four))
    assert err.value.field == "knocker_deadwood" and "four of spades" in str(err.value)
    tie = s.preview(HandEntry.knock(A, 4, 4, upcard=four))
    assert (tie.kind, tie.winner, tie.points) == (HandKind.UNDERCUT, B, 50)


def test_oklahoma_needs_the_upcard_and_an_ace_means_gin_only() -> None:
    s = sheet(oklahoma=True)
    with pytest.raises(SheetError) as err:
        s.add(HandEntry.knock(A, 3, 20))
    assert err.value.field == "upcard"
    with pytest.raises(SheetError, match="ace"):
        s.add(HandEntry.knock(A, 1, 20, upcard=Card.parse("AH")))
    assert s.preview(HandEntry.gin(A, 20, upcard=Card.parse("AH"))).points == 45


def test_entry_after_the_game_ended_is_refused() -> None:
    s = sheet(*WORKED_MATCH)
    with pytest.raises(SheetError, match="over"):
        s.add(HandEntry.knock(B, 2, 30))
    with pytest.raises(SheetError, match="after the end"):
        compute_sheet(s.options, s.names, [*s.entries, HandEntry.knock(B, 2, 30)])


def test_editing_an_early_hand_changes_every_later_total() -> None:
    s = sheet(*WORKED_MATCH[:3])
    before = [row.totals[0] for row in s.result().rows]
    edited = s.replace_hand(1, HandEntry.knock(A, 2, 28))  # 26 instead of 22
    after = [row.totals[0] for row in edited.result().rows]
    assert before == [(22, 0), (22, 44), (47, 44)]
    assert after == [(26, 0), (26, 44), (51, 44)]
    deleted = edited.delete_hand(1)
    assert [row.totals[0] for row in deleted.result().rows] == [(0, 44), (25, 44)]


def test_an_edit_that_would_end_the_game_before_later_hands_is_refused() -> None:
    s = sheet(HandEntry.knock(A, 6, 28), HandEntry.gin(B, 19))
    with pytest.raises(SheetError, match="hand 2"):
        s.replace_hand(1, HandEntry.gin(A, 98))  # 123: A would win at hand 1
    assert s.result().tally.points == (22, 44)


def test_deal_alternates_void_keeps_the_dealer_and_loser_deals_option() -> None:
    s = sheet(HandEntry.knock(A, 6, 28), HandEntry.void(), HandEntry.gin(B, 19))
    rows = s.result().rows
    assert [row.dealer for row in rows] == [0, 1, 1]
    assert s.result().next_dealer == 0
    loser = sheet(HandEntry.knock(A, 6, 28), HandEntry.gin(A, 19), loser_deals=True)
    assert [row.dealer for row in loser.result().rows] == [0, 1]
    assert loser.result().next_dealer == B


def test_options_change_reports_ending_and_reopening_the_game() -> None:
    s = sheet(HandEntry.knock(A, 6, 28), HandEntry.gin(B, 19))
    change = s.change_options(replace_rules(s, target=40))
    assert change.ends_game and change.needs_confirmation
    assert change.after.over and change.after.winner == B
    assert not s.result().over  # nothing changed until saved
    finished = sheet(*WORKED_MATCH)
    reopen = finished.change_options(replace_rules(finished, target=150))
    assert reopen.reopens_game and not reopen.after.over
    quiet = s.change_options(replace_rules(s, box_bonus=25))
    assert not quiet.needs_confirmation


def test_options_change_refused_when_hands_would_follow_the_end() -> None:
    s = sheet(*WORKED_MATCH)
    with pytest.raises(SheetError, match="after the end") as err:
        s.change_options(replace_rules(s, target=20))
    assert err.value.field == "options"
    with pytest.raises(SheetError, match="big gin"):
        sheet(HandEntry.big_gin(A, 12), big_gin=True).change_options(
            SheetOptions(rules=CLASSIC))


def replace_rules(s: ScoreSheet, **changes: object) -> SheetOptions:
    """``s``'s options with some rules changed."""
    return SheetOptions(rules=s.options.rules.with_options(**changes),
                        hollywood=s.options.hollywood, players=s.options.players)


def test_hollywood_fills_columns_by_win_count_and_closes_them() -> None:
    options = SheetOptions(rules=CLASSIC, hollywood=True)
    s = ScoreSheet.new(options, ["Ann", "Bob"])
    entries = [
        HandEntry.gin(A, 25),       # A's 1st win, 50: column 1
        HandEntry.knock(B, 2, 12),  # B's 1st win, 10: column 1
        HandEntry.gin(A, 15),       # A's 2nd win, 40: columns 1–2
        HandEntry.knock(A, 5, 25),  # A's 3rd win, 20: columns 1–3 → column 1 closes (110)
        HandEntry.knock(A, 5, 15),  # A's 4th win, 10: columns 2–3 (column 1 closed)
        HandEntry.knock(B, 1, 31),  # B's 2nd win, 30: column 2 only (column 1 closed)
    ]
    for entry in entries:
        s = s.add(entry)
    result = s.result()
    assert [row.columns for row in result.rows] == [
        (0,), (0,), (0, 1), (0, 1, 2), (1, 2), (1,)]
    assert result.rows[3].closed == (0,)
    col1, col2, col3 = result.columns
    assert col1.closed_by == 4 and col1.tally.points == (110, 10)
    assert col1.tally.final == (110 + 3 * 20 + 100, 10 + 20)
    assert not col1.tally.shutout
    assert col2.tally.points == (70, 30) and not col2.closed
    assert col3.tally.points == (30, 0) and not col3.closed
    assert result.rows[5].totals == ((110, 10), (70, 30), (30, 0))
    assert not result.over and result.next_dealer is not None
    # A's next win (123) closes columns 2 and 3, column 3 with a shutout.
    s = s.add(HandEntry.gin(A, 98))
    result = s.result()
    assert result.rows[6].closed == (1, 2)
    assert result.over
    assert result.columns[1].tally.final == (193 + 4 * 20 + 100, 30 + 20)
    assert not result.columns[1].tally.shutout
    assert result.columns[2].tally.shutout
    assert result.columns[2].tally.final == ((153 + 3 * 20 + 100) * 2, 0)
    assert result.totals == (270 + 373 + 626, 30 + 50 + 0)
    assert result.winner == A
    assert result.margin == result.totals[A] - result.totals[B]
    with pytest.raises(SheetError):
        s.add(HandEntry.gin(B, 10))
    assert ScoreSheet.from_json(s.to_json()) == s


def test_hollywood_player_shut_out_of_column_one_starts_in_column_two() -> None:
    s = ScoreSheet.new(SheetOptions(rules=CLASSIC, hollywood=True), ["Ann", "Bob"])
    for entry in [HandEntry.gin(A, 98), HandEntry.knock(B, 3, 13)]:
        s = s.add(entry)
    rows = s.result().rows
    assert rows[0].closed == (0,)
    # B never scored in column 1 (closed, a shutout): B's first win opens column 2.
    assert rows[1].win_number == 1 and rows[1].columns == (1,)
    assert s.result().columns[0].tally.shutout
    s = s.add(HandEntry.knock(B, 3, 13))  # B's 2nd win: columns 2 and 3
    assert s.result().rows[2].columns == (1, 2)
    s = s.add(HandEntry.knock(A, 3, 13))  # A's 2nd win: column 2 (column 1 closed)
    assert s.result().rows[3].columns == (1,)


def test_gin_for_three_rotates_sitter_and_dealer() -> None:
    options = SheetOptions(rules=CLASSIC, players=3, first_sitter=C, first_dealer=A)
    s = ScoreSheet.new(options, ["Ann", "Bob", "Cy"])
    assert s.result().next_players == (A, B) and s.result().next_sitter == C
    s = s.add(HandEntry.knock(A, 4, 20))       # A beats B: B sits out, C deals to A
    r = s.result()
    assert r.next_sitter == B and r.next_players == (A, C) and r.next_dealer == C
    s = s.add(HandEntry.knock(A, 8, 5))        # C undercuts A: A sits out, B deals to C
    r = s.result()
    assert r.rows[1].winner == C and r.rows[1].sitter == B and r.rows[1].dealer == C
    assert r.next_sitter == A and r.next_players == (B, C) and r.next_dealer == B
    s = s.add(HandEntry.void())                # void: same two, same dealer
    r = s.result()
    assert r.next_sitter == A and r.next_players == (B, C) and r.next_dealer == B
    s = s.add(HandEntry.gin(B, 40))            # B beats C: C sits out, A deals
    r = s.result()
    assert r.next_sitter == C and r.next_dealer == A and r.next_players == (A, B)
    assert r.tally.points == (16, 65, 28)
    assert r.tally.boxes == (1, 1, 1)
    # A knocker who is sitting out is refused.
    with pytest.raises(SheetError) as err:
        s.add(HandEntry.knock(C, 3, 20))
    assert err.value.field == "knocker"
    # B gets to 100: game bonus to B; margin against the better of the others.
    s = s.add(HandEntry.gin(B, 30))
    r = s.result()
    assert r.over and r.winner == B
    assert r.totals == (16 + 20, 120 + 40 + 100, 28 + 20)
    assert r.margin == 260 - 48
    assert ScoreSheet.from_json(s.to_json()) == s


def test_gin_for_three_out_of_turn_pair_is_flagged_not_refused() -> None:
    options = SheetOptions(rules=CLASSIC, players=3, first_sitter=C, first_dealer=A)
    s = ScoreSheet.new(options, ["Ann", "Bob", "Cy"]).add(HandEntry.knock(B, 2, 9, pair=(B, C)))
    row = s.result().rows[0]
    assert row.out_of_turn and row.sitter == A and row.winner == B
    assert s.result().next_sitter == C


def test_names_are_checked() -> None:
    with pytest.raises(SheetError) as err:
        ScoreSheet.new(SheetOptions(), ["Ann", " ann "])
    assert err.value.field == "name1"
    with pytest.raises(SheetError) as err:
        ScoreSheet.new(SheetOptions(), ["", "Bob"])
    assert err.value.field == "name0"
    assert ScoreSheet.new(SheetOptions(), ["  Ann  Lee ", "Bob"]).names == ("Ann Lee", "Bob")


def test_export_is_versioned_and_import_refuses_bad_files() -> None:
    s = sheet(*WORKED_MATCH[:2], oklahoma=False)
    data = json.loads(s.to_json())
    assert data["format"] == "gin-rummy-score-sheet" and data["version"] == 1
    assert data["names"] == ["Ann", "Bob"] and data["options"]["rules"]["box_bonus"] == 20
    assert data["hands"][1] == {"kind": "gin", "knocker": 1, "knocker_deadwood": 0,
                                "defender_deadwood": 19}
    for bad in ["not json", "[]", json.dumps({**data, "version": 99}),
                json.dumps({**data, "hands": [{"kind": "knock", "knocker": 0,
                                               "knocker_deadwood": 12,
                                               "defender_deadwood": 30}]}),
                json.dumps({**data, "names": ["Ann"]})]:
        with pytest.raises(SheetError) as err:
            ScoreSheet.from_json(bad)
        assert err.value.field == "file"


def test_oklahoma_upcards_survive_export() -> None:
    s = sheet(HandEntry.knock(A, 3, 20, upcard=Card.parse("4S")), HandEntry.void(),
              oklahoma=True)
    assert ScoreSheet.from_json(s.to_json()) == s


def test_a_tied_undercut_with_no_bonus_is_a_hand_won_so_no_shutout() -> None:
    # Undercut bonus 0: Bob knocks on 9, Ann ties on 9 and wins the hand for 0 points
    # (and a box). Bob's gin against 98 wins the game; Ann won a hand: no shutout.
    s = sheet(HandEntry.knock(B, 9, 9), HandEntry.gin(B, 98), undercut_bonus=0)
    result = s.result()
    assert [(row.winner, row.points) for row in result.rows] == [(A, 0), (B, 123)]
    t = result.tally
    assert t.over and t.winner == B and t.boxes == (1, 1)
    assert not t.shutout
    assert t.final == (20, 123 + 20 + 100)


def test_a_gin_with_no_bonus_and_no_deadwood_is_a_hand_won_so_no_shutout() -> None:
    # Gin bonus 0: Ann goes gin against 0 deadwood (0 points, a box); Bob reaches 100.
    s = sheet(HandEntry.gin(A, 0), HandEntry.gin(B, 98), HandEntry.knock(B, 1, 3),
              gin_bonus=0)
    t = s.result().tally
    assert [row.points for row in s.result().rows] == [0, 98, 2]
    assert t.over and t.winner == B and t.boxes == (1, 2) and not t.shutout


def test_hollywood_a_zero_point_hand_puts_a_player_on_the_board_of_a_column() -> None:
    # Ann's tied undercut (0 points, undercut bonus 0) is her first win: column 1.
    # Bob's gin (123), his first win, goes into column 1 only and closes it.
    options = SheetOptions(rules=CLASSIC.with_options(undercut_bonus=0), hollywood=True)
    s = ScoreSheet.new(options, ["Ann", "Bob"])
    for entry in [HandEntry.knock(B, 9, 9), HandEntry.gin(B, 98)]:
        s = s.add(entry)
    result = s.result()
    assert [row.columns for row in result.rows] == [(0,), (0,)]
    col1 = result.columns[0]
    assert col1.closed and col1.tally.boxes == (1, 1)
    assert not col1.tally.shutout  # Ann won a hand there, for 0 points
    # Column 1 is closed; Ann's 2nd win goes into the first open column, column 2.
    s = s.add(HandEntry.knock(A, 3, 13))
    assert s.result().rows[2].columns == (1,)
