"""The system's Chromium as the browser tests (and ``tools/readme_screenshots.py``) start it:
Debian's packages, never a downloaded build.

* :data:`HEADLESS_SHELL` — Debian's ``chromium-headless-shell``: the same Blink and V8 as
  the full browser without its browser shell, the ``browser`` fixture's Chromium (the
  headless browser Playwright itself drives by default). Measured on the browser lane's
  tests: about a quarter less CPU than the full browser in headless mode (its browser
  process did half the work; docs/development.md, "Timings").
* :data:`CHROMIUM` — Debian's ``chromium``, the full browser: for what only a real
  browser window does (``tests/support/wire.py``: a persistent profile fetches the page's
  icons), and the fixture's Chromium where the headless shell is not installed.
"""

from __future__ import annotations

from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
HEADLESS_SHELL = Path("/usr/lib/chromium/chromium-headless-shell")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def headless_chromium() -> Path:
    """The Chromium the browser tests drive: :data:`HEADLESS_SHELL` where installed,
    else :data:`CHROMIUM` (same engine, more CPU); either may be missing (the caller
    checks ``exists()``)."""
    return HEADLESS_SHELL if HEADLESS_SHELL.exists() else CHROMIUM
