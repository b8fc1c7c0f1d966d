"""Take the README's luck-and-play screenshots at 390×844.

Usage: ``python tools/luck_screenshot.py [OUT_DIR]`` (default ``docs/``); needs what
``tools/readme_screenshots.py`` needs. Plays hands against Standard (best discard, knock
or gin at the first chance) until two hands are over, then photographs:

* ``screenshot-hand-luck.png``: the result panel of the last hand, once its analysis
  gave the line "The cards gave you … points of win chance, your play cost …";
* ``screenshot-report-luck.png``: the match report, with luck and play over the match.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tools"), str(ROOT / "tests" / "browser")]

from readme_screenshots import phone_page, select_best  # noqa: E402
from test_play_browser import _enabled, _start, _tap, _to_discard_step  # noqa: E402

HANDS = 2


def play_to_the_result(page: Any) -> None:
    """Play the hand on the table to its result panel."""
    for _ in range(200):
        if page.locator(".result").count():
            return
        _to_discard_step(page, next_hand=False)
        if page.locator(".result").count():
            return
        for name in ("Gin", "Knock"):
            if _enabled(page, name):
                select_best(page)
                if _enabled(page, name):
                    _tap(page, name)
                    break
        else:
            select_best(page)
            _tap(page, "Discard")
    raise RuntimeError("the hand did not end")


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs"
    with phone_page() as (page, base):
        _start(page, base)
        for hand in range(HANDS):
            if hand:
                _tap(page, "Next hand")
            play_to_the_result(page)
        page.locator("#hand-luck[data-luck]").wait_for(timeout=600_000)
        page.locator("#hand-luck").scroll_into_view_if_needed()
        page.screenshot(path=str(out / "screenshot-hand-luck.png"))
        print(out / "screenshot-hand-luck.png")
        page.goto(base + "/play/history/report")
        page.locator(".luck").first.wait_for()
        page.screenshot(path=str(out / "screenshot-report-luck.png"), full_page=True)
        print(out / "screenshot-report-luck.png")


if __name__ == "__main__":
    main()
