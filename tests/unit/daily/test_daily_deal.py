"""The daily deal's rules (app/daily/deal.py): the same cards for everybody, a
reproducible par, a streak that shrinks on a missed day, the day's distribution."""

from __future__ import annotations

from datetime import date, timedelta

from app.daily.deal import (
    DEALER,
    PLAYER,
    client_seed,
    distribution,
    par_hand,
    points_for,
    start,
    streak,
)
from app.daily.page import versus_par
from app.engine import HandKind, HandRecord
from app.engine.bots import expert
from app.engine.fairness import HandSeed, fair_deal

DAY = date(2026, 12, 1)
SEED = HandSeed("5e" * 32, client_seed(DAY))
QUICK = expert.Budget(samples=4, batch=4, discards=2, deadline=None)


def test_the_day_deals_the_fair_deal_of_its_seeds() -> None:
    match = start(SEED)
    deal = fair_deal(SEED.server_seed, SEED.client_seed, 1)
    assert match.hand.dealer == DEALER
    # The non-dealer (the player) gets the first card, as gin-shuffle-v1 deals it.
    assert set(match.hand.hands[PLAYER]) == set(deal.non_dealer)
    assert start(SEED) == match
    assert client_seed(DAY) == "gin-daily-v1:2026-12-01" != client_seed(DAY + timedelta(1))


def test_the_par_is_reproducible() -> None:
    assert par_hand(SEED, DAY, QUICK) == par_hand(SEED, DAY, QUICK)


def test_scores_are_from_the_players_seat() -> None:
    assert points_for(HandRecord(0, 13, HandKind.KNOCK)) == 13
    assert points_for(HandRecord(1, 25, HandKind.GIN)) == -25
    assert points_for(HandRecord(None, 0, HandKind.VOID)) == 0
    assert versus_par(13, 10) == "3 points above par"
    assert versus_par(-5, 7) == "12 points below par"
    assert versus_par(8, 7) == "1 point above par"
    assert versus_par(7, 7) == "on par"


def test_a_missed_day_shrinks_the_streak() -> None:
    days = [DAY + timedelta(n) for n in (0, 1, 2, 3, 5, 6)]  # day 4 missed
    assert streak(days, DAY + timedelta(6)) == 5
    assert streak(days[:4], DAY + timedelta(4)) == 4  # today not played yet: not missed
    assert streak(days[:4], DAY + timedelta(9)) == 0  # five days missed
    assert streak([], DAY) == 0


def test_the_distribution_has_a_bar_for_every_bucket_between() -> None:
    assert distribution([3, 7, 25, -12]) == [(-20, 1), (-10, 0), (0, 2), (10, 0), (20, 1)]
    assert distribution([]) == []
