"""Display settings in Chromium: chosen on the page, right on the first paint.

The settings are saved through the settings form, as a person would; then every check
runs with JavaScript switched off, so what is seen comes from the server's HTML and the
stylesheet alone (nothing is patched after the first paint), and again after a reload.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

pytestmark = pytest.mark.browser

CHOICES = {"card_size": "Large", "deck": "Four colours", "theme": "Dark",
           "motion": "Reduced", "computer_speed": "Slow", "card_back": "Blue diamonds",
           "felt": "Green felt", "sound": "Sounds on", "vibration": "Vibrate"}


def save_settings(page: Any, base: str, labels: list[str]) -> None:
    page.goto(base + "/settings")
    for label in labels:
        page.get_by_role("radio", name=label, exact=True).check()
    page.get_by_role("button", name="Save settings").click()
    page.wait_for_url("**/settings?saved=1")
    assert page.get_by_role("status").get_by_text("Settings saved").is_visible()


def no_script_page(browser: Any, page: Any, width: int = 360) -> Any:
    """A page in a JavaScript-free context sharing ``page``'s cookies."""
    context = browser.new_context(viewport={"width": width, "height": 740},
                                  java_script_enabled=False)
    context.add_cookies(page.context.cookies())
    return context.new_page()


def styles(page: Any, selector: str, *props: str) -> list[str]:
    return [str(v) for v in page.locator(selector).first.evaluate(
        "(e, props) => props.map(p => getComputedStyle(e).getPropertyValue(p))", list(props))]


def corner_rank_px(page: Any) -> float:
    """The font size of a hand card's corner rank, in CSS pixels."""
    size = page.locator(".card--lg .card__corner > span:first-child").first.evaluate(
        "e => parseFloat(getComputedStyle(e).fontSize)")
    return float(size)


def start_match(page: Any, base: str) -> None:
    page.goto(base + "/play")
    start = page.get_by_role("button", name="Start match")
    if start.count():
        start.click()
        page.wait_for_url("**/play")


def test_settings_apply_on_first_paint_and_after_reload(
        live_server: str, new_page: Callable[..., Any], browser: Any) -> None:
    page = new_page(360, 740)
    start_match(page, live_server)
    assert corner_rank_px(page) >= 16  # Normal
    save_settings(page, live_server, list(CHOICES.values()))
    plain = no_script_page(browser, page)
    for path in ("/play", "/score", "/guide/melds", "/"):
        for _ in range(2):  # first load, then a reload
            plain.goto(live_server + path) if _ == 0 else plain.reload()
            root = plain.evaluate("({...document.documentElement.dataset})")
            assert root == {"cardSize": "large", "deck": "four", "theme": "dark",
                            "motion": "reduced", "computerSpeed": "slow",
                            "computerTurnMs": "0", "cardBack": "blue", "felt": "green",
                            "sound": "on", "vibration": "on"}, path
            background, scheme = styles(plain, "html", "background-color", "color-scheme")
            assert background == "rgb(18, 22, 20)" and scheme == "dark", path
            assert plain.locator("meta[name=theme-color]").get_attribute("content") == "#0d1f15"
    plain.goto(live_server + "/play")
    assert corner_rank_px(plain) >= 22  # Large, in the hand at 360 px
    plain.goto(live_server + "/settings")  # the preview always shows every suit
    assert styles(plain, ".card--clubs", "color") == ["rgb(11, 110, 49)"]
    assert styles(plain, ".card--diamonds", "color") == ["rgb(23, 71, 192)"]
    assert styles(plain, ".card--hearts", "color") == ["rgb(192, 34, 43)"]
    plain.goto(live_server + "/play")
    assert styles(plain, ".card", "transition-duration") == ["0s"]  # Reduced motion


def test_each_theme_colours_the_page(live_server: str, new_page: Callable[..., Any],
                                     browser: Any) -> None:
    page = new_page(360, 740)
    seen = {}
    for label in ("Light", "Dark", "High contrast"):
        save_settings(page, live_server, [label])
        plain = no_script_page(browser, page)
        plain.goto(live_server + "/guide")
        seen[label] = styles(plain, "html", "background-color", "color")
        plain.context.close()
    assert seen["Light"] == ["rgb(245, 243, 236)", "rgb(29, 35, 32)"]
    assert seen["Dark"] == ["rgb(18, 22, 20)", "rgb(232, 235, 231)"]
    assert seen["High contrast"] == ["rgb(255, 255, 255)", "rgb(0, 0, 0)"]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_follow_the_device_follows_the_device(live_server: str, browser: Any,
                                              scheme: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme=scheme,
                                  java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(live_server + "/")
        assert page.evaluate("document.documentElement.dataset.theme") == "device"
        expected = {"light": "rgb(245, 243, 236)", "dark": "rgb(18, 22, 20)"}[scheme]
        assert styles(page, "html", "background-color") == [expected]
    finally:
        context.close()


def test_settings_page_works_with_the_keyboard_alone(live_server: str, page: Any) -> None:
    page.goto(live_server + "/settings")
    group = page.get_by_role("group", name="Card size")
    group.get_by_role("radio", name="Normal", exact=True).focus()
    page.keyboard.press("ArrowDown")  # arrow keys move the choice inside a group
    large = group.get_by_role("radio", name="Large", exact=True)
    assert large.is_checked()
    assert large.get_attribute("aria-describedby") == "card_size-large-hint"
    page.keyboard.press("Enter")  # Enter in a form submits it
    page.wait_for_url("**/settings?saved=1")
    assert page.evaluate("document.documentElement.dataset.cardSize") == "large"
    assert page.get_by_role("group", name="Card size").get_by_role(
        "radio", name="Large", exact=True).is_checked()


# WCAG contrast of each card's corner index (and the tags on hand cards) against what it
# is drawn on: [worst ratio, what it was].
CARD_CONTRAST = """() => {
  const rgb = c => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = c => { const [r, g, b] = rgb(c).map(v => { v /= 255;
    return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05); };
  let worst = [99, ''];
  const check = (ink, ground, what) => {
    const r = ratio(ink, ground);
    if (r < worst[0]) worst = [r, what + ' ' + ink + ' on ' + ground]; };
  for (const span of document.querySelectorAll('.card:not(.card--back) .card__corner span')) {
    const card = span.closest('.card');
    check(getComputedStyle(span).color, getComputedStyle(card).backgroundColor,
          card.className);
  }
  for (const mark of document.querySelectorAll('.slot__mark')) {
    const s = getComputedStyle(mark); check(s.color, s.backgroundColor, 'mark');
  }
  for (const slot of document.querySelectorAll('.slot--new')) {
    const s = getComputedStyle(slot, '::before'); check(s.color, s.backgroundColor, 'new tag');
  }
  return worst;
}"""


def test_card_indices_are_readable_in_every_theme_and_deck(
        live_server: str, new_page: Callable[..., Any]) -> None:
    """Corner rank and suit ≥ 4.5:1 on the card face (and the tags on hand cards on their
    badge) in every theme with either deck: the settings preview shows all four suits,
    the play table the hand and the piles."""
    page = new_page(390, 844)
    start_match(page, live_server)
    if page.get_by_role("button", name="Pass").is_enabled():
        page.get_by_role("button", name="Pass").click()
    page.get_by_role("button", name="Draw from stock").click()
    page.locator(".slot--new").wait_for()  # the drawn card's tag is checked too
    seen = {}
    for theme in ("Light", "Dark", "High contrast"):
        for deck in ("Two colours", "Four colours"):
            save_settings(page, live_server, [theme, deck])
            for path in ("/settings", "/play"):
                page.goto(live_server + path)
                ratio, what = page.evaluate(CARD_CONTRAST)
                seen[theme, deck, path] = round(ratio, 1)
                assert ratio >= 4.5, f"{theme}, {deck}, {path}: {what} is {ratio:.2f}:1"
    assert len(seen) == 12
