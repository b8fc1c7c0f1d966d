"""The play screen model (docs/rules.md §7): everything the play template shows, built
from the person's :class:`PlayerView` only. While a hand is in progress no value built
here holds the computer's cards or the stock (only its size); the settlement becomes
visible once the hand is over, as in the game.

The same screen serves both seats of a friend match: it is built from the
viewing seat's view (``Loaded.me``) and names the other player from
:class:`app.table.common.Seats`; the friend's last turn is told and played out like the
computer's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from app.core.i18n import N_, NC_, gettext, ngettext, pgettext
from app.engine import (
    Card,
    Discarded,
    Drew,
    Event,
    HandKind,
    HandResult,
    HandVoided,
    HollywoodTally,
    Knocked,
    MatchState,
    Meld,
    Phase,
    PlayerView,
    Role,
    Rules,
    Settlement,
    TookDiscard,
    TookUpcard,
    apply_match,
    best_arrangement,
    deadwood_by_discard,
    make_meld,
    match_view,
    parse_match_action,
    visible_event,
)
from app.engine.hand import BigGin, Discard, DrawStock, Gin, Knock, Pass, TakeDiscard, TakeUpcard
from app.engine.match import resume
from app.table.arrange import arranged
from app.table.common import LEVEL_LABELS, SORTS, VS_COMPUTER, Loaded, Seats
from app.table.fairness import FairBox, fair_box
from app.table.words import (
    card_label,
    describe,
    discard_note,
    game_lines,
    hand_note,
    limit_note,
    match_result,
    meld_text,
    record_words,
    rules_summary,
    step_line,
    table_summary,
)
from app.web.charts import Chart, running_lines
from app.web.links import guide_link_for
from app.web.phrases import score_words
from app.web.rulewords import goal_words

SORT_LABELS = {"rank": N_("Sort by rank"), "suit": N_("Sort by suit"),
               "melds": N_("Melds first")}

@dataclass(frozen=True, slots=True)
class HandCard:
    """One card of the person's hand as shown: ``meld`` numbers its meld (1..), 0 deadwood.

    During the person's discard step the card also carries what discarding it would do,
    so that the browser can select it and update the note and buttons without a request:
    ``left`` the deadwood after discarding it, ``acts`` the legal card actions with it
    (space separated, of "discard knock gin"), ``note`` the sentence under the hand, and
    ``mark`` "gin" or "knock" when discarding it lets you go gin or knock. Only the
    person's own hand is involved: nothing hidden. ``label`` is its name for screen
    readers with its meld ("Seven of hearts, in run five six seven of hearts").
    """

    code: str
    selected: bool
    meld: int
    label: str
    group_start: bool = False
    new: bool = False
    left: int | None = None
    acts: str = ""
    note: str = ""
    mark: str = ""


@dataclass(frozen=True, slots=True)
class PileCard:
    """One card of the discard pile as listed (newest first): ``who`` threw it ("You",
    "Computer") or "Upcard" for the card turned up at the deal."""

    code: str
    who: str


@dataclass(frozen=True, slots=True)
class GameScore:
    """One Hollywood game on the score bar, the viewer's points first: hand points while
    open; once ``closed``, the final totals (boxes, game bonus and shutout in)."""

    number: int
    points: tuple[int, int]
    closed: bool


@dataclass(frozen=True, slots=True)
class ScoreRow:
    """One finished hand of the match: ``winner`` ("You", "Computer", "" for a void hand),
    ``how`` (Gin, Knock, Undercut, Big gin, Void), its points and the running totals;
    Hollywood: ``games``, the games its points went into ("1", "1 2", "—" for none)."""

    number: int
    winner: str
    how: str
    points: int
    totals: tuple[int, int]
    games: str = ""


@dataclass(frozen=True, slots=True)
class ComputerMove:
    """One public step of the computer's last turn, for the table's animation:
    ``kind`` is "stock" (drew from the stock: no card named), "take" (took ``card``
    from the pile or the upcard) or "discard" (threw ``card``)."""

    kind: str
    card: str = ""


@dataclass(frozen=True, slots=True)
class LaidMeld:
    """A meld on the result panel: ``cards`` in table order, layoffs included; ``laid_off``
    names those of them the defender laid off."""

    kind: str
    cards: tuple[str, ...]
    laid_off: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Side:
    """One player's hand on the result panel."""

    who: str
    role: str
    melds: tuple[LaidMeld, ...]
    deadwood_cards: tuple[str, ...]
    deadwood: int
    note: str = ""


@dataclass(frozen=True, slots=True)
class ResultPanel:
    """The end of a hand: headline, arithmetic and both hands (public once the hand ends)."""

    void: bool
    headline: str
    arithmetic: str
    sides: tuple[Side, ...]
    arrangement: str = ""
    """When the knocker's melds were not laid for the least deadwood (the table option
    *Knocker arranges for the best score*): which arrangement was laid and why."""
    moment: str = ""
    """The viewer's moment, celebrated by the panel (``templates/play/_moment.html``):
    ``"gin"``, ``"big-gin"`` or ``"undercut"`` when the viewer won the hand so, else
    ``""``."""


@dataclass(frozen=True, slots=True)
class MatchEnd:
    """The end of a match (docs/rules.md §5), as its result screen shows it.

    ``headline`` says who won and the final totals ("You won the match, 152 to 47");
    ``finals`` are the final totals, the viewer's first; ``rows`` the arithmetic from hand
    points to the final totals as (label, viewer's, other's) texts (hand points, boxes,
    game bonus, shutout doubling, each only when it counted), the last row the totals;
    ``lines`` the same in sentences; ``chart`` the running hand points hand by hand, with
    the target; ``match_id`` the match (its review is ``/play/history/<id>``);
    ``rematch`` whether a one-tap rematch is offered (against the computer only).
    A drawn match of a number of hands has the verdict "A draw"."""

    headline: str
    lines: tuple[str, ...]
    verdict: str = ""
    """Who won, without the totals ("You won the match")."""
    won: bool = False
    finals: tuple[int, int] = (0, 0)
    rows: tuple[tuple[str, str, str], ...] = ()
    chart: Chart | None = None
    match_id: int | None = None
    rematch: bool = False
    decided: str = ""
    """A match of a number of hands: how it was decided ("8 hands played: the more
    points win."; docs/rules.md §5), else ``""``."""


@dataclass(frozen=True, slots=True)
class PracticeTable:
    """What the play table shows on a practice hand (*Try again from here*, played on
    the same table as a match): the hand it re-deals (``match_id``, ``number``, from
    action ``start``). The table then posts to ``/play/practice``, offers no Hint and no
    New match, and its result panel offers to try again or go back to the review."""

    match_id: int
    number: int
    start: int


@dataclass(frozen=True, slots=True)
class Screen:
    """Everything the play template shows (built from the person's view only).

    ``sort`` is the sort the hand is shown in, or ``"own"`` when the player arranged it
    (then no sort button is pressed)."""

    version: int
    level: str
    level_label: str
    hand_number: int
    target: int
    goal: str
    """What ends the match, for the score bar: "to 100", "8 hands" (:func:`goal_words`)."""
    scores: tuple[int, int]
    you_deal: bool
    phase: str
    status: str
    step: str
    help_link: str
    notice: str
    computer_said: str
    computer_news: str
    stock_count: int
    top_discard: str | None
    discard_count: int
    computer_cards: int
    computer_known: tuple[str, ...]
    hand: tuple[HandCard, ...]
    hand_groups: tuple[tuple[HandCard, ...], ...]
    melds_text: str
    deadwood: int
    best_left: int | None
    hand_note: str
    sort: str
    sorts: tuple[tuple[str, str, bool], ...]
    enabled: dict[str, bool]
    take_label: str
    big_gin: bool
    limit_note: str
    rules_summary: tuple[tuple[str, str], ...]
    pile: tuple[PileCard, ...]
    score_rows: tuple[ScoreRow, ...]
    moves: tuple[ComputerMove, ...]
    pile_under: str | None
    result: ResultPanel | None
    match_end: MatchEnd | None
    over: bool
    match_over: bool
    fair: FairBox | None
    table_summary: str
    other_name: str = "Computer"
    other_bot: bool = False
    """The other seat is a bot (its name shows the "bot" mark)."""
    friend: bool = False
    away: bool = False
    games: tuple[str, ...] = ()
    """Hollywood: one line per game in words (the score history; ``()`` otherwise)."""
    game_scores: tuple[GameScore, ...] = ()
    """Hollywood: the three games as the score bar shows them (``()`` otherwise)."""
    practice: PracticeTable | None = None
    luck_url: str = ""
    """Where the result panel asks for the hand's luck-and-play line once the hand is
    analysed (``/play/history/<match>/<hand>/luck``); ``""`` when there is none (a
    practice hand, the lesson, a hand still in play)."""

    @property
    def hand_notes(self) -> frozenset[str]:
        """Which of the hand's hidden notes the screen needs (the cards point at them):
        ``"new"`` when a card was just drawn, ``"knock"`` and ``"gin"`` when discarding
        some card lets you knock or go gin (:attr:`HandCard.mark`)."""
        return frozenset(("new",) if any(card.new for card in self.hand) else ()) | {
            card.mark for card in self.hand if card.mark}


def _sort_key(sort: str) -> Any:
    if sort == "suit":
        return lambda card: (card.suit.index, card.rank.number)
    return lambda card: (card.rank.number, card.suit.index)


def _ordered_hand(view: PlayerView, sort: str, selected: str | None,
                  order: Sequence[Card] | None = None) -> tuple[tuple[HandCard, ...], str, int]:
    """The hand of ``view`` as shown, its melds in words and its deadwood: in ``order``
    when the player arranged it (:mod:`app.table.arrange`), else in the order of
    ``sort``; the card just drawn marked ``new``, and in the person's discard step each
    card with what discarding it would do (:func:`_discard_values`). Each card is built
    once, whole."""
    cards = view.hand
    arrangement = best_arrangement(cards, view.rules)
    meld_of: dict[Card, int] = {}
    label: dict[Card, str] = {card: card_label(card) for card in cards}
    for number, meld in enumerate(arrangement.melds, start=1):
        for card in meld.cards:
            meld_of[card] = number
            label[card] = card_label(card, meld.kind, meld.cards)
    key = _sort_key(sort)
    placed: list[tuple[Card, int, bool]] = []  # (card, its meld, starts a group)
    if order is not None:
        placed = [(card, meld_of.get(card, 0), False) for card in order]
    elif sort == "melds":
        for number, meld in enumerate(arrangement.melds, start=1):
            placed += [(card, number, i == 0) for i, card in enumerate(meld.cards)]
        placed += [(card, 0, i == 0 and bool(arrangement.melds)) for i, card in
                   enumerate(sorted(arrangement.deadwood_cards, key=key))]
    else:
        placed = [(card, meld_of.get(card, 0), False) for card in sorted(cards, key=key)]
    discards = _discard_values(view)
    out = []
    for card, number, starts in placed:
        code = str(card)
        out.append(HandCard(code, code == selected, number, label[card], starts,
                            card == view.drawn, *discards.get(card, _NO_DISCARD)))
    parts = [meld_text(meld.kind, meld.cards) for meld in arrangement.melds]
    melds_text = gettext("Melds: %(melds)s", melds="; ".join(parts)) if parts else \
        gettext("No melds yet")
    return tuple(out), melds_text, arrangement.deadwood



def hand_groups(cards: Sequence[HandCard]) -> tuple[tuple[HandCard, ...], ...]:
    """The hand in groups for its one row (a fan on a phone): consecutive cards of the
    same meld form one group, every other card a group of its own. Returns groups →
    cards, in the hand's order."""
    groups: list[list[HandCard]] = []
    for card in cards:
        if groups and card.meld and groups[-1][-1].meld == card.meld:
            groups[-1].append(card)
        else:
            groups.append([card])
    return tuple(tuple(group) for group in groups)


_NO_DISCARD: tuple[int | None, str, str, str] = (None, "", "", "")
"""A card's discard values outside the person's discard step (``HandCard``'s defaults)."""


def _discard_values(view: PlayerView) -> dict[Card, tuple[int | None, str, str, str]]:
    """What discarding each card of the hand would do, in the person's discard step
    (else nothing): card → (``left``, ``acts``, ``note``, ``mark``) of :class:`HandCard`."""
    if view.phase is not Phase.DISCARD or not view.my_turn:
        return {}
    legal = set(view.legal)
    left = deadwood_by_discard(view.hand, view.rules)
    out: dict[Card, tuple[int | None, str, str, str]] = {}
    for card in view.hand:
        acts = " ".join(name for name, action in (("discard", Discard(card)),
                                                    ("knock", Knock(card)),
                                                    ("gin", Gin(card))) if action in legal)
        mark = "gin" if "gin" in acts else "knock" if "knock" in acts else ""
        out[card] = (left[card], acts, discard_note(view, card, left[card], legal), mark)
    return out


def _pile(view: PlayerView, seats: Seats) -> tuple[PileCard, ...]:
    """The whole discard pile, newest first, with who threw each card (all public)."""
    mine, theirs = set(view.own_discards), set(view.opponent_discards)
    return tuple(PileCard(str(card), gettext("You") if card in mine else
                          seats.other_name if card in theirs else gettext("Upcard"))
                 for card in reversed(view.discard_pile))


HAND_KIND = "hand kind"
"""The context of a hand's kind as a noun in a score row ("Knock" there is not the button)."""
_HOW = {HandKind.GIN: NC_("hand kind", "Gin"), HandKind.BIG_GIN: NC_("hand kind", "Big gin"),
        HandKind.KNOCK: NC_("hand kind", "Knock"), HandKind.UNDERCUT: NC_("hand kind", "Undercut"),
        HandKind.VOID: NC_("hand kind", "Void")}


RESULT_SIDE = "result side"
"""The context of what a player did, as the result panel labels each side after a name
or "You" ("You · knocked"); the computer's last-move sentence has its own verbs."""
# Translators: "went gin", "went big gin", "knocked", "defended" in the context "result
# side" stand after a name or "You" on the result panel ("You · knocked"): a neutral
# form (a noun, as German "Klopfen", Spanish "Cierre") so that no verb has to agree with
# the name. The same English words in a sentence ("Computer drew and went gin") have no
# context and are verbs.
_SIDE = {"gin": NC_("result side", "went gin"), "big_gin": NC_("result side", "went big gin"),
         "knocked": NC_("result side", "knocked"), "defended": NC_("result side", "defended")}


def score_rows(match: MatchState, seats: Seats = VS_COMPUTER) -> tuple[ScoreRow, ...]:
    """The finished hands of the match with running totals of hand points (docs/rules.md §5),
    the viewer's total first."""
    totals = [0, 0]
    rows = []
    board = match.hollywood
    for number, record in enumerate(match.records, start=1):
        if record.winner is not None:
            totals[record.winner] += record.points
        winner = "" if record.winner is None else seats.who(record.winner)
        how = pgettext(HAND_KIND, _HOW.get(record.kind, str(record.kind))
                       if record.winner is not None else _HOW[HandKind.VOID])
        games = "" if board is None else " ".join(
            str(c + 1) for c, hands in enumerate(board.hands) if number - 1 in hands) or "—"
        rows.append(ScoreRow(number, winner, how, record.points if winner else 0,
                             (totals[seats.me], totals[seats.other]), games))
    return tuple(rows)


def computer_moves(events: Sequence[Event],
                   seats: Seats = VS_COMPUTER) -> tuple[ComputerMove, ...]:
    """The public steps of the other player's turn (events as the viewer may see them;
    a card drawn from the stock is never named). Empty when that turn ended the hand."""
    moves: list[ComputerMove] = []
    for raw in events:
        event = visible_event(raw, seats.me)
        if isinstance(event, Knocked | HandVoided):
            return ()
        if getattr(event, "player", None) != seats.other:
            continue
        if isinstance(event, Drew):
            moves.append(ComputerMove("stock"))
        elif isinstance(event, TookDiscard | TookUpcard):
            moves.append(ComputerMove("take", str(event.card)))
        elif isinstance(event, Discarded):
            moves.append(ComputerMove("discard", str(event.card)))
    return tuple(moves)



def other_turn(match: MatchState, other: int) -> tuple[list[Event], list[Event]]:
    """The events of ``other``'s most recent turn in the current hand (its last run of
    log entries), and those of the hand's very last action when ``other`` made it
    (else none): what a friend match tells and plays out of the friend's moves. Replays
    the hand up to that turn (server side; the events are filtered per viewer later)."""
    log = match.hand_log
    end = len(log)
    while end and log[end - 1][0] != other:
        end -= 1
    if end == 0:
        return [], []
    start = end
    while start and log[start - 1][0] == other:
        start -= 1
    state = resume(match.rules, match.first_dealer, match.records[:match.hand_number - 1],
                   match.seed, log[:start])
    turn: list[Event] = []
    last: list[Event] = []
    for player, text in log[start:end]:
        state, last = apply_match(state, player, parse_match_action(text))
        turn.extend(last)
    return turn, (last if end == len(log) else [])


def just_did(match: MatchState, seats: Seats, events: Sequence[Event] = (),
             record: str | None = None) -> tuple[str, tuple[Event, ...]]:
    """What the other player just did, for every table: in words, and the events the
    table plays out.

    The words are the stored ``record`` when the table keeps one (a seat against the
    computer, the lesson: :func:`app.table.words.turn_record`, said with
    :func:`~app.table.words.record_words`), else the other player's most recent turn in
    the current hand, read from the match's log (:func:`other_turn`). The events are
    ``events``, those that answered this tap; when there are none and the other seat is
    a person (a friend match, whose move reaches this browser by a reload), the hand's
    last action when that player made it.
    """
    if record is not None:
        return record_words(record, seats), tuple(events)
    turn, last = other_turn(match, seats.other)
    played = tuple(events) or (tuple(last) if seats.friend else ())
    return describe(turn, seats), played


def _with_layoffs(meld: Meld, laid_off: list[str],
                  rules: Rules) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The meld's cards in table order with the laid-off ones in place (5 6 7 8 9, not
    6 7 8 9 5), and the laid-off codes that the template marks."""
    if not laid_off:
        return tuple(str(c) for c in meld.cards), ()
    grown = make_meld([*meld.cards, *(Card.parse(code) for code in laid_off)], rules)
    return tuple(str(c) for c in grown.cards), tuple(laid_off)


def result_panel(result: HandResult, rules: Rules,
                 seats: Seats = VS_COMPUTER) -> ResultPanel:
    """The end of a hand as shown: headline, score arithmetic and both hands laid out
    (knocker's melds with layoffs in place; docs/rules.md §4), the viewer's hand first."""
    _who = seats.who
    if result.knocker is None or result.settlement is None:
        # Each hand as it stands, arranged for its least deadwood (nobody lays off).
        shown = {p: best_arrangement(result.hands[p], rules) for p in (seats.me, seats.other)}
        sides = tuple(
            Side(_who(p), "", tuple(LaidMeld(meld.kind.value, tuple(str(c) for c in meld.cards))
                                    for meld in shown[p].melds),
                 tuple(str(c) for c in shown[p].deadwood_cards), shown[p].deadwood)
            for p in (seats.me, seats.other)
        )
        return ResultPanel(True, gettext("Void hand: no score"),
                           gettext("The stock is down to two cards and nobody knocked: "
                                   "nobody scores, and the same dealer deals again."), sides)
    s = result.settlement
    knocker, defender = result.knocker, 1 - result.knocker
    laid: dict[int, list[str]] = {}
    for card, index in s.layoffs:
        laid.setdefault(index, []).append(str(card))
    knocker_melds = tuple(
        LaidMeld(meld.kind.value, *_with_layoffs(meld, laid.get(i, []), rules))
        for i, meld in enumerate(s.knocker_melds)
    )
    defender_melds = tuple(
        LaidMeld(meld.kind.value, tuple(str(c) for c in meld.cards)) for meld in s.defender_melds
    )
    kind = result.kind
    verb = pgettext(RESULT_SIDE, {HandKind.GIN: _SIDE["gin"], HandKind.BIG_GIN: _SIDE["big_gin"]}
                    .get(kind, _SIDE["knocked"]))
    knocker_side = Side(_who(knocker), verb, knocker_melds,
                        tuple(str(c) for c in s.knocker_deadwood_cards), s.knocker_deadwood)
    note = ""
    if s.layoffs:
        note = ngettext("laid off %(num)d card; %(before)d before layoffs",
                        "laid off %(num)d cards; %(before)d before layoffs", len(s.layoffs),
                        before=s.defender_deadwood_before_layoffs)
    defender_side = Side(_who(defender), pgettext(RESULT_SIDE, _SIDE["defended"]), defender_melds,
                         tuple(str(c) for c in s.defender_deadwood_cards), s.defender_deadwood,
                         note)
    winner = result.winner
    if winner is None:  # pragma: no cover - a knocked hand always has a winner
        headline = gettext("No score")
    else:
        headline = _headline(kind, knocker == seats.me, winner == seats.me, seats,
                             result.points)
    sides = (knocker_side, defender_side) if knocker == seats.me else (defender_side, knocker_side)
    moment = _MOMENTS.get(kind, "") if winner == seats.me else ""
    return ResultPanel(False, headline, score_words(result.score), sides,
                       _arrangement_note(s, knocker, seats), moment)


_MOMENTS = {HandKind.GIN: "gin", HandKind.BIG_GIN: "big-gin", HandKind.UNDERCUT: "undercut"}
"""The hands a result panel celebrates when the viewer won them (:attr:`ResultPanel.moment`)."""


_HEADLINES = {
    # (kind, who won): the result panel's headline
    (HandKind.GIN, "you"): N_("Gin! You score %(points)d"),
    (HandKind.BIG_GIN, "you"): N_("Big gin! You score %(points)d"),
    (HandKind.KNOCK, "you"): N_("Knock! You score %(points)d"),
    (HandKind.GIN, "friend"): N_("Gin by %(name)s: %(name)s scores %(points)d"),
    (HandKind.BIG_GIN, "friend"): N_("Big gin by %(name)s: %(name)s scores %(points)d"),
    (HandKind.KNOCK, "friend"): N_("Knock by %(name)s: %(name)s scores %(points)d"),
    (HandKind.GIN, "computer"): N_("Gin by the computer: it scores %(points)d"),
    (HandKind.BIG_GIN, "computer"): N_("Big gin by the computer: it scores %(points)d"),
    (HandKind.KNOCK, "computer"): N_("Knock by the computer: it scores %(points)d"),
}
_UNDERCUTS = {
    # who knocked (and so who was undercut)
    "you": N_("Undercut! You knocked; computer scores %(points)d"),
    "you-friend": N_("Undercut! You knocked; %(name)s scores %(points)d"),
    "friend": N_("Undercut! %(name)s knocked; you score %(points)d"),
    "computer": N_("Undercut! The computer knocked; you score %(points)d"),
}


def _headline(kind: HandKind, i_knocked: bool, i_won: bool, seats: Seats,
              points: int) -> str:
    """The result panel's headline: who won the hand, how, and the points."""
    name = seats.given_name
    if kind is HandKind.UNDERCUT:
        key = ("you-friend" if seats.friend else "you") if i_knocked else \
            "friend" if seats.friend else "computer"
        return gettext(_UNDERCUTS[key], name=name, points=points)
    who = "you" if i_won else "friend" if seats.friend else "computer"
    return gettext(_HEADLINES[(kind, who)], name=name, points=points)


def _arrangement_note(s: Settlement, knocker: int, seats: Seats) -> str:
    """Why the knocker's melds are not the least-deadwood ones (``""`` when they are)."""
    least = s.least_deadwood
    if least is None:
        return ""

    def outcome(settlement: Settlement) -> str:
        if settlement.winner is Role.KNOCKER:
            return gettext("a knock for %(points)d (%(sum)s)", points=settlement.points,
                           sum=score_words(settlement.score))
        return gettext("an undercut, %(points)d to the defender (%(sum)s)",
                       points=settlement.points, sum=score_words(settlement.score))

    values = {"name": seats.given_name, "deadwood": s.knocker_deadwood,
              "kept": " ".join(str(c) for c in s.knocker_deadwood_cards),
              "outcome": outcome(s), "least": least.knocker_deadwood,
              "least_outcome": outcome(least)}
    if knocker == seats.me:
        return gettext("Your melds were laid for the best score, not the least deadwood "
                       "(Knocker arranges for the best score): deadwood %(deadwood)d "
                       "(%(kept)s) makes %(outcome)s; the least deadwood, %(least)d, would "
                       "have made %(least_outcome)s.", **values)
    if seats.friend:
        return gettext("%(name)s's melds were laid for the best score, not the least "
                       "deadwood (Knocker arranges for the best score): deadwood "
                       "%(deadwood)d (%(kept)s) makes %(outcome)s; the least deadwood, "
                       "%(least)d, would have made %(least_outcome)s.", **values)
    return gettext("The computer's melds were laid for the best score, not the least "
                   "deadwood (Knocker arranges for the best score): deadwood %(deadwood)d "
                   "(%(kept)s) makes %(outcome)s; the least deadwood, %(least)d, would have "
                   "made %(least_outcome)s.", **values)


def match_chart(match: MatchState, seats: Seats = VS_COMPUTER) -> Chart:
    """The match chart: each player's running hand points after each hand (from 0 at the
    start), the viewer's line first, and the target (none in a match of a number of hands:
    docs/rules.md §5)."""
    rows = score_rows(match, seats)
    them = seats.other_name
    return running_lines(
        gettext("Points after each hand"),
        [("you", gettext("You"), [0, *(r.totals[0] for r in rows)]),
         ("other", them, [0, *(r.totals[1] for r in rows)])],
        [gettext("start"), *(gettext("hand %(number)d", number=r.number) for r in rows)],
        0 if match.rules.hands else match.rules.target,  # N hands: no target to reach
        short=["0", *(str(r.number) for r in rows)])


def match_end(match: MatchState, seats: Seats = VS_COMPUTER,
              match_id: int | None = None) -> MatchEnd:
    """The result screen of a finished match: the final score and how it was made up
    (hand points, boxes, game bonus, shutout), the chart, and the way on (docs/rules.md
    §5). ``match`` must be over."""
    t = match.tally
    me, other = seats.me, seats.other
    you, comp = t.final[me], t.final[other]
    them = seats.them
    headline = match_result(t, seats)
    won = t.winner == me
    verdict = headline.split(",", 1)[0]  # who won (or a tie), without the totals
    lines = [gettext("Hand points: you %(mine)d, %(them)s %(theirs)d.", mine=t.points[me],
                     them=them, theirs=t.points[other])]
    rows = [(gettext("Hand points"), str(t.points[me]), str(t.points[other]))]
    margin = gettext("Margin: %(margin)d.", margin=t.margin)
    decided = ""
    if match.rules.hands:  # a match of a number of hands: the points decide, no bonus
        decided = ngettext("%(num)d hand played: the points are level, a draw.",
                           "%(num)d hands played: the points are level, a draw.",
                           match.rules.hands) if t.winner is None else \
            ngettext("%(num)d hand played: the more points win.",
                     "%(num)d hands played: the more points win.", match.rules.hands)
        lines.insert(0, decided)
        if t.winner is None:
            verdict = gettext("A draw")
    if match.hollywood is not None:  # each game's own boxes, bonus and shutout are in its line
        lines = [f"{line}." for line in game_lines(match.hollywood, seats)]
        lines += [gettext("Three games: you %(mine)d, %(them)s %(theirs)d.", mine=you,
                          them=them, theirs=comp), margin]
        return MatchEnd(headline, tuple(lines), verdict, won, (you, comp),
                        ((gettext("Three games"), str(you), str(comp)),),
                        match_chart(match, seats),
                        match_id, rematch=seats.rematch)
    if any(t.box_bonus):
        lines.append(gettext("Boxes: you %(mine)d (%(mine_bonus)d), %(them)s %(theirs)d "
                             "(%(theirs_bonus)d).", mine=t.boxes[me],
                             mine_bonus=t.box_bonus[me], them=them, theirs=t.boxes[other],
                             theirs_bonus=t.box_bonus[other]))
        rows.append((gettext("Boxes (%(bonus)d each)", bonus=match.rules.box_bonus),
                     f"+{t.box_bonus[me]}" if t.box_bonus[me] else "–",
                     f"+{t.box_bonus[other]}" if t.box_bonus[other] else "–"))
    if any(t.game_bonus):
        lines.append(gettext("Game bonus: %(bonus)d.", bonus=max(t.game_bonus)))
        rows.append((gettext("Game bonus"), f"+{t.game_bonus[me]}" if t.game_bonus[me] else "–",
                     f"+{t.game_bonus[other]}" if t.game_bonus[other] else "–"))
    if t.shutout:
        lines.append(gettext("Shutout: the winner's total is doubled."))
        doubled = [t.final[p] - (t.points[p] + t.box_bonus[p] + t.game_bonus[p])
                   for p in (me, other)]
        rows.append((gettext("Shutout: doubled"), f"+{doubled[0]}" if doubled[0] else "–",
                     f"+{doubled[1]}" if doubled[1] else "–"))
    lines.append(margin)
    rows.append((gettext("Final score"), str(you), str(comp)))
    return MatchEnd(headline, tuple(lines), verdict, won, (you, comp), tuple(rows),
                    match_chart(match, seats), match_id, rematch=seats.rematch,
                    decided=decided)


def _guide_step(view: PlayerView, match: MatchState) -> str:
    """The guide section that explains the current step (see :func:`guide_link_for`)."""
    if match.over:
        return "match_over"
    if view.phase is Phase.OVER and (view.result is None or view.result.winner is None):
        return "void"
    return view.phase.value



def screen(loaded: Loaded, notice: str = "", away: bool = False) -> Screen:
    """The play screen for the browser's seat (``loaded.me``: the person against the
    computer, either player of a friend match), from that seat's :class:`PlayerView`
    only. ``away``: the friend has had no connection for a while ("Ann is away")."""
    row, game, match = loaded.seat, loaded.game, loaded.match
    seats = loaded.seats
    view = match_view(match, seats.me)
    order = None if view.phase is Phase.OVER else arranged(row, game, match, view.hand)
    said, events = just_did(match, seats, loaded.events,
                            None if seats.friend else row.computer_said)
    return table_screen(match, seats, version=game.version, level=game.level,
                        sort=row.sort, selected=row.selected, said=said, events=events,
                        notice=notice, away=away, fair=fair_box(loaded), match_id=game.id,
                        order=order, view=view)


def table_screen(match: MatchState, seats: Seats, *, version: int, level: str, sort: str,
                 selected: str | None = None, said: str = "", events: Sequence[Event] = (),
                 notice: str = "", away: bool = False, fair: FairBox | None = None,
                 match_id: int | None = None,
                 practice: PracticeTable | None = None,
                 order: Sequence[Card] | None = None,
                 view: PlayerView | None = None) -> Screen:
    """The play table for seat ``seats.me`` of ``match``, from that seat's
    :class:`PlayerView` only: the one screen model that a match against the computer, a
    friend match and a practice hand all show (docs/rules.md §7). ``version`` is what the
    table's forms post back; ``sort`` and ``selected`` the screen choices; ``said`` the
    other player's last turn in words and ``events`` the events that answered this tap
    (played out on the table); ``fair`` the fairness box (none on a practice hand);
    ``practice`` marks a practice hand's table (no match end is shown there); ``order``
    the hand's own order when the player arranged it (:mod:`app.table.arrange`); ``view``
    the seat's :func:`~app.engine.match_view` of ``match`` when the caller has it already
    (else it is made here)."""
    if view is None:
        view = match_view(match, seats.me)
    board = match.hollywood
    rules = view.rules
    chosen = Card.parse(selected) if selected else None
    if chosen is not None and chosen not in view.hand:
        chosen = None
    over = view.phase is Phase.OVER
    hand: tuple[HandCard, ...] = ()
    melds_text, deadwood = "", 0
    if over:
        order = None
    if not over:  # the card just drawn is marked, so it is easy to find
        hand, melds_text, deadwood = _ordered_hand(view, sort, str(chosen) if chosen else None,
                                                   order)
    lefts = {Card.parse(c.code): c.left for c in hand if c.left is not None}
    legal = set(view.legal)
    # Discard, Knock and Gin are enabled when some card allows them: the browser then
    # narrows them to the selected card (without JavaScript the server refuses a wrong one).
    enabled = {
        "take_upcard": TakeUpcard() in legal,
        "pass": Pass() in legal,
        "draw_stock": DrawStock() in legal,
        "take_discard": TakeDiscard() in legal,
        "discard": any(isinstance(a, Discard) for a in legal),
        "knock": any(isinstance(a, Knock) for a in legal),
        "gin": any(isinstance(a, Gin) for a in legal),
        "big_gin": BigGin() in legal,
        "next_hand": over and not match.over,
    }
    step = step_line(view, match, seats)
    status = f"{notice} {step}" if notice else step
    top = view.top_discard
    return Screen(
        version=version,
        level=level,
        level_label=gettext(LEVEL_LABELS[level]) if level in LEVEL_LABELS else level,
        hand_number=match.hand_number,
        target=rules.target,
        goal=goal_words(rules),
        scores=(view.scores[seats.me], view.scores[seats.other]),
        you_deal=view.dealer == seats.me,
        phase=view.phase.value,
        status=status,
        step=step,
        help_link=guide_link_for(_guide_step(view, match)),
        notice=notice,
        computer_said=said,
        # the other player's words for the live region: only when it played in answer
        # to this tap (the computer) or just now (a friend), so its move is announced
        # once
        computer_news=said if events else "",
        stock_count=view.stock_count,
        top_discard=str(top) if top is not None else None,
        discard_count=len(view.discard_pile),
        computer_cards=view.opponent_card_count,
        computer_known=tuple(str(c) for c in sorted(view.opponent_known,
                                                    key=lambda c: c.index)) if not over else (),
        hand=hand,
        hand_groups=hand_groups(hand),
        melds_text=melds_text,
        deadwood=deadwood,
        best_left=min(lefts.values()) if lefts else None,
        hand_note=hand_note(view, chosen, deadwood, lefts) if not over else "",
        sort="own" if order is not None else sort,
        sorts=tuple((key, gettext(SORT_LABELS[key]), order is None and key == sort)
                    for key in SORTS),
        enabled=enabled,
        take_label=gettext("Take upcard") if view.phase is Phase.UPCARD_OFFER
        else gettext("Take discard"),
        big_gin=rules.big_gin,
        limit_note=limit_note(view),
        rules_summary=rules_summary(rules, level, seats),
        pile=_pile(view, seats),
        score_rows=score_rows(match, seats),
        moves=computer_moves(events, seats) if not over else (),
        pile_under=str(view.discard_pile[-2]) if len(view.discard_pile) > 1 else None,
        result=result_panel(view.result, rules, seats)
        if over and view.result is not None else None,
        match_end=match_end(match, seats, match_id) if match.over and practice is None
        else None,
        over=over,
        match_over=match.over,
        fair=fair,
        table_summary=table_summary([c.label for c in hand], top, len(view.discard_pile),
                                    (view.scores[seats.me], view.scores[seats.other]),
                                    rules.target, status, seats,
                                    game_lines(board, seats),
                                    (match.hand_number, rules.hands) if rules.hands else None),
        other_name=seats.other_name, other_bot=seats.other_bot,
        friend=seats.friend,
        away=away,
        games=game_lines(board, seats),
        game_scores=game_scores(board, seats),
        practice=practice,
        luck_url=f"/play/history/{match_id}/{match.hand_number}/luck"
        if over and practice is None and match_id is not None else "",
    )


def game_scores(board: HollywoodTally | None, seats: Seats = VS_COMPUTER,
                ) -> tuple[GameScore, ...]:
    """The games of a Hollywood match for the score bar (``()`` for a plain match)."""
    if board is None:
        return ()
    scores = []
    for number, (column, closed) in enumerate(zip(board.columns, board.closed_by,
                                                  strict=True), start=1):
        points = column.points if closed is None else column.final
        scores.append(GameScore(number, (points[seats.me], points[seats.other]),
                                closed is not None))
    return tuple(scores)
