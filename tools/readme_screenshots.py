"""Take the README's play-table screenshots at 390×844 (and the German one at 360×640).

Usage: ``python tools/readme_screenshots.py [OUT_DIR] [NAME ...]`` (default ``docs/``,
every shot; names such as ``screenshot-german-phone.png`` take only those). Needs the
dev dependencies and Chromium at ``/usr/bin/chromium``; it reuses the browser tests'
server and play helpers (``tests/support/``, ``tests/browser/test_play_browser.py``).

Starts the app on a free port with a fresh migrated SQLite file, plays one match to a
discard step with a meld, all four suits and two court cards in hand (issue 26: the faces'
figures show), selects the card leaving the least
deadwood, and photographs that same position four times, changing only the Settings:

* ``screenshot-phone.png``: the defaults (Normal cards, two colours, light theme);
* ``screenshot-large.png``: Large cards;
* ``screenshot-four-colours.png``: the four-colour deck;
* ``screenshot-dark.png``: the dark theme;
* ``screenshot-german-phone.png``: the defaults in German, at 360×640 (issue 31: the
  one-screen table in the language with the longest words).
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser")]

from test_play_browser import _cards, _choose, _start, _tap, _to_discard_step  # noqa: E402

from app.core.db import run_migrations  # noqa: E402
from tests.support.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.support.servers import LiveServer, sqlite_url  # noqa: E402

SHOTS = {
    "screenshot-phone.png": ("card_size-normal", "deck-two", "theme-light"),
    "screenshot-large.png": ("card_size-large", "deck-two", "theme-light"),
    "screenshot-four-colours.png": ("card_size-normal", "deck-four", "theme-light"),
    "screenshot-dark.png": ("card_size-normal", "deck-two", "theme-dark"),
    "screenshot-german-phone.png": ("card_size-normal", "deck-two", "theme-light",
                                    "language-de"),
}
SIZES = {"screenshot-german-phone.png": (360, 640)}
"""A shot's viewport when it is not 390×844."""


def select_best(page: Any) -> None:
    """Select the card whose discard leaves the least deadwood (a raised card)."""
    cards = [c for c in _cards(page) if "discard" in c["acts"].split()]
    page.locator(f"#c-{min(cards, key=lambda c: int(c['left']))['code']}").click()


def to_shown_position(page: Any, base: str) -> None:
    """Play on (best discards) to a discard step with a meld, all four suits and two court
    cards in hand, so the four-colour deck shows every colour and the faces their figures."""
    for _ in range(200):
        if page.get_by_role("button", name="Start match").count():  # the match ended
            _start(page, base)
        _to_discard_step(page)
        codes = [c["code"] for c in _cards(page)]
        if page.locator(".slot--meld").count() and len({c[-1] for c in codes}) == 4 \
                and sum(c[0] in "JQK" for c in codes) >= 2:
            return
        select_best(page)
        _tap(page, "Discard")
    raise RuntimeError("no discard step with a meld and four suits")


@contextmanager
def phone_page() -> Iterator[tuple[Any, str]]:
    """``(page, base URL)``: a 390×844 Chromium page (reduced motion) and a fresh app
    server on its own migrated SQLite file; both stopped at the end."""
    with tempfile.TemporaryDirectory() as tmp:
        db_url = sqlite_url(Path(tmp) / "gin.db")
        run_migrations(db_url)
        server = LiveServer(db_url=db_url).start()
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=str(CHROMIUM),
                                                     args=CHROMIUM_ARGS)
                context = browser.new_context(viewport={"width": 390, "height": 844},
                                              reduced_motion="reduce")
                try:
                    yield context.new_page(), server.url
                finally:
                    browser.close()
        finally:
            server.stop()
            server.log.close()


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs"
    wanted = sys.argv[2:] or list(SHOTS)
    with phone_page() as (page, base):
        _start(page, base)
        to_shown_position(page, base)
        for name in wanted:
            width, height = SIZES.get(name, (390, 844))
            page.set_viewport_size({"width": width, "height": height})
            _choose(page, base, *SHOTS[name])
            page.goto(base + "/play")
            select_best(page)
            page.mouse.move(0, 0)
            page.screenshot(path=str(out / name))
            print(out / name)


if __name__ == "__main__":
    main()
