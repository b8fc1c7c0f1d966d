"""A season in a real browser on a phone (360×640): the host makes a season, then an
event in it from the events form (keyboard only: the season chosen from its list), and
the season's page lists the event, fits the screen without sideways scrolling and has
no serious accessibility problem (axe-core)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from axe_playwright_python.base import AXE_SCRIPT

from tests.browser.test_accessibility_audit import audit

pytestmark = pytest.mark.browser


def test_a_season_and_its_event_on_a_phone_fit_and_pass_axe(
        start_server: Callable[..., Any], new_page: Callable[..., Any]) -> None:
    server = start_server()
    phone = new_page(360, 640)
    phone.context.add_init_script(AXE_SCRIPT)
    phone.goto(server.url + "/seasons")
    phone.get_by_label("Season name").fill("Winter league")
    phone.keyboard.press("Enter")
    phone.wait_for_url("**/seasons/*")
    season_url = phone.url
    assert phone.locator("#host-code-value").count() == 1
    phone.goto(server.url + "/events")
    phone.get_by_label("Event name").fill("Club night")
    phone.get_by_label("Season").select_option(label="Winter league")
    phone.get_by_role("button", name="Create the event").click()
    phone.wait_for_url("**/events/*")
    assert "Winter league" in phone.locator("[data-season]").inner_text()
    phone.goto(season_url)
    assert phone.locator("[data-season-events] a").all_inner_texts() == ["Club night"]
    width = phone.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 360, f"the season's page is {width}px wide on a 360px phone"
    assert audit(phone, "season") == []
