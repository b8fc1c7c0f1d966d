"""The play script's own words in the page's language (issue 31): a browser that asks
for German, Spanish, French, Italian or Portuguese gets the table in it, and the sentence
static/table/ says when a card moves along the hand (Shift+Right) comes from the page's
#script-words, with the card's name in that language."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser

# A card's name in letters of any accent (Três, Ás, Cœur): \p{L} under the regex's u flag.
WORDS = {
    "de": ("Partie starten", "Deine Hand", r"^\p{Lu}\p{Ll}+-\p{Lu}\p{Ll}+: Platz 3 von 10\.$"),
    "es": ("Empezar la partida", "Tu mano", r"^\p{Lu}\p{Ll}+ de \p{Ll}+: puesto 3 de 10\.$"),
    "fr": ("Commencer la partie", "Ta main",
           r"^\p{Lu}\p{Ll}+ de \p{Ll}+\u00a0: place 3 sur 10\.$"),
    "it": ("Inizia la partita", "La tua mano", r"^\p{Lu}\p{Ll}+ di \p{Ll}+: posto 3 di 10\.$"),
    "pt": ("Começar a partida", "A tua mão", r"^\p{Lu}\p{Ll}+ de \p{Ll}+: posição 3 de 10\.$"),
}


@pytest.mark.parametrize("language", list(WORDS))
def test_a_moved_card_is_announced_in_the_pages_language(live_server: str, browser: Any,
                                                         language: str) -> None:
    start, hand, announced = WORDS[language]
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale=language,
                                  reduced_motion="reduce")
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(live_server + "/play/new")
        page.locator("html[data-play-ready]").wait_for(state="attached")
        page.get_by_role("button", name=start).click()
        page.wait_for_url(live_server + "/play")
        page.locator("html[data-play-ready]").wait_for(state="attached")
        page.get_by_role("heading", name=hand).wait_for()
        page.wait_for_function("() => !document.documentElement.classList.contains('is-busy')")
        second = page.locator(".hand .slot[data-card] .slot__input").nth(1)
        second.focus()
        page.keyboard.press("Shift+ArrowRight")
        page.wait_for_function(
            "(pattern) => new RegExp(pattern, 'u').test("
            "document.getElementById('table-read').textContent.trim())", arg=announced)
        assert errors == []
    finally:
        context.close()
