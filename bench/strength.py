"""Strength ladder of the computer levels (issue 6): a benchmark run by hand, not a test.

Plays matches to 100 under House rules between two levels. Each match seed is played
twice with the seats swapped (the same deals, each level getting the other's cards), so
luck of the deal largely cancels. Prints match wins, hands won, points per hand, gins and
undercuts with 95% confidence intervals, and the time per decision (p50, p95, max) per
level. With the optional ``open-spiel`` package (``pip install -e '.[bench]'``) it also
plays each level against OpenSpiel's simple gin rummy bot in OpenSpiel's own
``gin_rummy`` game, our player seeing only its seat's information.

Usage::

    .venv/bin/python bench/strength.py hard standard --pairs 500
    .venv/bin/python bench/strength.py easy standard --pairs 200 --openspiel 0
    .venv/bin/python bench/strength.py --openspiel-only 500 --levels standard hard
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.engine import HOUSE, HandKind, NextHand, Phase  # noqa: E402
from app.engine.bots import LEVELS, choose_action  # noqa: E402
from app.engine.match import apply_match, match_view, new_match  # noqa: E402

# --- Our own matches ----------------------------------------------------------------


@dataclass
class MatchOutcome:
    """One match from level A's side: who won, and per hand A's net points and events."""

    a_won: bool
    hands: int = 0
    a_hands: int = 0
    b_hands: int = 0
    a_net: int = 0
    voids: int = 0
    gins: dict[str, int] = field(default_factory=lambda: {"a": 0, "b": 0})
    undercuts: dict[str, int] = field(default_factory=lambda: {"a": 0, "b": 0})
    times: dict[str, list[float]] = field(default_factory=lambda: {"a": [], "b": []})


def play_match(level_a: str, level_b: str, seed: int, a_seat: int) -> MatchOutcome:
    """Play one match to 100 (House rules); level A sits at ``a_seat``."""
    levels = {a_seat: level_a, 1 - a_seat: level_b}
    side = {a_seat: "a", 1 - a_seat: "b"}
    rngs = {p: random.Random(f"{seed}:{p}:{levels[p]}") for p in (0, 1)}
    match = new_match(HOUSE, seed=seed, first_dealer=1)
    out = MatchOutcome(a_won=False)
    counted = 0
    while True:
        if match.hand.phase is Phase.OVER:
            for record in match.records[counted:]:
                counted += 1
                if record.winner is None:
                    out.voids += 1
                    continue
                out.hands += 1
                who = side[record.winner]
                if who == "a":
                    out.a_hands += 1
                    out.a_net += record.points
                else:
                    out.b_hands += 1
                    out.a_net -= record.points
                if record.kind in (HandKind.GIN, HandKind.BIG_GIN):
                    out.gins[who] += 1
                elif record.kind is HandKind.UNDERCUT:
                    out.undercuts[who] += 1
            if match.over:
                break
            match, _ = apply_match(match, 0, NextHand())
            continue
        player = match.hand.to_play
        view = match_view(match, player)
        start = time.perf_counter()
        action = choose_action(levels[player], view, rngs[player])
        out.times[side[player]].append(time.perf_counter() - start)
        match, _ = apply_match(match, player, action)
    winner = match.tally.winner
    out.a_won = winner == a_seat
    return out


def _play_pair(args: tuple[str, str, int]) -> tuple[MatchOutcome, MatchOutcome]:
    level_a, level_b, seed = args
    return play_match(level_a, level_b, seed, 0), play_match(level_a, level_b, seed, 1)


def mean_ci(values: list[float]) -> tuple[float, float]:
    """Mean and half-width of its 95% confidence interval (normal approximation)."""
    n = len(values)
    if n == 0:
        return math.nan, math.nan
    mean = statistics.fmean(values)
    if n < 2:
        return mean, math.nan
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(n)


def prop_ci(hits: int, n: int) -> tuple[float, float]:
    """A proportion and the half-width of its 95% (Wilson-free normal) interval."""
    if n == 0:
        return math.nan, math.nan
    p = hits / n
    return p, 1.96 * math.sqrt(p * (1 - p) / n)


def percentiles(times: Iterable[float]) -> str:
    """``p50 / p95 / max`` of decision times in milliseconds."""
    ordered = sorted(times)
    if not ordered:
        return "n/a"

    def at(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000

    return (f"p50 {at(0.5):.2f} ms, p95 {at(0.95):.2f} ms, max {ordered[-1] * 1000:.2f} ms "
            f"({len(ordered)} decisions)")


def run_matches(level_a: str, level_b: str, pairs: int, seed: int, workers: int) -> None:
    """Play ``pairs`` seat-swapped match pairs and print the ladder figures."""
    jobs = [(level_a, level_b, seed + i) for i in range(pairs)]
    start = time.perf_counter()
    with multiprocessing.Pool(workers) as pool:
        results = pool.map(_play_pair, jobs, chunksize=1)
    elapsed = time.perf_counter() - start
    matches = [m for pair in results for m in pair]
    pair_wins = [(x.a_won + y.a_won) / 2 for x, y in results]
    a_hands = sum(m.a_hands for m in matches)
    b_hands = sum(m.b_hands for m in matches)
    hands = sum(m.hands for m in matches)
    per_pair_pph = [(x.a_net + y.a_net) / max(1, x.hands + y.hands) for x, y in results]
    per_pair_hand = [(x.a_hands + y.a_hands) / max(1, x.a_hands + y.a_hands + x.b_hands
                                                      + y.b_hands) for x, y in results]
    print(f"== {level_a} (A) vs {level_b} (B): {pairs} seat-swapped pairs = {len(matches)} "
          f"matches to 100, House rules, seeds {seed}..{seed + pairs - 1}, "
          f"{elapsed:.0f} s on {workers} workers")
    w, ci = mean_ci(pair_wins)
    print(f"match wins A: {sum(m.a_won for m in matches)}/{len(matches)} = {w:.1%} ± {ci:.1%}")
    h, hci = mean_ci(per_pair_hand)
    print(f"decided hands won A: {a_hands}/{a_hands + b_hands} = "
          f"{a_hands / max(1, a_hands + b_hands):.1%} (per-pair mean {h:.1%} ± {hci:.1%}); "
          f"void hands {sum(m.voids for m in matches)}")
    p, pci = mean_ci(per_pair_pph)
    print(f"net points per hand for A: {p:+.2f} ± {pci:.2f}")
    for who, level in (("a", level_a), ("b", level_b)):
        gins = sum(m.gins[who] for m in matches)
        unders = sum(m.undercuts[who] for m in matches)
        g, gci = prop_ci(gins, hands)
        u, uci = prop_ci(unders, hands)
        print(f"{who.upper()} {level:<8} gins {gins} ({g:.1%} ± {gci:.1%} of hands), "
              f"undercuts won {unders} ({u:.1%} ± {uci:.1%})")
    for who, level in (("a", level_a), ("b", level_b)):
        times = [t for m in matches for t in m.times[who]]
        print(f"time per decision {level:<8}: {percentiles(times)}")
    sys.stdout.flush()


# --- OpenSpiel's simple bot ------------------------------------------------------------
# OpenSpiel gin_rummy facts used here: card id = suit * 13 + rank (suits s, c, d, h;
# rank 0 = ace); actions 0-51 discard/lay off that card, 52 draw upcard, 53 draw stock,
# 54 pass, 55 knock, 56+ lay a meld; player 0 is offered the first upcard; when two
# stock cards are left after a discard the next player may only knock (taking the
# upcard) or pass, which ends the hand with no score; a knock is followed by the
# knocker's discard, their melds and a pass, then the defender's layoffs, a pass, their
# melds and a pass. Returns: knocker's deadwood difference (+25 gin; -25 when negative);
# a tie scores 0.

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
        )


def os_card_text(code: str):  # type: ignore[no-untyped-def]
    """Our card from OpenSpiel's two-character card text (``"Ts"``)."""
    from app.engine import Card

    return Card.parse(code[0] + code[1].upper())


def _meld_cards(state, player: int, action: int) -> frozenset[int]:  # type: ignore[no-untyped-def]
    """The OpenSpiel card ids of a meld action (from its public text)."""
    text = state.action_to_string(player, action).split("Action: ")[1]
    return frozenset(card_to_os(os_card_text(text[i:i + 2])) for i in range(0, len(text), 2))


def _laid_melds(state, seat: int, player: int) -> list[frozenset[int]]:  # type: ignore[no-untyped-def]
    """Melds ``player`` has laid so far, read from ``seat``'s observation tensor."""
    tensor = state.observation_tensor(seat)
    base = 2 + 104 + 2 + 10 + 52 + 52 + 52 + player * 185
    return [_meld_cards(state, seat, MELD_BASE + i) for i in range(185) if tensor[base + i]]


def _layoff_plan(hand: frozenset[int], melds: list[frozenset[int]]) -> list[int]:
    """Our cards to lay off, in a legal order, onto the knocker's melds for the least
    deadwood left."""
    from app.engine.cards import to_mask
    from app.engine.melds import least_deadwood_mask, meld_kind

    def mask(cards: Iterable[int]) -> int:
        return to_mask(os_to_card(c) for c in cards)

    best: tuple[int, list[int]] = (least_deadwood_mask(mask(hand), HOUSE), [])

    def search(left: frozenset[int], lay: list[frozenset[int]], seq: list[int]) -> None:
        nonlocal best
        for card in sorted(left):
            for i, meld in enumerate(lay):
                grown = meld | {card}
                if meld_kind(mask(grown), HOUSE) is None:
                    continue
                rest = left - {card}
                value = least_deadwood_mask(mask(rest), HOUSE)
                if value < best[0]:
                    best = (value, seq + [card])
                search(rest, lay[:i] + [grown] + lay[i + 1:], seq + [card])

    search(hand, melds, [])
    return best[1]


class OpenSpielSeat:
    """Our level playing one seat of an OpenSpiel hand through a :class:`SeatTracker`."""

    def __init__(self, level: str, seat: int, seed: int) -> None:
        self.level = level
        self.seat = seat
        self.tracker = SeatTracker(seat)
        self.rng = random.Random(f"os:{seed}:{seat}:{level}")
        self.times: list[float] = []
        self.queue: list[int] = []
        self.layoffs: list[int] | None = None
        self.out: set[int] = set()  # cards laid in melds or laid off

    def _ask(self, phase: Phase, legal: list[int], stock: int):  # type: ignore[no-untyped-def]
        view = self.tracker.view(phase, legal, stock)
        assert len(view.hand) in (10, 11) and len(view.discard_pile) + stock + 20 + (
            len(view.hand) - 10) <= 52
        start = time.perf_counter()
        action = choose_action(self.level, view, self.rng)
        self.times.append(time.perf_counter() - start)
        return action

    def act(self, state, phase: str, legal: list[int]) -> int:  # type: ignore[no-untyped-def]
        """Our next OpenSpiel action."""
        from app.engine import Discard, DrawStock, Gin, Knock, Pass, TakeDiscard, TakeUpcard

        if self.queue:
            return self.queue.pop(0)
        tensor = state.observation_tensor(self.seat)
        mine = {c for c in range(52) if tensor[2 + 52 * self.seat + c]}
        if phase != "Wall":
            assert mine == self.tracker.hand - self.out, "seat tracker lost our hand"
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
        if phase == "Wall":
            if OS_KNOCK not in legal:
                return OS_PASS
            # A knock at the wall takes the upcard: ask as if we had taken it.
            tracker = self.tracker
            top = tracker.pile.pop()
            tracker.hand.add(top)
            tracker.taken = top
            action = self._ask(Phase.DISCARD, legal, stock)
            tracker.hand.discard(top)
            tracker.pile.append(top)
            tracker.taken = None
            if isinstance(action, Knock | Gin):
                self.queue = [card_to_os(action.card)]
                return OS_KNOCK
            return OS_PASS
        if phase == "Knock":
            return self._lay_melds(state, legal)
        if phase == "Layoff":
            cards = [a for a in legal if a < 52]
            if cards:
                if self.layoffs is None:
                    hand = frozenset(self.tracker.hand - self.out)
                    self.layoffs = _layoff_plan(hand, _laid_melds(state, self.seat,
                                                                  1 - self.seat))
                if self.layoffs and self.layoffs[0] in cards:
                    card = self.layoffs.pop(0)
                    self.out.add(card)
                    return card
                return OS_PASS
            return self._lay_melds(state, legal)
        raise AssertionError(f"unexpected OpenSpiel phase {phase}")

    def _lay_melds(self, state, legal: list[int]) -> int:  # type: ignore[no-untyped-def]
        """Lay the next meld of our best arrangement, or pass when none is left."""
        from app.engine.melds import best_arrangement

        hand = self.tracker.hand - self.out
        if len(hand) == 11:  # knocked, discard still to come: handled by the queue
            raise AssertionError("discard before laying melds")
        arrangement = best_arrangement([os_to_card(c) for c in hand], HOUSE)
        wanted = {frozenset(card_to_os(c) for c in meld.cards) for meld in arrangement.melds}
        for action in legal:
            if action >= MELD_BASE:
                cards = _meld_cards(state, self.seat, action)
                if cards in wanted:
                    self.out |= cards
                    return action
        return OS_PASS


def play_openspiel_hand(level: str, seat: int, seed: int) -> tuple[float, list[float]]:
    """One OpenSpiel gin_rummy hand: our ``level`` at ``seat`` vs the simple bot.

    The deck order comes from ``seed`` alone, so the same deal can be played from both
    seats. Returns our return (points, positive when we scored) and our decision times.
    """
    import pyspiel

    game = pyspiel.load_game("gin_rummy")
    bot = pyspiel.make_simple_gin_rummy_bot(game.get_parameters(), 1 - seat)
    deck = list(range(52))
    random.Random(seed).shuffle(deck)
    state = game.new_initial_state()
    ours = OpenSpielSeat(level, seat, seed)
    tracker = ours.tracker
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
        legal = state.legal_actions()
        action = bot.step(state) if player != seat else ours.act(state, phase, legal)
        assert action in legal, (phase, action, legal)
        if phase == "Wall" and action == OS_KNOCK:
            tracker.public(player, DRAW_UPCARD, "Draw")
        elif phase != "Layoff" and not (phase == "Knock" and action >= MELD_BASE):
            tracker.public(player, action, phase)
        last_actor = player
        state.apply_action(action)
    return state.returns()[seat], ours.times


def _play_os(args: tuple[str, int, int]) -> tuple[str, int, float, list[float]]:
    level, seed, seat = args
    ret, times = play_openspiel_hand(level, seat, seed)
    return level, seat, ret, times


def run_openspiel(levels: list[str], hands: int, seed: int, workers: int) -> None:
    """Each level vs OpenSpiel's simple bot: ``hands`` deals, each played from both seats."""
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("open-spiel is not installed (pip install -e '.[bench]'): skipping "
              "the OpenSpiel comparison")
        return
    jobs = [(level, seed + i, seat) for level in levels for i in range(hands) for seat in (0, 1)]
    start = time.perf_counter()
    with multiprocessing.Pool(workers) as pool:
        results = pool.map(_play_os, jobs, chunksize=4)
    elapsed = time.perf_counter() - start
    print(f"== vs OpenSpiel simple bot (gin_rummy, knock 10, gin 25, undercut 25): "
          f"{hands} deals x 2 seats per level, {elapsed:.0f} s")
    for level in levels:
        rets = [r for lv, _, r, _ in results if lv == level]
        won = sum(r > 0 for r in rets)
        lost = sum(r < 0 for r in rets)
        p, ci = prop_ci(won, won + lost)
        pts, pci = mean_ci(rets)
        times = [t for lv, _, _, ts in results if lv == level for t in ts]
        print(f"{level:<8} decided hands won {won}/{won + lost} = {p:.1%} ± {ci:.1%}; "
              f"points per hand {pts:+.2f} ± {pci:.2f} ({len(rets) - won - lost} "
              f"hands unscored); {percentiles(times)}")
    sys.stdout.flush()


def main(argv: list[str] | None = None) -> None:
    """Command line: see the module docstring."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("level_a", nargs="?", choices=LEVELS, default="hard")
    parser.add_argument("level_b", nargs="?", choices=LEVELS, default="standard")
    parser.add_argument("--pairs", type=int, default=100,
                        help="seat-swapped match pairs (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="first match seed")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--openspiel", type=int, default=0, metavar="DEALS",
                        help="also play DEALS deals (x2 seats) per level vs OpenSpiel")
    parser.add_argument("--levels", nargs="*", choices=LEVELS, default=list(LEVELS),
                        help="levels to play against OpenSpiel")
    parser.add_argument("--openspiel-only", action="store_true")
    args = parser.parse_args(argv)
    if not args.openspiel_only:
        run_matches(args.level_a, args.level_b, args.pairs, args.seed, args.workers)
    if args.openspiel:
        run_openspiel(args.levels, args.openspiel, args.seed, args.workers)


if __name__ == "__main__":
    main()
