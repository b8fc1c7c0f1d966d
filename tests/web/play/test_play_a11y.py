"""The play screen for screen readers and the keyboard.

HTTP: headings for Score, Computer, Piles, Your hand and Actions; each card of the hand
named with its meld; the live regions exist in the first render; the table summary.
Browser: a complete hand played with the keyboard alone, each state change checked in the
accessibility tree (the live regions' text), focus never on <body>, aria-busy while a
request is in flight, and Read the table.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.engine import Card, MeldKind
from app.play.words import card_label, meld_words, table_summary


def start(client: TestClient) -> str:
    client.get("/play")
    response = client.post("/play/new", data={"level": "standard"})
    assert response.status_code == 200
    return response.text


def test_meld_words_read_a_run_and_a_set() -> None:
    run = [Card.parse(c) for c in ("5H", "6H", "7H")]
    assert meld_words(MeldKind.RUN, run) == "run five six seven of hearts"
    assert card_label(run[2], MeldKind.RUN, run) == \
        "Seven of hearts, in run five six seven of hearts"
    sixes = [Card.parse(c) for c in ("6C", "6D", "6S", "6H")]
    assert meld_words(MeldKind.SET, sixes) == "set of four sixes"
    assert card_label(Card.parse("KD")) == "King of diamonds"


def test_table_summary_names_hand_pile_score_and_step() -> None:
    text = table_summary(["Ace of spades", "Two of clubs"], Card.parse("9H"), 3, (12, 40),
                         100, "Your turn: draw a card.")
    assert text == ("Your hand, 2 cards: Ace of spades; Two of clubs. Top of the discard "
                    "pile: nine of hearts, 3 cards in the pile. Score: you 12, computer 40, "
                    "playing to 100. Your turn: draw a card.")


def test_the_table_has_headings_live_regions_and_named_cards(client: TestClient) -> None:
    html = start(client)
    headings = re.findall(r"<h2[^>]*>([^<]+)", html)
    for name in ("Score", "Computer", "Piles", "Your hand", "Actions"):
        assert name in [h.strip() for h in headings], name
    # Live regions exist from the first render (screen readers watch them from then on).
    assert re.search(r'id="status"[^>]*aria-live="polite"', html)
    assert re.search(r'<p id="computer-live"[^>]*aria-live="polite"', html)
    assert re.search(r'<p id="table-read"[^>]*aria-live="polite"[^>]*></p>', html)
    labels = re.findall(r'class="slot__input" type="radio" name="card" value="(\w\w)" '
                        r'id="c-\w\w" aria-label="([^"]+)"', html)
    assert len(labels) == 10
    for code, label in labels:
        assert label.startswith(Card.parse(code).name)
        assert label == Card.parse(code).name or ", in run " in label or ", in set of " in label
    assert 'popovertarget="table-summary" data-key="r">Read the table</button>' in html
    summary = re.search(r'<p id="table-summary-text">([^<]+)</p>', html)
    assert summary is not None and summary.group(1).startswith("Your hand, 10 cards: ")


# --- in Chromium: a whole hand with the keyboard alone ------------------------------------


def _tab_to(page: Any, name: str) -> None:
    """Press Tab until the focused control is named ``name`` (a keyboard user's way)."""
    for _ in range(80):
        page.keyboard.press("Tab")
        label = page.evaluate("() => { const e = document.activeElement;"
                              " return e ? (e.getAttribute('aria-label') || e.textContent)"
                              ".trim() : ''; }")
        if label == name:
            return
    raise AssertionError(f"Tab never reached {name!r}")


def _spoken(page: Any, selector: str) -> str:
    """The text of a live region as the accessibility tree has it."""
    return str(page.locator(selector).aria_snapshot())


def _state(page: Any) -> tuple[str, str]:
    return (str(page.evaluate("document.querySelector('#table')?.dataset.version || ''")),
            str(page.locator("#status").inner_text()))


def _enabled(page: Any, selector: str) -> bool:
    return bool(page.evaluate(
        "s => { const b = document.querySelector(s); return !!b && !b.disabled &&"
        " b.getAttribute('aria-disabled') !== 'true' && b.offsetParent !== null; }", selector))


def _key_and_wait(page: Any, key: str) -> None:
    """Press ``key`` and wait for the answer; check what reaches the accessibility tree."""
    version, _ = _state(page)
    page.keyboard.press(key)
    page.wait_for_function(
        "v => { const t = document.querySelector('#table');"
        " return t && t.dataset.version !== v && t.getAttribute('aria-busy') !== 'true'; }",
        arg=version)
    status = page.locator("#status").inner_text().strip()
    assert status and status in _spoken(page, "#status")
    said = page.locator("#computer-live").inner_text().strip()
    if said:
        assert said in _spoken(page, "#computer-live")
    assert page.evaluate("document.activeElement !== document.body"), "focus fell to <body>"


def _select_best_card(page: Any) -> str:
    """Move the selection with the arrow keys to the card leaving the least deadwood."""
    cards = page.evaluate("""() => [...document.querySelectorAll('#board input[name=card]')]
        .map(r => ({code: r.value, left: +r.dataset.left, acts: r.dataset.acts || ''}))""")
    target = min(range(len(cards)), key=lambda i: (cards[i]["left"], -i))
    for _ in range(len(cards) + 1):
        chosen = page.evaluate("document.querySelector('#board input[name=card]:checked')"
                               "?.value || ''")
        if chosen == cards[target]["code"]:
            break
        page.keyboard.press("ArrowRight")
    name = page.locator(f'#c-{cards[target]["code"]}').get_attribute("aria-label")
    assert page.get_by_role("radio", name=name, exact=True).is_checked()
    return str(cards[target]["acts"])


@pytest.mark.browser
def test_a_whole_hand_with_the_keyboard_alone(live_server: str,
                                              new_page: Callable[..., Any]) -> None:
    page = new_page(1366, 800)
    page.goto(live_server + "/play")
    if page.get_by_role("button", name="Start match").count() == 0:
        page.goto(live_server + "/play/new")
    _tab_to(page, "Start match")
    page.keyboard.press("Enter")
    page.wait_for_selector("#table[data-version]")
    assert "Your turn" in _spoken(page, "#status") or "upcard" in _spoken(page, "#status")
    # While a request is in flight the table says it is busy.
    page.route("**/play", lambda route: (time.sleep(0.4), route.continue_()))
    page.keyboard.press("p" if _enabled(page, "#a-pass") else "s")
    page.wait_for_function("() => document.querySelector('#table')?.getAttribute("
                           "'aria-busy') === 'true'")
    page.wait_for_function("() => document.querySelector('#table')?.getAttribute("
                           "'aria-busy') !== 'true'")
    page.unroute("**/play")
    announced = 0
    for _ in range(120):
        if page.locator(".result").count():
            break
        before = page.locator("#computer-live").inner_text()
        if _enabled(page, "#a-pass"):
            _key_and_wait(page, "p")
        elif _enabled(page, "#a-draw_stock"):
            _key_and_wait(page, "s")
        else:
            acts = _select_best_card(page)
            _key_and_wait(page, "g" if "gin" in acts else "k" if "knock" in acts else "d")
        if page.locator("#computer-live").inner_text() and \
                page.locator("#computer-live").inner_text() != before:
            announced += 1
    else:
        raise AssertionError("the hand did not end")
    assert announced >= 1, "the computer's moves never reached its live region"
    result = page.locator(".result h2").first.inner_text()
    assert result in page.locator(".result").aria_snapshot()
    # Read the table: R puts the whole table into its live region.
    page.keyboard.press("r")
    page.wait_for_function("() => document.querySelector('#table-read').textContent.length > 0")
    assert "Score: you" in _spoken(page, "#table-read")
    page.keyboard.press("Escape")
    # Next hand, by key; the new hand is announced.
    if _enabled(page, "#a-next_hand"):
        _key_and_wait(page, "n")
        assert "Hand 2" in page.locator(".scorebar").inner_text()
