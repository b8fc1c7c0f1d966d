"""Draw the app icons (issue 16) once: SVG drawn here, rasterised by headless Chromium,
the PNGs then made small (a first visit fetches none of them, but an install does).

Run ``.venv/bin/python scripts/make_icons.py`` after changing the drawing; it writes
``static/icons/*`` (committed). Needs Playwright and ``/usr/bin/chromium``, like the
browser tests, and Debian's ``pngquant`` and ``zopfli`` (``apt-get install pngquant
zopfli``): each PNG is quantised to a palette (``pngquant --quality=70-95``, no visible
change on these flat colours) and recompressed (``zopflipng``), 211 KB → 35 KB for the
five. The icon is a white card with a black spade on the green felt:

* ``icon.svg`` — purpose "any", every size (the manifest's first icon, for the browsers
  that take SVG icons); the same drawing as ``icon-512.png``;
* ``icon-192.png``, ``icon-512.png`` — purpose "any": rounded square, transparent corners;
* ``maskable-192.png``, ``maskable-512.png`` — purpose "maskable": full-bleed felt, the
  card inside the central 80 % circle that every mask shape keeps;
* ``apple-touch-icon.png`` — 180 px, full bleed (iOS rounds the corners itself).
"""

import shutil
import subprocess
from pathlib import Path

from playwright.sync_api import sync_playwright

OUT = Path(__file__).resolve().parent.parent / "static" / "icons"
FELT, FELT_LIGHT = "#1f5135", "#2c6b47"

# The card and spade on a 512 × 512 canvas, centred on (256, 256).
CARD = (
    '<g transform="rotate(-8 256 256)">'
    '<rect x="150" y="96" width="212" height="300" rx="26" fill="#8e1b22" stroke="#fff" '
    'stroke-width="12" transform="translate(-40 18)"/>'
    "</g>"
    '<g transform="rotate(6 256 256)">'
    '<rect x="160" y="104" width="212" height="300" rx="26" fill="#fff" stroke="#163c27" '
    'stroke-width="4"/>'
    '<path d="M266 170c-38 46-72 70-72 104a36 36 0 0 0 62 24l-12 54h44l-12-54a36 36 0 0 0 '
    '62-24c0-34-34-58-72-104z" fill="#1b1b1b"/>'
    "</g>"
)


def svg(*, size: int | None, full_bleed: bool, scale: float) -> str:
    """The icon as SVG text, ``size`` px square (``None``: no size, it scales to whatever
    shows it): the card scaled by ``scale`` about the centre."""
    background = (
        '<rect width="512" height="512" fill="url(#felt)"/>'
        if full_bleed
        else '<rect width="512" height="512" rx="112" fill="url(#felt)"/>'
    )
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"'
        + (f' width="{size}" height="{size}"' if size else "")
        + '><defs><radialGradient id="felt" cx="50%" cy="20%" r="90%">'
        f'<stop offset="0" stop-color="{FELT_LIGHT}"/><stop offset="0.7" '
        f'stop-color="{FELT}"/></radialGradient></defs>{background}'
        f'<g transform="translate(256 256) scale({scale}) translate(-256 -256)">{CARD}</g>'
        "</svg>"
    )


ICONS = (
    ("icon-192.png", 192, False, 0.95),
    ("icon-512.png", 512, False, 0.95),
    ("maskable-192.png", 192, True, 0.72),
    ("maskable-512.png", 512, True, 0.72),
    ("apple-touch-icon.png", 180, True, 0.85),
)


VECTOR = ("icon.svg", False, 0.95)
"""The SVG icon: file name, full bleed, scale (those of ``icon-512.png``)."""


def shrink(path: Path) -> None:
    """Make the PNG at ``path`` small in place: a palette of at most 256 colours
    (pngquant, kept only at quality 70 or better), then zopflipng's recompression.
    Raises ``FileNotFoundError`` when either tool is missing."""
    for tool in ("pngquant", "zopflipng"):
        if shutil.which(tool) is None:
            raise FileNotFoundError(f"{tool} is missing: apt-get install pngquant zopfli")
    subprocess.run(["pngquant", "--quality=70-95", "--speed", "1", "--strip", "--force",
                    "--output", str(path), str(path)], check=True)
    subprocess.run(["zopflipng", "-y", "-m", str(path), str(path)], check=True,
                    stdout=subprocess.DEVNULL)


def main() -> None:
    """Write ``icon.svg`` and every icon of ``ICONS`` into ``static/icons``."""
    OUT.mkdir(parents=True, exist_ok=True)
    name, full_bleed, scale = VECTOR
    (OUT / name).write_text(svg(size=None, full_bleed=full_bleed, scale=scale) + "\n")
    print("wrote", OUT / name)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"]
        )
        for name, size, full_bleed, scale in ICONS:
            page = browser.new_page(viewport={"width": size, "height": size})
            drawing = svg(size=size, full_bleed=full_bleed, scale=scale)
            page.set_content(
                f"<html><body style='margin:0;background:transparent'>{drawing}</body></html>"
            )
            page.screenshot(path=str(OUT / name), omit_background=not full_bleed)
            page.close()
            shrink(OUT / name)
            print("wrote", OUT / name)
        browser.close()


if __name__ == "__main__":
    main()
