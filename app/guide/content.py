"""The in-app guide: its pages, its FAQ, and every number its examples show (docs/rules.md §8).

The templates under ``templates/guide/`` never type a deadwood count or a score. Each
example is a hand written as card codes (or, for the worked match of docs/rules.md §5, the
deadwood counts a scorekeeper would enter); this module hands them to the engine
(``best_arrangement``, ``lay_down``, ``best_discards``, ``score_hand``, ``tally``,
``knock_limit_for``) with the rules in force and gives the templates the results.

The rules are injectable: ``get_guide_rules`` reads ``app.state.guide_rules`` (a
:class:`GuideRules`) and falls back to House rules for play examples and Classic rules for
the worked match, so a test can set ``app.state.guide_rules`` (or override the
dependency) and watch the pages change.

``guide_link_for(phase)`` maps a step of the play screen to the guide section that
explains it; it lives in :mod:`app.web.links` (the play screen may not import the guide)
and is re-exported here.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Annotated, Any, Literal

from babel.lists import format_list
from fastapi import Depends, Request

from app.core.i18n import N_, current
from app.engine import (
    CARDS,
    CLASSIC,
    HOUSE,
    OPTION,
    Card,
    HandKind,
    HandRecord,
    HandScore,
    KnockLimit,
    MatchTally,
    Role,
    Rules,
    Settlement,
    best_arrangement,
    best_discards,
    knock_limit_for,
    lay_down,
    least_deadwood,
    make_meld,
    parse_cards,
    score_hand,
    tally,
)
from app.engine.hand import HAND_SIZE, VOID_AT
from app.table.storage import load
from app.table.words import the
from app.web.deps import DbDep, known_session_id
from app.web.links import guide_link_for
from app.web.phrases import score_words
from app.web.rulewords import rules_rows

# --- rules in force ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GuideRules:
    """The rules the guide's examples are computed with.

    ``play``: the rules of Play (House by default), used for every hand example and
    every rule value quoted in the text. ``match``: the rules of the worked match of
    docs/rules.md §5 (Classic by default, as in the Score keeper).
    """

    play: Rules = HOUSE
    match: Rules = CLASSIC


def get_guide_rules(request: Request, db: DbDep) -> GuideRules:
    """FastAPI dependency: ``app.state.guide_rules`` when set; else the rules of this
    browser's open match when it has one (the table's "Rules for this step" link leads
    here: the page shows that table's values where they differ from House, issue 52);
    else House / Classic."""
    rules = getattr(request.app.state, "guide_rules", None)
    if isinstance(rules, GuideRules):
        return rules
    session_id = known_session_id(request, db)
    loaded = load(db, session_id) if session_id is not None else None
    if loaded is None:
        return GuideRules()
    return GuideRules(play=Rules.from_dict(loaded.game.rules))


GuideRulesDep = Annotated[GuideRules, Depends(get_guide_rules)]


# --- pages, sections and the FAQ -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Section:
    """A heading inside a guide page: its anchor id and its title (an English message
    marked with ``N_``; the templates show ``_(title)``)."""

    anchor: str
    title: str


@dataclass(frozen=True, slots=True)
class Page:
    """One guide page: URL slug (``/guide/<slug>``), title, one-line summary, sections
    (title and summary are messages marked with ``N_``, translated where shown)."""

    slug: str
    title: str
    summary: str
    sections: tuple[Section, ...] = ()

    @property
    def url(self) -> str:
        """The page's path, e.g. ``/guide/deal``."""
        return f"/guide/{self.slug}"


def _s(*pairs: tuple[str, str]) -> tuple[Section, ...]:
    return tuple(Section(anchor, title) for anchor, title in pairs)


PAGES: tuple[Page, ...] = (
    Page("aim", N_("The aim"), N_("What you are trying to do."),
         _s(("aim", N_("Get rid of your deadwood")),
            ("at-a-glance", N_("The game at a glance")))),
    Page("deal", N_("The deal and the upcard"), N_("Ten cards each, one card face up."),
         _s(("deal", N_("The deal")), ("upcard", N_("The upcard")),
            ("stock", N_("The stock")))),
    Page("turn", N_("A turn"), N_("Draw one card, then discard one."),
         _s(("draw", N_("Draw")), ("discard", N_("Discard")), ("example", N_("Example turn")))),
    Page("melds", N_("Melds and deadwood"), N_("Sets, runs and what is left over."),
         _s(("sets", N_("Sets")), ("runs", N_("Runs")), ("ace", N_("Card values")),
            ("deadwood", N_("Deadwood")), ("example", N_("Example hand")))),
    Page("knocking", N_("Knocking, gin and laying off"), N_("How a hand ends."),
         _s(("knock", N_("Knocking")), ("knocker-arrangement", N_("Your melds when you knock")),
            ("gin", N_("Gin")), ("big-gin", N_("Big gin")), ("laying-off", N_("Laying off")),
            ("no-layoffs-against-gin", N_("No layoffs against gin")))),
    Page("scoring", N_("Scoring"), N_("Who scores a hand, and how much."),
         _s(("table", N_("The scoring table")), ("knock", N_("Example: a knock")),
            ("undercut", N_("Example: an undercut")), ("tie", N_("A tie is an undercut")),
            ("gin", N_("Example: gin")))),
    Page("void", N_("The void hand"), N_("When the stock runs low."),
         _s(("void", N_("No score, same dealer")),)),
    Page("match", N_("A match"), N_("Playing hands up to the target."),
         _s(("target", N_("The target")), ("bonuses", N_("Boxes, game bonus and shutout")),
            ("worked-match", N_("A worked match")), ("margin", N_("Margin and shutout")))),
    Page("controls", N_("The controls"), N_("How to play in this app."),
         _s(("cards", N_("Your cards")), ("buttons", N_("The buttons")),
            ("sorting", N_("Sorting")), ("screen", N_("Reading the screen")),
            ("end-of-hand", N_("The end of a hand")),
            ("sharing", N_("Sharing a hand")),
            ("watching", N_("Watching a friend match")),
            ("head-to-head", N_("Head to head")),
            ("keyboard", N_("Keyboard and screen readers")),
            ("score-keeper", N_("The score keeper")))),
    Page("strategy", N_("Strategy"), N_("Tips for playing better."),
         _s(("reading-discards", N_("Reading the discards")),
            ("taking", N_("What to take from the pile")),
            ("knock-or-gin", N_("Knock or play for gin")),
            ("deadwood", N_("Managing deadwood")),
            ("undercut", N_("Laying off and the undercut")))),
    Page("options", N_("Table options"), N_("Rules a table can switch."),
         _s(("presets", N_("Scoring presets")),
            ("target", OPTION["target"].label), ("knock-limit", OPTION["knock_limit"].label),
            ("bonuses", N_("Hand bonuses")),
            ("big-gin", OPTION["big_gin"].label),
            ("match-bonuses", N_("Box, game bonus and shutout")),
            ("oklahoma", OPTION["oklahoma"].label), ("straight-gin", OPTION["straight_gin"].label),
            ("round-the-corner", OPTION["round_the_corner"].label),
            ("loser-deals", OPTION["loser_deals"].label),
            ("knocker-arranges", N_("Knocker arranges for the best score")),
            ("hollywood", OPTION["hollywood"].label), ("gin-for-three", N_("Gin for three")))),
    Page("fair", N_("Checking a deal"), N_("Prove that a hand was dealt fairly."),
         _s(("commitment", N_("Before the hand: the commitment")),
            ("reveal", N_("After the hand: the seeds")), ("check", N_("Checking the deal")),
            ("own-program", N_("With your own program")))),
    Page("train", N_("Train your game"), N_("The drill, the daily puzzle, reviewing together."),
         _s(("drill", N_("The drill")), ("puzzle", N_("Today's puzzle")),
            ("together", N_("Review together")))),
    Page("events", N_("Events"), N_("Club nights and leagues: pairings and standings."),
         _s(("events", N_("An event")), ("swiss", N_("Swiss and round robin")),
            ("standings", N_("Standings and tie-breaks")), ("host", N_("Hosting")))),
    Page("faq", N_("Questions and answers"), N_("Short answers to common questions."), ()),
)
"""Every guide page in reading order (the FAQ last); ``/guide`` lists them all."""

PAGES_BY_SLUG: dict[str, Page] = {page.slug: page for page in PAGES}


@dataclass(frozen=True, slots=True)
class Question:
    """One FAQ entry: its anchor id on ``/guide/faq`` and the question (a message marked
    with ``N_``, translated where shown)."""

    anchor: str
    question: str


FAQ: tuple[Question, ...] = (
    Question("aim", N_("What is the aim of the game?")),
    Question("controls", N_("How do the controls work?")),
    Question("format", N_("Which format does this app play?")),
    Question("before-a-move", N_("What should I check before a move?")),
    Question("knock-limit", N_("When may I knock? Is exactly 10 allowed?")),
    Question("ace", N_("How much is an ace worth?")),
    Question("tie", N_("What happens on a deadwood tie?")),
    Question("layoffs-automatic", N_("Are layoffs automatic?")),
    Question("knocker-melds", N_("When I knock, who arranges my melds?")),
    Question("layoff-against-gin", N_("Can I lay off against gin?")),
    Question("no-winner", N_("Can a hand end without a winner?")),
    Question("stock-runs-out", N_("What if the stock runs out?")),
    Question("big-gin", N_("What is the difference between gin and big gin?")),
    Question("match-points", N_("How many points is a match?")),
    Question("upcard", N_("Why can't I draw from the stock at the start?")),
    Question("same-card", N_("Can I discard the card I just took?")),
    Question("knock-compulsory", N_("Must I knock as soon as I can?")),
    Question("rigged", N_("Is the deal rigged? Does the computer see my cards?")),
    Question("strength", N_("How strong is the computer?")),
)
"""The FAQ in page order: every question docs/rules.md §8 lists, plus a few more."""

for _page in PAGES[:-1]:
    assert len({s.anchor for s in _page.sections}) == len(_page.sections), _page.slug
assert len({q.anchor for q in FAQ}) == len(FAQ)


def page_neighbours(slug: str) -> tuple[Page | None, Page | None]:
    """The previous and next page in reading order (``None`` at either end)."""
    index = next(i for i, page in enumerate(PAGES) if page.slug == slug)
    before = PAGES[index - 1] if index > 0 else None
    after = PAGES[index + 1] if index + 1 < len(PAGES) else None
    return before, after


# --- cards in sentences ---------------------------------------------------------------------


def cards_in_words(cards: Iterable[Card], style: Literal["standard", "or"] = "standard") -> str:
    """Cards named in a sentence, each with its own article, joined the language's way:
    ``"the nine of hearts and the ten of clubs"`` (``style="or"``: "… or …"). The names
    come from :func:`app.table.words.the`; the joining from Babel's list patterns (CLDR)."""
    return format_list([the(card) for card in cards], style=style, locale=current())


def sum_words(score: HandScore) -> str:
    """A hand's score sum as shown, its kind in the page's language
    (:func:`app.web.phrases.score_words`: ``"Unterbieten: 25 + 8 − 5 = 28"``)."""
    return score_words(score)


# --- examples ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ShownMeld:
    """A meld as the guide draws it; ``laid_off`` marks cards the defender added."""

    cards: tuple[Card, ...]
    kind: str  # "set" or "run"
    laid_off: frozenset[Card] = frozenset()


@dataclass(frozen=True, slots=True)
class ShownHand:
    """A hand split into melds and deadwood, with its deadwood count from the engine."""

    cards: tuple[Card, ...]
    melds: tuple[ShownMeld, ...]
    deadwood_cards: tuple[Card, ...]
    deadwood: int


def _shown(melds: Any, deadwood_cards: Any, cards: Any = None) -> ShownHand:
    shown = tuple(ShownMeld(tuple(m.cards), m.kind.name.lower()) for m in melds)
    dead = tuple(sorted(deadwood_cards, key=lambda c: c.sort_key))
    everything = tuple(cards) if cards is not None else tuple(
        c for m in shown for c in m.cards) + dead
    return ShownHand(everything, shown, dead, sum(card.points for card in dead))


@lru_cache(maxsize=64)
def arranged(codes: str, rules: Rules) -> ShownHand:
    """``codes`` arranged by the engine for the least deadwood (``best_arrangement``)."""
    cards = parse_cards(codes)
    arrangement = best_arrangement(cards, rules)
    hand = _shown(arrangement.melds, arrangement.deadwood_cards, cards)
    assert hand.deadwood == least_deadwood(cards, rules) == arrangement.deadwood
    return hand


@dataclass(frozen=True, slots=True)
class KnockExample:
    """A knocked hand settled by the engine (``lay_down``): both sides and the score."""

    knocker: ShownHand
    defender_before: ShownHand
    defender_melds: tuple[ShownMeld, ...]
    defender_deadwood_cards: tuple[Card, ...]
    layoffs: tuple[Card, ...]
    settlement: Settlement
    above_table_limit: bool = False

    """``above_table_limit``: the knock leaves more deadwood than the table's knock limit
    allows (the example hands are House hands; settled with House's limit)."""

    @property
    def score(self) -> HandScore:
        """The hand's score (kind, winner, points, arithmetic)."""
        return self.settlement.score

    @property
    def defender_deadwood(self) -> int:
        """The defender's deadwood after melds and layoffs."""
        return self.settlement.defender_deadwood


@lru_cache(maxsize=64)
def knocked(knocker_codes: str, defender_codes: str, rules: Rules) -> KnockExample:
    """Settle a knock between two hands written as card codes (``lay_down``).

    The knocker's melds are drawn with the defender's layoffs added and marked.
    """
    settlement = lay_down(parse_cards(knocker_codes), parse_cards(defender_codes), rules,
                          limit=EXAMPLE_LIMIT)
    by_meld: dict[int, list[Card]] = {}
    for card, index in settlement.layoffs:
        by_meld.setdefault(index, []).append(card)
    melds = []
    for index, meld in enumerate(settlement.knocker_melds):
        added = by_meld.get(index, [])
        grown = make_meld([*meld.cards, *added], rules) if added else meld
        melds.append(ShownMeld(tuple(grown.cards), meld.kind.name.lower(), frozenset(added)))
    dead = tuple(sorted(settlement.knocker_deadwood_cards, key=lambda c: c.sort_key))
    knocker = ShownHand(tuple(parse_cards(knocker_codes)), tuple(melds), dead,
                        settlement.knocker_deadwood)
    defender_before = arranged(defender_codes, rules)
    assert defender_before.deadwood == settlement.defender_deadwood_before_layoffs
    defender_dead = tuple(sorted(settlement.defender_deadwood_cards, key=lambda c: c.sort_key))
    return KnockExample(
        knocker=knocker,
        defender_before=defender_before,
        defender_melds=tuple(ShownMeld(tuple(m.cards), m.kind.name.lower())
                             for m in settlement.defender_melds),
        defender_deadwood_cards=defender_dead,
        layoffs=tuple(card for card, _ in settlement.layoffs),
        settlement=settlement,
        above_table_limit=settlement.knocker_deadwood > _table_limit(rules),
    )


EXAMPLE_LIMIT = KnockLimit(HOUSE.knock_limit)
"""The knock limit the example hands are settled with: House's, whatever the table's (an
example knock on 8 still shows how a knock is scored at a table whose limit is 7; the
page says so), and no Oklahoma upcard (the examples have none, so nothing doubles)."""


def _table_limit(rules: Rules) -> int:
    """The most deadwood any knock may leave at this table (Oklahoma: the cap)."""
    return 0 if rules.straight_gin else rules.knock_limit


@dataclass(frozen=True, slots=True)
class DiscardExample:
    """An 11-card hand after a draw: deadwood before, the best discards and after."""

    before: ShownHand
    drawn: Card
    best_deadwood: int
    best_cards: tuple[Card, ...]
    after: ShownHand


@lru_cache(maxsize=64)
def best_discard_example(ten_codes: str, drawn_code: str, rules: Rules) -> DiscardExample:
    """Take ``drawn_code`` into the 10-card hand ``ten_codes``; the engine picks the discard."""
    before = arranged(ten_codes, rules)
    drawn = Card.parse(drawn_code)
    eleven = [*parse_cards(ten_codes), drawn]
    value, cards = best_discards(eleven, rules)
    keep = " ".join(str(c) for c in eleven if c != cards[0])
    after = arranged(keep, rules)
    assert after.deadwood == value
    return DiscardExample(before, drawn, value, tuple(cards), after)


# Example hands (card codes only; the engine supplies every number shown).
MELD_HAND = "7S 7D 7H 8H 9H AC 2C 3C KS 4D"
"""Melds page: 7♥ fits a set of sevens or a run of hearts; the engine picks the run."""
MELD_HAND_ALTERNATIVE = ("7S 7D 7H", "AC 2C 3C")
"""The other way to meld MELD_HAND: 7♥ in the set of sevens, leaving 8♥ 9♥ as deadwood."""
KNOCK_AT_LIMIT = "2C 3C 4C 5S 6S 7S KC KH KS"
"""Knocking page: nine melded cards; a diamond worth the knock limit is added."""
TURN_HAND = ("5D 6D 8S 8C 8H 2H 3H 4H JS KC", "7D")
"""A turn: ten cards, and the 7♦ on the discard pile."""
STRATEGY_HAND = ("4S 5S 6S 8H 8D 2C 9C TC KH QD", "8C")
"""Managing deadwood: a card drawn from the stock, then the engine's best discard."""
KNOCK_EXAMPLE = ("5H 6H 7H 9C 9D 9S JC QC KC 2D", "8H 9H TC 4S 4D 4C 3S 6D KD 5C")
"""A plain knock with layoffs (knocker's 10 cards, defender's 10 cards)."""
UNDERCUT_EXAMPLE = ("AS 2S 3S 7D 7C 7H TD JD QD 8C", "4S 7S KD 4H 4C 4D 9C 9S 9H 5C")
"""docs/rules.md §4's undercut: knocker 8, defender 5 after layoffs."""
GIN_EXAMPLE = ("4C 5C 6C 7C 8D 8H 8S JH QH KH", "3C 8C 2D 3D 4D 6S 6H 6D AS 2H")
"""Gin: 3♣ and 8♣ would fit the knocker's melds, but nothing is laid off against gin."""
BIG_GIN_EXAMPLE = ("4C 5C 6C 7C 8C 8D 8H 8S JH QH KH", "3C 2D 3D 4D 6S 6H 6D AS 2H 9C")
"""Big gin: eleven cards melded, no discard."""
CORNER_RUNS = ("QH KH AH", "KS AS 2S")
"""Round the corner: runs that only count with the option on."""
OKLAHOMA_UPCARDS = ("7D", "KH", "AC", "5S")
"""Oklahoma: upcards whose value sets the knock limit."""
KNOCKER_CHOICE = ("AH 2H 3H 9C 9D 9S JD QD KD AC", "2S 3S 4S 6C 6D 6S 4H 5H 9H TD")
"""Knocker arranges for the best score: laid for the least deadwood (1) the defender lays
off 4♥ 5♥ 9♥ 10♦ and undercuts; A-2-3♥ kept as deadwood (7) leave 4♥ 5♥ nowhere to go."""
OKLAHOMA_CAPPED = ("KC", 7)
"""Oklahoma: a king upcard at a table whose own knock limit is 7 (the limit caps it)."""


def _tie_score(rules: Rules) -> HandScore | None:
    """Both players on the same deadwood (7, or the knock limit if lower): an undercut."""
    level = min(7, rules.knock_limit)
    return score_hand(level, level, rules, limit=KnockLimit(level)) if level > 0 else None


def _alternative(rules: Rules) -> ShownHand:
    """MELD_HAND laid with the melds of MELD_HAND_ALTERNATIVE (validated by the engine)."""
    melds = [make_meld(parse_cards(codes), rules) for codes in MELD_HAND_ALTERNATIVE]
    melded = {card for meld in melds for card in meld.cards}
    cards = parse_cards(MELD_HAND)
    return _shown(melds, [c for c in cards if c not in melded], cards)


def play_examples(rules: Rules) -> dict[str, Any]:
    """Every example of the rule pages, computed with ``rules`` (House by default).

    Keys: ``meld_hand`` and ``meld_alternative`` (:class:`ShownHand`),
    ``knock_at_limit`` (:class:`ShownHand` with a deadwood card worth the knock limit, or
    ``None`` when the limit is 0), ``turn`` and ``strategy`` (:class:`DiscardExample`),
    ``knock``, ``undercut``, ``gin``, ``big_gin`` (:class:`KnockExample`; big gin is
    computed with the option on), ``tie`` (:class:`HandScore` or ``None``), ``ace_points``,
    ``face_points``, ``oklahoma`` (list of ``(Card, KnockLimit)``), ``corner`` (list of
    ``(codes, deadwood without, deadwood with round the corner)``), ``oklahoma_capped``
    (``(upcard, knock limit, KnockLimit)``: a king upcard under a table knock limit of 7),
    ``default_knock_limit`` and ``house`` (the House preset, to say what is a default),
    ``knocker_least`` and ``knocker_best`` (:class:`KnockExample`: one hand laid for the
    least deadwood and for the best score).
    """
    limit = rules.knock_limit
    knock_at_limit = (
        arranged(f"{KNOCK_AT_LIMIT} {'A23456789T'[limit - 1]}D", rules) if limit > 0 else None
    )
    big_rules = rules if rules.big_gin else rules.with_options(big_gin=True)
    okla = rules.with_options(oklahoma=True, straight_gin=False)
    corner_on = rules.with_options(round_the_corner=True)
    corner_off = rules.with_options(round_the_corner=False)
    return {
        "meld_hand": arranged(MELD_HAND, rules),
        "meld_alternative": _alternative(rules),
        "knock_at_limit": knock_at_limit,
        "turn": best_discard_example(*TURN_HAND, rules),
        "strategy": best_discard_example(*STRATEGY_HAND, rules),
        "knock": knocked(*KNOCK_EXAMPLE, rules),
        "undercut": knocked(*UNDERCUT_EXAMPLE, rules),
        "gin": knocked(*GIN_EXAMPLE, rules),
        "big_gin": knocked(*BIG_GIN_EXAMPLE, big_rules),
        "big_gin_rules": big_rules,
        "tie": _tie_score(rules),
        "ace_points": Card.parse("AS").points,
        "face_points": Card.parse("KS").points,
        "ten_points": Card.parse("TS").points,
        "oklahoma": [(Card.parse(c), knock_limit_for(okla, Card.parse(c)))
                     for c in OKLAHOMA_UPCARDS],
        "corner": [(tuple(parse_cards(codes)), least_deadwood(parse_cards(codes), corner_off),
                    least_deadwood(parse_cards(codes), corner_on)) for codes in CORNER_RUNS],
        "straight_gin_limit": knock_limit_for(rules.with_options(straight_gin=True)),
        "oklahoma_capped": (Card.parse(OKLAHOMA_CAPPED[0]), OKLAHOMA_CAPPED[1],
                            knock_limit_for(okla.with_options(knock_limit=OKLAHOMA_CAPPED[1]),
                                            Card.parse(OKLAHOMA_CAPPED[0]))),
        "default_knock_limit": HOUSE.knock_limit,
        "knocker_least": knocked(*KNOCKER_CHOICE,
                                 rules.with_options(knocker_best_arrangement=False)),
        "knocker_best": knocked(*KNOCKER_CHOICE,
                                rules.with_options(knocker_best_arrangement=True)),
        "house": HOUSE,
        "hand_size": HAND_SIZE,
        "stock_start": len(CARDS) - 2 * HAND_SIZE - 1,
        "void_at": VOID_AT,
    }


# --- the worked match of docs/rules.md §5 ------------------------------------------------


@dataclass(frozen=True, slots=True)
class MatchHand:
    """One hand of the worked match: what happened (deadwood counts) and its score.

    Players are 0 (A) and 1 (B). ``knocker`` knocked (or went gin) on
    ``knocker_deadwood``; the other player held ``defender_deadwood`` after layoffs
    (their whole deadwood against gin). ``winner`` is whoever scored the hand.
    """

    number: int
    knocker: int
    knocker_deadwood: int
    defender_deadwood: int
    score: HandScore
    winner: int
    running: tuple[int, int]

    @property
    def record(self) -> HandRecord:
        """The hand as the match tally sees it."""
        return HandRecord(self.winner, self.score.points, self.score.kind)


@dataclass(frozen=True, slots=True)
class WorkedMatch:
    """The worked match of docs/rules.md §5 under ``rules``: hands, tally and the shutout case.

    ``shutout`` is the tally had the loser never won a hand (only the winner's hands), or
    ``None`` when the match is not over under these rules.
    """

    rules: Rules
    hands: tuple[MatchHand, ...]
    tally: MatchTally
    shutout: MatchTally | None


WORKED_MATCH_HANDS: tuple[tuple[int, int, int], ...] = (
    (0, 6, 28),   # A knocks on 6; B has 28 after layoffs
    (1, 0, 19),   # B goes gin; A holds 19
    (1, 9, 9),    # B knocks on 9; A has 9 after layoffs (a tie: undercut)
    (0, 0, 31),   # A goes gin; B holds 31
)
"""docs/rules.md §5's worked match as a scorekeeper enters it: (knocker, knocker's, defender's)."""


@lru_cache(maxsize=32)
def worked_match(rules: Rules = CLASSIC) -> WorkedMatch:
    """Score docs/rules.md §5's worked match with ``score_hand`` and ``tally`` under ``rules``.

    With Classic rules: A 263, B 64, margin 199; had B never won a hand, A 526. Hands after
    the target is reached (possible under other rules) are left out.
    """
    hands: list[MatchHand] = []
    running = [0, 0]
    # The knock limit of the table, but never below the example's own knocks.
    limit = KnockLimit(max(k for _, k, _ in WORKED_MATCH_HANDS))
    for number, (knocker, k, d) in enumerate(WORKED_MATCH_HANDS, start=1):
        if tally([h.record for h in hands], rules).over:
            break
        score = score_hand(k, d, rules, limit=limit)
        winner = knocker if score.winner is Role.KNOCKER else 1 - knocker
        running[winner] += score.points
        hands.append(MatchHand(number, knocker, k, d, score, winner,
                               (running[0], running[1])))
    result = tally([h.record for h in hands], rules)
    shutout = None
    if result.over and result.winner is not None:
        shutout = tally([h.record for h in hands if h.winner == result.winner], rules)
    return WorkedMatch(rules, tuple(hands), result, shutout)


def rules_summary(rules: Rules) -> list[tuple[str, str]]:
    """The rules in force as (name, value) pairs for a short table, each value with what
    it implies (:func:`app.web.rulewords.rules_rows`)."""
    return list(rules_rows(rules, explained=True))


__all__ = [
    "FAQ", "PAGES", "PAGES_BY_SLUG", "GuideRules", "GuideRulesDep", "KnockExample",
    "Page", "Question", "Section", "ShownHand", "ShownMeld", "WorkedMatch",
    "get_guide_rules", "guide_link_for", "page_neighbours", "play_examples",
    "rules_summary", "worked_match", "HandKind", "cards_in_words", "sum_words", "the",
]
