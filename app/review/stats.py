"""Match reports and statistics, computed from the stored hands of one
browser (``play_hand``) and their analyses (``hand_review``); practice hands are never
read.

The statistics are kept, so that a view costs the same whatever the history: each
match's facts from each seat (``match_stats``: its hands replayed once, its analysis,
its result; rebuilt when its stamp moves, replaying only the hands not kept yet) and
each browser's figures in no language (``browser_stats``: current while its
``generation``, bumped with every change that moves them by ``app.core.statcache``,
equals ``built``). :func:`stats` reads that one row, or folds the kept facts when it
is behind; :func:`recomputed` is the same figures from nothing, as every view computed
them before (the tests hold the two equal). The exports stream from the kept facts
(:func:`exported_matches`, :func:`exported_hands`). A match report is computed from its
own match's rows on each visit.

Friend matches are counted apart from the matches against the computer (the
figures by level are the computer's alone), each from the viewing player's own seat:
their hands won, their knocks, their decisions' accuracy.

Charts are drawn on the server as plain SVG (:class:`Chart`: the template only places
the points computed here), so they need no script and fit the Content-Security-Policy.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any, cast

from sqlalchemy import func, or_, update
from sqlalchemy import select as columns
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import defer
from sqlmodel import Session, SQLModel, col, select

from app.core.i18n import gettext, ngettext, percent, signed
from app.core.models import BrowserStats, HandReview, MatchStats, PlayHand, PlayMatch, utcnow
from app.engine import HandKind, HandRecord, Rules, hollywood_tally, match_tally, standing
from app.engine.bots.equity import match_equity
from app.engine.rating import MARKS, LuckAndPlay, Rating, accuracy, combined, luck_and_play
from app.engine.review import hand_positions
from app.review.history import (
    NotInHistoryError,
    RatedStep,
    analysis_view,
    match_number,
    match_scores,
    own_match,
    rated_step,
    records_of,
    seat_in,
)
from app.review.skill import (
    LEVEL_WIN_RATES,
    START_RATING,
    FinishedMatch,
    Skill,
    SkillPoint,
    level_skill,
    skill_history,
)
from app.table.common import LEVEL_LABELS, PERSON, seats_of
from app.table.storage import hand_seed
from app.table.words import game_lines
from app.web.charts import Chart, line_chart, percent_bars, percent_line

FRIENDS = "friends"
"""The "level" of friend matches in the matches-by-level lines."""


def skill_chart(points: Sequence[SkillPoint]) -> Chart:
    """The rating after each finished match (a line from the start, 1500), with
    gridlines every 100 points around it."""
    values = [START_RATING, *(p.skill.rating for p in points)]
    low = min(100 * math.floor(min(values) / 100), START_RATING - 100)
    high = max(100 * math.ceil(max(values) / 100), START_RATING + 100)
    grid = range(int(low), int(high) + 1, 100 if high - low <= 400 else 200)
    return line_chart(gettext("Your rating, match by match"), values,
                      [gettext("start"), *(f"#{i}" for i in range(1, len(points) + 1))],
                      (low, high, tuple(grid)))


# --- Hands as facts ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HandRow:
    """One finished hand as the statistics and exports see it: ``seat`` is the viewing
    player's (0, or 1 for the friend who joined a friend match), ``winner`` and
    ``knocker`` stay seat numbers (``None`` on a void hand); ``knocker_deadwood`` the
    knocker's deadwood; ``person_turns`` how many times the viewing player drew in it."""

    match_id: int
    number: int
    finished_at: datetime | None
    level: str
    dealer: int
    winner: int | None
    kind: str
    points: int
    knocker: int | None
    knocker_deadwood: int | None
    person_turns: int
    actions: int
    seat: int = PERSON
    friend: bool = False


def _hand_row(game: PlayMatch, hand: PlayHand, seat: int = PERSON) -> HandRow:
    """Replay ``hand`` for what its row does not hold (who knocked, deadwood, turns)."""
    assert game.id is not None
    log = [(int(p), str(t)) for p, t in hand.log]
    state = hand_positions(Rules.from_dict(game.rules), hand_seed(hand, game), hand.number,
                           hand.dealer, log)[-1].state
    result = state.result
    knocker = result.knocker if result is not None else None
    deadwood = result.settlement.knocker_deadwood \
        if result is not None and result.settlement is not None else None
    turns = sum(1 for p, t in log if p == seat and t in ("draw_stock", "take_discard",
                                                        "take_upcard"))
    return HandRow(game.id, hand.number, hand.finished_at, game.level, hand.dealer,
                   hand.winner, hand.kind or "void", hand.points, knocker, deadwood, turns,
                   len(log), seat, game.friend)


def browser_hands(db: Session, session_id: str) -> tuple[list[PlayMatch], list[HandRow]]:
    """Every match of this browser (oldest first: against the computer, and friend
    matches it invited to or joined) and its finished hands in order, each seen from
    this browser's seat."""
    games = list(db.exec(select(PlayMatch).where(or_(
        col(PlayMatch.session_id) == session_id,
        col(PlayMatch.friend) & (col(PlayMatch.guest_session_id) == session_id)))
        .order_by(col(PlayMatch.id))).all())
    by_id = {game.id: game for game in games}
    hands = db.exec(select(PlayHand).where(col(PlayHand.match_id).in_(list(by_id)),
                                           col(PlayHand.finished))
                    .order_by(col(PlayHand.match_id), col(PlayHand.number))).all()
    return games, [_hand_row(by_id[h.match_id], h, seat_in(by_id[h.match_id], session_id))
                   for h in hands]


def _reviews(db: Session, seats: dict[int, int]) -> dict[tuple[int, int], list[Rating]]:
    """The stored ratings of the matches ``seats`` maps to the viewer's seat in each,
    by (match id, hand number): only that seat's own decisions."""
    rows = db.exec(select(HandReview).where(col(HandReview.match_id).in_(list(seats)),
                                            HandReview.status == "done")).all()
    return {(r.match_id, r.number): [Rating.from_stored(d) for d in r.ratings] for r in rows
            if r.seat == seats[r.match_id]}


# --- Match report ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CostlyDecision:
    """One of a match's costliest decisions, with the hand it was in."""

    number: int
    step: RatedStep


@dataclass(frozen=True, slots=True)
class MatchReport:
    """A match report seen from the viewer's seat: their accuracy and marks over the
    analysed hands, their three costliest decisions, and their chance to win the match
    before each hand. ``scores`` are the viewer's first; ``opponent`` names the other
    player as a heading does ("Standard computer", "your friend Ann"), ``other`` in a
    sentence ("computer", "Ann")."""

    match_id: int
    level: str
    scores: tuple[int, int]
    over: bool
    result: str
    hands: int
    analysed: int
    accuracy: float | None
    counts: dict[str, int]
    costliest: tuple[CostlyDecision, ...]
    chart: Chart | None
    opponent: str = ""
    other: str = "computer"
    number: int = 0
    """This browser's own count of the match (see :func:`app.review.history.match_number`)."""
    luck: float | None = None
    play: float | None = None
    """Over the analysed hands, how much the viewer's chance to win the match moved
    through the cards (``luck``) and through their decisions (``play``, ≤ 0), in
    percentage points (:func:`app.engine.rating.luck_and_play`); ``None`` before any
    hand is analysed."""
    games: tuple[str, ...] = ()
    """Hollywood: each game's line, and ``scores`` are the totals over the three games
    (:func:`app.review.history.match_scores`); ``()`` for a plain match."""
    split: LuckAndPlay | None = None
    """:attr:`luck` and :attr:`play` with the chances they split the change of
    (:func:`app.engine.rating.combined` over the analysed hands); ``None`` before any."""

    @property
    def luck_words(self) -> str:
        """:attr:`split` in a sentence (``""`` before any analysis)."""
        return "" if self.split is None else luck_sentence(self.split)


def match_chances(rules: Rules, results: Sequence[tuple[int | None, int]],
                  me: int) -> list[float]:
    """Player ``me``'s chance to win the match (percent) at the start and after each
    hand, from the hands' ``(winner seat or None, points)`` in order, for two equal
    players (:func:`~app.engine.bots.equity.match_equity`), at the points the next hand
    is played at (:func:`app.engine.standing`: Hollywood, the first open game's, as
    the analysis rates the hand) and, in a match of a number of hands, with the hands
    left after those played."""
    records = [HandRecord(winner, points) for winner, points in results]
    chances = []
    for played in range(len(records) + 1):
        points = standing(records[:played], rules)
        chances.append(100 * match_equity(rules, points[me], points[1 - me], played))
    return chances


def luck_by_hand(chances: Sequence[float],
                 ratings: Sequence[list[Rating] | None]) -> list[LuckAndPlay]:
    """Luck and play of each analysed hand (``ratings[i]`` is ``None`` for a hand not
    analysed yet) from the chances before and after it (:func:`match_chances`)."""
    return [luck_and_play(chances[i] / 100, chances[i + 1] / 100, rated)
            for i, rated in enumerate(ratings) if rated is not None]


def luck_sentence(split: LuckAndPlay) -> str:
    """Luck and play in words, as a split of the change of the chance to win the match
    that adds up to it in the whole points shown (issue 48): "Your chance to win the
    match went from 50% to 0%: 0 points from the cards, −50 from your play." The cards'
    figure is the rounded change less the rounded play, so the two always add up."""
    before, after = round(split.before), round(split.after)
    play = round(split.play)
    return gettext("Your chance to win the match went from %(before)s to %(after)s: "
                   "%(cards)s points from the cards, %(play)s from your play.",
                   before=percent(before / 100), after=percent(after / 100),
                   cards=signed(after - before - play), play=signed(play))


def luck_average_sentence(luck: Sequence[tuple[float, float]]) -> str:
    """Luck and play of several matches (``(luck, play)`` each, in points, as
    :func:`luck_sentence` splits one) in words, on average per match, so the figures stay
    on the scale of one match: "Over 3 matches, on average a match: +4 points of your
    chance to win it from the cards, −6 from your play." (``""`` without any)."""
    if not luck:
        return ""
    play = round(sum(x[1] for x in luck) / len(luck))
    total = round(sum(x[0] + x[1] for x in luck) / len(luck))
    return ngettext("Over %(num)d match: %(cards)s points of your chance to win it from the "
                    "cards, %(play)s from your play.",
                    "Over %(num)d matches, on average a match: %(cards)s points of your "
                    "chance to win it from the cards, %(play)s from your play.",
                    len(luck), cards=signed(total - play), play=signed(play))


@dataclass(frozen=True, slots=True)
class HandLuck:
    """Luck and play of one finished hand from the viewer's seat, for the result panel's
    line (issue 29): ``status`` is ``"done"`` (``split`` holds the figures),
    ``"analysing"`` (the analysis is still running: ask again), ``"pending"`` (no
    analysis of the hand stored yet: ask again, briefly) or ``"none"`` (nothing to show:
    analysis off, failed, or the hand is not analysed for this seat)."""

    status: str
    split: LuckAndPlay | None = None

    @property
    def words(self) -> str:
        """The line: "Your chance to win the match went from 50% to 56%: +8 points from
        the cards, −2 from your play." (``""`` unless done)."""
        if self.split is None:
            return ""
        return luck_sentence(self.split)


def hand_luck(db: Session, session_id: str, match_id: int, number: int) -> HandLuck:
    """How much this browser's chance to win match ``match_id`` moved in its finished
    hand ``number`` through the cards and through its decisions (the same split as the
    match report: :func:`luck_by_hand` over :func:`match_chances`).

    Raises:
        NotInHistoryError: no such match of this browser, or no such finished hand.
    """
    game = own_match(db, session_id, match_id)
    assert game.id is not None
    rows = db.exec(select(PlayHand).where(PlayHand.match_id == game.id, col(PlayHand.finished),
                                          col(PlayHand.number) <= number)
                   .order_by(col(PlayHand.number))).all()
    if not rows or rows[-1].number != number:
        raise NotInHistoryError("This hand is not finished.")
    me = seat_in(game, session_id)
    review = db.get(HandReview, (game.id, number, me))
    status = analysis_view(review).status
    if review is None or status != "done":  # none yet: its row is written as the hand ends
        return HandLuck({"analysing": "analysing", "none": "pending"}.get(status, "none"))
    chances = match_chances(Rules.from_dict(game.rules),
                            [(row.winner, row.points) for row in rows], me)
    ratings = [Rating.from_stored(d) for d in review.ratings]
    return HandLuck("done", luck_by_hand(chances[-2:], [ratings])[0])


def match_report(db: Session, session_id: str, match_id: int | None) -> MatchReport:
    """The report of this browser's match ``match_id``, from its own seat (either
    player of a friend match).

    Raises:
        NotInHistoryError: no such match of this browser (or no finished hand in it).
    """
    game = own_match(db, session_id, match_id)
    assert game.id is not None
    rows = db.exec(select(PlayHand).where(PlayHand.match_id == game.id, col(PlayHand.finished))
                   .order_by(col(PlayHand.number))).all()
    if not rows:
        raise NotInHistoryError(gettext("This match has no finished hand yet."))
    rules = Rules.from_dict(game.rules)
    seats = seats_of(game, seat_in(game, session_id))
    me = seats.me
    reviews = _reviews(db, {game.id: me})
    records = records_of(rows)
    tally = match_tally(records, rules)
    chances = match_chances(rules, [(row.winner, row.points) for row in rows], me)
    ratings = [r for row in rows for r in reviews.get((game.id, row.number), [])]
    splits = luck_by_hand(chances, [reviews.get((game.id, row.number)) for row in rows])
    whole = combined(splits) if splits else None
    costly = sorted(((row.number, r) for row in rows for r in reviews.get((game.id,
                                                                           row.number), [])
                     if r.loss > 0), key=lambda item: (-item[1].loss, item[0], item[1].index))
    chart = percent_line(gettext("Your chance to win the match, hand by hand"), chances,
                         [gettext("start"), *(gettext("hand %(number)s", number=row.number)
                                              for row in rows)])
    level = gettext(LEVEL_LABELS.get(game.level, game.level.title()))
    if not game.over:
        result = gettext("Match not finished")
    elif tally.winner is None:
        result = gettext("The match is a tie")
    elif tally.winner == me:
        result = gettext("You won the match")
    elif seats.friend:
        result = gettext("%(name)s won the match", name=seats.other_name)
    else:
        result = gettext("The computer won the match")
    return MatchReport(
        game.id, level, match_scores(tally, rules, seats), game.over, result,
        len(rows), sum((game.id, row.number) in reviews for row in rows), accuracy(ratings),
        {name: sum(r.mark == name for r in ratings) for _, name in MARKS},
        tuple(CostlyDecision(number, rated_step(r))
              for number, r in costly[:3]),
        chart, gettext("your friend %(name)s", name=seats.other_name) if seats.friend
        else gettext("%(level)s computer", level=level),
        seats.named, match_number(db, session_id, game.id),
        whole.luck if whole else None, whole.play if whole else None,
        game_lines(hollywood_tally(records, rules) if rules.hollywood else None, seats),
        whole)


# --- Statistics ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LevelLine:
    """Matches finished against one level, and how many the person won."""

    level: str
    matches: int
    won: int

    @property
    def rate(self) -> float:
        """Win rate in percent (0 without matches)."""
        return 100.0 * self.won / self.matches if self.matches else 0.0


@dataclass(frozen=True, slots=True)
class Stats:
    """The statistics of a browser (see :func:`stats`)."""

    levels: tuple[LevelLine, ...]
    hands: int
    hands_won: int
    hands_lost: int
    voids: int
    gins: int
    undercuts_given: int
    undercuts_received: int
    knocks: int
    average_knock_deadwood: float | None
    average_turns_to_knock: float | None
    points_per_hand: float | None
    net_points_per_hand: float | None
    longest_streak: int
    accuracy: tuple[tuple[int, float], ...]
    charts: tuple[Chart, ...] = field(default=())
    luck: tuple[tuple[int, float, float], ...] = ()
    """Per match with analysed hands, oldest first: (match id, luck, play) over those
    hands, in percentage points of the chance to win the match (see
    :class:`MatchReport`)."""
    skill: Skill | None = None
    """The rating after the finished matches against the computer and friends
    (``None`` without any; docs/rating.md); set by :func:`stats`."""
    friends: Stats | None = None
    """The same figures for the friend matches, from this browser's seat;
    ``None`` when it has played none. The figures above are then the computer's only."""

    @property
    def luck_words(self) -> str:
        """Luck and play over every analysed hand, in a sentence (``""`` without any)."""
        if not self.luck:
            return ""
        return luck_average_sentence([(x[1], x[2]) for x in self.luck])

    @property
    def level_scale(self) -> tuple[tuple[str, float], ...]:
        """Each computer level's name and rating on the scale of :attr:`skill`."""
        return tuple((gettext(LEVEL_LABELS.get(level, level)), level_skill(level).rating)
                     for level in LEVEL_WIN_RATES)



def _mean(values: Sequence[float]) -> float | None:
    return sum(values) / len(values) if values else None


def _results(games: Sequence[PlayMatch], hands: Sequence[HandRow]) -> dict[int, float]:
    """Each finished match's result for the viewing player, by match id: 1 won, ½ a
    tie (a Hollywood match with level totals), 0 lost, the winner being
    :func:`app.engine.match_tally`'s, as the play screen says it (docs/rules.md §5–6)."""
    by_match: dict[int, list[HandRow]] = {}
    for hand in hands:
        by_match.setdefault(hand.match_id, []).append(hand)
    results = {}
    for game in games:
        played = by_match.get(game.id, []) if game.id is not None else []
        if not game.over or not played or game.id is None:
            continue
        winner = match_tally([HandRecord(h.winner, h.points) for h in played],
                             Rules.from_dict(game.rules)).winner
        results[game.id] = 0.5 if winner is None else float(winner == played[0].seat)
    return results


def rated_matches(games: Sequence[PlayMatch], hands: Sequence[HandRow],
                  opponents: Mapping[int, Skill]) -> list[FinishedMatch]:
    """The finished matches that move the viewing player's rating (pure;
    docs/rating.md): against a computer level with a measured strength, and the friend
    matches whose friend's rating ``opponents`` gives (by match id); each scored 1, ½
    or 0 (:func:`_results`: a tie only in Hollywood), dated by its last hand."""
    results = _results(games, hands)
    ended = {h.match_id: h.finished_at for h in hands if h.finished_at is not None}
    finished = []
    for game in games:
        if game.id not in results or game.id not in ended:
            continue
        if game.friend:
            opponent = opponents.get(game.id)
        else:
            opponent = level_skill(game.level) if game.level in LEVEL_WIN_RATES else None
        if opponent is None:
            continue
        finished.append(FinishedMatch(ended[game.id], opponent, results[game.id]))
    return finished


def _friend_skill(db: Session, game: PlayMatch, session_id: str) -> Skill | None:
    """The rating of the other player of friend match ``game`` from their own matches
    against the computer that finished before this one (``None`` when the seat is
    empty): a friend match rates both players, each against the other's rating."""
    other = game.guest_session_id if game.session_id == session_id else game.session_id
    if other is None:
        return None
    theirs = db.exec(select(PlayMatch).where(PlayMatch.session_id == other,
                                             col(PlayMatch.over),
                                             col(PlayMatch.friend).is_(False))).all()
    levels = {g.id: g for g in theirs}
    rows = db.exec(select(PlayHand).options(defer(PlayHand.log))  # type: ignore[arg-type]
                   .where(col(PlayHand.match_id).in_(list(levels)), col(PlayHand.finished))
                   ).all()
    this_end = db.exec(select(func.max(PlayHand.finished_at))
                       .where(PlayHand.match_id == game.id)).one()
    hands = [HandRow(h.match_id, h.number, h.finished_at, levels[h.match_id].level,
                     h.dealer, h.winner, h.kind or "void", h.points, None, None, 0, 0)
             for h in rows]
    before = [m for m in rated_matches(list(levels.values()), hands, {})
              if this_end is None or m.finished_at < this_end]
    points = skill_history(before)
    return points[-1].skill if points else Skill()


Analysed = tuple[float | None, float | None, float | None]
"""One match's (accuracy, luck, play) from the viewer's seat over its analysed hands
(``None`` each without any: see :func:`match_analysis`)."""


def match_analysis(rules: Rules, hands: Sequence[HandRow],
                   reviews: Mapping[int, list[Rating]]) -> Analysed:
    """The viewer's accuracy over every rated decision of a match (its ``reviews`` by
    hand number), and their luck and play over its analysed hands
    (:func:`~app.engine.rating.combined` of :func:`luck_by_hand` on :func:`match_chances`
    from its finished ``hands`` in order;
    ``None`` when none of them is analysed)."""
    ratings = [r for _, rated in sorted(reviews.items()) for r in rated]
    if not hands or not any(h.number in reviews for h in hands):
        return accuracy(ratings), None, None
    chances = match_chances(rules, [(h.winner, h.points) for h in hands], hands[0].seat)
    whole = combined(luck_by_hand(chances, [reviews.get(h.number) for h in hands]))
    return accuracy(ratings), whole.luck, whole.play


def _by_match(hands: Sequence[HandRow]) -> dict[int, list[HandRow]]:
    grouped: dict[int, list[HandRow]] = {}
    for hand in hands:
        grouped.setdefault(hand.match_id, []).append(hand)
    return grouped


def _analysed(games: Sequence[PlayMatch], hands: Sequence[HandRow],
              reviews: Mapping[tuple[int, int], list[Rating]]) -> dict[int, Analysed]:
    """:func:`match_analysis` of each match, by id."""
    by_match = _by_match(hands)
    rated: dict[int, dict[int, list[Rating]]] = {}
    for (match_id, number), ratings in reviews.items():
        rated.setdefault(match_id, {})[number] = ratings
    return {game.id: match_analysis(Rules.from_dict(game.rules), by_match.get(game.id, []),
                                    rated.get(game.id, {}))
            for game in games if game.id is not None}


def _fold(games: Sequence[PlayMatch], hands: Sequence[HandRow],
          analysed: Mapping[int, Analysed]) -> dict[str, Any]:
    """The figures of these matches and hands in no language, as JSON (see
    :func:`compute` for what each means; :func:`_present` shows them)."""
    results = _results(games, hands)
    levels: dict[str, list[int]] = {}
    for game in games:
        if game.id in results:
            line = levels.setdefault(FRIENDS if game.friend else game.level, [0, 0])
            line[0] += 1
            line[1] += results[game.id] == 1.0
    person_knocks = [h for h in hands if h.knocker == h.seat and h.kind in (
        HandKind.KNOCK, HandKind.UNDERCUT)]
    streak = best = 0
    for hand in hands:
        streak = streak + 1 if hand.winner == hand.seat else 0
        best = max(best, streak)
    mine = sum(h.points for h in hands if h.winner == h.seat)
    theirs = sum(h.points for h in hands if h.winner is not None and h.winner != h.seat)
    rated = [(game.id, analysed[game.id]) for game in games
             if game.id is not None and game.id in analysed]
    return {
        "levels": [[level, n, w] for level, (n, w) in sorted(levels.items())],
        "bars": bool(levels) and not any(game.friend for game in games),
        "hands": len(hands),
        "won": sum(h.winner == h.seat for h in hands),
        "lost": sum(h.winner is not None and h.winner != h.seat for h in hands),
        "voids": sum(h.winner is None for h in hands),
        "gins": sum(h.winner == h.seat and h.kind in (HandKind.GIN, HandKind.BIG_GIN)
                    for h in hands),
        "undercuts_given": sum(h.kind == HandKind.UNDERCUT and h.winner == h.seat
                               for h in hands),
        "undercuts_received": sum(h.kind == HandKind.UNDERCUT and h.winner is not None
                                  and h.winner != h.seat for h in hands),
        "knocks": len(person_knocks),
        "average_knock_deadwood": _mean([h.knocker_deadwood for h in person_knocks
                                         if h.knocker_deadwood is not None]),
        "average_turns_to_knock": _mean([h.person_turns for h in person_knocks]),
        "points_per_hand": mine / len(hands) if hands else None,
        "net_points_per_hand": (mine - theirs) / len(hands) if hands else None,
        "longest_streak": best,
        "accuracy": [[match_id, a] for match_id, (a, _, _) in rated if a is not None],
        "luck": [[match_id, luck, play] for match_id, (_, luck, play) in rated
                 if luck is not None and play is not None],
    }


def _present(part: Mapping[str, Any]) -> Stats:
    """The figures of :func:`_fold` as the page shows them, in the request's language,
    with their charts."""
    level_lines = tuple(LevelLine(gettext(LEVEL_LABELS.get(level, level.title())), n, w)
                        for level, n, w in part["levels"])
    accuracy_by_match = tuple((int(m), float(v)) for m, v in part["accuracy"])
    charts = []
    if level_lines and part["bars"]:
        charts.append(percent_bars(gettext("Matches won by level"),
                                   [(line.level, line.rate) for line in level_lines]))
    if accuracy_by_match:
        charts.append(percent_line(gettext("Accuracy match by match"),
                                   [v for _, v in accuracy_by_match],
                                   [f"#{m}" for m, _ in accuracy_by_match]))
    return Stats(
        level_lines, part["hands"], part["won"], part["lost"], part["voids"], part["gins"],
        part["undercuts_given"], part["undercuts_received"], part["knocks"],
        part["average_knock_deadwood"], part["average_turns_to_knock"],
        part["points_per_hand"], part["net_points_per_hand"], part["longest_streak"],
        accuracy_by_match, tuple(charts),
        luck=tuple((int(m), float(luck), float(play)) for m, luck, play in part["luck"]))


def compute(games: Sequence[PlayMatch], hands: Sequence[HandRow],
            reviews: dict[tuple[int, int], list[Rating]]) -> Stats:
    """The statistics of these matches and hands (pure; see :func:`stats`), each hand
    seen from its ``seat`` (the person against the computer is seat 0; "the other" is
    the computer or the friend):

    * matches and win rate by level count finished matches only (friend matches make
      one line, "Friends"); the winner of a finished match is
      :func:`app.engine.match_tally`'s, as the play screen says it (docs/rules.md §5;
      Hollywood: the higher total over the three games, a tie won by no one, §6);
    * a gin counts gin and big gin by the person; an undercut is *given* when the person
      undercuts the other's knock, *received* when the other undercuts the person's;
    * the knocking averages cover the hands the person ended by knocking (not gin):
      the deadwood they knocked with, and the turns (draws) they took before it;
    * points per hand: the person's points over all finished hands; net subtracts the
      other's (each hand's own score once, also in Hollywood where it may go into two
      or three games); the streak is the most hands won in a row (voids break it);
    * accuracy: per match with analysed hands, the share of accurate decisions.
    """
    return _present(_fold(games, hands, _analysed(games, hands, reviews)))


def _figures(games: Sequence[PlayMatch], hands: Sequence[HandRow],
             analysed: Mapping[int, Analysed], opponents: Mapping[int, Skill]
             ) -> dict[str, Any]:
    """A browser's whole statistics in no language, as JSON (:class:`BrowserStats`'s
    ``figures``): the matches against the computer, the friend matches apart
    (``None`` without any), the rating after each rated match."""
    friend_ids = {g.id for g in games if g.friend}
    computer = _fold([g for g in games if not g.friend], [h for h in hands if not h.friend],
                     {k: v for k, v in analysed.items() if k not in friend_ids})
    friends = _fold([g for g in games if g.friend], [h for h in hands if h.friend],
                    {k: v for k, v in analysed.items() if k in friend_ids}) \
        if friend_ids else None
    rated = skill_history(rated_matches(games, hands, opponents))
    return {"computer": computer, "friends": friends,
            "skill": [[p.after.isoformat(), p.skill.rating, p.skill.rd, p.skill.volatility]
                      for p in rated]}


def present(figures: Mapping[str, Any]) -> Stats:
    """A browser's statistics as the page shows them (in the request's language) from
    its :func:`_figures`."""
    computer = _present(figures["computer"])
    friends = _present(figures["friends"]) if figures["friends"] is not None else None
    rated = [SkillPoint(datetime.fromisoformat(after), Skill(rating, rd, volatility))
             for after, rating, rd, volatility in figures["skill"]]
    if rated:
        computer = replace(computer, skill=rated[-1].skill,
                           charts=(skill_chart(rated), *computer.charts))
    return replace(computer, friends=friends)


def recomputed(db: Session, session_id: str) -> tuple[Stats, list[PlayMatch], list[HandRow]]:
    """The statistics of this browser computed from nothing but its stored matches,
    hands (each replayed) and analyses, as every view did before they were kept
    (``tests/web/review/test_stats_kept.py`` checks the kept ones against these); with
    every match and hand (both kinds). Its cost grows with the history: the pages use
    :func:`stats`."""
    games, hands = browser_hands(db, session_id)
    reviews = _reviews(db, {g.id: seat_in(g, session_id) for g in games if g.id is not None})
    opponents = {g.id: skill for g in games if g.friend and g.over and g.id is not None
                 and (skill := _friend_skill(db, g, session_id)) is not None}
    figures = _figures(games, hands, _analysed(games, hands, reviews), opponents)
    return present(figures), games, hands


# --- Statistics kept: one row per match and seat, one per browser -----------------------

FACTS_FORMAT = 2
"""The layout of :class:`MatchStats`'s ``facts`` (part of its stamp: a new layout
rebuilds every row; 2: luck and play as a bounded split, issue 48)."""
MAX_AGE = timedelta(days=1)
"""A browser's kept figures older than this are rebuilt even with no bump (what no
bump reaches: a friend's history purged for age)."""


def _mine(session_id: str) -> Any:
    return or_(col(PlayMatch.session_id) == session_id,
               col(PlayMatch.friend) & (col(PlayMatch.guest_session_id) == session_id))


def _stamp(game_version: int, guest: bool, over: bool, reviewed: tuple[int, Any]) -> str:
    """What a :class:`MatchStats` row was built from: the match's version (bumped by
    every tap, a finished hand included), whether its friend seat is still held, whether
    it is over, and the number and last time of the seat's analyses done."""
    count, last = reviewed
    when = last.isoformat() if isinstance(last, datetime) else str(last or "")
    return f"{FACTS_FORMAT}:{game_version}:{int(guest)}:{int(over)}:{count}:{when}"


def _hand_facts(hand: HandRow) -> list[Any]:
    return [hand.number, hand.finished_at.isoformat() if hand.finished_at else None,
            hand.dealer, hand.winner, hand.kind, hand.points, hand.knocker,
            hand.knocker_deadwood, hand.person_turns, hand.actions]


def _hand_of(match_id: int, level: str, friend: bool, seat: int,
             facts: Sequence[Any]) -> HandRow:
    number, finished, dealer, winner, kind, points, knocker, deadwood, turns, actions = facts
    return HandRow(match_id, number, datetime.fromisoformat(finished) if finished else None,
                   level, dealer, winner, kind, points, knocker, deadwood, turns, actions,
                   seat, friend)


def _match_facts(db: Session, game: PlayMatch, seat: int, session_id: str,
                 rows: Sequence[PlayHand], reviews: Mapping[int, list[Rating]],
                 before: Mapping[str, Any] | None) -> dict[str, Any]:
    """A :class:`MatchStats` row's facts: each finished hand of ``rows`` (in order; a
    hand already in ``before`` with the same result is not replayed again), the
    seat's :func:`match_analysis`, and for a friend match that is over, the friend's
    rating then (:func:`_friend_skill`)."""
    assert game.id is not None
    known = {facts[0]: facts for facts in (before or {}).get("hands", [])}
    hands = []
    for row in rows:
        old = known.get(row.number)
        if old is not None and (old[3], old[4], old[5]) == (row.winner, row.kind or "void",
                                                             row.points):
            hands.append(_hand_of(game.id, game.level, game.friend, seat, old))
        else:
            hands.append(_hand_row(game, row, seat))
    opponent = None
    if game.friend and game.over:
        skill = _friend_skill(db, game, session_id)
        opponent = None if skill is None else [skill.rating, skill.rd, skill.volatility]
    analysed = match_analysis(Rules.from_dict(game.rules), hands, reviews)
    return {"hands": [_hand_facts(h) for h in hands], "analysed": list(analysed),
            "opponent": opponent}


@dataclass(frozen=True, slots=True)
class _Kept:
    """A browser's matches and their kept facts, current (see :func:`refresh`)."""

    games: list[PlayMatch]
    facts: dict[int, dict[str, Any]]
    writes: list[dict[str, Any]]


def _refresh(db: Session, session_id: str, *, all_facts: bool) -> _Kept:
    """Rebuild the :class:`MatchStats` rows of this browser's matches whose stamp moved
    (replaying only the hands not kept yet), without writing: ``writes`` are the rows
    to store. ``facts`` holds every match's facts with ``all_facts``, else the rebuilt
    ones only. Six statements whatever the history, plus the rebuilt friend matches'
    ratings (three each)."""
    games = list(db.exec(select(PlayMatch).options(
        defer(PlayMatch.legacy_log), defer(PlayMatch.hand_seeds))  # type: ignore[arg-type]
        .where(_mine(session_id)).order_by(col(PlayMatch.id))).all())
    seats = {g.id: seat_in(g, session_id) for g in games if g.id is not None}
    done = db.exec(select(HandReview.match_id, HandReview.seat, func.count(),
                          func.max(HandReview.finished_at))
                   .join(PlayMatch, col(PlayMatch.id) == col(HandReview.match_id))
                   .where(_mine(session_id), HandReview.status == "done")
                   .group_by(col(HandReview.match_id), col(HandReview.seat))).all()
    reviewed = {(m, s): (n, last) for m, s, n, last in done}
    stamps = {game.id: _stamp(game.version, game.guest_session_id is not None, game.over,
                              reviewed.get((game.id, seats[game.id]), (0, None)))
              for game in games if game.id is not None}
    kept_query = select(MatchStats.match_id, MatchStats.seat, MatchStats.stamp) \
        .join(PlayMatch, col(PlayMatch.id) == col(MatchStats.match_id)) \
        .where(_mine(session_id))
    kept = {m: stamp for m, s, stamp in db.exec(kept_query).all() if seats.get(m) == s}
    stale = [game for game in games if game.id is not None
             and kept.get(game.id) != stamps[game.id]]
    facts: dict[int, dict[str, Any]] = {}
    writes: list[dict[str, Any]] = []
    if stale:
        ids = [g.id for g in stale]
        before = {m: f for m, s, f in db.exec(
            select(MatchStats.match_id, MatchStats.seat, MatchStats.facts)
            .where(col(MatchStats.match_id).in_(ids))).all() if seats.get(m) == s}
        rows: dict[int, list[PlayHand]] = {}
        for hand in db.exec(select(PlayHand).options(defer(PlayHand.log))  # type: ignore[arg-type]
                            .where(col(PlayHand.match_id).in_(ids), col(PlayHand.finished))
                            .order_by(col(PlayHand.match_id), col(PlayHand.number))).all():
            rows.setdefault(hand.match_id, []).append(hand)
        rated: dict[int, dict[int, list[Rating]]] = {}
        for review in db.exec(select(HandReview).where(col(HandReview.match_id).in_(ids),
                                                       HandReview.status == "done")).all():
            if review.seat == seats[review.match_id]:
                rated.setdefault(review.match_id, {})[review.number] = \
                    [Rating.from_stored(d) for d in review.ratings]
        for game in stale:
            assert game.id is not None
            facts[game.id] = _match_facts(db, game, seats[game.id], session_id,
                                          rows.get(game.id, []), rated.get(game.id, {}),
                                          before.get(game.id))
            writes.append({"match_id": game.id, "seat": seats[game.id],
                           "stamp": stamps[game.id], "facts": facts[game.id]})
    if all_facts and len(facts) < len(stamps):
        for m, s, f in db.exec(select(MatchStats.match_id, MatchStats.seat, MatchStats.facts)
                               .join(PlayMatch, col(PlayMatch.id) == col(MatchStats.match_id))
                               .where(_mine(session_id))).all():
            if seats.get(m) == s and m not in facts:
                facts[m] = dict(f)
    return _Kept(games, facts, writes)


def _upsert(db: Session, model: type[SQLModel], rows: list[dict[str, Any]], keys: list[str],
            update_columns: Sequence[str]) -> None:
    """``INSERT … ON CONFLICT (keys) DO UPDATE`` of ``rows`` (SQLite and PostgreSQL)."""
    if not rows:
        return
    insert = postgresql.insert if db.get_bind().dialect.name == "postgresql" \
        else sqlite.insert
    statement = insert(model)
    db.connection().execute(statement.on_conflict_do_update(
        index_elements=keys, set_={name: statement.excluded[name] for name in update_columns}),
        rows)


def refresh(db: Session, session_id: str) -> None:
    """Bring the kept facts of this browser's matches up to date (in ``db``'s unit of
    work, which the caller commits): the exports stream from them."""
    kept = _refresh(db, session_id, all_facts=False)
    _upsert(db, MatchStats, kept.writes, ["match_id", "seat"], ["stamp", "facts"])


def stats(db: Session, session_id: str) -> Stats:
    """The statistics of this browser: the matches against the computer, with the
    friend matches' own figures in ``friends``; the same figures as :func:`recomputed`.

    A current :class:`BrowserStats` row is all a view reads (one statement). Otherwise
    the figures are folded from the kept facts of each match (:func:`_refresh`, which
    replays only the hands that ended since) and kept, unless a bump
    (``app.core.statcache``) came meanwhile. Writes in ``db``'s unit of work, which
    the caller commits."""
    row = db.get(BrowserStats, session_id)
    if row is not None:
        db.expunge(row)
        if row.built == row.generation and row.figures is not None \
                and utcnow() - row.built_at < MAX_AGE:
            return present(row.figures)
    kept = _refresh(db, session_id, all_facts=True)
    games = kept.games
    hands: list[HandRow] = []
    analysed: dict[int, Analysed] = {}
    opponents: dict[int, Skill] = {}
    for game in games:
        facts = kept.facts.get(game.id) if game.id is not None else None
        if game.id is None or facts is None:
            continue
        seat = seat_in(game, session_id)
        hands += [_hand_of(game.id, game.level, game.friend, seat, h) for h in facts["hands"]]
        accuracy_, luck, play = facts["analysed"]
        analysed[game.id] = (accuracy_, luck, play)
        if facts["opponent"] is not None:
            opponents[game.id] = Skill(*facts["opponent"])
    figures = _figures(games, hands, analysed, opponents)
    _upsert(db, MatchStats, kept.writes, ["match_id", "seat"], ["stamp", "facts"])
    if games:
        generation = row.generation if row is not None else 0
        values = {"figures": figures, "built": generation, "built_at": utcnow()}
        if row is None:
            insert = postgresql.insert if db.get_bind().dialect.name == "postgresql" \
                else sqlite.insert
            db.exec(insert(BrowserStats).values(session_id=session_id, generation=0,
                                                   **values)
                       .on_conflict_do_nothing(index_elements=["session_id"]))
        else:
            db.exec(update(BrowserStats)
                       .where(col(BrowserStats.session_id) == session_id,
                              col(BrowserStats.generation) == generation).values(**values))
    return present(figures)


# --- Exports, streamed from the kept facts -------------------------------------------------

BATCH = 200
"""Rows fetched at a time by the exports (``yield_per``)."""


def export_match(game: Any) -> dict[str, Any]:
    """One match as ``/stats.json`` lists it."""
    return {"id": game.id, "started": game.created_at.isoformat(),
            "level": "friend" if game.friend else game.level,
            "rules": game.rules, "first_dealer": game.first_dealer, "hands": game.hands,
            "over": game.over}


def export_hand(h: HandRow) -> dict[str, Any]:
    """One finished hand as ``/stats.json`` and ``/stats.csv`` list it."""
    return {"match": h.match_id, "number": h.number,
            "finished": h.finished_at.isoformat() if h.finished_at else None,
            "level": h.level, "dealer": h.dealer, "winner": h.winner, "kind": h.kind,
            "points": h.points, "knocker": h.knocker,
            "knocker_deadwood": h.knocker_deadwood, "person_turns": h.person_turns,
            "actions": h.actions, "seat": h.seat}


def export_rows(games: Sequence[PlayMatch], hands: Sequence[HandRow]) -> dict[str, Any]:
    """All matches and hands as JSON-ready lists (what ``/stats.json`` holds)."""
    return {"matches": [export_match(g) for g in games],
            "hands": [export_hand(h) for h in hands]}


def exported_matches(db: Session, session_id: str) -> Iterator[dict[str, Any]]:
    """Every match of this browser, oldest first, as :func:`export_match`, read
    :data:`BATCH` rows at a time."""
    query = columns(*map(col, (PlayMatch.id, PlayMatch.created_at, PlayMatch.friend,
                               PlayMatch.level, PlayMatch.rules, PlayMatch.first_dealer,
                               PlayMatch.hands, PlayMatch.over))) \
        .where(_mine(session_id)).order_by(col(PlayMatch.id)).execution_options(
            yield_per=BATCH)
    for row in db.connection().execute(query):
        yield export_match(row)


def exported_hands(db: Session, session_id: str) -> Iterator[dict[str, Any]]:
    """Every finished hand of this browser in order (by match, then number), seen from
    its own seat, as :func:`export_hand`: from the kept facts (:func:`refresh` first),
    read :data:`BATCH` matches at a time."""
    query = columns(*map(col, (MatchStats.match_id, MatchStats.seat, MatchStats.facts,
                               PlayMatch.level, PlayMatch.friend, PlayMatch.session_id,
                               PlayMatch.guest_session_id))) \
        .join(PlayMatch, col(PlayMatch.id) == col(MatchStats.match_id)) \
        .where(_mine(session_id)).order_by(col(MatchStats.match_id)) \
        .execution_options(yield_per=BATCH)
    for row in db.connection().execute(query):
        match_id, seat, facts, level, friend = row[:5]
        if seat != seat_in(cast(PlayMatch, row), session_id):
            continue
        for hand in facts["hands"]:
            yield export_hand(_hand_of(match_id, level, friend, seat, hand))


__all__ = ["Chart", "HandRow", "MatchReport", "Stats", "browser_hands", "compute",
           "export_rows", "exported_hands", "exported_matches", "match_report",
           "percent_bars", "percent_line", "present", "recomputed", "refresh", "stats"]


# --- Head to head ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Rival:
    """This browser's record against one other player of its friend matches (another
    browser; a browser that was forgotten counts by the name it played under), from
    this browser's own seat: ``name`` the name they played under last; matches
    finished (``won``, ``lost``, ``tied``) and ``playing`` (not over yet); the finished
    hands (``hands_won``, ``hands_lost``, ``voids``) and their points (``points_for``,
    ``points_against``: hand points, as the score sheet adds them); ``luck`` and
    ``play`` summed over the matches with analysed hands (``analysed`` of them), in
    points of this browser's chance to win the match (the same split as the match
    report: :func:`match_analysis`)."""

    name: str
    won: int = 0
    lost: int = 0
    tied: int = 0
    playing: int = 0
    hands_won: int = 0
    hands_lost: int = 0
    voids: int = 0
    points_for: int = 0
    points_against: int = 0
    luck: float = 0.0
    play: float = 0.0
    analysed: int = 0

    @property
    def hands(self) -> int:
        """Finished hands against this player."""
        return self.hands_won + self.hands_lost + self.voids

    @property
    def record(self) -> str:
        """The matches in a sentence: "You lead Ann 6–4", "Ann leads you 6–4", "You and
        Ann are level at 3–3" (ties, Hollywood only, are said apart in the page)."""
        if self.won > self.lost:
            return gettext("You lead %(name)s %(won)d–%(lost)d", name=self.name,
                           won=self.won, lost=self.lost)
        if self.lost > self.won:
            return gettext("%(name)s leads you %(lost)d–%(won)d", name=self.name,
                           won=self.won, lost=self.lost)
        return gettext("You and %(name)s are level at %(won)d–%(lost)d", name=self.name,
                       won=self.won, lost=self.lost)

    @property
    def luck_words(self) -> str:
        """Luck and play in a sentence ("" before any analysis): "Over 3 matches, the
        cards gave you +80 points of your chance to win, your play −12." The cards'
        figure is the rounded sum less the rounded play, so the two add up."""
        if not self.analysed:
            return ""
        cards, play = split_figures(self.luck, self.play)
        return ngettext("Over %(num)d analysed match, the cards gave you %(cards)s points "
                        "of your chance to win, your play %(play)s.",
                        "Over %(num)d analysed matches, the cards gave you %(cards)s points "
                        "of your chance to win, your play %(play)s.", self.analysed,
                        cards=cards, play=play)


def split_figures(luck: float, play: float) -> tuple[str, str]:
    """Summed luck and play (points of a chance to win) as the head to head shows them:
    signed whole points, the cards' the rounded sum less the rounded play, so the two
    add up (``(+80, -12)`` as ``("+80", "−12")``)."""
    rounded = round(play)
    return signed(round(luck + play) - rounded), signed(rounded)


def seat_analyses(db: Session, match_ids: Sequence[int]) -> dict[tuple[int, int], Analysed]:
    """Each seat's :func:`match_analysis` of the matches ``match_ids`` (by ``(match id,
    seat)``, both seats; the seats with no analysed hand are left out): what the head to
    head sums, for any two players of those matches (an event season's, for one). Three
    statements whatever the number of matches; no hand is replayed."""
    if not match_ids:
        return {}
    games = {g.id: g for g in db.exec(select(PlayMatch).options(
        defer(PlayMatch.legacy_log), defer(PlayMatch.hand_seeds))  # type: ignore[arg-type]
        .where(col(PlayMatch.id).in_(list(match_ids)))).all()}
    rated: dict[tuple[int, int], dict[int, list[Rating]]] = {}
    for review in db.exec(select(HandReview).where(col(HandReview.match_id).in_(list(games)),
                                                   HandReview.status == "done")).all():
        rated.setdefault((review.match_id, review.seat), {})[review.number] = \
            [Rating.from_stored(d) for d in review.ratings]
    if not rated:
        return {}
    rows: dict[int, list[PlayHand]] = {}
    for hand in db.exec(select(PlayHand).options(defer(PlayHand.log))  # type: ignore[arg-type]
                        .where(col(PlayHand.match_id).in_([m for m, _ in rated]),
                               col(PlayHand.finished))
                        .order_by(col(PlayHand.match_id), col(PlayHand.number))).all():
        rows.setdefault(hand.match_id, []).append(hand)
    found: dict[tuple[int, int], Analysed] = {}
    for (match_id, seat), reviews in rated.items():
        game = games[match_id]
        hands = [HandRow(h.match_id, h.number, h.finished_at, game.level, h.dealer, h.winner,
                         h.kind or "void", h.points, None, None, 0, 0, seat, game.friend)
                 for h in rows.get(match_id, [])]
        analysed = match_analysis(Rules.from_dict(game.rules), hands, reviews)
        if analysed[1] is not None:
            found[(match_id, seat)] = analysed
    return found


def head_to_head(db: Session, session_id: str) -> list[Rival]:
    """This browser's record against each player it has played friend matches with
    (:class:`Rival`), the most matches first, from the kept facts of its matches
    (:func:`_refresh`: the same statements whatever the history, plus the hands that
    ended since; written in ``db``'s unit of work, which the caller commits). Only this
    browser's own seat is read: its analyses, never the other player's."""
    kept = _refresh(db, session_id, all_facts=True)
    _upsert(db, MatchStats, kept.writes, ["match_id", "seat"], ["stamp", "facts"])
    rivals: dict[str, Rival] = {}
    for game in kept.games:
        facts = kept.facts.get(game.id) if game.id is not None else None
        if not game.friend or game.id is None or facts is None or not game.hands:
            continue
        seat = seat_in(game, session_id)
        other = game.guest_session_id if seat == 0 else game.session_id
        name = (game.names or ["", ""])[1 - seat] or gettext("Your friend")
        if other is None and seat == 0 and game.invite_status != "accepted":
            continue  # an invite nobody took
        key = f"b:{other}" if other is not None else f"n:{name}"
        rival = rivals.get(key, Rival(name))
        hands = [_hand_of(game.id, game.level, True, seat, h) for h in facts["hands"]]
        result = _results([game], hands).get(game.id)
        _, luck, play = facts["analysed"]
        rivals[key] = replace(
            rival, name=name,
            won=rival.won + (result == 1.0), lost=rival.lost + (result == 0.0),
            tied=rival.tied + (result == 0.5), playing=rival.playing + (result is None),
            hands_won=rival.hands_won + sum(h.winner == seat for h in hands),
            hands_lost=rival.hands_lost + sum(h.winner == 1 - seat for h in hands),
            voids=rival.voids + sum(h.winner is None for h in hands),
            points_for=rival.points_for + sum(h.points for h in hands if h.winner == seat),
            points_against=rival.points_against + sum(
                h.points for h in hands if h.winner == 1 - seat),
            luck=rival.luck + (luck or 0.0), play=rival.play + (play or 0.0),
            analysed=rival.analysed + (luck is not None and play is not None))
    return sorted(rivals.values(), key=lambda r: (-(r.won + r.lost + r.tied + r.playing),
                                                  r.name.casefold()))
