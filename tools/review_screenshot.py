"""Take the README's hand-review screenshot on a phone at 390×844.

Usage: ``python tools/review_screenshot.py [OUT_FILE]`` (default
``docs/screenshot-review-phone.png``). Needs the dev dependencies and Chromium at
``/usr/bin/chromium``; it reuses the browser tests' helpers
(``tests/browser/test_history_browser.py``) and the phone page of ``tools/readme_screenshots.py``.

Starts the app on a free port with a fresh migrated SQLite file, plays one hand on the
phone table (the discard that leaves least deadwood, knock or gin as soon as allowed),
opens its review from the result panel, waits for the ratings (again with a new hand
until the costliest decision is marked), opens the costliest
decision and photographs the whole page as the phone shows it (390 px wide, scrolled
through): the accuracy and costliest decisions, the step buttons, both hands and the
rating with *Try again from here*.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tools")]

from readme_screenshots import phone_page  # noqa: E402
from test_history_browser import _play_hand  # noqa: E402
from test_play_browser import _start  # noqa: E402

MARKED = re.compile(r"\((inaccuracy|mistake|blunder)\)")


def main() -> None:
    """Take the screenshot (see the module docstring)."""
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs/screenshot-review-phone.png"
    with phone_page() as (page, base):
        page.context.set_default_timeout(20_000)
        for _ in range(20):  # a hand whose costliest decision is marked
            _start(page, base)
            _play_hand(page)
            page.get_by_role("link", name="Review this hand").click()
            page.get_by_role("heading", name="Your decisions").wait_for(timeout=180_000)
            if page.locator(".costliest li").first.filter(has_text=MARKED).count():
                break
        page.locator(".costliest a").first.click()
        page.locator(".review-step.is-current .rating").wait_for()
        page.mouse.move(0, 0)
        page.screenshot(path=str(out), full_page=True)
        print(out)


if __name__ == "__main__":
    main()
