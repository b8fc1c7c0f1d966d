"""axe-core audit of every page in a real browser: no serious or critical issue.

Every page — home, settings, the offline and error pages, the play screen in each step
(upcard offer, draw, discard with each sheet open, result panel, void hand, match end,
new match), history and statistics, playing a friend (waiting, join, table, a refused
link), the score list and a sheet, every guide page — is audited with
axe-core (the copy shipped in the ``axe-playwright-python`` wheel) at 360 px and
1366 px wide in the light, dark and high-contrast themes, and in German and Spanish
(the browser's language), as :data:`AUDITS` combines them (the English audits in the dark
and high-contrast themes with the colour rules alone, :data:`COLOUR_RULES`). One server
for the module;
one test per audit, so ``pytest -n 2`` spreads them.

Play positions are built with the engine and stored for the browser's own session, as if
played there (the same way ``tests/web/play/test_play_http.py`` reaches a match's end).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.base import AXE_SCRIPT
from sqlalchemy import Engine

from app.guide.content import PAGES
from app.web.sessions import COOKIE_NAME, read_session_id
from tests.support.languages import LOCALES, page_language, say
from tests.support.positions import Position, position_server, store_position, table_positions
from tests.support.servers import LiveServer
from tests.support.tables import at_table

pytestmark = pytest.mark.browser

BLOCKING = ("serious", "critical")
WIDTHS = {360: 740, 1366: 800}
AUDITS = [(360, "en", "light"), (1366, "en", "light"), (360, "en", "dark"),
          (1366, "en", "contrast"), (360, "de", "light"), (1366, "es", "dark")]
"""Width, language and theme of each audit (about a minute of a CI core each): English
light at both widths (the layout's rules: names, targets, landmarks), each other theme
once, alternating widths (a theme changes colours, not the layout), German and Spanish
(longer words, other names) once each: six of the ten combinations, which all passed
while every one of them ran (until 2026-12), for a lane that fits its CI time."""
COLOUR_RULES = ["color-contrast", "link-in-text-block"]
"""What a theme can change of axe's findings: a theme sets colours (and, in high
contrast, borders and underlined links: static/app.css), never the document, its names or
its layout. So the English audits in the dark and high-contrast themes run these rules
alone (every rule runs in the light theme at both widths, and in the other languages;
issue 47: the two took 94 s wall and 55 s of CPU with every rule, 35 s and 48 s so)."""


# --- server, browser, audit ------------------------------------------------------------


class Site:
    """A server of the module's own, with its database at hand to store play positions."""

    def __init__(self, server: LiveServer, engine: Engine) -> None:
        self.url = server.url
        self.engine = engine
        self.positions = table_positions()

    def store(self, session_id: str, position: Position) -> None:
        """Make ``position`` the match of browser session ``session_id``."""
        store_position(self.engine, session_id, position)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, migrated_template: Path) -> Iterator[Site]:
    """One server for every audit of the module (the play positions need its database)."""
    with position_server(tmp_path_factory.mktemp("audit"), migrated_template) as running:
        yield Site(*running)


def session_id(page: Any, engine: Engine) -> str:
    """The page's browser session id (from the HttpOnly cookie, read through Playwright)."""
    cookies = {c["name"]: c["value"] for c in page.context.cookies()}
    return read_session_id(engine, str(cookies[COOKIE_NAME])) or ""


def audited_page(new_page: Callable[..., Any], width: int, language: str = "en") -> Any:
    """A page whose every document gets axe-core (an init script, outside the page's CSP),
    its browser speaking ``language``."""
    page = new_page(width, WIDTHS.get(width, 800), locale=LOCALES[language])
    page.context.add_init_script(AXE_SCRIPT)
    return page


def audit(page: Any, label: str, rules: list[str] | None = None) -> list[str]:
    """Run axe-core on the page (``rules``: only those of axe's rules, by id; else all);
    one line per serious or critical violation."""
    options: dict[str, Any] = {"resultTypes": ["violations"]}
    if rules:
        options["runOnly"] = {"type": "rule", "values": rules}
    result = page.evaluate("o => axe.run(document, o)", options)
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
    page.get_by_role("radio", name=say(page, {"light": "Light", "dark": "Dark",
                                              "contrast": "High contrast"}[theme])).check()
    page.get_by_role("button", name=say(page, "Save settings")).click()
    page.wait_for_url("**/settings?saved=1")
    assert page.evaluate("document.documentElement.dataset.theme") == theme


def page_urls() -> list[str]:
    """Pages that need no state of their own."""
    guide = ["/guide", *(page.url for page in PAGES)]
    return ["/", "/learn", "/settings", "/settings?saved=1", "/offline", "/no-such-page", "/score",
            "/fair", "/train", "/train/puzzle", "/events", "/seasons",
            *guide]


@pytest.mark.parametrize(("width", "language", "theme"), AUDITS,
                         ids=[f"{w}-{lang}-{theme}" for w, lang, theme in AUDITS])
def test_every_page_passes_axe(site: Site, new_page: Callable[..., Any], width: int,
                               language: str, theme: str) -> None:
    page = audited_page(new_page, width, language)
    base = site.url
    set_theme(page, base, theme)
    rules = COLOUR_RULES if language == "en" and theme != "light" else None
    assert page_language(page) == language
    problems: list[str] = []
    for path in page_urls():
        page.goto(base + path)
        problems += audit(page, path, rules)
    # A score sheet.
    page.goto(base + "/score")
    page.locator("#name0").fill("Ann")
    page.locator("#name1").fill("Bob")
    page.get_by_role("button", name=say(page, "Start sheet")).click()
    page.wait_for_url("**/score/*")
    problems += audit(page, "score sheet", rules)
    # The play screen in each step, its sheets (pile, score, keys, rules, the table read
    # out) open, and the new match form.
    sid = session_id(page, site.engine)
    for name, match in site.positions.items():
        site.store(sid, match)
        page.goto(base + "/play")
        problems += audit(page, f"play {name}", rules)
        if name == "discard":
            for sheet in ("pile-history", "score-history", "keys-help", "rules-in-force",
                          "table-summary"):
                page.evaluate("id => document.getElementById(id).showPopover()", sheet)
                problems += audit(page, f"play {name} {sheet}", rules)
                page.evaluate("id => document.getElementById(id).hidePopover()", sheet)
    page.goto(base + "/play/new")
    problems += audit(page, "new match", rules)
    # History and statistics of the matches just stored, and a refused invite link.
    for path in ("/play/history", "/stats", "/play/friend/no-such-invite"):
        page.goto(base + path)
        problems += audit(page, path, rules)
    # Playing a friend: the waiting page with the link, the friend's join page, the
    # friend's table.
    page.goto(base + "/play/new")
    page.locator("#opt-name").fill("Ann")
    page.get_by_role("button", name=say(page, "Play a friend")).click()
    page.locator("#invite-link").wait_for()
    problems += audit(page, "friend waiting", rules)
    friend = audited_page(new_page, width, language)
    set_theme(friend, base, theme)
    friend.goto(page.locator("#invite-link").input_value())
    problems += audit(friend, "friend join", rules)
    friend.locator("#join-name").fill("Bob")
    friend.get_by_role("button", name=say(friend, "Join the match")).click()
    at_table(friend)
    problems += audit(friend, "friend table", rules)
    assert not problems, "\n".join(problems)
