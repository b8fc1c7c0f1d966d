"""The home page in a real browser (system Chromium), phone size."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser


def test_home_page_on_a_phone(
    live_server: str, page: Any, screenshot: Callable[..., Path | None]
) -> None:
    errors: list[str] = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    page.goto(live_server + "/")
    assert page.title() == "Gin Rummy"
    nav = page.get_by_role("navigation", name="Main")
    for name, href in [("Play", "/play"), ("Score", "/score"), ("Rules", "/guide")]:
        assert nav.get_by_role("link", name=name).get_attribute("href") == href
    # htmx loaded from /static without CSP complaints; nothing scrolls sideways.
    page.wait_for_function("() => window.htmx !== undefined")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    tap = page.get_by_role("link", name="Play").first.bounding_box()
    assert tap is not None and tap["height"] >= 44
    assert errors == []
    assert any(c["name"] == "gin_session" and c["httpOnly"] for c in page.context.cookies())
    path = screenshot(page, "home-390x844")
    assert path is None or path.stat().st_size > 0


def test_home_page_on_a_desktop(
    live_server: str, new_page: Callable[..., Any], screenshot: Callable[..., Path | None]
) -> None:
    page = new_page(1366, 900)
    page.goto(live_server + "/")
    assert page.get_by_role("heading", name="Gin Rummy").is_visible()
    screenshot(page, "home-1366x900")
