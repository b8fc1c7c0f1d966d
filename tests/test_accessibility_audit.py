"""axe-core audit of every page in a real browser (issue 16): no serious or critical issue.

Every page — home, settings, the offline and error pages, the score list and a sheet,
every guide page — is audited with axe-core (the copy shipped in the
``axe-playwright-python`` wheel) at 360 px and 1366 px wide in the light, dark and
high-contrast themes. One shared server; one test per width and theme, so
``pytest -n 2`` spreads them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from axe_playwright_python.base import AXE_SCRIPT

from app.guide import PAGES

pytestmark = pytest.mark.browser

BLOCKING = ("serious", "critical")
WIDTHS = {360: 740, 1366: 800}
THEMES = ("light", "dark", "contrast")


# --- server, browser, audit ------------------------------------------------------------


def audited_page(new_page: Callable[..., Any], width: int) -> Any:
    """A page whose every document gets axe-core (an init script, outside the page's CSP)."""
    page = new_page(width, WIDTHS.get(width, 800))
    page.context.add_init_script(AXE_SCRIPT)
    return page


def audit(page: Any, label: str) -> list[str]:
    """Run axe-core on the page; one line per serious or critical violation."""
    result = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
    problems = []
    for violation in result["violations"]:
        if violation["impact"] in BLOCKING:
            targets = "; ".join(" ".join(node["target"]) + " — " + node["failureSummary"]
                                .replace("\n", " ") for node in violation["nodes"][:4])
            problems.append(f"{label}: {violation['id']} ({violation['impact']}): {targets}")
    return problems


def set_theme(page: Any, base: str, theme: str) -> None:
    """Save the theme on the settings page, as a person would."""
    page.goto(base + "/settings")
    page.get_by_role("radio", name={"light": "Light", "dark": "Dark",
                                    "contrast": "High contrast"}[theme]).check()
    page.get_by_role("button", name="Save settings").click()
    page.wait_for_url("**/settings?saved=1")
    assert page.evaluate("document.documentElement.dataset.theme") == theme


def page_urls() -> list[str]:
    """Pages that need no state of their own."""
    guide = ["/guide", *(page.url for page in PAGES)]
    return ["/", "/settings", "/settings?saved=1", "/offline", "/no-such-page", "/score", "/fair",
            *guide]


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("width", WIDTHS)
def test_every_page_passes_axe(live_server: str, new_page: Callable[..., Any], width: int,
                               theme: str) -> None:
    page = audited_page(new_page, width)
    base = live_server
    set_theme(page, base, theme)
    problems: list[str] = []
    for path in page_urls():
        page.goto(base + path)
        problems += audit(page, path)
    # A score sheet.
    page.goto(base + "/score")
    page.locator("#name0").fill("Ann")
    page.locator("#name1").fill("Bob")
    page.get_by_role("button", name="Start sheet").click()
    page.wait_for_url("**/score/*")
    problems += audit(page, "score sheet")
    assert not problems, "\n".join(problems)
