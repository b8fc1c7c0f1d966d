"""The play screen's words (docs/rules.md §7): what the computer did, the step line,
the note under the hand, meld and rule texts. Built from the person's view only.

The other player is named by :class:`app.play.common.Seats`: the computer, or in a
friend match the friend ("Your friend Ann drew from the stock and discarded the nine of
clubs.")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from app.engine import (
    Card,
    Discarded,
    Drew,
    Event,
    HandKind,
    HandVoided,
    HollywoodTally,
    Knocked,
    MatchState,
    MatchTally,
    MeldKind,
    Passed,
    Phase,
    PlayerView,
    Rules,
    TookDiscard,
    TookUpcard,
    visible_event,
)
from app.engine.hand import Action, BigGin, Gin, Knock
from app.play.common import LEVEL_LABELS, VS_COMPUTER, Seats
from app.web.rulewords import knock_note, rules_rows


def the(card: Card) -> str:
    """"the ten of hearts": a card named in a sentence."""
    return f"the {card.name.lower()}"


_ADVICE = {"take_upcard": "Take the upcard", "pass": "Pass", "draw_stock": "Draw from the stock",
           "take_discard": "Take the discard", "big_gin": "Go big gin",
           "gin": "Go gin, discarding", "knock": "Knock, discarding", "discard": "Discard"}


def action_words(action: Action) -> str:
    """An action as advice: "Discard the king of hearts", "Draw from the stock",
    "Knock, discarding the king of hearts" (a hint's options; lowercased, a review's
    "you chose to …")."""
    name, _, code = str(action).partition(" ")
    words = _ADVICE[name]
    return f"{words} {the(Card.parse(code))}" if code else words


def _join(parts: Sequence[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def describe(events: Sequence[Event], seats: Seats = VS_COMPUTER) -> str:
    """What the other player did, in words the viewer may read ("Computer drew from the
    stock and discarded the seven of clubs.", "Your friend Ann drew from the stock and
    discarded the nine of clubs."). Never names a card drawn from the stock.
    """
    sentences: list[str] = []
    turn: list[str] = []

    def close() -> None:
        if turn:
            sentences.append(seats.subject + " " + _join(turn) + ".")
            turn.clear()

    for raw in events:
        event = visible_event(raw, seats.me)
        if isinstance(event, HandVoided):
            close()
            sentences.append("The stock is down to two cards: the hand is void.")
            continue
        if getattr(event, "player", None) != seats.other:
            continue
        if isinstance(event, Passed):
            turn.append(f"passed on the upcard ({the(event.card)})")
            close()
        elif isinstance(event, TookUpcard):
            turn.append(f"took the upcard ({the(event.card)})")
        elif isinstance(event, Drew):
            turn.append("drew from the stock")
        elif isinstance(event, TookDiscard):
            turn.append(f"took {the(event.card)} from the discard pile")
        elif isinstance(event, Discarded):
            turn.append(f"discarded {the(event.card)}")
        elif isinstance(event, Knocked):
            if event.kind is HandKind.BIG_GIN:
                turn.append("went big gin")
            elif event.deadwood == 0:
                turn.append("went gin")
            else:
                turn.append(f"knocked with {event.deadwood} deadwood")
            close()
    close()
    return " ".join(sentences)



def short(card: Card) -> str:
    """"10♥︎": a card in a meld text (rank and suit symbol, text presentation)."""
    rank = "10" if card.rank.value == "T" else card.rank.value
    return f"{rank}{card.suit.symbol}\ufe0e"


def meld_text(kind: MeldKind, cards: Sequence[Card]) -> str:
    """"run 5♥︎ 6♥︎ 7♥︎": one meld in words."""
    word = "run" if kind is MeldKind.RUN else "set"
    return f"{word} " + " ".join(short(card) for card in cards)


def meld_words(kind: MeldKind, cards: Sequence[Card]) -> str:
    """A meld read aloud: ``"run five six seven of hearts"``, ``"set of three sevens"``."""
    if kind is MeldKind.RUN:
        ranks = " ".join(card.rank.label for card in cards)
        return f"run {ranks} of {cards[0].suit.label}"
    rank = cards[0].rank.label
    plural = rank + ("es" if rank.endswith("x") else "s")
    count = {3: "three", 4: "four"}.get(len(cards), str(len(cards)))
    return f"set of {count} {plural}"


def card_label(card: Card, kind: MeldKind | None = None,
               meld: Sequence[Card] = ()) -> str:
    """A card of the hand named in full with its meld, for screen readers:
    ``"Seven of hearts, in run five six seven of hearts"``; just the name when the card
    is deadwood (``kind`` None)."""
    if kind is None or not meld:
        return card.name
    return f"{card.name}, in {meld_words(kind, meld)}"


def table_summary(hand: Sequence[str], top_discard: Card | None, discard_count: int,
                  scores: tuple[int, int], target: int, step: str,
                  seats: Seats = VS_COMPUTER, games: Sequence[str] = ()) -> str:
    """The whole table in one passage (the Read the table command): the
    person's hand (card labels), the top of the discard pile, the score (Hollywood:
    ``games``, each game's line, instead) and the step."""
    held = f"Your hand, {len(hand)} cards: {'; '.join(hand)}. " if hand else ""
    if top_discard is None:
        pile = "The discard pile is empty."
    else:
        pile = (f"Top of the discard pile: {top_discard.name.lower()}, "
                f"{discard_count} card{'s' if discard_count != 1 else ''} in the pile.")
    other = seats.other_name if seats.friend else "computer"
    score = "; ".join(games) if games else f"you {scores[0]}, {other} {scores[1]}"
    return f"{held}{pile} Score: {score}, playing to {target}. {step}"


def rules_summary(rules: Rules, level: str,
                  seats: Seats = VS_COMPUTER) -> tuple[tuple[str, str], ...]:
    """(label, value) rows of the rules box: the level (or the friend) and every table
    option (:func:`app.web.rulewords.rules_rows`)."""
    who = ("Friend", seats.other_name) if seats.friend else \
        ("Computer", LEVEL_LABELS.get(level, level))
    return (who, *rules_rows(rules))


def limit_note(view: PlayerView) -> str:
    """The knock limit on the table (:func:`app.web.rulewords.knock_note`)."""
    return knock_note(view.rules, view.limit)


def step_line(view: PlayerView, match: MatchState, seats: Seats = VS_COMPUTER) -> str:
    """The status line: what the person may do now (docs/rules.md §7)."""
    if match.over:
        t = match.tally
        again = "Tap New match to play again." if seats.friend else \
            "Tap Rematch to play again."
        who = "a tie." if t.winner is None else "you won!" if t.winner == seats.me \
            else f"{seats.named} won."
        return f"Match over: {who} {again}"
    if view.phase is Phase.OVER:
        result = view.result
        if result is None or result.winner is None:
            return "Void hand: nobody scores. Tap Next hand for the redeal."
        who = "you score" if result.winner == seats.me else f"{seats.named} scores"
        return f"Hand over: {who} {result.points}. Tap Next hand."
    if not view.my_turn:  # against the computer: never (it always finishes its turn)
        return (f"{seats.other_name}'s turn: waiting for them to play." if seats.friend
                else "The computer is playing.")
    if view.phase is Phase.UPCARD_OFFER:
        return "Your turn: take the upcard or pass."
    if view.phase is Phase.DRAW:
        if view.must_draw_stock:
            return "Your turn: both passed the upcard, so draw from the stock."
        return "Your turn: draw from the stock or take the discard."
    if BigGin() in view.legal:
        return "Your turn: big gin! Tap Big gin, or discard a card."
    if view.limit.gin_only:
        return "Your turn: discard a card, or go gin with it (no knocking this hand)."
    return "Your turn: discard a card, or knock or go gin with it."



def hand_note(view: PlayerView, selected: Card | None, deadwood: int,
              left: Mapping[Card, int]) -> str:
    """Below the hand: the deadwood and, with 11 cards, what the selected discard leaves
    (``left``: deadwood after discarding each card, see :func:`discard_note`)."""
    if view.phase is not Phase.DISCARD or not view.my_turn:
        return f"Deadwood {deadwood}."
    if selected is not None:
        return discard_note(view, selected, left[selected])
    legal = set(view.legal)
    if BigGin() in legal:
        return ("All 11 cards are melded: tap Big gin (no discard), or select a card to "
                "discard and go gin.")
    if any(isinstance(a, Gin) for a in legal):
        extra = " The marked cards let you go gin."
    elif any(isinstance(a, Knock) for a in legal):
        extra = " The marked cards let you knock."
    else:
        extra = ""
    return f"Select a card to discard.{extra}"


def discard_note(view: PlayerView, card: Card, left: int) -> str:
    """What discarding ``card`` (one of the person's 11) leaves: "Discarding the ten of
    hearts leaves 5 deadwood. You may knock." ``left`` is the engine's deadwood after
    that discard (``deadwood_by_discard``); only the person's own cards are named."""
    legal = set(view.legal)
    if card == view.taken_from_pile:
        return (f"You took {the(card)} from the pile: it cannot go back this turn. "
                "Select another card.")
    if Gin(card) in legal:
        tail = " That is gin!"
    elif Knock(card) in legal:
        tail = " You may knock."
    else:
        tail = ""
    return f"Discarding {the(card)} leaves {left} deadwood.{tail}"


def game_lines(board: HollywoodTally | None, seats: Seats = VS_COMPUTER) -> tuple[str, ...]:
    """Hollywood: each game's standing in words (docs/rules.md §6), the viewer first —
    open: "Game 2: you 31, computer 12"; closed: the final totals (boxes, game bonus
    and shutout in) and who won it, "Game 1 over: you 145, computer 40: you win by 105,
    a shutout". ``()`` for a plain match (``board`` ``None``). The play screen's score
    bar, its match end, the history and the match report all say it so."""
    if board is None:
        return ()
    me, other = seats.me, seats.other
    them = seats.other_name if seats.friend else "computer"
    lines = []
    for number, (column, closed) in enumerate(zip(board.columns, board.closed_by,
                                                  strict=True), start=1):
        if closed is None:
            lines.append(f"Game {number}: you {column.points[me]}, {them} "
                         f"{column.points[other]}")
            continue
        final = column.final
        if final[me] == final[other]:
            verdict = "a tie"
        else:
            who = "you win" if final[me] > final[other] else f"{them} wins"
            verdict = f"{who} by {abs(final[me] - final[other])}"
        shutout = ", a shutout" if column.shutout else ""
        lines.append(f"Game {number} over: you {final[me]}, {them} {final[other]}: "
                     f"{verdict}{shutout}")
    return tuple(lines)


def match_result(tally: MatchTally, seats: Seats = VS_COMPUTER) -> str:
    """Who won a finished match, as a headline, the viewer's total first: "You won the
    match, 145 to 40", "The computer won the match, …", "Ann won the match, …", or "The
    match is a tie, 230 to 230" (a Hollywood match whose three-game totals are level:
    docs/rules.md §6; ``tally.winner`` is ``None``)."""
    me, other = seats.me, seats.other
    mine, theirs = tally.final[me], tally.final[other]
    if tally.winner is None:
        return f"The match is a tie, {mine} to {theirs}"
    if tally.winner == me:
        return f"You won the match, {mine} to {theirs}"
    return f"{seats.named[0].upper()}{seats.named[1:]} won the match, {theirs} to {mine}"
