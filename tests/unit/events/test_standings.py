"""An event's standings (app.events.standings): match points, byes, draws and the
tie-breaks in order (head to head, points for minus against, Buchholz)."""

from __future__ import annotations

from app.events.standings import Outcome, Result, standings


def _order(table: list) -> list[tuple[str, int]]:
    return [(line.player, line.rank) for line in table]


def test_a_win_is_one_point_a_draw_a_half_a_bye_one_with_no_game_points() -> None:
    table = standings(["Ann", "Bob", "Cy"], [
        Result("Ann", "Bob", Outcome.DRAW, 80, 80),
        Result("Cy", None, Outcome.BYE),
    ], swiss=False)
    by = {line.player: line for line in table}
    assert by["Ann"].match_points == by["Bob"].match_points == 0.5
    assert by["Cy"].match_points == 1 and by["Cy"].points_for == 0 and by["Cy"].byes == 1
    assert by["Cy"].played == 0 and by["Ann"].drawn == 1
    assert _order(table)[0] == ("Cy", 1)


def test_head_to_head_breaks_a_tie_before_the_points_difference() -> None:
    results = [
        Result("Ann", "Bob", Outcome.A, 100, 95),   # Ann beat Bob narrowly
        Result("Bob", "Cy", Outcome.A, 150, 0),     # Bob crushed Cy
        Result("Cy", "Ann", Outcome.A, 100, 90),    # Cy beat Ann
        Result("Di", "Ann", Outcome.B, 0, 100),
        Result("Di", "Bob", Outcome.B, 0, 100),
        Result("Di", "Cy", Outcome.B, 0, 100),
    ]
    table = standings(["Ann", "Bob", "Cy", "Di"], results, swiss=False)
    # Ann, Bob and Cy each have 2 points and 1 head to head: the difference decides.
    assert [line.match_points for line in table[:3]] == [2, 2, 2]
    assert [line.head_to_head for line in table[:3]] == [1, 1, 1]
    assert _order(table) == [("Bob", 1), ("Ann", 2), ("Cy", 3), ("Di", 4)]
    two = standings(["Ann", "Bob"], [Result("Ann", "Bob", Outcome.B, 100, 90),
                                     Result("Ann", "Bob", Outcome.A, 300, 0)], swiss=False)
    assert [line.player for line in two] == ["Ann", "Bob"]  # level on h2h: difference


def test_head_to_head_decides_between_two_level_players() -> None:
    results = [
        Result("Ann", "Bob", Outcome.B, 90, 100),   # Bob beat Ann
        Result("Ann", "Cy", Outcome.A, 200, 0),
        Result("Bob", "Di", Outcome.A, 100, 99),
        Result("Cy", "Di", Outcome.A, 100, 0),
    ]
    table = standings(["Ann", "Bob", "Cy", "Di"], results, swiss=True)
    assert [line.player for line in table][:2] == ["Bob", "Ann"]
    assert table[0].difference < table[1].difference  # h2h came first


def test_buchholz_breaks_a_swiss_tie_only() -> None:
    results = [
        Result("Ann", "Cy", Outcome.A, 100, 0),
        Result("Ann", "Ed", Outcome.A, 100, 0),
        Result("Bob", "Di", Outcome.A, 100, 0),
        Result("Bob", "Fay", Outcome.A, 100, 0),
        Result("Cy", "Di", Outcome.A, 100, 0),
    ]
    players = ["Bob", "Ann", "Cy", "Di", "Ed", "Fay"]
    swiss = standings(players, results, swiss=True)
    assert [line.player for line in swiss[:2]] == ["Ann", "Bob"]  # Cy has 1, Di 0
    assert swiss[0].buchholz == 1 and swiss[1].buchholz == 0
    plain = standings(players, results, swiss=False)
    assert [(line.player, line.rank) for line in plain[:2]] == [("Bob", 1), ("Ann", 1)]
    assert plain[0].shared and plain[1].shared


def test_players_level_on_everything_share_a_rank_in_seeding_order() -> None:
    table = standings(["Ann", "Bob", "Cy"], [], swiss=True)
    assert _order(table) == [("Ann", 1), ("Bob", 1), ("Cy", 1)]
