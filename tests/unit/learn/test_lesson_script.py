"""The lesson's script on the engine: every step's taught move is legal where it stands
and the only move it accepts, the computer's replies are legal, the points of the lesson
happen (a set from the upcard, a run from the discard, a knock with layoffs against it,
a gin, an undercut after your layoffs), and the script reaches its end with the engine's
score."""

from __future__ import annotations

import pytest

from app.engine import (
    Card,
    HandKind,
    MeldKind,
    Phase,
    best_arrangement,
    is_legal,
    legal_actions,
)
from app.learn import script


def test_the_deck_is_the_52_cards() -> None:
    deck = script.lesson_deck()
    assert len(deck) == 52 and len(set(deck)) == 52


@pytest.mark.parametrize("done", range(len(script.STEPS)))
def test_each_step_accepts_its_taught_move_and_only_it(done: int) -> None:
    match, _ = script.state_at(done)
    step = script.STEPS[done]
    assert script.check_move(done, step.action) is step
    if step.move == "next_hand":  # the lesson deals its next stacked hand itself
        assert match.hand.phase is Phase.OVER
        with pytest.raises(script.WrongMove):
            script.check_move(done, script.STEPS[0].action)
        return
    assert match.hand.to_play == script.PERSON
    assert is_legal(match.hand, script.PERSON, step.action)
    for other in legal_actions(match.hand, script.PERSON):
        if other == step.action:
            continue
        with pytest.raises(script.WrongMove) as refused:
            script.check_move(done, other)
        assert step.wrong in refused.value.message


@pytest.mark.parametrize("done", range(len(script.STEPS)))
def test_each_step_names_a_card_the_person_holds(done: int) -> None:
    match, _ = script.state_at(done)
    step = script.STEPS[done]
    if step.card:
        assert Card.parse(step.card) in match.hand.hands[script.PERSON]
        assert step.move.endswith(step.card)
    assert step.button in {"a-take", "a-draw_stock", "a-discard", "a-knock", "a-gin", "a-pass",
                           "a-next_hand"}


def _ends_of_hands() -> list[int]:
    """The number of taught moves after which each hand of the lesson is over: before
    each Next hand, and at the end."""
    return [n for n, step in enumerate(script.STEPS) if step.move == "next_hand"] + [
        len(script.STEPS)]


def test_the_lesson_plays_a_knock_a_gin_and_an_undercut_in_that_order() -> None:
    results = []
    for done in _ends_of_hands():
        match, _ = script.state_at(done)
        assert match.hand.phase is Phase.OVER
        assert match.hand.result is not None and match.hand.result.settlement is not None
        results.append(match.hand.result)
    knock, gin, undercut = results
    # The knock: the computer lays off the 10 and 5 of hearts, and you still win.
    assert knock.kind is HandKind.KNOCK and knock.winner == script.PERSON
    assert {str(card) for card, _ in knock.settlement.layoffs} == {"TH", "5H"}
    assert knock.settlement.knocker_deadwood == 1
    assert knock.points == knock.settlement.defender_deadwood - 1
    # Gin: no layoffs against it, 25 extra.
    assert gin.kind is HandKind.GIN and gin.winner == script.PERSON
    assert not gin.settlement.layoffs
    assert gin.points == gin.settlement.defender_deadwood + script.RULES.gin_bonus
    # The undercut: the computer knocks with 7, your 8 and 9 of hearts and 10 of diamonds
    # are laid off, the ace of spades is left: 25 + 7 - 1.
    assert undercut.kind is HandKind.UNDERCUT and undercut.winner == script.PERSON
    assert {str(card) for card, _ in undercut.settlement.layoffs} == {"8H", "9H", "TD"}
    assert undercut.points == script.RULES.undercut_bonus + 7 - 1


def test_the_script_reaches_the_end_of_its_match_short_of_the_target() -> None:
    match, _ = script.state_at(len(script.STEPS))
    assert max(match.scores) < script.RULES.target  # the lesson never ends the match
    with pytest.raises(script.WrongMove, match="over"):
        script.check_move(len(script.STEPS), script.STEPS[0].action)


def test_the_lesson_shows_what_it_says() -> None:
    # The upcard makes a set beside the run already held.
    start = script.start()
    kinds = {meld.kind for meld in best_arrangement(
        [*start.hand.hands[script.PERSON], start.hand.upcard], script.RULES).melds}
    assert kinds == {MeldKind.SET, MeldKind.RUN}
    # The computer's first discard is the jack of clubs, its second the four of diamonds,
    # which makes a run with the person's two and three of diamonds.
    after_two, _ = script.state_at(2)
    assert str(after_two.hand.discard_pile[-1]) == "JC"
    after_four, _ = script.state_at(4)
    assert str(after_four.hand.discard_pile[-1]) == "4D"
    # You drew the ace of spades at step 3.
    drew, _ = script.state_at(3)
    assert str(drew.hand.drawn) == "AS"
    # Before the knock, deadwood after the taught discard is within the limit.
    before_knock, _ = script.state_at(5)
    assert before_knock.hand.limit.limit == script.RULES.knock_limit


def test_state_at_refuses_steps_outside_the_lesson() -> None:
    for done in (-1, len(script.STEPS) + 1):
        with pytest.raises(ValueError):
            script.state_at(done)


@pytest.mark.parametrize(("path", "kept"), [
    ("/", "/"), ("/guide", "/guide"), ("/guide/knocking", "/guide/knocking"),
    ("https://evil.example/", "/"), ("//evil.example", "/"), ("/guide?x=1", "/"),
    ("javascript:alert(1)", "/"), ("", "/"), (None, "/"), ("/" + "a" * 300, "/"),
    ("/guide/../settings", "/"),
])
def test_leave_returns_only_to_a_local_path(path: str | None, kept: str) -> None:
    from app.learn.lesson import safe_back

    assert safe_back(path) == kept
