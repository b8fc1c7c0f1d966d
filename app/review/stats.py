"""Match reports and statistics, computed from the stored hands of one
browser (``play_hand``) and their analyses (``hand_review``); practice hands are never
read. Every figure is recomputed from those rows on each visit.

Friend matches are counted apart from the matches against the computer (the
figures by level are the computer's alone), each from the viewing player's own seat:
their hands won, their knocks, their decisions' accuracy.

Charts are drawn on the server as plain SVG (:class:`Chart`: the template only places
the points computed here), so they need no script and fit the Content-Security-Policy.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from sqlalchemy import func, or_
from sqlmodel import Session, col, select

from app.core.i18n import gettext, ngettext
from app.core.models import HandReview, PlayHand, PlayMatch
from app.engine import HandKind, HandRecord, Rules, hollywood_tally, match_tally, standing
from app.engine.bots.equity import match_equity
from app.engine.rating import MARKS, LuckAndPlay, Rating, accuracy, luck_and_play
from app.engine.review import hand_positions
from app.play.common import LEVEL_LABELS, PERSON, seats_of
from app.play.storage import hand_seed
from app.play.words import game_lines
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
    return {(r.match_id, r.number): [Rating.from_dict(d) for d in r.ratings] for r in rows
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

    @property
    def luck_words(self) -> str:
        """:attr:`luck` and :attr:`play` in a sentence (``""`` before any analysis)."""
        if self.luck is None or self.play is None:
            return ""
        return luck_sentence(self.luck, self.play)


def match_chances(rules: Rules, results: Sequence[tuple[int | None, int]],
                  me: int) -> list[float]:
    """Player ``me``'s chance to win the match (percent) at the start and after each
    hand, from the hands' ``(winner seat or None, points)`` in order, for two equal
    players (:func:`~app.engine.bots.equity.match_equity`), at the points the next hand
    is played at (:func:`app.engine.standing`: Hollywood, the first open game's, as
    the analysis rates the hand)."""
    records = [HandRecord(winner, points) for winner, points in results]
    chances = []
    for played in range(len(records) + 1):
        points = standing(records[:played], rules)
        chances.append(100 * match_equity(rules, points[me], points[1 - me]))
    return chances


def luck_by_hand(chances: Sequence[float],
                 ratings: Sequence[list[Rating] | None]) -> list[LuckAndPlay]:
    """Luck and play of each analysed hand (``ratings[i]`` is ``None`` for a hand not
    analysed yet) from the chances before and after it (:func:`match_chances`)."""
    return [luck_and_play(chances[i] / 100, chances[i + 1] / 100, rated)
            for i, rated in enumerate(ratings) if rated is not None]


def luck_sentence(luck: float, play: float) -> str:
    """Luck and play in words, rounded to whole points of win chance: "The cards cost
    you 18 points of win chance, your play 4." (see :class:`MatchReport`)."""
    cards = round(luck)
    own = round(-play)
    if cards > 0:
        if own:
            return ngettext("The cards gave you %(num)d point of win chance, your play cost "
                            "%(own)d.", "The cards gave you %(num)d points of win chance, "
                            "your play cost %(own)d.", cards, own=own)
        return ngettext("The cards gave you %(num)d point of win chance, your play cost "
                        "nothing.", "The cards gave you %(num)d points of win chance, your "
                        "play cost nothing.", cards)
    if cards < 0:
        if own:
            return ngettext("The cards cost you %(num)d point of win chance, your play cost "
                            "%(own)d.", "The cards cost you %(num)d points of win chance, "
                            "your play cost %(own)d.", -cards, own=own)
        return ngettext("The cards cost you %(num)d point of win chance, your play cost "
                        "nothing.", "The cards cost you %(num)d points of win chance, your "
                        "play cost nothing.", -cards)
    if own:
        return gettext("The cards were even, your play cost %(own)d.", own=own)
    return gettext("The cards were even, your play cost nothing.")


@dataclass(frozen=True, slots=True)
class HandLuck:
    """Luck and play of one finished hand from the viewer's seat, for the result panel's
    line (issue 29): ``status`` is ``"done"`` (``split`` holds the figures),
    ``"analysing"`` (the analysis is still running: ask again) or ``"none"`` (nothing to
    show: analysis off, failed, or the hand is not analysed for this seat)."""

    status: str
    split: LuckAndPlay | None = None

    @property
    def words(self) -> str:
        """The line: "The cards gave you 6 points of win chance, your play cost 2."
        (``""`` unless done)."""
        if self.split is None:
            return ""
        return luck_sentence(self.split.luck, self.split.play)


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
        return HandLuck("analysing" if status in ("analysing", "none") else "none")
    chances = match_chances(Rules.from_dict(game.rules),
                            [(row.winner, row.points) for row in rows], me)
    ratings = [Rating.from_dict(d) for d in review.ratings]
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
        sum(split.luck for split in splits) if splits else None,
        sum(split.play for split in splits) if splits else None,
        game_lines(hollywood_tally(records, rules) if rules.hollywood else None, seats))


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
        return luck_sentence(sum(x[1] for x in self.luck), sum(x[2] for x in self.luck))

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
    rows = db.exec(select(PlayHand).where(col(PlayHand.match_id).in_(list(levels)),
                                          col(PlayHand.finished))).all()
    this_end = db.exec(select(func.max(PlayHand.finished_at))
                       .where(PlayHand.match_id == game.id)).one()
    hands = [HandRow(h.match_id, h.number, h.finished_at, levels[h.match_id].level,
                     h.dealer, h.winner, h.kind or "void", h.points, None, None, 0, 0)
             for h in rows]
    before = [m for m in rated_matches(list(levels.values()), hands, {})
              if this_end is None or m.finished_at < this_end]
    points = skill_history(before)
    return points[-1].skill if points else Skill()


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
    luck_by_match = []
    by_match: dict[int | None, list[HandRow]] = {}
    for hand in hands:
        by_match.setdefault(hand.match_id, []).append(hand)
    for game in games:
        its = by_match.get(game.id, [])
        if game.id is None or not any((game.id, h.number) in reviews for h in its):
            continue
        chances = match_chances(Rules.from_dict(game.rules),
                                [(h.winner, h.points) for h in its], its[0].seat)
        splits = luck_by_hand(chances, [reviews.get((game.id, h.number)) for h in its])
        luck_by_match.append((game.id, sum(x.luck for x in splits),
                              sum(x.play for x in splits)))
    accuracy_by_match = []
    for game in games:
        ratings = [r for (match_id, _), rs in sorted(reviews.items()) if match_id == game.id
                   for r in rs]
        value = accuracy(ratings)
        if value is not None and game.id is not None:
            accuracy_by_match.append((game.id, value))
    won = sum(h.winner == h.seat for h in hands)
    lost = sum(h.winner is not None and h.winner != h.seat for h in hands)
    mine = sum(h.points for h in hands if h.winner == h.seat)
    theirs = sum(h.points for h in hands if h.winner is not None and h.winner != h.seat)
    level_lines = tuple(LevelLine(gettext(LEVEL_LABELS.get(level, level.title())), n, w)
                        for level, (n, w) in sorted(levels.items()))
    charts = []
    if level_lines and not any(game.friend for game in games):
        charts.append(percent_bars(gettext("Matches won by level"),
                                   [(line.level, line.rate) for line in level_lines]))
    if accuracy_by_match:
        charts.append(percent_line(gettext("Accuracy match by match"),
                                   [v for _, v in accuracy_by_match],
                                   [f"#{m}" for m, _ in accuracy_by_match]))
    return Stats(
        level_lines, len(hands), won, lost, sum(h.winner is None for h in hands),
        sum(h.winner == h.seat and h.kind in (HandKind.GIN, HandKind.BIG_GIN)
            for h in hands),
        sum(h.kind == HandKind.UNDERCUT and h.winner == h.seat for h in hands),
        sum(h.kind == HandKind.UNDERCUT and h.winner is not None and h.winner != h.seat
            for h in hands),
        len(person_knocks),
        _mean([h.knocker_deadwood for h in person_knocks if h.knocker_deadwood is not None]),
        _mean([h.person_turns for h in person_knocks]),
        mine / len(hands) if hands else None,
        (mine - theirs) / len(hands) if hands else None,
        best, tuple(accuracy_by_match), tuple(charts), luck=tuple(luck_by_match))


def stats(db: Session, session_id: str) -> tuple[Stats, list[PlayMatch], list[HandRow]]:
    """The statistics of this browser from its stored matches, hands and analyses: the
    matches against the computer, with the friend matches' own figures in
    ``friends``; and every match and hand (both kinds, for the exports)."""
    games, hands = browser_hands(db, session_id)
    reviews = _reviews(db, {g.id: seat_in(g, session_id) for g in games if g.id is not None})
    friend_ids = {g.id for g in games if g.friend}
    computer = compute([g for g in games if not g.friend],
                       [h for h in hands if not h.friend],
                       {k: v for k, v in reviews.items() if k[0] not in friend_ids})
    friends = compute([g for g in games if g.friend], [h for h in hands if h.friend],
                      {k: v for k, v in reviews.items() if k[0] in friend_ids}) \
        if friend_ids else None
    opponents = {g.id: skill for g in games if g.friend and g.over and g.id is not None
                 and (skill := _friend_skill(db, g, session_id)) is not None}
    rated = skill_history(rated_matches(games, hands, opponents))
    if rated:
        computer = replace(computer, skill=rated[-1].skill,
                           charts=(skill_chart(rated), *computer.charts))
    return replace(computer, friends=friends), games, hands


def export_rows(games: Sequence[PlayMatch], hands: Sequence[HandRow]) -> dict[str, Any]:
    """All matches and hands as JSON-ready lists (the ``/stats.json`` export)."""
    return {
        "matches": [{"id": g.id, "started": g.created_at.isoformat(),
                     "level": "friend" if g.friend else g.level,
                     "rules": g.rules, "first_dealer": g.first_dealer, "hands": g.hands,
                     "over": g.over} for g in games],
        "hands": [{"match": h.match_id, "number": h.number,
                   "finished": h.finished_at.isoformat() if h.finished_at else None,
                   "level": h.level, "dealer": h.dealer, "winner": h.winner, "kind": h.kind,
                   "points": h.points, "knocker": h.knocker,
                   "knocker_deadwood": h.knocker_deadwood, "person_turns": h.person_turns,
                   "actions": h.actions, "seat": h.seat} for h in hands],
    }


__all__ = ["Chart", "HandRow", "MatchReport", "Stats", "browser_hands", "compute",
           "export_rows", "match_report", "percent_bars", "percent_line", "stats"]
