"""Strength table of the computer levels (``docs/strength.md``): a benchmark, not a test.

**Protocol.** Matches to 100 under House rules. Mirrored pairs: each match seed is
played twice with the seats swapped (the same deals, each side getting the other's
cards), so the luck of the deal largely cancels; 95 % confidence intervals are
clustered by pair (the pair's mean is the unit). Opponents ("references"):

- ``simple`` — the reference Simple player written from its published description
  (``app/engine/bots/simple.py``), and any other level (``hard``, ...);
- ``openspiel`` — OpenSpiel's port of the simple player (``pip install -e '.[bench]'``)
  playing its own ``gin_rummy`` game, our level seeing only its seat's information.
  Every hand is settled by **this** engine under House rules the moment the knocker has
  discarded (optimal layoffs for the defender, ties are undercuts, the defender's melds
  count against gin), a hand reaching OpenSpiel's wall (two stock cards) is void as in
  our rules, and matches to 100 are played, dealer alternating, with the same mirrored
  pairs.

Reported per level: match wins, hands won, gin rate, undercuts given (won by us as
the defender) and received, hands per match, decision times (p50 / p95 / max).

Usage::

    .venv/bin/python bench/strength.py match hard simple --pairs 500 [--seed 1]
    .venv/bin/python bench/strength.py match expert openspiel --pairs 50
    .venv/bin/python bench/strength.py table --pairs 1000 --seeds 1 2 \\
        --cells easy:simple standard:simple hard:simple   # results saved, docs rendered
    .venv/bin/python bench/strength.py table --pairs 60 --minutes 40 --cells expert:simple
    .venv/bin/python bench/strength.py render   # docs/strength.md from saved results
    .venv/bin/python bench/strength.py compare expert simple   # versions, paired by seed
    .venv/bin/python bench/strength.py table --jobs 2 --pairs 500 --cells expert:simple

``--jobs N`` (or ``--workers N``) plays N pairs at once in separate processes (the
parent saves each finished pair; the CPU time per decision is each process's own, so
it does not depend on N). With the compiled core built (``make fast``) Expert makes the
same decisions in less CPU; each saved pair says which engine played (``core``).
Expert always plays its whole search here (no wall-clock cut, whatever
the load), and every decision's CPU time (of the process that made it) is recorded
beside its wall-clock time, so the CPU figures hold on a loaded machine.

``table`` appends every finished pair to ``bench/results/strength.jsonl.gz`` (so runs on
several days or seeds add up; a seed is never counted twice) and rewrites
``docs/strength.md``. The results file is committed with the doc it backs (about 0.6 kB a
pair, gzip): the published figures can be rendered again, and extended, from any checkout.
``make strength`` runs the whole table. Each pair is saved with the version of both
players (``app.engine.bots.VERSIONS``, bumped when a level's play changes); only pairs
of the current versions are counted, and ``compare`` sets the versions of a cell side
by side.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime as dt
import gzip
import json
import math
import multiprocessing
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.engine import (  # noqa: E402
    CORE_REVISION,
    HOUSE,
    Card,
    HandKind,
    NextHand,
    Phase,
    compiled_core,
)
from app.engine.bots import (  # noqa: E402
    LEVELS,
    REFERENCES,
    VERSIONS,
    choose_action,
    expert,
    hard_search,
)
from app.engine.layoff import lay_down  # noqa: E402
from app.engine.match import apply_match, match_view, new_match  # noqa: E402
from app.engine.scoring import Role  # noqa: E402
from bench import expert_ab  # noqa: E402

PLAYERS = LEVELS + REFERENCES
CORE = "compiled" if compiled_core() else "pure"
"""Which engine plays (``make fast``: the compiled core; the same decisions, less CPU),
saved with each pair since issue 28 (older pairs ran the pure engine), with its speed's
revision (``core_rev``: :data:`app.engine.CORE_REVISION`; 1 when not saved)."""


def timing_pairs(pairs: list[dict]) -> list[dict]:  # type: ignore[type-arg]
    """The pairs whose decision times count: those played by the fastest engine among
    ``pairs`` (the compiled core before the pure one, then the latest ``core_rev``);
    the others made the same decisions more slowly."""
    def engine(p: dict) -> tuple[bool, int]:  # type: ignore[type-arg]
        return p.get("core") == "compiled", p.get("core_rev", 1)

    if not pairs:
        return []
    fastest = max(engine(p) for p in pairs)
    return [p for p in pairs if engine(p) == fastest]

OPENSPIEL = "openspiel"
RESULTS = ROOT / "bench" / "results" / "strength.jsonl.gz"
"""Every saved pair, one JSON object a line, gzip-compressed (each append adds a gzip
member; about 0.6 kB a pair instead of 2 kB)."""


def saved_records() -> Iterator[dict[str, object]]:
    """The saved pairs in the order they were played (none when there is no file yet)."""
    if not RESULTS.exists():
        return
    with gzip.open(RESULTS, "rt") as handle:
        for line in handle:
            if line.strip():
                yield json.loads(line)
DOC = ROOT / "docs" / "strength.md"
TIME_BUCKET = 1.05
"""Decision times are kept as a histogram of buckets growing by 5 %."""


# --- One match's figures -------------------------------------------------------------


@dataclass
class MatchOutcome:
    """One match from level A's side: who won, hands, gins and undercuts by side, and a
    histogram of A's decision times (bucket → count; see :data:`TIME_BUCKET`)."""

    a_won: bool = False
    hands: int = 0
    voids: int = 0
    a_hands: int = 0
    b_hands: int = 0
    a_net: int = 0
    a_gins: int = 0
    b_gins: int = 0
    a_undercuts: int = 0
    b_undercuts: int = 0
    times: dict[int, int] = field(default_factory=dict)
    max_time: float = 0.0
    cpu_times: dict[int, int] = field(default_factory=dict)
    max_cpu: float = 0.0

    def hand(self, a_won: bool | None, points: int, kind: HandKind) -> None:
        """Count one hand: ``a_won`` None for a void hand."""
        if a_won is None:
            self.voids += 1
            return
        self.hands += 1
        if a_won:
            self.a_hands += 1
            self.a_net += points
        else:
            self.b_hands += 1
            self.a_net -= points
        if kind in (HandKind.GIN, HandKind.BIG_GIN):
            if a_won:
                self.a_gins += 1
            else:
                self.b_gins += 1
        elif kind is HandKind.UNDERCUT:
            if a_won:
                self.a_undercuts += 1
            else:
                self.b_undercuts += 1

    def timed(self, seconds: float, cpu: float) -> None:
        """Count one of A's decisions: wall-clock and CPU seconds of this process."""
        for histogram, value in ((self.times, seconds), (self.cpu_times, cpu)):
            bucket = round(math.log(max(value, 1e-6)) / math.log(TIME_BUCKET))
            histogram[bucket] = histogram.get(bucket, 0) + 1
        self.max_time = max(self.max_time, seconds)
        self.max_cpu = max(self.max_cpu, cpu)


def _timed_choice(level: str, view, rng: random.Random,  # type: ignore[no-untyped-def]
                  out: MatchOutcome | None):
    start, cpu = time.perf_counter(), time.process_time()
    action = choose_action(level, view, rng)
    if out is not None:
        out.timed(time.perf_counter() - start, time.process_time() - cpu)
    return action


# --- Our own matches ----------------------------------------------------------------


def play_match(level_a: str, level_b: str, seed: int, a_seat: int) -> MatchOutcome:
    """Play one match to 100 (House rules) in this engine; level A sits at ``a_seat``."""
    levels = {a_seat: level_a, 1 - a_seat: level_b}
    rngs = {p: random.Random(f"{seed}:{p}:{levels[p]}") for p in (0, 1)}
    match = new_match(HOUSE, seed=seed, first_dealer=1)
    out = MatchOutcome()
    counted = 0
    while True:
        if match.hand.phase is Phase.OVER:
            for record in match.records[counted:]:
                counted += 1
                out.hand(None if record.winner is None else record.winner == a_seat,
                         record.points, record.kind)
            if match.over:
                break
            match, _ = apply_match(match, 0, NextHand())
            continue
        player = match.hand.to_play
        view = match_view(match, player)
        action = _timed_choice(levels[player], view, rngs[player],
                               out if player == a_seat else None)
        match, _ = apply_match(match, player, action)
    out.a_won = match.tally.winner == a_seat
    return out


# --- OpenSpiel's simple bot (card id = suit * 13 + rank, suits s c d h, ace 0; actions
# 0-51 discard that card, 52 draw upcard, 53 draw stock, 54 pass, 55 knock) -----------

OS_SUITS = "SCDH"
DRAW_UPCARD, DRAW_STOCK, OS_PASS, OS_KNOCK, MELD_BASE = 52, 53, 54, 55, 56


def os_to_card(card_id: int):  # type: ignore[no-untyped-def]
    """Our :class:`Card` for an OpenSpiel card id."""
    from app.engine import Card

    rank = "A23456789TJQK"[card_id % 13]
    return Card.parse(rank + OS_SUITS[card_id // 13])


def card_to_os(card) -> int:  # type: ignore[no-untyped-def]
    """OpenSpiel's card id for our card."""
    return OS_SUITS.index(card.suit.value) * 13 + card.rank.number - 1


class SeatTracker:
    """Our seat's knowledge of an OpenSpiel hand, from public actions and our own cards.

    Opponent stock draws are never looked at (their chance outcomes are skipped), so the
    PlayerView built here holds only what this seat may know.
    """

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.hand: set[int] = set()
        self.pile: list[int] = []  # face-up cards, top last
        self.first_upcard: int | None = None
        self.opp_known: set[int] = set()
        self.own_discards: list[int] = []
        self.opp_discards: list[int] = []
        self.opp_declined: list[int] = []
        self.taken: int | None = None
        self.drawn: int | None = None  # our card drawn this turn (stock or pile)
        self.passes = 0
        self.turns = 0
        self.scores = (0, 0)  # match scores by seat, for the view

    def public(self, player: int, action: int, phase: str) -> None:
        """Record a player's action (chance outcomes go through :meth:`dealt`)."""
        me = player == self.seat
        if action == DRAW_UPCARD:
            card = self.pile.pop()
            if me:
                self.hand.add(card)
                self.taken = card
                self.drawn = card
            else:
                self.opp_known.add(card)
        elif action == DRAW_STOCK:
            if me:
                self.taken = None
            elif phase == "Draw" and self.pile:
                self.opp_declined.append(self.pile[-1])
        elif action == OS_PASS and phase == "FirstUpcard":
            self.passes += 1
            if not me and self.pile:
                self.opp_declined.append(self.pile[-1])
        elif action < 52 and phase in ("Discard", "Knock"):
            if me:
                self.hand.discard(action)
                self.own_discards.append(action)
                self.taken = None
            else:
                self.opp_known.discard(action)
                self.opp_discards.append(action)
            self.pile.append(action)
            self.turns += 1

    def dealt(self, card: int) -> None:
        """A card dealt or drawn to our seat."""
        self.hand.add(card)
        self.drawn = card

    def view(self, phase, legal, stock: int):  # type: ignore[no-untyped-def]
        """Our :class:`PlayerView` (House rules, knock limit 10) for this moment."""
        from app.engine import KnockLimit, PlayerView
        from app.engine.cards import to_mask
        from app.engine.melds import deadwood_by_discard_mask

        hand = tuple(sorted((os_to_card(c) for c in self.hand), key=lambda c: c.index))
        actions = []
        from app.engine import (
            Discard,
            DrawStock,
            Gin,
            Knock,
            Pass,
            TakeDiscard,
            TakeUpcard,
        )

        if phase is Phase.UPCARD_OFFER:
            actions = [TakeUpcard(), Pass()]
        elif phase is Phase.DRAW:
            actions = [DrawStock()] if legal == [DRAW_STOCK] else [DrawStock(), TakeDiscard()]
        else:
            after = deadwood_by_discard_mask(to_mask(hand), HOUSE)
            taken = os_to_card(self.taken) if self.taken is not None else None
            for card in hand:
                if card == taken:
                    continue
                actions.append(Discard(card))
                left = after[1 << card.index]
                if left == 0:
                    actions.append(Gin(card))
                elif left <= 10:
                    actions.append(Knock(card))
        return PlayerView(
            player=self.seat, rules=HOUSE, dealer=1, upcard=os_to_card(self.first_upcard or 0),
            limit=KnockLimit(10), hand=hand,
            discard_pile=tuple(os_to_card(c) for c in self.pile), stock_count=stock,
            phase=phase, to_play=self.seat,
            taken_from_pile=os_to_card(self.taken) if self.taken is not None else None,
            drawn=(os_to_card(self.drawn) if phase is Phase.DISCARD and self.drawn is not None
                   else None),
            opponent_card_count=10, opponent_known=frozenset(os_to_card(c)
                                                             for c in self.opp_known),
            own_discards=tuple(os_to_card(c) for c in self.own_discards),
            opponent_discards=tuple(os_to_card(c) for c in self.opp_discards),
            opponent_declined=tuple(os_to_card(c) for c in self.opp_declined),
            legal=tuple(actions), must_draw_stock=legal == [DRAW_STOCK], result=None,
            scores=self.scores,
        )




class OpenSpielSeat:
    """Our level playing one seat of an OpenSpiel hand through a :class:`SeatTracker`."""

    def __init__(self, level: str, seat: int, rng: random.Random,
                 out: MatchOutcome) -> None:
        self.level = level
        self.seat = seat
        self.tracker = SeatTracker(seat)
        self.rng = rng
        self.out = out
        self.queue: list[int] = []

    def _ask(self, phase: Phase, legal: list[int], stock: int):  # type: ignore[no-untyped-def]
        view = self.tracker.view(phase, legal, stock)
        assert len(view.hand) in (10, 11) and len(view.discard_pile) + stock + 20 + (
            len(view.hand) - 10) <= 52
        return _timed_choice(self.level, view, self.rng, self.out)

    def act(self, state, phase: str, legal: list[int]) -> int:  # type: ignore[no-untyped-def]
        """Our next OpenSpiel action (draw phases, discard, and the knocker's discard)."""
        from app.engine import Discard, DrawStock, Gin, Knock, Pass, TakeDiscard, TakeUpcard

        if self.queue:
            return self.queue.pop(0)
        tensor = state.observation_tensor(self.seat)
        mine = {c for c in range(52) if tensor[2 + 52 * self.seat + c]}
        assert mine == self.tracker.hand, "seat tracker lost our hand"
        stock = int(str(state).split("Stock size: ")[1].split()[0])
        if phase in ("FirstUpcard", "Draw"):
            ours = Phase.UPCARD_OFFER if OS_PASS in legal else Phase.DRAW
            action = self._ask(ours, legal, stock)
            if isinstance(action, TakeUpcard | TakeDiscard):
                return DRAW_UPCARD
            if isinstance(action, Pass):
                return OS_PASS
            assert isinstance(action, DrawStock)
            return DRAW_STOCK
        if phase == "Discard":
            action = self._ask(Phase.DISCARD, legal, stock)
            assert isinstance(action, Discard | Knock | Gin)
            card = card_to_os(action.card)
            if isinstance(action, Knock | Gin) and OS_KNOCK in legal:
                self.queue = [card]
                return OS_KNOCK
            return card
        raise AssertionError(f"unexpected OpenSpiel phase {phase}")


def _os_hand(state, player: int) -> list[Card]:  # type: ignore[no-untyped-def]
    tensor = state.observation_tensor(player)
    return [os_to_card(c) for c in range(52) if tensor[2 + 52 * player + c]]


def play_openspiel_hand(level: str, seat: int, deck: list[int], scores: tuple[int, int],
                        rng: random.Random, out: MatchOutcome) -> tuple[int | None, int, HandKind]:
    """One OpenSpiel ``gin_rummy`` hand: our ``level`` at ``seat`` (0 is offered the
    upcard first) vs OpenSpiel's simple bot, dealt from ``deck`` (card ids in order).

    The hand is settled by this engine under House rules as soon as the knocker has
    discarded; the wall (two stock cards left) is a void hand. Returns ``(winning seat
    or None, points, kind)``.
    """
    import pyspiel

    game = pyspiel.load_game("gin_rummy")
    bot = pyspiel.make_simple_gin_rummy_bot(game.get_parameters(), 1 - seat)
    state = game.new_initial_state()
    ours = OpenSpielSeat(level, seat, rng, out)
    tracker = ours.tracker
    tracker.scores = scores
    dealt = 0
    last_actor = -1
    while not state.is_terminal():
        if state.is_chance_node():
            card = deck[dealt]
            dealt += 1
            if dealt <= 20:
                if (dealt - 1) // 10 == seat:
                    tracker.dealt(card)
            elif dealt == 21:
                tracker.first_upcard = card
                tracker.pile.append(card)
            elif last_actor == seat:
                tracker.dealt(card)  # our own stock draw; the opponent's stays hidden
            state.apply_action(card)
            continue
        player = state.current_player()
        phase = str(state).split("Phase: ")[1].split("\n")[0].strip()
        if phase == "Wall":
            return None, 0, HandKind.VOID
        legal = state.legal_actions()
        action = bot.step(state) if player != seat else ours.act(state, phase, legal)
        assert action in legal, (phase, action, legal)
        tracker.public(player, action, phase)
        last_actor = player
        state.apply_action(action)
        if phase == "Knock" and action < 52:  # the knocker has discarded: settle
            settlement = lay_down(_os_hand(state, player), _os_hand(state, 1 - player), HOUSE)
            winner = player if settlement.winner is Role.KNOCKER else 1 - player
            return winner, settlement.points, settlement.kind
    raise AssertionError("an OpenSpiel hand ended without a knock or the wall")


def play_openspiel_match(level: str, seed: int, a_seat: int) -> MatchOutcome:
    """A match to 100 (House rules) of ``level`` vs OpenSpiel's simple bot. Match
    positions as in :func:`play_match` (position 1 deals first; the dealer alternates,
    a void hand is dealt again by the same dealer); hand ``n`` is dealt from
    ``Random(f"{seed}:{n}")``, so the mirror match sees the same deals."""
    out = MatchOutcome()
    rng = random.Random(f"os:{seed}:{a_seat}:{level}")
    points = [0, 0]  # by match position
    dealer = 1
    number = 0
    while max(points) < HOUSE.target:
        number += 1
        deck = list(range(52))
        random.Random(f"{seed}:{number}").shuffle(deck)
        # OpenSpiel's seat 0 is the non-dealer.
        os_seat_of = {1 - dealer: 0, dealer: 1}
        our_seat = os_seat_of[a_seat]
        by_seat = {os_seat_of[p]: points[p] for p in (0, 1)}
        winner, score, kind = play_openspiel_hand(level, our_seat, deck,
                                                  (by_seat[0], by_seat[1]), rng, out)
        if winner is None:
            out.hand(None, 0, kind)
            continue
        out.hand(winner == our_seat, score, kind)
        points[a_seat if winner == our_seat else 1 - a_seat] += score
        dealer = 1 - dealer
    out.a_won = points[a_seat] >= HOUSE.target
    return out


# --- Running pairs -------------------------------------------------------------------


def play_pair(level: str, opponent: str, seed: int) -> tuple[MatchOutcome, MatchOutcome]:
    """The two mirrored matches of ``seed``: ``level`` at position 0, then at 1."""
    if opponent == OPENSPIEL:
        return play_openspiel_match(level, seed, 0), play_openspiel_match(level, seed, 1)
    return play_match(level, opponent, seed, 0), play_match(level, opponent, seed, 1)


def _pair_job(args: tuple[str, str, int]) -> tuple[int, tuple[MatchOutcome, MatchOutcome]]:
    level, opponent, seed = args
    return seed, play_pair(level, opponent, seed)


def run_pairs(level: str, opponent: str, seeds: Iterable[int], workers: int,
              minutes: float | None = None) -> Iterator[tuple[int, tuple[MatchOutcome,
                                                                           MatchOutcome]]]:
    """Play the mirrored pair of every seed (in one process when ``workers`` is 1),
    yielding ``(seed, pair)`` as each finishes; with ``minutes``, no new pair is started
    after that long."""
    jobs = [(level, opponent, seed) for seed in seeds]
    stop = time.monotonic() + minutes * 60 if minutes else math.inf
    if workers <= 1:
        for job in jobs:
            if time.monotonic() > stop:
                return
            yield _pair_job(job)
        return
    with multiprocessing.Pool(workers) as pool:
        for result in pool.imap_unordered(_pair_job, jobs):
            yield result
            if time.monotonic() > stop:
                pool.terminate()
                return


# --- Figures -------------------------------------------------------------------------


def mean_ci(values: list[float]) -> tuple[float, float]:
    """Mean and half-width of its 95% confidence interval (normal approximation)."""
    n = len(values)
    if n == 0:
        return math.nan, math.nan
    mean = statistics.fmean(values)
    if n < 2:
        return mean, math.nan
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(n)


def ratio_ci(hits: list[float], totals: list[float]) -> tuple[float, float]:
    """A ratio of sums over pairs and its 95% interval clustered by pair (delta method)."""
    n = len(hits)
    total = sum(totals)
    if n == 0 or total == 0:
        return math.nan, math.nan
    r = sum(hits) / total
    if n < 2:
        return r, math.nan
    mean_t = total / n
    resid = [(h - r * t) / mean_t for h, t in zip(hits, totals, strict=True)]
    return r, 1.96 * statistics.stdev(resid) / math.sqrt(n)


def time_percentiles(histogram: dict[int, int], top: float) -> tuple[float, float, float]:
    """``(p50, p95, max)`` decision times in ms from a bucket histogram."""
    total = sum(histogram.values())
    if not total:
        return math.nan, math.nan, math.nan
    marks: list[float] = []
    for q in (0.5, 0.95):
        seen = 0
        for bucket in sorted(histogram):
            seen += histogram[bucket]
            if seen >= q * total:
                marks.append(TIME_BUCKET ** bucket * 1000)
                break
    return marks[0], marks[1], top * 1000


@dataclass
class Cell:
    """Every pair of one level against one opponent, with the figures of the table."""

    level: str
    opponent: str
    pairs: list[dict] = field(default_factory=list)  # type: ignore[type-arg]

    def figures(self) -> dict[str, float]:
        """Match wins, hands won, gin / undercut rates, hands per match, times."""
        ps = self.pairs
        pair_wins = [(p["m"][0]["a_won"] + p["m"][1]["a_won"]) / 2 for p in ps]

        def per_pair(key: str) -> list[float]:
            return [float(p["m"][0][key] + p["m"][1][key]) for p in ps]

        hands = per_pair("hands")
        histogram: dict[int, int] = {}
        cpu_histogram: dict[int, int] = {}
        top = top_cpu = 0.0
        timed = timing_pairs(ps)
        for p in timed:
            for m in p["m"]:
                for bucket, count in m["times"].items():
                    histogram[int(bucket)] = histogram.get(int(bucket), 0) + count
                for bucket, count in m.get("cpu_times", {}).items():
                    cpu_histogram[int(bucket)] = cpu_histogram.get(int(bucket), 0) + count
                top = max(top, m["max_time"])
                top_cpu = max(top_cpu, m.get("max_cpu", 0.0))
        p50, p95, pmax = time_percentiles(histogram, top)
        cpu50, cpu95, cpumax = time_percentiles(cpu_histogram, top_cpu)
        wins, wins_ci = mean_ci(pair_wins)
        decided, decided_ci = ratio_ci(per_pair("a_hands"), hands)
        gin, gin_ci = ratio_ci(per_pair("a_gins"), hands)
        opp_gin, _ = ratio_ci(per_pair("b_gins"), hands)
        given, given_ci = ratio_ci(per_pair("a_undercuts"), hands)
        received, received_ci = ratio_ci(per_pair("b_undercuts"), hands)
        hpm, hpm_ci = mean_ci([h / 2 for h in hands])
        seeds = sorted({p["seed"] for p in ps})
        return {"pairs": len(ps), "wins": wins, "wins_ci": wins_ci, "hands": decided,
                "hands_ci": decided_ci, "gin": gin, "gin_ci": gin_ci, "opp_gin": opp_gin,
                "given": given, "given_ci": given_ci, "received": received,
                "received_ci": received_ci, "hands_per_match": hpm, "hpm_ci": hpm_ci,
                "p50": p50, "p95": p95, "max": pmax,
                "cpu50": cpu50, "cpu95": cpu95, "cpumax": cpumax,
                "decisions": float(sum(histogram.values())),
                "timed_pairs": float(len(timed)),
                "seed_lo": float(seeds[0]) if seeds else math.nan,
                "seed_hi": float(seeds[-1]) if seeds else math.nan,
                "full_series": float(full_series(seeds, headline_pairs(self.level)))}


SERIES = 100_000
"""Seeds of one series are ``s * SERIES + i`` (``table --seeds s``)."""
HEADLINE_PAIRS, HEADLINE_SERIES = 1000, 2
"""A headline figure (docs/strength.md): at least this many pairs in each of this many series."""
HEADLINE_PAIRS_OF = {"expert": 500}
"""Levels whose headline needs fewer pairs a series (issue 28: Expert, 2 × 500 pairs; a
pair of Expert costs about 40 times Hard's CPU)."""


def headline_pairs(level: str) -> int:
    """The pairs a series needs for ``level``'s headline."""
    return HEADLINE_PAIRS_OF.get(level, HEADLINE_PAIRS)


def full_series(seeds: Iterable[int], pairs: int = HEADLINE_PAIRS) -> int:
    """How many seed series hold at least ``pairs`` of ``seeds``."""
    counts: dict[int, int] = {}
    for seed in seeds:
        counts[seed // SERIES] = counts.get(seed // SERIES, 0) + 1
    return sum(count >= pairs for count in counts.values())


def print_cell(cell: Cell) -> None:
    """Print one cell's figures."""
    f = cell.figures()
    print(f"== {cell.level} vs {cell.opponent}: {f['pairs']} mirrored pairs "
          f"({2 * f['pairs']} matches to 100, House rules)")
    print(f"match wins {f['wins']:.1%} ± {f['wins_ci']:.1%}; decided hands won "
          f"{f['hands']:.1%} ± {f['hands_ci']:.1%}; hands per match "
          f"{f['hands_per_match']:.1f}")
    print(f"gin rate {f['gin']:.1%} (opponent {f['opp_gin']:.1%}); undercuts given "
          f"{f['given']:.1%}, received {f['received']:.1%} (of decided hands)")
    print(f"{cell.level} decision time p50 {f['p50']:.2f} ms, p95 {f['p95']:.2f} ms, "
          f"max {f['max']:.1f} ms ({f['decisions']:.0f} decisions); CPU p50 "
          f"{f['cpu50']:.2f} ms, p95 {f['cpu95']:.2f} ms, max {f['cpumax']:.1f} ms")
    sys.stdout.flush()


def versions(level: str, opponent: str) -> list[int]:
    """The current versions of both players of a cell (:data:`app.engine.bots.VERSIONS`;
    OpenSpiel's bot and unlisted players are version 1)."""
    return [VERSIONS.get(level, 1), VERSIONS.get(opponent, 1)]


def load_cells(stale: dict[tuple[str, str], int] | None = None) -> dict[tuple[str, str], Cell]:
    """Every saved pair played by the current versions of both players (a record
    without ``versions`` was played by version 1 of both), by (level, opponent); a seed
    counted once per cell. Pairs of other versions are left out, counted in ``stale``
    when given."""
    cells: dict[tuple[str, str], Cell] = {}
    seen: set[tuple[str, str, int]] = set()
    for record in saved_records():
        if record.get("versions", [1, 1]) != versions(record["level"], record["opponent"]):
            if stale is not None:
                cell_key = (record["level"], record["opponent"])
                stale[cell_key] = stale.get(cell_key, 0) + 1
            continue
        key = (record["level"], record["opponent"], record["seed"])
        if key in seen:
            continue
        seen.add(key)
        cell = cells.setdefault(key[:2], Cell(key[0], key[1]))
        cell.pairs.append(record)
    return cells


def load_versions(level: str, opponent: str) -> dict[tuple[int, int], Cell]:
    """Every saved pair of one cell, by the versions of the two players that played it
    (a seed counted once per version)."""
    by_version: dict[tuple[int, int], Cell] = {}
    seen: set[tuple[tuple[int, int], int]] = set()
    for record in saved_records():
        if (record["level"], record["opponent"]) != (level, opponent):
            continue
        version = tuple(record.get("versions", [1, 1]))
        key = ((version[0], version[1]), record["seed"])
        if key in seen:
            continue
        seen.add(key)
        by_version.setdefault(key[0], Cell(level, opponent)).pairs.append(record)
    return by_version


def compare_versions(level: str, opponent: str) -> list[str]:
    """Markdown lines: each saved version of a cell, and every earlier version against
    the current one on the seeds both played (paired by seed: the same deals)."""
    by_version = load_versions(level, opponent)
    current = tuple(versions(level, opponent))
    lines = []
    for version, cell in sorted(by_version.items()):
        f = cell.figures()
        mark = " (current)" if version == current else ""
        lines.append(f"- {level} {version[0]} vs {opponent} {version[1]}{mark}: match wins "
                     f"{_pct(f['wins'], f['wins_ci'])}, hands won {_pct(f['hands'], f['hands_ci'])}"
                     f" over {f['pairs']} pairs")
    now = by_version.get((current[0], current[1]))
    for version, cell in sorted(by_version.items()):
        if now is None or version == current:
            continue
        old = {p["seed"]: p for p in cell.pairs}
        common = [p for p in now.pairs if p["seed"] in old]
        if len(common) < 2:
            continue
        diffs = [(p["m"][0]["a_won"] + p["m"][1]["a_won"]
                  - old[p["seed"]]["m"][0]["a_won"] - old[p["seed"]]["m"][1]["a_won"]) / 2
                 for p in common]
        gain, ci = mean_ci(diffs)
        lines.append(f"- {level} {current[0]} vs {opponent} {current[1]} minus {level} "
                     f"{version[0]} vs {opponent} {version[1]} on the {len(common)} seeds both "
                     f"played: {gain:+.1%} ± {ci:.1%} of match wins (paired by seed)")
    return lines


def run_cell(level: str, opponent: str, pairs: int, first_seeds: list[int], workers: int,
             minutes: float | None, save: bool) -> Cell:
    """Play ``pairs`` mirrored pairs from each first seed (seed series ``s * 100000 + i``),
    skipping saved ones; append each finished pair to the results file when ``save``."""
    done = {p["seed"] for p in load_cells().get((level, opponent), Cell(level, opponent)).pairs}
    seeds = [s * SERIES + i for i in range(pairs) for s in first_seeds]
    todo = [s for s in seeds if s not in done or not save]
    cell = Cell(level, opponent)
    started = time.monotonic()
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    for seed, (first, second) in run_pairs(level, opponent, todo, workers, minutes):
        record = {"level": level, "opponent": opponent, "seed": seed,
                  "versions": versions(level, opponent), "core": CORE,
                  "core_rev": CORE_REVISION,
                  "m": [asdict(first), asdict(second)]}
        cell.pairs.append(record)
        if save:
            with RESULTS.open("ab") as handle:  # one write: parallel runs may append too
                handle.write(gzip.compress((json.dumps(record) + "\n").encode()))
        if len(cell.pairs) % 50 == 0:
            print(f"  {level} vs {opponent}: {len(cell.pairs)} pairs, "
                  f"{time.monotonic() - started:.0f} s", flush=True)
    return cell


# --- docs/strength.md ------------------------------------------------------------------

TARGETS = {
    ("expert", "simple"): (0.75, None), ("expert", "hard"): (0.62, None),
    ("expert", OPENSPIEL): (0.70, None), ("hard", "simple"): (0.60, None),
    ("standard", "simple"): (0.48, 0.55), ("easy", "simple"): (0.20, 0.45),
}


CPU_TARGETS = {"hard": (30.0, None), "expert": (400.0, 1000.0)}
"""CPU per decision of one core (issue 28): p95 at most the first figure (ms), and the
longest decision at most the second (``None``: no bound)."""


def cpu_verdicts(cells: dict[tuple[str, str], Cell]) -> list[str]:
    """Markdown lines: each level's CPU per decision over all its current cells, against
    :data:`CPU_TARGETS`."""
    lines = []
    for level, (p95_most, max_most) in CPU_TARGETS.items():
        mine = [cell for (lv, _), cell in sorted(cells.items()) if lv == level]
        if not mine:
            continue
        f = Cell(level, "all", [p for cell in mine for p in cell.pairs]).figures()
        if math.isnan(f["cpu95"]):
            continue
        timed = timing_pairs([p for cell in mine for p in cell.pairs])
        engine = ("the compiled core" if timed[0].get("core") == "compiled" else
                  "the pure engine") + f" of revision {timed[0].get('core_rev', 1)}"
        met = f["cpu95"] <= p95_most and (max_most is None or f["cpumax"] <= max_most)
        want = f"p95 ≤ {p95_most:.0f} ms" + ("" if max_most is None else
                                              f", max ≤ {max_most:.0f} ms")
        lines.append(f"- {level} CPU per decision (one core, {f['decisions']:,.0f} "
                     f"decisions, the {f['timed_pairs']:.0f} pairs of its current cells played "
                     f"by {engine}): p50 "
                     f"{f['cpu50']:.1f} / p95 "
                     f"{f['cpu95']:.1f} / max {f['cpumax']:.0f} ms — target {want}: "
                     f"**{'met' if met else 'not met'}**")
    return lines


def _verdict(level: str, opponent: str, wins: float, ci: float) -> str:
    target = TARGETS.get((level, opponent))
    if target is None or math.isnan(wins):
        return ""
    low, high = target
    want = f"≥ {low:.0%}" if high is None else f"{low:.0%}–{high:.0%}"
    if math.isnan(ci):
        return f"target {want}: not established"
    lo, hi = wins - ci, wins + ci
    if high is None:
        status = "met" if lo >= low else "not met" if hi < low else "not established"
    else:
        inside = lo >= low and hi <= high
        outside = hi < low or lo > high
        status = "met" if inside else "not met" if outside else "not established"
    return f"target {want}: **{status}**"


def _pct(value: float, ci: float | None = None) -> str:
    if math.isnan(value):
        return "–"
    if ci is None or math.isnan(ci):
        return f"{value:.1%}"
    return f"{value:.1%} ± {ci:.1%}"


def _ms(p50: float, p95: float, top: float) -> str:
    if math.isnan(p50):
        return "not recorded"
    return f"{p50:.2f} / {p95:.2f} / {top:.0f} ms"


def _machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    return (f"{cpu}, {os.cpu_count()} logical CPUs, Python {platform.python_version()} "
            f"({platform.system()}); load average when rendered {load}")


CORE_SECTION = (
    "## The compiled core and Expert's CPU per decision (issue 28)",
    "",
    "`make fast` compiles the play-outs' modules (least deadwood, the best discard, the",
    "settlement of a knock, sampling the hidden hand, the play-out loop:",
    "`app.engine.CORE_MODULES`) with mypyc from the same source; the Docker image and CI",
    "build it, `make run` and `make test` build it when a C compiler is there and",
    "otherwise run the pure engine. The decisions are the same either way",
    "(`tests/unit/engine/test_compiled_core.py`: 100,000 hands, 100,000 knocks, 2,000",
    "play-outs and 20 whole searches answered alike).",
    "",
    "The core's speed has revisions (`app.engine.CORE_REVISION`), each making the very",
    "same decisions as the one before (`bench/playouts.py` prints a fingerprint of every",
    "play-out's value: the same on every revision and on the pure engine); the time",
    "figures (the CPU verdicts above, the table of every cell below) come from the pairs",
    "of the latest revision that played the cell. Revision 3 (2026-12-03) finds the best",
    "discard as one key per card instead of a table of every card",
    "(`melds.least_discard_mask`), a knock's arrangements from the choices of",
    "sets with each stretch of a suit melded whole (`melds.least_arrangements_mask`)",
    "instead of the general search over melds, carries each player's least deadwood from",
    "its discard to its next take decision, keeps the module's tables as `Final`",
    "constants (mypyc makes them C constants, not look-ups in the module's dict) and",
    "typed tuples, and samples the hidden cards from a view read once",
    "(`inference.Sampler`: the evidence read once, `random.shuffle`'s own algorithm on",
    "`getrandbits`, the weighted draw without building pairs). Side by side with",
    "revision 1 (commit 713ddb6), both at once on the two CPUs and again with the CPUs",
    "swapped (`bench/playouts.py --positions 40 --against <revision 1's checkout>`, load",
    "average 1.4 from the two; a first run gave 3.1×, 6.0× and 2.9× for the search, the",
    "settlement and the sampling):",
    "",
    "| | revision 1 | revision 3 |",
    "|---|---|---|",
    "| Expert's search: CPU a play-out (its share of the sampling in) | 352 µs | 137 µs (2.6×) |",
    "| least deadwood of 10 cards | 0.47 µs | 0.14 µs |",
    "| settlement of a knock (close calls for layoffs) | 48.4 µs | 5.0 µs (9.7×) |",
    "| sampling the hidden cards (a plausible opponent hand and the stock) | 216 µs | 84 µs |",
    "",
    "Revision 1's figures of 2026-12-01 and 2026-12-03 differed 2.5 times for the same",
    "code (7,984 and 2,956 play-outs per CPU second): this shared machine's speed varies",
    "from day to day and within an hour, so only figures measured side by side compare.",
    "",
    "256–512 worlds per candidate within the CPU target: the level's budget stops at",
    "2,000 play-outs a decision (a close discard with 6–9 candidates none of which is",
    "dropped gets 220–330 samples each; a take-or-pass decision up to 384). With no cap",
    "on play-outs and 512 samples per candidate, every candidate still in the search gets",
    "512 worlds (`w512` below, revision 3, 2026-12-06, single hands from 0–0): CPU per",
    "decision {w512_cpu}, against {e5_cpu} for the level's own budget on the",
    "same hands (`e5`): the capacity is there, well inside p95 ≤ 400 ms, max ≤ 1 s (a",
    "decision of a whole match weighs more: compare the level's CPU verdict above). The",
    "strength is not: {w512_gain} — no gain established, so the level keeps its budget",
    "(a new budget is a new version of the level, and every cell would be played again).",
    "",
    "Every Expert cell has the headline's 2 × 500 pairs or more. A pair cost about 13.5 s",
    "of one core with revision 3 on 2026-12-03 and 4–5 s on 2026-12-06 (the machine's speed",
    "varies); to play a cell again:",
    "",
    "      make fast",
    "      nice -n 10 .venv/bin/python bench/strength.py table --jobs 2 --pairs 500 \\",
    "          --seeds 1 2 --cells expert:simple expert:hard expert:openspiel",
)
"""The compiled core's section of ``docs/strength.md`` (figures measured for issue 28);
``{w512_cpu}``, ``{e5_cpu}`` and ``{w512_gain}`` are filled from
``bench/results/expert_ab.jsonl`` by :func:`core_section`."""


def core_section() -> list[str]:
    """:data:`CORE_SECTION` with the figures of the 512-worlds budget filled in from the
    saved A/B (``bench/expert_ab.py``: ``w512`` and ``e5``)."""
    figures = {"w512_cpu": expert_ab.cpu_figure("w512"), "e5_cpu": expert_ab.cpu_figure("e5"),
               "w512_gain": expert_ab.compare("w512", "e5", "simple")}
    return [line.format(**figures) for line in CORE_SECTION]


def render() -> str:
    """The text of ``docs/strength.md`` from the saved results."""
    stale: dict[tuple[str, str], int] = {}
    cells = load_cells(stale)
    order = [lv for lv in (*LEVELS, *REFERENCES)]
    opponents = [o for o in ("simple", "hard", OPENSPIEL) if any(k[1] == o for k in cells)]
    lines = [
        "# Strength of the computer levels",
        "",
        "Generated by `make strength` (`bench/strength.py`) on "
        f"{dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M} UTC from the pairs saved in "
        "`bench/results/strength.jsonl.gz`. Do not edit by hand.",
        "",
        "## Protocol",
        "",
        "- Matches to 100 under House rules (knock 10, gin 25, undercut 25, no big gin).",
        "- Mirrored pairs: each seed is played twice with the seats swapped (same deals).",
        "  95 % confidence intervals are clustered by pair (normal approximation over pair",
        "  means; ratios by the delta method).",
        "- *simple*: the reference Simple player written from its published description",
        "  (`app/engine/bots/simple.py`): take the face-up card only if it makes a new",
        "  meld, discard the unmelded card of highest deadwood (never the card just taken;",
        "  among equals the higher rank, a king before a ten, as OpenSpiel's port does),",
        "  knock as soon as allowed. Simple 1 broke such ties by suit and lost to OpenSpiel's",
        "  port (see *Versions*).",
        "- *openspiel*: OpenSpiel's port of the simple player in its own `gin_rummy` game;",
        "  every hand re-scored by this engine under House rules (optimal layoffs, ties are",
        "  undercuts, the defender's melds count against gin; OpenSpiel's wall is a void",
        "  hand), matches to 100 with the same mirrored pairs.",
        "- Decision times: wall clock per decision of the level in the benchmark process,",
        "  which ran at `nice -n 10` (issue 13's runs) or `nice -n 19` pinned to one core",
        "  (issue 28's), one process, on a machine shared with other work; and",
        "  the CPU time of that process per decision (what one core needs, whatever the",
        "  load). Expert plays here with its whole search",
        f"  (up to {expert.DEFAULT_BUDGET.samples} samples per candidate in batches of "
        f"{expert.DEFAULT_BUDGET.batch}, up to {expert.DEFAULT_BUDGET.playouts} play-outs) and",
        "  without the app's 0.6 s wall-clock deadline, so its strength does not depend on",
        "  the load of the machine; the CPU column shows what one core needs (the app's",
        "  deadline only ever cuts a search short on a starved server). Hard's knock",
        f"  search likewise runs its whole budget ({hard_search.BUDGET.samples} samples per "
        "candidate) without its 0.25 s deadline.",
        "- Versions: each pair is saved with the version of both players' play",
        "  (`app.engine.bots.VERSIONS`: "
        + ", ".join(f"{name} {number}" for name, number in sorted(VERSIONS.items()))
        + ", others 1); only pairs of the current versions are counted"
        + ("." if not stale else ";"),
        *([] if not stale else [
            "  set aside, played by earlier versions: "
            + ", ".join(f"{lv} vs {o} {n} pairs" for (lv, o), n in sorted(stale.items()))
            + " (see *Versions*)."]),
        "",
        f"Machine: {_machine()}.",
        "",
        "## Match wins (matches to 100)",
        "",
        "| level | " + " | ".join(f"vs {o}" for o in opponents) + " |",
        "|---|" + "---|" * len(opponents),
    ]
    for level in order:
        row = []
        for o in opponents:
            cell = cells.get((level, o))
            if cell is None or level == o:
                row.append("–")
                continue
            f = cell.figures()
            row.append(f"{_pct(f['wins'], f['wins_ci'])} ({f['pairs']} pairs)")
        if any(r != "–" for r in row):
            lines.append(f"| {level} | " + " | ".join(row) + " |")
    compared = sorted({key for key in stale} | {key for key in cells if key[0] in VERSIONS})
    if compared:
        lines += ["", "## Versions", "",
                  "Pairs played by earlier versions are not in the tables; here each version",
                  "of a changed level, and the current one against each earlier one on the",
                  "seeds both played (the same deals; a paired difference).", ""]
        for level, o in compared:
            lines += compare_versions(level, o)
    lines += ["", "## Targets (issues 13 and 28)", ""]
    for (level, o), _ in TARGETS.items():
        cell = cells.get((level, o))
        if cell is None:
            lines.append(f"- {level} vs {o}: **not measured**")
            continue
        f = cell.figures()
        headline = ("a headline figure" if f["full_series"] >= HEADLINE_SERIES else
                    f"below the headline's {HEADLINE_SERIES} × {headline_pairs(level):,} pairs")
        lines.append(f"- {level} vs {o}: {_pct(f['wins'], f['wins_ci'])} over "
                     f"{f['pairs']} pairs ({headline}) — "
                     f"{_verdict(level, o, f['wins'], f['wins_ci'])}")
    lines += cpu_verdicts(cells)
    from bench import hard_ab  # it plays through this module

    lines += ["", *core_section(), "", *hard_ab.report_lines(), *expert_ab.report_lines()]
    from bench import eaai  # it reads our guards' pairs through this module

    lines += eaai.section()
    lines += ["## Every cell", "",
              "| level | vs | pairs | match wins | hands won | gin rate (opp.) | "
              "undercuts given / received | hands per match | decision p50 / p95 / max "
              "(wall) | CPU p50 / p95 / max |",
              "|---|---|---|---|---|---|---|---|---|---|"]
    for level in order:
        for o in opponents:
            cell = cells.get((level, o))
            if cell is None:
                continue
            f = cell.figures()
            lines.append(
                f"| {level} | {o} | {f['pairs']} | {_pct(f['wins'], f['wins_ci'])} | "
                f"{_pct(f['hands'], f['hands_ci'])} | {_pct(f['gin'])} ({_pct(f['opp_gin'])}) "
                f"| {_pct(f['given'])} / {_pct(f['received'])} | "
                f"{f['hands_per_match']:.1f} | {f['p50']:.2f} / {f['p95']:.2f} / "
                f"{f['max']:.0f} ms | {_ms(f['cpu50'], f['cpu95'], f['cpumax'])} |")
    lines += ["", "Rates of gins and undercuts are per decided hand; *undercuts given* are",
              "hands the level won as the defender, *received* hands it lost that way.", ""]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    """Command line: see the module docstring."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    one = sub.add_parser("match", help="one level against one opponent, printed only")
    one.add_argument("level", choices=PLAYERS)
    one.add_argument("opponent", choices=(*PLAYERS, OPENSPIEL))
    one.add_argument("--pairs", type=int, default=100)
    one.add_argument("--seed", type=int, default=1, help="first seed series")
    one.add_argument("--jobs", "--workers", dest="workers", type=int, default=1,
                     help="pairs played at once, one process each")
    table = sub.add_parser("table", help="play cells, save the pairs, render the doc")
    table.add_argument("--cells", nargs="+", required=True, metavar="LEVEL:OPPONENT")
    table.add_argument("--pairs", type=int, default=1000, help="pairs per seed series")
    table.add_argument("--seeds", type=int, nargs="+", default=[1, 2])
    table.add_argument("--jobs", "--workers", dest="workers", type=int, default=1,
                       help="pairs played at once, one process each")
    table.add_argument("--minutes", type=float, default=None,
                       help="stop starting new pairs of a cell after this long")
    sub.add_parser("render", help="rewrite docs/strength.md from the saved pairs")
    versus = sub.add_parser("compare", help="each saved version of one cell, paired by seed")
    versus.add_argument("level", choices=PLAYERS)
    versus.add_argument("opponent", choices=(*PLAYERS, OPENSPIEL))
    args = parser.parse_args(argv)
    # Expert's whole search, whatever the load: the app stops starting samples after 0.6 s
    # of wall clock, which on a starved benchmark machine would measure the queue for a CPU.
    expert.DEFAULT_BUDGET = dataclasses.replace(expert.DEFAULT_BUDGET, deadline=None)
    hard_search.BUDGET = dataclasses.replace(hard_search.BUDGET, deadline=None)
    if args.command in ("match", "table"):
        engine = "compiled core" if CORE == "compiled" else "pure Python (no compiled core)"
        print(f"engine: {engine}; Expert's budget {expert.DEFAULT_BUDGET}"
              " (no wall-clock cut)", flush=True)
    if args.command == "match":
        print_cell(run_cell(args.level, args.opponent, args.pairs, [args.seed], args.workers,
                            None, save=False))
        return
    if args.command == "table":
        for spec in args.cells:
            level, opponent = spec.split(":")
            if level not in PLAYERS or opponent not in (*PLAYERS, OPENSPIEL):
                parser.error(f"unknown cell {spec}")
            run_cell(level, opponent, args.pairs, args.seeds, args.workers, args.minutes,
                     save=True)
            print_cell(load_cells()[(level, opponent)])
            DOC.write_text(render())
        return
    if args.command == "compare":
        print("\n".join(compare_versions(args.level, args.opponent)))
        return
    DOC.write_text(render())
    print(f"wrote {DOC.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
