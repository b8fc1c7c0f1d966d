"""Write ``static/cards.svg``: the card faces' art, one ``<symbol>`` per card (issue 26).

Usage: ``python tools/card_sprite.py`` (rewrites the file; ``tests/web/test_card_faces.py``
checks that the committed file is what this script writes).

Each face (``app.web.render.card_face``) draws its corner indices in HTML and the rest as
``<svg><use href="/static/cards.svg?v=…#7H"/></svg>``: the browser fetches this one file
once (cached for a year, like every static file) and every card on every page refers to
it, so a table of 25 cards costs some 90 bytes of markup a card.

Drawn here (no vendored deck, nothing to license): every shape is in a 100 × 140 box,
the card's own proportions. Fills are ``currentColor`` (the card's suit colour, so the
two- and four-colour decks and High contrast colour the art as they colour the indices)
except the court figures' skin, hair and gold.

* A–10: the pips of a printed card, the lower ones turned upside down. The big corner
  indices (the part that is read) own the top-left and bottom-right corners, so the pips
  stand in the column between them, a little narrower than on a printed card.
* J, Q, K: a double-ended bust split by a diagonal, each half with the suit beside the
  head, turned about the centre as on printed court cards (and as the corners are).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "static" / "cards.svg"

SUITS = "CDHS"
RANKS = "A23456789TJQK"

# Suit shapes in a 20 × 20 box centred on 0, 0.
PIPS = {
    "H": "M0 9.6C-1.6 7-10 2.6-10-3.4C-10-7.6-7.1-10-4.5-10C-2.3-10-.8-8.6 0-6.8"
         "C.8-8.6 2.3-10 4.5-10C7.1-10 10-7.6 10-3.4C10 2.6 1.6 7 0 9.6Z",
    "D": "M0-10L7.6 0 0 10-7.6 0Z",
    "S": "M0-10C-2.2-6-10-2.6-10 2.6C-10 6.1-7.6 8-5 8C-3.3 8-1.9 7.1-1.1 5.9"
         "C-1.3 8-2.2 9.2-3.8 10H3.8C2.2 9.2 1.3 8 1.1 5.9C1.9 7.1 3.3 8 5 8"
         "C7.6 8 10 6.1 10 2.6C10-2.6 2.2-6 0-10Z",
    "C": "M-4.7-5.1a4.7 4.7 0 1 0 9.4 0a4.7 4.7 0 1 0-9.4 0Z"
         "M-10 1.8a4.7 4.7 0 1 0 9.4 0a4.7 4.7 0 1 0-9.4 0Z"
         "M.6 1.8a4.7 4.7 0 1 0 9.4 0a4.7 4.7 0 1 0-9.4 0Z"
         "M-2.4-.8h4.8v3.6h-4.8Z"
         "M-1.1 2C-1.1 5.6-2 8.6-3.9 10H3.9C2 8.6 1.1 5.6 1.1 2Z",
}

# Pip columns and rows: the column between the corner indices, top to bottom.
LEFT, CENTRE, RIGHT = 42.5, 50.0, 57.5
TOP, BOTTOM = 19.0, 121.0
PIP = 12.0  # a pip's width and height
# The ten's two-digit index is the widest (set tighter, ``.card--ten`` in static/app.css):
# its pip columns close in, with smaller pips, so no pip touches it.
TEN_LEFT, TEN_RIGHT, TEN_PIP = 45.5, 54.5, 9.5

# Printed-card layouts: (column, row from 0 = top to 1 = bottom).
L, C, R = LEFT, CENTRE, RIGHT
LAYOUTS: dict[str, list[tuple[float, float]]] = {
    "2": [(C, 0), (C, 1)],
    "3": [(C, 0), (C, 0.5), (C, 1)],
    "4": [(L, 0), (R, 0), (L, 1), (R, 1)],
    "5": [(L, 0), (R, 0), (C, 0.5), (L, 1), (R, 1)],
    "6": [(L, 0), (R, 0), (L, 0.5), (R, 0.5), (L, 1), (R, 1)],
    "7": [(L, 0), (R, 0), (C, 0.25), (L, 0.5), (R, 0.5), (L, 1), (R, 1)],
    "8": [(L, 0), (R, 0), (C, 0.25), (L, 0.5), (R, 0.5), (C, 0.75), (L, 1), (R, 1)],
    "9": [(L, 0), (R, 0), (L, 1 / 3), (R, 1 / 3), (C, 0.5), (L, 2 / 3), (R, 2 / 3),
          (L, 1), (R, 1)],
    "T": [(L, 0), (R, 0), (C, 1 / 6), (L, 1 / 3), (R, 1 / 3), (L, 2 / 3), (R, 2 / 3),
          (C, 5 / 6), (L, 1), (R, 1)],
}

INK = "#1b1b1b"
SKIN = "#f6d8b4"
GOLD = "#e3a92b"
HAIR = {"K": "#8c8c8c", "Q": "#6b3f1f", "J": "#9a5b22"}

# One half of a court figure, drawn in the top-right half of the card (above the diagonal
# from the top-left corner to the bottom-right one); the other half is this turned 180°.
ROBE = ('<path d="M43 60Q46 44 63 40Q82 41 91 50V57H61L50 70Z" fill="currentColor" '
        f'stroke="{INK}" stroke-width=".9" stroke-linejoin="round"/>')
COLLAR = (f'<path d="M52 47Q63 52 78 45L80 49Q63 58 50 52Z" fill="{GOLD}" '
          f'stroke="{INK}" stroke-width=".7"/>')
FACE = (f'<circle cx="64" cy="29" r="8.5" fill="{SKIN}" stroke="{INK}" stroke-width=".9"/>'
        f'<path d="M61 28h.01M67 28h.01" stroke="{INK}" stroke-width="1.8" '
        'stroke-linecap="round"/>'
        f'<path d="M61.5 32.5Q64 34.5 66.5 32.5" fill="none" stroke="{INK}" '
        'stroke-width=".8" stroke-linecap="round"/>')
FIGURES = {
    "K": (
        # beard, face, crown, sceptre
        f'<path d="M56 31Q57 43 64 44Q71 43 72 31Q68 37 64 37Q60 37 56 31Z" '
        f'fill="{HAIR["K"]}" stroke="{INK}" stroke-width=".7"/>'
        + FACE +
        f'<path d="M55 22L55.5 11L60 16L64 8.5L68 16L72.5 11L73 22Z" fill="{GOLD}" '
        f'stroke="{INK}" stroke-width=".8" stroke-linejoin="round"/>'
        f'<path d="M55 22H73" stroke="{INK}" stroke-width="1.2"/>'
        f'<path d="M84 16V47" stroke="{INK}" stroke-width="2.4" stroke-linecap="round"/>'
        f'<path d="M84 16V47" stroke="{GOLD}" stroke-width="1.2" stroke-linecap="round"/>'
        f'<circle cx="84" cy="14" r="2.6" fill="{GOLD}" stroke="{INK}" stroke-width=".7"/>'
    ),
    "Q": (
        # long hair behind the face, tiara, a flower
        f'<path d="M54 31Q52 18 64 17Q76 18 74 31Q76 42 80 46H48Q52 42 54 31Z" '
        f'fill="{HAIR["Q"]}" stroke="{INK}" stroke-width=".7"/>'
        + FACE +
        f'<path d="M56.5 22Q64 14 71.5 22L69 19.5L66.5 21L64 16.5L61.5 21L59 19.5Z" '
        f'fill="{GOLD}" stroke="{INK}" stroke-width=".7" stroke-linejoin="round"/>'
        f'<circle cx="64" cy="17" r="1.3" fill="currentColor"/>'
        f'<path d="M85 22V46" stroke="{INK}" stroke-width="1.1"/>'
        f'<circle cx="85" cy="20" r="3.2" fill="{GOLD}" stroke="{INK}" stroke-width=".7"/>'
        f'<circle cx="85" cy="20" r="1.2" fill="currentColor"/>'
    ),
    "J": (
        # short hair, a cap with a feather, a halberd
        f'<path d="M55 31Q54 21 64 20Q74 21 73 31L71 27H57Z" fill="{HAIR["J"]}" '
        f'stroke="{INK}" stroke-width=".7"/>'
        + FACE +
        f'<path d="M54 24Q55 14 65 14Q74 15 75 23Q65 20 54 24Z" fill="currentColor" '
        f'stroke="{INK}" stroke-width=".8" stroke-linejoin="round"/>'
        f'<path d="M70 16Q80 6 88 9Q80 11 73 19Z" fill="{GOLD}" stroke="{INK}" '
        'stroke-width=".7"/>'
        f'<path d="M86 18V47" stroke="{INK}" stroke-width="1.3"/>'
        f'<path d="M86 13L89.5 19L86 22L82.5 19Z" fill="{GOLD}" stroke="{INK}" '
        'stroke-width=".7"/>'
    ),
}


def _n(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _pip(suit: str, x: float, y: float, size: float, turned: bool) -> str:
    scale = _n(size / 20)
    turn = " rotate(180)" if turned else ""
    return f'<use href="#{suit}" transform="translate({_n(x)} {_n(y)}){turn} scale({scale})"/>'


def _pips(rank: str, suit: str) -> str:
    if rank == "A":
        return _pip(suit, 50, 70, 34 if suit == "S" else 30, False)
    size, squeeze = (TEN_PIP, {LEFT: TEN_LEFT, RIGHT: TEN_RIGHT}) if rank == "T" else (PIP, {})
    return "".join(
        _pip(suit, squeeze.get(x, x), TOP + row * (BOTTOM - TOP), size, row > 0.5)
        for x, row in LAYOUTS[rank]
    )


def _court(rank: str, suit: str) -> str:
    half = f'<use href="#fig-{rank}"/>' + _pip(suit, 48, 25, 11, False)
    return (f'{half}<g transform="rotate(180 50 70)">{half}</g>'
            f'<path d="M41 57.4L59 82.6" stroke="{GOLD}" stroke-width="1.4" '
            'stroke-linecap="round"/>')


def sprite() -> str:
    """The whole file's text."""
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg">',
        "<!-- Card faces for Gin Rummy, drawn by tools/card_sprite.py (do not edit). -->",
        "<defs>",
        *(f'<path id="{suit}" d="{d}"/>' for suit, d in PIPS.items()),
        *(f'<g id="fig-{rank}">{ROBE}{COLLAR}{body}</g>' for rank, body in FIGURES.items()),
        "</defs>",
    ]
    for suit in SUITS:
        for rank in RANKS:
            art = _court(rank, suit) if rank in FIGURES else _pips(rank, suit)
            parts.append(f'<symbol id="{rank}{suit}" viewBox="0 0 100 140">{art}</symbol>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main() -> None:
    OUT.write_text(sprite(), encoding="utf-8")
    print(OUT, len(sprite().encode()), "bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
