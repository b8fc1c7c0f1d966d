"""The lesson of *Learn by playing*: one fixed deal, the taught move of each step, what
each step says, and the computer's scripted replies (docs/rules.md §3–4).

Pure: it uses only the engine, so the lesson's rules are the engine's and its score
exact (its sentences are marked with ``N_``, an identity, and translated where they
are shown: :mod:`app.learn.lesson`). The person is player 0, the computer player 1
and the dealer, so the person is
offered the upcard first. The deal is chosen so that every point of the lesson happens:

1. the upcard (5♠) makes a set with the two fives you hold, next to a run you already
   have (7♥ 8♥ 9♥): take it;
2. throw the king of clubs: deadwood counts against you and a king counts 10;
3. the computer's discard (J♣) helps you not at all: draw from the stock (an ace);
4. throw the queen of spades, not the ace: the queen counts 10, the ace 1;
5. the computer throws the 4♦, which makes a run of your 2♦ 3♦: take the discard;
6. deadwood 1 after discarding the 6♣: knock; the computer lays off the 10♥ on your
   run and the 5♥ on your set, and you still win;
7. the layoff explained on the result: tap Next hand (a second stacked deal,
   :data:`GIN_HAND`);
8. the upcard Q♠ ends your run 9♠ 10♠ J♠: take it;
9. throw the K♥ and every card melds: gin (25 extra, no layoffs against it);
10. tap Next hand (a third stacked deal, :data:`UNDERCUT_HAND`);
11. the upcard 9♠ is no use to you: pass; the computer takes it and knocks with 7,
    your 8♥, 9♥ and 10♦ are laid off on its melds, you are left with the A♠: you
    undercut it (25 + 7 − 1).

The three hands are one match (its score carries: 22, then 40, then 31, never the
target), each a fixed deal (:class:`Deal`).

:func:`state_at` rebuilds the match as it stands after ``n`` taught moves (each followed
by the computer's scripted reply) on the real engine; :func:`check_move` accepts only the
taught move of a step and otherwise raises :class:`WrongMove` with a kind sentence.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.core.i18n import N_
from app.engine import (
    CARDS,
    Card,
    Event,
    MatchAction,
    MatchState,
    apply_match,
    deal,
    parse_cards,
    parse_match_action,
)
from app.engine.hand import Discard, Gin, Knock
from app.engine.rules import HOUSE, Rules

PERSON = 0
"""The learner's seat."""
COMPUTER = 1
"""The computer's seat (and the dealer)."""

RULES: Rules = HOUSE
"""The lesson plays House rules: knock with 10 or less, gin 25, undercut 25."""

@dataclass(frozen=True, slots=True)
class Deal:
    """One stacked deal of the lesson (the computer deals): the person's ten cards, the
    computer's, the upcard and the first cards of the stock, top first."""

    yours: tuple[Card, ...]
    computer: tuple[Card, ...]
    upcard: Card
    stock_top: tuple[Card, ...] = ()

    def deck(self) -> list[Card]:
        """The deal's 52 cards in dealing order (see :func:`app.engine.deal`'s ``deck``):
        the two hands alternate starting with the person, then the upcard, then the
        stock from the top (the cards no step reaches follow in card order)."""
        deck: list[Card] = []
        for mine, theirs in zip(self.yours, self.computer, strict=True):
            deck += [mine, theirs]
        deck.append(self.upcard)
        deck += self.stock_top
        used = set(deck)
        deck += [card for card in CARDS if card not in used]
        return deck


def _deal(yours: str, computer: str, upcard: str, stock_top: str = "") -> Deal:
    return Deal(tuple(parse_cards(yours)), tuple(parse_cards(computer)), Card.parse(upcard),
                tuple(parse_cards(stock_top)) if stock_top else ())


FIRST_HAND = _deal("7H 8H 9H 5C 5D 2D 3D KC QS 6C", "JC 4D TH 5H 8S 8D 8C 2S 3C 9D", "5S",
                   "7S AS 2H")
"""Melds, the draw, the discard, the knock and a layoff (the stock's first three cards:
the computer's draw, yours, the ace, the computer's)."""
GIN_HAND = _deal("2C 3C 4C 7D 7H 7S 9S TS JS KH", "4D 5D 6D 8C 8D 8S 9H 2H AH 3S", "QS")
"""Gin: the upcard completes the person's last meld."""
UNDERCUT_HAND = _deal("2C 3C 4C 6S 6D 6C 8H 9H TD AS", "5H 6H 7H 9C 9D JD QD KD 7C KC", "9S")
"""The undercut: the computer takes the upcard and knocks with 7, the person's 8♥ 9♥
10♦ are laid off on its melds, and the A♠ left undercuts it."""
DEALS = (FIRST_HAND, GIN_HAND, UNDERCUT_HAND)
"""The lesson's hands in order; each ``next_hand`` step deals the next."""

YOUR_CARDS = list(FIRST_HAND.yours)
COMPUTER_CARDS = list(FIRST_HAND.computer)
UPCARD = FIRST_HAND.upcard
STOCK_TOP = list(FIRST_HAND.stock_top)


def lesson_deck() -> list[Card]:
    """The first hand's 52 cards in dealing order (:meth:`Deal.deck`)."""
    return FIRST_HAND.deck()


@dataclass(frozen=True, slots=True)
class Step:
    """One step of the lesson.

    ``move`` is the one action the step accepts (its engine text, e.g. ``"discard KC"``);
    ``title`` a few words for the step; ``say`` what the step teaches and asks, in one or
    two short sentences; ``wrong`` the kind sentence for any other move; ``button`` the
    id of the play table's control to tap (``a-take``, ``a-draw_stock``, ``a-discard``,
    ``a-knock``, ``a-gin``, ``a-pass``, ``a-next_hand``) and ``card`` the card to
    select first, if any; ``reply`` the computer's scripted actions after the move
    (engine texts). A ``next_hand`` step deals the lesson's next stacked hand.
    """

    move: str
    title: str
    say: str
    wrong: str
    button: str
    card: str = ""
    reply: tuple[str, ...] = ()

    @property
    def action(self) -> MatchAction:
        """The taught move as an engine action (``next_hand`` included)."""
        return parse_match_action(self.move)


STEPS: tuple[Step, ...] = (
    Step(
        move="take_upcard",
        title=N_("Melds: sets and runs"),
        say=N_("Melds are sets (3 or 4 of a rank) and runs (3+ in a row, one suit): your "
             "7♥ 8♥ 9♥ is a run. The upcard 5♠ makes a set with your 5♣ 5♦: tap Take upcard."),
        wrong=N_("Not this time: "
                 "the lesson asks you to take the upcard, the 5♠, for a set of fives."),
        button="a-take",
    ),
    Step(
        move="discard KC",
        title=N_("Which card to throw"),
        say=N_("Now throw one card. Cards in no meld are deadwood and count against you, a "
             "king 10: tap the K♣, then Discard."),
        wrong=N_("The lesson asks you to throw the K♣: a high card that is in no meld."),
        button="a-discard",
        card="KC",
        reply=("draw_stock", "discard JC"),
    ),
    Step(
        move="draw_stock",
        title=N_("Draw or take"),
        say=N_("A turn starts with a draw: from the stock, or the discard. The computer's J♣ "
             "fits none of your cards: tap Draw from stock."),
        wrong=N_("The J♣ would not meld with your cards: "
                 "the lesson asks you to draw from the stock."),
        button="a-draw_stock",
    ),
    Step(
        move="discard QS",
        title=N_("Low cards are cheap"),
        say=N_("You drew the A♠. An ace counts 1, a queen 10: keep the ace, tap the Q♠, then "
             "Discard."),
        wrong=N_("The lesson asks you to throw the Q♠: it counts 10, the ace only 1."),
        button="a-discard",
        card="QS",
        reply=("draw_stock", "discard 4D"),
    ),
    Step(
        move="take_discard",
        title=N_("Take a useful discard"),
        say=N_("The computer threw the 4♦: "
                 "with your 2♦ 3♦ it makes a run. Tap Take discard."),
        wrong=N_("The 4♦ on the pile makes a run with your 2♦ 3♦: "
                 "the lesson asks you to take it."),
        button="a-take",
    ),
    Step(
        move="knock 6C",
        title=N_("Knock"),
        say=N_("You may knock when your deadwood after the discard is 10 or less (0 is gin: "
             "25 extra). Without the 6♣ only the A♠ is left: tap the 6♣, then Knock."),
        wrong=N_("The lesson asks you to knock with the 6♣: select it, then tap Knock."),
        button="a-knock",
        card="6C",
    ),
    Step(
        move="next_hand",
        title=N_("The layoff"),
        say=N_("The computer laid off its 10♥ on your run and its 5♥ on your set, so they "
               "stop counting against it. Next, a gin: tap Next hand."),
        wrong=N_("The lesson goes on with a new hand: tap Next hand."),
        button="a-next_hand",
    ),
    Step(
        move="take_upcard",
        title=N_("Gin"),
        say=N_("Gin is a hand with no deadwood at all. The upcard Q♠ ends your run "
               "9♠ 10♠ J♠: tap Take upcard."),
        wrong=N_("The Q♠ makes a run of four with your 9♠ 10♠ J♠: "
                 "the lesson asks you to take it."),
        button="a-take",
    ),
    Step(
        move="gin KH",
        title=N_("Go gin"),
        say=N_("Every card but the K♥ is in a meld: tap the K♥, then Gin. Gin scores 25 "
               "extra, and nobody may lay off against it."),
        wrong=N_("The lesson asks you to go gin by throwing the K♥: select it, then tap "
                 "Gin."),
        button="a-gin",
        card="KH",
    ),
    Step(
        move="next_hand",
        title=N_("Gin scored"),
        say=N_("Gin: 25 extra and all of the computer's deadwood. Last, the computer "
               "knocks: tap Next hand."),
        wrong=N_("The lesson goes on with a new hand: tap Next hand."),
        button="a-next_hand",
    ),
    Step(
        move="pass",
        title=N_("Layoffs against a knock"),
        say=N_("The 9♠ is no use to you: tap Pass. When the other player knocks, your "
               "cards that fit its melds are laid off and stop counting."),
        wrong=N_("The 9♠ melds with none of your cards: the lesson asks you to pass."),
        button="a-pass",
        reply=("take_upcard", "knock KC"),
    ),
)

END_TITLE = N_("The undercut")
END_SAY = N_("The computer knocked with 7. Your 8♥, 9♥ and 10♦ were laid off on its melds "
             "and you were left with 1: at or under the knocker's deadwood is an undercut, "
             "25 extra for you.")
"""The lesson's end, on the last hand's result."""

SUMMARY: tuple[str, ...] = (
    N_("Melds: sets of one rank, runs in one suit."),
    N_("Draw (stock or discard), then throw one card."),
    N_("Throw high deadwood, keep cards that may meld."),
    N_("Knock at 10 or less; gin is 0, with 25 extra."),
    N_("Against a knock, your cards that fit its melds are laid off."),
    N_("Undercut: the other ends at or under your deadwood."),
)
"""The end's summary, one line per point of the lesson."""


class WrongMove(Exception):
    """A move the lesson does not teach at this step: ``message`` says, kindly, what the
    step asks (a catalogue message in English, translated where it is shown);
    ``wrong_card``: the right kind of move with another card. Nothing changes."""

    def __init__(self, message: str, wrong_card: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.wrong_card = wrong_card


def start() -> MatchState:
    """The lesson's match at its first step: the fixed deal, nothing played."""
    hand = deal(RULES, COMPUTER, deck=lesson_deck())
    return MatchState(RULES, COMPUTER, (), 1, hand, 0)


def _next_deal(match: MatchState, number: int) -> MatchState:
    """The lesson's match with its hand number ``number`` dealt from :data:`DEALS`, the
    finished hands' records kept (the computer deals every hand)."""
    hand = deal(RULES, COMPUTER, deck=DEALS[number - 1].deck())
    return MatchState(RULES, COMPUTER, match.records, number, hand, 0)


def state_at(done: int) -> tuple[MatchState, list[Event]]:
    """The lesson's match after ``done`` taught moves (0 … ``len(STEPS)``), each followed
    by the computer's scripted reply, and the events of the last step's reply (for the
    table to play out; empty when it had none).

    Raises:
        ValueError: ``done`` is outside 0 … ``len(STEPS)``.
    """
    match, events, _ = _play(done)
    return match, events


def last_turn(done: int) -> list[Event]:
    """The events of the computer's most recent turn after ``done`` taught moves (none
    before its first): what the table says it did."""
    return _play(done)[2]


def _play(done: int) -> tuple[MatchState, list[Event], list[Event]]:
    if not 0 <= done <= len(STEPS):
        raise ValueError(f"the lesson has {len(STEPS)} steps, not {done}")
    match = start()
    events: list[Event] = []
    last: list[Event] = []
    for step in STEPS[:done]:
        if step.move == "next_hand":
            match, events = _next_deal(match, match.hand_number + 1), []
            continue
        match, _ = apply_match(match, PERSON, step.action)
        events = []
        for text in step.reply:
            match, happened = apply_match(match, COMPUTER, parse_match_action(text))
            events.extend(happened)
        last = events or last
    return match, events, last


def check_move(done: int, action: MatchAction) -> Step:
    """The step after ``done`` taught moves, if ``action`` is its taught move.

    Raises:
        WrongMove: the lesson is over, or ``action`` is another move (the message says
            what the step asks; a card action without the right card says which).
    """
    if done >= len(STEPS):
        raise WrongMove(N_("The lesson is over: play a real match, or start the lesson "
                           "again."))
    step = STEPS[done]
    if action == step.action:
        return step
    if step.card and isinstance(action, Discard | Knock | Gin) and \
            type(action) is type(step.action):
        raise WrongMove(step.wrong, wrong_card=True)
    raise WrongMove(step.wrong)


__all__ = [
    "COMPUTER", "DEALS", "END_SAY", "END_TITLE", "PERSON", "Deal", "RULES", "STEPS",
    "SUMMARY", "Step",
    "WrongMove", "check_move", "last_turn", "lesson_deck", "start", "state_at",
]
