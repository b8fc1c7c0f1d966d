"""Scripted hands on fixed decks (docs/rules.md §3, §4, §6), each with the cards drawn out.

Every hand is dealt by player 0 (the dealer), so player 1 is the starting player, offered
the upcard first. ``fixed_deck`` lays out a 52-card order for ``deal(..., deck=...)``:
the two hands, the upcard, the top of the stock, then every other card in index order.
"""

from __future__ import annotations

import pytest

from app.engine import (
    CARDS,
    HOUSE,
    BigGin,
    Card,
    Discard,
    DrawStock,
    GameError,
    Gin,
    HandKind,
    HandRecord,
    HandState,
    HandVoided,
    IllegalActionError,
    Knock,
    KnockLimit,
    LaidOff,
    NextHand,
    Pass,
    Phase,
    TakeDiscard,
    TakeUpcard,
    apply,
    apply_match,
    best_arrangement,
    deal,
    least_deadwood,
    legal_actions,
    legal_match_actions,
    new_match,
    parse_action,
    parse_cards,
    view,
)
from app.engine.hand import Event

DEALER = 0
STARTER = 1
RTC = HOUSE.with_options(round_the_corner=True)


def fixed_deck(starting: str = "", dealer: str = "", upcard: str = "",
               stock: str = "") -> list[Card]:
    """A 52-card deck dealing these cards; unnamed places are filled in card-index order."""
    named = parse_cards(f"{starting} {dealer} {upcard} {stock}")
    assert len(set(named)) == len(named), "a card is named twice"
    rest = [card for card in CARDS if card not in named]

    def fill(cards: list[Card], size: int) -> list[Card]:
        while len(cards) < size:
            cards.append(rest.pop(0))
        return cards

    starter_cards = fill(parse_cards(starting), 10)
    dealer_cards = fill(parse_cards(dealer), 10)
    up = fill(parse_cards(upcard), 1)
    deck: list[Card] = []
    for mine, theirs in zip(starter_cards, dealer_cards, strict=True):
        deck += [mine, theirs]
    return deck + up + parse_cards(stock) + rest


def hand_of(state: HandState, player: int) -> set[str]:
    return {str(card) for card in state.hands[player]}


def play(state: HandState, *steps: str) -> tuple[HandState, list[Event]]:
    """Apply steps such as ``"1 pass"`` or ``"0 discard KD"`` in order."""
    events: list[Event] = []
    for step in steps:
        player, text = step.split(" ", 1)
        state, more = apply(state, int(player), parse_action(text))
        events += more
    return state, events


def refused(state: HandState, player: int, action: object, words: str) -> None:
    """The action raises IllegalActionError mentioning ``words``; the state is unchanged."""
    before = state
    with pytest.raises(IllegalActionError, match=f"(?i){words}") as caught:
        apply(state, player, action)  # type: ignore[arg-type]
    assert isinstance(caught.value, GameError)
    assert state == before


# Starting player (1):  AC 2C 3C | 4D 5D 6D | 7H 8H 9H | KS
# Dealer (0):           TC JC QC | TS JS QS | KD KH KC | 5H
# Upcard: 2D            Stock: 3S on top, then the rest in index order.
OFFER_DECK = fixed_deck("AC 2C 3C 4D 5D 6D 7H 8H 9H KS",
                        "TC JC QC TS JS QS KD KH KC 5H", "2D", "3S")


def test_both_pass_then_the_starting_player_must_draw_from_the_stock() -> None:
    state = deal(HOUSE, DEALER, deck=OFFER_DECK)
    assert state.phase is Phase.UPCARD_OFFER and state.upcard == Card.parse("2D")
    assert legal_actions(state, STARTER) == [TakeUpcard(), Pass()]
    assert legal_actions(state, DEALER) == []
    refused(state, DEALER, Pass(), "not your turn")
    state, _ = play(state, "1 pass")
    assert state.to_play == DEALER and legal_actions(state, DEALER) == [TakeUpcard(), Pass()]
    state, _ = play(state, "0 pass")
    assert state.phase is Phase.DRAW and state.to_play == STARTER
    assert legal_actions(state, STARTER) == [DrawStock()]
    assert view(state, STARTER).must_draw_stock
    refused(state, STARTER, TakeDiscard(), "must draw from the stock")
    refused(state, STARTER, TakeUpcard(), "draw")
    state, events = play(state, "1 draw_stock")
    assert "3S" in hand_of(state, STARTER) and len(state.hands[STARTER]) == 11
    assert state.phase is Phase.DISCARD and state.discard_pile == (Card.parse("2D"),)
    assert [str(e.card) for e in events if hasattr(e, "card")] == ["3S"]


def test_the_dealer_may_take_the_upcard_after_the_starting_player_passes() -> None:
    state, events = play(deal(HOUSE, DEALER, deck=OFFER_DECK), "1 pass", "0 take_upcard")
    assert "2D" in hand_of(state, DEALER) and len(state.hands[DEALER]) == 11
    assert state.phase is Phase.DISCARD and state.to_play == DEALER
    assert state.discard_pile == ()
    assert Card.parse("2D") in view(state, STARTER).opponent_known
    state, _ = play(state, "0 discard KD")
    # Play goes on normally: the starting player may take the dealer's discard.
    assert state.to_play == STARTER and state.phase is Phase.DRAW
    assert legal_actions(state, STARTER) == [DrawStock(), TakeDiscard()]


def test_a_card_taken_from_the_pile_cannot_be_discarded_that_turn() -> None:
    state = deal(HOUSE, DEALER, deck=OFFER_DECK)
    # The upcard taken during the offer ...
    taken, _ = play(state, "1 take_upcard")
    assert Discard(Card.parse("2D")) not in legal_actions(taken, STARTER)
    refused(taken, STARTER, Discard(Card.parse("2D")), "discard another card")
    # ... and a discard taken later in the hand.
    state, _ = play(state, "1 pass", "0 pass", "1 draw_stock", "1 discard KS",
                    "0 take_discard")
    king = Card.parse("KS")
    # Dealer now: TC JC QC KC | TS JS QS KS | KD KH | 5H: KS makes a run, but stays.
    legal = legal_actions(state, DEALER)
    assert Discard(king) not in legal and Knock(king) not in legal and Gin(king) not in legal
    refused(state, DEALER, Discard(king), "took the king of spades from the discard pile")
    refused(state, DEALER, Knock(king), "discard another card")
    state, _ = play(state, "0 discard 5H", "1 draw_stock", "1 discard 4C", "0 draw_stock")
    # A turn later it may go.
    assert Discard(king) in legal_actions(state, DEALER)


# Knock at exactly 10:
# Starting player (1):  AC 2C 3C 4C | 5D 6D 7D 8D | 9S AS      draws KH from the stock
# Dealer (0):           TC JC QC KC | TS JS QS | KD QH 5H
# Upcard: 2D
def test_a_knock_at_exactly_ten_is_allowed() -> None:
    deck = fixed_deck("AC 2C 3C 4C 5D 6D 7D 8D 9S AS", "TC JC QC KC TS JS QS KD QH 5H",
                      "2D", "KH")
    state, _ = play(deal(HOUSE, DEALER, deck=deck), "1 pass", "0 pass", "1 draw_stock")
    legal = legal_actions(state, STARTER)
    assert Knock(Card.parse("KH")) in legal  # leaves 9S AS = 10
    assert Knock(Card.parse("9S")) not in legal  # leaves AS KH = 11
    refused(state, STARTER, Knock(Card.parse("9S")), "leaves 11 deadwood: you may knock with 10")
    state, events = play(state, "1 knock KH")
    assert state.result is not None and state.result.knocker == STARTER
    assert state.result.kind is HandKind.KNOCK
    assert state.result.score.knocker_deadwood == 10
    assert state.result.score.defender_deadwood == 25  # KD QH 5H
    assert state.result.points == 15 and state.result.winner == STARTER


# Knock at 11 refused:
# Starting player (1):  AC 2C 3C 4C | 5D 6D 7D 8D | TS AS      draws KH from the stock
# Dealer (0):           9H JC QC KC | 9S JS QS | KD QH 5H
def test_a_knock_at_eleven_is_refused() -> None:
    deck = fixed_deck("AC 2C 3C 4C 5D 6D 7D 8D TS AS", "9H JC QC KC 9S JS QS KD QH 5H",
                      "2D", "KH")
    state, _ = play(deal(HOUSE, DEALER, deck=deck), "1 pass", "0 pass", "1 draw_stock")
    legal = legal_actions(state, STARTER)
    assert not [action for action in legal if isinstance(action, Knock | Gin)]
    refused(state, STARTER, Knock(Card.parse("KH")), "leaves 11 deadwood")
    refused(state, STARTER, Knock(Card.parse("TS")), "you may knock with 10 or less")
    assert Discard(Card.parse("KH")) in legal


# Gin gets no layoffs:
# Starting player (1):  AC 2C 3C 4C | 4D 5D 6D | 5H 6H 7H      draws KS, goes gin
# Dealer (0):           8H 4H | 7D 3D | 5C | KD QD JC 9S 9H     (8H 4H 7D 3D 5C would fit)
def test_gin_gets_no_layoffs() -> None:
    deck = fixed_deck("AC 2C 3C 4C 4D 5D 6D 5H 6H 7H", "8H 4H 7D 3D 5C KD QD JC 9S 9H",
                      "2S", "KS")
    state, events = play(deal(HOUSE, DEALER, deck=deck), "1 pass", "0 pass", "1 draw_stock")
    assert Gin(Card.parse("KS")) in legal_actions(state, STARTER)
    state, events = play(state, "1 gin KS")
    assert state.result is not None and state.result.settlement is not None
    assert state.result.kind is HandKind.GIN
    assert state.result.settlement.layoffs == []
    assert not [event for event in events if isinstance(event, LaidOff)]
    assert state.result.score.defender_deadwood == 75  # the whole hand
    assert state.result.points == 25 + 75 and state.result.winner == STARTER


# A tie is an undercut:
# Starting player (1):  AC 2C 3C | 4D 5D 6D | 7H 8H 9H | 5S    draws KS, knocks with 5
# Dealer (0):           TC JC QC | TS JS QS | KD KH KC | 5H    5 after layoffs: a tie
def test_a_tie_is_an_undercut() -> None:
    deck = fixed_deck("AC 2C 3C 4D 5D 6D 7H 8H 9H 5S", "TC JC QC TS JS QS KD KH KC 5H",
                      "2D", "KS")
    state, _ = play(deal(HOUSE, DEALER, deck=deck), "1 pass", "0 pass", "1 draw_stock",
                    "1 knock KS")
    result = state.result
    assert result is not None
    assert (result.score.knocker_deadwood, result.score.defender_deadwood) == (5, 5)
    assert result.kind is HandKind.UNDERCUT and result.winner == DEALER
    assert result.points == 25
    assert result.score.arithmetic == "undercut: 25 + 5 − 5 = 25"


# Starting player (1):  5H 6H 7H 8H | 7S 7D 7C | AS 2C 3D   -> 6 (AS 2C 3D)
def test_run_and_set_sharing_no_card_leave_six() -> None:
    state = deal(HOUSE, DEALER, deck=fixed_deck("5H 6H 7H 8H 7S 7D 7C AS 2C 3D"))
    assert least_deadwood(state.hands[STARTER], HOUSE) == 6
    arrangement = best_arrangement(state.hands[STARTER], HOUSE)
    assert {str(card) for card in arrangement.deadwood_cards} == {"AS", "2C", "3D"}


# Starting player (1):  QS KS AS | 4D 5D 6D | 8C 8H 8S | 2H   -> 23 (Q-K-A is no run)
def test_queen_king_ace_is_not_a_run_so_the_hand_has_23() -> None:
    state = deal(HOUSE, DEALER, deck=fixed_deck("QS KS AS 4D 5D 6D 8C 8H 8S 2H"))
    assert least_deadwood(state.hands[STARTER], HOUSE) == 23
    assert least_deadwood(state.hands[STARTER], RTC) == 2  # round the corner: 2H only


def _draw_and_discard_until_over(state: HandState) -> tuple[HandState, list[Event], int]:
    """Both pass, then each turn draws from the stock and discards the drawn card."""
    state, events = play(state, "1 pass", "0 pass")
    draws = 0
    while state.phase is not Phase.OVER:
        player = state.to_play
        state, more = apply(state, player, DrawStock())
        draws += 1
        drawn = more[0].card  # type: ignore[union-attr]
        assert drawn is not None
        if draws == 29:
            assert len(state.stock) == 2 and state.phase is Phase.DISCARD
        state, more = apply(state, player, Discard(drawn))
        events += more
        if draws == 28:
            assert len(state.stock) == 3 and state.phase is Phase.DRAW  # not yet void
    return state, events, draws


# The void hand: nobody knocks; the 29th card drawn from the stock leaves 2 there.
# Starting player (1):  AC 3C 5C 7C 9C JC KC 2D 4D 6D
# Dealer (0):           8D TD QD AH 3H 5H 7H 9H JH KH       (no melds either side)
def test_the_hand_is_void_when_a_turn_ends_with_two_stock_cards() -> None:
    deck = fixed_deck("AC 3C 5C 7C 9C JC KC 2D 4D 6D", "8D TD QD AH 3H 5H 7H 9H JH KH")
    state, events, draws = _draw_and_discard_until_over(deal(HOUSE, DEALER, deck=deck))
    assert draws == 29 and len(state.stock) == 2
    assert state.result is not None and state.result.kind is HandKind.VOID
    assert state.result.winner is None and state.result.points == 0
    assert events[-1] == HandVoided(2)
    assert legal_actions(state, STARTER) == legal_actions(state, DEALER) == []


def test_after_a_void_hand_the_same_dealer_deals_again() -> None:
    match = new_match(HOUSE, seed=2024, first_dealer=1)
    match, _ = apply_match(match, 0, Pass())
    match, _ = apply_match(match, 1, Pass())
    draws = 0
    while match.hand.phase is not Phase.OVER:
        player = match.hand.to_play
        match, events = apply_match(match, player, DrawStock())
        draws += 1
        drawn = events[0].card  # type: ignore[union-attr]
        assert drawn is not None
        match, _ = apply_match(match, player, Discard(drawn))
    assert draws == 29
    assert match.records == (HandRecord(None, 0, HandKind.VOID),)
    assert legal_match_actions(match, 0) == [NextHand()]
    match, _ = apply_match(match, 0, NextHand())
    assert match.hand_number == 2 and match.hand.dealer == 1
    assert match.scores == (0, 0)


# Big gin: all 11 cards melded after the draw.
# Starting player (1):  AC 2C 3C 4C | 5D 6D 7D | 9H 9S 9C     draws 9D
# Dealer (0):           TC JC QC | TS JS QS | KD KH KC | 5H    (5 deadwood)
BIG_GIN_DECK = fixed_deck("AC 2C 3C 4C 5D 6D 7D 9H 9S 9C", "TC JC QC TS JS QS KD KH KC 5H",
                          "2D", "9D")


def test_big_gin_on_scores_the_big_gin_bonus() -> None:
    rules = HOUSE.with_options(big_gin=True)
    state, _ = play(deal(rules, DEALER, deck=BIG_GIN_DECK), "1 pass", "0 pass",
                    "1 draw_stock")
    assert BigGin() in legal_actions(state, STARTER)
    state, _ = play(state, "1 big_gin")
    assert state.result is not None and state.result.kind is HandKind.BIG_GIN
    assert state.result.points == 31 + 5 and state.result.winner == STARTER
    assert len(state.result.hands[STARTER]) == 11  # no discard


def test_big_gin_off_means_discarding_for_ordinary_gin() -> None:
    state, _ = play(deal(HOUSE, DEALER, deck=BIG_GIN_DECK), "1 pass", "0 pass",
                    "1 draw_stock")
    assert BigGin() not in legal_actions(state, STARTER)
    refused(state, STARTER, BigGin(), "big gin is not played")
    assert Gin(Card.parse("9D")) in legal_actions(state, STARTER)
    state, _ = play(state, "1 gin 9D")
    assert state.result is not None and state.result.kind is HandKind.GIN
    assert state.result.points == 25 + 5


# Oklahoma, upcard 4S: knock limit 4, the hand counts double.
# Starting player (1):  AC 2C 3C | 4D 5D 6D | 7H 8H 9H | 4H    draws KS, knocks with 4
# Dealer (0):           TC JC QC | TS JS QS | KD KH KC | 5H
def test_oklahoma_four_of_spades_upcard_sets_limit_four_and_doubles() -> None:
    rules = HOUSE.with_options(oklahoma=True)
    deck = fixed_deck("AC 2C 3C 4D 5D 6D 7H 8H 9H 4H", "TC JC QC TS JS QS KD KH KC 5H",
                      "4S", "KS")
    state = deal(rules, DEALER, deck=deck)
    assert state.limit == KnockLimit(4, doubled=True)
    state, _ = play(state, "1 pass", "0 pass", "1 draw_stock")
    assert Knock(Card.parse("KS")) in legal_actions(state, STARTER)
    refused(state, STARTER, Knock(Card.parse("4H")), "you may knock with 4 or less")
    state, _ = play(state, "1 knock KS")
    assert state.result is not None and state.result.kind is HandKind.KNOCK
    assert state.result.score.doubled and state.result.points == (5 - 4) * 2
    assert state.result.score.arithmetic == "knock: (5 − 4) × 2 = 2"


# Oklahoma, upcard AH: gin only.
# Starting player (1):  AC 2C 3C | 4D 5D 6D | 7H 8H 9H | AS    draws KS: 1 deadwood
def test_oklahoma_ace_upcard_means_gin_only() -> None:
    rules = HOUSE.with_options(oklahoma=True)
    deck = fixed_deck("AC 2C 3C 4D 5D 6D 7H 8H 9H AS", "TC JC QC TS JS QS KD KH KC 5H",
                      "AH", "KS")
    state = deal(rules, DEALER, deck=deck)
    assert state.limit == KnockLimit(0, doubled=False) and state.limit.gin_only
    state, _ = play(state, "1 pass", "0 pass", "1 draw_stock")
    assert not [a for a in legal_actions(state, STARTER) if isinstance(a, Knock | Gin)]
    refused(state, STARTER, Knock(Card.parse("KS")), "only gin ends this hand")


# Straight gin: no knocking, gin ends the hand.
# Starting player (1):  AC 2C 3C | 4D 5D 6D | 7H 8H 9H | 5C    draws KS (5 deadwood)
# Dealer (0):           TC JC QC | TS JS QS | KD KH KC | 5H    draws QD
# Stock: KS, QD, 4C     the starting player's second draw, 4C, makes AC-5C: gin.
def test_straight_gin_allows_only_gin() -> None:
    rules = HOUSE.with_options(straight_gin=True)
    deck = fixed_deck("AC 2C 3C 4D 5D 6D 7H 8H 9H 5C", "TC JC QC TS JS QS KD KH KC 5H",
                      "2S", "KS QD 4C")
    state = deal(rules, DEALER, deck=deck)
    assert state.limit.gin_only
    state, _ = play(state, "1 pass", "0 pass", "1 draw_stock")
    assert not [a for a in legal_actions(state, STARTER) if isinstance(a, Knock | Gin)]
    refused(state, STARTER, Knock(Card.parse("KS")), "only gin ends this hand")
    state, _ = play(state, "1 discard KS", "0 draw_stock", "0 discard QD", "1 draw_stock")
    assert Gin(Card.parse("5C")) in legal_actions(state, STARTER)
    # Even with gin in hand, Knock is not offered: there is no knocking at all.
    assert Knock(Card.parse("5C")) not in legal_actions(state, STARTER)
    refused(state, STARTER, Knock(Card.parse("5C")), "only gin ends this hand")
    state, _ = play(state, "1 gin 5C")
    assert state.result is not None and state.result.kind is HandKind.GIN
    assert state.result.points == 25 + 5


# Round the corner, Q-K-A and layoffs past both ends:
# Starting player (1):  QS KS AS | 4D 5D 6D | 8C 8H 8S | 2H    draws KC, knocks with 2
# Dealer (0):           JS 2S 3S | TC 9D 7H 3C 4C QD JD       JS, 2S then 3S lay off
def test_round_the_corner_queen_king_ace_is_a_run_with_layoffs() -> None:
    deck = fixed_deck("QS KS AS 4D 5D 6D 8C 8H 8S 2H", "JS 2S 3S TC 9D 7H 3C 4C QD JD",
                      "TH", "KC")
    # Without the option Q-K-A is deadwood and the knock is refused.
    plain, _ = play(deal(HOUSE, DEALER, deck=deck), "1 pass", "0 pass", "1 draw_stock")
    refused(plain, STARTER, Knock(Card.parse("KC")), "leaves 23 deadwood")
    state, events = play(deal(RTC, DEALER, deck=deck), "1 pass", "0 pass", "1 draw_stock",
                         "1 knock KC")
    result = state.result
    assert result is not None and result.settlement is not None
    settlement = result.settlement
    run = next(i for i, meld in enumerate(settlement.knocker_melds)
               if {str(c) for c in meld.cards} == {"QS", "KS", "AS"})
    assert [str(c) for c in settlement.knocker_melds[run].cards] == ["QS", "KS", "AS"]
    assert sorted(str(card) for card, meld in settlement.layoffs if meld == run) == [
        "2S", "3S", "JS"]
    laid = [str(card) for card, _ in settlement.layoffs]
    assert laid.index("2S") < laid.index("3S")  # chained: 2 before 3
    assert settlement.defender_deadwood_before_layoffs == 68
    assert result.score.defender_deadwood == 53
    assert result.kind is HandKind.KNOCK and result.points == 53 - 2


# Round the corner, K-A-2:
# Starting player (1):  KH AH 2H | 4D 5D 6D | 8C 8D 8S | AC    draws KS, knocks with 1
# Dealer (0):           QH 3H 4H | 9S 9D TC JC 5S 6S 7C       QH, 3H then 4H lay off
def test_round_the_corner_king_ace_two_is_a_run_with_layoffs() -> None:
    assert least_deadwood(parse_cards("KH AH 2H"), RTC) == 0
    assert least_deadwood(parse_cards("KH AH 2H"), HOUSE) == 13
    deck = fixed_deck("KH AH 2H 4D 5D 6D 8C 8D 8S AC", "QH 3H 4H 9S 9D TC JC 5S 6S 7C",
                      "TH", "KS")
    state, _ = play(deal(RTC, DEALER, deck=deck), "1 pass", "0 pass", "1 draw_stock",
                    "1 knock KS")
    result = state.result
    assert result is not None and result.settlement is not None
    settlement = result.settlement
    assert any([str(c) for c in meld.cards] == ["KH", "AH", "2H"]
               for meld in settlement.knocker_melds)
    assert sorted(str(card) for card, _ in settlement.layoffs) == ["3H", "4H", "QH"]
    assert result.score.knocker_deadwood == 1
    assert (settlement.defender_deadwood_before_layoffs, result.score.defender_deadwood) == (
        73, 56)
    assert result.points == 55
