"""A card in flight is where it is going (issue 48, "never lost"), in Chromium: while the
drawn card flies to its place in the hand, a press where it is shown in flight takes the
card shown under it, and a press on the place it lands on takes the drawn card; a
discard shown before its answer says so in the status line, not the step it ended."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.test_play_browser import _cards, _start, _to_draw_step
from tests.browser.test_taps_browser import BUSY, LANDED, REFUSED, _hold_the_draw
from tests.support.tables import at_rest, settled, table_version

pytestmark = pytest.mark.browser

# Every animation of the page held at ``f`` of its own length (the hand's slides and the
# drawn card's flight alike); then, for the card in flight (its slot .is-flying): a point
# ``under`` where it is shown, away from where it lands, with the card shown under it there
# (another card of the hand: [x, y, code]), and a point ``landing`` of its place in the hand
# (its slot, at least 3 px inside) where it is not shown. Either null when there is none.
HOLD_AND_LOOK = """f => {
  document.getAnimations().forEach(a => {
    a.pause();
    a.currentTime = f * a.effect.getComputedTiming().duration;
  });
  const slot = document.querySelector('.hand .slot.is-flying');
  if (!slot) return null;
  const flyer = slot.querySelector('.card');
  const shown = flyer.getBoundingClientRect();
  const box = slot.getBoundingClientRect();
  const rest = {left: box.left + flyer.offsetLeft, top: box.top + flyer.offsetTop};
  rest.right = rest.left + flyer.offsetWidth;
  rest.bottom = rest.top + flyer.offsetHeight;
  const near = (r, x, y, m) => x > r.left - m && x < r.right + m && y > r.top - m
    && y < r.bottom + m;
  let under = null;
  // What is shown under the flying card: the page's hit test with it let through.
  flyer.style.pointerEvents = 'none';
  for (let y = shown.top + 6; y < shown.bottom - 6 && !under; y += 3) {
    for (let x = shown.left + 6; x < shown.right - 6; x += 3) {
      if (near(rest, x, y, 6) || near(box, x, y, 6)) continue;
      const hit = document.elementFromPoint(x, y);
      const other = hit && hit.closest('.hand .slot[data-card]');
      const card = other && other.querySelector('.card');
      if (other && other !== slot && card && near(card.getBoundingClientRect(), x, y, -4)) {
        under = [x, y, other.dataset.card];
        break;
      }
    }
  }
  flyer.style.pointerEvents = '';
  let landing = null;
  for (let y = box.top + 3; y < box.bottom - 3 && !landing; y += 3) {
    for (let x = box.left + 3; x < box.right - 3; x += 2) {
      if (!near(shown, x, y, 4)) { landing = [x, y]; break; }
    }
  }
  return {drawn: slot.dataset.card, under: under, landing: landing};
}"""


# The deadwood badge by "Your hand".
BADGE = ".mine__head .deadwood"

# Whether the "new" tag of the card ``code`` is shown (its slot's ::before).
TAG_SHOWN = """code => { const slot = document.querySelector(`.hand .slot[data-card="${code}"]`);
  const tag = getComputedStyle(slot, '::before');
  return tag.content !== 'none' && tag.visibility === 'visible'; }"""


def _drawn_in_flight(page: Any) -> list[str]:
    """Draw from the stock, its answer held until the card shown at the tap has flown
    over the hand's middle (where the drawn card flies on from to its place, as on a
    phone whose answer takes longer than that flight), then the page's animations slowed
    a hundred times and held once the answer is in: the drawn card on its way to its
    place, over the hand. Returns the codes held before the draw. Nothing moves until
    the test moves it."""
    _to_draw_step(page, settle=at_rest)
    at_rest(page)
    held = [c["code"] for c in _cards(page)]
    answer = _hold_the_draw(page)
    before = table_version(page)
    page.locator("#a-draw_stock").click()
    page.wait_for_function("() => { const f = document.querySelector('.flyer'); return f"
                           " && f.getAnimations().every(a => a.playState === 'finished'); }")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Animation.enable")
    cdp.send("Animation.setPlaybackRate", {"playbackRate": 0.01})
    _until(page, lambda: len(answer) == 1)
    answer[0].continue_()
    settled(page, before)
    page.unroute("**/play")
    page.wait_for_function("() => document.querySelector('.hand .slot.is-flying')")
    page.evaluate("() => document.getAnimations().forEach(a => a.pause())")
    cdp.send("Animation.setPlaybackRate", {"playbackRate": 1})  # held: what comes next runs
    cdp.detach()
    return held


def _held_at(page: Any, want: str) -> dict[str, Any] | None:
    """The animations held at the first moment of the flight where the look has
    ``want`` (``"under"`` or ``"landing"``): the look; None if no moment has."""
    for step in range(20):
        look = page.evaluate(HOLD_AND_LOOK, step / 20)
        assert look, "no card flies into the hand"
        if look[want]:
            return dict(look)
    return None


def _until(page: Any, done: Callable[[], bool]) -> None:
    """Let the page's events reach the test (each call to the page does) until
    ``done()``: a held route's handler has run."""
    for _ in range(200):
        if done():
            return
        page.evaluate("0")
    raise AssertionError("the post was never held")


def _throw_one(page: Any) -> None:
    """The animations let go, a card the hand may discard tapped twice: the turn ends."""
    page.evaluate("() => document.getAnimations().forEach(a => a.finish())")
    at_rest(page)
    code = next(c["code"] for c in _cards(page) if "discard" in (c["acts"] or "").split())
    page.locator(f"#c-{code}").click()
    page.locator(f"#c-{code}").click()
    page.wait_for_function(LANDED, arg=code)


@pytest.mark.parametrize(("width", "height"), [(390, 844), (360, 640)], ids=["390x844", "360x640"])
def test_a_card_in_flight_is_where_it_is_going(live_server: str, new_page: Callable[..., Any],
                                               width: int, height: int) -> None:
    """The drawn card flies over the hand to its place (the race of the quick sequences:
    the player aims at a card and presses once the new hand shows, while the drawn card
    passes over it). A press where the flying card is shown takes the card shown under
    it (before: the flying card, then discarded by *Discard*); a press on the place
    where it lands takes the drawn card (a quick "draw and throw it back")."""
    page = new_page(width, height)
    _start(page, live_server)
    # A card drawn to the middle of the hand flies over none of the others: drawn again
    # (a few hands at most) until it flies over one.
    for _ in range(8):
        held = _drawn_in_flight(page)
        look = _held_at(page, "under")
        if look and _held_at(page, "landing"):
            break
        _throw_one(page)
    else:
        raise AssertionError("no drawn card flew over the others in 8 draws")
    look = _held_at(page, "under")
    assert look and look["drawn"] not in held
    assert page.evaluate(TAG_SHOWN, look["drawn"]) is False, \
        "the drawn card's tag waits at its place before the card is there"
    x, y, aimed = look["under"]
    page.mouse.click(x, y)
    assert page.locator(f"#c-{aimed}").is_checked(), \
        f"aimed at {aimed} under the flying {look['drawn']}: another card taken"
    assert page.locator(".hand input:checked").count() == 1
    page.locator("#hand-note").click()  # the felt: lowered
    assert page.locator(".hand input:checked").count() == 0
    look = _held_at(page, "landing")
    assert look
    page.mouse.click(*look["landing"])
    drawn = look["drawn"]
    assert page.locator(f"#c-{drawn}").is_checked(), \
        f"pressed where {drawn} lands: {page.locator('.hand input:checked').count()} taken"
    assert page.locator(".hand input:checked").count() == 1
    # Let go: tapped again once it is in, it is thrown back.
    page.evaluate("() => document.getAnimations().forEach(a => a.finish())")
    at_rest(page)
    assert page.evaluate(TAG_SHOWN, drawn) is True, "the drawn card in: its tag shows"
    page.locator(f"#c-{drawn}").click()
    page.wait_for_function(LANDED, arg=drawn)
    assert page.locator(REFUSED).count() == 0


def test_under_reduced_motion_no_card_flies(live_server: str,
                                            new_page: Callable[..., Any]) -> None:
    """Under reduced motion the drawn card is in its place at once: nothing is in flight,
    so no press is taken for a card where it lands."""
    page = new_page(390, 844, motion="reduce")
    _start(page, live_server)
    _to_draw_step(page, settle=at_rest)
    page.evaluate(
        "() => { window.__flew = false; new MutationObserver(() => { if (document"
        ".querySelector('.hand .slot.is-flying')) window.__flew = true; })"
        ".observe(document.body, {subtree: true, childList: true, attributes: true}); }")
    before = table_version(page)
    page.locator("#a-draw_stock").click()
    settled(page, before)
    at_rest(page)
    assert page.evaluate("window.__flew") is False


# --- the status line while a discard is shown before its answer ---------------------------

STALE = "discard a card"


@pytest.mark.parametrize("motion", ["reduce", "no-preference"], ids=["reduced", "motion"])
@pytest.mark.parametrize("when", ["at the discard step", "during the draw"])
def test_the_status_line_says_a_discard_is_on_its_way(
        live_server: str, new_page: Callable[..., Any], motion: str, when: str) -> None:
    """A discard shown before its answer (the card on its way to the pile, or on it at
    once under reduced motion) puts "You discard…" in the status line, not the step it
    ended ("Your turn: discard a card, …"), until its answer; queued behind the draw, it
    says so from the tap, and again once the draw's answer is in, until its own. The
    deadwood badge then reads what that discard leaves, not the best of the eleven."""
    page = new_page(390, 844, motion=motion)
    _start(page, live_server)
    _to_draw_step(page, settle=at_rest)
    at_rest(page)
    if when == "at the discard step":
        before = table_version(page)
        page.locator("#a-draw_stock").click()
        settled(page, before)
        at_rest(page)
        assert STALE in page.locator("#status").inner_text()
        held = _hold_the_draw(page, "discard")
    else:
        held = _hold_the_draw(page, "draw_stock", "discard")
        page.locator("#a-draw_stock").click()
        page.wait_for_function(BUSY)
    # At the discard step the card whose discard leaves the most deadwood: the badge by
    # "Your hand" must then change from the best a discard leaves to what this one does.
    code = max((c for c in _cards(page) if "discard" in (c["acts"] or "").split()),
               key=lambda c: int(c["left"]))["code"] \
        if when == "at the discard step" else _cards(page)[-1]["code"]
    given = page.locator(BADGE).inner_text().strip()
    page.locator(f"#c-{code}").click()
    page.locator(f"#c-{code}").click()
    page.locator(f'.hand .slot[data-card="{code}"].slot--gone').wait_for(state="attached")
    assert page.locator("#status").inner_text().strip() == "You discard…"
    if when == "during the draw":
        # Queued behind the draw, the card's discard has no figure yet: the badge stays.
        assert page.locator(BADGE).inner_text().strip() == given
        assert len(held) == 1
        # The draw's answer in (its table swapped in), the discard sent after it.
        with page.expect_request(lambda r: r.method == "POST"
                                 and "action=discard" in (r.post_data or "")):
            held[0].continue_()
    _until(page, lambda: len(held) == (1 if when == "at the discard step" else 2))
    # The discard's own answer held: still on its way, still said, and the badge reads
    # the deadwood this discard leaves (not "… after discard", the best of eleven).
    assert page.locator("#status").inner_text().strip() == "You discard…"
    left = page.locator(f"#c-{code}").get_attribute("data-left")
    assert left is not None
    assert page.locator(BADGE).inner_text().strip() == f"Deadwood {left}"
    assert STALE not in page.locator("#status").inner_text()
    assert page.locator(REFUSED).count() == 0
    held[-1].continue_()
    page.wait_for_function(LANDED, arg=code)
    assert "You discard" not in page.locator("#status").inner_text()
