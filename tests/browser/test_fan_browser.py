"""Big cards in one fan (issue 48), in Chromium at 360×640, 390×844, 844×390 and 1366×800.

At the discard step (11 cards) the hand is one row of cards at least 1.5 times as wide as
the two rows of small cards before it, overlapping so that each card's corner index
stays in sight; the whole table still fits the screen. *Large* makes the card's box
bigger and keeps its full face (the pips). A tall phone's felt goes to bigger cards, and
a pile that cannot be tapped at a step shows its card without its button's words (and
the computer's move its three lines of words). The
corner index keeps clear of the pips, the "new" tab sits above the card. A pile's card
dragged into the hand draws it; dragged elsewhere, nothing happens. Screenshots go to test-results/.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.browser.test_play_browser import (
    _changed,
    _choose,
    _fits,
    _start,
    _to_discard_step,
    _to_draw_step,
    _version,
)
from tests.support.tables import at_rest

pytestmark = pytest.mark.browser

VIEWPORTS = [(360, 640), (390, 844), (844, 390), (1366, 800)]
IDS = [f"{w}x{h}" for w, h in VIEWPORTS]

# The hand's card width before the fan: 50.7 CSS px at 360×640 (two rows of six;
# measured with bench/browser.py --cards-only on commit c90881e, and in issue 48).
OLD_CARD_PX = 50.7
# The pips of a number card start 36.5 % of its width from its left edge
# (static/cards.svg, tools/card_sprite.py: two columns at x 42.5 ± 6 of 100).
PIPS_FROM = 0.365

# Each card of the hand: its box, its slot's (the part in sight), its corner index's.
HAND = """() => [...document.querySelectorAll('.hand .slot[data-card]')].map(s => {
  const box = e => { const r = e.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width}; };
  const card = s.querySelector('.card');
  return {code: s.dataset.card, card: box(card), slot: box(s),
          corner: box(card.querySelector('.card__corner')),
          checked: s.querySelector('input').checked,
          art: getComputedStyle(card.querySelector('.card__art')).display}; })"""


def _hand(page: Any) -> list[dict[str, Any]]:
    return list(page.evaluate(HAND))


def _discard_step(page: Any, base: str, size: str) -> list[dict[str, Any]]:
    _choose(page, base, f"card_size-{size}")
    _start(page, base)
    _to_discard_step(page)
    at_rest(page)
    return _hand(page)


@pytest.mark.parametrize(("width", "height"), VIEWPORTS, ids=IDS)
def test_the_hand_is_one_fan_of_big_cards(live_server: str, new_page: Callable[..., Any],
                                          screenshot: Callable[..., Path | None],
                                          width: int, height: int) -> None:
    page = new_page(width, height)
    hand = _discard_step(page, live_server, "normal")
    label = f"{width}x{height}"
    assert len(hand) == 11
    _fits(page, f"{label}: discard step")
    tops = {round(c["card"]["top"]) for c in hand if not c["checked"]}
    assert len(tops) == 1, f"{label}: the hand is in more than one row: {tops}"
    for card in hand:
        assert card["card"]["width"] >= 1.5 * OLD_CARD_PX, f"{label}: {card}"
        # The corner index in sight (the next card covers the rest), clear of the pips.
        assert card["corner"]["right"] <= card["slot"]["right"] + 0.5, f"{label}: {card}"
        assert card["corner"]["right"] <= card["card"]["left"] + PIPS_FROM * card["card"]["width"]
    overlaps = [a["card"]["right"] - b["card"]["left"]
                for a, b in zip(hand, hand[1:], strict=False)]
    if width < 640:
        assert min(overlaps) > 0, f"{label}: the cards of a phone's hand overlap (a fan)"
    # The card just drawn wears its tab above its top edge: over no index nor pip.
    new = page.locator(".slot--new")
    if new.count():
        tab = new.evaluate("s => { const b = getComputedStyle(s, '::before');"
                           " return [parseFloat(b.top), parseFloat(b.height)]; }")
        assert tab[0] + tab[1] <= 0.5, f"{label}: the new tab covers the card {tab}"
    # The selected card is raised clearly.
    page.locator(".hand .slot__input").nth(4).click()
    at_rest(page)
    raised = _hand(page)[4]
    assert raised["card"]["top"] <= hand[4]["card"]["top"] - 12
    screenshot(page, f"fan-discard-{label}")


@pytest.mark.parametrize(("width", "height"), VIEWPORTS, ids=IDS)
def test_large_makes_the_whole_card_bigger_with_its_face(
        live_server: str, new_page: Callable[..., Any], screenshot: Callable[..., Path | None],
        width: int, height: int) -> None:
    normal = _discard_step(new_page(width, height), live_server, "normal")
    page = new_page(width, height)
    large = _discard_step(page, live_server, "large")
    label = f"{width}x{height}"
    _fits(page, f"{label}: discard step, Large")
    assert large[0]["card"]["width"] >= 1.05 * normal[0]["card"]["width"], label
    assert all(card["art"] != "none" for card in large), f"{label}: Large hides the pips"
    assert len({round(c["card"]["top"]) for c in large if not c["checked"]}) == 1
    screenshot(page, f"fan-discard-{label}-large")


# The piles' buttons: where they are, their cards' width, their words' opacity, their names.
PILES = """() => ['#a-draw_stock', '#a-take'].map(id => {
  const b = document.querySelector(id), r = b.getBoundingClientRect();
  return {id, left: r.left, top: r.top, width: r.width, height: r.height,
          card: b.querySelector('.pile__card .card').getBoundingClientRect().width,
          words: getComputedStyle(b.querySelector('.pile__act')).opacity,
          background: getComputedStyle(b).backgroundColor, disabled: b.disabled}; })"""


def test_a_tall_phone_gives_its_felt_to_the_cards_and_its_piles_words_to_the_step(
        live_server: str, new_page: Callable[..., Any],
        screenshot: Callable[..., Path | None]) -> None:
    page = new_page(390, 844)
    hand = _discard_step(page, live_server, "normal")
    # The hand's cards a tenth bigger than a 360 px phone's (85 px before, issue 48).
    assert hand[0]["card"]["width"] >= 93, hand[0]
    piles = page.evaluate(PILES)
    assert all(p["disabled"] for p in piles)
    # While you discard, the piles are cards on the felt: no words, no box...
    assert [p["words"] for p in piles] == ["0", "0"], piles
    assert all(p["background"] == "rgba(0, 0, 0, 0)" for p in piles), piles
    assert all(p["card"] >= 100 for p in piles), piles
    # ... and still named for screen readers.
    for name in ("Draw from stock", "Take discard"):
        assert page.get_by_role("button", name=name, exact=True).count() == 1
    screenshot(page, "fan-tall-phone-discard")
    # The felt has room for the computer's whole move: three lines, not "the queen of…".
    clamped = page.evaluate("""() => { const said = document.getElementById('said');
      said.textContent = 'Computer drew from the stock and discarded the queen of spades.';
      return said.scrollHeight > said.clientHeight + 1; }""")
    assert not clamped
    # A new hand's score line, shorter or longer ("You deal" fits where "Computer deals"
    # wraps), moves nothing below it.
    for words in ("Knock at 10 or less · Hand 2 · You deal",
                  "Knock at 10 or less · Hand 12 · Computer deals · Standard"):
        page.evaluate("w => { document.querySelector('.scorebar__meta').textContent = w; }",
                      words)
        moved = page.evaluate(PILES)
        assert [p["top"] for p in moved] == [p["top"] for p in piles], (words, moved, piles)
    # At the draw step the piles say what they do, in boxes of the same size at the same
    # height: nothing moved (sideways the row stays centred as the pile's count changes).
    # Within one hand: a new hand may wrap the score bar's line otherwise ("Computer
    # deals" or "You deal"), and the computer may end the hand after the discard.
    for _ in range(4):
        hand_meta = page.locator(".scorebar__meta").text_content()
        page.locator(".hand .slot__input[data-acts~=discard]").first.click()
        _tap_discard(page)
        _to_draw_step(page, settle=at_rest)
        at_rest(page)
        if page.locator(".scorebar__meta").text_content() == hand_meta:
            break
        _to_discard_step(page)
        at_rest(page)
        piles = page.evaluate(PILES)
    else:
        raise AssertionError("the computer ended four hands in a row")
    drawing = page.evaluate(PILES)
    assert [p["words"] for p in drawing] == ["1", "1"], drawing
    for before, after in zip(piles, drawing, strict=True):
        for key in ("top", "width", "height"):
            assert abs(before[key] - after[key]) <= 0.5, (key, before, after)
    # A short phone keeps the piles' words beside their cards at every step.
    short = new_page(360, 640)
    _discard_step(short, live_server, "normal")
    assert [p["words"] for p in short.evaluate(PILES)] == ["1", "1"]


def _tap_discard(page: Any) -> None:
    version = _version(page)
    page.get_by_role("button", name="Discard", exact=True).click()
    _changed(page, version)


def _drag_from(page: Any, pile: str, to: dict[str, float]) -> None:
    box = page.locator(f"{pile} .pile__card .card").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 6, y + 6, steps=2)
    page.mouse.move(to["x"], to["y"], steps=8)
    page.mouse.up()


@pytest.mark.parametrize(("width", "height"), [(390, 844), (844, 390)], ids=["390x844", "844x390"])
def test_a_card_dragged_from_the_stock_into_the_hand_is_drawn(
        live_server: str, new_page: Callable[..., Any], width: int, height: int) -> None:
    page = new_page(width, height)
    _start(page, live_server)
    _to_draw_step(page, settle=at_rest)
    at_rest(page)
    # Let go away from the hand (over the computer's row): nothing is drawn.
    opponent = page.locator(".opponent").bounding_box()
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    _drag_from(page, ".pile--stock", {"x": opponent["x"] + 10, "y": opponent["y"] + 5})
    at_rest(page)
    assert posts == [] and page.locator(".hand .slot").count() == 10
    assert page.locator(".pile--stock .card").get_attribute("style") in (None, "")
    # Into the hand: drawn, as a tap on Draw from stock.
    hand = page.locator(".hand").bounding_box()
    version = _version(page)
    _drag_from(page, ".pile--stock", {"x": hand["x"] + hand["width"] / 2,
                                      "y": hand["y"] + hand["height"] / 2})
    _changed(page, version)
    at_rest(page)
    assert page.locator(".hand .slot").count() == 11
    assert page.locator(".hand input[data-acts]").count() == 11
