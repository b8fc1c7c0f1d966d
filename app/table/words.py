"""The play screen's words (docs/rules.md §7): what the computer did, the step line,
the note under the hand, meld and rule texts. Built from the person's view only.

The other player is named by :class:`app.table.common.Seats`: the computer, or in a
friend match the friend ("Your friend Ann drew from the stock and discarded the nine of
clubs.")."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet

from app.core import i18n
from app.core.i18n import N_, gettext, ngettext
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
from app.table.common import LEVEL_LABELS, VS_COMPUTER, Seats
from app.web.cardwords import (
    card_name,
    card_noun,
    card_values,
    rank_plural,
    rank_word,
    suit_word,
    the_card,
)
from app.web.rulewords import knock_note, rules_rows


def the(card: Card) -> str:
    """"the ten of hearts": a card named in a sentence, with its article
    (:func:`app.web.cardwords.the_card`; a sentence of its own should take
    :func:`~app.web.cardwords.card_values` as its placeholders)."""
    return the_card(card)


_ADVICE = {"take_upcard": N_("Take the upcard"), "pass": N_("Pass"),
           "draw_stock": N_("Draw from the stock"), "take_discard": N_("Take the discard"),
           "big_gin": N_("Go big gin"), "gin": N_("Go gin, discarding %(card_acc)s"),
           "knock": N_("Knock, discarding %(card_acc)s"), "discard": N_("Discard %(card_acc)s")}


def action_words(action: Action) -> str:
    """An action as advice: "Discard the king of hearts", "Draw from the stock",
    "Knock, discarding the king of hearts" (a hint's options; lowercased, a review's
    "you chose to …"), in the request's language."""
    name, _, code = str(action).partition(" ")
    words = _ADVICE[name]
    return gettext(words, **card_values(Card.parse(code))) if code else gettext(words)


def join_words(parts: Sequence[str]) -> str:
    """``parts`` as one list in words: "a, b and c" ("a, b und c", "a, b y c"), by
    the language's own rule (Babel's list patterns, ``i18n.listing``)."""
    return i18n.listing(parts)


def turn_record(events: Sequence[Event], seats: Seats = VS_COMPUTER) -> str:
    """What the other player did, in no language: one token per event the viewer may
    see, space-separated ("pass:9C", "take:9C", "draw", "pick:9C" from the discard pile,
    "discard:9C", "knock:3", "gin", "big-gin", "void"). Never holds a card drawn from
    the stock. What the computer last did is stored so (``PlaySeat.computer_said``) and
    put into words when shown, in the language of the page that shows it
    (:func:`record_words`)."""
    tokens: list[str] = []
    for raw in events:
        event = visible_event(raw, seats.me)
        if isinstance(event, HandVoided):
            tokens.append("void")
        elif getattr(event, "player", None) != seats.other:
            continue
        elif isinstance(event, Passed):
            tokens.append(f"pass:{event.card}")
        elif isinstance(event, TookUpcard):
            tokens.append(f"take:{event.card}")
        elif isinstance(event, Drew):
            tokens.append("draw")
        elif isinstance(event, TookDiscard):
            tokens.append(f"pick:{event.card}")
        elif isinstance(event, Discarded):
            tokens.append(f"discard:{event.card}")
        elif isinstance(event, Knocked):
            tokens.append("big-gin" if event.kind is HandKind.BIG_GIN
                          else "gin" if event.deadwood == 0 else f"knock:{event.deadwood}")
    return " ".join(tokens)


_TOKEN = r"(?:(?:pass|take|pick|discard):[2-9TJQKA][CDHS]|draw|gin|big-gin|void|knock:\d{1,3})"
_RECORD = re.compile(rf"{_TOKEN}(?: {_TOKEN})*")
_DOING = {"pass": N_("passed on the upcard (%(card)s)"), "take": N_("took the upcard (%(card)s)"),
          "pick": N_("took %(card_acc)s from the discard pile"),
          "discard": N_("discarded %(card_acc)s"), "draw": N_("drew from the stock"),
          "gin": N_("went gin"), "big-gin": N_("went big gin")}
_CLOSING = ("pass", "knock", "gin", "big-gin")
"""Tokens after which the other player's turn is over (a sentence ends)."""


def record_words(record: str, seats: Seats = VS_COMPUTER) -> str:
    """A :func:`turn_record` in words the viewer may read, in the request's language
    ("Computer drew from the stock and discarded the seven of clubs.", "Your friend Ann
    drew from the stock and discarded the nine of clubs."). A text that is not a record
    (a line stored before records were) is given back as it is."""
    if not record or _RECORD.fullmatch(record) is None:
        return record
    sentences: list[str] = []
    turn: list[str] = []

    def close() -> None:
        if turn:
            actions = join_words(turn)
            sentences.append(gettext("%(who)s %(actions)s.", who=seats.subject,
                                     actions=actions) if seats.friend
                             else gettext("Computer %(actions)s.", actions=actions))
            turn.clear()

    for token in record.split(" "):
        kind, _, value = token.partition(":")
        if kind == "void":
            close()
            sentences.append(gettext("The stock is down to two cards: the hand is void."))
            continue
        if kind == "knock":
            turn.append(ngettext("knocked with %(num)d deadwood",
                                 "knocked with %(num)d deadwood", int(value)))
        else:
            turn.append(gettext(_DOING[kind], **(card_values(value) if value else {})))
        if kind in _CLOSING:
            close()
    close()
    return " ".join(sentences)


def describe(events: Sequence[Event], seats: Seats = VS_COMPUTER) -> str:
    """What the other player did, in words the viewer may read (:func:`record_words` of
    :func:`turn_record`). Never names a card drawn from the stock."""
    return record_words(turn_record(events, seats), seats)


def short(card: Card) -> str:
    """"10♥︎": a card in a meld text (rank and suit symbol, text presentation)."""
    rank = "10" if card.rank.value == "T" else card.rank.value
    return f"{rank}{card.suit.symbol}\ufe0e"


def meld_text(kind: MeldKind, cards: Sequence[Card]) -> str:
    """"run 5♥︎ 6♥︎ 7♥︎": one meld in words."""
    cards_text = " ".join(short(card) for card in cards)
    if kind is MeldKind.RUN:
        return gettext("run %(cards)s", cards=cards_text)
    return gettext("set %(cards)s", cards=cards_text)


def meld_words(kind: MeldKind, cards: Sequence[Card]) -> str:
    """A meld read aloud: ``"run five six seven of hearts"``, ``"set of three sevens"``."""
    if kind is MeldKind.RUN:
        ranks = " ".join(rank_word(card.rank) for card in cards)
        return gettext("run %(ranks)s of %(suit)s", ranks=ranks, suit=suit_word(cards[0].suit))
    ranks = rank_plural(cards[0].rank)
    if len(cards) == 3:
        return gettext("set of three %(ranks)s", ranks=ranks)
    return gettext("set of four %(ranks)s", ranks=ranks)


def card_label(card: Card, kind: MeldKind | None = None,
               meld: Sequence[Card] = ()) -> str:
    """A card of the hand named in full with its meld, for screen readers:
    ``"Seven of hearts, in run five six seven of hearts"``; just the name when the card
    is deadwood (``kind`` None)."""
    if kind is None or not meld:
        return card_name(card)
    return gettext("%(name)s, in %(meld)s", name=card_name(card), meld=meld_words(kind, meld))


def table_summary(hand: Sequence[str], top_discard: Card | None, discard_count: int,
                  scores: tuple[int, int], target: int, step: str,
                  seats: Seats = VS_COMPUTER, games: Sequence[str] = (),
                  of_hands: tuple[int, int] | None = None) -> str:
    """The whole table in one passage (the Read the table command): the
    person's hand (card labels), the top of the discard pile, the score (Hollywood:
    ``games``, each game's line, instead), what ends the match (``target``, or in a match
    of a number of hands ``of_hands``: (this hand's number, the hands)) and the step."""
    held = ngettext("Your hand, %(num)d card: %(cards)s.", "Your hand, %(num)d cards: %(cards)s.",
                    len(hand), cards="; ".join(hand)) + " " if hand else ""
    if top_discard is None:
        pile = gettext("The discard pile is empty.")
    else:
        pile = ngettext("Top of the discard pile: %(card)s, %(num)d card in the pile.",
                        "Top of the discard pile: %(card)s, %(num)d cards in the pile.",
                        discard_count, card=card_noun(top_discard))
    other = seats.them
    score = "; ".join(games) if games else gettext(
        "you %(mine)d, %(other)s %(theirs)d", mine=scores[0], other=other, theirs=scores[1])
    if of_hands is not None:
        return gettext("%(hand)s%(pile)s Score: %(score)s, hand %(number)d of %(hands)d. "
                       "%(step)s", hand=held, pile=pile, score=score, number=of_hands[0],
                       hands=of_hands[1], step=step)
    return gettext("%(hand)s%(pile)s Score: %(score)s, playing to %(target)d. %(step)s",
                   hand=held, pile=pile, score=score, target=target, step=step)


def rules_summary(rules: Rules, level: str,
                  seats: Seats = VS_COMPUTER) -> tuple[tuple[str, str], ...]:
    """(label, value) rows of the rules box: the level (or the friend) and every table
    option (:func:`app.web.rulewords.rules_rows`)."""
    who = (gettext("Friend"), seats.other_name) if seats.friend else \
        (gettext("Computer"), gettext(LEVEL_LABELS[level]) if level in LEVEL_LABELS else level)
    return (who, *rules_rows(rules))


def limit_note(view: PlayerView) -> str:
    """The knock limit on the table (:func:`app.web.rulewords.knock_note`)."""
    return knock_note(view.rules, view.limit)


def step_line(view: PlayerView, match: MatchState, seats: Seats = VS_COMPUTER) -> str:
    """The status line: what the person may do now (docs/rules.md §7)."""
    if match.over:
        t = match.tally
        if t.winner is None:
            return gettext("Match over: a tie. Tap New match to play again.") if seats.friend \
                else gettext("Match over: a tie. Tap Rematch to play again.")
        if t.winner == seats.me:
            return gettext("Match over: you won! Tap New match to play again.") \
                if seats.friend else gettext("Match over: you won! Tap Rematch to play again.")
        if seats.friend:
            return gettext("Match over: %(name)s won. Tap New match to play again.",
                           name=seats.given_name)
        return gettext("Match over: the computer won. Tap Rematch to play again.")
    if view.phase is Phase.OVER:
        result = view.result
        if result is None or result.winner is None:
            return gettext("Void hand: nobody scores. Tap Next hand for the redeal.")
        if result.winner == seats.me:
            return gettext("Hand over: you score %(points)d. Tap Next hand.",
                           points=result.points)
        if seats.friend:
            return gettext("Hand over: %(name)s scores %(points)d. Tap Next hand.",
                           name=seats.given_name, points=result.points)
        return gettext("Hand over: the computer scores %(points)d. Tap Next hand.",
                       points=result.points)
    if not view.my_turn:  # against the computer: never (it always finishes its turn)
        return (gettext("%(name)s's turn: waiting for them to play.", name=seats.given_name)
                if seats.friend else gettext("The computer is playing."))
    if view.phase is Phase.UPCARD_OFFER:
        return gettext("Your turn: take the upcard or pass.")
    if view.phase is Phase.DRAW:
        if view.must_draw_stock:
            return gettext("Your turn: both passed the upcard, so draw from the stock.")
        return gettext("Your turn: draw from the stock or take the discard.")
    if BigGin() in view.legal:
        return gettext("Your turn: big gin! Tap Big gin, or discard a card.")
    if view.limit.gin_only:
        return gettext("Your turn: discard a card, or go gin with it (no knocking this hand).")
    return gettext("Your turn: discard a card, or knock or go gin with it.")



def hand_note(view: PlayerView, selected: Card | None, deadwood: int,
              left: Mapping[Card, int]) -> str:
    """Below the hand: the deadwood and, with 11 cards, what the selected discard leaves
    (``left``: deadwood after discarding each card, see :func:`discard_note`)."""
    if view.phase is not Phase.DISCARD or not view.my_turn:
        return gettext("Deadwood %(num)d.", num=deadwood)
    if selected is not None:
        return discard_note(view, selected, left[selected])
    legal = set(view.legal)
    if BigGin() in legal:
        return gettext("All 11 cards are melded: tap Big gin (no discard), or select a card "
                       "to discard and go gin.")
    if any(isinstance(a, Gin) for a in legal):
        return gettext("Select a card to discard. The marked cards let you go gin.")
    if any(isinstance(a, Knock) for a in legal):
        return gettext("Select a card to discard. The marked cards let you knock.")
    return gettext("Select a card to discard.")


def discard_note(view: PlayerView, card: Card, left: int,
                 legal: AbstractSet[Action] | None = None) -> str:
    """What discarding ``card`` (one of the person's 11) leaves: "Discarding the ten of
    hearts leaves 5 deadwood. You may knock." ``left`` is the engine's deadwood after
    that discard (``deadwood_by_discard``); only the person's own cards are named.
    ``legal``: ``view.legal`` as a set, where the caller made one already (the screen
    writes this note for each of the 11 cards)."""
    if legal is None:
        legal = set(view.legal)
    named = card_values(card)
    if card == view.taken_from_pile:
        return gettext("You took %(card_acc)s from the pile: it cannot go back this turn. "
                       "Select another card.", **named)
    if Gin(card) in legal:
        return gettext("Discarding %(card_acc)s leaves %(num)d deadwood. That is gin!",
                       num=left, **named)
    if Knock(card) in legal:
        return gettext("Discarding %(card_acc)s leaves %(num)d deadwood. You may knock.",
                       num=left, **named)
    return gettext("Discarding %(card_acc)s leaves %(num)d deadwood.", num=left, **named)


def game_lines(board: HollywoodTally | None, seats: Seats = VS_COMPUTER) -> tuple[str, ...]:
    """Hollywood: each game's standing in words (docs/rules.md §6), the viewer first —
    open: "Game 2: you 31, computer 12"; closed: the final totals (boxes, game bonus
    and shutout in) and who won it, "Game 1 over: you 145, computer 40: you win by 105,
    a shutout". ``()`` for a plain match (``board`` ``None``). The play screen's score
    bar, its match end, the history and the match report all say it so."""
    if board is None:
        return ()
    me, other = seats.me, seats.other
    them = seats.them
    lines = []
    for number, (column, closed) in enumerate(zip(board.columns, board.closed_by,
                                                  strict=True), start=1):
        if closed is None:
            lines.append(gettext("Game %(game)d: you %(mine)d, %(them)s %(theirs)d",
                                 game=number, mine=column.points[me], them=them,
                                 theirs=column.points[other]))
            continue
        final = column.final
        if final[me] == final[other]:
            verdict = gettext("a tie")
        elif final[me] > final[other]:
            verdict = gettext("you win by %(margin)d", margin=final[me] - final[other])
        else:
            verdict = gettext("%(them)s wins by %(margin)d", them=them,
                              margin=final[other] - final[me])
        if column.shutout:
            verdict = gettext("%(verdict)s, a shutout", verdict=verdict)
        lines.append(gettext("Game %(game)d over: you %(mine)d, %(them)s %(theirs)d: "
                             "%(verdict)s", game=number, mine=final[me], them=them,
                             theirs=final[other], verdict=verdict))
    return tuple(lines)


def match_result(tally: MatchTally, seats: Seats = VS_COMPUTER) -> str:
    """Who won a finished match, as a headline, the viewer's total first: "You won the
    match, 145 to 40", "The computer won the match, …", "Ann won the match, …", or "The
    match is a tie, 230 to 230" (a Hollywood match whose three-game totals are level:
    docs/rules.md §6; ``tally.winner`` is ``None``)."""
    me, other = seats.me, seats.other
    mine, theirs = tally.final[me], tally.final[other]
    if tally.winner is None:
        return gettext("The match is a tie, %(mine)d to %(theirs)d", mine=mine, theirs=theirs)
    if tally.winner == me:
        return gettext("You won the match, %(mine)d to %(theirs)d", mine=mine, theirs=theirs)
    if seats.friend:
        return gettext("%(name)s won the match, %(theirs)d to %(mine)d",
                       name=seats.given_name, mine=mine, theirs=theirs)
    return gettext("The computer won the match, %(theirs)d to %(mine)d",
                   mine=mine, theirs=theirs)
