"""History and hand reviews: the finished matches and hands of one browser,
each hand rebuilt position by position for its review, and the hand history text files.

Reads only the rows of the asking browser's session: a match or hand of another browser
is answered exactly like one that does not exist (:class:`NotInHistoryError`). A friend
match belongs to both its players' browsers, and each sees it from their own
seat: their own hand first, their own decisions rated. The hand is over, so both
players' cards are shown; an unfinished hand is never listed or reviewed (its hidden
cards and stock must not leave the server).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Engine, exists, func, or_
from sqlalchemy.orm import defer
from sqlmodel import Session, col, select

from app.core.fairuse import InFlight, Refused
from app.core.i18n import N_, gettext
from app.core.models import HandReview, PlayHand, PlayMatch, PlaySeat
from app.core.setaside import Finding
from app.engine import (
    Card,
    HandKind,
    HandRecord,
    MatchTally,
    Rules,
    best_arrangement,
    hollywood_tally,
    match_tally,
    standing,
)
from app.engine.hand import (
    Action,
    BigGin,
    Discard,
    DrawStock,
    Gin,
    Knock,
    Pass,
    TakeDiscard,
    TakeUpcard,
    parse_action,
)
from app.engine.handhistory import HandHistory, HistoryHand, check, dump, parse
from app.engine.match import Seed
from app.engine.rating import MARKS, Rating, accuracy
from app.engine.review import Position, hand_positions
from app.review import analysis
from app.table.common import (
    LEVEL_LABELS,
    PERSON,
    VS_COMPUTER,
    PlayError,
    Seats,
    seats_of,
)
from app.table.screen import ResultPanel, result_panel
from app.table.storage import hand_seed, open_seat, sealed
from app.table.words import action_words, game_lines
from app.web import paging
from app.web.cardwords import card_values
from app.web.paging import Window
from app.web.rulewords import rules_name

MATCHES_SHOWN = 20
"""Matches on one page of the history (newest first; :mod:`app.web.paging`)."""
HANDS_SHOWN = 50
"""A match's finished hands the history lists (its last; a link shows the earlier)."""


class NotInHistoryError(PlayError):
    """No such finished match or hand in this browser's history (or it is another
    browser's: answered alike, so ids reveal nothing)."""

    status_code = 404


NOT_FOUND = N_("There is no such finished hand in this browser's history. Only the hands "
                "played in this browser are kept here, and a hand appears once it is over.")


class SealedHandError(NotInHistoryError):
    """A finished hand of a duplicate event's table that another table of its round may
    still be playing (:func:`app.table.storage.sealed`): its review, file, share link,
    practice and spot wait until the event reveals the round's boards."""

    status_code = 409


SEALED = N_("This hand was a duplicate board of an event, and another table of its round "
            "may still be playing the same cards: its review and its file open once every "
            "table of the round has finished.")


def _unsealed(game: PlayMatch, hands: Sequence[PlayHand]) -> None:
    """Refuse when one of ``hands`` is a board ``game`` may not show yet.

    Raises:
        SealedHandError: such a hand.
    """
    if any(sealed(game, h.server_seed) for h in hands):
        raise SealedHandError(SEALED)


@dataclass(frozen=True, slots=True)
class HandLine:
    """One finished hand in the history list."""

    number: int
    outcome: str
    points: int
    winner: str


@dataclass(frozen=True, slots=True)
class MatchLine:
    """One match in the history list, with its finished hands in order."""

    id: int
    started: datetime
    level: str
    rules: str
    scores: tuple[int, int]
    result: str
    hands: tuple[HandLine, ...]
    other: str = "Computer"
    """The opponent: "Computer", or the friend's name."""
    number: int = 0
    """This browser's own count: its first match is Match 1 (``id`` is the server's)."""
    games: tuple[str, ...] = ()
    """Hollywood: each game's line (:func:`app.table.words.game_lines`); ``scores`` are
    then the totals over the three games. ``()`` for a plain match (hand points)."""
    friend: bool = False
    """A friend match (``other`` is then the friend's name)."""
    bot: bool = False
    """The friend is a bot (``other`` shows the "bot" mark)."""
    hands_page: Window | None = None
    """Which of the match's finished hands ``hands`` are (the last
    :data:`HANDS_SHOWN` unless a page of them was asked for)."""


OUTCOMES: dict[str, tuple[str, str]] = {
    HandKind.UNDERCUT: (N_("You undercut"), N_("%(name)s undercut")),
    HandKind.GIN: (N_("You: gin"), N_("%(name)s: gin")),
    HandKind.BIG_GIN: (N_("You: big gin"), N_("%(name)s: big gin")),
    HandKind.KNOCK: (N_("You won by knocking"), N_("%(name)s knocked and won")),
}
"""How a hand ended, in the history's list: (the viewer won, the other player won)."""


def _outcome(kind: str | None, winner: int | None, seats: Seats = VS_COMPUTER) -> str:
    if kind in (HandKind.VOID, None) or winner is None:
        return gettext("Void hand")
    mine, theirs = OUTCOMES.get(str(kind), OUTCOMES[HandKind.KNOCK])
    if winner == seats.me:
        return gettext(mine)
    return gettext(theirs, name=seats.other_name)


def records_of(hands: Sequence[PlayHand]) -> list[HandRecord]:
    """The stored finished hands as the engine's records, in order."""
    return [HandRecord(h.winner, h.points, HandKind(h.kind or "void")) for h in hands]


def match_scores(tally: MatchTally, rules: Rules, seats: Seats) -> tuple[int, int]:
    """The scores a match is listed with, the viewer's first: the hand points of a plain
    match; the totals over the three games (bonuses in once a game has closed) of a
    Hollywood match (docs/rules.md §6)."""
    scores = tally.final if rules.hollywood else tally.points
    return scores[seats.me], scores[seats.other]


def verdict(tally: MatchTally, seats: Seats) -> str:
    """Who won a finished match, in two or three words: "You won", "Computer won", "Ann
    won", or "A tie" (a Hollywood match with level totals: docs/rules.md §6); the
    winner is :func:`app.engine.match_tally`'s, as on the play screen."""
    if tally.winner is None:
        return gettext("A tie")
    if tally.winner == seats.me:
        return gettext("You won")
    return gettext("%(name)s won", name=seats.other_name)


@dataclass(frozen=True, slots=True)
class History:
    """A page of the history: its matches, newest first, and which of how many they
    are (``page``: counting the matches with a finished hand from the oldest; ``None``
    when the page shows one match alone, ``?match=``)."""

    matches: list[MatchLine]
    page: Window | None


def history(db: Session, session_id: str, upto: int | None = None,
            match_id: int | None = None) -> History:
    """A page of this browser's history (:data:`MATCHES_SHOWN` matches with at least
    one finished hand, newest first, the page ``upto`` names: :mod:`app.web.paging`),
    each with its last :data:`HANDS_SHOWN` finished hands; a friend match is listed for
    both players, each seeing their own side. With ``match_id``: that match alone, the
    page of its hands ``upto`` names (an unknown or another browser's id shows
    nothing). Its cost does not grow with the history: a page reads its own matches'
    hands (without their logs) and counts the rest."""
    mine = or_(col(PlayMatch.session_id) == session_id,
               col(PlayMatch.guest_session_id) == session_id)
    played = mine & exists().where(col(PlayHand.match_id) == col(PlayMatch.id),
                                   col(PlayHand.finished))
    page: Window | None = None
    if match_id is not None:
        query = select(PlayMatch).where(played, col(PlayMatch.id) == match_id)
    else:
        total = int(db.exec(select(func.count()).select_from(PlayMatch).where(played)).one())
        page = paging.window(total, upto, MATCHES_SHOWN)
        query = select(PlayMatch).where(played).order_by(col(PlayMatch.id).desc()) \
            .offset(total - page.last).limit(max(page.last - page.first + 1, 0))
    games = db.exec(query).all()
    ids = [game.id for game in games]
    rows = db.exec(select(PlayHand).options(defer(PlayHand.log))  # type: ignore[arg-type]
                   .where(col(PlayHand.match_id).in_(ids), col(PlayHand.finished))
                   .order_by(col(PlayHand.match_id), col(PlayHand.number))).all()
    by_match: dict[int, list[tuple[int, int | None, int, str | None]]] = {}
    for row in rows:
        by_match.setdefault(row.match_id, []).append((row.number, row.winner, row.points,
                                                      row.kind))
    numbers = _match_numbers(db, session_id, ids)
    out: list[MatchLine] = []
    for game in games:
        assert game.id is not None
        hands = by_match.get(game.id, [])
        rules = Rules.from_dict(game.rules)
        seats = seats_of(game, seat_in(game, session_id))
        records = [HandRecord(w, p, HandKind(k or "void")) for _, w, p, k in hands]
        tally = match_tally(records, rules)
        scores = match_scores(tally, rules, seats)
        if game.over:
            result = verdict(tally, seats)
        else:
            result = gettext("In progress") if _is_current(db, session_id, game.id) \
                else gettext("Not finished")
        shown = paging.window(len(hands), upto if match_id is not None else None,
                              HANDS_SHOWN)
        out.append(MatchLine(
            game.id, game.created_at, gettext(LEVEL_LABELS.get(game.level, game.level.title())),
            rules_name(rules), scores, result,
            tuple(HandLine(n, _outcome(k, w, seats), p,
                           seats.who(w) if w is not None else gettext("Nobody"))
                  for n, w, p, k in reversed(hands[shown.slice()])),
            other=seats.other_name, number=numbers.get(game.id, 0), friend=seats.friend,
            bot=seats.other_bot,
            games=game_lines(hollywood_tally(records, rules) if rules.hollywood else None,
                             seats), hands_page=shown))
    return History(out, page)


def _match_numbers(db: Session, session_id: str, ids: Sequence[int | None]) -> dict[int, int]:
    """:func:`match_number` of each of ``ids``, in one statement."""
    mine = or_(col(PlayMatch.session_id) == session_id,
               col(PlayMatch.guest_session_id) == session_id)
    counted = select(col(PlayMatch.id).label("id"),
                     func.row_number().over(order_by=col(PlayMatch.id)).label("number")) \
        .where(mine).subquery()
    return {int(i): int(n) for i, n in db.exec(
        select(counted.c.id, counted.c.number).where(counted.c.id.in_(ids))).all()}


def match_number(db: Session, session_id: str, match_id: int | None) -> int:
    """Which of this browser's matches ``match_id`` is, counting from 1 in the order they
    were started (against the computer, or a friend match it invited to or joined), so
    that a browser's first match is "Match 1" whatever the server's count."""
    mine = or_(col(PlayMatch.session_id) == session_id,
               col(PlayMatch.guest_session_id) == session_id)
    return int(db.exec(select(func.count()).select_from(PlayMatch)
                       .where(mine, col(PlayMatch.id) <= match_id)).one())


def _is_current(db: Session, session_id: str, match_id: int) -> bool:
    """True while this browser has a seat in ``match_id`` (a match it may resume)."""
    return db.get(PlaySeat, (session_id, match_id)) is not None


def last_finished(db: Session, session_id: str) -> tuple[int, int] | None:
    """(match id, hand number) of the last finished hand of this browser's current
    match (its open one), or ``None`` when it has none."""
    seat = open_seat(db, session_id)
    if seat is None:
        return None
    number = db.exec(select(PlayHand.number).where(PlayHand.match_id == seat.match_id,
                                                   col(PlayHand.finished))
                     .order_by(col(PlayHand.number).desc()).limit(1)).first()
    return None if number is None else (seat.match_id, number)


def seat_in(game: PlayMatch, session_id: str) -> int:
    """The seat this browser holds in ``game``: 1 for the friend who joined a friend
    match, else 0 (check :func:`own_match` first)."""
    return 1 if game.friend and game.session_id != session_id \
        and game.guest_session_id == session_id else PERSON


def own_match(db: Session, session_id: str, match_id: int | None) -> PlayMatch:
    """This browser's match ``match_id``: one it played against the computer, or a
    friend match it invited to or joined.

    Raises:
        NotInHistoryError: no such match, or another browser's (a third browser's
            request for a friend match included).
    """
    game = db.get(PlayMatch, match_id) if match_id is not None else None
    if game is None or session_id not in (game.session_id, game.guest_session_id):
        raise NotInHistoryError(NOT_FOUND)
    return game


def finished_hands(db: Session, game: PlayMatch) -> list[PlayHand]:
    """The finished hands of ``game`` in order (a match stored before hand rows, still
    unsplit, has none until it is next loaded)."""
    return list(db.exec(select(PlayHand).where(PlayHand.match_id == game.id,
                                               col(PlayHand.finished))
                        .order_by(col(PlayHand.number))).all())


@dataclass(frozen=True, slots=True)
class HandFacts:
    """What rebuilds one finished hand: rules, level, seed, number, dealer, both players'
    hand points before it (:func:`app.engine.standing`: in Hollywood the first open
    game's), its log; ``match_id`` is ``None`` for an imported file; ``records`` the
    match's hands before it (empty when imported)."""

    match_id: int | None
    rules: Rules
    level: str
    first_dealer: int
    number: int
    dealer: int
    scores: tuple[int, int]
    seed: Seed
    log: tuple[tuple[int, str], ...]
    records: tuple[HandRecord, ...] = ()
    seats: Seats = VS_COMPUTER
    """Who reviews (``seats.me``: whose hand is shown first and whose decisions are
    rated) and who the other player is; scores and seeds above stay seat 0 first."""
    match_number: int = 0
    """This browser's own count of the match (:func:`match_number`); 0 when imported."""

    @property
    def my_scores(self) -> tuple[int, int]:
        """The hand points before this hand, the reviewing player's first."""
        return self.scores[self.seats.me], self.scores[self.seats.other]

    @property
    def games(self) -> tuple[str, ...]:
        """Hollywood: each game's line before this hand (:func:`app.table.words.game_lines`);
        ``()`` for a plain match, or a hand imported alone (its games are unknown)."""
        if not self.rules.hollywood or (self.number > 1 and not self.records):
            return ()
        return game_lines(hollywood_tally(self.records, self.rules), self.seats)

    @property
    def opponent(self) -> str:
        """The other player as the page names them: "Standard computer", "your friend
        Ann"."""
        if self.seats.friend:
            return gettext("your friend %(name)s", name=self.seats.other_name)
        return gettext("%(level)s computer",
                       level=gettext(LEVEL_LABELS.get(self.level, self.level.title())))


def hand_facts(db: Session, session_id: str, match_id: int | None,
               number: int | None) -> HandFacts:
    """The facts of this browser's finished hand ``number`` of match ``match_id``.

    Raises:
        NotInHistoryError: no such match or finished hand in this browser's history.
    """
    game = own_match(db, session_id, match_id)
    hands = finished_hands(db, game)
    earlier = [h for h in hands if number is not None and h.number < number]
    row = next((h for h in hands if h.number == number), None)
    if row is None:
        raise NotInHistoryError(NOT_FOUND)
    _unsealed(game, [row])
    assert game.id is not None
    records = tuple(records_of(earlier))
    rules = Rules.from_dict(game.rules)
    return HandFacts(game.id, rules, game.level, game.first_dealer,
                     row.number, row.dealer, standing(records, rules), hand_seed(row, game),
                     tuple((int(p), str(t)) for p, t in row.log), records,
                     seats_of(game, seat_in(game, session_id)),
                     match_number(db, session_id, game.id))


def match_file(db: Session, session_id: str, match_id: int | None,
               number: int | None = None) -> str:
    """The hand history text (``docs/hand-history.md``) of this browser's match: every
    finished hand, or only hand ``number``.

    Raises:
        NotInHistoryError: no such match or finished hand in this browser's history.
    """
    game = own_match(db, session_id, match_id)
    hands = finished_hands(db, game)
    rules = Rules.from_dict(game.rules)
    records = records_of(hands)
    chosen = [HistoryHand(row.number, row.dealer, standing(records[:index], rules),
                          hand_seed(row, game), tuple((int(p), str(t)) for p, t in row.log))
              for index, row in enumerate(hands) if number is None or row.number == number]
    if not chosen:
        raise NotInHistoryError(NOT_FOUND)
    _unsealed(game, [row for row in hands if number is None or row.number == number])
    return dump(HandHistory(rules, game.level, game.first_dealer, tuple(chosen)))


def imported_facts(history: HandHistory, index: int = 0) -> HandFacts:
    """The facts of hand ``index`` (0-based) of an imported, checked hand history."""
    hand = history.hands[index]
    return HandFacts(None, history.rules, history.level, history.first_dealer, hand.number,
                     hand.dealer, hand.scores, hand.seed, hand.log)


@dataclass(frozen=True, slots=True)
class ImportedReview:
    """What an import shows: the review of one hand of the file, which (1-based
    ``index``) and how many hands the file holds (``count``)."""

    review: Review
    index: int
    count: int


def read_import(text: str, index: int) -> ImportedReview:
    """Parse and check a hand history file's ``text`` and review its hand ``index``
    (0-based; clamped to the file's hands). A module-level function, so the import runs
    in the process pool (``app.core.workers.interactive``), off the event loop and the
    server's own process.

    Raises:
        HandHistoryError: malformed or illegal, with the line at fault.
    """
    parsed = parse(text.replace("\x00", ""))
    check(parsed)
    index = min(max(index, 0), len(parsed.hands) - 1)
    return ImportedReview(review(imported_facts(parsed, index)), index + 1, len(parsed.hands))


# --- The review: one view per position ---------------------------------------------


@dataclass(frozen=True, slots=True)
class ReviewStep:
    """One position of the review as shown: what happened, both hands (sorted by suit
    and rank, melded cards marked), the discard pile's top and size, the stock size."""

    index: int
    caption: str
    actor: str
    hands: tuple[tuple[tuple[str, bool], ...], tuple[tuple[str, bool], ...]]
    deadwood: tuple[int, int]
    top_discard: str | None
    pile_count: int
    stock_count: int
    to_play: str


@dataclass(frozen=True, slots=True)
class Review:
    """A hand review page: the hand's facts, its positions and its result."""

    facts: HandFacts
    level_label: str
    rules: str
    steps: tuple[ReviewStep, ...]
    result: ResultPanel | None


MARK_WORDS = {"blunder": N_("blunder"), "mistake": N_("mistake"),
              "inaccuracy": N_("inaccuracy")}
"""Each mark of a rated decision (:data:`app.engine.rating.MARKS`) as a page shows it
(``_(mark)``)."""

CAPTIONS: dict[str, tuple[str, str]] = {
    "pass": (N_("You passed on the upcard (%(card)s)"),
             N_("%(name)s passed on the upcard (%(card)s)")),
    "take_upcard": (N_("You took the upcard (%(card)s)"),
                    N_("%(name)s took the upcard (%(card)s)")),
    "take_discard": (N_("You took %(card_acc)s from the discard pile"),
                     N_("%(name)s took %(card_acc)s from the discard pile")),
    "draw_stock": (N_("You drew %(card_acc)s from the stock"),
                   N_("%(name)s drew %(card_acc)s from the stock")),
    "knock": (N_("You discarded %(card_acc)s and knocked"),
              N_("%(name)s discarded %(card_acc)s and knocked")),
    "gin": (N_("You discarded %(card_acc)s and went gin"),
            N_("%(name)s discarded %(card_acc)s and went gin")),
    "discard": (N_("You discarded %(card_acc)s"), N_("%(name)s discarded %(card_acc)s")),
    "void": (N_("You discarded %(card_acc)s: the stock is down to two cards, the hand is "
                "void"),
             N_("%(name)s discarded %(card_acc)s: the stock is down to two cards, the hand "
                "is void")),
    "big_gin": (N_("You went big gin"), N_("%(name)s went big gin")),
}
"""Each kind of action in a review's caption: (said of the viewer, said of the other
player), one whole sentence each (the verb agrees with its subject in every language)."""


def caption(position: Position, seats: Seats = VS_COMPUTER) -> str:
    """What the action that led to ``position`` did, in words and in the page's
    language, ``seats.me`` being "You" (both hands are public in a review, so a card
    drawn from the stock is named)."""
    if position.player is None:
        return gettext("The deal")
    kind, card = caption_parts(position)
    mine, theirs = CAPTIONS[kind]
    values = card_values(card) if card is not None else {}
    if position.player == seats.me:
        return gettext(mine, **values)
    return gettext(theirs, name=seats.other_name, **values)


def caption_parts(position: Position) -> tuple[str, Card | None]:
    """The kind of the action that led to ``position`` (a key of :data:`CAPTIONS`) and
    the card it named (``None`` for big gin). A card drawn from the stock is named: only
    a page that shows both hands may say it (``app.review.share`` does not for the other
    player). ``position`` is not the deal."""
    action: Action | None = position.action
    before = position.before
    assert action is not None and before is not None
    state = position.state
    card: Card | None = None
    if isinstance(action, Pass):
        kind, card = "pass", before.discard_pile[-1]
    elif isinstance(action, TakeUpcard):
        kind, card = "take_upcard", before.discard_pile[-1]
    elif isinstance(action, TakeDiscard):
        kind, card = "take_discard", before.discard_pile[-1]
    elif isinstance(action, DrawStock):
        kind, card = "draw_stock", before.stock[0]
    elif isinstance(action, Knock | Gin):
        kind, card = ("gin" if isinstance(action, Gin) else "knock"), action.card
    elif isinstance(action, Discard):
        void = state.result is not None and state.result.winner is None
        kind, card = ("void" if void else "discard"), action.card
    else:
        assert isinstance(action, BigGin)  # every other action is named above
        kind = "big_gin"
    return kind, card


def _hand(cards: Sequence[Card], rules: Rules) -> tuple[tuple[tuple[str, bool], ...], int]:
    arrangement = best_arrangement(cards, rules)
    melded = {card for meld in arrangement.melds for card in meld.cards}
    ordered = sorted(cards, key=lambda c: (c.suit.index, c.rank.number))
    return tuple((str(c), c in melded) for c in ordered), arrangement.deadwood


def review(facts: HandFacts) -> Review:
    """The review of a finished hand: every position from the deal.

    Raises:
        GameError: the stored hand does not replay (a corrupted row).
    """
    positions = hand_positions(facts.rules, facts.seed, facts.number, facts.dealer,
                               facts.log)
    seats = facts.seats
    steps: list[ReviewStep] = []
    for position in positions:
        state = position.state
        mine, my_deadwood = _hand(state.hands[seats.me], facts.rules)
        theirs, their_deadwood = _hand(state.hands[seats.other], facts.rules)
        to_play = "" if state.result is not None else (
            gettext("Your turn") if state.to_play == seats.me
            else gettext("%(name)s's turn", name=seats.other_name))
        steps.append(ReviewStep(
            position.index, caption(position, seats), seats.who(position.player)
            if position.player is not None else "", (mine, theirs),
            (my_deadwood, their_deadwood),
            str(state.discard_pile[-1]) if state.discard_pile else None,
            len(state.discard_pile), len(state.stock), to_play))
    last = positions[-1].state.result
    return Review(facts, gettext(LEVEL_LABELS.get(facts.level, facts.level.title())),
                  rules_name(facts.rules), tuple(steps),
                  result_panel(last, facts.rules, seats) if last is not None else None)


# --- Ratings (analysis stored in hand_review) ----------------------------------------


@dataclass(frozen=True, slots=True)
class RatedStep:
    """A rated decision as shown beside its position: the stored ``rating``, with the
    choice and Expert's best in words."""

    rating: Rating
    chosen: str
    best: str

    @property
    def index(self) -> int:
        """The position the decision led to."""
        return self.rating.index

    @property
    def loss(self) -> float:
        """Points of the chance to win the match lost."""
        return self.rating.loss

    @property
    def mark(self) -> str:
        """``"inaccuracy"``, ``"mistake"``, ``"blunder"`` or ``""``."""
        return self.rating.mark

    @property
    def chosen_chance(self) -> float:
        """The chance to win the match after the choice, in percent."""
        return round(100 * self.rating.chosen_chance, 1)

    @property
    def best_chance(self) -> float:
        """The chance after Expert's best, in percent."""
        return round(100 * self.rating.best_chance, 1)


def rated_step(rating: Rating) -> RatedStep:
    """A stored rating as shown."""
    return RatedStep(rating, rated_words(rating.chosen), rated_words(rating.best))


@dataclass(frozen=True, slots=True)
class Analysis:
    """The analysis of a hand as shown: ``status`` is ``"analysing"``, ``"done"``,
    ``"failed"``, ``"none"`` (never queued), ``"lost"`` (its job was lost in a restart)
    or ``"off"`` (this server does not analyse hands); ``by_step`` maps a
    position to its rating; ``costliest`` are the (up to) three decisions that lost the
    most, worst first."""

    status: str
    by_step: dict[int, RatedStep]
    accuracy: float | None
    counts: dict[str, int]
    costliest: tuple[RatedStep, ...]


def rated_words(text: str) -> str:
    """A rated action's text in words: ``"discard TH"`` → ``"discard the ten of hearts"``
    (:func:`app.table.words.action_words`, lowercased)."""
    words = action_words(parse_action(text))
    return words[:1].lower() + words[1:]


def analysis_view(row: HandReview | None) -> Analysis:
    """The analysis of a hand from its stored row (``analysing`` when there is none)."""
    if not analysis.enabled() and (row is None or row.status == "analysing"):
        return Analysis("off", {}, None, {}, ())
    if row is None:
        return Analysis("none", {}, None, {}, ())
    if row.status == "analysing" and analysis.is_lost(row):
        return Analysis("lost", {}, None, {}, ())
    if row.status == "analysing":
        return Analysis("analysing", {}, None, {}, ())
    ratings = [Rating.from_stored(data) for data in row.ratings]
    steps = [rated_step(r) for r in ratings]
    counts = {name: sum(r.mark == name for r in ratings) for _, name in MARKS}
    costly = sorted((s for s in steps if s.loss > 0), key=lambda s: (-s.loss, s.index))[:3]
    return Analysis(row.status, {s.index: s for s in steps}, accuracy(ratings), counts,
                    tuple(costly))


def stored_analysis(db: Session, facts: HandFacts) -> HandReview | None:
    """The stored analysis of a hand of this browser for its own seat
    (``facts.seats.me``; ``None`` when there is none yet). Reads only: a GET never
    writes (see :func:`request_analysis`)."""
    assert facts.match_id is not None
    row = db.get(HandReview, (facts.match_id, facts.number, facts.seats.me))
    if row is not None:
        db.expunge(row)  # read once: the page renders after the transaction ends
    return row


ANALYSIS_REQUESTS = InFlight(
    1, N_("Your last request to analyse a hand is still running: its review shows the "
          "ratings when it is done. Ask for the next one after that."), kind="analysis",
    retry_after=5)
"""One *Analyse this hand* in flight per browser (session id), per server process."""


def request_analysis(db: Session, facts: HandFacts, session_id: str) -> None:
    """Queue the analysis of a hand that has none, or whose job was lost in a restart
    (the review page's *Analyse this hand*; a hand is normally queued when it ends).

    Raises:
        Refused: this browser's previous request is still being analysed (429).
    """
    row = stored_analysis(db, facts)
    if row is not None and not analysis.is_lost(row) and row.status != "failed":
        return
    if not ANALYSIS_REQUESTS.acquire(session_id):
        raise Refused(ANALYSIS_REQUESTS.message, ANALYSIS_REQUESTS.retry_after, "analysis")
    bind = db.get_bind()
    db.rollback()
    assert facts.match_id is not None
    try:
        job = analysis.schedule(bind if isinstance(bind, Engine) else bind.engine,
                                facts.match_id, facts.number, facts.rules.to_dict(),
                                facts.seed, facts.dealer, facts.scores, list(facts.log),
                                seat=facts.seats.me, again=row is not None)
    except BaseException:
        ANALYSIS_REQUESTS.release(session_id)
        raise
    if job is None:
        ANALYSIS_REQUESTS.release(session_id)
    else:
        job.add_done_callback(lambda _done: ANALYSIS_REQUESTS.release(session_id))


def unreadable_reviews(db: Session, session_id: str) -> list[Finding]:
    """The hand reviews of browser ``session_id``'s matches (either seat) whose ratings
    do not read. An ``app.core.setaside`` check (reads only)."""
    found = []
    keys = db.exec(select(HandReview.match_id, HandReview.number, HandReview.seat)
                   .join(PlayMatch, col(PlayMatch.id) == col(HandReview.match_id))
                   .where(or_(col(PlayMatch.session_id) == session_id,
                              col(PlayMatch.guest_session_id) == session_id))).all()
    for match_id, number, seat in keys:
        try:
            row = db.get(HandReview, (match_id, number, seat))
            if row is not None:
                analysis_view(row)
        except Exception as error:
            found.append(Finding.of(HandReview.__tablename__,
                                    {"match_id": match_id, "number": number, "seat": seat},
                                    error))
        finally:
            db.rollback()
    return found
