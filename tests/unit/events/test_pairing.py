"""An event's pairings (app.events.pairing): the round robin's circle method and the
Swiss rounds' rules (no repeat, byes rotated to the lowest-ranked, score groups)."""

from __future__ import annotations

import itertools
import random

import pytest

from app.events.pairing import round_robin, swiss
from app.events.standings import Outcome, Result, standings


@pytest.mark.parametrize("count", range(2, 11))
def test_a_round_robin_meets_everyone_once_and_plays_once_a_round(count: int) -> None:
    players = list(range(count))
    rounds = round_robin(players)
    assert len(rounds) == (count - 1 if count % 2 == 0 else count)
    met = [frozenset(p) for r in rounds for p in r if p[1] is not None]
    assert sorted(map(sorted, met)) == sorted(map(sorted, map(frozenset, itertools.combinations(
        players, 2))))
    for pairs in rounds:
        seen = [p for pair in pairs for p in pair if p is not None]
        assert sorted(seen) == players
    byes = [pair[0] for pairs in rounds for pair in pairs if pair[1] is None]
    assert len(byes) == len(set(byes)) == (count if count % 2 else 0)


def test_a_round_robin_refuses_one_player_or_a_repeated_one() -> None:
    with pytest.raises(ValueError):
        round_robin([1])
    with pytest.raises(ValueError):
        round_robin([1, 2, 1])


def _play_swiss(count: int, rounds: int, seed: int) -> list[list[tuple[int, int | None]]]:
    """Pair ``rounds`` Swiss rounds of ``count`` players with random results between."""
    rng = random.Random(seed)
    players = list(range(count))
    results: list[Result[int]] = []
    played: list[list[tuple[int, int | None]]] = []
    for _ in range(rounds):
        table = standings(players, results, swiss=True)
        scores = {line.player: line.match_points for line in table}
        met = {frozenset((r.a, r.b)) for r in results if r.b is not None}
        had_bye = {r.a for r in results if r.b is None}
        pairs = swiss([line.player for line in table], scores, met, had_bye)
        played.append(pairs)
        for a, b in pairs:
            if b is None:
                results.append(Result(a, None, Outcome.BYE))
            else:
                won = rng.random() < 0.5
                results.append(Result(a, b, Outcome.A if won else Outcome.B,
                                      100 if won else rng.randrange(90),
                                      rng.randrange(90) if won else 100))
    return played


@pytest.mark.parametrize("count", [6, 7])
@pytest.mark.parametrize("seed", range(20))
def test_three_swiss_rounds_never_repeat_a_pairing(count: int, seed: int) -> None:
    played = _play_swiss(count, 3, seed)
    pairs = [frozenset(p) for r in played for p in r if p[1] is not None]
    assert len(pairs) == len(set(pairs)) == 3 * (count // 2)
    for r in played:
        seen = sorted(p for pair in r for p in pair if p is not None)
        assert seen == list(range(count))


@pytest.mark.parametrize("seed", range(10))
def test_byes_rotate_so_nobody_has_two_while_others_have_none(seed: int) -> None:
    played = _play_swiss(7, 6, seed)
    byes = [pair[0] for r in played for pair in r if pair[1] is None]
    assert len(byes) == len(set(byes)) == 6


def test_the_bye_goes_to_the_lowest_ranked_player_without_one() -> None:
    ranked = ["Ann", "Bob", "Cy", "Di", "Ed"]
    scores = {"Ann": 2, "Bob": 2, "Cy": 1, "Di": 1, "Ed": 0}
    assert swiss(ranked, scores, set(), set())[-1] == ("Ed", None)
    assert swiss(ranked, scores, set(), {"Ed"})[-1] == ("Di", None)


def test_swiss_pairs_within_score_groups_top_down() -> None:
    ranked = ["Ann", "Bob", "Cy", "Di"]
    scores = {"Ann": 1, "Bob": 1, "Cy": 0, "Di": 0}
    assert swiss(ranked, scores, set(), set()) == [("Ann", "Bob"), ("Cy", "Di")]
    met = {frozenset(("Ann", "Bob")), frozenset(("Cy", "Di"))}
    # Ann and Bob met: each floats to the other group's nearest player it has not met.
    assert swiss(ranked, scores, met, set()) == [("Ann", "Cy"), ("Bob", "Di")]


def test_swiss_allows_a_repeat_only_when_no_round_without_one_exists() -> None:
    ranked = [1, 2, 3, 4]
    met = {frozenset(p) for p in itertools.combinations(ranked, 2)} - {frozenset((1, 2))}
    pairs = swiss(ranked, dict.fromkeys(ranked, 0.0), met, set())
    assert len(pairs) == 2 and (1, 2) in pairs
    everyone = {frozenset(p) for p in itertools.combinations(ranked, 2)}
    assert len(swiss(ranked, dict.fromkeys(ranked, 0.0), everyone, set())) == 2
