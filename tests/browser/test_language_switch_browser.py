"""A tab opened before the language was switched in another tab (issue 52): its next tap
does not swap the new language's table into the old language's frame; the tab loads the
page again, all of it in the new language (static/app.js, window.ginLanguageChanged)."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser


def test_an_old_tab_reloads_in_the_new_language_on_its_next_tap(live_server: str,
                                                                browser: Any) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB",
                                  reduced_motion="reduce")
    context.set_default_timeout(15_000)
    try:
        old = context.new_page()
        errors: list[str] = []
        old.on("pageerror", lambda exc: errors.append(str(exc)))
        old.goto(live_server + "/play/new")
        old.locator("html[data-play-ready]").wait_for(state="attached")
        old.get_by_role("button", name="Start match").click()
        old.wait_for_url(live_server + "/play")
        old.locator("html[data-play-ready]").wait_for(state="attached")
        old.wait_for_function("() => !document.documentElement.classList.contains('is-busy')")
        assert old.locator("html").get_attribute("lang") == "en"
        other = context.new_page()
        other.goto(live_server + "/settings")
        other.locator('input[name="language"][value="de"]').check()
        other.locator(".settings-form [type=submit]").first.click()
        other.wait_for_url("**/settings?**")
        assert other.locator("html").get_attribute("lang") == "de"
        # The old tab's next tap: its answer is German, so the page reloads in German.
        old.get_by_role("button", name="Sort by suit").click()
        old.wait_for_function("() => document.documentElement.lang === 'de'")
        old.locator("html[data-play-ready]").wait_for(state="attached")
        assert old.get_by_role("button", name="Nach Farbe sortieren").count() + old.get_by_role(
            "heading", name="Deine Hand").count() >= 1
        assert old.locator("text=Sort by suit").count() == 0
        assert errors == []
    finally:
        context.close()
