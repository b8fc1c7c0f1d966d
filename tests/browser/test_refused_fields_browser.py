"""A refused field of New match is shown where the player is looking, in Chromium at a
phone's size: *Play a friend* tapped with no name puts the message under the name field
(the form's foot), in view and focused, not at the page's top; a table option that
the browser itself refuses (a number past its max) opens the closed table options at it.
Then the corrected form goes through."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

pytestmark = pytest.mark.browser

# The element's box lies within the window (the page scrolled to it).
IN_VIEW = """sel => { const r = document.querySelector(sel).getBoundingClientRect();
  return r.top >= 0 && r.bottom <= innerHeight; }"""


def _shown_at(page: Any, name: str) -> None:
    page.locator(f"#err-{name}").wait_for()
    assert page.evaluate(IN_VIEW, f"#err-{name}"), f"the message under {name} is out of view"
    assert page.evaluate("() => document.activeElement && document.activeElement.id") == \
        "answer"
    field = page.locator(f'[name="{name}"]:not([type="hidden"])').first
    assert field.get_attribute("aria-invalid") == "true"
    assert page.locator("#status").inner_text().strip() == ""


@pytest.mark.parametrize(("width", "height"), [(360, 640), (1366, 800)])
def test_a_refused_name_is_shown_at_the_name_field(live_server: str,
                                                   new_page: Callable[..., Any],
                                                   width: int, height: int) -> None:
    page = new_page(width, height)
    page.goto(live_server + "/play/new")
    page.locator("#opt-name").fill("")
    page.get_by_role("button", name="Play a friend").click()
    _shown_at(page, "name")
    assert "name" in page.locator("#err-name").inner_text().lower()
    # The options stay closed: the refused field is not under them.
    assert page.locator("details.options").get_attribute("open") is None
    page.locator("#opt-name").fill("Ann")
    page.get_by_role("button", name="Play a friend").click()
    page.wait_for_url("**/play")
    assert page.locator("#err-name").count() == 0


def test_a_number_past_its_bounds_in_the_closed_options_is_pointed_at(
        live_server: str, new_page: Callable[..., Any]) -> None:
    """The browser's own check (max="10") refuses the knock limit 11 with the table
    options closed: they open at the field, focused, and nothing is posted (closed, the
    tap did nothing and said nothing: "An invalid form control is not focusable")."""
    page = new_page(360, 640)
    page.goto(live_server + "/play/new")
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    page.locator("details.options summary").click()
    page.locator("#opt-knock_limit").fill("11")
    page.locator("details.options summary").click()  # closed again, as a player might
    assert page.locator("details.options").get_attribute("open") is None
    page.get_by_role("button", name="Start match").click()
    page.wait_for_function("() => document.activeElement && "
                           "document.activeElement.id === 'opt-knock_limit'")
    assert page.locator("details.options").get_attribute("open") is not None
    assert page.evaluate(IN_VIEW, "#opt-knock_limit")
    assert posts == []


def test_a_refused_event_field_lands_the_page_on_it_with_its_field(
        live_server: str, new_page: Callable[..., Any]) -> None:
    """*Host an event* posts without a script: its refused rounds (a number the browser
    let through, its max removed as an older page or another client would) come back
    with the page landed on the message (#answer), the field above it in view too."""
    page = new_page(360, 640)
    page.goto(live_server + "/events")
    page.locator("#event-name").fill("Club night")
    page.locator("#event-rounds").evaluate("e => { e.removeAttribute('max'); e.value = '99'; }")
    page.get_by_role("button", name="Create the event").click()
    page.locator("#err-rounds").wait_for()
    assert page.evaluate(IN_VIEW, "#err-rounds")
    assert page.evaluate(IN_VIEW, "#event-rounds"), "the refused field is above the window"
    assert page.locator("#event-rounds").get_attribute("aria-invalid") == "true"
