"""A season's running table (app.events.season_table): every event's results added up,
the events each player played, the tie-breaks over the whole season, and each pair's
head to head with each side's luck and play summed."""

from __future__ import annotations

from app.events.season_table import SeasonResult, Side, pairs, running_table
from app.events.standings import Outcome, Result

# Two club nights. Night 1: Ann, Bob, Cy; night 2: Ann, Bob, Di (Bob has a bye).
NIGHTS = [
    SeasonResult(1, Result("Ann", "Bob", Outcome.A, 100, 40), (10.0, 5.0), (-12.0, -3.0)),
    SeasonResult(1, Result("Bob", "Cy", Outcome.A, 110, 20)),
    SeasonResult(1, Result("Ann", "Cy", Outcome.B, 80, 100)),
    SeasonResult(2, Result("Ann", "Di", Outcome.B, 90, 120), None, (30.0, 4.0)),
    SeasonResult(2, Result("Bob", None, Outcome.BYE)),
    SeasonResult(2, Result("Bob", "Di", Outcome.A, 101, 50), (-20.0, 7.0), None),
]
PLAYERS = ["Ann", "Bob", "Cy", "Di"]


def test_the_running_table_adds_every_event_and_breaks_ties_by_head_to_head_then_points(
        ) -> None:
    # By hand: Bob 0+1+1(bye)+1 = 3 points; Ann, Cy, Di 1 each. Among the three level:
    # Cy beat Ann and Di beat Ann (head to head 1, 1, 0); Cy and Di never met, so points
    # for minus against part them: Di 170-191 = -21, Cy 120-190 = -70. Ann is last though
    # her difference is best (+10): head to head comes first.
    table = running_table(PLAYERS, NIGHTS)
    got = [(line.standing.player, line.standing.rank, line.standing.match_points,
            line.events, line.standing.points_for, line.standing.points_against)
           for line in table]
    assert got == [("Bob", 1, 3.0, 2, 251, 170), ("Di", 2, 1.0, 1, 170, 191),
                   ("Cy", 3, 1.0, 1, 120, 190), ("Ann", 4, 1.0, 2, 270, 260)]
    bob = table[0].standing
    assert (bob.won, bob.drawn, bob.lost, bob.byes) == (2, 0, 1, 1)
    assert [line.standing.head_to_head for line in table] == [0.0, 1.0, 1.0, 0.0]


def test_a_bye_alone_counts_the_event_as_played_and_a_player_with_none_played_none() -> None:
    table = running_table(["Ann", "Eve"], [SeasonResult(7, Result("Ann", None, Outcome.BYE))])
    assert [(line.standing.player, line.events, line.standing.match_points)
            for line in table] == [("Ann", 1, 1.0), ("Eve", 0, 0.0)]


def test_players_level_on_everything_share_a_rank_in_the_order_they_appeared() -> None:
    results = [SeasonResult(1, Result("Bob", "Ann", Outcome.DRAW, 100, 100)),
               SeasonResult(2, Result("Ann", "Bob", Outcome.DRAW, 120, 120))]
    table = running_table(["Bob", "Ann"], results)
    assert [(line.standing.player, line.standing.rank, line.standing.shared)
            for line in table] == [("Bob", 1, True), ("Ann", 1, True)]
    (pair,) = pairs(["Bob", "Ann"], results)
    assert (pair.first, pair.second, pair.won, pair.lost, pair.drawn) == ("Bob", "Ann", 0, 0, 2)


def test_each_pair_is_told_from_the_leader_with_each_sides_own_split_summed() -> None:
    order = [line.standing.player for line in running_table(PLAYERS, NIGHTS)]
    found = {(p.first, p.second): p for p in pairs(order, NIGHTS)}
    assert list(found) == [("Bob", "Di"), ("Bob", "Cy"), ("Di", "Ann"), ("Cy", "Ann"),
                           ("Ann", "Bob")]
    ann_bob = found[("Ann", "Bob")]  # Ann won their only match, though Bob ranks higher
    assert (ann_bob.won, ann_bob.lost, ann_bob.points_for, ann_bob.points_against) == \
        (1, 0, 100, 40)
    assert ann_bob.first_side == Side(10.0, 5.0, 1)
    assert ann_bob.second_side == Side(-12.0, -3.0, 1)
    assert found[("Di", "Ann")].first_side == Side(30.0, 4.0, 1)
    assert found[("Di", "Ann")].second_side == Side()  # Ann's hands there not analysed
    assert found[("Bob", "Di")].first_side == Side(-20.0, 7.0, 1)


def test_several_matches_of_a_pair_sum_their_record_and_their_splits() -> None:
    results = [SeasonResult(1, Result("Ann", "Bob", Outcome.B, 50, 100), (-30.0, 2.0),
                            (25.0, 5.0)),
               SeasonResult(2, Result("Bob", "Ann", Outcome.A, 100, 70), (40.0, -1.0), None),
               SeasonResult(3, Result("Bob", "Ann", Outcome.B, 90, 100), (-10.0, 0.5),
                            (8.0, 1.5))]
    (pair,) = pairs(["Ann", "Bob"], results)
    assert (pair.first, pair.won, pair.lost) == ("Bob", 2, 1)
    assert (pair.points_for, pair.points_against) == (290, 220)
    assert pair.first_side == Side(55.0, 4.5, 3)
    assert pair.second_side == Side(-22.0, 3.5, 2)
